"""Solvable-seed lists and graded lists for PySolFC's ten other pyramid games (issue 41
item 3): the lists' shape for a game of core.rules, the grade of pyramids.generator.
family_grading, and the shipped lists (made by scripts/make_pysolfc_seeds.py), a sample of
their seeds solved again and replayed by core.board."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

from pyramids.answers.family import check_game
from pyramids.bulk.analysis import GAME_NODE_LIMIT
from pyramids.core.board import Board, Play, line_of, replay
from pyramids.core.cards import Card
from pyramids.core.rules import GAMES, Rules, get_rules
from pyramids.generator import family_grading
from pyramids.generator.family_grading import FamilyGradeError, grade_game, walk_line
from pyramids.pysolfc import seeds as pysolfc_seeds
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame
from pyramids.pysolfc.seedlists import (
    SeedList,
    SeedListError,
    header_text,
    read_seeds,
    seeds_module,
)

ROOT = Path(__file__).resolve().parent.parent
# PySolFC's CI settings (setup.cfg at shlomif/PySolFC 7a3d146), as tests/test_pysolfc.py
PYSOLFC_FLAKE8 = ["--isolated", "--extend-ignore=H101,H104,H201,H237,H301,H306,H403,H404,"
                  "H405,E211,E221,E222,E225,E231,E302,E305,E701,E741,W293"]
#: the games tried so far by scripts/make_pysolfc_seeds.py run or import, at least (the lists'
#: headers say exactly); the games missing here ship no list yet
REACHED: dict[str, int] = {"pysolfc-pharaohs": 150_000, "pysolfc-pyramid-dozen": 60_000,
                           "pysolfc-triangle": 60_000, "pysolfc-eleven-triangle": 60_000,
                           "pysolfc-pyramid-thirteen": 60_000, "pysolfc-cheops": 22_000,
                           "pysolfc-apophis": 20_000, "pysolfc-up-and-down": 20_000,
                           "pysolfc-two-pyramids": 20_000, "pysolfc-double-pyramid": 20_000}
#: the games whose graded lists hold at least 100 expert seeds, over at least this many
#: games graded (Triangle's and Eleven Triangle's graded over the first games of their
#: lists: ~65% and ~14% of games are winnable)
EXPERT_100: dict[str, int] = {"pysolfc-pharaohs": 20_000, "pysolfc-pyramid-dozen": 20_000,
                              "pysolfc-eleven-triangle": 10_000, "pysolfc-triangle": 3_000,
                              "pysolfc-cheops": 1_200, "pysolfc-pyramid-thirteen": 20_000,
                              "pysolfc-apophis": 2_500, "pysolfc-up-and-down": 1_500,
                              "pysolfc-two-pyramids": 1_000, "pysolfc-double-pyramid": 1_000}


def _cards(game: str, n: int) -> tuple[Card, ...]:
    rules = get_rules(game)
    assert rules.pysolfc is not None
    return family_cards(rules.pysolfc, PySolFCGame(n))


def _flake8(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "flake8", *PYSOLFC_FLAKE8, str(path)],
                          capture_output=True, text=True, check=False)


def _winnable(game: str, count: int, start: int = 32000) -> list[int]:
    rules = get_rules(game)
    out: list[int] = []
    n = start
    while len(out) < count:
        if check_game(rules, _cards(game, n), node_limit=200_000).status == "winnable":
            out.append(n)
        n += 1
    return out


def test_a_small_list_of_a_game_round_trips_and_passes_pysolfcs_flake8(
        tmp_path: Path) -> None:
    """A list for one of the ten games: its header names the game and its rules, its
    seeds read back as written, and PySolFC's flake8 passes it."""
    rules = get_rules("pysolfc-pyramid-dozen")
    seeds = tuple(_winnable("pysolfc-pyramid-dozen", 3))
    notes = ("Each game was searched with a limit of 1,000,000 positions, " * 3,)
    text = seeds_module(SeedList(seeds, ((32000, seeds[-1]),), rules,
                                 "pyramids filter --deals " + "pysolfc:32000:40000, " * 6,
                                 ("hard",), notes))
    assert read_seeds(text) == seeds
    head = header_text(text)
    assert ("Pyramid Dozen (PySolFC game 846) seeds confirmed solvable "
            "graded hard") in head
    assert " ".join(rules.describe().split()) in head
    assert f"{len(seeds)} seeds graded hard, out of {seeds[-1] - 32000 + 1} games" in head
    path = tmp_path / "pyramid_dozen_hard_solvable_seeds.py"
    path.write_text(text, encoding="utf-8")
    got = _flake8(path)
    assert got.returncode == 0, got.stdout + got.stderr
    ns: dict[str, object] = {}
    exec(compile(text, "seeds", "exec"), ns)  # what PySolFC would import
    assert ns["SOLVABLE_SEEDS"] == seeds


