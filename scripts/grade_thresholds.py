"""Choose the grade thresholds from measured score distributions.

    .venv/bin/python scripts/grade_thresholds.py benchmarks/results/grades/*.jsonl

Each file holds the records of ``benchmarks/bench_generate.py --out DIR`` for one variant
(named ``<variant>.jsonl``). The score of every graded (winnable) deal is recomputed from
its components with the current weights (``grading.combine``), and the thresholds are the
nearest-rank 40th, 70th and 90th percentiles (``grading.QUANTILES``): a score at or above
a threshold gets the next grade, so about 40 % of winnable deals are easy, 30 % medium,
20 % hard and 10 % expert. Prints a ``THRESHOLDS`` dict to paste into grading.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pyramids.generator.grading import QUANTILES, combine


def thresholds(scores: list[float]) -> tuple[float, ...]:
    s = sorted(scores)
    return tuple(s[min(len(s) - 1, int(q * len(s)))] for q in QUANTILES)


def main(paths: list[str]) -> None:
    print("THRESHOLDS: dict[str, tuple[float, float, float]] = {")
    for p in paths:
        name = Path(p).stem
        scores = []
        for line in Path(p).read_text().splitlines():
            rec = json.loads(line)
            if "components" in rec:
                scores.append(combine(rec["components"]))
        if scores:
            print(f"    {name!r}: {thresholds(scores)},  # {len(scores)} winnable deals")
    print("}")


if __name__ == "__main__":
    main(sys.argv[1:])
