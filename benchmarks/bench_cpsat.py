"""CPU milliseconds per deal of the CP-SAT engine: median and p99, presolve off and on.

Measured: ``pyramids.engines.cpsat.solve`` end to end (model building, one CP-SAT worker,
turning the solution into moves, the referee's replay), CPU time of this process.
The machine is shared, so figures are noisy: compare runs made side by side.

    .venv/bin/python benchmarks/bench_cpsat.py                    # open games + stock games
    .venv/bin/python benchmarks/bench_cpsat.py --open 2000 --stock 0
"""

from __future__ import annotations

import argparse
import statistics
import time

from pyramids import Deal, get_variant
from pyramids.engines.cpsat import solve

OPEN = ("bouquet", "giza", "giza-6x4")
STOCK = ("pyramid", "king-tut", "cheops", "par-pyramid", "tuts-tomb")


def run(name: str, count: int, start: int, presolve: bool, overlap: bool) -> None:
    variant = get_variant(name, overlap=overlap)
    times: list[float] = []
    statuses: dict[str, int] = {}
    solve(Deal.from_number(10**9), variant, presolve=presolve)  # warm up
    for n in range(start, start + count):
        deal = Deal.from_number(n)
        t0 = time.process_time()
        v = solve(deal, variant, presolve=presolve)
        times.append((time.process_time() - t0) * 1000)
        statuses[v.status] = statuses.get(v.status, 0) + 1
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    label = f"{name}{' +overlap' if overlap else ''}"
    print(f"{label:<20} presolve {'on ' if presolve else 'off'} n={count:<5} "
          f"median {statistics.median(times):8.2f} ms  p99 {p99:8.2f} ms  "
          f"max {times[-1]:8.1f} ms  {statuses}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--open", type=int, default=1000, help="Deals per open game.")
    ap.add_argument("--stock", type=int, default=50, help="Deals per stock game.")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--overlap", action="store_true", help="Also with overlap discards.")
    ap.add_argument("--presolve", choices=["off", "on", "both"], default="both",
                    help="CP-SAT presolve (the engine's default is off).")
    ap.add_argument("--only", action="append", choices=[*OPEN, *STOCK],
                    help="Just these games (default: all).")
    args = ap.parse_args()
    presolves = {"off": [False], "on": [True], "both": [False, True]}[args.presolve]
    overlaps = [False, True] if args.overlap else [False]
    for names, count in ((OPEN, args.open), (STOCK, args.stock)):
        for name in names if count else ():
            if args.only and name not in args.only:
                continue
            for overlap in overlaps:
                for presolve in presolves:
                    run(name, count, args.start, presolve, overlap)


if __name__ == "__main__":
    main()
