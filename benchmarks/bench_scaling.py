"""Benchmark how ``pyramids stats`` scales with workers: the local pool and a Dask cluster.

    python benchmarks/bench_scaling.py --workers 1,2,4,8,16 --out RESULTS.txt

For each worker count N (``--workers``), in one run on one machine:

* **loop**: a plain CPU-bound Python loop in N forked processes, one loop each, so the
  rate N loops reach shows what the hardware gives N busy cores (frequency boost,
  shared caches, hyper-threads): the ceiling for any parallel code;
* **alone**: the same work's own ceiling: N forked processes, each solving the case's
  first K deals on its own (the kernels loaded before the fork, a warm-up, then all
  started together; no chunks, no results sent but one tally): what N busy cores give
  *this* work (its memory traffic included), not a loop's. Read its rates, not only its
  speed-ups: on the lent 16-core machine its one process ran slower than the pool's one
  worker (which runs in the calling process) on the same deals, so its speed-ups stood
  on a slow base (benchmarks/bench_scaling_results.txt, run 3);
* **pool**: ``pyramids.bulk.BulkRunner(N)``, the local process pool of
  ``pyramids stats -j N``;
* **dask**: a scheduler and N one-thread workers started as separate processes with
  Dask's own commands (``python -m dask scheduler``, ``python -m dask worker
  --nworkers N --nthreads 1``, loopback only), the way docs/usage.md's cluster recipe
  starts them, driven by ``pyramids.bulk.cluster.DaskRunner`` at its default settings;
* **dask-noprofile**, **dask-nonanny** (only at the largest N): the same with the workers'
  statistical profiler off (``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False``), or
  without nanny processes (``--no-nanny``): what either costs a busy machine.

Each runner does the work of ``pyramids stats`` (``pyramids.bulk.run_tally``, no out
file) on three cases: one-pass Pyramid (``-V pyramid``), the bouquet (``-V bouquet``)
and Microsoft Solitaire Collection's board goal (``-V msc --goal board``), over the
first ``--deals CASE=K`` x N deals (K deals per worker, so each configuration takes
about the same time), after a warm-up run on other deals (process start, imports, the
compiled kernels). Measured per configuration: wall seconds, deals per second, CPU
milliseconds per deal (this process and every process under it: pool workers, the
scheduler, the nannies and workers, sampled before and after the run), the engines' own
milliseconds per deal (the records' ``seconds``: what solving costs, whoever runs it),
*solving* (the engines' seconds over N x the wall seconds: the share of the workers'
time spent solving; the rest is start-up, hand-over, chunking and in-order waits) and
the speed-up over the same runner's first worker count; then Dask's rate beside the
pool's at the same N, and the pool's speed-up beside the loop's. The timed deals differ
with N (K per worker): the engine ms per deal shows how much that changes the cost.

Bounded in time: ``--deals`` sets the work per configuration, ``--budget`` the seconds
after which the configurations left are skipped (and said so). Each row is written to
``--out`` (appended) and ``--json-out`` as soon as it is measured, so a run stopped
early keeps what it measured. Run ``python -m pyramids.warmup`` first: the numba cache
is then warm and no worker compiles. The loop is measured ``--loop-repeat`` times at
each N, interleaved, and its median kept (a one-core loop's boost varies from minute to
minute on a shared host).

``--head-to-head R`` measures only the runners' ratio (issue 43, item 3: Dask at 90% of
the pool): R rounds of pool, dask, pool, dask, ... each configuration in a fresh process
of this script, so that drift moves both alike rather than whichever runs later (the
plain order runs every pool before any Dask client, minutes apart on 16 workers); per
case and worker count, Dask's rate over the pool's in each round and their median.

    python benchmarks/bench_scaling.py --workers 16 --runners pool,dask --head-to-head 3
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

import psutil

from pyramids.answers.goals import Goal
from pyramids.bulk import BulkRunner, RangeSource, run_tally
from pyramids.bulk.analysis import Job
from pyramids.bulk.pool import load_kernels, tally_chunk
from pyramids.bulk.sources import NumberRun
from pyramids.core.variants import get_variant

CASES = {  # name: (variant, goal, deals per worker by default)
    "pyramid": ("pyramid", None, 1500),
    "bouquet": ("bouquet", None, 30000),
    "msc-board": ("msc", "board", 250),
}
WARM_START = 10**9  # warm-up deals, far from the timed ones


@dataclass
class Row:
    """One configuration's measurement."""

    case: str
    runner: str
    workers: int
    deals: int
    seconds: float
    rate: float  # deals (loops) per second
    cpu_ms: float  # CPU ms per deal (per loop)
    speedup: float | None = None  # over the same runner's one-worker rate
    engine_ms: float | None = None  # the engines' own ms per deal (the records' seconds)
    busy: float | None = None  # the engines' seconds over workers x wall: time solving
    note: str = ""


