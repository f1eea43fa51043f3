"""Benchmark the general search's win-seeking (issue 41's h71): the kernel with and
without seeking "order" (:func:`pyramids.engines.pairs.kernel._score`), on PySolFC's
own numbered deals, in the same run.

    PYTHONPATH=src .venv/bin/python benchmarks/bench_seeking.py [--limit 200000]
        [--game NAME:N ...] [--config before|after ...] [--weights U,L,S,CAP,NOISE]

Each ``--game`` names a game and how many deals (pysolfc:1..N); by default Cheops 100,
Apophis 100, the two-deck games 30 each, and the blocked-heavy Pharaohs, Pyramid Dozen
and Pyramid Thirteen 100 each (whose node totals must not grow). Per game and setting:
winnable / blocked / unknown, the nodes in all, the CPU seconds (``time.process_time``,
compile excluded), and the deals winnable in one setting and blocked in another
(contradictions: must be 0). ``before`` is every pruning and the restarts without
"order"; ``after`` is the default (everything). ``--weights`` sets kernel.ORDER_UNDER,
ORDER_LAYOUT, ORDER_SCARCE, ORDER_CAP and ORDER_NOISE for the run (tuning), and
``--under2``, ``--two-decks``, ``--one-deck`` and ``--unit`` the two-deck games' score
weight and the restarts' splits and unit. Results: the end of bench_pairs_results.txt.
"""

from __future__ import annotations

import argparse
import time

from pyramids.core.rules import GAMES
from pyramids.engines.pairs import kernel, solve
from pyramids.pysolfc.family import game_deal
from pyramids.pysolfc.games import PySolFCGame

DEFAULT = ["pysolfc-cheops:100", "pysolfc-apophis:100", "pysolfc-two-pyramids:30",
           "pysolfc-double-pyramid:30", "pysolfc-up-and-down:30", "pysolfc-pharaohs:100",
           "pysolfc-pyramid-dozen:100", "pysolfc-pyramid-thirteen:100"]
CONFIGS = {"before": (*kernel.PRUNINGS, "restarts"), "after": kernel.PRUNINGS + kernel.SEEKING}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=200_000)
    ap.add_argument("--game", action="append")
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS))
    ap.add_argument("--weights")
    ap.add_argument("--under2", type=int, help="ORDER_UNDER_TWO_DECKS")
    ap.add_argument("--two-decks", help="RESTART_FIRST_TWO_DECKS,RESTART_SHARE_TWO_DECKS")
    ap.add_argument("--unit", type=float, help="RESTART_UNIT")
    ap.add_argument("--one-deck", help="RESTART_FIRST,RESTART_SHARE")
    args = ap.parse_args()
    if args.weights:
        (kernel.ORDER_UNDER, kernel.ORDER_LAYOUT, kernel.ORDER_SCARCE, kernel.ORDER_CAP,
         kernel.ORDER_NOISE) = (int(w) for w in args.weights.split(","))
    if args.under2 is not None:
        kernel.ORDER_UNDER_TWO_DECKS = args.under2
    if args.two_decks:
        kernel.RESTART_FIRST_TWO_DECKS, kernel.RESTART_SHARE_TWO_DECKS = (
            float(x) for x in args.two_decks.split(","))
    if args.one_deck:
        kernel.RESTART_FIRST, kernel.RESTART_SHARE = (float(x) for x in args.one_deck.split(","))
    if args.unit:
        kernel.RESTART_UNIT = args.unit
    configs = args.config or list(CONFIGS)
    for warm in ("pysolfc-triangle", "pysolfc-apophis"):  # compile/load, both talons
        rules = GAMES[warm]
        solve(rules, game_deal(PySolFCGame(1), rules).cards, node_limit=100, engine="kernel")
    print(f"# node limit {args.limit:,}; weights under, layout, scarce, cap, noise = "
          f"{kernel.ORDER_UNDER}, {kernel.ORDER_LAYOUT}, {kernel.ORDER_SCARCE}, "
          f"{kernel.ORDER_CAP}, {kernel.ORDER_NOISE}; two decks under "
          f"{kernel.ORDER_UNDER_TWO_DECKS}, first, share "
          f"{kernel.RESTART_FIRST_TWO_DECKS:g}, {kernel.RESTART_SHARE_TWO_DECKS:g}; unit "
          f"{kernel.RESTART_UNIT:g}")
    for spec in args.game or DEFAULT:
        name, count = spec.rsplit(":", 1)
        rules = GAMES[name]
        deals = [game_deal(PySolFCGame(i), rules).cards for i in range(1, int(count) + 1)]
        got: dict[str, list[str]] = {}
        for label in configs:
            statuses, nodes, cpu = [], 0, 0.0
            for cards in deals:
                t0 = time.process_time()
                out = solve(rules, cards, node_limit=args.limit, engine="kernel",
                            prune=CONFIGS[label])
                cpu += time.process_time() - t0
                statuses.append(out.status)
                nodes += out.nodes
            got[label] = statuses
            flips = sum(1 for i in range(len(deals))
                        if {g[i] for g in got.values()} >= {"winnable", "blocked"})
            print(f"{name:26} {label:6} deals {len(deals):4}  W {statuses.count('winnable'):4} "
                  f"B {statuses.count('blocked'):4} U {statuses.count('unknown'):4}  "
                  f"nodes {nodes:13,}  cpu {cpu:8.1f} s  contradictions {flips}", flush=True)


if __name__ == "__main__":
    main()