def test_filter_writes_a_games_list() -> None:
    """``filter -V pysolfc-pyramid-dozen --format pysolfc-seeds``: the winnable games of
    the range, as check_game finds them one by one, in a module PySolFC could import."""
    from click.testing import CliRunner

    from pyramids.cli import main

    r = CliRunner().invoke(main, ["filter", "--deals", "pysolfc:32000:+40", "-V",
                                  "pysolfc-pyramid-dozen", "-j", "1", "--format",
                                  "pysolfc-seeds"])
    assert r.exit_code == 0, r.output
    rules = get_rules("pysolfc-pyramid-dozen")
    want = [n for n in range(32000, 32040)
            if check_game(rules, _cards("pysolfc-pyramid-dozen", n)).status == "winnable"]
    assert list(read_seeds(r.stdout)) == want and want
    assert "Pyramid Dozen (PySolFC game 846)" in header_text(r.stdout)
    assert f"{len(want)} seeds, out of 40 games tried" in header_text(r.stdout)


def test_a_list_of_a_game_refuses_microsoft_numbers() -> None:
    """Below 32000 PySolFC deals with its Microsoft-compatible generator, for these games
    too (construct_random does not look at the game): such a seed is refused by name."""
    with pytest.raises(SeedListError, match="31999 is below 32000"):
        seeds_module(SeedList((31999, 32000), ((31999, 32000),),
                              get_rules("pysolfc-pharaohs"), "x"))


def test_the_grade_is_deterministic_and_counts_proved_losing_moves() -> None:
    """Two gradings of a deal agree; each trap is a position of the line where another
    legal move is proved lost (checked again here by check_game from that position)."""
    game = "pysolfc-pyramid-dozen"
    rules = get_rules(game)
    n = _winnable(game, 1)[0]
    cards = _cards(game, n)
    a, b = grade_game(rules, cards), grade_game(rules, cards)
    assert a == b
    c = a.components
    assert 0 < c["traps"] <= c["decisions"] <= c["length"] == len(a.line)
    assert c["losing_moves"] >= c["traps"] and c["branching"] >= 2
    assert 0 <= c["playout_losses"] <= family_grading.PLAYOUTS
    assert a.score == family_grading.combine(c)
    # the first trap on the line, found again and proved lost with check_game
    board = Board(rules, cards)
    losing: list[Play] = []
    for text in a.line:
        move = board.parse(text)
        for alt in board.legal_moves():
            if alt != move:
                after = line_of(rules, cards, [*board.moves, alt])
                if check_game(rules, cards, start=tuple(after),
                              node_limit=family_grading.GRADE_NODE_LIMIT).status == "blocked":
                    losing.append(alt)
        if losing:
            break
        board.push(move)
    assert losing, "no trap on the line"


def test_only_a_winnable_deal_is_graded() -> None:
    """A blocked deal, or a line that does not win, is refused by name."""
    game = "pysolfc-pharaohs"
    rules = get_rules(game)
    n = 32000
    while check_game(rules, _cards(game, n)).status != "blocked":
        n += 1
    with pytest.raises(FamilyGradeError, match="only a deal proved winnable is graded; "
                                               "this one is blocked"):
        grade_game(rules, _cards(game, n))
    win = _winnable(game, 1)[0]
    line = check_game(rules, _cards(game, win)).line
    with pytest.raises(FamilyGradeError, match="the line does not win"):
        walk_line(rules, _cards(game, win), line[:-1])


