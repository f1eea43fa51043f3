"""Compile every numba kernel ahead of use: ``python -m pyramids.warmup``.

numba caches the compiled code on disk (``cache=True``), so running this once in the
setup step keeps the JIT compile out of the user's first ``pyramids solve``: the search
kernels (:mod:`pyramids.search.warmup`) and the optimal solver's.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from .deals import Deal
from .search import solve
from .variants import Variant, get_variant

#: Loading the compiled kernels from numba's disk cache takes a few hundredths of a
#: second; past this many seconds they are being compiled (the first use after install).
COMPILING_AFTER = 1.0


def warmup() -> float:
    """Solve one small case per kernel path; return the seconds it took."""
    from .optimal import most, shortest
    from .search.warmup import warmup as search_warmup

    t0 = time.perf_counter()
    search_warmup()
    deal = Deal.from_number(2)
    msc = get_variant("msc")
    shortest(deal, msc, "board")
    most(deal, msc, "score", node_limit=2000)
    return time.perf_counter() - t0


def ready(variant: Variant, *, goal: bool = False,
          notice: Callable[[], None] | None = None) -> float:
    """Have the kernels that solving ``variant`` runs compiled before a solve is timed, so
    that the time it reports is the solve's alone: numba compiles them at their first
    call after install (about 7 s) and keeps them on disk, from where later runs load
    them in a few hundredths of a second. ``goal``: the optimal solver's kernels too.
    ``notice`` is called once, while the work goes on, when it takes longer than loading
    (:data:`COMPILING_AFTER`): they are being compiled. Returns the seconds spent."""
    done = threading.Event()

    def watch() -> None:
        if not done.wait(COMPILING_AFTER) and notice is not None:
            notice()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    t0 = time.perf_counter()
    try:
        _compile(variant, goal)
    finally:
        done.set()
        watcher.join()
    return time.perf_counter() - t0


def _compile(variant: Variant, goal: bool) -> None:
    """A small case of each kernel that solving ``variant`` (with a goal: answering it)
    runs: a bounded search, and for goals the optimal solver's two searches (the optimal
    solver is imported only then: a plain verdict does not load it)."""
    solve(Deal.from_number(1), variant, node_limit=2000)
    if goal:
        from .optimal import most, shortest

        msc = get_variant("msc")
        shortest(Deal.from_number(2), msc, "board", time_limit=5.0)
        most(Deal.from_number(2), msc, "score", node_limit=2000)


if __name__ == "__main__":
    print(f"kernels ready ({warmup():.1f}s)")
