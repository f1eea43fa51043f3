"""``--goal moves`` for PySolFC's ten other games: the fewest moves that win, from A*
(:mod:`pyramids.engines.pairs.shortest`) and :func:`~pyramids.answers.family.fewest_moves`,
against a breadth-first search over every position of :mod:`pyramids.core.board` written
here (positions a few moves from the end of a winning line, and off it, in every game)."""

from __future__ import annotations

import json
import random
from collections import deque
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyramids.answers.family import check_game, fewest_moves
from pyramids.cli import main
from pyramids.core.board import Board, Play, replay
from pyramids.core.cards import Card
from pyramids.core.rules import GAMES, Rules
from pyramids.engines.pairs import solve
from pyramids.engines.pairs.kernel import PRUNINGS
from pyramids.engines.pairs.shortest import bound, shortest
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame

#: a winnable PySolFC game of each (the first found counting from 1)
WINNABLE = {"pysolfc-pyramid-thirteen": 3, "pysolfc-pharaohs": 216, "pysolfc-apophis": 3,
            "pysolfc-cheops": 1, "pysolfc-two-pyramids": 1, "pysolfc-double-pyramid": 3,
            "pysolfc-triangle": 1, "pysolfc-up-and-down": 2, "pysolfc-pyramid-dozen": 5,
            "pysolfc-eleven-triangle": 1}
BACK = 12  # moves from a winning line's end: a few thousand positions for the BFS


def test_every_game_is_covered() -> None:
    assert sorted(WINNABLE) == sorted(GAMES)


def bfs(rules: Rules, cards: tuple[Card, ...], start: tuple[Play, ...]) -> int | None:
    """The fewest moves that win after ``start``, by breadth-first search over every
    position (no bound, no pruning); ``None`` when no line wins."""
    board = Board(rules, cards)
    for m in start:
        board.push(m)
    seen = {board.key()}
    queue = deque([(start, 0)])
    while queue:
        path, depth = queue.popleft()
        b = Board(rules, cards)
        for m in path:
            b.push(m)
        if b.is_won():
            return depth
        for m in b.legal_moves():
            b.push(m)
            if b.key() not in seen:
                seen.add(b.key())
                queue.append(((*path, m), depth + 1))
            b.pop()
    return None


@cache
def deal(game: str) -> tuple[Rules, tuple[Card, ...], tuple[Play, ...]]:
    """The game's rules, a winnable deal's cards and a winning line's moves."""
    rules = GAMES[game]
    assert rules.pysolfc is not None
    cards = family_cards(rules.pysolfc, PySolFCGame(WINNABLE[game]))
    v = check_game(rules, cards, node_limit=200_000)
    assert v.status == "winnable"
    board = Board(rules, cards)
    for step in v.line:
        board.push(board.parse(step))
    return rules, cards, tuple(board.moves)


def positions(game: str) -> list[tuple[Play, ...]]:
    """Two starts: BACK moves from the line's end, and two seeded random moves played
    a little earlier (winnable or not)."""
    rules, cards, line = deal(game)
    near = line[:len(line) - BACK]
    b = Board(rules, cards)
    for m in line[:len(line) - BACK - 2]:
        b.push(m)
    rng = random.Random(game)
    for _ in range(2):
        moves = b.legal_moves()
        if moves:
            b.push(rng.choice(moves))
    return [near, tuple(b.moves)]


def words(rules: Rules, cards: tuple[Card, ...], moves: tuple[Play, ...]) -> tuple[str, ...]:
    b = Board(rules, cards)
    out = []
    for m in moves:
        out.append(b.format(m))
        b.push(m)
    return tuple(out)


