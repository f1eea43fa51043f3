"""Dealing PySolFC games against the project's own numbers in bulk runs: ``stats``
throughput over the same count of deals, same variant, one worker.

    .venv/bin/python benchmarks/bench_pysolfc.py [--count N] [--repeat R] [--variant V ...]

For each variant it runs, R times alternately, ``pyramids stats -V V --deals A:+N -j 1
--json`` with the project's deal numbers (``32000:+N``) and with PySolFC's
(``pysolfc:32000:+N``) as subprocesses, and prints the deals per CPU-second of each run
(``getrusage(RUSAGE_CHILDREN)``: the command's own process does the work with ``-j 1``)
and the medians, and the ratio PySolFC / project (1.00: the same cost). The two sources
deal different cards, so the solving differs too; the figure to read is the same
variant's cost per deal, which the issue asks to stay within 5%. A second figure times
the dealing alone (making N deals in Python: PySolFC's shuffle against the project's
SplitMix64 one) so the part dealing takes is seen apart from the solver's.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

EXE = str(Path(sys.executable).with_name("pyramids"))


def cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(variant: str, deals: str, count: int) -> tuple[float, dict[str, object]]:
    before = cpu_children()
    out = subprocess.run([EXE, "stats", "-V", variant, "--deals", deals, "-j", "1", "--json",
                          "--no-progress"], check=True, capture_output=True, text=True).stdout
    cpu = cpu_children() - before
    return count / cpu, json.loads(out)


def dealing_only(count: int) -> tuple[float, float]:
    from pyramids.deals import shuffled_deck
    from pyramids.pysolfc import shuffled

    t0 = time.process_time()
    for n in range(32000, 32000 + count):
        shuffled_deck(n)
    own = time.process_time() - t0
    t0 = time.process_time()
    for n in range(32000, 32000 + count):
        shuffled(n)
    return count / own, count / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--variant", action="append",
                    help="default: the four pysolfc-* presets")
    args = ap.parse_args()
    variants = args.variant or ["pysolfc-pyramid", "pysolfc-relaxed-pyramid", "pysolfc-giza",
                                "pysolfc-king-tut"]
    print(f"deals 32000:+{args.count} (project numbers) against pysolfc:32000:+{args.count}, "
          f"-j 1, {args.repeat} runs each, alternating; load {os.getloadavg()[0]:.1f}")
    print(f"{'variant':<26} {'own deals/CPU-s':>16} {'pysolfc deals/CPU-s':>20} {'ratio':>6}  "
          "runs (own | pysolfc)")
    for v in variants:
        own: list[float] = []
        pys: list[float] = []
        for _ in range(args.repeat):
            own.append(run(v, f"32000:+{args.count}", args.count)[0])
            pys.append(run(v, f"pysolfc:32000:+{args.count}", args.count)[0])
        mo, mp = statistics.median(own), statistics.median(pys)
        print(f"{v:<26} {mo:>16.0f} {mp:>20.0f} {mp / mo:>6.2f}  "
              f"{' '.join(f'{x:.0f}' for x in own)} | {' '.join(f'{x:.0f}' for x in pys)}",
              flush=True)
    a, b = dealing_only(20_000)
    print(f"dealing alone, 20,000 deals in Python: project {a:,.0f} deals/s, "
          f"PySolFC {b:,.0f} deals/s ({1e6 / b:.0f} us a deal)")
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
