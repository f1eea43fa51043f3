"""A second route to the optimal solver's answers: plain breadth-first search.

Written from docs/rules.md, apart from :mod:`pyramids.engines.optimal.kernel` (its own move
generation, no pruning, no bound, no canonical keys): it visits every reachable position
of a stock game, layer by layer (each layer one move further from the deal), and reads
off the fewest moves to a clear pyramid or to every card gone, the best MSC score and
the fewest moves to it, and the most cards of a rank (with and without the pyramid
clear) and the fewest moves to them. It is exact and slow (every position, not the few
an A* search needs), for cross-checks: ``benchmarks/crosscheck_goals.py`` and the tests.

Stock games only (draw 1 or 3, face-up or face-down top, any passes, stock-waste allowed
or forbidden, overlap); not stock-waste automatic, nor PySolFC's automatic deals.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit, types
from numba.typed import Dict

from pyramids.core.deals import Deal
from pyramids.core.errors import VariantError
from pyramids.core.layout import geometry
from pyramids.core.variants import Variant

FULL = (1 << 52) - 1
ROW_BONUS = np.array([25, 50, 75, 100, 150, 250, 500], np.int64)
# out[] indices
(BOARD, ALL, BEST_SCORE, SCORE_AT, MOST, MOST_AT, MOST_BOARD, MOST_BOARD_AT,
 POSITIONS, TRUNCATED) = range(10)


@dataclass(frozen=True)
class Reachable:
    """What every reachable position says (``None``: no position has it). ``board`` and
    ``all``: the fewest moves to a clear pyramid / to every card gone; ``score``: the
    best MSC score and the fewest moves to it; ``most`` / ``most_board``: the most cards
    of the rank asked, without / with the pyramid clear, and the fewest moves to them."""

    board: int | None
    all: int | None
    score: tuple[int, int]
    most: tuple[int, int]
    most_board: tuple[int, int] | None
    positions: int
    truncated: bool


def _bits(cards: list[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


@njit(cache=True)
def _score(rem, vals, rows):  # type: ignore[no-untyped-def]
    kings = 0
    cards = 0
    for s in range(52):
        if (rem >> s) & 1:
            cards += 1
            if vals[s] == 13:
                kings += 1
    total = 5 * (kings + (cards - kings) // 2)
    for r in range(rows.shape[0]):
        if (rem & rows[r]) != rows[r]:
            break
        total += ROW_BONUS[r]
    return total


@njit(cache=True)
def _explore(vals, over, npyr, draw, passes, faceup, forbidden, overlap, objpyr,  # type: ignore[no-untyped-def]
             rankmask, rows, stop_at_board, limit, out):
    """Breadth-first over positions ``(removed slots, dealt, pass)``: ``dealt`` is how
    many stock places (in dealing order) this pass has gone past."""
    pyr = (np.int64(1) << npyr) - 1
    seen = Dict.empty(key_type=types.int64, value_type=types.int64)
    layer = np.zeros(1, np.int64)
    layer[0] = np.int64(1) << 58  # nothing removed, nothing dealt, pass 1
    seen[layer[0]] = 0
    for i in range(10):
        out[i] = -1
    depth = 0
    moves = np.zeros((64, 2), np.int64)
    av = np.zeros(64, np.int64)
    while layer.shape[0] > 0:
        nxt = []
        for key in layer:
            rem = key & FULL
            dealt = (key >> 52) & 63
            ps = key >> 58
            # what this position holds
            board = (rem & pyr) == pyr
            if board and out[BOARD] < 0:
                out[BOARD] = depth
                if stop_at_board:
                    out[POSITIONS] = len(seen)
                    out[TRUNCATED] = 0
                    return
            if rem == FULL and out[ALL] < 0:
                out[ALL] = depth
            sc = _score(rem, vals, rows)
            if sc > out[BEST_SCORE]:
                out[BEST_SCORE] = sc
                out[SCORE_AT] = depth
            cnt = 0
            for s in range(52):
                if (rankmask >> s) & 1 and (rem >> s) & 1:
                    cnt += 1
            if cnt > out[MOST]:
                out[MOST] = cnt
                out[MOST_AT] = depth
            if board and cnt > out[MOST_BOARD]:
                out[MOST_BOARD] = cnt
                out[MOST_BOARD_AT] = depth
            if objpyr and board:
                continue  # the game is over
            # the stock: places 0..23 are slots npyr.. in dealing order
            first = -1  # the hand, or the face-up top
            top = -1  # the waste top
            left_in_stock = 0
            for t in range(52 - npyr):
                s = npyr + t
                if (rem >> s) & 1:
                    continue
                if t >= dealt:
                    left_in_stock += 1
                    if faceup and first < 0:
                        first = s
                elif not faceup and draw == 1 and t == dealt - 1:
                    first = s
                else:
                    top = s
            n = 0
            for s in range(npyr):
                if (rem >> s) & 1:
                    continue
                if (over[s] & ~rem) == 0:
                    av[n] = s
                    n += 1
            if first >= 0:
                av[n] = first
                n += 1
            if top >= 0:
                av[n] = top
                n += 1
            m = 0
            for i in range(n):
                a = av[i]
                if vals[a] == 13:
                    moves[m, 0] = np.int64(1) << a
                    moves[m, 1] = -1
                    m += 1
                    continue
                for j in range(i + 1, n):
                    b = av[j]
                    if vals[a] + vals[b] != 13:
                        continue
                    if forbidden and ((a == first and b == top) or (a == top and b == first)):
                        continue
                    moves[m, 0] = (np.int64(1) << a) | (np.int64(1) << b)
                    moves[m, 1] = -1
                    m += 1
            if overlap:
                for s in range(npyr):
                    if (rem >> s) & 1:
                        continue
                    on = over[s] & ~rem
                    if on == 0 or (on & (on - 1)) != 0:
                        continue
                    u = 0
                    while (np.int64(1) << u) != on:
                        u += 1
                    if (over[u] & ~rem) == 0 and vals[s] + vals[u] == 13:
                        moves[m, 0] = (np.int64(1) << s) | (np.int64(1) << u)
                        moves[m, 1] = -1
                        m += 1
            if left_in_stock > 0:  # deal (draw): past the next present card(s)
                past = dealt
                got = 0
                step = 1 if faceup else draw
                while past < 52 - npyr and got < step:
                    if not (rem >> (npyr + past)) & 1:
                        got += 1
                    past += 1
                moves[m, 0] = 0
                moves[m, 1] = past
                m += 1
            elif (passes == 0 or ps < passes) and (first >= 0 or top >= 0):
                moves[m, 0] = 0
                moves[m, 1] = 100  # redeal
                m += 1
            for i in range(m):
                nrem = rem | moves[i, 0]
                nd = dealt
                nps = ps
                if moves[i, 1] == 100:
                    nd = np.int64(0)
                    if passes > 0:
                        nps = ps + 1
                elif moves[i, 1] >= 0:
                    nd = moves[i, 1]
                k = nrem | (nd << 52) | (nps << 58)
                if k not in seen:
                    seen[k] = depth + 1
                    nxt.append(k)
            if len(seen) > limit:
                out[POSITIONS] = len(seen)
                out[TRUNCATED] = 1
                return
        layer = np.array(nxt, np.int64) if nxt else np.zeros(0, np.int64)
        depth += 1
    out[POSITIONS] = len(seen)
    out[TRUNCATED] = 0


def explore(deal: Deal, variant: Variant, rank: int = 1, *, stop_at_board: bool = False,
            limit: int = 50_000_000) -> Reachable:
    """Every position reachable from the deal (at most ``limit``: then ``truncated``)."""
    if not variant.is_stock or variant.stock_waste == "automatic" or variant.auto_deal:
        raise VariantError("the breadth-first check plays stock games without "
                           "automatic stock-waste pairs or automatic deals")
    geo = geometry(variant)
    n = variant.pyramid_cards
    slot = {c: i for i, c in enumerate(deal.cards)}
    vals = np.array([c % 13 + 1 for c in deal.cards], np.int64)
    over = np.zeros(52, np.int64)
    for p in range(n):
        over[p] = _bits(list(geo.covered_by(p)))
    rows = np.array([_bits([slot[deal.cards[p]] for p in range(r * (r - 1) // 2,
                                                               r * (r + 1) // 2)])
                     for r in range(variant.rows, max(variant.rows - 7, 0), -1)], np.int64)
    rankmask = _bits([slot[c] for c in deal.cards if c % 13 + 1 == rank])
    passes = 0 if variant.passes is None else variant.passes
    out = np.zeros(10, np.int64)
    _explore(vals, over, n, variant.draw or 1, passes, variant.face_up,
             variant.stock_waste == "forbidden", variant.overlap,
             variant.objective == "pyramid", np.int64(rankmask), rows, stop_at_board,
             limit, out)

    def opt(i: int) -> int | None:
        return None if out[i] < 0 else int(out[i])

    board_most = None if out[MOST_BOARD] < 0 else (int(out[MOST_BOARD]),
                                                   int(out[MOST_BOARD_AT]))
    return Reachable(opt(BOARD), opt(ALL), (int(out[BEST_SCORE]), int(out[SCORE_AT])),
                     (int(out[MOST]), int(out[MOST_AT])), board_most, int(out[POSITIONS]),
                     bool(out[TRUNCATED]))