def test_a_deal_the_search_leaves_at_its_limit_is_graded_along_cp_sats_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Triangle's game 33082: the search stops at bulk's 1,000,000 positions and CP-SAT
    proves it winnable (engine auto, as the seed list's run settled it); grade_game walks
    that line, replayed here to a win. The search here is the seed list's, without the
    pruning "chain" (h67), with which the search now wins this deal within its limit."""
    from pyramids.engines.pairs import kernel

    monkeypatch.setattr(kernel, "PRUNINGS", tuple(p for p in kernel.PRUNINGS if p != "chain"))
    rules = get_rules("pysolfc-triangle")
    cards = _cards("pysolfc-triangle", 33082)
    assert check_game(rules, cards, node_limit=1_000_000).status == "unknown"
    fg = grade_game(rules, cards)
    assert fg.line and replay(rules, cards, list(fg.line)).is_won()
    assert fg.components["length"] == len(fg.line) and fg.score > 0


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_pysolfc_seeds", ROOT / "scripts" / "make_pysolfc_seeds.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def _shipped() -> list[str]:
    return [g for g in GAMES if pysolfc_seeds.path(g).exists()]


def test_the_games_lists_are_shipped() -> None:
    """The games run so far ship a list over at least the games :data:`REACHED` says."""
    assert set(REACHED) <= set(_shipped())
    for game, games in REACHED.items():
        head = header_text(pysolfc_seeds.path(game).read_text(encoding="utf-8"))
        m = re.search(r"out of (\d+) games tried", head)
        assert m and int(m.group(1)) >= games, head[-300:]


@pytest.mark.parametrize("game", _shipped())
def test_shipped_lists_of_the_games(game: str) -> None:
    """Each list: seeds from 32000 up, sorted, its header naming the game; a sample of
    its seeds solved again here, each line replayed by core.board to a win."""
    rules = get_rules(game)
    path = pysolfc_seeds.path(game)
    seeds = pysolfc_seeds.seeds(game)
    assert seeds and min(seeds) >= 32000 and list(seeds) == sorted(set(seeds))
    assert (f"{rules.title} (PySolFC game {rules.pysolfc}) seeds confirmed solvable"
            in header_text(path.read_text(encoding="utf-8")))
    for n in seeds[:: max(1, len(seeds) // 6)][:6]:
        cards = _cards(game, n)
        # as the lists were made (bulk's node limit, then CP-SAT): an unbounded search
        # alone can run for hours on a two-deck seed only CP-SAT wins
        verdict = check_game(rules, cards, node_limit=GAME_NODE_LIMIT, engine="auto")
        assert verdict.status == "winnable", n
        assert replay(rules, cards, list(verdict.line)).is_won(), n
    got = _flake8(path)
    assert got.returncode == 0, got.stdout + got.stderr


def _graded() -> list[tuple[str, str]]:
    return [(g, grade) for g in GAMES for grade in pysolfc_seeds.graded(g)]


def test_graded_lists_of_the_games() -> None:
    """Each game graded ships four grades, where the headers say they begin: thresholds
    drawn from the committed grade records (make_pysolfc_seeds.py thresholds). The games
    of :data:`EXPERT_100` hold at least 100 expert seeds, over the games it says."""
    script = _script()
    graded = {g for g, _ in _graded()}
    assert set(EXPERT_100) <= graded
    for game in sorted(graded):
        assert pysolfc_seeds.graded(game) == ["easy", "medium", "hard", "expert"], game
        th = family_grading.THRESHOLDS[game]
        assert script.thresholds(game) == th
        head = header_text(pysolfc_seeds.path(game, "expert").read_text(encoding="utf-8"))
        assert f"hard from {th[1]}, expert from {th[2]}" in head
        if game in EXPERT_100:
            assert len(pysolfc_seeds.seeds(game, "expert")) >= 100, game
            m = re.search(r"out of (\d+) games tried", head)
            assert m and int(m.group(1)) >= EXPERT_100[game], head[-300:]


@pytest.mark.parametrize(("game", "grade"), _graded())
def test_shipped_graded_lists_of_the_games(game: str, grade: str) -> None:
    """Each graded list: seeds of the game's full list, in no other grade's list; its
    first and last seed graded again here give its grade; PySolFC's flake8 passes it."""
    seeds = pysolfc_seeds.seeds(game, grade)
    assert seeds and list(seeds) == sorted(set(seeds))
    assert set(seeds) <= set(pysolfc_seeds.seeds(game))
    for other in pysolfc_seeds.graded(game):
        if other != grade:
            assert not set(seeds) & set(pysolfc_seeds.seeds(game, other)), other
    rules = get_rules(game)
    for n in (seeds[0], seeds[-1]):
        assert grade_game(rules, _cards(game, n)).grade == grade, n
    got = _flake8(pysolfc_seeds.path(game, grade))
    assert got.returncode == 0, got.stdout + got.stderr


# -- make_pysolfc_seeds.py import: chunks from a stats run's records -------------------

IMPORT_GAME = "pysolfc-eleven-triangle"


def _importer(chunks: Path) -> ModuleType:
    """The script, its chunks written under ``chunks`` (as ``--results chunks``)."""
    script = _script()
    vars(script)["CHUNKS"] = chunks
    return script


def _records(path: Path, lines: Sequence[dict[str, object] | str], **header: object
             ) -> Path:
    """A records file as ``pyramids stats --out`` writes it: its header, then ``lines``."""
    head = {"pyramids_bulk": 1, "variant": {"game": IMPORT_GAME}, "mode": "exact",
            "engine": "auto", "source_kind": "pysolfc", "source": "pysolfc:32000:32013",
            "game": IMPORT_GAME, "pysolfc_game_id": 969, "node_limit": 1_000_000} | header
    path.write_text("\n".join(json.dumps(x) if isinstance(x, dict) else x
                              for x in [head, *lines]) + "\n", encoding="utf-8")
    return path


def _settled(first: int, stop: int) -> list[dict[str, object]]:
    """Games ``first`` to ``stop - 1`` settled by check_game, as stats records them."""
    rules = get_rules(IMPORT_GAME)
    return [{"i": n, "pysolfc": n, **check_game(rules, _cards(IMPORT_GAME, n)).to_json_obj(),
             "game": IMPORT_GAME} for n in range(first, stop)]


@pytest.fixture(scope="module")
def settled() -> list[dict[str, object]]:
    return _settled(32000, 32013)


def test_import_writes_whole_chunks_from_a_stats_runs_records(
        tmp_path: Path, settled: list[dict[str, object]]) -> None:
    """Games 32000-32012 in chunks of 5: 32000-32004 and 32005-32009 written, counted as
    ``run`` counts (each winnable line replayed), 32010-32014 not (the records stop at
    32012); below 32000 ignored; a second import skips the chunks already there."""
    script = _importer(tmp_path / "chunks")
    below = {**settled[0], "i": 31999, "pysolfc": 31999}
    path = _records(tmp_path / "r.jsonl", [below, *reversed(settled)])  # any order
    script.import_records(IMPORT_GAME, path, 5, None)
    folder = script.CHUNKS / IMPORT_GAME
    assert sorted(p.name for p in folder.glob("*.json")) == ["32000-32004.json",
                                                             "32005-32009.json"]
    for start in (32000, 32005):
        chunk = json.loads((folder / f"{start}-{start + 4}.json").read_text())
        recs = settled[start - 32000:start - 32000 + 5]
        wins = [r["pysolfc"] for r in recs if r["status"] == "winnable"]
        kinds = Counter(r["certificate"]["kind"] for r in recs  # type: ignore[index]
                        if r["status"] == "blocked")
        assert chunk["seeds"] == wins
        assert (chunk["games"], chunk["winnable"], chunk["blocked"], chunk["unknown"]) == (
            5, len(wins), 5 - len(wins), 0)
        assert chunk["certificates"] == dict(sorted(kinds.items()))
        assert chunk["variant"] == {"game": IMPORT_GAME, "node_limit": 1_000_000,
                                    "engine": "auto"}
        assert chunk["from"] == "stats records" and chunk["records"] == "r.jsonl"
    assert any(r["status"] == "winnable" for r in settled[:10])
    assert any(r["status"] == "blocked" for r in settled[:10])
    before = (folder / "32000-32004.json").read_bytes()
    (folder / "32000-32004.json").write_text(json.dumps({**json.loads(before), "seeds": []}))
    script.import_records(IMPORT_GAME, path, 5, None)  # skipped: left as it is
    assert json.loads((folder / "32000-32004.json").read_text())["seeds"] == []
    script.import_records(IMPORT_GAME, path, 5, 5)  # --games 5: the first chunk only
    vars(script)["CHUNKS"] = tmp_path / "other"
    script.import_records(IMPORT_GAME, path, 5, 5)
    assert [p.name for p in (script.CHUNKS / IMPORT_GAME).glob("*.json")] == [
        "32000-32004.json"]


def test_import_reads_a_run_made_in_chunks(
        tmp_path: Path, settled: list[dict[str, object]]) -> None:
    """The records files of a run made in chunks (scripts/family_run.py's), given together,
    make the same chunks as one file holding them all; each chunk names the files its games
    came from; a game in two files or files of two engines are refused, naming them."""
    one = _importer(tmp_path / "one")
    whole = _records(tmp_path / "all.jsonl", settled)
    one.import_records(IMPORT_GAME, whole, 5, None)
    parts = [_records(tmp_path / "32000-32006.jsonl", settled[:7],
                      source="pysolfc:32000:32007"),
             _records(tmp_path / "32007-32012.jsonl", settled[7:],
                      source="pysolfc:32007:32013")]
    many = _importer(tmp_path / "many")
    many.import_records(IMPORT_GAME, list(reversed(parts)), 5, None)
    for name, files, source in (
            ("32000-32004.json", "32000-32006.jsonl", "pysolfc:32000:32007"),
            ("32005-32009.json", "32000-32006.jsonl, 32007-32012.jsonl",
             "pysolfc:32000:32007")):
        a = json.loads((tmp_path / "one" / IMPORT_GAME / name).read_text())
        b = json.loads((tmp_path / "many" / IMPORT_GAME / name).read_text())
        assert b["records"] == files
        assert b["source"].split(", ") == ["pysolfc:32007:32013", source]
        for key in ("records", "source", "wall_seconds", "cpu_seconds"):
            del a[key], b[key]
        assert a == b
    twice = _records(tmp_path / "again.jsonl", settled[5:8])
    with pytest.raises(SystemExit, match=re.escape(
            "again.jsonl: game 32005 is also in 32000-32006.jsonl")):
        _importer(tmp_path / "twice").import_records(IMPORT_GAME, [parts[0], twice], 5, None)
    other = _records(tmp_path / "search.jsonl", settled[7:], engine="search")
    with pytest.raises(SystemExit, match=re.escape(
            "search.jsonl:1: engine 'search', not 'auto' as in")):
        _importer(tmp_path / "engines").import_records(IMPORT_GAME, [parts[0], other], 5,
                                                       None)
    assert not (tmp_path / "twice").exists() and not (tmp_path / "engines").exists()


def test_grade_mends_a_part_whose_games_gained_seeds(
        tmp_path: Path, settled: list[dict[str, object]]) -> None:
    """A grade part made before a game of its range was settled winnable (an unknown the
    run answered again, imported anew) gains that seed, graded as grade_game grades it,
    in seed order; the part's other grades are kept as they were, not redone; a part
    holding a seed its run chunk no longer lists is refused."""
    script = _importer(tmp_path / "chunks")
    script.import_records(IMPORT_GAME, _records(tmp_path / "r.jsonl", settled), 13, 13)
    folder = script.CHUNKS / IMPORT_GAME
    seeds = json.loads((folder / "32000-32012.json").read_text())["seeds"]
    assert len(seeds) >= 2
    script.grade(IMPORT_GAME, 13, 13, None)
    path = folder / "grades" / "32000-32012.json"
    whole = json.loads(path.read_text())
    assert whole["seeds"] == seeds
    lacking = seeds[len(seeds) // 2]
    at = seeds.index(lacking)
    kept = {k: [x for i, x in enumerate(whole[k]) if i != at]
            for k in ("seeds", "grades", "scores")}
    kept["scores"][0] = -1.0  # a kept grade is not redone: it stays as written
    path.write_text(json.dumps({**whole, **kept}))
    script.grade(IMPORT_GAME, 13, 13, None)
    mended = json.loads(path.read_text())
    assert mended["seeds"] == seeds
    assert mended["scores"][at] == whole["scores"][at]
    assert mended["grades"][at] == whole["grades"][at]
    assert mended["scores"][0] == -1.0
    assert mended["mended"][0]["seeds"] == [lacking]
    assert sum(mended["counts"].values()) == len(seeds)
    chunk = json.loads((folder / "32000-32012.json").read_text())
    (folder / "32000-32012.json").write_text(json.dumps({**chunk, "seeds": seeds[1:]}))
    with pytest.raises(SystemExit, match=re.escape(
            f"graded seeds [{seeds[0]}] are no longer in the game's run chunks")):
        script.grade(IMPORT_GAME, 13, 13, None)


def test_import_refuses_a_line_that_does_not_win(
        tmp_path: Path, settled: list[dict[str, object]]) -> None:
    """A winnable record whose line stops short of the win, or plays a move the rules
    refuse, stops the import naming the game; no chunk is written."""
    script = _importer(tmp_path / "chunks")
    k = next(i for i, r in enumerate(settled) if r["status"] == "winnable")
    n = settled[k]["pysolfc"]
    moves = list(settled[k]["moves"])  # type: ignore[call-overload]
    for bad, message in ((moves[:-1], f"game {n}: its line does not win"),
                         (["KS+KS", *moves], f"game {n}: its line is refused: step 1")):
        recs = [*settled[:k], {**settled[k], "moves": bad}, *settled[k + 1:]]
        with pytest.raises(SystemExit, match=re.escape(message)):
            script.import_records(IMPORT_GAME, _records(tmp_path / "r.jsonl", recs), 5, None)
        assert not (script.CHUNKS / IMPORT_GAME).exists()


@pytest.mark.parametrize(("header", "line", "message"), [
    ({}, "{not json", "r.jsonl:3: not a record of pysolfc-eleven-triangle"),
    ({}, json.dumps({"pysolfc": 32001, "game": "pysolfc-triangle", "status": "winnable"}),
     "r.jsonl:3: not a record of pysolfc-eleven-triangle: game 'pysolfc-triangle'"),
    ({}, json.dumps({"pysolfc": 32001, "game": IMPORT_GAME, "status": "won"}),
     "r.jsonl:3: not a record of pysolfc-eleven-triangle: game"),
    ({}, json.dumps({"game": IMPORT_GAME, "status": "blocked"}),
     "r.jsonl:3: not a record of pysolfc-eleven-triangle: 'pysolfc'"),
    ({}, "same", "r.jsonl:3: game 32000 a second time"),
    ({"game": "pysolfc-triangle"}, "",
     "r.jsonl:1: records of 'pysolfc-triangle' over 'pysolfc:32000:32013', not of "
     "pysolfc-eleven-triangle's PySolFC games"),
    ({"node_limit": 200_000}, "", "r.jsonl:1: node limit 200000, not 1000000"),
])
def test_import_refuses_bad_records(tmp_path: Path, settled: list[dict[str, object]],
                                    header: dict[str, object], line: str,
                                    message: str) -> None:
    """A header of another game or node limit, a line that is not a record of the game,
    or a game twice: refused naming the file and line."""
    script = _importer(tmp_path / "chunks")
    bad = json.dumps(settled[0]) if line == "same" else line
    recs: list[dict[str, object] | str] = [settled[0], *([bad] if bad else []),
                                           *settled[1:]]
    with pytest.raises(SystemExit, match=re.escape(message)):
        script.import_records(IMPORT_GAME, _records(tmp_path / "r.jsonl", recs, **header),
                              5, None)
    assert not (script.CHUNKS / IMPORT_GAME).exists()


def test_import_refuses_to_overlap_a_chunk_of_other_bounds(
        tmp_path: Path, settled: list[dict[str, object]]) -> None:
    """A chunk of other bounds already there (an earlier run's) stops the import, naming
    it; the command line reaches the same step (``import GAME RECORDS --chunk N``)."""
    script = _importer(tmp_path / "chunks")
    path = _records(tmp_path / "r.jsonl", settled)
    script.import_records(IMPORT_GAME, path, 3, 3)  # 32000-32002
    with pytest.raises(SystemExit, match=r"32000-32004.json: overlaps the chunk .*"
                                         r"32000-32002.json: delete the old chunks"):
        script.import_records(IMPORT_GAME, path, 5, None)
    got = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_pysolfc_seeds.py"),
                          "--results", str(tmp_path / "cli"), "import", IMPORT_GAME,
                          str(path), "--chunk", "10"], capture_output=True, text=True,
                         check=False)
    assert got.returncode == 0, got.stderr
    assert [p.name for p in (tmp_path / "cli" / IMPORT_GAME).glob("*.json")] == [
        "32000-32009.json"]
    assert "32010-32019.json: 7 of its games not in the records: not written" in got.stderr


