"""Choose the grade thresholds from measured score distributions.

    .venv/bin/python scripts/grade_thresholds.py benchmarks/results/grades/*.jsonl

Each file holds the records of ``benchmarks/bench_generate.py --out DIR`` for one variant
(named ``<variant>.jsonl``, or ``<variant>-from<START>.jsonl`` for a range run with
``--start``: the files of one variant are read as one sample; ``.jsonl.gz`` too, as
``benchmarks/grades/par-pyramid.jsonl.gz``). The score of every graded
(winnable) deal is recomputed from its components with the current weights
(``grading.combine``), and the thresholds are the
nearest-rank 40th, 70th and 90th percentiles (``grading.QUANTILES``): a score at or above
a threshold gets the next grade, so about 40 % of winnable deals are easy, 30 % medium,
20 % hard and 10 % expert. Prints a ``THRESHOLDS`` dict to paste into grading.py, then
per variant the deals read, the rejections by reason and the grade distribution under the
new thresholds (and under those currently in grading.py), so a partial run (records are
written as they come) can be summarised too.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from pyramids.generator.grading import GRADES, QUANTILES, THRESHOLDS, combine, grade_of


def thresholds(scores: list[float]) -> tuple[float, ...]:
    s = sorted(scores)
    return tuple(s[min(len(s) - 1, int(q * len(s)))] for q in QUANTILES)


def ranges(deals: list[int]) -> str:
    """Sorted deal numbers as contiguous ranges: ``0..1278, 2500..3131``."""
    out: list[str] = []
    for i, d in enumerate(deals):
        if i == 0 or d != deals[i - 1] + 1:
            out.append(f"{d}..{d}")
        else:
            out[-1] = out[-1].split("..")[0] + f"..{d}"
    return ", ".join(out)


def _dist(scores: list[float], th: tuple[float, ...]) -> str:
    c = Counter(grade_of(s, th) for s in scores)
    n = max(len(scores), 1)
    return ", ".join(f"{g} {c[g]} ({100 * c[g] / n:.1f}%)" for g in GRADES)


def main(paths: list[str]) -> None:
    data: dict[str, tuple[list[dict[str, Any]], list[float]]] = {}
    for p in paths:
        path = Path(p)
        text = (gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz"
                else path.read_text())
        recs = [json.loads(line) for line in text.splitlines() if line.strip()]
        if recs:
            name = re.sub(r"-from\d+$", "", path.name.removesuffix(".gz").removesuffix(".jsonl"))
            rs, ss = data.setdefault(name, ([], []))
            rs.extend(recs)
            ss.extend(combine(r["components"], name) for r in recs if "components" in r)
    print("THRESHOLDS: dict[str, tuple[float, float, float]] = {")
    for name, (_recs, scores) in data.items():
        if scores:
            print(f"    {name!r}: {thresholds(scores)},  # {len(scores)} winnable deals")
    print("}")
    for name, (recs, scores) in data.items():
        rej = Counter(r["reason"] for r in recs if "reason" in r)
        deals = sorted(r["deal"] for r in recs)
        uniq = sum(1 for r in recs if r.get("components", {}).get("lines", 0) == 1)
        unset = sum(1 for r in recs if "components" in r and r["components"]["lines"] is None)
        print(f"\n{name}: {len(recs)} deals ({ranges(deals)}), {len(scores)} graded; "
              "rejected: " + (", ".join(f"{k} {v}" for k, v in sorted(rej.items())) or "none"))
        print(f"  unique line {uniq}, line count unsettled {unset}")
        if scores:
            th = thresholds(scores)
            print(f"  with new thresholds {th}: {_dist(scores, th)}")
            if name in THRESHOLDS:
                print(f"  with grading.THRESHOLDS {THRESHOLDS[name]}: "
                      f"{_dist(scores, THRESHOLDS[name])}")


if __name__ == "__main__":
    main(sys.argv[1:])
