"""Cross-check the search solver against the brute-force reference on many deals.

For each small case (short stocks and open layouts via ``rows``, 3-4 row pyramids
with objective ``pyramid``), deals 0..COUNT-1 are solved by both engines; a deal
the reference cannot finish within ``--ref-limit`` positions is skipped. Prints the
verdict counts per case and every disagreement (there should be none). Usage::

    python benchmarks/crosscheck_search.py [--count 300] [--ref-limit 20000]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

from pyramids.core.deals import Deal
from pyramids.core.variants import get_variant
from pyramids.engines import reference
from pyramids.engines.search import solve

CASES: list[tuple[str, dict[str, Any]]] = [
    ("pyramid", {"rows": 9}),
    ("pyramid", {"rows": 9, "overlap": True}),
    ("pyramid", {"rows": 9, "stock_waste": "forbidden"}),
    ("pyramid", {"rows": 9, "stock_waste": "automatic"}),
    ("pyramid", {"rows": 3, "objective": "pyramid"}),
    ("pyramid", {"rows": 3, "objective": "pyramid", "stock_waste": "automatic"}),
    ("pyramid", {"rows": 3, "objective": "pyramid", "stock_waste": "forbidden"}),
    ("pyramid", {"rows": 3, "objective": "pyramid", "stock_waste": "automatic", "passes": 3}),
    ("pyramid", {"rows": 3, "objective": "pyramid", "overlap": True}),
    ("pyramid", {"rows": 3, "objective": "pyramid", "passes": None}),
    ("cheops", {"rows": 3, "objective": "pyramid"}),
    ("king-tut", {"rows": 3}),
    ("king-tut", {"rows": 4, "passes": 3}),
    ("tuts-tomb", {"rows": 3}),
    ("tuts-tomb", {"rows": 4}),
    ("bouquet", {"rows": 9}),
    ("giza", {"rows": 9, "rest": "tableau:7x1"}),
    ("giza", {"rows": 9, "rest": "tableau:7x1", "overlap": True}),
    ("par-pyramid", {"rows": 9, "passes": 1}),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--ref-limit", type=int, default=20000)
    args = ap.parse_args()
    total_bad = 0
    for name, opts in CASES:
        variant = get_variant(name, **opts)
        counts: Counter[str] = Counter()
        t0 = time.perf_counter()
        for n in range(args.count):
            deal = Deal.from_number(n)
            ref = reference.solve(deal, variant, node_limit=args.ref_limit)
            if ref.status == "unknown":
                counts["skipped"] += 1
                continue
            got = solve(deal, variant)
            counts[ref.status] += 1
            if (got.status, got.score) != (ref.status, ref.score):
                total_bad += 1
                print(f"DISAGREE {name} {opts} deal {n}: search {got.status} {got.score}, "
                      f"reference {ref.status} {ref.score}", flush=True)
        print(f"{name:12s} {opts!s:70s} {dict(counts)} "
              f"({time.perf_counter() - t0:.0f}s)", flush=True)
    print(f"disagreements: {total_bad}")


if __name__ == "__main__":
    main()