def test_a_seed_grading_cannot_settle_is_kept_ungraded(monkeypatch: pytest.MonkeyPatch) -> None:
    """grade_chunk keeps going past a seed whose grading fails (its score none, its grade
    'ungraded: ...'), as it does for the classic games, instead of losing the part."""
    script = _script()
    real = family_grading.grade_game

    def grade(rules: Rules, cards: tuple[Card, ...], **kw: object) -> family_grading.FamilyGrading:
        if cards == _cards("pysolfc-cheops", 32001):
            raise family_grading.FamilyGradeError("pysolfc-cheops: only a deal proved "
                                                  "winnable is graded; this one is unknown")
        return real(rules, cards, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(family_grading, "grade_game", grade)
    res = script.grade_chunk("pysolfc-cheops", 32000, 32003, [32000, 32001, 32002])
    assert res["scores"][1] is None and res["scores"][0] is not None
    assert res["grades"][1].startswith("ungraded: pysolfc-cheops: only a deal proved")
    assert res["counts"][res["grades"][1]] == 1 and sum(res["counts"].values()) == 3


def _switches_asked(monkeypatch: pytest.MonkeyPatch, game: str) -> tuple[str, ...]:
    """The search's switches grade_game asks check_game for, finding a deal's line."""
    asked: list[tuple[str, ...]] = []

    class Asked(Exception):
        pass

    def fake(*args: object, prune: tuple[str, ...] = (), **kw: object) -> None:
        asked.append(tuple(prune))
        raise Asked

    monkeypatch.setattr(family_grading, "check_game", fake)
    with pytest.raises(Asked):
        grade_game(get_rules(game), _cards(game, 4))
    assert len(asked) == 1
    return asked[0]


def test_grading_finds_its_line_without_order_and_beam(monkeypatch: pytest.MonkeyPatch) -> None:
    """grade_game's own winning line (games graded before the beam) comes from the search
    with every switch but those of GRADE_WITHOUT (seeking "order" and "beam", whose lines
    differ from those the shipped lists were graded along): the switches check_game is
    asked with."""
    from pyramids.engines.pairs import kernel

    asked = _switches_asked(monkeypatch, "pysolfc-two-pyramids")
    assert family_grading.GRADE_WITHOUT == ("order", "beam")
    assert asked == tuple(p for p in kernel.PRUNINGS + kernel.SEEKING
                          if p not in ("order", "beam"))
    assert "restarts" in asked and "beam" not in asked and "order" not in asked


def test_double_pyramid_is_graded_along_the_line_of_every_switch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Double Pyramid, first graded after the beam, is graded along the line that
    check_game finds with every switch on, as stats finds it."""
    from pyramids.engines.pairs import kernel

    assert _switches_asked(monkeypatch, "pysolfc-double-pyramid") == \
        kernel.PRUNINGS + kernel.SEEKING
    assert family_grading.grade_without(get_rules("pysolfc-double-pyramid")) == ()
    for game in ("pysolfc-two-pyramids", "pysolfc-up-and-down", "pysolfc-cheops"):
        assert family_grading.grade_without(get_rules(game)) == ("order", "beam")
