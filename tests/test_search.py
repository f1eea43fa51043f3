"""The search solver: soundness of each pruning, replayed solutions, limits, the CLI."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from pyramids.cli import main
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.referee import replay
from pyramids.core.variants import get_variant
from pyramids.engines.search import PRUNINGS, Searcher, solve

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("pyramid", {}),
    ("pyramid", {"overlap": True}),
    ("pyramid", {"objective": "pyramid"}),
    ("pyramid", {"stock_waste": "forbidden"}),
    ("pyramid", {"stock_waste": "automatic"}),
    ("king-tut", {}),
    ("tuts-tomb", {}),
    ("cheops", {}),
    ("giza", {}),
    ("giza", {"overlap": True}),
    ("giza-6x4", {}),
    ("bouquet", {}),
    ("bouquet", {"rows": 5}),
    ("bouquet", {"rows": 9, "overlap": True}),
]
IDS = [f"{n}-{o}" for n, o in VARIANTS]
FULL = Searcher(table_bits=20)
WITHOUT = {p: Searcher(table_bits=20, prunings=tuple(q for q in PRUNINGS if q != p))
           for p in PRUNINGS}
NONE = Searcher(table_bits=20, prunings=())
LIMIT = 400_000


@pytest.mark.parametrize(("name", "opts"), VARIANTS, ids=IDS)
def test_no_pruning_cuts_a_winnable_deal(name: str, opts: dict[str, Any]) -> None:
    """Each pruning switched off in turn (and all of them) never changes a verdict."""
    variant = get_variant(name, **opts)
    compared = 0
    statuses = set()
    for n in range(12):
        deal = Deal.from_number(n)
        full = FULL.solve(deal, variant, node_limit=LIMIT)
        if full.status == "unknown":
            continue
        statuses.add(full.status)
        for searcher in (*WITHOUT.values(), NONE):
            other = searcher.solve(deal, variant, node_limit=LIMIT)
            if other.status != "unknown":
                assert other.status == full.status, (n, searcher.prunings)
                compared += 1
    assert compared >= 12


@pytest.mark.parametrize(("name", "opts"), VARIANTS, ids=IDS)
def test_solutions_replay_and_blocked_is_exhaustive(name: str, opts: dict[str, Any]) -> None:
    variant = get_variant(name, **opts)
    for n in range(20, 30):
        deal = Deal.from_number(n)
        v = FULL.solve(deal, variant, node_limit=LIMIT)
        assert v.engine == "search" and v.deal_number == n
        if v.status == "winnable":
            r = replay(deal, variant, v.moves)
            assert r.won
        elif v.status == "blocked":
            assert v.certificate is not None and v.certificate.kind == "exhaustive"
            assert v.certificate.data["nodes"] == v.nodes > 0


def test_every_pruning_fires_somewhere() -> None:
    """The prunings are not dead code: each one triggers on a plain Pyramid deal."""
    v = FULL.solve(Deal.from_number(84), get_variant("pyramid"))
    assert v.status == "blocked" and v.certificate is not None
    assert v.certificate.data["pruned_matching"] > 0
    assert v.certificate.data["pruned_partner"] > 0
    assert v.certificate.data["pruned_king"] > 0
    assert v.certificate.data["pruned_order"] > 0
    for name in ("commute", "order", "waste"):
        without = WITHOUT[name].solve(Deal.from_number(84), get_variant("pyramid"))
        assert without.status == "blocked" and without.nodes > v.nodes, name
    # "lifo" works where "order" does not (overlap discards, draw 3)
    for variant in (get_variant("pyramid", overlap=True), get_variant("king-tut")):
        v = FULL.solve(Deal.from_number(80), variant)
        without = WITHOUT["lifo"].solve(Deal.from_number(80), variant)
        assert without.status == v.status != "unknown" and without.nodes > v.nodes, variant


ORDER_CASES: list[tuple[str, dict[str, Any]]] = [
    ("pyramid", {}),
    ("pyramid", {"objective": "pyramid"}),
    ("pyramid", {"stock_waste": "automatic"}),
    ("pyramid", {"rows": 5}),
    ("cheops", {}),
]


def lines_of_play(variant: Any, rng: random.Random, first: int, wins: int,
                  randoms: int = 1) -> Iterator[tuple[Deal, list[Any]]]:
    """(deal, line) pairs: for deals 0 to ``first - 1`` and then the next winnable ones
    until ``wins`` solutions are in, the solution found (if any) and ``randoms`` random
    lines of play (up to 150 moves)."""
    found = 0
    for n in range(300):
        if n >= first and found >= wins:
            return
        deal = Deal.from_number(n)
        full = FULL.solve(deal, variant, node_limit=LIMIT)
        if full.status == "winnable":
            found += 1
            yield deal, list(full.moves)
        elif n >= first:
            continue
        for _ in range(randoms):
            game = Game(deal, variant)
            while not game.is_over() and len(game.moves) < 150:
                game.push(rng.choice(game.legal_moves()))
            yield deal, list(game.moves)


def same_verdict(deal: Deal, variant: Any, start: list[Any], without: Searcher) -> Any:
    """The verdict from the position after ``start`` with every pruning, once checked
    equal (status, and Par score) to ``without``'s; None if either was unknown."""
    a = FULL.solve(deal, variant, start=start, node_limit=LIMIT)
    b = without.solve(deal, variant, start=start, node_limit=LIMIT)
    if "unknown" in (a.status, b.status):
        return None
    assert (a.status, a.score) == (b.status, b.score), (deal.number, [str(m) for m in start])
    return a


