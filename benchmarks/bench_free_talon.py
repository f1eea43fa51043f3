"""Benchmark the ``free-talon`` certificate (h74) on PySolFC's Apophis: check_game as a
stats run calls it (``engine="auto"``, its node limit), without and with the
certificate, deal by deal in one process, on PySolFC's own deals pysolfc:FIRST..LAST.

    PYTHONPATH=src .venv/bin/python benchmarks/bench_free_talon.py [--first 1] [--last 200]
        [--node-limit 1000000] [--config before|after ...]

Per setting: winnable / blocked / unknown, blocked by which certificate or engine, the
nodes in all, the CPU per deal (``time.process_time``; mean, median, p99, the most),
the unknown deals' numbers, and deals winnable in one setting and blocked in the other
(contradictions: must be 0). Results: the end of bench_pairs_results.txt.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from pyramids.answers import family
from pyramids.core.rules import GAMES
from pyramids.engines.pairs import solve
from pyramids.pysolfc.family import game_deal
from pyramids.pysolfc.games import PySolFCGame


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=200)
    ap.add_argument("--node-limit", type=int, default=1_000_000)
    ap.add_argument("--config", action="append", choices=["before", "after"])
    args = ap.parse_args()
    rules = GAMES["pysolfc-apophis"]
    solve(rules, game_deal(PySolFCGame(1), rules).cards, node_limit=100)  # compile/load
    deals = [(i, game_deal(PySolFCGame(i), rules).cards)
             for i in range(args.first, args.last + 1)]
    applies = family.free_talon_applies
    got: dict[str, dict[int, str]] = {}
    print(f"# pysolfc-apophis pysolfc:{args.first}..{args.last}, check_game engine auto, "
          f"node limit {args.node_limit:,}")
    for label in args.config or ["before", "after"]:
        family.free_talon_applies = applies if label == "after" else (lambda rules: False)
        status: dict[int, str] = {}
        kinds: Counter[str] = Counter()
        cpu: list[float] = []
        nodes = 0
        for number, cards in deals:
            t0 = time.process_time()
            v = family.check_game(rules, cards, node_limit=args.node_limit, engine="auto")
            cpu.append(time.process_time() - t0)
            status[number] = v.status
            nodes += v.nodes
            if v.status == "blocked" and v.certificate is not None:
                kinds[v.certificate.kind] += 1
        family.free_talon_applies = applies
        got[label] = status
        tally = Counter(status.values())
        unknown = [n for n, s in status.items() if s == "unknown"]
        cpu.sort()
        p99 = cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))]
        print(f"pysolfc-apophis {label:6} deals {len(deals):5}  W {tally['winnable']:5} "
              f"B {tally['blocked']:5} U {tally['unknown']:4}  blocked by "
              + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
              + f"  nodes {nodes:,}  cpu {sum(cpu):.1f} s: mean {statistics.mean(cpu):.3f}"
              f" median {statistics.median(cpu):.4f} p99 {p99:.2f} max {cpu[-1]:.2f}",
              flush=True)
        print(f"#   unknown: {' '.join(map(str, unknown)) or 'none'}", flush=True)
    if len(got) == 2:
        contra = [n for n in got["before"]
                  if {got["before"][n], got["after"][n]} == {"winnable", "blocked"}]
        print(f"# contradictions {len(contra)} {contra if contra else ''}")


if __name__ == "__main__":
    main()
