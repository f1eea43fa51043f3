"""``stats`` and ``filter`` for PySolFC's ten new games (``-V pysolfc-pharaohs``...): the
same bulk machinery (pool, out file, resume, tally) over ``check_game``.

Every expectation is computed here by a plain loop of
:func:`~pyramids.answers.family.check_game` over the same PySolFC game numbers; the fast
games and small ranges keep it quick (the general search is pure Python).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyramids.answers.family import GameEngine, GameVerdict, check_game
from pyramids.answers.goals import Goal
from pyramids.bulk import (
    BulkError,
    BulkRunner,
    DealSource,
    Interrupted,
    OutFile,
    PySolFCRangeSource,
    SourceItem,
    analyse_item,
    game_job,
    run_job_tally,
)
from pyramids.bulk.stats import wilson
from pyramids.cli import main
from pyramids.core.board import replay
from pyramids.core.cards import Card
from pyramids.core.rules import GAMES, Rules
from pyramids.generator.family_grading import THRESHOLDS, FamilyGrading, grade_game, grade_record
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame

NODES = 200_000  # the tests' node limit: every deal of the ranges below is decided


def invoke(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(main, list(args))
    return res.exit_code, res.stdout, res.stderr


@cache
def loop(game: str, start: int, stop: int, nodes: int = NODES,
         engine: GameEngine = "auto") -> tuple[GameVerdict, ...]:
    """The verdicts of a plain loop of check_game over games start to stop - 1 (``auto``:
    the engines ``stats`` and ``filter`` use for the games)."""
    rules = GAMES[game]
    assert rules.pysolfc is not None
    return tuple(check_game(rules, family_cards(rules.pysolfc, PySolFCGame(n)),
                            node_limit=nodes, engine=engine) for n in range(start, stop))


def records(path: Path) -> tuple[dict[str, object], list[dict[str, object]]]:
    """An out file's header and its records by source key, without their times (CPU
    seconds vary; several workers write the records as they finish)."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    recs = sorted(lines[1:], key=lambda r: int(r["i"]))
    return lines[0], [{k: v for k, v in r.items() if k != "seconds"} for r in recs]


@pytest.mark.parametrize("game", ["pysolfc-pharaohs", "pysolfc-eleven-triangle"])
def test_stats_equals_a_plain_loop_of_check_game(game: str) -> None:
    code, out, err = invoke("stats", "-V", game, "--deals", "pysolfc:1:31", "-j", "1",
                            "--node-limit", str(NODES), "--json")
    assert code == 0, err
    got = json.loads(out)
    want = loop(game, 1, 31)
    statuses = Counter(v.status for v in want)
    assert (got["deals"], got["winnable"], got["blocked"], got["unknown"]) == \
        (30, statuses["winnable"], statuses["blocked"], statuses["unknown"])
    certs = Counter(v.certificate.kind for v in want if v.certificate is not None)
    assert got["blocked_by"] == dict(sorted(certs.items()))
    decided = statuses["winnable"] + statuses["blocked"]
    assert got["win_rate"] == round(statuses["winnable"] / decided, 6)
    assert got["ci95"] == [round(x, 6) for x in wilson(statuses["winnable"], decided)]
    assert got["rules"] == {"game": game, "pysolfc_game_id": GAMES[game].pysolfc}
    assert got["node_limit"] == NODES
    code, text, err = invoke("stats", "-V", game, "--deals", "pysolfc:1:31", "-j", "1",
                             "--node-limit", str(NODES))
    assert code == 0, err
    assert text.startswith(GAMES[game].describe())
    assert f"winnable  {statuses['winnable']:>6}" in text and "95% CI" in text


def test_library_tally_equals_the_loop() -> None:
    job = game_job(GAMES["pysolfc-pyramid-dozen"], NODES, slim=True)
    with BulkRunner(2) as runner:
        got = run_job_tally(runner, PySolFCRangeSource(1, 31), job, progress=False)
    want = Counter(v.status for v in loop("pysolfc-pyramid-dozen", 1, 31))
    assert (got.tally.winnable, got.tally.blocked, got.tally.unknown) == \
        (want["winnable"], want["blocked"], want["unknown"])
    assert got.analysed == 30 and got.workers == 2