@pytest.mark.parametrize(("name", "opts"), ORDER_CASES)
def test_order_never_cuts_a_winnable_position(name: str, opts: dict[str, Any]) -> None:
    """Pruning "order" works from facts inherited along the line of play, so it is checked
    on positions, not only deals: positions of the last pass (where it applies) along
    random lines of play and along the solutions found give the verdict they give
    without it."""
    variant = get_variant(name, **opts)
    rng = random.Random(f"order-{name}-{opts}")
    compared = pruned = 0
    statuses: set[str] = set()
    for deal, line in lines_of_play(variant, rng, first=10, wins=4):
        game = Game(deal, variant)
        last = []  # the positions of the line in the last pass
        for i, move in enumerate([*line, None]):
            if game.pass_no == variant.passes:
                last.append(i)
            if move is not None:
                game.push(move)
        for cut in sorted(rng.sample(last, min(6, len(last)))):
            a = same_verdict(deal, variant, line[:cut], WITHOUT["order"])
            if a is not None:
                compared += 1
                statuses.add(a.status)
                if a.certificate is not None:
                    pruned += a.certificate.data["pruned_order"]
    assert compared >= 60 and statuses == {"winnable", "blocked"} and pruned > 0


WASTE_CASES: list[tuple[str, dict[str, Any]]] = [
    ("pyramid", {}),
    ("pyramid", {"stock_waste": "automatic"}),
    ("cheops", {}),
    ("tuts-tomb", {}),
    ("king-tut", {"passes": 2}),
    ("par-pyramid", {"passes": 2}),
]


@pytest.mark.parametrize(("name", "opts"), WASTE_CASES)
def test_waste_key_never_cuts_a_winnable_position(name: str, opts: dict[str, Any]) -> None:
    """Pruning "waste" keys positions by the ranks of their waste, so one of two alike
    positions is searched: checked on positions of every pass along random lines of play
    and along the solutions found (draw 1 and 3, redeals, Par scores): each gives the
    verdict, and under Par the best score, it gives without it."""
    variant = get_variant(name, **opts)
    rng = random.Random(f"waste-{name}-{opts}")
    compared = 0
    statuses: set[str] = set()
    for deal, line in lines_of_play(variant, rng, first=6, wins=3, randoms=2):
        for cut in sorted(rng.sample(range(len(line) + 1), min(5, len(line) + 1))):
            a = same_verdict(deal, variant, line[:cut], WITHOUT["waste"])
            if a is not None:
                compared += 1
                statuses.add(a.status)
    assert compared >= 40 and statuses == {"winnable", "blocked"}


