"""The puzzle generator: position oracle, line count, grading, ``pyramids generate``.

Kept small (the machine is shared): a handful of deals, small node budgets where the
answer does not depend on them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyramids.cli import main
from pyramids.core.deals import Deal
from pyramids.core.errors import RefereeError
from pyramids.core.game import Game
from pyramids.core.moves import DEAL, REDEAL, Move
from pyramids.core.referee import replay
from pyramids.core.variants import Variant, get_variant
from pyramids.engines.search import root_state, solve
from pyramids.generator.generate import generate
from pyramids.generator.grading import (
    GRADES,
    Budgets,
    Grading,
    Rejection,
    combine,
    grade_deal,
    grade_of,
    thresholds_for,
)
from pyramids.generator.lines import count_lines, discard_set
from pyramids.generator.oracle import Oracle

GIZA = get_variant("giza")
SMALL = Budgets(oracle_nodes=100_000, cpsat_dtime=5.0, line_positions=500, line_queries=100)


def winnable(variant: Variant, start: int = 0, count: int = 1) -> list[tuple[Deal, list[Move]]]:
    out: list[tuple[Deal, list[Move]]] = []
    n = start
    while len(out) < count:
        d = Deal.from_number(n)
        v = solve(d, variant, node_limit=2_000_000)
        if v.status == "winnable":
            out.append((d, list(v.moves)))
        n += 1
    return out


def brute_lines(deal: Deal, variant: Variant, cap: int = 2) -> int:
    """Distinct discard sets of winning lines, up to ``cap``, by exhaustive search with a
    memo of (position -> up to ``cap`` distinct suffix sets)."""
    g = Game(deal, variant)
    memo: dict[tuple[object, ...], list[frozenset[frozenset[int]]]] = {}

    def rec() -> list[frozenset[frozenset[int]]]:
        k = g.key()
        if k in memo:
            return memo[k]
        if g.is_won():
            memo[k] = [frozenset()]
            return memo[k]
        out: list[frozenset[frozenset[int]]] = []
        for m in g.legal_moves():
            g.push(m)
            sub = rec()
            g.pop()
            for s in sub:
                t = s | {frozenset(int(c) for c in m.cards)} if m.is_discard else s
                if t not in out:
                    out.append(t)
            if len(out) >= cap:
                break
        memo[k] = out[:cap]
        return memo[k]

    return len(rec())


# -- oracle --------------------------------------------------------------------------------

@pytest.mark.parametrize("name,cut", [("giza", 16), ("pyramid", 34)])
def test_oracle_search_agrees_with_brute_force(name: str, cut: int) -> None:
    v = get_variant(name)
    (deal, line), = winnable(v)
    fast = Oracle(deal, v, backend="search")
    slow = Oracle(deal, v, backend="reference", node_limit=200_000)
    seen = {"winnable": 0, "blocked": 0}
    for i in range(cut, len(line)):
        g = Game(deal, v)
        for m in line[:i]:
            g.push(m)
        for m in g.legal_moves():
            g.push(m)
            a, b = fast.status_of(g), slow.status_of(g)
            g.pop()
            if b.status != "unknown":
                assert a.status == b.status, (i, m)
                seen[b.status] += 1
    assert seen["winnable"] > 0 and seen["blocked"] > 0


def test_oracle_par_best_score_matches_brute_force() -> None:
    v = get_variant("par-pyramid")
    deal = Deal.from_number(18)  # winnable in one pass: best Par score 50
    line = list(solve(deal, get_variant("pyramid"), node_limit=5_000_000).moves)
    assert replay(deal, v, line, require_win=False).score == 50
    fast = Oracle(deal, v, backend="search")
    slow = Oracle(deal, v, backend="reference", node_limit=300_000)
    scores = set()
    for i in range(len(line) - 12, len(line)):
        g = Game(deal, v)
        for m in line[:i]:
            g.push(m)
        for m in g.legal_moves():
            g.push(m)
            a, b = fast.status_of(g), slow.status_of(g)
            g.pop()
            if b.exact:
                assert (a.status, a.score) == (b.status, b.score), (i, m)
                scores.add(b.score)
    assert 50 in scores and len(scores) > 1


def test_root_state_tracks_deals_and_redeals() -> None:
    v = get_variant("cheops")  # 3 passes, draw 1
    deal = Deal.from_number(3)
    line = [DEAL] * 24
    assert root_state(deal, v, line) == (0, 24, 1, 0)
    assert root_state(deal, v, [*line, REDEAL, DEAL, DEAL])[1:3] == (2, 2)
    with pytest.raises(RefereeError, match="start, step 25: deal: the stock is empty"):
        root_state(deal, v, [*line, DEAL])


# -- lines ---------------------------------------------------------------------------------

def test_discard_set_ignores_order_and_deals() -> None:
    a, b = Move.parse("9H+4C"), Move.parse("KS")
    assert discard_set([a, DEAL, b]) == discard_set([b, a]) != discard_set([a])


@pytest.mark.parametrize("name", ["giza-6x4", "giza"])
def test_second_line_replays_differs_and_agrees_with_brute_force(name: str) -> None:
    v = get_variant(name)
    for deal, line in winnable(v, count=2):
        lc = count_lines(deal, v, line)
        assert lc.count == 2 and lc.method == "cpsat"
        replay(deal, v, lc.second, require_win=True)
        assert discard_set(lc.second) != discard_set(line)
        if name == "giza-6x4":  # small enough for the brute force
            assert brute_lines(deal, v) == 2


def test_stock_line_count_agrees_with_brute_force() -> None:
    v = get_variant("pyramid", rows=8)  # 36 pyramid cards, 16 in stock: brute force is quick
    checked = 0
    for deal, line in winnable(v, start=100, count=2):
        lc = count_lines(deal, v, line, position_budget=2000, query_budget=500)
        assert lc.method == "search"
        if lc.count is not None:
            assert lc.count == brute_lines(deal, v)
            checked += 1
        if lc.count == 2:
            replay(deal, v, lc.second, require_win=True)
            assert discard_set(lc.second) != discard_set(line)
    assert checked > 0


# -- grading -------------------------------------------------------------------------------

def test_grade_is_deterministic_and_consistent() -> None:
    (deal, _), = winnable(GIZA)
    a = grade_deal(deal, GIZA, SMALL)
    b = grade_deal(deal, GIZA, SMALL)
    assert isinstance(a, Grading) and isinstance(b, Grading)
    assert (a.solution, a.components, a.score, a.grade) == (b.solution, b.components,
                                                            b.score, b.grade)
    replay(deal, GIZA, a.solution, require_win=True)
    c = a.components
    assert a.score == combine(c)
    assert a.grade == grade_of(a.score, thresholds_for(GIZA))
    assert 0 <= c["traps"] <= c["decisions"] <= c["length"] == len(a.solution)
    assert c["traps"] <= c["losing_moves"]
    assert set(c["failed"]) <= {"greedy", "mobility"}
    assert a.unique == (c["lines"] == 1)


def test_per_variant_weights() -> None:
    """Per-variant weights: one-pass Pyramid's score weighs lookahead_losses 3 times and
    adds the planners' components; Par Pyramid's weighs the shortfall below the best
    score and less the losses and traps; every other variant's score is the common
    formula."""
    from pyramids.generator.grading import VARIANT_WEIGHTS, WEIGHTS

    c = {"traps": 3, "losing_moves": 4, "failed": ["greedy"], "lines": 2, "branching": 2.5,
         "pyramid_pairs": 4, "length": 40, "lookahead_losses": 30}
    common = combine(c)
    assert common == 6 + 2 + 2.5 + 1.5 + 1 + 2 + 30
    for name in ("giza", "giza-6x4", "king-tut", "cheops"):
        assert name not in VARIANT_WEIGHTS and combine(c, name) == common
    par = c | {"lookahead_shortfall": 12.5}
    assert combine(par, "par-pyramid") == round(common - (2.0 - 0.75) * 3 - (1.0 - 0.25) * 30
                                                + 3.0 * 12.5, 2)
    with pytest.raises(KeyError):
        combine(c, "pyramid")  # Pyramid's score needs the planners' games
    p = c | {"planner_losses": 120, "planner_left": 7.5}
    assert combine(p, "pyramid") == combine(p, get_variant("pyramid")) == common + 60 + 120 + 15
    assert WEIGHTS["lookahead_losses"] == 1.0 and VARIANT_WEIGHTS["pyramid"][
        "lookahead_losses"] == 3.0


def test_traps_are_proved_losing_moves() -> None:
    """Recount the tempting losing moves of a graded deal with the brute-force oracle on
    the last positions of the line."""
    v = get_variant("giza-6x4")
    (deal, _), = winnable(v)
    g = grade_deal(deal, v, SMALL)
    assert isinstance(g, Grading)
    slow = Oracle(deal, v, backend="reference", node_limit=200_000)
    line = g.solution
    losing = 0
    for i in range(len(line) - 10, len(line)):
        game = Game(deal, v)
        for m in line[:i]:
            game.push(m)
        for m in game.legal_moves():
            if m != line[i]:
                game.push(m)
                losing += slow.status_of(game).status == "blocked"
                game.pop()
    assert losing <= g.components["losing_moves"]


def test_grade_of_thresholds() -> None:
    th = (1.0, 2.0, 3.0)
    assert [grade_of(x, th) for x in (0.5, 1.0, 2.5, 3.0, 99)] == \
        ["easy", "medium", "hard", "expert", "expert"]


def test_blocked_deal_is_rejected() -> None:
    n = 0
    while solve(Deal.from_number(n), GIZA).status != "blocked":
        n += 1
    r = grade_deal(Deal.from_number(n), GIZA, SMALL)
    assert isinstance(r, Rejection) and r.reason == "blocked"


# -- generate --------------------------------------------------------------------------------

def test_generate_same_with_one_or_two_workers() -> None:
    a, sa = generate(get_variant("giza-6x4"), range(0, 12), ["any"], 3, workers=1,
                     budgets=SMALL)
    b, sb = generate(get_variant("giza-6x4"), range(0, 12), ["any"], 3, workers=2,
                     budgets=SMALL)
    assert a == b and len(a) == 3
    assert sa.scanned == sb.scanned and sa.rejected == sb.rejected
    assert [e["id"] for e in a] == ["giza-6x4-001", "giza-6x4-002", "giza-6x4-003"]


def test_cli_generate(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    args = ["generate", "--variant", "giza-6x4", "--count", "2", "--grade", "any",
            "--deals", "0:15", "--out", str(out), "--workers", "1", "--oracle-nodes", "100000",
            "--no-progress"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    first = out.read_bytes()
    entries = [json.loads(x) for x in first.decode().splitlines()]
    assert len(entries) == 2
    for e in entries:
        assert set(e) >= {"id", "collection", "deal", "line", "variant", "grade", "score",
                          "components", "unique", "solution"}
        assert e["grade"] in GRADES and e["collection"] == "giza-6x4"
        deal = Deal.from_number(e["deal"])
        assert deal.line() == e["line"]
        replay(deal, get_variant("giza-6x4"), [Move.parse(m) for m in e["solution"]],
               require_win=True)
    assert "rejected by reason" in r.stderr and "blocked" in r.stderr
    r2 = CliRunner().invoke(main, args)
    assert r2.exit_code == 0 and out.read_bytes() == first  # same args, same file


def test_cli_generate_bad_grade_exits_2() -> None:
    r = CliRunner().invoke(main, ["generate", "--grade", "impossible", "--deals", "0:3"])
    assert r.exit_code == 2 and "impossible" in r.output


def test_cli_generate_reads_deal_numbers_from_a_file(tmp_path: Path) -> None:
    numbers = tmp_path / "deals.txt"
    numbers.write_text("# two winnable Giza 6x4 deals, in this order\n5\n1\n")
    out = tmp_path / "g.jsonl"
    r = CliRunner().invoke(main, ["generate", "-V", "giza-6x4", "--count", "5", "--deals",
                                  str(numbers), "--out", str(out), "-j", "1",
                                  "--oracle-nodes", "100000"])
    assert r.exit_code == 0, r.output
    assert [json.loads(x)["deal"] for x in out.read_text().splitlines()] == [5, 1]
    assert "scanned 2 deals" in r.stderr and "fewer than 5" in r.stderr


def test_summary_counts_every_rejection_by_its_reason() -> None:
    """Each scanned deal is kept or rejected for one reason; the blocked count is the
    number of deals the search proves blocked (the rest of the range is winnable)."""
    v = get_variant("giza-6x4")
    entries, s = generate(v, range(0, 20), ["easy"], 2, workers=1, budgets=SMALL)
    assert s.last_deal is not None and s.scanned == s.last_deal + 1
    assert sum(s.kept.values()) + sum(s.rejected.values()) == s.scanned
    assert sum(s.kept.values()) == len(entries) == s.kept["easy"]
    statuses = [solve(Deal.from_number(n), v).status for n in range(s.scanned)]
    assert s.rejected["blocked"] == statuses.count("blocked")
    assert sum(s.graded.values()) == statuses.count("winnable")
    assert sum(n for r, n in s.rejected.items() if "not wanted" in r) == \
        sum(s.graded.values()) - s.kept["easy"]
    assert "rejected by reason" in s.text() and f"blocked {s.rejected['blocked']}" in s.text()


def test_cli_generate_overlap_is_marked_on_the_puzzle(tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl"
    r = CliRunner().invoke(main, ["generate", "-V", "giza-6x4", "--overlap", "--count", "1",
                                  "--deals", "0:30", "--out", str(out), "-j", "1",
                                  "--oracle-nodes", "100000", "--no-progress"])
    assert r.exit_code == 0, r.output
    (e,) = [json.loads(x) for x in out.read_text().splitlines()]
    assert e["collection"] == "giza-6x4-overlap" and e["variant"]["overlap"] is True
    v = Variant.from_options(e["variant"])
    assert v.overlap and v.name == "giza-6x4"
    replay(Deal.from_number(e["deal"]), v, [Move.parse(m) for m in e["solution"]],
           require_win=True)


def test_par_alternatives_detour_and_oracle_agree() -> None:
    """Along a Par best line, an alternative settled by the detour (the rest of the line
    with the alternative slipped in) is one the CP-SAT oracle also finds harmless, and
    the oracle's decision answer matches its best-score answer (search back end)."""
    from pyramids.engines.cpsat import solve as cpsat_solve
    from pyramids.generator.grading import detour_reaches

    v = get_variant("par-pyramid")
    deal = Deal.from_number(2)
    best_line = cpsat_solve(deal, v)
    best = best_line.score
    assert best is not None
    fast = Oracle(deal, v, backend="cpsat")
    exact = Oracle(deal, v, backend="search", node_limit=5_000_000)
    game = Game(deal, v)
    detours = checked = 0
    for i, move in enumerate(best_line.moves[:30]):
        for alt in game.legal_moves():
            if alt == move:
                continue
            game.push(alt)
            by_detour = detour_reaches(game, best_line.moves[i:], alt, best)
            answer = fast.at_least(game, best)
            detours += by_detour
            if by_detour:
                assert answer is True
            ref = exact.status_of(game)
            if ref.exact and answer is not None:
                assert answer == (ref.score is not None and ref.score >= best)
                checked += 1
            game.pop()
        game.push(move)
    assert detours >= 3 and checked >= 10


