"""Compiled batch kernels: make, screen and search many deals in one call.

Bulk runs (``pyramids stats``, ``filter``) spend more time in Python per deal than in
the search itself on easy games (the bouquet: ~100 nodes a deal). These kernels take a
whole chunk of deals at once:

* :func:`shuffle_numbers`: the decks of many deal numbers (SplitMix64 + Fisher-Yates,
  exactly :func:`pyramids.core.deals.shuffled_deck`, checked equal in the tests);
* :func:`quick_flags`: which deals the instant certificates (four-complement,
  stock-count) apply to, by the same predicates as :mod:`pyramids.answers.certificates`; the
  Python functions then build the certificate of each flagged deal (and confirm it);
* :func:`core.search_many`: :func:`core.run` on many deals in a row, each to its end or
  to a node budget, keeping the status, node count, pruning counters and winning path
  (in ``core``: numba refreshes a cached kernel only when its own file changes).

Nothing here decides a verdict on its own: :mod:`pyramids.engines.search.bulk` turns the outputs
into the same :class:`~pyramids.core.verdict.Verdict` objects as the per-deal path, replays
every solution with the referee, and hands anything undecided (budget, a path longer
than the output row) back to the per-deal path.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit

from pyramids.core.variants import Variant
from pyramids.engines.search import core

# search_many and its constants live in core (numba's cache of a kernel is refreshed
# only when its own file changes, so a kernel calling core.run must be in core.py)
CNT_MATCH, CNT_KING, CNT_PARTNER, CNT_BOUND, CNT_MISS, CNT_ORDER = (
    core.CNT_MATCH, core.CNT_KING, core.CNT_PARTNER, core.CNT_BOUND, core.CNT_MISS,
    core.CNT_ORDER)
NCNT = core.NCNT
ID_DEAL = core.ID_DEAL
ID_REDEAL = core.ID_REDEAL
search_many = core.search_many

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True)
def shuffle_numbers(numbers, out):  # type: ignore[no-untyped-def]
    """``out[r]`` = the 52 card indices of deal ``numbers[r]`` (uint64), in layout order.

    The shuffle of docs/rules.md: from the deck in index order, for ``i`` from 51 down to 1 swap
    card ``i`` with card ``z mod (i + 1)``, ``z`` the next SplitMix64 output seeded with
    the deal number (uint64 arithmetic wraps like the ``& MASK64`` of the Python one).
    """
    for r in range(numbers.shape[0]):
        for c in range(52):
            out[r, c] = c
        state = numbers[r]
        for i in range(51, 0, -1):
            state = state + _GAMMA
            z = (state ^ (state >> np.uint64(30))) * _M1
            z = (z ^ (z >> np.uint64(27))) * _M2
            z = z ^ (z >> np.uint64(31))
            j = np.int64(z % np.uint64(i + 1))
            t = out[r, i]
            out[r, i] = out[r, j]
            out[r, j] = t


@cache
def quick_masks(variant: Variant) -> tuple[np.ndarray, np.ndarray, int, bool, int]:
    """The arguments of :func:`quick_flags` after ``cards``, for ``variant``: the same
    slots, blockers and conditions as ``certificates.four_complement`` and
    ``certificates.stock_count`` read."""
    from pyramids.engines.cpsat.slots import slots  # no OR-Tools import: the cover relations only

    lay = slots(variant)
    blockers = np.zeros(52, np.int64)
    must = np.zeros(52, np.int64)
    for s in range(lay.n):
        before = set(lay.before[s])
        if variant.overlap:
            before -= set(lay.direct[s])
        blockers[s] = sum(1 << q for q in before)
        must[s] = int(s < lay.pyramid or variant.objective == "all")
    stock = (variant.is_stock and variant.objective == "all"
             and (variant.draw == 3 or variant.stock_waste == "forbidden"))
    return blockers, must, lay.n, bool(stock), variant.pyramid_cards


@njit(cache=True)
def quick_flags(cards, blockers, must, nslots, stock_count, npyr, out):  # type: ignore[no-untyped-def]
    """``out[r]``: 1 if four-complement applies to deal ``cards[r]``, else 2 if
    stock-count does, else 0 (see :mod:`pyramids.answers.certificates`).

    four-complement: a slot ``s < nslots`` that must go (``must[s]``), not a King, whose
    four complements all lie in ``blockers[s]`` (the slots that must go before it, minus
    the direct covers with overlap). stock-count (only when ``stock_count``): more than
    four cards of one rank pair (A+Q ... 6+7) in the stock, the slots from ``npyr`` on.
    """
    pos = np.zeros(52, np.int64)
    cnt = np.zeros(7, np.int64)
    for r in range(cards.shape[0]):
        for s in range(52):
            pos[cards[r, s]] = s
        flag = 0
        for s in range(nslots):
            v = cards[r, s] % 13 + 1
            if v == 13 or not must[s]:
                continue
            w = 13 - v
            hit = True
            for suit in range(4):
                if not (blockers[s] >> pos[suit * 13 + w - 1]) & 1:
                    hit = False
                    break
            if hit:
                flag = 1
                break
        if flag == 0 and stock_count:
            for g in range(7):
                cnt[g] = 0
            for s in range(npyr, 52):
                v = cards[r, s] % 13 + 1
                if v != 13:
                    g = min(v, 13 - v)
                    cnt[g] += 1
                    if cnt[g] > 4:
                        flag = 2
        out[r] = flag