def test_filter_lists_exactly_the_winnable_games() -> None:
    want = loop("pysolfc-pyramid-dozen", 1, 41)
    winnable = [f"pysolfc:{n}" for n, v in enumerate(want, 1) if v.status == "winnable"]
    blocked = [f"pysolfc:{n}" for n, v in enumerate(want, 1) if v.status == "blocked"]
    assert winnable and blocked  # the range has both, so the test tells them apart
    code, out, err = invoke("filter", "-V", "pysolfc-pyramid-dozen", "--deals",
                            "pysolfc:1:41", "-j", "2", "--node-limit", str(NODES))
    assert code == 0, err
    assert out.split() == winnable
    assert f"40 deals, {len(winnable)} kept (winnable)" in err and "0 unknown" in err
    code, out, err = invoke("filter", "-V", "pysolfc-pyramid-dozen", "--deals",
                            "pysolfc:1:41", "-j", "1", "--keep", "blocked",
                            "--node-limit", str(NODES))
    assert code == 0, err
    assert out.split() == blocked


def test_filter_json_records_hold_the_verdict_and_a_winning_line() -> None:
    rules = GAMES["pysolfc-eleven-triangle"]
    assert rules.pysolfc is not None
    code, out, err = invoke("filter", "-V", rules.name, "--deals", "pysolfc:1:41", "-j", "1",
                            "--node-limit", str(NODES), "--json")
    assert code == 0, err
    recs = [json.loads(line) for line in out.splitlines()]
    want = loop(rules.name, 1, 41)
    assert [r["pysolfc"] for r in recs] == \
        [n for n, v in enumerate(want, 1) if v.status == "winnable"]
    for rec in recs:
        assert rec["i"] == rec["pysolfc"] and rec["game"] == rules.name
        assert rec["moves"] == list(want[rec["pysolfc"] - 1].line)
        cards = family_cards(rules.pysolfc, PySolFCGame(rec["pysolfc"]))
        assert replay(rules, cards, rec["moves"]).is_won()


@cache
def graded(game: str, start: int, stop: int) -> dict[int, FamilyGrading]:
    """The grading of each winnable game of the loop, along the loop's line."""
    rules = GAMES[game]
    assert rules.pysolfc is not None
    return {n: grade_game(rules, family_cards(rules.pysolfc, PySolFCGame(n)), v.line)
            for n, v in enumerate(loop(game, start, stop), start) if v.status == "winnable"}


@pytest.mark.parametrize("workers", ["1", "2"])
def test_filter_grade_keeps_the_games_of_that_grade(workers: str, tmp_path: Path) -> None:
    rules = GAMES["pysolfc-pyramid-dozen"]
    want = graded(rules.name, 1, 101)
    kept = [n for n, g in want.items() if g.grade in ("medium", "hard")]
    counts = Counter(str(g.grade) for g in want.values())
    assert kept and counts["easy"]  # the range has games kept and games dropped by grade
    out_file = tmp_path / "dozen.jsonl"
    code, out, err = invoke("filter", "-V", rules.name, "--deals", "pysolfc:1:101",
                            "--grade", "medium", "--grade", "hard", "-j", workers,
                            "--node-limit", str(NODES), "--json", "--out", str(out_file))
    assert code == 0, err
    recs = [json.loads(line) for line in out.splitlines()]
    assert [r["pysolfc"] for r in recs] == kept
    for r in recs:
        g = want[r["pysolfc"]]
        assert (r["grade"], r["grade_score"], r["grade_components"]) == \
            (g.grade, g.score, g.components)
        assert r["moves"] == list(g.line)
    assert "graded " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())) in err
    header, _ = records(out_file)
    assert header["graded"] is True and header["game"] == rules.name
    code, out, err = invoke("filter", "-V", rules.name, "--deals", "pysolfc:1:101",
                            "--grade", "hard", "-j", workers, "--node-limit", str(NODES))
    assert code == 0, err
    assert out.split() == [f"pysolfc:{n}" for n, g in want.items() if g.grade == "hard"]


def test_two_workers_write_the_same_records_as_one(tmp_path: Path) -> None:
    files = []
    for j in ("1", "2"):
        out = tmp_path / f"j{j}.jsonl"
        code, _, err = invoke("stats", "-V", "pysolfc-pharaohs", "--deals", "pysolfc:1:25",
                              "-j", j, "--chunk", "3", "--node-limit", str(NODES),
                              "--out", str(out))
        assert code == 0, err
        files.append(records(out))
    assert files[0] == files[1]
    head, recs = files[0]
    assert head["game"] == "pysolfc-pharaohs" and head["pysolfc_game_id"] == 655
    assert head["node_limit"] == NODES and head["source"] == "pysolfc:1:25"
    assert [r["i"] for r in recs] == list(range(1, 25))
    assert [r["status"] for r in recs] == [v.status for v in loop("pysolfc-pharaohs", 1, 25)]


