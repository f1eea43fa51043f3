"""Benchmark the general search (pyramids.engines.pairs) on PySolFC's ten pyramid games:
the Python search against the compiled kernel, in the same run, on the same deals.

    PYTHONPATH=src .venv/bin/python benchmarks/bench_pairs.py [--deals 100] [--python-deals 10]
        [--limit 20000] [--kernel-limit 200000] [--seed 41] [--game NAME ...]
        [--config before|match|full|split|after ...]

Deals are random (``random.Random(seed)`` shuffles the game's decks; PySolFC's own deal
numbers will come from pyramids.pysolfc.family). Two tables:

1. both engines on the first ``--python-deals`` deals of each game at ``--limit`` nodes:
   deals per CPU second, median / p99 / slowest deal (CPU ms, ``time.process_time``),
   the verdicts, and whether the two engines agree deal for deal (status and nodes; the
   kernel without its pruning visits the Python search's positions exactly); none with
   ``--python-deals 0``;
2. the kernel alone on ``--deals`` deals at ``--kernel-limit`` nodes, in the same run,
   in the settings ``--config`` names (all four by default): ``before`` with the
   prunings "waste" and "twins" (the default before issue 41's h53), ``match`` with
   "match" (Hall's condition per rank class) too, ``full`` with everything and "waste"
   and "match" asking every talon card and class at every node (``kernel.FULL_TESTS``:
   the default before h62), ``split`` with everything and the restarts' share of the
   limit in two-deck games as before h62 (a quarter after a quarter, not three quarters
   after an eighth), and ``after`` with everything (the default: the restarts too,
   "waste" and "match" asking only what a move changed): the same columns, the
   nodes in all, how many deals the limit left unknown, the deals winnable in one run
   and blocked in another, and (``after``) the deals with the same status and nodes as
   in ``full``.

The kernel plays every game (three wastes too). The kernel is compiled (or loaded from
numba's cache) before anything is timed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pyramids.core.cards import Card
from pyramids.core.rules import GAMES, Rules
from pyramids.engines.pairs import Engine, Outcome, kernel, solve


def deals_of(rules: Rules, count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(f"{seed}/{rules.name}")
    out = []
    for _ in range(count):
        cards = [Card(i % 52) for i in range(rules.cards)]
        rng.shuffle(cards)
        out.append(tuple(cards))
    return out


def timed(rules: Rules, deals: list[tuple[Card, ...]], engine: Engine,
          limit: int, prune: bool | tuple[str, ...], full_match: bool = False,
          old_split: bool = False) -> tuple[list[Outcome], list[float]]:
    found, times = [], []
    kernel.FULL_TESTS = full_match
    split = kernel.RESTART_FIRST_TWO_DECKS, kernel.RESTART_SHARE_TWO_DECKS
    if old_split:
        kernel.RESTART_FIRST_TWO_DECKS = kernel.RESTART_FIRST
        kernel.RESTART_SHARE_TWO_DECKS = kernel.RESTART_SHARE
    try:
        for cards in deals:
            t0 = time.process_time()
            found.append(solve(rules, cards, node_limit=limit, engine=engine, prune=prune))
            times.append(time.process_time() - t0)
    finally:
        kernel.FULL_TESTS = False
        kernel.RESTART_FIRST_TWO_DECKS, kernel.RESTART_SHARE_TWO_DECKS = split
    return found, times


def row(name: str, engine: str, found: list[Outcome], times: list[float]) -> str:
    total = sum(times)
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    slow = max(range(len(times)), key=times.__getitem__)
    tally = {s: sum(1 for f in found if f.status == s) for s in ("winnable", "blocked",
                                                                 "unknown")}
    rate = len(times) / total if total else float("inf")
    return (f"{name:26} {engine:6} {len(times):6} {rate:10.1f} {statistics.median(ms):9.2f} "
            f"{p99:9.1f} {ms[-1]:9.1f} (#{slow}, {found[slow].nodes:,} nodes)  "
            f"W {tally['winnable']} B {tally['blocked']} U {tally['unknown']}")


#: table 2's settings: label, prunings, "waste" and "match" asking everything at every
#: node, the two-deck games' restarts split as before h62
CONFIGS: list[tuple[str, bool | tuple[str, ...], bool, bool]] = [
    ("before", ("waste", "twins"), False, False),
    ("match", ("waste", "twins", "match"), False, False),
    ("full", True, True, False), ("split", True, False, True), ("after", True, False, False)]

HEAD = (f"{'game':26} {'engine':6} {'deals':>6} {'deals/cpu-s':>10} {'median ms':>9} "
        f"{'p99 ms':>9} {'slowest':>9}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--python-deals", type=int, default=10)
    ap.add_argument("--limit", type=int, default=20_000)
    ap.add_argument("--kernel-limit", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--game", action="append", choices=sorted(GAMES))
    ap.add_argument("--config", action="append", choices=[c[0] for c in CONFIGS])
    args = ap.parse_args()
    games = [GAMES[g] for g in (args.game or GAMES)]
    for warm in ("pysolfc-triangle", "pysolfc-apophis"):  # compile/load, both talons
        solve(GAMES[warm], deals_of(GAMES[warm], 1, 0)[0], node_limit=100, engine="kernel")
    if args.python_deals > 0:
        python_table(games, args.python_deals, args.limit, args.seed)
    configs = [c for c in CONFIGS if args.config is None or c[0] in args.config]
    print(f"\n# the kernel alone, {args.deals} deals per game, node limit "
          f"{args.kernel_limit:,}, seed {args.seed}: before = prunings waste, twins; "
          "match = and match; full = everything, waste and match asking every card and "
          "class at every node; split = everything, two-deck restarts as before h62; "
          f"after = everything ({', '.join(kernel.PRUNINGS + kernel.SEEKING)})")
    print(HEAD)
    for rules in games:
        deals = deals_of(rules, args.deals, args.seed)
        runs: dict[str, list[Outcome]] = {}
        for label, prune, full, split in configs:
            found, times = timed(rules, deals, "kernel", args.kernel_limit, prune, full,
                                 split)
            runs[label] = found
            flips = sum(1 for i in range(len(deals))
                        if {f[i].status for f in runs.values()} >= {"winnable", "blocked"})
            same = ""
            if label == "after" and "full" in runs:  # h62: the same positions pruned
                same = "  same status+nodes as full " + str(sum(
                    (a.status, a.nodes) == (b.status, b.nodes)
                    for a, b in zip(runs["full"], found, strict=True))) + f"/{len(deals)}"
            print(row(rules.name, label, found, times) + f"  nodes "
                  f"{sum(f.nodes for f in found):,}  contradictions {flips}{same}",
                  flush=True)


def python_table(games: list[Rules], count: int, limit: int, seed: int) -> None:
    """Table 1: the Python search against the kernel without its prunings."""
    print(f"# same deals, both engines, node limit {limit:,}, seed {seed}, "
          "the kernel without its pruning")
    print(HEAD)
    for rules in games:
        deals = deals_of(rules, count, seed)
        slow, t_slow = timed(rules, deals, "python", limit, False)
        print(row(rules.name, "python", slow, t_slow), flush=True)
        if kernel.supports(rules):
            fast, t_fast = timed(rules, deals, "kernel", limit, False)
            same = sum(1 for a, b in zip(slow, fast, strict=True)
                       if (a.status, a.nodes) == (b.status, b.nodes))
            agree = sum(1 for a, b in zip(slow, fast, strict=True) if a.status == b.status
                        or "unknown" in (a.status, b.status))
            print(row(rules.name, "kernel", fast, t_fast) + f"  same status+nodes "
                  f"{same}/{len(deals)}, no contradiction {agree}/{len(deals)}", flush=True)


if __name__ == "__main__":
    main()
