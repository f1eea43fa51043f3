"""Seeking "beam" (pyramids.engines.pairs.beam): its lines are legal and win when Board
plays them move by move beside the kernel, it is deterministic, it wins two-deck deals
the search without it leaves at its limit, and it leaves one-deck games and the deals
the first share settles exactly as they were."""

from __future__ import annotations

import pytest

from pyramids.core.board import Board, line_of, replay
from pyramids.core.rules import GAMES
from pyramids.engines.pairs import Needs, kernel, solve
from pyramids.engines.pairs import beam as beam_mod
from pyramids.engines.pairs.kernel import BEAM_FIRST_TWO_DECKS, PRUNINGS, SEEKING, Tables
from pyramids.pysolfc.family import game_deal
from pyramids.pysolfc.games import PySolFCGame

WITHOUT_BEAM = tuple(p for p in PRUNINGS + SEEKING if p != "beam")


def _deal(name: str, number: int) -> tuple[Board, Tables]:
    rules = GAMES[name]
    board = Board(rules, game_deal(PySolFCGame(number), rules).cards)
    needs = Needs(board)
    return board, Tables(rules, board.cards, needs.partners, needs.before, needs.check)


@pytest.mark.parametrize(("name", "number"), [("pysolfc-double-pyramid", 4),
                                              ("pysolfc-two-pyramids", 2),
                                              ("pysolfc-up-and-down", 3)])
def test_the_beams_line_is_legal_at_every_step_and_wins(name: str, number: int) -> None:
    """Board plays the beam's line beside the kernel: each move one of Board's legal
    moves, the kernel's position Board's after it, and the end won; twice the same
    line and nodes."""
    board, tables = _deal(name, number)
    found = beam_mod.seek(tables, board, PRUNINGS + SEEKING, 300_000, None, 0.0)
    assert found.status == "winnable" and 0 < found.nodes <= 300_000
    pos = tables.position(board)
    for move in found.moves:
        assert move in board.legal_moves()
        board.push(move)
        pos = tables.play(pos, move)
        assert pos == tables.position(board)
    assert board.is_won() and tables.won(pos)
    board2, tables2 = _deal(name, number)
    again = beam_mod.seek(tables2, board2, PRUNINGS + SEEKING, 300_000, None, 0.0)
    assert (again.moves, again.nodes) == (found.moves, found.nodes)


def test_a_beam_that_finds_nothing_spends_at_most_its_budget() -> None:
    """Pysolfc:1 of Double Pyramid (blocked: CP-SAT, bench_cpsat_results.txt h75):
    no line, ``unknown`` (a beam never proves blocked), within the budget."""
    board, tables = _deal("pysolfc-double-pyramid", 1)
    for budget in (1, 7, 5_000):
        found = beam_mod.seek(tables, board, PRUNINGS + SEEKING, budget, None, 0.0)
        assert found.status == "unknown" and found.moves == ()
        assert found.nodes == budget


def test_beam_wins_double_pyramid_deals_the_search_without_it_leaves_unknown() -> None:
    """Pysolfc:4, 5 and 8 of Double Pyramid: unknown at bulk's 1,000,000 nodes without
    "beam" (restarts and order included), won with it (measured: bench_beam.py), each
    line replayed by the rules engine, the same line and nodes twice."""
    rules = GAMES["pysolfc-double-pyramid"]
    for number in (4, 5, 8):
        cards = game_deal(PySolFCGame(number), rules).cards
        off = solve(rules, cards, node_limit=1_000_000, engine="kernel", prune=WITHOUT_BEAM)
        on = solve(rules, cards, node_limit=1_000_000, engine="kernel")
        assert off.status == "unknown", number
        assert on.status == "winnable" and on.nodes < 1_000_000, number
        assert replay(rules, cards, line_of(rules, cards, list(on.moves))).is_won()
        again = solve(rules, cards, node_limit=1_000_000, engine="kernel")
        assert (again.moves, again.nodes) == (on.moves, on.nodes)


