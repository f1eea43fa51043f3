"""Have the compiled kernels ready before anything is timed or asked: ``python -m
pyramids.warmup``.

numba compiles a kernel at its first call after install (several seconds) and caches it
on disk (``cache=True``), from where later processes load it in a few hundredths of a
second. This one module owns that work, for its three callers:

- :func:`warmup`: every kernel, once, in the setup step (``make setup`` runs it), so that
  no user's first command pays for the compiling: the search on each kind of variant, the
  bulk runs' batch path (a stock game's and the bouquet's), the simulated players' (the
  grading's), the optimal solver's, the general search's
  (:mod:`pyramids.engines.pairs.kernel`, PySolFC's pyramid family); every worker of a bulk
  run, local or on a Dask cluster, then loads them from the cache instead of compiling them;
- :func:`ready`: the kernels one solve needs, before ``pyramids solve`` times it, saying
  so when they are being compiled;
- :func:`load_solvers`: what a service worker loads when it starts (the kernels and
  OR-Tools), so that no request's time limit pays for it.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable

from pyramids.core.deals import Deal
from pyramids.core.variants import Variant, get_variant
from pyramids.engines.search import solve

#: Loading the compiled kernels from numba's disk cache takes a few hundredths of a
#: second; past this many seconds they are being compiled (the first use after install).
COMPILING_AFTER = 1.0


def warmup() -> float:
    """Solve one small case per kernel path; return the seconds it took."""
    t0 = time.perf_counter()
    deal = Deal.from_number(1)
    for name in ("pyramid", "bouquet", "giza", "par-pyramid"):
        solve(deal, get_variant(name), node_limit=2000)
    _bulk()
    _players(deal)
    _optimal()
    _pairs()
    return time.perf_counter() - t0


def ready(variant: Variant, *, goal: bool = False,
          notice: Callable[[], None] | None = None) -> float:
    """Have the kernels that solving ``variant`` runs compiled before a solve is timed, so
    that the time it reports is the solve's alone. ``goal``: the optimal solver's kernels
    too. ``notice`` is called once, while the work goes on, when it takes longer than
    loading (:data:`COMPILING_AFTER`): they are being compiled. Returns the seconds spent."""
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


def load_solvers() -> None:
    """Load what a request may run (numba's compiled code, OR-Tools) when a service worker
    starts: a small case of each engine. Only a warm-up: an engine that fails here is
    passed over, and the job that needs it reports the error."""
    from pyramids.engines import cpsat

    steps = (
        lambda: solve(Deal.from_number(0), get_variant("bouquet"), time_limit=2.0),
        _optimal,
        # OR-Tools and the CP-SAT models: the portfolio's first engine on Par deals
        lambda: cpsat.solve(Deal.from_number(0), get_variant("par-pyramid"), time_limit=2.0),
    )
    for step in steps:
        try:
            step()
        except Exception:
            continue


def _compile(variant: Variant, goal: bool) -> None:
    """A small case of each kernel that solving ``variant`` (with a goal: answering it)
    runs: a bounded search, and for goals the optimal solver's two searches (the optimal
    solver is imported only then: a plain verdict does not load it)."""
    solve(Deal.from_number(1), variant, node_limit=2000)
    if goal:
        _optimal()


def _bulk() -> None:
    """The kernels only the bulk runs' batch path calls (``pyramids.bulk.analyse_chunk``:
    the shuffle of many deal numbers, the instant certificates' flags, the search over
    many deals), on a stock game and on the bouquet (~10 s of compiling after install)."""
    from pyramids.bulk import Job, analyse_chunk
    from pyramids.bulk.sources import NumberRun

    for name in ("pyramid", "bouquet"):
        analyse_chunk(NumberRun(1, 3), Job(get_variant(name), slim=True))


def _optimal() -> None:
    """The optimal solver's two searches (A* and best-first) on a small MSC case, and the
    rehash of its table, which only a search outgrowing its first table calls (a daily
    challenge's: each worker of ``pyramids daily -j N`` compiled it otherwise)."""
    import numpy as np

    from pyramids.engines.optimal import kernel, most, shortest

    msc = get_variant("msc")
    shortest(Deal.from_number(2), msc, "board", time_limit=5.0)
    most(Deal.from_number(2), msc, "score", node_limit=2000)
    kernel.rehash(np.zeros(1, np.int64), 0, np.full(2, -1, np.int32))


def _pairs() -> None:
    """The general search's kernel (one signature serves every game it plays): a small
    case of a two-deck PySolFC game, and of Apophis (the three-waste functions called
    from Python)."""
    from pyramids.core.rules import GAMES
    from pyramids.engines import pairs

    rules = GAMES["pysolfc-two-pyramids"]
    cards = Deal.from_number(1).cards + Deal.from_number(2).cards
    pairs.solve(rules, cards, node_limit=2000, engine="kernel")
    pairs.solve(GAMES["pysolfc-apophis"], Deal.from_number(1).cards, node_limit=200,
                engine="kernel")


def _players(deal: Deal) -> None:
    """The simulated players' kernels (:mod:`pyramids.generator.playcore`): a game of each
    kind of player, as the grading plays them."""
    from pyramids.generator.fastplay import available
    from pyramids.generator.players import PLANNERS, PLAYERS, make_table, play_many

    if not available():  # pragma: no cover - randrange draws otherwise: the reference plays
        return
    table = make_table(deal, get_variant("pyramid"))
    for player in PLAYERS + PLANNERS:
        play_many(table, player, random.Random(0), 1)


if __name__ == "__main__":
    print(f"kernels ready ({warmup():.1f}s)")
