"""Benchmark the Dask runner against the local process pool: one-pass Pyramid, exact.

    nice .venv/bin/python benchmarks/bench_cluster.py [--count 2000] [--rounds 3]

Four set-ups over the same deals: the local pool with 1 worker (the calling process) and
2 workers, and a Dask ``LocalCluster`` (loopback, one thread per worker process) with 1
and 2 workers. All four are started and warmed first (``--warm`` other deals: process
start-up, imports, numba's cached code, the solver's work arrays); then each round runs
the timed range on each set-up in turn, so that a change of load on a shared machine
hits them all alike. Prints deals per second per run, the median and best, and checks
the tallies agree. The figures depend on the machine and on who else is using it; the
CPU time per deal (the set-up's worker processes and this one, which also hosts the Dask
scheduler and nannies) shows the engine's overhead even on a loaded machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Collection, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import psutil

from pyramids.bulk import BulkRunner, Job, RangeSource
from pyramids.bulk.stats import Tally
from pyramids.core.variants import get_variant


@contextmanager
def local_pool(workers: int) -> Iterator[BulkRunner]:
    with BulkRunner(workers) as runner:
        yield runner


@contextmanager
def dask_cluster(workers: int) -> Iterator[BulkRunner]:
    from distributed import Client, LocalCluster

    from pyramids.bulk.cluster import DaskRunner

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address="127.0.0.1:0", silence_logs=40) as lc, \
            Client(lc, set_as_default=False) as client, DaskRunner(client) as runner:
        yield runner


def children() -> set[int]:
    return {p.pid for p in psutil.Process().children(recursive=True)}


def cpu_seconds(pids: set[int]) -> float:
    """User + system CPU time of this process and of ``pids`` (those still alive)."""
    total = 0.0
    for pid in {os.getpid(), *pids}:
        try:
            t = psutil.Process(pid).cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += t.user + t.system
    return total


def run(runner: BulkRunner, job: Job, source: RangeSource, pids: Collection[int] = ()
        ) -> tuple[float, float, Tally]:
    """Wall seconds, CPU seconds (this process and ``pids``) and the tally of a run."""
    tally = Tally()
    cpu = cpu_seconds(pids)
    start = time.perf_counter()
    for rec in runner.run(source, job):
        tally.add(rec)
    return time.perf_counter() - start, cpu_seconds(pids) - cpu, tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--warm", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)

    variant = get_variant("pyramid", passes=1, objective="all", overlap=False)
    job = Job(variant)
    timed = RangeSource(args.start, args.start + args.count)
    warm = RangeSource(10**9, 10**9 + args.warm)
    setups: list[tuple[str, Callable[[], Any]]] = [
        ("local pool, 1 worker", lambda: local_pool(1)),
        ("local pool, 2 workers", lambda: local_pool(2)),
        ("Dask LocalCluster, 1 worker", lambda: dask_cluster(1)),
        ("Dask LocalCluster, 2 workers", lambda: dask_cluster(2)),
    ]
    print(f"one-pass Pyramid, exact, deals {timed.description}, {args.rounds} rounds "
          f"(set-ups interleaved, each warmed by {args.warm} other deals first), "
          f"{os.cpu_count()} cores shared, load average {os.getloadavg()[0]:.2f}", flush=True)
    rates: dict[str, list[float]] = {name: [] for name, _ in setups}
    cpu_ms: dict[str, list[float]] = {name: [] for name, _ in setups}
    counts: set[tuple[int, int, int, int]] = set()
    with ExitStack() as stack:
        runners = []
        for name, make in setups:
            start = time.perf_counter()
            before = children()
            runner = stack.enter_context(make())
            run(runner, job, warm)
            runners.append((name, runner, children() - before))  # its worker processes
            print(f"{name:30s} started and warmed in {time.perf_counter() - start:5.1f} s",
                  flush=True)
        for r in range(1, args.rounds + 1):
            for name, runner, pids in runners:
                seconds, cpu, tally = run(runner, job, timed, pids)
                counts.add((tally.deals, tally.winnable, tally.blocked, tally.unknown))
                rates[name].append(tally.deals / seconds)
                cpu_ms[name].append(1000 * cpu / tally.deals)
                print(f"  round {r} {name:30s} {rates[name][-1]:7.1f} deals/s, "
                      f"{cpu_ms[name][-1]:5.2f} CPU ms/deal (load {os.getloadavg()[0]:.2f})",
                      flush=True)
    print(f"tallies (deals, winnable, blocked, unknown): {sorted(counts)} "
          f"({'identical' if len(counts) == 1 else 'DIFFERENT'} in every run)")
    for name, got in rates.items():
        print(f"RESULT {name:30s} median {statistics.median(got):7.1f} deals/s, "
              f"best {max(got):7.1f}; CPU {statistics.median(cpu_ms[name]):5.2f} ms/deal "
              "(median; all its processes and this one)")
    return 0 if len(counts) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
