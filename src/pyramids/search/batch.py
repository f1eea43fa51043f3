"""Compiled batch kernels: make, screen and search many deals in one call.

Bulk runs (``pyramids stats``, ``filter``) spend more time in Python per deal than in
the search itself on easy games (the bouquet: ~100 nodes a deal). These kernels take a
whole chunk of deals at once:

* :func:`shuffle_numbers`: the decks of many deal numbers (SplitMix64 + Fisher-Yates,
  exactly :func:`pyramids.deals.shuffled_deck`, checked equal in the tests);
* :func:`quick_flags`: which deals the instant certificates (four-complement,
  stock-count) apply to, by the same predicates as :mod:`pyramids.certificates`; the
  Python functions then build the certificate of each flagged deal (and confirm it);
* :func:`search_many`: :func:`core.run` on many deals in a row, each to its end or to a
  node budget, keeping the status, node count, pruning counters and winning path.

Nothing here decides a verdict on its own: :mod:`pyramids.search.bulk` turns the outputs
into the same :class:`~pyramids.verdict.Verdict` objects as the per-deal path, replays
every solution with the referee, and hands anything undecided (budget, a path longer
than the output row) back to the per-deal path.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit

from ..variants import Variant
from . import core

# counters kept per deal by search_many (out_cnt columns)
CNT_MATCH, CNT_KING, CNT_PARTNER, CNT_BOUND, CNT_MISS = range(5)
NCNT = 5
ID_DEAL = 52 * 53
ID_REDEAL = 52 * 53 + 1

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True)
def shuffle_numbers(numbers, out):  # type: ignore[no-untyped-def]
    """``out[r]`` = the 52 card indices of deal ``numbers[r]`` (uint64), in layout order.

    The RULES.md shuffle: from the deck in index order, for ``i`` from 51 down to 1 swap
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
    from ..cpsat.slots import slots  # no OR-Tools import: the cover relations only

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
    stock-count does, else 0 (see :mod:`pyramids.certificates`).

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


@njit(cache=True)
def search_many(cards, idx, cov, zone, blocked, anc, prm, budget, tstart,  # type: ignore[no-untyped-def]
                val, canpair, byval, bq, ctx, st, mva, mvb, mvn, mvi, table, spare, bestpath,
                avail, out_status, out_nodes, out_cnt, out_depth, out_off, out_moves):
    """Search deals ``cards[idx[i]]`` one after the other from the deal's start.

    Each search starts like ``Searcher._solve`` does (a fresh table generation, the table
    at ``tstart`` entries, the root state of the deal) and runs at most ``budget`` nodes:
    ``out_status[i]`` is then ``core.S_PAUSED``. The solution of a win goes to
    ``out_moves[out_off[i] : out_off[i] + out_depth[i]]`` as move ids (:func:`move_id`)
    while ``out_moves`` has room; otherwise ``out_off[i]`` is -1. Returns the room used.
    """
    prm[core.P_BUDGET] = budget
    used = 0
    for i in range(idx.shape[0]):
        r = idx[i]
        core.prepare(cards[r], blocked, zone, val, canpair, byval, bq)
        gen = ctx[core.C_GEN] + 1
        for c in range(ctx.shape[0]):
            ctx[c] = 0
        ctx[core.C_ENTER] = 1
        ctx[core.C_BEST] = -1000
        ctx[core.C_GEN] = gen
        ctx[core.C_TSIZE] = tstart
        st[0, 0] = 0
        st[0, 1] = 0
        st[0, 2] = 1
        st[0, 3] = 0
        st[0, 4] = 0
        core.run(val, cov, zone, canpair, byval, bq, prm, ctx, st, mva, mvb, mvn, mvi,
                 table, spare, bestpath, avail, anc)
        status = ctx[core.C_STATUS]
        out_status[i] = status
        out_nodes[i] = ctx[core.C_NODES]
        out_cnt[i, CNT_MATCH] = ctx[core.C_PRUNED_MATCH]
        out_cnt[i, CNT_KING] = ctx[core.C_PRUNED_KING]
        out_cnt[i, CNT_PARTNER] = ctx[core.C_PRUNED_PARTNER]
        out_cnt[i, CNT_BOUND] = ctx[core.C_PRUNED_BOUND]
        out_cnt[i, CNT_MISS] = ctx[core.C_TABLE_MISS]
        out_depth[i] = 0
        out_off[i] = -1
        if status == core.S_FOUND:
            depth = ctx[core.C_DEPTH]
            out_depth[i] = depth
            if used + depth <= out_moves.shape[0]:
                out_off[i] = used
                for d in range(depth):
                    a = mva[d, mvi[d] - 1]
                    b = mvb[d, mvi[d] - 1]
                    out_moves[used] = move_id(a, -1 if a < 0 else cards[r, a],
                                              -1 if b < 0 else cards[r, b])
                    used += 1
    return used


@njit(cache=True, inline="always")
def move_id(a, ca, cb):  # type: ignore[no-untyped-def]
    """A kernel move as one integer: ``ca * 53 + cb + 1`` for a discard of card ``ca``
    (with card ``cb``, or ``cb = -1`` for a King alone), then :data:`ID_DEAL` and
    :data:`ID_REDEAL` (``a`` is the kernel's move code)."""
    if a == core.MOVE_DEAL:
        return ID_DEAL
    if a == core.MOVE_REDEAL:
        return ID_REDEAL
    return ca * 53 + cb + 1