def cpu_of_tree() -> dict[int, float]:
    """User + system CPU seconds of this process and of every process under it."""
    me = psutil.Process()
    out: dict[int, float] = {}
    for p in [me, *me.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            t = p.cpu_times()
            out[p.pid] = t.user + t.system
    return out


def cpu_between(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds spent between two readings (a process new since ``before`` counts
    from zero; one gone by ``after`` is missed: the runners keep theirs alive)."""
    return sum(t - before.get(pid, 0.0) for pid, t in after.items())


# -- the plain loop ---------------------------------------------------------------------

def spin(iterations: int) -> int:
    """A CPU-bound loop, no memory traffic to speak of."""
    x = 0
    for i in range(iterations):
        x = (x + i * i) % 1000003
    return x


def loop_wall(workers: int, iterations: int) -> tuple[float, float]:
    """N processes, each one :func:`spin` of ``iterations``, started together: the wall
    seconds and the CPU seconds they took."""
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers) as pool:
        pool.map(spin, [1000] * workers)  # processes started
        cpu0 = cpu_of_tree()
        t0 = time.perf_counter()
        pool.map(spin, [iterations] * workers, chunksize=1)
        wall = time.perf_counter() - t0
        cpu = cpu_between(cpu0, cpu_of_tree())
    return wall, cpu


def loop_rows(counts: list[int], iterations: int, repeat: int) -> list[Row]:
    """The loop at every count, ``repeat`` rounds interleaved (1, 2, ..., 1, 2, ...), the
    median wall of each count kept with its CPU."""
    got: dict[int, list[tuple[float, float]]] = {n: [] for n in counts}
    for _ in range(repeat):
        for n in counts:
            got[n].append(loop_wall(n, iterations))
    rows = []
    for n in counts:
        runs = sorted(got[n])
        wall, cpu = runs[len(runs) // 2]
        spread = f"{runs[0][0]:.2f}-{runs[-1][0]:.2f} s" if len(runs) > 1 else ""
        rows.append(Row("loop", "loop", n, n, wall, n / wall, 1000 * cpu / n,
                        note=f"median of {len(runs)}" + (f" ({spread})" if spread else "")))
    return rows


# -- the same work's ceiling ------------------------------------------------------------

def case_job(case: str) -> Job:
    """The job ``pyramids stats`` runs for a case without an out file."""
    variant_name, goal_text, _ = CASES[case]
    goal = Goal.parse(goal_text) if goal_text else None
    return Job(get_variant(variant_name), "exact", "auto", None, slim=True, goal=goal)


def _alone(job: Job, per_worker: int, ready: Any, go: Any, results: Any, leave: Any) -> None:
    """One process of the ceiling: a warm-up, wait for the others, deals 0..K-1, then
    stay until told (so that its CPU can be read)."""
    tally_chunk(NumberRun(WARM_START, WARM_START + max(2, per_worker // 10)), job)
    ready.put(os.getpid())
    go.wait()
    t = tally_chunk(NumberRun(0, per_worker), job)
    results.put((t.engine_seconds, t.winnable, t.blocked, t.unknown))
    leave.wait()


def alone_row(case: str, workers: int, per_worker: int) -> Row:
    """N forked processes solving the same K deals each, no pool: the rate N busy cores
    give this work."""
    job = case_job(case)
    load_kernels(job)
    ctx = multiprocessing.get_context("fork")
    ready, results = ctx.SimpleQueue(), ctx.SimpleQueue()
    go, leave = ctx.Event(), ctx.Event()
    procs = [ctx.Process(target=_alone, args=(job, per_worker, ready, go, results, leave))
             for _ in range(workers)]
    for p in procs:
        p.start()
    try:
        for _ in procs:
            ready.get()
        cpu0 = cpu_of_tree()
        t0 = time.perf_counter()
        go.set()
        got = [results.get() for _ in procs]
        wall = time.perf_counter() - t0
        cpu = cpu_between(cpu0, cpu_of_tree())
    finally:
        leave.set()
        for p in procs:
            p.join(timeout=30)
    deals = per_worker * workers
    engine = sum(g[0] for g in got)
    w, b, u = (sum(g[i] for g in got) for i in (1, 2, 3))
    return Row(case, "alone", workers, deals, wall, deals / wall, 1000 * cpu / deals,
               engine_ms=1000 * engine / deals, busy=engine / (workers * wall),
               note=f"{w} winnable, {b} blocked, {u} unknown; deals 0..{per_worker - 1} "
                    f"in each process")


# -- the runners ------------------------------------------------------------------------

@contextlib.contextmanager
def pool_runner(workers: int) -> Iterator[BulkRunner]:
    with BulkRunner(workers) as runner:
        yield runner


@contextlib.contextmanager
def dask_runner(workers: int, profile: bool = True, nanny: bool = True
                ) -> Iterator[BulkRunner]:
    """A scheduler and ``workers`` one-thread workers on the loopback, started by Dask's
    commands as separate processes (stopped after); ``profile``: the workers' statistical
    profiler on (Dask's default); ``nanny``: each worker under a nanny (the default)."""
    from distributed import Client

    from pyramids.bulk.cluster import DaskRunner

    with tempfile.TemporaryDirectory() as tmp:
        sched_file = str(Path(tmp) / "scheduler.json")
        quiet = subprocess.DEVNULL
        procs = [subprocess.Popen(
            [sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
             "--dashboard-address", "127.0.0.1:0", "--scheduler-file", sched_file],
            stdout=quiet, stderr=quiet)]
        try:
            deadline = time.monotonic() + 60
            while not Path(sched_file).exists():
                if time.monotonic() > deadline or procs[0].poll() is not None:
                    raise RuntimeError("the Dask scheduler did not start")
                time.sleep(0.1)
            env = dict(os.environ)
            if not profile:
                env["DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED"] = "False"
            cmd = [sys.executable, "-m", "dask", "worker", "--scheduler-file", sched_file,
                   "--host", "127.0.0.1", "--nthreads", "1", "--no-dashboard",
                   "--memory-limit", "0"]
            if nanny:
                procs.append(subprocess.Popen([*cmd, "--nworkers", str(workers)],
                                              stdout=quiet, stderr=quiet, env=env))
            else:  # one process a worker (--nworkers needs nannies)
                procs += [subprocess.Popen([*cmd, "--no-nanny"], stdout=quiet, stderr=quiet,
                                           env=env) for _ in range(workers)]
            address = json.loads(Path(sched_file).read_text())["address"]
            with Client(address, set_as_default=False) as client:  # type: ignore[no-untyped-call]
                client.wait_for_workers(workers, timeout=120)
                with DaskRunner(client, report=lambda _msg: None) as runner:
                    yield runner
        finally:
            for p in reversed(procs):
                p.terminate()
            for p in reversed(procs):
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()


RUNNERS: dict[str, Callable[[int], contextlib.AbstractContextManager[BulkRunner]]] = {
    "pool": pool_runner, "dask": dask_runner,
    "dask-noprofile": partial(dask_runner, profile=False),
    "dask-nonanny": partial(dask_runner, nanny=False)}
VARIANTS = ("dask-noprofile", "dask-nonanny")  # run at the largest worker count only


def stats_row(runner: BulkRunner, name: str, case: str, workers: int, per_worker: int) -> Row:
    """A warm-up run, then the timed run of ``pyramids stats`` on the case's deals."""
    variant_name, goal_text, _ = CASES[case]
    variant = get_variant(variant_name)
    goal = Goal.parse(goal_text) if goal_text else None
    warm = RangeSource(WARM_START, WARM_START + max(2 * workers, per_worker // 10))
    run_tally(runner, warm, variant, goal=goal, progress=False)
    deals = per_worker * workers
    cpu0 = cpu_of_tree()
    got = run_tally(runner, RangeSource(0, deals), variant, goal=goal, progress=False)
    cpu = cpu_between(cpu0, cpu_of_tree())
    t = got.tally
    note = f"{t.winnable} winnable, {t.blocked} blocked, {t.unknown} unknown"
    sizer = getattr(runner, "sizer", None)  # (an older pyramids, for a baseline: none)
    if sizer is not None:
        note += f"; chunks of {sizer.size()} at the end"
    return Row(case, name, workers, deals, got.seconds, deals / got.seconds,
               1000 * cpu / deals, engine_ms=1000 * t.engine_seconds / deals,
               busy=t.engine_seconds / (workers * got.seconds), note=note)


# -- the table ----------------------------------------------------------------------------

HEADER = ("| case | runner | workers | deals | seconds | deals/s | CPU ms/deal | "
          "engine ms/deal | solving | vs 1 worker | note |")


def row_line(r: Row) -> str:
    unit = "loops" if r.runner == "loop" else "deals"
    speed = f"{r.speedup:.2f}x" if r.speedup is not None else "-"
    engine = f"{r.engine_ms:.3f}" if r.engine_ms is not None else "-"
    busy = f"{100 * r.busy:.0f}%" if r.busy is not None else "-"
    return (f"| {r.case} | {r.runner} | {r.workers} | {r.deals:,} {unit} | {r.seconds:.2f} | "
            f"{r.rate:,.1f} | {r.cpu_ms:.3f} | {engine} | {busy} | {speed} | {r.note} |")


def machine() -> str:
    model = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return (f"{os.cpu_count()} logical cores ({len(os.sched_getaffinity(0))} usable), "
            f"{psutil.cpu_count(logical=False)} physical, {model or platform.machine()}, "
            f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}")


def summary(rows: list[Row]) -> list[str]:
    """The issue's ratios: the pool's speed-up beside the loop's and beside the same work's
    ceiling, Dask (and its variants) beside the pool at the same worker count."""
    out = []
    loop = {r.workers: r for r in rows if r.runner == "loop"}
    by = {(r.case, r.runner, r.workers): r for r in rows}
    for case in CASES:
        for n in sorted({r.workers for r in rows}):
            pool, dask = by.get((case, "pool", n)), by.get((case, "dask", n))
            alone = by.get((case, "alone", n))
            parts = []
            if pool is not None and pool.speedup is not None:
                parts.append(f"pool {pool.speedup:.2f}x over 1 worker")
                looped = loop[n].speedup if n in loop else None
                if looped:
                    parts.append(f"{100 * pool.speedup / looped:.0f}% of the loop's "
                                 f"{looped:.2f}x")
                ceiling = alone.speedup if alone is not None else None
                if ceiling:
                    parts.append(f"{100 * pool.speedup / ceiling:.0f}% of the same "
                                 f"work's ceiling {ceiling:.2f}x")
            if pool is not None and dask is not None:
                parts.append(f"dask at {100 * dask.rate / pool.rate:.0f}% of the pool's rate")
            if dask is not None and dask.speedup is not None:
                parts.append(f"dask {dask.speedup:.2f}x over 1 worker")
            for name in VARIANTS:
                other = by.get((case, name, n))
                if other is not None and pool is not None:
                    parts.append(f"{name} at {100 * other.rate / pool.rate:.0f}% of the "
                                 "pool's rate")
            if parts:
                out.append(f"- {case}, {n} workers: " + "; ".join(parts))
    return out


def head_to_head(argv: list[str], runners: list[str], rounds: int) -> Iterator[Row]:
    """``rounds`` rounds of each runner in turn (pool, dask, pool, dask, ...), each
    configuration in a fresh process of this script with ``argv`` (no loop, no
    ceiling), so that a machine whose speed drifts from minute to minute moves both alike
    instead of whichever ran later; each row's note says its round."""
    for r in range(1, rounds + 1):
        for name in runners:
            with tempfile.TemporaryDirectory() as tmp:
                out = Path(tmp) / "rows.jsonl"
                subprocess.run([sys.executable, __file__, *argv, "--runners", name,
                                "--loop", "0", "--budget", "1e9", "--json-out", str(out)],
                               check=True, stdout=subprocess.DEVNULL)
                for line in out.read_text().splitlines():
                    row = Row(**json.loads(line))
                    row.note = f"round {r}; {row.note}"
                    yield row


def head_to_head_summary(rows: list[Row], runners: list[str]) -> list[str]:
    """Per case and worker count, each other runner's rate over the first's, round by
    round, and the median of those ratios."""
    out = []
    base, others = runners[0], runners[1:]
    for case in CASES:
        for n in sorted({r.workers for r in rows}):
            mine = [r for r in rows if r.case == case and r.workers == n]
            firsts = [r for r in mine if r.runner == base]
            for name in others:
                ratios = [o.rate / b.rate for b, o in
                          zip(firsts, [r for r in mine if r.runner == name], strict=False)]
                if ratios:
                    out.append(f"- {case}, {n} workers: {name} at "
                               + ", ".join(f"{100 * x:.0f}%" for x in ratios)
                               + f" of the {base}'s rate in its rounds, median "
                               f"{100 * statistics.median(ratios):.0f}%")
    return out


def parse_deals(items: list[str]) -> dict[str, int]:
    per = {case: spec[2] for case, spec in CASES.items()}
    for item in items:
        case, _, k = item.partition("=")
        if case not in CASES or not k.isdigit() or int(k) < 1:
            raise SystemExit(f"--deals takes CASE=K with CASE one of {', '.join(CASES)} "
                             f"and K >= 1, got {item!r}")
        per[case] = int(k)
    return per


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", default="1,2", help="worker counts, comma-separated")
    ap.add_argument("--cases", default=",".join(CASES), help="cases, comma-separated")
    ap.add_argument("--runners", default="alone,pool,dask",
                    help="comma-separated, of: alone, " + ", ".join(RUNNERS) +
                    f" ({', '.join(VARIANTS)}: at the largest worker count only)")
    ap.add_argument("--deals", action="append", default=[], metavar="CASE=K",
                    help="deals per worker of a case (default: " +
                    ", ".join(f"{c}={s[2]}" for c, s in CASES.items()) + ")")
    ap.add_argument("--loop", type=int, default=20_000_000, metavar="ITERATIONS",
                    help="iterations of each process's plain loop (0: no loop)")
    ap.add_argument("--loop-repeat", type=int, default=3,
                    help="rounds of the loop at every worker count (the median is kept)")
    ap.add_argument("--budget", type=float, default=420.0,
                    help="seconds after which the configurations left are skipped")
    ap.add_argument("--head-to-head", type=int, default=0, metavar="R",
                    help="R rounds of the runners in turn, each configuration in a fresh "
                    "process (pool and dask alike; no loop, no ceiling): their ratio per "
                    "round and its median")
    ap.add_argument("--out", type=Path, help="append the table to this file")
    ap.add_argument("--json-out", type=Path, help="write the rows as JSON lines here")
    args = ap.parse_args(argv)
    counts = [int(w) for w in args.workers.split(",")]
    cases = args.cases.split(",")
    runners = args.runners.split(",")
    if any(c not in CASES for c in cases) or any(r not in {"alone", *RUNNERS}
                                                  for r in runners):
        raise SystemExit(f"cases are {', '.join(CASES)}; runners are alone, "
                         f"{', '.join(RUNNERS)}")
    per = parse_deals(args.deals)
    start = time.perf_counter()
    head = [f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: "
            f"bench_scaling --workers {args.workers} --cases {args.cases} --runners "
            f"{args.runners} --deals " + ",".join(f"{c}={per[c]}" for c in cases) +
            (f" --head-to-head {args.head_to_head}" if args.head_to_head else
             f" --loop {args.loop}"), f"# {machine()}", "", HEADER, "|---" * 11 + "|"]
    print("\n".join(head), flush=True)
    if args.out:
        with args.out.open("a") as f:
            f.write("\n".join(head) + "\n")
    if args.json_out:
        args.json_out.write_text("")
    rows: list[Row] = []
    first: dict[tuple[str, str], float] = {}

    def emit(row: Row) -> None:
        key = (row.case, row.runner)
        first.setdefault(key, row.rate)
        # over the first (smallest) worker count; none between rounds of one count
        row.speedup = None if args.head_to_head else row.rate / first[key]
        rows.append(row)
        line = row_line(row)
        print(line, flush=True)
        if args.out:
            with args.out.open("a") as f:
                f.write(line + "\n")
        if args.json_out:
            with args.json_out.open("a") as f:
                f.write(json.dumps(asdict(row)) + "\n")

    def over() -> bool:
        return time.perf_counter() - start > float(args.budget)

    if args.head_to_head:
        plain = [r for r in runners if r != "alone"]
        child = ["--workers", args.workers, "--cases", args.cases,
                 *(f"--deals={d}" for d in args.deals)]
        for row in head_to_head(child, plain, args.head_to_head):
            emit(row)
        tail = ["", *head_to_head_summary(rows, plain),
                f"- whole run {time.perf_counter() - start:.0f} s; load average "
                f"{os.getloadavg()[0]:.2f} at the end"]
        print("\n".join(tail), flush=True)
        if args.out:
            with args.out.open("a") as f:
                f.write("\n".join(tail) + "\n\n")
        return 0
    skipped: list[str] = []
    if args.loop:
        for row in loop_rows(counts, args.loop, max(1, args.loop_repeat)):
            emit(row)
    # the ceiling and every pool before any Dask client: a client leaves threads in this
    # process, and they fork only a process without other threads
    order = sorted(runners, key=lambda r: (r != "alone", r != "pool"))
    for name in order:
        for n in counts:
            if over():
                skipped.append(f"{name} at {n}")
                continue
            if name in VARIANTS and n != max(counts):
                continue
            if name == "alone":
                for case in cases:
                    if over():
                        skipped.append(f"alone {case} at {n}")
                    else:
                        emit(alone_row(case, n, per[case]))
                continue
            t0 = time.perf_counter()
            with RUNNERS[name](n) as runner:
                started = time.perf_counter() - t0
                for case in cases:
                    if over():
                        skipped.append(f"{name} {case} at {n}")
                        continue
                    row = stats_row(runner, name, case, n, per[case])
                    row.note += f"; runner started in {started:.1f} s"
                    emit(row)
    tail = ["", *summary(rows)]
    if skipped:
        tail.append(f"- skipped (over the {args.budget:g} s budget): {', '.join(skipped)}")
    tail.append(f"- whole run {time.perf_counter() - start:.0f} s; load average "
                f"{os.getloadavg()[0]:.2f} at the end")
    print("\n".join(tail), flush=True)
    if args.out:
        with args.out.open("a") as f:
            f.write("\n".join(tail) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
