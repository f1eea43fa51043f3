"""Difficulty grading of a winnable deal, measured exactly by the solvers.

What makes a deal hard for a person, each measured on the deal (components):

``traps``
    positions on the winning line offering at least one *tempting losing move*: a legal
    move after which the position is PROVED lost by the position oracle
    (:mod:`.oracle`; ``unknown`` never counts). Under Par scoring a losing move is one
    after which the best reachable score is proved lower than the deal's best. When the
    best is 50 (a one-pass win, which is then the solution) two cheaper sound proofs come
    first: 50 needs every card discarded and the pyramid cleared in the first pass, so a
    position the unscored rules prove lost, or from which one pass cannot clear the
    pyramid, scores less.
``losing_moves``
    how many such moves in all; ``unsettled``: alternatives the oracle could not settle.
``decisions``, ``branching``
    positions on the line with 2 or more legal moves, and their mean number of legal moves.
``failed``
    which simple human strategies (:mod:`.greedy`) fail to win (Par: fail to reach the
    best score).
``lines``
    essentially different winning lines counted up to 2 (:mod:`.lines`); 1 = unique
    (``unique`` is then true), ``null`` = not settled within budget.
``length``, ``pyramid_pairs``
    moves in the solution, and its discards of two pyramid cards.
``lookahead_losses``
    games lost out of ``Budgets.lookahead_games`` (50) by the ``lookahead-3`` player of
    :mod:`.players`, who looks three moves ahead with a plain card-counting heuristic
    (Par: games that do not reach the best score). Seeded (``GRADING_SEED``, apart from the
    seeds the players' evidence uses), so deterministic. The solver facts above count
    traps; this says how many of them a player who thinks a little still falls into.
``planner_losses``, ``planner_left`` (one-pass Pyramid only: ``VARIANT_WEIGHTS``)
    games lost out of ``Budgets.lookahead_games`` (50) by each of the stock-aware
    ``planner-1``, ``planner-2`` and ``planner-3`` players of :mod:`.players`, summed
    (0..150: how far up the ladder of planning a player must climb to win the deal), and
    the cards left at the end of their games on average (a win leaves none): the
    look-ahead players who cannot see across the stock lose nearly every Pyramid deal
    beyond the easy ones, so without these the medium, hard and expert Pyramid deals were
    not told apart at the table.
``lookahead_shortfall`` (Par only)
    how many points below the best score those games end, on average: nearly every Par
    game misses the best score, so the losses hardly tell Par deals apart; this does
    (Par Pyramid weighs it 3.0, its losses 0.25 and its traps 0.75: ``VARIANT_WEIGHTS``).

Score (a weighted sum; the weights say how much each feature costs a solver by hand)::

    score = 2.0 * traps + 0.5 * losing_moves + 2.5 * len(failed)
          + 3.0 * [lines == 1] + 1.0 * [lines unknown]
          + 1.0 * (branching - 1) + 0.25 * pyramid_pairs + 0.05 * length
          + 1.0 * lookahead_losses

    (one-pass Pyramid: 3.0 * lookahead_losses instead, + 1.0 * planner_losses
     + 2.0 * planner_left; ``VARIANT_WEIGHTS``)

Grades: ``easy`` below the first threshold, ``medium``, ``hard``, then ``expert`` from
the third. Thresholds are per variant (``THRESHOLDS``): the 40th, 70th and 90th
percentiles of the score over the winnable deals of a scan (easy 40 %, medium 30 %,
hard 20 %, expert 10 % of winnable deals), computed by ``scripts/grade_thresholds.py``
from ``benchmarks/bench_generate.py --out`` records and pasted here. A variant without
its own thresholds uses ``FALLBACK_THRESHOLDS`` (open games: Giza's; stock games: the
Pyramid thresholds of the score without the Pyramid-only terms).

Deterministic: every budget is a node count, CP-SAT runs one worker with a
deterministic-time budget, and the oracle caches by position (order-independent).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pyramids.answers.certificates import quick_certificate
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.referee import replay
from pyramids.core.variants import Variant
from pyramids.generator.greedy import STRATEGIES, play_out
from pyramids.generator.lines import count_lines
from pyramids.generator.oracle import Oracle
from pyramids.generator.players import get_player, make_table, play_many, rng_for, win_rates

GRADES = ("easy", "medium", "hard", "expert")
PAR_MAX = 50  # the best Par score there is: everything discarded in the first pass
QUANTILES = (0.40, 0.70, 0.90)

# (medium from, hard from, expert from): scripts/grade_thresholds.py over the records of
# benchmarks/bench_generate.py with lookahead_losses in the score: Giza deals 0..1729 (673
# winnable), Giza 6x4 deals 0..6913 (1208), Pyramid deals 0..9999 (709); the scans were
# stopped by the clock, see src/pyramids/data/puzzles/README.md. Par Pyramid: below.
# Re-run the scripts after changing a weight or a component.
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "giza": (89.18, 108.57, 126.26),
    "giza-6x4": (83.05, 100.7, 115.29),
    # one-pass Pyramid with the planners' games (VARIANT_WEIGHTS), deals 0..9999 (709
    # winnable), 2026-11-23
    "pyramid": (265.89, 353.29, 382.08),
    # Par: deals 0..9999 graded with CP-SAT (solve and position oracle; 6665 graded, 3335
    # not-cleared, none unknown), lookahead_losses included, 2026-11-24; the records are
    # benchmarks/grades/par-pyramid.jsonl.gz
    "par-pyramid": (126.77, 169.68, 201.41),
    # PySolFC's three games with a talon: the 40th, 70th and 90th percentiles of the scores
    # of their winnable games among 32000..51999, graded under the clicks presets
    # (scripts/make_pysolfc_seeds.py thresholds; records in docs/results/pysolfc/*/grades),
    # 2026-11-25: Pyramid 13,265 seeds, Relaxed Pyramid 13,349, King Tut 11,156
    "pysolfc-pyramid": (55.62, 77.7, 94.16),
    "pysolfc-relaxed-pyramid": (19.88, 43.54, 77.81),
    "pysolfc-king-tut": (79.4, 92.52, 109.3),
}

WEIGHTS = {"traps": 2.0, "losing_moves": 0.5, "failed": 2.5, "unique": 3.0,
           "lines_unknown": 1.0, "branching": 1.0, "pyramid_pairs": 0.25, "length": 0.05,
           "lookahead_losses": 1.0, "lookahead_shortfall": 0.0}
# Weights of some variants (by variant name, as the thresholds) that replace or add to
# ``WEIGHTS``: ``combine`` weighs a variant's components with them, and ``measure``
# measures the components only they name (planner_losses, planner_left) for them alone.
# One-pass Pyramid: the planners' games, and lookahead-3's losses weigh three times as
# much (the players who cannot plan across the stock win Pyramid deals that the planners
# lose; scripts/grade_thresholds.py, src/pyramids/data/puzzles/README.md)
VARIANT_WEIGHTS: dict[str, dict[str, float]] = {
    "pyramid": {"lookahead_losses": 3.0, "planner_losses": 1.0, "planner_left": 2.0},
    # Par: the grading player nearly never reaches the exact best score (47 of 50 games
    # lost on the average deal), so how far below it the games end tells deals apart and
    # the losses hardly do; traps are many (13 on average) and weigh less. Chosen on the
    # 10,000-deal scan's records against the players' games (src/pyramids/data/puzzles/README.md)
    "par-pyramid": {"lookahead_shortfall": 3.0, "lookahead_losses": 0.25, "traps": 0.75},
}
GRADING_SEED = 17  # the lookahead player's games when grading (the evidence uses others)
GRADING_PLAYER = "lookahead-3"
# the stock-aware players of planner_losses, from the one who plans least
PLANNER_LADDER = ("planner-1", "planner-2", "planner-3")


@dataclass(frozen=True)
class Budgets:
    """Node and time budgets (all deterministic)."""

    solve_nodes: int = 5_000_000  # proving the deal winnable (Par: its best score)
    oracle_nodes: int = 300_000  # each position query
    cpsat_dtime: float = 20.0  # CP-SAT deterministic time for the second line
    line_positions: int = 3000  # restricted search for the second line (stock games)
    line_queries: int = 300  # and the oracle queries it may make
    lookahead_games: int = 50  # games the lookahead player plays (lookahead_losses)


@dataclass
class Grading:
    """A graded deal: grade, score, components and the verified solution."""

    deal: Deal
    variant: Variant
    solution: tuple[Move, ...]
    components: dict[str, Any] = field(default_factory=dict)
    score: float = 0.0
    grade: str = "easy"

    @property
    def unique(self) -> bool:
        return self.components.get("lines") == 1


@dataclass(frozen=True)
class Rejection:
    """Why a deal is not a puzzle: ``blocked``, ``unknown`` (solver budget), or
    ``not-cleared`` (Par: the pyramid can never be cleared)."""

    reason: str
    detail: str = ""


# Variants without thresholds of their own: open games take Giza's; stock games the
# Pyramid thresholds of the score without ``planner_losses`` (which only Pyramid's score
# has), measured on Pyramid deals 0..9999 on 2026-11-23 (the King Tut bonus collection was
# graded with them)
FALLBACK_THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "open": THRESHOLDS["giza"],
    "stock": (83.69, 99.83, 117.43),
}


def thresholds_for(variant: Variant) -> tuple[float, float, float]:
    if variant.name in THRESHOLDS:
        return THRESHOLDS[variant.name]
    return FALLBACK_THRESHOLDS["open" if variant.is_open else "stock"]


def grade_of(score: float, thresholds: Sequence[float]) -> str:
    g = 0
    for t in thresholds:
        if score >= t:
            g += 1
    return GRADES[g]


def combine(components: dict[str, Any], variant: Variant | str | None = None) -> float:
    """The weighted score of the components (see the module docstring); ``variant`` (or
    its name) weighs them with its own weights where it has them (``VARIANT_WEIGHTS``)."""
    name = variant.name if isinstance(variant, Variant) else variant
    own = VARIANT_WEIGHTS.get(name or "", {})
    w = WEIGHTS | own
    lines = components["lines"]
    s = (w["traps"] * components["traps"] + w["losing_moves"] * components["losing_moves"]
         + w["failed"] * len(components["failed"]) + w["unique"] * (lines == 1)
         + w["lines_unknown"] * (lines is None)
         + w["branching"] * max(0.0, components["branching"] - 1.0)
         + w["pyramid_pairs"] * components["pyramid_pairs"]
         + w["length"] * components["length"]
         + w["lookahead_losses"] * components["lookahead_losses"]
         + w["lookahead_shortfall"] * components.get("lookahead_shortfall", 0.0))
    for key, weight in own.items():
        if key not in WEIGHTS:  # a component of this variant alone
            s += weight * components[key]
    return round(float(s), 2)


def solve_deal(deal: Deal, variant: Variant, budgets: Budgets) -> tuple[Move, ...] | Rejection:
    """A verified winning line (Par: a best-score line) or why there is none."""
    from pyramids.engines.search import solve

    if variant.scoring != "par" and quick_certificate(deal, variant) is not None:
        return Rejection("blocked", "instant certificate")
    if variant.scoring == "par" and variant.objective == "all" and (variant.passes or 2) > 1:
        # 50, clearing everything in the first pass, is the best Par score there is: a
        # one-pass win (a far cheaper search than Par's exhaustive one) is a best line
        one = solve(deal, variant.with_options(passes=1, scoring="none"),
                    node_limit=budgets.solve_nodes)
        if one.status == "winnable":
            line = tuple(one.moves)
            if replay(deal, variant, line, require_win=False).score == PAR_MAX:
                return line
    if variant.scoring == "par":
        # the engine portfolio (CP-SAT first for Par: every Par deal of 0..199 in at most
        # 0.17 s CPU, where the search left 20 unknown at 10 s; benchmarks/bench_portfolio.py),
        # without a time limit: CP-SAT runs one worker, so the line is deterministic
        from pyramids.answers.check import run_engine

        v = run_engine(deal, variant, "auto", None)
    else:
        v = solve(deal, variant, node_limit=budgets.solve_nodes)
    if v.status == "unknown":
        return Rejection("unknown", v.reason)
    if variant.scoring == "par":
        line = tuple(v.moves)
        r = replay(deal, variant, line, require_win=False)
        game = Game(deal, variant)
        for m in line:
            game.push(m)
        if game.cleared_pass is None:
            return Rejection("not-cleared", f"best Par score {r.score}")
        return line
    if v.status != "winnable":
        return Rejection("blocked")
    line = tuple(v.moves)
    replay(deal, variant, line, require_win=True)
    return line


def strategy_result(deal: Deal, variant: Variant, name: str, best: int | None) -> bool:
    """Does strategy ``name`` win (Par: reach the best score ``best``)?"""
    won, moves = play_out(deal, variant, STRATEGIES[name])
    if variant.scoring != "par":
        return won
    game = Game(deal, variant)
    top = game.par_score()
    for m in moves:
        game.push(m)
        top = max(top, game.par_score())
    return best is not None and top >= best


def measure(deal: Deal, variant: Variant, line: Sequence[Move],
            budgets: Budgets = Budgets()) -> dict[str, Any]:
    """The components of ``deal`` along the winning (or best-score) ``line``."""
    par = variant.scoring == "par"
    oracle = Oracle(deal, variant, node_limit=budgets.oracle_nodes)
    best = replay(deal, variant, line, require_win=not par).score if par else None
    # Par with best score 50: 50 needs every card discarded AND the pyramid cleared in the
    # first pass, so a position from which either is PROVED impossible (the same rules
    # without scoring; one pass with objective pyramid) scores less: cheap, sound first
    # tests (the Par oracle is an exhaustive search and often runs out of budget)
    plain = first = None
    if par and best == PAR_MAX:
        plain = Oracle(deal, variant.with_options(scoring="none"),
                       node_limit=budgets.oracle_nodes)
        first = Oracle(deal, variant.with_options(passes=1, objective="pyramid", scoring="none"),
                       node_limit=budgets.oracle_nodes)

    def below_max(g: Game) -> bool:
        """Proved: no line from ``g`` scores 50 (see above)."""
        assert plain is not None and first is not None
        if plain.status(g.moves).status == "blocked":
            return True
        if g.cleared_pass is None:
            return g.pass_no > 1 or first.status(g.moves).status == "blocked"
        return False

    npyr = variant.pyramid_cards
    pyr_cards = {int(c) for c in deal.cards[:npyr]}
    game = Game(deal, variant)
    traps = losing = unsettled = decisions = 0
    legal_total = 0
    for i, move in enumerate(line):
        legal = game.legal_moves()
        if len(legal) >= 2:
            decisions += 1
            legal_total += len(legal)
            here = 0
            for alt in legal:
                if alt == move:
                    continue
                game.push(alt)
                if plain is not None and below_max(game):
                    game.pop()
                    here += 1
                    continue
                if par:
                    assert best is not None
                    reached = detour_reaches(game, line[i:], alt, best) \
                        or oracle.at_least(game, best)
                    lost = None if reached is None else not reached
                else:
                    res = oracle.status_of(game)
                    lost = None if not res.exact else res.status == "blocked"
                game.pop()
                if lost is None:
                    unsettled += 1
                elif lost:
                    here += 1
            losing += here
            traps += here > 0
        game.push(move)
    failed = [name for name in STRATEGIES if not strategy_result(deal, variant, name, best)]
    lc = count_lines(deal, variant, line, oracle=oracle, best=best,
                     cpsat_budget=budgets.cpsat_dtime, position_budget=budgets.line_positions,
                     query_budget=budgets.line_queries)
    comps: dict[str, Any] = {
        "traps": traps, "losing_moves": losing, "unsettled": unsettled,
        "decisions": decisions,
        "branching": round(legal_total / decisions, 2) if decisions else 1.0,
        "failed": failed, "lines": lc.count, "lines_method": lc.method,
        "length": len(line),
        "pyramid_pairs": sum(1 for m in line if m.is_discard and len(m.cards) == 2
                             and all(int(c) in pyr_cards for c in m.cards)),
        "oracle_queries": oracle.queries,
    }
    if par:
        assert best is not None
        comps["lookahead_losses"], comps["lookahead_shortfall"] = lookahead_par(
            deal, variant, budgets.lookahead_games, best)
        comps["best_score"] = best
    else:
        comps["lookahead_losses"] = lookahead_losses(deal, variant, budgets.lookahead_games,
                                                     best)
    if "planner_losses" in VARIANT_WEIGHTS.get(variant.name, {}):
        comps["planner_losses"], comps["planner_left"] = planner_games(
            deal, variant, budgets.lookahead_games, best)
    return comps


def detour_reaches(game: Game, rest: Sequence[Move], alt: Move, best: int) -> bool:
    """Par: after the alternative ``alt`` (just played on ``game``), does the rest of the
    best line, ``alt``'s own turn left out, still reach ``best``? A line the rules engine
    plays to ``best`` proves the alternative no mistake, at the cost of a replay: so it
    goes for about 45 % of the alternatives of Par lines (deals 1..14), before any
    solver is asked."""
    g = game.copy()
    skipped = False
    for m in rest:
        if m == alt and not skipped:
            skipped = True
            continue
        if g.why_illegal(m) is not None:
            return False
        g.push(m)
    return g.par_score() >= best


def planner_games(deal: Deal, variant: Variant, games: int, best: int | None
                  ) -> tuple[int, float]:
    """The games of each planner of ``PLANNER_LADDER`` (``games`` each, the grading's
    seed): how many they lose in all (how far up the ladder of planning a player must
    climb to win the deal), and the cards left at the end of a game, on average over
    all of them (a won game leaves none): it still tells deals apart where every game
    is lost."""
    table = make_table(deal, variant)
    lost = left = 0
    for name in PLANNER_LADDER:
        player = get_player(name)
        rng = rng_for(deal, variant, player, GRADING_SEED)
        for p in play_many(table, player, rng, games, best):
            lost += not p.won
            left += 0 if p.won else p.left
    return lost, round(left / (games * len(PLANNER_LADDER)), 2)


def lookahead_losses(deal: Deal, variant: Variant, games: int, best: int | None,
                     player: str = GRADING_PLAYER) -> int:
    """Games out of ``games`` the grading's lookahead player (or ``player``) loses (Par:
    falls short of ``best``), with the grading's own seed."""
    (rate,) = win_rates(deal, variant, games, [get_player(player)], GRADING_SEED, best)
    return rate.games - rate.wins


