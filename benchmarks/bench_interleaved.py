"""``check`` with several engines on the same deals, interleaved deal by deal in one process.

    .venv/bin/python benchmarks/bench_interleaved.py --preset par-pyramid --deals 0:600 \
        [--overlap both] [--engines auto,cpsat,search] [--time-limit 10]

On a shared machine two runs made one after the other see different loads; here every
deal is solved by each engine in turn (every order of the engines in turn, deal by deal),
so the engines share the load, and CPU seconds (``time.process_time``) are compared, not
wall time. Prints per engine: total and median CPU per deal, unknowns, and the ratio to the
first engine; and the deals where the engines' status or Par score differ (there must
be none). Warm-up (numba cache, OR-Tools) on deals past the range first, not counted.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import time

from pyramids.answers.check import check
from pyramids.core.deals import Deal
from pyramids.core.variants import Variant, get_variant
from pyramids.engines.cpsat import solve as cpsat_solve
from pyramids.engines.search import solve as search_solve


def warm_up(variant: Variant, first: int, engines: list[str], time_limit: float) -> None:
    """Load every engine's compiled code (numba cache, OR-Tools) before timing: each
    engine itself on one deal, since ``check`` may settle a deal by a certificate
    without calling any engine, then ``check`` on ten deals past the measured range."""
    deal = Deal.from_number(first)
    search_solve(deal, variant, node_limit=1000)
    cpsat_solve(deal, variant, time_limit=time_limit)
    for n in range(first, first + 10):
        for e in engines:
            check(Deal.from_number(n), variant, engine=e, time_limit=time_limit)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="par-pyramid")
    ap.add_argument("--deals", default="0:300", help="A:B")
    ap.add_argument("--overlap", choices=("both", "preset", "flipped"), default="both")
    ap.add_argument("--engines", default="auto,cpsat,search")
    ap.add_argument("--time-limit", type=float, default=10.0)
    args = ap.parse_args()
    a, b = (int(x) for x in args.deals.split(":"))
    engines = args.engines.split(",")
    base = get_variant(args.preset)
    overlaps = {"both": [base.overlap, not base.overlap], "preset": [base.overlap],
                "flipped": [not base.overlap]}[args.overlap]
    print(f"2 cores; load average {tuple(round(x, 2) for x in os.getloadavg())}; "
          f"{args.preset} deals {a}..{b - 1}; engines {engines}; time limit {args.time_limit} s")
    for overlap in overlaps:
        variant = base.with_options(overlap=overlap)
        warm_up(variant, b, engines, args.time_limit)
        cpu: dict[str, list[float]] = {e: [] for e in engines}
        unknown = {e: 0 for e in engines}
        differ: list[int] = []
        # every order of the engines in turn, so each follows each other as often: the
        # CPU clock counts every thread of the process, and CP-SAT's worker threads still
        # winding down are charged to whichever engine runs next (with a plain rotation of
        # three engines, 'auto' followed CP-SAT twice as often as 'search' did)
        orders = list(itertools.permutations(engines))
        for n in range(a, b):
            deal = Deal.from_number(n)
            answers = {}
            for e in orders[n % len(orders)]:
                t0 = time.process_time()
                v = check(deal, variant, engine=e, time_limit=args.time_limit)
                cpu[e].append(time.process_time() - t0)
                unknown[e] += v.status == "unknown"
                if v.status != "unknown":
                    answers[e] = (v.status, v.score)
            if len(set(answers.values())) > 1:
                differ.append(n)
        first = sum(cpu[engines[0]])
        print(f"{variant.name} overlap={overlap}: {b - a} deals, load "
              f"{os.getloadavg()[0]:.1f}")
        for e in engines:
            total = sum(cpu[e])
            print(f"  {e:<7} CPU {total:8.2f} s  mean {1000 * total / len(cpu[e]):7.2f} ms  "
                  f"median {1000 * statistics.median(cpu[e]):7.2f} ms  unknown {unknown[e]:3d}  "
                  f"x{total / first:5.2f} of {engines[0]}")
        print(f"  status or score differ on: {differ or 'none'}")


if __name__ == "__main__":
    main()
