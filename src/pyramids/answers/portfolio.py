"""The engine portfolio behind ``engine='auto'``: which exact engine runs first, with
what budget, per variant, and the runner that plays such a policy.

A :class:`Policy` is a sequence of :class:`Stage` s: an engine (``search`` or ``cpsat``)
with an optional budget (search: nodes, deterministic; any engine: wall seconds). The
stages run in order until one settles the deal (``winnable`` or ``blocked``); a later
stage gets what is left of the caller's time limit. Whichever engine settles the deal
answers; its winning line has been replayed by the referee (both engines do it), and
``blocked`` comes only from an engine that exhausted the position (its certificate).
When every stage gave up, the verdict is ``unknown`` with what each engine reached
(Par: the best score found, a lower bound).

The table :data:`POLICIES` is data keyed by variant features (rest kind, draw, passes,
scoring, overlap, objective); the first rule whose features match answers. The rules
and their budgets rest on the measurements of ``benchmarks/bench_portfolio.py``
(results in ``benchmarks/bench_portfolio_results.txt``); see :data:`MEASURED`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from pyramids.core.deals import Deal
from pyramids.core.moves import Move
from pyramids.core.variants import Variant
from pyramids.core.verdict import EngineRun, Verdict
from pyramids.engines import clock

#: The exact engines, and the choices of every ``engine=`` / ``--engine`` (``auto``: the
#: policy of :func:`policy_for`). The one place these names are written.
ExactEngine = Literal["search", "cpsat"]
EngineName = Literal["auto", ExactEngine]
ENGINE_NAMES: tuple[ExactEngine, ...] = get_args(ExactEngine)
ENGINES: tuple[EngineName, ...] = get_args(EngineName)


@dataclass(frozen=True)
class Stage:
    """One engine run: ``nodes`` bounds the search (deterministic), ``seconds`` the wall
    time of any engine (``None``: whatever is left of the caller's limit)."""

    engine: str
    nodes: int | None = None
    seconds: float | None = None
    #: Par, CP-SAT stages: once CP-SAT has proven the best score, ask the search (this
    #: many nodes) whether all 52 cards can go before CP-SAT's own model; ``None``: don't
    win_nodes: int | None = None

    def __post_init__(self) -> None:
        if self.engine not in ENGINE_NAMES:
            raise ValueError(f"stage engine must be one of {ENGINE_NAMES}, got {self.engine!r}")
        if self.nodes is not None and self.engine != "search":
            raise ValueError(f"a node budget is for the search, not {self.engine!r}")
        if self.win_nodes is not None and self.engine != "cpsat":
            raise ValueError(f"win_nodes is for CP-SAT stages, not {self.engine!r}")

    def budget(self) -> str:
        parts = []
        if self.nodes is not None:
            parts.append(f"{self.nodes} nodes")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        if self.win_nodes is not None:
            parts.append(f"whether all 52 cards can go: the search first, {self.win_nodes} nodes")
        return ", ".join(parts)


@dataclass(frozen=True)
class Policy:
    """The stages to run in order, and why (the measurement behind them)."""

    stages: tuple[Stage, ...]
    why: str = ""


@dataclass(frozen=True)
class Rule:
    """``features``: the variant features this rule needs (see :func:`features`)."""

    features: dict[str, Any]
    policy: Policy

    def matches(self, f: dict[str, Any]) -> bool:
        return all(f[k] == v for k, v in self.features.items())


def features(variant: Variant) -> dict[str, Any]:
    """The variant features a policy is keyed by."""
    return {"rest": variant.rest, "draw": variant.draw, "passes": variant.passes,
            "scoring": variant.scoring, "overlap": variant.overlap,
            "objective": variant.objective}


SEARCH = Policy((Stage("search"),), "the search alone")
CPSAT = Policy((Stage("cpsat"),), "CP-SAT alone")
FALLBACK = Policy((Stage("search"), Stage("cpsat")),
                  "the search, then CP-SAT with the time left (the order before the portfolio)")
CPSAT_FIRST = Policy(
    (Stage("cpsat", win_nodes=50_000), Stage("search")),
    "Par: CP-SAT settles every deal in at most 0.17 s CPU (mean 35-42 ms); the search "
    "spends 0.4-0.7 s on average and leaves 5-10 % unknown at 10 s; no search budget "
    "before CP-SAT pays (2000 nodes: the same total, more nodes: more). Once CP-SAT has "
    "the best score, the search answers whether all 52 cards can go when that is still "
    "open (17 of deals 0..299: 2.8 ms each within 50,000 nodes, CP-SAT's model 39 ms)")


def search_first(nodes: int, why: str) -> Policy:
    """The search for ``nodes`` nodes, then CP-SAT with the time left, then the search
    again without a budget (for a deal CP-SAT could not settle in that time)."""
    return Policy((Stage("search", nodes=nodes), Stage("cpsat"), Stage("search")), why)


SEARCH_50K = search_first(
    50_000,
    "the search settles most deals in under a millisecond; 50,000 nodes (some 10-30 ms) "
    "then hands the rest to CP-SAT, which settles them faster than the search would "
    "(Cheops: 4.49 / 6.29 s against 5.70 / 14.7 s search alone, 19.0 / 19.7 s CP-SAT alone)")
SEARCH_200K = search_first(
    200_000,
    "one-pass draw-1 Pyramid: the search settles every deal of 0..999 within 200,000 nodes "
    "(0.3-0.8 ms median) and CP-SAT costs 12-14 ms a deal, so an earlier hand-over only "
    "adds CP-SAT's cost (50,000 nodes: 2-4 % more CPU than the search alone); CP-SAT "
    "stays behind the budget for the rare deal the search finds hard")
SEARCH_1M = search_first(
    1_000_000,
    "Tut's Tomb (draw 3, unlimited passes): CP-SAT is slow on this model (mean 0.18-0.25 s) "
    "and the search's hard deals are few: 1M nodes, then CP-SAT for those: 2.5-2.7 s "
    "against 5.4 s search alone (1 unknown) and 29-35 s CP-SAT alone (1-3 unknown)")

#: The measured figures the policies rest on: ``benchmarks/bench_portfolio.py --count 1000
#: --cap 10`` (deals 0..999, each engine alone per deal, CPU seconds over the deals that
#: need an engine, certificates apart; quiet machine, load 1.6-2), and ``--count 200`` for
#: Par and Tut's Tomb (load 6-10), from ``benchmarks/bench_portfolio_results.txt``:
#:
#: ================== ============ ============ ================ ==================
#: preset (overlap)   search alone CP-SAT alone chosen policy    chosen, costed
#: ================== ============ ============ ================ ==================
#: pyramid (no / yes) 3.77 / 5.78  11.4 / 14.5  search 200k, .. 3.77 / 5.77
#: par-pyramid        144 / 81     7.08 / 8.43  cpsat, search    7.08 / 8.43
#: cheops             5.70 / 14.7  19.0 / 19.7  search 50k, ..   4.49 / 6.29
#: king-tut           1.59 / 1.78  8.72 / 9.99  search 50k, ..   1.59 / 1.78
#: tuts-tomb (yes/no) 5.42 / 5.41  29.0 / 34.9  search 1M, ..    2.53 / 2.69
#: giza               1.67 / 2.25  3.11 / 4.26  search 50k, ..   1.67 / 2.25
#: giza-6x4           1.53 / 2.12  3.34 / 5.10  search 50k, ..   1.53 / 2.12
#: bouquet            0.19 / 0.26  1.14 / 1.41  search 50k, ..   0.19 / 0.26
#: ================== ============ ============ ================ ==================
#:
#: (``..``: then CP-SAT, then the search without a budget.) Pyramid with 50,000 nodes cost
#: 3.84 / 5.98 s: the search of issue 14 settles its deals in fewer, cheaper nodes, so the
#: budget measured before it handed CP-SAT deals the search finishes sooner.
#: Unknowns at 10 s: the search left 20 / 10 (Par), 1 / 1 (Tut's Tomb); CP-SAT 1 / 3
#: (Tut's Tomb); the chosen policies none. The race (both engines at once, the first to
#: settle answers) is costed at twice the faster engine's CPU, which the 2-core machine
#: pays when every core has a deal: never cheaper than the chosen policy except where
#: both are a millisecond; it would also need a way to stop each engine from outside and
#: give up determinism (the numba kernel holds the GIL: no ``nogil``), so it is not used.
MEASURED = "benchmarks/bench_portfolio_results.txt"

#: First matching rule wins; the last one matches every variant.
POLICIES: tuple[Rule, ...] = (
    Rule({"scoring": "par"}, CPSAT_FIRST),
    Rule({"rest": "stock", "draw": 3, "passes": None}, SEARCH_1M),
    Rule({"rest": "stock", "draw": 1, "passes": 1}, SEARCH_200K),
    Rule({}, SEARCH_50K),
)


def policy_for(variant: Variant) -> Policy:
    """The policy of the first rule of :data:`POLICIES` that ``variant`` matches."""
    f = features(variant)
    for rule in POLICIES:
        if rule.matches(f):
            return rule.policy
    return FALLBACK


def single(engine: str) -> Policy:
    """One engine alone, without a budget: ``engine='search'`` or ``'cpsat'``."""
    if engine == "search":
        return SEARCH
    if engine == "cpsat":
        return CPSAT
    raise ValueError(f"engine must be search or cpsat, got {engine!r}")


# -- running a policy --------------------------------------------------------------------

Runner = Callable[[Deal, Variant, tuple[Move, ...], Stage, float | None], Verdict]


def _run_search(deal: Deal, variant: Variant, start: tuple[Move, ...], stage: Stage,
                time_limit: float | None) -> Verdict:
    from pyramids.engines.search import solve

    v: Verdict = solve(deal, variant, start=start, node_limit=stage.nodes,
                       time_limit=time_limit)
    return v


def _run_cpsat(deal: Deal, variant: Variant, start: tuple[Move, ...], stage: Stage,
               time_limit: float | None) -> Verdict:
    from pyramids.engines import cpsat
    from pyramids.engines.search import solve

    asked: list[EngineRun] = []
    wall = clock.wall()

    def win_question(unscored: Variant) -> Verdict | None:
        """Par's second question (can all 52 cards go?) to the search first (see
        :data:`CPSAT_FIRST`)."""
        left = None if time_limit is None else max(time_limit - (clock.wall() - wall),
                                                   0.001)
        t0 = clock.wall()
        v: Verdict = solve(deal, unscored, start=start, node_limit=stage.win_nodes,
                           time_limit=left)
        asked.append(EngineRun("search", v.status, clock.wall() - t0, v.nodes,
                               f"{stage.win_nodes} nodes",
                               f"can all 52 cards go (Par's status): {_reached(v, unscored)}"))
        return v

    v: Verdict = cpsat.solve(deal, variant, start=start, time_limit=time_limit,
                             win_question=win_question if stage.win_nodes is not None
                             and variant.scoring == "par" else None)
    return replace(v, engines=tuple(asked))


RUNNERS: dict[str, Runner] = {"search": _run_search, "cpsat": _run_cpsat}


def _reached(v: Verdict, variant: Variant) -> str:
    if v.status != "unknown":
        return v.status + ("" if v.score is None else f", best score {v.score}")
    what = v.reason or "gave up"
    if v.score is not None:
        what += f"; best score found {v.score} (a lower bound)"
    return what


def run(deal: Deal, variant: Variant, policy: Policy, *, time_limit: float | None = None,
        start: Sequence[Move] = ()) -> Verdict:
    """Play ``policy`` on the position after ``start``; see the module docstring."""
    start = tuple(start)
    wall = clock.wall()
    runs: list[EngineRun] = []
    unknowns: list[Verdict] = []
    for stage in policy.stages:
        limit = None if time_limit is None else time_limit - (clock.wall() - wall)
        if limit is not None and limit <= 0.001:
            runs.append(EngineRun(stage.engine, "unknown", 0.0, 0, stage.budget(),
                                  "not run: the time limit was spent"))
            continue
        if limit is not None:
            limit = round(limit, 3)
        if stage.seconds is not None:
            limit = stage.seconds if limit is None else min(limit, stage.seconds)
        t0 = clock.wall()
        got = RUNNERS[stage.engine](deal, variant, start, stage, limit)
        runs.append(EngineRun(stage.engine, got.status, clock.wall() - t0, got.nodes,
                              stage.budget(), _reached(got, variant), got.score))
        runs.extend(got.engines)  # what the engine asked another (Par's second question)
        if got.status != "unknown":
            return replace(got, engines=tuple(runs))
        unknowns.append(got)
    if not unknowns:
        return Verdict("unknown", "auto" if len(policy.stages) > 1 else
                       policy.stages[0].engine,
                       reason="time limit spent before any engine ran", deal_number=deal.number,
                       engines=tuple(runs))
    if len(unknowns) == 1:
        return replace(unknowns[0], engines=tuple(runs))
    scores = [v.score for v in unknowns if v.score is not None]
    best = max(scores) if scores else None
    lines = [v for v in unknowns if v.moves and v.score == best]
    last = unknowns[-1]
    reason = "; ".join([*(f"{r.engine}: {r.reached}" for r in runs)])
    return Verdict("unknown", last.engine if len(unknowns) == 1 else "auto",
                   lines[0].moves if lines else (), score=best,
                   nodes=sum(v.nodes for v in unknowns), reason=reason,
                   deal_number=deal.number, engines=tuple(runs))