@pytest.mark.parametrize("game", sorted(WINNABLE))
def test_fewest_moves_equal_breadth_first_search(game: str) -> None:
    rules, cards, _ = deal(game)
    outcomes = set()
    for start in positions(game):
        want = bfs(rules, cards, start)
        outcomes.add(want is None)
        # A* alone (no line known)
        got = shortest(rules, cards, start=start)
        if want is None:
            assert got.status == "none" and not got.moves
        else:
            assert got.status == "found" and len(got.moves) == want == got.lower
            b = Board(rules, cards)
            for m in (*start, *got.moves):
                b.push(m)
            assert b.is_won()
        # the answer: the search's line first, then A* for a shorter one
        ans = fewest_moves(rules, cards, start=words(rules, cards, start))
        assert ans.optimal is True
        if want is None:
            assert ans.verdict.status == "blocked" and ans.steps is None
            assert ans.verdict.certificate is not None
        else:
            assert ans.verdict.status == "winnable" and ans.steps == want
            assert len(ans.verdict.line) == len(start) + want
            assert replay(rules, cards, list(ans.verdict.line)).is_won()
    assert False in outcomes  # a winnable start in every game


def test_a_star_finds_lines_shorter_than_the_search() -> None:
    """Two Pyramids' position 14 moves from the end of the search's line wins in 13. The
    line is the search's without seeking "order" (the default before h71: 100 moves); the
    default's line (79 moves) is already the shortest from each of its last 21 positions."""
    rules, cards, _ = deal("pysolfc-two-pyramids")
    line = solve(rules, cards, node_limit=200_000, prune=(*PRUNINGS, "restarts")).moves
    start = line[:len(line) - 14]
    assert bfs(rules, cards, start) == 13
    ans = fewest_moves(rules, cards, start=words(rules, cards, start))
    assert (ans.steps, ans.optimal, ans.verdict.engine) == (13, True, "shortest")


def test_upper_proves_a_known_line_the_shortest() -> None:
    rules, cards, line = deal("pysolfc-cheops")
    start = line[:len(line) - BACK]
    want = bfs(rules, cards, start)
    assert want is not None
    assert shortest(rules, cards, start=start, upper=want).status == "none"
    got = shortest(rules, cards, start=start, upper=want + 1)
    assert got.status == "found" and len(got.moves) == want


def test_the_bound_never_exceeds_the_fewest_moves() -> None:
    for game in sorted(WINNABLE):
        rules, cards, _ = deal(game)
        for start in positions(game):
            want = bfs(rules, cards, start)
            b = Board(rules, cards)
            for m in start:
                b.push(m)
            if want is not None:
                assert bound(b)(b) <= want, game


def test_a_limit_gives_a_proven_lower_bound_and_the_line_found() -> None:
    rules, cards, line = deal("pysolfc-cheops")
    start = line[:len(line) - 16]
    want = bfs(rules, cards, start)
    assert want is not None
    got = shortest(rules, cards, start=start, node_limit=5)
    assert got.status == "limit" and got.lower <= want and "node limit 5" in got.reason
    # Pyramid Thirteen's game 3: the search's line (35 moves, 106 positions) is found
    # within 200 positions, A* is not (32, proven after some 520)
    rules, cards, line = deal("pysolfc-pyramid-thirteen")
    ans = fewest_moves(rules, cards, node_limit=200)
    assert ans.verdict.status == "winnable" and ans.optimal is False
    assert ans.steps_bound is not None and ans.steps is not None
    assert ans.steps_bound <= 32 and ans.steps == len(ans.verdict.line) == 35
    assert replay(rules, cards, list(ans.verdict.line)).is_won()
    assert "not proven shortest" in ans.verdict.reason
    assert ans.to_json_obj()["steps_bound"] == ans.steps_bound


