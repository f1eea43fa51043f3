"""Compile the search and player kernels ahead of use: ``python -m pyramids.search.warmup``.

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
    warm_players(deal)
    return time.perf_counter() - t0


def warm_players(deal: Deal) -> None:
    """The simulated players' kernels (:mod:`pyramids.generator.playcore`): a game of
    each kind of player, as the grading plays them."""
    import random

    from ..generator.fastplay import available
    from ..generator.players import PLANNERS, PLAYERS, make_table, play_many

    if not available():  # pragma: no cover - randrange draws otherwise: the reference plays
        return
    table = make_table(deal, get_variant("pyramid"))
    for player in PLAYERS + PLANNERS:
        play_many(table, player, random.Random(0), 1)


if __name__ == "__main__":
    print(f"search kernels ready ({warmup():.1f}s)")
