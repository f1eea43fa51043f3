"""Solvable-seed lists and graded lists for PySolFC's ten other pyramid games (issue 41
item 3): the lists' shape for a game of core.rules, the grade of pyramids.generator.
family_grading, and the shipped lists (made by scripts/make_pysolfc_seeds.py), a sample of
their seeds solved again and replayed by core.board."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pyramids.answers.family import check_game
from pyramids.core.board import Board, Play, line_of, replay
from pyramids.core.cards import Card
from pyramids.core.rules import GAMES, get_rules
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
#: the games tried so far by scripts/make_pysolfc_seeds.py run, at least (the lists'
#: headers say exactly); the games missing here ship no list yet
REACHED: dict[str, int] = {"pysolfc-pharaohs": 150_000, "pysolfc-pyramid-dozen": 20_000,
                           "pysolfc-triangle": 6_000, "pysolfc-pyramid-thirteen": 500,
                           "pysolfc-cheops": 500}
#: the games whose graded lists hold at least 100 expert seeds
EXPERT_100 = ("pysolfc-pharaohs", "pysolfc-pyramid-dozen")


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
        verdict = check_game(rules, cards)
        assert verdict.status == "winnable", n
        assert replay(rules, cards, list(verdict.line)).is_won(), n
    got = _flake8(path)
    assert got.returncode == 0, got.stdout + got.stderr


def _graded() -> list[tuple[str, str]]:
    return [(g, grade) for g in GAMES for grade in pysolfc_seeds.graded(g)]


def test_graded_lists_of_the_games() -> None:
    """Each game graded ships four grades, where the headers say they begin: thresholds
    drawn from the committed grade records (make_pysolfc_seeds.py thresholds). The games
    of :data:`EXPERT_100` hold at least 100 expert seeds, over at least 20,000 games."""
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
            assert m and int(m.group(1)) >= 20_000, head[-300:]


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