def test_par_scoring_best_score() -> None:
    """Par: the best score and a line reaching it (replayed); same as without prunings."""
    variant = get_variant("par-pyramid", passes=2)
    for n in range(3):
        deal = Deal.from_number(n)
        v = FULL.solve(deal, variant, node_limit=2_000_000)
        if v.status == "unknown":
            continue
        assert v.score is not None
        assert replay(deal, variant, v.moves, require_win=False).score == v.score
        assert v.status == ("winnable" if v.score >= 20 else "blocked")


def test_automatic_pairs_are_explicit_moves() -> None:
    """With stock-waste automatic the forced pairs appear in the solution and replay."""
    variant = get_variant("pyramid", stock_waste="automatic", rows=3, objective="pyramid")
    found = 0
    for n in range(10):
        v = solve(Deal.from_number(n), variant)
        if v.status == "winnable":
            replay(Deal.from_number(n), variant, v.moves)
            found += 1
    assert found


def test_limits_give_unknown_never_blocked() -> None:
    deal, variant = Deal.from_number(101), get_variant("pyramid")  # 95k nodes
    v = solve(deal, variant, node_limit=100)
    assert v.status == "unknown" and "node limit" in v.reason and v.nodes == 100
    v = solve(deal, variant, time_limit=1e-9)
    assert v.status == "unknown" and "time limit" in v.reason


def test_unknown_pruning_name() -> None:
    with pytest.raises(ValueError, match="unknown pruning"):
        Searcher(table_bits=4, prunings=("magic",))


def test_cli_solve() -> None:
    runner = CliRunner()
    r = runner.invoke(main, ["solve", "1", "--variant", "cheops", "--show", "--every", "20"])
    assert r.exit_code == 0, r.output
    assert "winnable" in r.output and "  1. " in r.output and "stock:" in r.output
    r = runner.invoke(main, ["solve", "0", "--variant", "giza", "--json"])
    obj = json.loads(r.output)
    assert obj["status"] == "blocked" and obj["certificate"]["kind"] == "exhaustive"
    assert obj["engine"] == "search" and obj["variant"]["name"] == "giza"
    r = runner.invoke(main, ["solve", "84", "--node-limit", "10"])
    assert r.exit_code == 0 and "unknown" in r.output
    r = runner.invoke(main, ["solve", "nonsense"])
    assert r.exit_code == 2


def test_max_matching_table_is_exact() -> None:
    """The 4 + 4 bipartite matching table against augmenting paths, all 65,536 graphs."""
    from pyramids.engines.search.core import MAX_MATCHING

    def kuhn(packed: int) -> int:
        match = [-1] * 4

        def augment(i: int, seen: set[int]) -> bool:
            for j in range(4):
                if packed >> (4 * i + j) & 1 and j not in seen:
                    seen.add(j)
                    if match[j] < 0 or augment(match[j], seen):
                        match[j] = i
                        return True
            return False

        return sum(augment(i, set()) for i in range(4))

    assert [int(x) for x in MAX_MATCHING] == [kuhn(p) for p in range(1 << 16)]


@pytest.mark.parametrize("name", ["pyramid", "cheops", "giza"])
def test_growing_table_changes_no_verdict(name: str) -> None:
    """A table that starts tiny and grows (rehashing) gives the same verdicts as a large
    one; a table too small to hold the search only forgets positions."""
    from pyramids.engines.search import core

    variant = get_variant(name)
    tiny = Searcher(table_bits=6)  # 64 entries: overwrites all the time
    saved = core.TABLE_START
    try:
        for n in range(8):
            deal = Deal.from_number(n)
            core.TABLE_START = saved
            big = FULL.solve(deal, variant, node_limit=LIMIT)
            core.TABLE_START = 4  # grows from 4 entries
            grown = FULL.solve(deal, variant, node_limit=LIMIT)
            small = tiny.solve(deal, variant, node_limit=20 * LIMIT)
            assert grown.status == big.status
            if grown.nodes > 1000:
                assert FULL._arrays["ctx"][core.C_TSIZE] >= 512  # it did grow
            assert small.status in (big.status, "unknown")
    finally:
        core.TABLE_START = saved


