"""``pyramids stats`` end to end per preset: the portfolio (``auto``) against each engine
alone and against ``auto`` of an older commit, in the same run.

    .venv/bin/python benchmarks/bench_auto.py [--count 2000] [--compare 200] [--workers 2]
        [--time-limit 10] [--old /work/wt-old/src] [--presets pyramid,...] [--overlap both]

For every preset and overlap option: ``stats --engine auto`` on deals ``0..count-1``
(unknowns, deals per second wall, CPU seconds per deal of the workers, the slowest deal);
then on deals ``0..compare-1`` each of ``auto``, ``search`` and ``cpsat``, and ``auto`` of
the old tree (``--old``: its ``src`` folder, run with PYTHONPATH, e.g. a worktree of
471fea3; its numba cache warms on its first run), so that before and after share the
machine's load. CPU per deal: the verdicts' own CPU seconds (``engine_seconds`` of
``stats --json``: certificates and engines, no process start-up; the pool's workers are
not reaped children, so ``getrusage`` cannot see them). The machine is shared, so wall
rates move with the load average, printed with each line.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pyramids.core.variants import PRESETS, get_variant


def run_stats(python: str, preset: str, overlap: bool, deals: str, engine: str,
              workers: int, time_limit: float, pythonpath: str | None) -> dict[str, Any]:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "records.jsonl"
        cmd = [python, "-c", "from pyramids.cli import main; main()", "stats", "-V", preset,
               "--overlap" if overlap else "--no-overlap", "-d", deals, "--engine", engine,
               "--time-limit", str(time_limit), "-j", str(workers), "--json", "--no-progress",
               "--out", str(out)]
        load = os.getloadavg()[0]
        t0 = time.perf_counter()
        res = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
        wall = time.perf_counter() - t0
        if res.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed:\n{res.stderr[-2000:]}")
        obj = json.loads(res.stdout)
        recs = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    answered: dict[str, int] = {}
    for r in recs:
        answered[r.get("engine") or "none"] = answered.get(r.get("engine") or "none", 0) + 1
    return {"deals": obj["deals"], "unknown": obj["unknown"], "wall": wall,
            "engine_cpu": obj.get("engine_seconds", 0.0),
            "max_deal": max((r["seconds"] for r in recs), default=0.0), "load": load,
            "answered": answered,
            "unknown_deals": [r["deal"] for r in recs if r["status"] == "unknown"]}


def line(label: str, r: dict[str, Any]) -> str:
    n = max(1, r["deals"])
    return (f"  {label:<16} {r['deals']:5d} deals  unknown {r['unknown']:3d}  "
            f"{n / r['wall']:7.1f} deals/s wall  CPU/deal {1000 * r['engine_cpu'] / n:7.2f} ms "
            f"in check  slowest "
            f"{r['max_deal']:6.2f} s  load {r['load']:.1f}  "
            f"answered by {r['answered']}"
            + (f"\n    unknown: deals {r['unknown_deals']}" if r["unknown_deals"] else ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--compare", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--old", default=None, help="src folder of the old tree")
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--overlap", choices=("both", "preset", "flipped"), default="both")
    ap.add_argument("--singles", default="search,cpsat",
                    help="engines to run alone on the compare range ('' for none)")
    args = ap.parse_args(argv)
    py = sys.executable
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()}; time limit "
          f"{args.time_limit:g} s; {args.workers} workers", flush=True)
    for name in args.presets.split(","):
        base = get_variant(name)
        flips = {"both": (False, True), "preset": (False,), "flipped": (True,)}[args.overlap]
        for flip in flips:
            overlap = base.overlap != flip
            print(f"{name} overlap={overlap}", flush=True)
            if args.count:
                r = run_stats(py, name, overlap, f"0:{args.count}", "auto", args.workers,
                              args.time_limit, None)
                print(line("auto", r), flush=True)
            if args.compare:
                deals = f"0:{args.compare}"
                runs = [("auto", "auto", None)]
                runs += [(e, e, None) for e in args.singles.split(",") if e]
                if args.old:
                    runs.append(("auto (old)", "auto", args.old))
                for label, engine, path in runs:
                    r = run_stats(py, name, overlap, deals, engine, args.workers,
                                  args.time_limit, path)
                    print(line(label, r), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
