"""Benchmark ``pyramids stats`` end to end: the CLI as a user runs it, per core and on 2 workers.

    .venv/bin/python benchmarks/bench_stats.py [--case pyramid|bouquet ...] [--count N]
                                               [--workers 1 2] [--exe PATH/pyramids]

Each case runs ``pyramids stats -V <variant> --deals 0:N -j W --json`` as a subprocess
(process start, imports, JIT cache load, the pool and the tally included) and prints:

* deals per CPU-second: N over the CPU time (user + system) of the command and every
  process under it, the rate other people's load on this shared machine changes least.
  With ``-j 1`` the deals are analysed in the command's own process and the time comes
  from ``getrusage(RUSAGE_CHILDREN)``; pool workers are children of the forkserver,
  whose CPU time does not reach this process, so with more workers the process tree is
  sampled every 0.2 s with psutil (a dependency of dask's distributed, in the test and
  cluster extras; the last 0.2 s of each process may be missed);
* deals per wall-second, with the load average before and after (``os.getloadavg``);
* the tally (winnable / blocked by certificate / unknown), so that two builds can be
  compared deal for deal.

``--exe`` picks the ``pyramids`` command to time (default: the one next to this Python),
so the same script measures an older worktree: ``--exe /work/wt-old/.venv/bin/pyramids``.
The issue's cases: one-pass Pyramid on deals 0:10000, the bouquet on deals 0:200000.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CASES = {"pyramid": (["-V", "pyramid"], 10_000), "bouquet": (["-V", "bouquet"], 200_000)}


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def tree_cpu(proc: subprocess.Popen[bytes]) -> dict[int, float]:
    """CPU seconds of every process under ``proc`` (itself included), sampled until it
    exits: the last reading of each."""
    import psutil

    seen: dict[int, float] = {}
    root = psutil.Process(proc.pid)
    while proc.poll() is None:
        try:
            procs = [root, *root.children(recursive=True)]
        except psutil.Error:
            break
        for p in procs:
            try:
                t = p.cpu_times()
                seen[p.pid] = t.user + t.system
            except psutil.Error:
                pass
        time.sleep(0.2)
    return seen


def run(exe: str, case: str, count: int, workers: int) -> dict[str, object]:
    args, _ = CASES[case]
    cmd = [exe, "stats", *args, "--deals", f"0:{count}", "-j", str(workers), "--json",
           "--no-progress"]
    load0 = os.getloadavg()[0]
    cpu0, wall0 = children_cpu(), time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err)
        tree = tree_cpu(proc) if workers > 1 else None
        proc.wait()
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    cpu, wall = children_cpu() - cpu0, time.perf_counter() - wall0
    if tree is not None:
        cpu = max(cpu, sum(tree.values()))
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {stderr[-2000:]}")
    obj = json.loads(stdout)
    return {"case": case, "deals": count, "workers": workers, "cpu_s": cpu, "wall_s": wall,
            "per_cpu_s": count / cpu, "per_wall_s": count / wall, "load_before": load0,
            "load_after": os.getloadavg()[0], "winnable": obj["winnable"],
            "blocked_by": obj["blocked_by"], "unknown": obj["unknown"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", action="append", choices=list(CASES),
                    help="case(s) to run (default: both)")
    ap.add_argument("--count", type=int, help="deals 0..COUNT-1 (default: the issue's)")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--exe", default=str(Path(sys.executable).with_name("pyramids")),
                    help="the pyramids command to time")
    args = ap.parse_args(argv)
    print(f"# {args.exe}, {os.cpu_count()} cores", flush=True)
    for case in args.case or list(CASES):
        count = args.count or CASES[case][1]
        for w in args.workers:
            r = run(args.exe, case, count, w)
            print(f"{case:8s} {count:>7} deals -j {w}: {r['per_cpu_s']:9.0f} deals/cpu-s "
                  f"{r['per_wall_s']:9.0f} deals/wall-s (cpu {r['cpu_s']:.1f} s, wall "
                  f"{r['wall_s']:.1f} s, load {r['load_before']:.1f} -> "
                  f"{r['load_after']:.1f}); winnable {r['winnable']}, blocked "
                  f"{json.dumps(r['blocked_by'], sort_keys=True)}, unknown {r['unknown']}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