def invoke(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(main, list(args))
    return res.exit_code, res.stdout, res.stderr


def test_check_and_solve_goal_moves() -> None:
    code, out, err = invoke("check", "pysolfc:5", "-V", "pysolfc-pyramid-dozen",
                            "--goal", "moves", "--json")
    assert code == 0, err
    obj = json.loads(out)
    rules, cards, _ = deal("pysolfc-pyramid-dozen")
    assert (obj["status"], obj["goal"], obj["optimal"], obj["reached"]) == \
        ("winnable", "moves", True, True)
    assert obj["steps"] == len(obj["moves"]) == 26  # 52 cards, none alone: 26 pairs
    assert replay(rules, cards, obj["moves"]).is_won()
    code, out, err = invoke("solve", "pysolfc:3", "-V", "pysolfc-pyramid-thirteen",
                            "--goal", "moves", "--node-limit", "200000")
    assert code == 0, err
    assert "goal moves: the fewest clicks that win" in out
    assert "answer: 32 clicks, proven the fewest" in out and "solution (32 clicks)" in out
    code, out, err = invoke("check", "pysolfc:1", "-V", "pysolfc-pharaohs", "--goal", "moves")
    assert code == 0, err
    assert "answer: none: the goal cannot be reached (proven)" in out
    assert "certificate: partners" in out


def test_goal_moves_after_moves_counts_from_there() -> None:
    rules, cards, line = deal("pysolfc-triangle")
    start = line[:len(line) - BACK]
    want = bfs(rules, cards, start)
    code, out, err = invoke("check", "pysolfc:1", "-V", "pysolfc-triangle", "--goal",
                            "moves", "--after", " ".join(words(rules, cards, start)), "--json")
    assert code == 0, err
    obj = json.loads(out)
    assert obj["steps"] == want and len(obj["moves"]) == len(start) + want


@pytest.mark.parametrize("goal", ["board", "score", "cards:A:4"])
def test_other_goals_are_refused_by_name(goal: str) -> None:
    code, _, err = invoke("check", "pysolfc:1", "-V", "pysolfc-cheops", "--goal", goal)
    assert code == 2 and f"--goal {goal}: pysolfc-cheops is answered for a win" in err, err


def test_stats_and_filter_goal_moves_equal_a_loop_of_fewest_moves(tmp_path: Path) -> None:
    rules = GAMES["pysolfc-pyramid-thirteen"]
    assert rules.pysolfc is not None
    want = [fewest_moves(rules, family_cards(rules.pysolfc, PySolFCGame(n)),
                         node_limit=20_000) for n in range(1, 7)]
    steps = sorted(a.steps for a in want if a.steps is not None)
    assert steps and any(a.verdict.status == "blocked" for a in want)
    out = tmp_path / "goal.jsonl"
    code, text, err = invoke("stats", "-V", rules.name, "--deals", "pysolfc:1:7", "-j", "2",
                             "--goal", "moves", "--node-limit", "20000", "--json",
                             "--out", str(out))
    assert code == 0, err
    got = json.loads(text)
    assert got["steps"]["answers"] == len(steps) and got["steps"]["max"] == steps[-1]
    assert got["optimal"] == sum(a.optimal is True for a in want)
    assert got["not_proven_optimal"] == sum(a.optimal is False for a in want)
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["goal"] == "moves"
    recs = sorted((json.loads(x) for x in lines[1:]), key=lambda r: int(r["i"]))
    assert [(r["status"], r["steps"], r["optimal"], r["moves"]) for r in recs] == \
        [(a.verdict.status, a.steps, a.optimal, list(a.verdict.line)) for a in want]
    code, text, err = invoke("filter", "-V", rules.name, "--deals", "pysolfc:1:7", "-j", "1",
                             "--goal", "moves", "--node-limit", "20000", "--json")
    assert code == 0, err
    kept = [json.loads(x) for x in text.splitlines()]
    assert [(r["pysolfc"], r["steps"]) for r in kept] == \
        [(n, a.steps) for n, a in enumerate(want, 1) if a.verdict.status == "winnable"]


def test_the_memory_cap_stops_a_star_with_a_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    from pyramids.engines.pairs import shortest as module

    rules, cards, line = deal("pysolfc-cheops")
    start = line[:len(line) - 16]
    want = bfs(rules, cards, start)
    assert want is not None
    monkeypatch.setattr(module, "MAX_POSITIONS", 20)
    got = shortest(rules, cards, start=start)
    assert got.status == "limit" and "memory cap of 20 positions" in got.reason
    assert got.lower <= want
