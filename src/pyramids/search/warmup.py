"""Compile the search kernels ahead of use: ``python -m pyramids.search.warmup``.

numba caches the compiled code on disk (``cache=True``), so running this once in
the setup step keeps the JIT compile out of the user's first ``pyramids solve``.
"""

from __future__ import annotations

import time

from ..deals import Deal
from ..variants import get_variant
from . import solve


def warmup() -> float:
    """Solve one small case per kernel path; return the seconds it took."""
    t0 = time.perf_counter()
    deal = Deal.from_number(1)
    for name in ("pyramid", "bouquet", "giza", "par-pyramid"):
        solve(deal, get_variant(name), node_limit=2000)
    return time.perf_counter() - t0


if __name__ == "__main__":
    print(f"search kernels ready ({warmup():.1f}s)")