@pytest.mark.parametrize(("name", "numbers"), [
    ("pysolfc-cheops", range(1, 9)),
    ("pysolfc-pyramid-thirteen", range(1, 5)),
    ("pysolfc-triangle", range(1, 9)),
    ("pysolfc-apophis", range(1, 5)),
    ("pysolfc-double-pyramid", (2, 3, 7, 11)),  # 3, 7, 11 settled in the first share
])
def test_beam_changes_nothing_the_first_share_settles(name: str, numbers: range) -> None:
    """One-deck games never run the beam, and a two-deck deal the search in the usual
    order settles on its first share never reaches it: with and without "beam", the
    same verdict, line and nodes (at 200,000 nodes, a first share of 781 nodes with the
    beam: Double Pyramid's pysolfc:3, 7, 11 are won in under 600 nodes, 2 is not
    settled there, and the beam wins it)."""
    rules = GAMES[name]
    differ = 0
    for number in numbers:
        cards = game_deal(PySolFCGame(number), rules).cards
        on = solve(rules, cards, node_limit=200_000, engine="kernel")
        off = solve(rules, cards, node_limit=200_000, engine="kernel", prune=WITHOUT_BEAM)
        if rules.decks == 1 or on.nodes <= 200_000 * BEAM_FIRST_TWO_DECKS:
            assert (on.status, on.moves, on.nodes) == (off.status, off.moves, off.nodes)
        else:
            differ += 1
            assert {on.status, off.status} != {"winnable", "blocked"}
    assert differ == (1 if name == "pysolfc-double-pyramid" else 0)


def test_the_beam_plays_on_from_a_position_after_moves() -> None:
    """From Double Pyramid pysolfc:4 after the first 20 moves of a winning line (a talon
    part dealt and cards gone): the beam's line goes on from there, and the moves before
    it with its own replay to a win."""
    board, tables = _deal("pysolfc-double-pyramid", 4)
    line = beam_mod.seek(tables, board, PRUNINGS + SEEKING, 300_000, None, 0.0).moves
    later, tables2 = _deal("pysolfc-double-pyramid", 4)
    for move in line[:20]:
        later.push(move)
    found = beam_mod.seek(tables2, later, PRUNINGS + SEEKING, 300_000, None, 0.0)
    assert found.status == "winnable"
    rules, cards = later.rules, later.cards
    assert replay(rules, cards, line_of(rules, cards, [*line[:20], *found.moves])).is_won()


def test_a_time_limit_cuts_the_beams_budget_not_overrun() -> None:
    """A beam cannot look at the clock while it runs, so under a time limit each beam's
    nodes are cut to what the CPU time left allows at the beams' rate so far. Double
    Pyramid pysolfc:6 (unknown at bulk's limit without the beam, 0.5 s not enough with
    it): the search ends within 0.1 s of its half second (before the cut it ran 0.19 s
    over: the wide beam it was in finished first)."""
    import time

    board, _ = _deal("pysolfc-double-pyramid", 6)
    solve(board.rules, board.cards, node_limit=1_000)  # the kernels compiled or loaded
    t = time.process_time()
    out = solve(board.rules, board.cards, node_limit=1_000_000, time_limit=0.5)
    spent = time.process_time() - t
    assert out.status == "unknown" and "time limit" in out.reason
    assert spent < 0.6


def test_nodes_in_gives_no_cut_before_the_beams_have_a_rate() -> None:
    """:func:`beam._nodes_in`: no rate before RATED_AFTER nodes; then the nodes the time
    left allows at that rate, less the margin, at least one."""
    assert beam_mod._nodes_in(1.0, beam_mod.RATED_AFTER - 1, 0.01) is None
    assert beam_mod._nodes_in(1.0, 100_000, 0.0) is None
    assert beam_mod._nodes_in(0.5, 100_000, 0.1) == int(beam_mod.RATE_MARGIN * 500_000)
    assert beam_mod._nodes_in(0.0, 100_000, 0.1) == 1