class _StopAfter(DealSource):
    """PySolFC games 1 to 30, whose reading raises KeyboardInterrupt (as Ctrl-C would)
    after ``stop_after`` of them."""

    kind = "pysolfc"

    def __init__(self, stop_after: int) -> None:
        self.first_key, self.total, self.stop_after = 1, 30, stop_after
        self.description = "pysolfc:1:31"

    def __iter__(self) -> Iterator[SourceItem]:
        for n in range(1, 31):
            if n > self.stop_after:
                raise KeyboardInterrupt
            yield SourceItem(n, pysolfc=n)


def test_interrupted_then_resumed_gives_the_file_of_one_run(tmp_path: Path) -> None:
    game = "pysolfc-eleven-triangle"
    one = tmp_path / "one.jsonl"
    args = ["stats", "-V", game, "--deals", "pysolfc:1:31", "-j", "1",
            "--node-limit", str(NODES)]
    code, _, err = invoke(*args, "--out", str(one))
    assert code == 0, err
    two = tmp_path / "two.jsonl"
    job = game_job(GAMES[game], NODES)
    with BulkRunner(1, chunk_size=4) as runner, pytest.raises(Interrupted):
        for _ in runner.run(_StopAfter(13), job, OutFile(two, job, _StopAfter(13))):
            pass
    saved = records(two)[1]
    assert 0 < len(saved) < 30  # some finished deals kept, not all
    lines = two.read_text().splitlines(keepends=True)
    two.write_text("".join(lines[:-1]) + lines[-1][:10])  # a half-written last record
    code, out, err = invoke(*args, "--out", str(two))
    assert code == 2 and "--resume" in err
    code, out, err = invoke(*args, "--out", str(two), "--resume", "--json")
    assert code == 0, err
    got = json.loads(out)
    assert got["resumed"] == len(saved) - 1 and got["analysed"] == 30 - got["resumed"]
    assert records(two) == records(one)
    # another range of game numbers reads back the records it holds: a prefix is counted
    # without analysing anything again
    code, out, err = invoke(*args[:3], "--deals", "pysolfc:1:11", *args[5:], "--out",
                            str(two), "--resume", "--json")
    assert code == 0, err
    prefix = json.loads(out)
    assert (prefix["deals"], prefix["resumed"], prefix["analysed"]) == (10, 10, 0)
    assert prefix["winnable"] == sum(v.status == "winnable" for v in loop(game, 1, 11))
    code, _, err = invoke("stats", "-V", "pysolfc-pharaohs", "--deals", "pysolfc:1:31",
                          "-j", "1", "--out", str(two), "--resume")
    assert code == 2 and "was written with variant" in err


def test_cpsat_settles_what_the_search_leaves_at_its_node_limit() -> None:
    """``stats`` plays the search, then CP-SAT on a deal the search leaves at its node
    limit: Pyramid Dozen's games 1-40 at 300 positions leave the search alone with
    unknowns, and none with CP-SAT after it, each settled by CP-SAT as on its own."""
    alone = loop("pysolfc-pyramid-dozen", 1, 41, 300, engine="pairs")
    both = loop("pysolfc-pyramid-dozen", 1, 41, 300)
    left = [i for i, v in enumerate(alone) if v.status == "unknown"]
    assert left and all(both[i].engine == "cpsat" for i in left)
    assert all(v.status != "unknown" for v in both)
    for i in left:
        rules = GAMES["pysolfc-pyramid-dozen"]
        assert rules.pysolfc is not None
        cpsat = check_game(rules, family_cards(rules.pysolfc, PySolFCGame(i + 1)),
                           engine="cpsat")
        assert cpsat.status == both[i].status
    code, out, err = invoke("stats", "-V", "pysolfc-pyramid-dozen", "--deals",
                            "pysolfc:1:41", "-j", "1", "--node-limit", "300", "--json")
    assert code == 0, err
    got = json.loads(out)
    statuses = Counter(v.status for v in both)
    assert (got["winnable"], got["blocked"], got["unknown"]) == \
        (statuses["winnable"], statuses["blocked"], 0)