def test_start_from_a_position() -> None:
    """``start=``: the verdict of the position after some moves. Along a winning line
    every position is winnable and the answer is the line's start plus a continuation
    (replayed); a move the brute force proves losing gives ``blocked``."""
    from pyramids.generator.oracle import Oracle

    variant = get_variant("giza")
    deal = next(d for d in map(Deal.from_number, range(50))
                if FULL.solve(d, variant).status == "winnable")
    line = list(FULL.solve(deal, variant).moves)
    slow = Oracle(deal, variant, backend="reference", node_limit=200_000)
    blocked = 0
    for i in range(len(line) - 14, len(line) + 1):
        v = solve(deal, variant, start=line[:i])
        assert v.status == "winnable" and list(v.moves[:i]) == line[:i]
        replay(deal, variant, v.moves)
        if i == len(line):
            continue
        from pyramids.core.game import Game
        g = Game(deal, variant)
        for m in line[:i]:
            g.push(m)
        for m in g.legal_moves():
            other = solve(deal, variant, start=[*line[:i], m])
            g.push(m)
            ref = slow.status_of(g)
            g.pop()
            if ref.exact:
                assert other.status == ref.status, (i, m)
                blocked += other.status == "blocked"
    assert blocked > 0


def test_start_must_be_legal() -> None:
    from pyramids.core.errors import RefereeError
    from pyramids.core.moves import parse_moves

    with pytest.raises(RefereeError, match="start, step 2: deal: giza has no stock"):
        solve(Deal.from_number(0), get_variant("giza"), start=parse_moves("KC deal"))


def test_cli_solve_after_moves() -> None:
    """``pyramids solve --after``: the position after the moves; a bad line exits 2."""
    runner = CliRunner()
    line = [str(m) for m in solve(Deal.from_number(1), get_variant("cheops")).moves]
    r = runner.invoke(main, ["solve", "1", "--variant", "cheops", "--json",
                             "--after", " ".join(line[:5])])
    assert r.exit_code == 0, r.output
    obj = json.loads(r.output)
    assert obj["status"] == "winnable" and obj["moves"][:5] == line[:5]
    r = runner.invoke(main, ["solve", "1", "--variant", "cheops", "--after", "redeal"])
    assert r.exit_code == 2 and "start, step 1: redeal" in r.output
    r = runner.invoke(main, ["solve", "1", "--after", "XX"])
    assert r.exit_code == 2 and "XX" in r.output


@pytest.mark.parametrize("opts", [{}, {"overlap": True}, {"passes": 1}, {"passes": 2}])
def test_par_bound_gives_the_same_answer(opts: dict[str, Any]) -> None:
    """Par with the bound: the same status, best score and line as the full Par search,
    in fewer positions; a blocked deal carries the unscored game's certificate."""
    variant = get_variant("par-pyramid", **opts)
    compared = fewer = 0
    settled_only_with_bound = 0
    for n in range(12):
        deal = Deal.from_number(n)
        full = FULL.solve(deal, variant, node_limit=2_000_000, bound=False)
        cut = FULL.solve(deal, variant, node_limit=2_000_000, bound=True)
        assert full.status == "unknown" or cut.status != "unknown", n
        settled_only_with_bound += full.status == "unknown" and cut.status != "unknown"
        if full.status == "unknown":
            continue
        assert (cut.status, cut.score, cut.moves) == (full.status, full.score, full.moves), n
        compared += 1
        fewer += cut.nodes < full.nodes
        if cut.status == "blocked":
            assert cut.certificate is not None and cut.certificate.kind == "exhaustive"
            assert "no line of play wins" in cut.certificate.detail
    assert compared >= 3
    if opts.get("passes") != 1:  # one pass: nothing to cut after the first clear
        assert fewer + settled_only_with_bound >= 1


def test_par_bound_limits_give_unknown() -> None:
    variant = get_variant("par-pyramid")
    v = solve(Deal.from_number(0), variant, node_limit=50, bound=True)
    assert v.status == "unknown" and "node limit" in v.reason