def test_the_first_share_before_the_beam_leaves_the_search_without_it_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """BEAM_FIRST_TWO_DECKS is the usual order's first share where the beam runs; without
    the beam (grading's line for the lists graded before it) the search keeps
    RESTART_FIRST_TWO_DECKS: the same line and nodes whatever BEAM_FIRST_TWO_DECKS is,
    while the search with the beam spends fewer nodes with the smaller share."""
    assert BEAM_FIRST_TWO_DECKS < kernel.RESTART_FIRST_TWO_DECKS
    rules = GAMES["pysolfc-double-pyramid"]
    cards = game_deal(PySolFCGame(2), rules).cards
    got = {}
    for first in (BEAM_FIRST_TWO_DECKS, kernel.RESTART_FIRST_TWO_DECKS):
        monkeypatch.setattr(kernel, "BEAM_FIRST_TWO_DECKS", first)
        off = solve(rules, cards, node_limit=200_000, engine="kernel", prune=WITHOUT_BEAM)
        on = solve(rules, cards, node_limit=200_000, engine="kernel")
        got[first] = ((off.status, off.moves, off.nodes), (on.status, on.nodes))
    small, large = got[BEAM_FIRST_TWO_DECKS], got[kernel.RESTART_FIRST_TWO_DECKS]
    assert small[0] == large[0]
    assert small[1][0] == large[1][0] == "winnable" and small[1][1] < large[1][1]


def test_the_search_grows_its_table_from_python_after_a_beam_ran() -> None:
    """In a fresh process, a beam first (Double Pyramid's pysolfc:30848 at 20,000 nodes,
    the usual order's first share cut to 19 nodes), then the search's table grown from
    Python: the beam once shared the dispatcher the Python loop calls (rehash), whose
    next call from Python then failed (SystemError, "'descr' is NULL")."""
    import subprocess
    import sys

    script = (
        "import numpy as np\n"
        "from pyramids.core.rules import GAMES\n"
        "from pyramids.engines.pairs import kernel, solve\n"
        "from pyramids.pysolfc.family import game_deal\n"
        "from pyramids.pysolfc.games import PySolFCGame\n"
        "rules = GAMES['pysolfc-double-pyramid']\n"
        "kernel.BEAM_FIRST_TWO_DECKS = kernel.RESTART_FIRST_TWO_DECKS = 1 / 1024\n"
        "out = solve(rules, game_deal(PySolFCGame(30848), rules).cards, node_limit=20_000)\n"
        "z = np.zeros(8, np.uint64)\n"
        "t0, t1, tm = kernel.rehash(z, z.copy(), np.zeros(8, np.int64), 16)\n"
        "print(out.status, t0.shape[0])\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["winnable", "16"]


def test_an_unknown_names_the_nodes_of_beams_and_restarts_beside_the_first_search() -> None:
    """Pysolfc:1 of Double Pyramid (blocked) at 200,000 nodes: the first search, the
    beams and the restarts all run, and the reason counts the first search's positions
    and the others' nodes, which with the first search's own nodes make the limit."""
    rules = GAMES["pysolfc-double-pyramid"]
    cards = game_deal(PySolFCGame(1), rules).cards
    out = solve(rules, cards, node_limit=200_000, engine="kernel")
    assert out.status == "unknown" and out.nodes == 200_000
    board = Board(rules, cards)
    needs = Needs(board)
    tables = Tables(rules, cards, needs.partners, needs.before, needs.check)
    found = kernel.search(tables, board, node_limit=200_000, time_limit=None, t0=0.0,
                          seek=beam_mod.seek)
    assert 0 < found.others < found.nodes == 200_000
    assert 0 < found.seen <= found.nodes - found.others + 1  # its table holds the root
    assert out.reason == (f"node limit 200,000 reached after {found.seen:,} positions in "
                          f"the usual order and {found.others:,} nodes of beams and "
                          "restarts")