def test_a_node_limit_counts_unknowns_apart() -> None:
    # Apophis: CP-SAT does not state it, so the search's limit is the answer's (and the
    # free talon's cut search's after it, within the same limit: at 300 nodes every game
    # of 1-40 is settled since h74, at 40 16 are left)
    want = loop("pysolfc-apophis", 1, 41, 40)
    statuses = Counter(v.status for v in want)
    assert statuses["unknown"] and statuses["winnable"] + statuses["blocked"]
    code, out, err = invoke("stats", "-V", "pysolfc-apophis", "--deals",
                            "pysolfc:1:41", "-j", "1", "--node-limit", "40", "--json")
    assert code == 0, err
    got = json.loads(out)
    assert got["unknown"] == statuses["unknown"]
    assert got["unknown_by"] == {"node limit": statuses["unknown"]}
    decided = statuses["winnable"] + statuses["blocked"]
    assert got["win_rate"] == round(statuses["winnable"] / decided, 6)
    code, out, err = invoke("filter", "-V", "pysolfc-apophis", "--deals",
                            "pysolfc:1:41", "-j", "1", "--node-limit", "40")
    assert code == 0, err
    assert f"{statuses['unknown']} unknown (node limit {statuses['unknown']}" in err


@pytest.mark.parametrize(("args", "message"), [
    (["stats", "--deals", "1:5"], "give a range pysolfc:A:B"),
    (["filter", "--deals", "pysolfc:1:5", "--mode", "quick"],
     "--mode quick: pysolfc-apophis is answered exactly only"),
    (["stats", "--deals", "pysolfc:1:5", "--engine", "cpsat"], "--engine cpsat"),
    (["stats", "--deals", "pysolfc:1:5", "--goal", "board"],
     "--goal board: pysolfc-apophis is answered for a win or the fewest moves"),
    (["stats", "--deals", "pysolfc:1:5", "--table", "sizes"], "--table"),
    (["filter", "--deals", "pysolfc:1:5", "--grade", "easy"],
     "--grade: pysolfc-apophis has no grade thresholds yet"),
    (["filter", "--deals", "pysolfc:1:5", "--format", "pysolfc-seeds"],
     "--format pysolfc-seeds lists games from 32000 up"),
    (["stats", "--deals", "pysolfc:1:5", "--rows", "6"], "--rows"),
    (["stats", "--deals", "pysolfc:1:5", "--node-limit", "0"], "--node-limit"),
    (["stats", "--deals", "pysolfc:1"], "--deals"),
])
def test_bad_input_exits_2_naming_the_option(args: list[str], message: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # Apophis as a game without grade thresholds (whatever the shipped table holds)
    monkeypatch.delitem(THRESHOLDS, "pysolfc-apophis", raising=False)
    code, _, err = invoke(*args, "-V", "pysolfc-apophis", "-j", "1")
    assert code == 2 and message in err, err


def test_node_limit_is_for_the_games_only(tmp_path: Path) -> None:
    code, _, err = invoke("stats", "--deals", "0:3", "-j", "1", "--node-limit", "9")
    assert code == 2 and "--node-limit bounds the search of PySolFC's games" in err
    f = tmp_path / "deals.txt"
    f.write_text("pysolfc:3\n")
    code, _, err = invoke("stats", "-V", "pysolfc-pharaohs", "--deals", str(f), "-j", "1")
    assert code == 2 and "give a range pysolfc:A:B" in err


def test_a_game_job_refuses_what_it_cannot_do() -> None:
    rules = GAMES["pysolfc-pharaohs"]
    job = game_job(rules)
    with pytest.raises(BulkError, match="exact search alone"):
        type(job)(job.variant, "quick", game=rules)
    with pytest.raises(BulkError, match="node limit must be >= 1"):
        game_job(rules, 0)
    with pytest.raises(BulkError, match="grades its deals"):
        type(job)(job.variant, grader=grade_record)
    with pytest.raises(BulkError, match="grades its deals"):
        game_job(rules, goal=Goal.parse("moves"), grader=grade_record)


def failing_grader(rules: Rules, cards: tuple[Card, ...], line: Sequence[str]
                   ) -> dict[str, object]:
    raise ValueError(f"{rules.name} cannot be graded here")


def test_a_grading_that_fails_keeps_the_verdict_and_says_why() -> None:
    rules = GAMES["pysolfc-pyramid-dozen"]
    item = SourceItem(5, pysolfc=5)
    assert loop(rules.name, 5, 6)[0].status == "winnable"
    rec = analyse_item(item, game_job(rules, NODES, grader=failing_grader))
    assert rec["status"] == "winnable" and rec["moves"] == list(loop(rules.name, 5, 6)[0].line)
    assert rec["grade"] == ("ungraded (error: ValueError: pysolfc-pyramid-dozen cannot be "
                            "graded here)")
    plain = analyse_item(item, game_job(rules, NODES))
    assert "grade" not in plain and {k: v for k, v in plain.items() if k != "seconds"} == \
        {k: v for k, v in rec.items() if k not in ("seconds", "grade")}


def test_a_system_error_is_answered_again_once(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A SystemError out of the engines (numba leaving an exception set around a compiled
    call, seen twice in 300,000 deals) is answered again once: the deal gets its verdict;
    a second one in a row is recorded unknown with the error, like any engine failure."""
    from pyramids.answers import family
    from pyramids.bulk import analysis

    rules = GAMES["pysolfc-pyramid-dozen"]
    item = SourceItem(5, pysolfc=5)
    real = family.check_game
    fails = [1]

    def flaky(*args: object, **kw: object) -> GameVerdict:
        if fails[0]:
            fails[0] -= 1
            raise SystemError("CPUDispatcher(<function rehash>) returned a result with an "
                              "exception set")
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(family, "check_game", flaky)
    rec = analyse_item(item, game_job(rules, NODES))
    assert rec["status"] == "winnable" and rec["moves"] == list(loop(rules.name, 5, 6)[0].line)
    assert "pysolfc:5: SystemError in the engine" in capsys.readouterr().err
    fails[0] = 1 + analysis.SYSTEM_ERROR_RETRIES
    rec = analyse_item(item, game_job(rules, NODES))
    assert rec["status"] == "unknown" and fails[0] == 0
    assert rec["reason"].startswith("error: SystemError: CPUDispatcher(<function rehash>)")
    calls: list[int] = []

    def broken(*args: object, **kw: object) -> GameVerdict:
        calls.append(1)
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(family, "check_game", broken)
    rec = analyse_item(item, game_job(rules, NODES))  # any other error: no second try
    assert rec["status"] == "unknown" and "ZeroDivisionError" in rec["reason"]
    assert calls == [1]


def test_retry_unknown_answers_again_in_place(tmp_path: Path) -> None:
    """``stats --resume --retry-unknown`` on a game's out file whose records were left
    unknown (hand-edited here: the header pins the node limit, so a retry answers with the
    run's own): each is answered again by check_game and put back in its place, the
    rest of the run goes on, and the summary is a fresh run's."""
    game = "pysolfc-eleven-triangle"
    args = ["stats", "-V", game, "--deals", "pysolfc:1:31", "-j", "1",
            "--node-limit", str(NODES), "--json"]
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    code, first, err = invoke(*args, "--out", str(one))
    assert code == 0, err
    lines = one.read_text().splitlines(keepends=True)
    edited = {2, 5, 11, 17, 19, 23}
    for n, line in enumerate(lines[1:], 1):
        rec = json.loads(line)
        if rec["i"] in edited:
            assert rec["status"] != "unknown"
            rec.update(status="unknown", engine="pairs", moves=None, certificate=None)
            lines[n] = json.dumps(rec) + "\n"
    two.write_text("".join(lines[:26]))  # 25 records kept, 5 left to the resumed run
    code, again, err = invoke(*args, "--out", str(two), "--resume", "--retry-unknown")
    assert code == 0, err
    assert f"retrying {len(edited)} unknown records of {two}" in err
    assert f"retried {len(edited)}: {len(edited)} settled, 0 still unknown" in err
    a, b = json.loads(first), json.loads(again)
    for key in ("deals", "winnable", "blocked", "unknown", "blocked_by"):
        assert a[key] == b[key], key
    assert (b["retried"], b["resumed"], b["analysed"]) == (len(edited), 25, 5)
    assert records(two) == records(one)
    keys = [json.loads(line)["i"] for line in two.read_text().splitlines()[1:]]
    assert keys[:25] == [json.loads(line)["i"] for line in lines[1:26]]  # order kept
    assert two.read_text().splitlines()[0] == lines[0].rstrip("\n")  # header unchanged
    # the node limit is the run's: another one is refused by name, the file untouched
    before = two.read_bytes()
    code, _, err = invoke(*args[:7], "--node-limit", "500", "--out", str(two), "--resume",
                          "--retry-unknown")
    assert code == 2 and f"node_limit {NODES}, this run has 500" in err
    assert two.read_bytes() == before