@pytest.mark.parametrize("number", [11, 17, 18])
def test_par_proof_agrees_with_cpsat(number: int) -> None:
    """Every Par position query the unscored search settles (oracle.par_proof) gets
    CP-SAT's answer, and a line it gives replays to at least the target: the
    alternatives along a best line, against their best score and a lower target.
    (Deals 11, 17 and 18 have positions where the pyramid is cleared in one pass and the
    last cards go in a later one: the score counts the pass of the pyramid.)"""
    from pyramids.engines.cpsat import reaches
    from pyramids.engines.cpsat import solve as cpsat_solve
    from pyramids.generator.oracle import par_proof

    v = get_variant("par-pyramid")
    deal = Deal.from_number(number)
    first = cpsat_solve(deal, v)
    assert first.score is not None
    game = Game(deal, v)
    settled = 0
    for i, move in enumerate(first.moves):
        if i % 3 == 0:
            for alt in game.legal_moves():
                game.push(alt)
                for target in (first.score, first.score - 10):
                    proof = par_proof(game, target)
                    if proof is None:
                        continue
                    settled += 1
                    start = tuple(game.moves)
                    answer = reaches(deal, v, target, start=start, deterministic=5.0).answer
                    assert answer == (proof.status == "winnable"), (start, target)
                    if proof.status == "winnable":
                        r = replay(deal, v, start + proof.moves, require_win=False)
                        assert r.score is not None and r.score >= target
                game.pop()
        game.push(move)
    assert settled >= 20
