"""A book to print, timed: ``pyramids book -n 200 --trim 6x9 --cover`` from the shipped
collections (issue 42 asks under 10 s), beside the book of 200 that another checkout
makes (``--compare ROOT``: A4, no cover, the options it has), in one run.

    .venv/bin/python benchmarks/bench_print_book.py [--compare ROOT] [--count 200]

Prints wall and CPU seconds of each command (the median of ``--repeat`` runs), its
pages and the load average: the machine is shared, so the figures are noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], src: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds of ``cmd`` run with ``src`` first on the path, and its stdout."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    t0, c0 = time.perf_counter(), os.times()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    c1 = os.times()
    return (time.perf_counter() - t0,
            c1.children_user - c0.children_user + c1.children_system - c0.children_system,
            p.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", type=Path, default=None)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    cli = [sys.executable, "-c", "from pyramids.cli import main; main()", "book",
           "--no-on-the-fly", "-n", str(args.count)]
    print(f"# bench_print_book.py, {args.count} puzzles, load average "
          f"{os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        runs = [("this checkout: --trim 6x9 --cover", HERE / "src",
                 ["--trim", "6x9", "--cover", f"{tmp}/cover.pdf", "--out", f"{tmp}/a.pdf"])]
        if args.compare is not None:
            runs.append((f"{args.compare}: its default (A4, no cover)", args.compare / "src",
                         ["--out", f"{tmp}/b.pdf"]))
        for label, src, extra in runs:
            walls, cpus, said = [], [], ""
            for _ in range(args.repeat):
                wall, cpu, said = timed([*cli, *extra], src)
                walls.append(wall)
                cpus.append(cpu)
            print(f"{label}: {statistics.median(walls):.1f} s wall, "
                  f"{statistics.median(cpus):.1f} s CPU (median of {args.repeat}; "
                  f"load average {os.getloadavg()[0]:.2f} after)\n    {said}")


if __name__ == "__main__":
    main()
