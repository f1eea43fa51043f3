"""Compile every numba kernel ahead of use: ``python -m pyramids.warmup``.

numba caches the compiled code on disk (``cache=True``), so running this once in the
setup step keeps the JIT compile out of the user's first ``pyramids solve``: the search
kernels (:mod:`pyramids.search.warmup`) and the optimal solver's.
"""

from __future__ import annotations

import time

from .deals import Deal
from .optimal import most, shortest
from .search.warmup import warmup as search_warmup
from .variants import get_variant


def warmup() -> float:
    """Solve one small case per kernel path; return the seconds it took."""
    t0 = time.perf_counter()
    search_warmup()
    deal = Deal.from_number(2)
    msc = get_variant("msc")
    shortest(deal, msc, "board")
    most(deal, msc, "score", node_limit=2000)
    return time.perf_counter() - t0


if __name__ == "__main__":
    print(f"kernels ready ({warmup():.1f}s)")
