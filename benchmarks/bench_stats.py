"""Benchmark ``pyramids stats``: one-pass Pyramid (objective all, no overlap) over N deals.

    .venv/bin/python benchmarks/bench_stats.py [--count 10000] [--start 0] [--workers N]
                                               [--mode exact|quick] [--engine auto]
                                               [--out records.jsonl]

Prints the tally and deals per second (wall clock, pool start-up and the engines'
JIT warm-up included). The figures depend on the machine and on who else is using it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from pyramids.bulk import BulkRunner, Job, OutFile, RangeSource, default_workers
from pyramids.stats import Tally, format_tally
from pyramids.variants import get_variant


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--workers", type=int, default=default_workers())
    ap.add_argument("--chunk", type=int, default=None)
    ap.add_argument("--mode", choices=("exact", "quick"), default="exact")
    ap.add_argument("--engine", choices=("auto", "search", "cpsat"), default="auto")
    ap.add_argument("--time-limit", type=float, default=None)
    ap.add_argument("--out", help="Also keep the per-deal records (a new JSON-lines file).")
    args = ap.parse_args(argv)

    variant = get_variant("pyramid", passes=1, objective="all", overlap=False)
    job = Job(variant, args.mode, args.engine, args.time_limit)
    source = RangeSource(args.start, args.start + args.count)
    tally = Tally()
    load = os.getloadavg()[0]
    start = time.perf_counter()
    with BulkRunner(args.workers, args.chunk) as runner:
        out = OutFile(args.out, job, source) if args.out else None
        for rec in runner.run(source, job, out):
            tally.add(rec)
    seconds = time.perf_counter() - start
    print(format_tally(tally, variant, seconds, tally.deals, args.workers))
    print(f"deals {source.description}, mode {args.mode}, engine {args.engine}, "
          f"{args.workers} workers of {os.cpu_count()} cores, load average before "
          f"{load:.2f}, after {os.getloadavg()[0]:.2f}")
    print(f"RESULT deals_per_second={tally.deals / seconds:.1f} "
          f"per_worker={tally.deals / seconds / args.workers:.1f} seconds={seconds:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
