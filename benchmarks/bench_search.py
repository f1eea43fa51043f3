"""Benchmark the exact search solver over deals 0..N-1 for the issue's five cases.

Prints, per case: deals per CPU-second (one core: CPU time of this process, so
other people's load on the shared machine counts less than in wall time), the
wall-clock rate, the median time per deal, the verdict counts and the peak
memory of the process. Solution verification by the referee is included, as in
``pyramids.engines.search.solve``. With ``--batch`` (when the search has it), a second line
per case: the same deals made by the compiled shuffle and solved in chunks of
``--chunk`` by ``Searcher.solve_many`` (the bulk runs' batch path), referee included,
and whether its verdicts are those of ``solve``. Usage::

    python benchmarks/bench_search.py [--count 10000] [--case pyramid ...] [--batch]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from collections import Counter

from pyramids.core.deals import Deal
from pyramids.core.variants import Variant, get_variant
from pyramids.engines.search import solve

CASES: dict[str, tuple[Variant, int]] = {
    "pyramid": (get_variant("pyramid"), 850),
    "pyramid-overlap": (get_variant("pyramid", overlap=True), 300),
    "pyramid-objective-pyramid": (get_variant("pyramid", objective="pyramid"), 300),
    "bouquet": (get_variant("bouquet"), 20000),
    "giza": (get_variant("giza"), 500),
}


def bench_batch(name: str, variant: Variant, count: int, target: int, chunk: int,
                statuses: Counter[str], nodes: int) -> None:
    import numpy as np

    from pyramids.engines.search import batch, default_searcher

    searcher = default_searcher()
    got: Counter[str] = Counter()
    got_nodes = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for lo in range(0, count, chunk):
        numbers = list(range(lo, min(count, lo + chunk)))
        cards = np.zeros((len(numbers), 52), np.int64)
        batch.shuffle_numbers(np.array(numbers, np.uint64), cards)
        for v in searcher.solve_many(cards, numbers, variant):
            assert v is not None
            got[v.status] += 1
            got_nodes += v.nodes
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    same = "same verdicts" if (got, got_nodes) == (statuses, nodes) else "DIFFERENT VERDICTS"
    print(f"{name + ' (batch)':27s} {count / cpu:9.0f} deals/cpu-s (target {target}), "
          f"{count / wall:9.0f} deals/wall-s, chunks of {chunk}, {same} as solve()",
          flush=True)


def bench(name: str, variant: Variant, count: int, target: int,
          time_limit: float | None, batch: int = 0) -> None:
    solve(Deal.from_number(0), variant)  # JIT load outside the timing
    statuses: Counter[str] = Counter()
    per_deal: list[float] = []
    nodes = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for n in range(count):
        c = time.process_time()
        v = solve(Deal.from_number(n), variant, time_limit=time_limit)
        per_deal.append(time.process_time() - c)
        statuses[v.status] += 1
        nodes += v.nodes
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if batch:
        bench_batch(name, variant, count, target, batch, statuses, nodes)
    print(f"{name:27s} {count / cpu:9.0f} deals/cpu-s (target {target}), "
          f"{count / wall:9.0f} deals/wall-s, median {statistics.median(per_deal) * 1e3:.3f} ms, "
          f"mean {cpu / count * 1e3:.3f} ms, max {max(per_deal) * 1e3:.0f} ms, "
          f"{nodes / count:.0f} nodes/deal, {dict(statuses)}, peak RSS {rss:.0f} MiB",
          flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=10000, help="deals 0..COUNT-1")
    ap.add_argument("--case", action="append", choices=list(CASES),
                    help="case(s) to run (default: all)")
    ap.add_argument("--time-limit", type=float, default=None,
                    help="per-deal time limit in seconds (default: none)")
    ap.add_argument("--batch", action="store_true",
                    help="also time Searcher.solve_many (the bulk runs' batch path)")
    ap.add_argument("--chunk", type=int, default=1024, help="deals per solve_many call")
    args = ap.parse_args()
    for name in args.case or list(CASES):
        variant, target = CASES[name]
        bench(name, variant, args.count, target, args.time_limit,
              args.chunk if args.batch else 0)


if __name__ == "__main__":
    main()
