"""Grade distribution over N deals per variant, and the time to generate 50 hard Giza puzzles.

    .venv/bin/python benchmarks/bench_generate.py --deals 10000 --variants giza,pyramid \
        --workers 2 --out benchmarks/results/grades

grades deals ``START .. START+N-1`` (``--start``, default 0) of each variant
(``pyramids.generator.grading.grade_deal``, the default budgets), prints per variant:
how many are winnable / rejected by reason, the grade distribution under the current
thresholds, score percentiles and mean components, and the
wall and CPU seconds. With ``--out DIR`` one JSON-lines file per variant keeps every record
(``deal``, ``reason`` or ``score`` and ``components``, ``wall_s``), written as it comes,
named ``<variant>.jsonl`` (``<variant>-from<START>.jsonl`` with ``--start``: several ranges
can run side by side); ``scripts/grade_thresholds.py`` reads them to choose the thresholds.
``--hard N`` times ``generate`` of N hard Giza puzzles from deal 0 (skip with ``--hard 0``).
Wall-clock timings are noisy on shared cores; CPU seconds (``os.times``, this process and
its reaped workers) much less so.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from pyramids.core.variants import get_variant
from pyramids.generator.generate import Outcome, generate, outcomes
from pyramids.generator.grading import GRADES, Budgets, combine, grade_of, thresholds_for


def percentiles(xs: list[float], qs: tuple[float, ...] = (0.1, 0.25, 0.4, 0.5, 0.7, 0.9, 0.99)
                ) -> str:
    if not xs:
        return "-"
    s = sorted(xs)
    return "  ".join(f"p{int(q * 100)}={s[min(len(s) - 1, int(q * len(s)))]:.1f}" for q in qs)


def cpu_seconds() -> float:
    """User + system CPU of this process and its reaped children (pool workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def bench_variant(name: str, n: int, workers: int, out: Path | None, start: int = 0) -> None:
    v = get_variant(name)
    th = thresholds_for(v)
    t0 = time.perf_counter()
    c0 = cpu_seconds()
    reasons: Counter[str] = Counter()
    grades: Counter[str] = Counter()
    scores: list[float] = []
    comps: dict[str, list[float]] = {}
    uniq = 0
    lines_unknown = 0
    suffix = f"-from{start}" if start else ""
    f = (out / f"{name}{suffix}.jsonl").open("w") if out else None
    try:
        tick = time.perf_counter()
        for o in outcomes(range(start, start + n), v, Budgets(), workers):
            rec = _record(o)
            now = time.perf_counter()
            rec["wall_s"] = round(now - tick, 3)  # since the previous deal (1 worker: its time)
            tick = now
            if f:
                f.write(json.dumps(rec) + "\n")
                f.flush()  # a long scan stopped early keeps every deal graded so far
            if o.entry is None:
                reasons[o.reason] += 1
                continue
            c = o.entry["components"]
            sc = combine(c, v)
            scores.append(sc)
            grades[grade_of(sc, th)] += 1
            uniq += c["lines"] == 1
            lines_unknown += c["lines"] is None
            for k in ("traps", "losing_moves", "unsettled", "decisions", "branching", "length",
                      "pyramid_pairs", "lookahead_losses", "lookahead_shortfall",
                      "planner_losses", "planner_left"):
                if k in c:
                    comps.setdefault(k, []).append(float(c[k]))
            comps.setdefault("failed", []).append(float(len(c["failed"])))
    finally:
        if f:
            f.close()
    secs = time.perf_counter() - t0
    cpu = cpu_seconds() - c0
    won = len(scores)
    print(f"\n== {name}: {n} deals ({start}..{start + n - 1}), {workers} worker(s), "
          f"{secs:.0f} s wall, {cpu:.0f} s CPU, {secs / max(n, 1) * 1000:.1f} ms/deal wall")
    print(f"puzzles (winnable, graded): {won}; rejected: "
          + (", ".join(f"{r} {k}" for r, k in sorted(reasons.items())) or "none"))
    print(f"thresholds (medium, hard, expert from): {th}")
    print("grades: " + ", ".join(
        f"{g} {grades[g]} ({100 * grades[g] / max(won, 1):.1f}%)" for g in GRADES))
    print(f"unique line: {uniq}; line count not settled: {lines_unknown}")
    print(f"score: {percentiles(scores)}")
    for k, xs in comps.items():
        print(f"  mean {k}: {statistics.fmean(xs):.2f}")
    sys.stdout.flush()


def _record(o: Outcome) -> dict[str, object]:
    if o.entry is None:
        return {"deal": o.deal, "reason": o.reason}
    e = o.entry
    return {"deal": o.deal, "score": e["score"], "grade": e["grade"],
            "components": e["components"]}


def bench_hard(count: int, workers: int) -> None:
    v = get_variant("giza")
    t0 = time.perf_counter()
    c0 = cpu_seconds()
    entries, summary = generate(v, range(0, 1_000_000), ["hard"], count, workers=workers)
    secs = time.perf_counter() - t0
    cpu = cpu_seconds() - c0
    print(f"\n== generate {count} hard Giza puzzles, {workers} worker(s): {secs:.1f} s wall, "
          f"{cpu:.1f} s CPU ({len(entries)} kept)")
    print(summary.text())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="deals per variant (from 0)")
    ap.add_argument("--variants", default="giza,giza-6x4,pyramid,par-pyramid")
    ap.add_argument("--start", type=int, default=0, help="first deal number")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, help="directory for per-variant JSON-lines records")
    ap.add_argument("--hard", type=int, default=50, help="time N hard Giza puzzles (0: skip)")
    ap.add_argument("--par-deals", type=int, help="deals for par-pyramid (slow; default --deals)")
    a = ap.parse_args()
    if a.out:
        a.out.mkdir(parents=True, exist_ok=True)
    for name in a.variants.split(","):
        if name:
            n = a.par_deals if (name == "par-pyramid" and a.par_deals) else a.deals
            bench_variant(name, n, a.workers, a.out, a.start)
    if a.hard:
        bench_hard(a.hard, a.workers)


if __name__ == "__main__":
    main()
