"""Dealing PySolFC games against the project's own numbers in bulk runs: ``stats``
throughput over the same count of deals, same variant, one worker.

    .venv/bin/python benchmarks/bench_pysolfc.py [--count N] [--samples K] [--repeat R]
        [--variant V ...] [--start A] [--before OLD/src]

For each variant it runs, R times alternately, ``pyramids stats -V V --deals A:+N -j 1
--json`` with the project's deal numbers (``A:+N``) and with PySolFC's (``pysolfc:A:+N``)
as subprocesses, over K disjoint ranges, and prints the deals per CPU-second
(``getrusage(RUSAGE_CHILDREN)``: the command's own process does the work with ``-j 1``)
pooled over the ranges (each range's median run), and the ratio PySolFC / project (1.00:
the same cost). The two sources
deal different cards, so the solving differs too; the figure to read is the same
variant's cost per deal, which the issue asks to stay within 5%. Because the two runs
solve different deals, their ratio also carries the difference between two samples of
deals; so the dealing is timed alone too, in the form the bulk runs deal in (the
project's numbers: the numba kernel over an array of numbers; PySolFC's games: each
game's card indices in Python, ``SourceItem.card_ids``), and printed as a share of the
variant's measured cost per deal: the part of the throughput that dealing takes, which
does not depend on which deals were drawn.
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


def run(variant: str, deals: str, count: int, src: str | None = None
        ) -> tuple[float, dict[str, object]]:
    """Deals per CPU-second of one ``stats`` run (``src``: another checkout's ``src``)."""
    cmd = [EXE] if src is None else [sys.executable, "-c", "from pyramids.cli import main; main()"]
    env = os.environ | ({} if src is None else {"PYTHONPATH": src})
    before = cpu_children()
    out = subprocess.run([*cmd, "stats", "-V", variant, "--deals", deals, "-j", "1", "--json",
                          "--no-progress"], check=True, capture_output=True, text=True,
                         env=env).stdout
    cpu = cpu_children() - before
    return count / cpu, json.loads(out)


def dealing_only(count: int) -> tuple[float, float]:
    """Deals per CPU-second, each source in its bulk form (cards into the batch array)."""
    import numpy as np

    from pyramids.bulk.sources import SourceItem
    from pyramids.core.variants import get_variant
    from pyramids.engines.search import batch as kernels

    v = get_variant("pysolfc-giza")  # the dealing order that reorders most
    nums = np.arange(32000, 32000 + count, dtype=np.uint64)
    rows = np.empty((count, 52), np.int64)
    kernels.shuffle_numbers(nums[:2], rows[:2])  # compiled (or loaded) before timing
    t0 = time.process_time()
    kernels.shuffle_numbers(nums, rows)
    own = time.process_time() - t0
    items = [SourceItem(n, pysolfc=n) for n in range(32000, 32000 + count)]
    t0 = time.process_time()
    for i, it in enumerate(items):
        rows[i] = it.card_ids(v)
    return count / max(own, 1e-9), count / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=3000, help="deals in each range")
    ap.add_argument("--samples", type=int, default=1,
                    help="disjoint ranges of --count deals, one after the other from --start: "
                         "the rates pool them (total deals / total CPU time), so that the "
                         "cost of the deals drawn averages out")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--variant", action="append",
                    help="default: the four pysolfc-* presets")
    ap.add_argument("--start", type=int, default=32000, help="first deal of both sources")
    ap.add_argument("--before", metavar="SRC",
                    help="also run PySolFC's games with an older checkout's src/ (a third "
                         "series in the same alternation: before against after)")
    args = ap.parse_args()
    n, starts = args.count, [args.start + i * args.count for i in range(args.samples)]
    variants = args.variant or ["pysolfc-pyramid", "pysolfc-relaxed-pyramid", "pysolfc-giza",
                                "pysolfc-king-tut"]
    print(f"{args.samples} range(s) of {n} deals from {args.start} (project numbers A:+{n}) "
          f"against the same PySolFC game numbers (pysolfc:A:+{n}), -j 1, {args.repeat} "
          f"runs each, alternating; load {os.getloadavg()[0]:.1f}"
          + (f"; before: {args.before}" if args.before else ""))
    a, b = dealing_only(20_000)
    print(f"dealing alone, 20,000 deals in the bulk runs' form: project {a:,.0f} deals/s "
          f"({1e6 / a:.2f} us a deal), PySolFC {b:,.0f} deals/s ({1e6 / b:.1f} us a deal)")
    extra = 1 / b - 1 / a  # seconds a PySolFC game costs more to deal
    series: dict[str, tuple[str, str | None]] = {"own": ("{a}:+{n}", None),
                                                 "pysolfc": ("pysolfc:{a}:+{n}", None)}
    if args.before:
        series["before"] = ("pysolfc:{a}:+{n}", args.before)
    print(f"{'variant':<26} {'own deals/CPU-s':>16} {'pysolfc deals/CPU-s':>20} {'ratio':>6} "
          f"{'dealing share':>13}  ratio by range (median of runs)")
    for v in variants:
        if args.before:  # the older checkout's numba cache, made outside the timing
            run(v, f"pysolfc:{args.start}:+10", 10, args.before)
        rates: dict[str, dict[int, list[float]]] = {k: {a: [] for a in starts} for k in series}
        for _ in range(args.repeat):
            for a0 in starts:
                for k, (spec, src) in series.items():
                    rates[k][a0].append(run(v, spec.format(a=a0, n=n), n, src)[0])
        # pooled: all ranges' deals over the CPU time of each range's median run
        med = {k: {a0: statistics.median(r[a0]) for a0 in starts} for k, r in rates.items()}
        pooled = {k: len(starts) * n / sum(n / m[a0] for a0 in starts) for k, m in med.items()}
        mo, mp = pooled["own"], pooled["pysolfc"]
        by = " ".join(f"{med['pysolfc'][a0] / med['own'][a0]:.3f}" for a0 in starts)
        # the share dealing takes of a deal's cost, start-up (a run of one deal) left out
        startup = statistics.median(1 / run(v, f"{args.start}:+1", 1)[0] for _ in range(3))
        per_deal = max(1 / mo - startup / n, 1e-9)
        print(f"{v:<26} {mo:>16.0f} {mp:>20.0f} {mp / mo:>6.3f} "
              f"{100 * extra / per_deal:>12.2f}%  {by}", flush=True)
        if args.before:
            mb = pooled["before"]
            print(f"{'  before: pysolfc':<26} {'':>16} {mb:>20.0f} {mb / mo:>6.3f}  "
                  f"(after / before: {mp / mb:.3f})", flush=True)
        for k, r in rates.items():
            print(f"    runs {k}: " + " | ".join(" ".join(f"{x:.0f}" for x in r[a0])
                                               for a0 in starts), flush=True)
    print("ratio: PySolFC's deals per CPU-second over the project's (1: the same cost); "
          "dealing share: what dealing PySolFC's games costs beyond the project's numbers, "
          "as a share of the variant's CPU time per deal without the command's start-up "
          "(the throughput it takes)")
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