def lookahead_par(deal: Deal, variant: Variant, games: int, best: int) -> tuple[int, float]:
    """Par: the grading player's games (as :func:`lookahead_losses` plays them) that fall
    short of ``best``, and by how many points they fall short on average.

    Nearly every Par game misses the best score, so the losses alone hardly tell Par
    deals apart; the mean shortfall says how far below it a thinking player ends."""
    player = get_player(GRADING_PLAYER)
    table = make_table(deal, variant)
    rng = rng_for(deal, variant, player, GRADING_SEED)
    tops = [p.score for p in play_many(table, player, rng, games, best)]
    reached = [best if t is None else min(t, best) for t in tops]
    losses = sum(1 for t in reached if t < best)
    return losses, round(sum(best - t for t in reached) / games, 2)


def grade_deal(deal: Deal, variant: Variant, budgets: Budgets = Budgets(),
               thresholds: Sequence[float] | None = None) -> Grading | Rejection:
    """Prove ``deal`` winnable, measure it, score it and grade it."""
    line = solve_deal(deal, variant, budgets)
    if isinstance(line, Rejection):
        return line
    comps = measure(deal, variant, line, budgets)
    score = combine(comps, variant)
    th = thresholds if thresholds is not None else thresholds_for(variant)
    return Grading(deal, variant, line, comps, score, grade_of(score, th))
