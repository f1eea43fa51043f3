"""The numba kernel of the optimal solver: best-first search over positions.

Two modes share one node store and one bucket queue:

* ``MODE_ASTAR``: A* for the fewest moves (steps) from the root to a position that
  meets the goal (:data:`G_BOARD`: the pyramid is clear; :data:`G_ALL`: every card is
  gone; :data:`G_SCORE`: MSC's score reaches the target; :data:`G_CARDS`: the target
  number of cards of one rank are gone, :data:`G_CARDS_BOARD` with the pyramid clear
  too). Every move costs 1; the priority is ``f = g + h`` with ``h`` an admissible
  lower bound (:func:`_bound`), and the first goal position taken from the queue was
  reached in the fewest moves. Positions are reopened when found again by a shorter
  line, so ``h`` need not be consistent.
* ``MODE_MAX``: the most a reachable position can hold (MSC's score, cards of a rank,
  the same with the pyramid clear): best first on an upper bound of what a position
  can still reach (:func:`_upper`); the search ends when no position left in the queue
  can beat the best value seen.

Positions are those of :mod:`pyramids.engines.search.core` (removed slots, ``k``, pass), with
one more stock model: a face-up stock top (Microsoft Solitaire Collection), where the
available stock cards are the first surviving stock card at or after ``k`` (the deck
top) and the last surviving one before it (the waste top), and a draw sets ``k`` past
the deck top.

With ``O_AUTO`` (PySolFC's Auto deal, a stock without a hand): a move that leaves the
waste empty while the stock holds cards, and the game not won, deals by itself
(:func:`_auto`), as the rules engine has it; that deal is part of the move and costs
nothing. The bound then counts only the discards still needed (each a move): the
stock's passing terms assume a move for every deal.

Prunings, each keeping at least one shortest line to every goal position (each is
argued where it is applied): ``king`` (a pyramid or tableau King that is available is
the only move, for the board and all-cards goals), ``partner`` (a card that must go
whose one partner left is available with it leaves with it now), ``commute`` (right
after a deal only moves that use the card it brought; right after a redeal only a
deal, or with a face-up top a move using the new top), ``canon`` (positions alike but
for the suits in the waste share a key), and dead positions (a card that must go has
no partner left: Hall's condition per rank pair, as the exhaustive search's "matching"
pruning without its pass refinements). They are also sound for reachability, so a
search that empties its queue proves that no goal position is reachable. The tests
switch each off and compare (``tests/test_optimal.py``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pyramids.engines.search.core import (
    MAX_MATCHING,
    available,
    canonical_waste,
    deal_k,
    hibit,
    overlap_partner,
    popcount,
)

# modes and goals
MODE_ASTAR, MODE_MAX = 0, 1
G_BOARD, G_ALL, G_SCORE, G_CARDS, G_CARDS_BOARD = 0, 1, 2, 3, 4
# MODE_MAX values
V_SCORE, V_CARDS, V_CARDS_BOARD = 0, 1, 2

# rest kinds, stock-waste modes (as in search.core)
R_STOCK, R_TABLEAU, R_BOUQUET = 0, 1, 2
SW_ALLOWED, SW_FORBIDDEN, SW_AUTOMATIC = 0, 1, 2

# parameters
(O_NPYR, O_REST, O_DRAW, O_PASSES, O_SW, O_OVERLAP, O_FACEUP, O_OBJPYR, O_MODE, O_GOAL,
 O_TARGET, O_RANK, O_KING, O_COMMUTE, O_HEUR, O_BUDGET, O_PARTNER, O_CANON, O_CAP,
 O_ROWCAP, O_AUTO, O_FMAX, O_NEVER) = range(23)
NPARAMS = 23

# context
(C_NODES, C_STATUS, C_FOUND, C_BUCKET, C_EXPANDED, C_BEST, C_BESTNODE, C_REOPENED,
 C_PRUNED, C_FBOUND, C_ENTRIES) = range(11)
NCTX = 11

# statuses
S_RUNNING, S_FOUND, S_EXHAUSTED, S_PAUSED, S_FULL, S_DEPTH = 0, 1, 2, 3, 4, 5

MOVE_DEAL = -2
MOVE_REDEAL = -3
NF = 4096  # priorities (A*: f = g + h; MAX: UBMAX - the upper bound)
HB = 64  # A*: within one f, the entries with the smaller h (the deeper) first
NBUCKETS = NF * HB
INF = 1 << 20
DEAD = 30000  # nh of a position from which the goal cannot be reached
MAXMOVES = 256
FULL = (1 << 52) - 1
MSC_ROW_BONUS = np.array([25, 50, 75, 100, 150, 250, 500], np.int64)
UBMAX = 4095  # MODE_MAX: bucket = UBMAX - upper bound (scores are at most 1,290)


@njit(cache=True, inline="always")
def _hash(key, mask):  # type: ignore[no-untyped-def]
    h = (key ^ (key >> 29)) * -7046029254386353131
    return (h >> 32) & mask


@njit(cache=True)
def find(key, nkey, htab):  # type: ignore[no-untyped-def]
    """The node index of ``key``, or -1."""
    mask = htab.shape[0] - 1
    i = _hash(key, mask)
    while True:
        j = htab[i]
        if j < 0:
            return -1
        if nkey[j] == key:
            return j
        i = (i + 1) & mask


@njit(cache=True)
def rehash(nkey, n, htab):  # type: ignore[no-untyped-def]
    """Fill an empty ``htab`` (all -1) with nodes ``0 .. n-1``."""
    mask = htab.shape[0] - 1
    for j in range(n):
        i = _hash(nkey[j], mask)
        while htab[i] >= 0:
            i = (i + 1) & mask
        htab[i] = j


@njit(cache=True, inline="always")
def _stock_view(rem, k, npyr, draw, faceup):  # type: ignore[no-untyped-def]
    """(first, top, stock): the hand (draw 1) or the face-up deck top, the waste top,
    and the mask of cards not yet dealt (-1: none)."""
    present = FULL & ~rem & ~((np.int64(1) << npyr) - 1)
    cut = np.int64(1) << (npyr + k)
    stock = present & ~(cut - 1)
    below = present & (cut - 1)
    first = -1
    top = -1
    if faceup:
        if stock:
            first = hibit(stock & -stock)
    elif draw == 1 and k > 0:
        hs = npyr + k - 1
        if (present >> hs) & 1:
            first = hs
            below &= ~(np.int64(1) << hs)
    if below:
        top = hibit(below)
    return first, top, stock


@njit(cache=True, inline="always")
def _auto(rem, k, npyr, count, objpyr):  # type: ignore[no-untyped-def]
    """``k`` after PySolFC's automatic deal, if the position makes one: the waste empty,
    the stock not, the game not won (``count``: the cards a deal turns up)."""
    present = FULL & ~rem & ~((np.int64(1) << npyr) - 1)
    cut = np.int64(1) << (npyr + k)
    if present & (cut - 1):
        return k  # the waste holds a card
    stock = present & ~(cut - 1)
    if stock == 0:
        return k
    pyr = (np.int64(1) << npyr) - 1
    if objpyr and (rem & pyr) == pyr:
        return k  # won: PySolFC deals no more
    return deal_k(stock, npyr, k, count)


@njit(cache=True, inline="always")
def _msc_score(rem, npyr, val, rowmask):  # type: ignore[no-untyped-def]
    kings = 0
    for s in range(52):
        if (rem >> s) & 1 and val[s] == 13:
            kings += 1
    score = 5 * (kings + (popcount(rem) - kings) // 2)
    for r in range(7):  # rowmask[0]: the bottom row
        if (rem & rowmask[r]) == rowmask[r]:
            score += MSC_ROW_BONUS[r]
        else:
            break
    return score


# scratch layout (``scr``, 96 int64): per rank pair v (1..6) at GS + 3 * v the pyramid's
# low and high cards left and the most pairs they form among themselves; then work space
GS = 0
SA, SB, ADJA, ADJB, DPS, DALS, CNT = 24, 28, 32, 36, 40, 44, 48
PG = 64  # the position being expanded: its GS values, for its children that only deal
NSCR = 96


def _expand_tables() -> tuple[np.ndarray, np.ndarray]:
    """For a 4-bit vertex set: the 4x4 adjacency bits of those rows, of those columns."""
    rows = np.zeros(16, np.int64)
    cols = np.zeros(16, np.int64)
    for m in range(16):
        for i in range(4):
            if (m >> i) & 1:
                rows[m] |= 0xF << (4 * i)
                cols[m] |= 0x1111 << i
    return rows, cols


ROWS, COLS = _expand_tables()
GAD = 96  # entries of a deal's group table (see group_table)
VM = 30  # gad[VM + v]: the slots of the cards of value v
AN = 44  # gad[AN + p]: the pyramid slots lying (transitively) on pyramid slot p
NEVER = 95  # gad[NEVER]: pyramid cards that can never go from the search's root (see root)


@njit(cache=True)
def group_table(byval, canpair, npyr, anc, gad):  # type: ignore[no-untyped-def]
    """Per rank pair v (1..6), a deal's static facts at ``gad[4 * v ...]``: which of its
    4 low and 4 high cards (in ``byval`` order) can ever pair (bit ``4 i + j``), the
    same between pyramid cards only, and which lows and highs lie in the pyramid; then
    the slots of the Kings, and of the pyramid's Kings."""
    for i in range(GAD):
        gad[i] = 0
    for v in range(1, 7):
        w = 13 - v
        for i in range(4):
            x = byval[v, i]
            if x < npyr:
                gad[4 * v + 2] |= 1 << i
            for j in range(4):
                y = byval[w, j]
                if (canpair[x] >> y) & 1:
                    gad[4 * v] |= np.int64(1) << (4 * i + j)
                    if x < npyr and y < npyr:
                        gad[4 * v + 1] |= np.int64(1) << (4 * i + j)
        for j in range(4):
            if byval[w, j] < npyr:
                gad[4 * v + 3] |= 1 << j
    for i in range(4):
        s = byval[13, i]
        gad[28] |= np.int64(1) << s
        if s < npyr:
            gad[29] |= np.int64(1) << s
    for v in range(1, 14):
        for i in range(4):
            gad[VM + v] |= np.int64(1) << byval[v, i]
    for p in range(npyr):
        gad[AN + p] = anc[p]


@njit(cache=True, inline="always")
def _present(rem, byval, v):  # type: ignore[no-untyped-def]
    """The 4-bit set of value ``v``'s cards still in play (``byval`` order)."""
    m = 0
    for i in range(4):
        if not (rem >> byval[v, i]) & 1:
            m |= 1 << i
    return m


@njit(cache=True)
def _dead_and_removals(rem, prm, byval, gad, required, scr):  # type: ignore[no-untyped-def]
    """(dead, pyramid steps): ``dead`` when some card of ``required`` (a slot mask) can
    no longer find a partner of its own (Hall's condition per rank pair on the "could
    still pair" graph, decided by the matching table: the required cards of each side
    can all be matched); the second value bounds the discards that take a pyramid card:
    the pyramid's Kings, and per rank pair its cards minus the most pairs they can form
    among themselves (left in ``scr`` at ``GS + 3 * v``)."""
    steps = popcount(~rem & gad[29])
    dead = False
    for v in range(1, 7):
        w = 13 - v
        pl = _present(rem, byval, v)
        ph = _present(rem, byval, w)
        live = ROWS[pl] & COLS[ph]
        pa = popcount(pl & gad[4 * v + 2])
        pb = popcount(ph & gad[4 * v + 3])
        m = MAX_MATCHING[gad[4 * v + 1] & live]
        scr[GS + 3 * v] = pa
        scr[GS + 3 * v + 1] = pb
        scr[GS + 3 * v + 2] = m
        steps += pa + pb - m
        if dead:
            continue
        ra = 0
        rb = 0
        for i in range(4):
            if (pl >> i) & 1 and (required >> byval[v, i]) & 1:
                ra |= 1 << i
            if (ph >> i) & 1 and (required >> byval[w, i]) & 1:
                rb |= 1 << i
        adj = gad[4 * v] & live
        if ((ra and MAX_MATCHING[adj & ROWS[ra]] < popcount(ra))
                or (rb and MAX_MATCHING[adj & COLS[rb]] < popcount(rb))):
            dead = True
    return dead, steps


@njit(cache=True, inline="always")
def _span(mask, lo, hi):  # type: ignore[no-untyped-def]
    """Set bits of ``mask`` in slots ``lo <= s < hi``."""
    if hi <= lo:
        return 0
    m = mask & ~((np.int64(1) << lo) - 1)
    if hi < 63:
        m &= (np.int64(1) << hi) - 1
    return popcount(m)


@njit(cache=True, inline="always")
def _mask(lo, hi):  # type: ignore[no-untyped-def]
    """Slots ``lo <= s < hi`` as a mask."""
    if hi <= lo:
        return np.int64(0)
    m = ~((np.int64(1) << lo) - 1)
    if hi < 63:
        m &= (np.int64(1) << hi) - 1
    return m


@njit(cache=True)
def _capacity(cards, pyrleft, gad):  # type: ignore[no-untyped-def]
    """At most how many of ``cards`` (stock slots) can leave with a pyramid card: per
    rank pair, a low only with a pyramid high and a high only with a pyramid low, each
    pyramid card once."""
    cap = 0
    for v in range(1, 7):
        lo = gad[VM + v]
        hi = gad[VM + 13 - v]
        a = popcount(cards & lo)
        b = popcount(pyrleft & hi)
        cap += a if a < b else b
        a = popcount(cards & hi)
        b = popcount(pyrleft & lo)
        cap += a if a < b else b
    return cap


@njit(cache=True, inline="always")
def _pass_bound(d, f, n, kings, mtot):  # type: ignore[no-untyped-def]
    """Moves to clear the pyramid when ``d`` cards must be passed (each by a move of its
    own, or, at most ``f`` of them, by a discard with a pyramid card): with ``P`` pyramid
    pairs a line takes ``d + R + n - P`` moves (``R``: the passes that are not pyramid
    discards, at least ``d - f`` and at least ``d - (n - kings - 2 P)``, the pyramid's
    discards with stock cards), so at least the least over ``P <= mtot`` of the larger
    of ``d - f + n - P`` and ``d + kings + P``."""
    a = d - f + n
    b = d + kings
    p = (a - b) // 2
    p = 0 if p < 0 else (mtot if p > mtot else p)
    best = max(a - p, b + p)
    if p < mtot:
        best = min(best, max(a - p - 1, b + p + 1))
    return best


@njit(cache=True)
def _reach(c, rem, k, ps, prm, first, top, stock, pyrleft, n, kings, mtot, gad):  # type: ignore[no-untyped-def]
    """A bound on the moves that clear the pyramid when stock card ``c`` must partner a
    pyramid card: the cards passed before ``c`` is available (:func:`_pass_bound`), by
    the cheaper way when ``c`` lies in the waste (the cards above it go, or a redeal
    deals it again)."""
    if c in (first, top):
        return _pass_bound(0, 0, n, kings, mtot)
    npyr = prm[O_NPYR]
    draw = prm[O_DRAW]
    faceup = prm[O_FACEUP] != 0
    passes = prm[O_PASSES]
    present = FULL & ~rem & ~((np.int64(1) << npyr) - 1)
    cut = npyr + k
    if c >= cut:  # still in the stock
        if faceup:  # each card before it drawn, or discarded
            cards = present & _mask(cut, c)
            return _pass_bound(popcount(cards), _capacity(cards, pyrleft, gad), n, kings,
                               mtot)
        d = popcount(present & _mask(cut, c + 1))  # each dealt, it included
        if draw != 1:
            d = (d + 2) // 3
        return _pass_bound(d, 0, n, kings, mtot)
    hi = top if top >= 0 else cut
    cards = present & _mask(c + 1, hi + 1)
    best = _pass_bound(popcount(cards), _capacity(cards, pyrleft, gad), n, kings, mtot)
    if passes == 0 or ps < passes:
        if faceup:
            cards = present & (_mask(cut, 52) | _mask(npyr, c))
            again = _pass_bound(popcount(cards) + 1, _capacity(cards, pyrleft, gad), n,
                                kings, mtot)
        else:
            ns = popcount(stock)
            nb = popcount(present & _mask(npyr, c + 1))
            d = ns + 1 + nb if draw == 1 else (ns + 2) // 3 + 1 + (nb + 2) // 3
            again = _pass_bound(d, 0, n, kings, mtot)
        if again < best:
            best = again
    return best


@njit(cache=True)
def _bound(rem, k, ps, prm, val, canpair, byval, rowmask, scr, gad):  # type: ignore[no-untyped-def]
    """An admissible lower bound on the moves to the goal, or ``INF`` for a position
    from which the goal cannot be reached (see the module docstring)."""
    npyr = prm[O_NPYR]
    goal = prm[O_GOAL]
    pyr = (np.int64(1) << npyr) - 1
    remaining = FULL & ~rem
    if goal == G_ALL:
        dead, _ = _dead_and_removals(rem, prm, byval, gad, remaining, scr)
        if dead:
            return INF
        kings = popcount(remaining & gad[28])
        h = kings + (popcount(remaining) - kings) // 2
        if prm[O_REST] == R_STOCK and prm[O_FACEUP] == 0 and prm[O_AUTO] == 0:
            stock = _stock_view(rem, k, npyr, prm[O_DRAW], 0)[2]
            ns = popcount(stock)
            h += ns if prm[O_DRAW] == 1 else (ns + 2) // 3
        return h
    if goal == G_CARDS:
        need = prm[O_TARGET] - popcount(rem & prm[O_RANK])
        if need <= 0:
            return 0
        return _cards_bound(rem, k, ps, prm, val, canpair, need, scr, gad, byval)
    board = (rem & pyr) == pyr
    need_board = goal in (G_BOARD, G_CARDS_BOARD)
    hs = 0
    if goal == G_SCORE:
        hs, need_board = _score_bound(rem, k, ps, prm, val, canpair, byval, rowmask, gad)
        if hs == 0 or hs >= INF:
            return hs
    if goal == G_CARDS_BOARD:
        need = prm[O_TARGET] - popcount(rem & prm[O_RANK])
        if need > 0:
            hs = _cards_bound(rem, k, ps, prm, val, canpair, need, scr, gad, byval)
            if hs >= INF:
                return INF
    if not need_board or board:
        return hs
    dead, steps = _dead_and_removals(rem, prm, byval, gad, remaining & pyr, scr)
    if dead:
        return INF
    if prm[O_REST] != R_STOCK or prm[O_AUTO] != 0:  # (an automatic deal is no move)
        return max(steps, hs)
    return _board_bound(rem, k, ps, prm, val, canpair, byval, steps, hs, scr, gad)


@njit(cache=True)
def _access(c, rem, k, ps, prm, first, top, stock):  # type: ignore[no-untyped-def]
    """At least how many moves come before stock card ``c`` is available: the cards
    passed before it (as :func:`_reach` counts them: each drawn or discarded, a move
    each, or a redeal's way round); 0 for a tableau or bouquet card."""
    npyr = prm[O_NPYR]
    remaining = FULL & ~rem
    if prm[O_REST] != R_STOCK or c in (first, top):
        return 0
    draw = prm[O_DRAW]
    faceup = prm[O_FACEUP] != 0
    passes = prm[O_PASSES]
    present = remaining & ~((np.int64(1) << npyr) - 1)
    cut = npyr + k
    if c >= cut:  # still in the stock
        if faceup:
            return popcount(present & _mask(cut, c))
        d = popcount(present & _mask(cut, c + 1))
        return d if draw == 1 else (d + 2) // 3
    hi = top if top >= 0 else cut
    best = popcount(present & _mask(c + 1, hi + 1))
    if passes == 0 or ps < passes:
        if faceup:
            again = popcount(present & (_mask(cut, 52) | _mask(npyr, c))) + 1
        else:
            ns = popcount(stock)
            nb = popcount(present & _mask(npyr, c + 1))
            again = ns + 1 + nb if draw == 1 else (ns + 2) // 3 + 1 + (nb + 2) // 3
        if again < best:
            best = again
    return best


@njit(cache=True)
def _cards_bound(rem, k, ps, prm, val, canpair, need, scr, gad, byval):  # type: ignore[no-untyped-def]
    """The moves to discard ``need`` more cards of the goal's rank, at least, or ``INF``
    when fewer can still go. The least, over the sets of ``need`` such cards that can go
    and the sets of partners they can take (one each, of the one partner rank), of the
    most of three bounds: one more than the moves before every one of those cards is
    available (:func:`_cost`); the discards that remove them and every pyramid card
    lying on them (:func:`_removals`), which must all go first and each be matched
    (:func:`_matchable`, else the sets cannot go together); and when the top of the
    pyramid is among them, the moves that clear the pyramid (:func:`_board_bound`)."""
    npyr = prm[O_NPYR]
    pyr = (np.int64(1) << npyr) - 1
    remaining = FULL & ~rem
    stuck = _stuck(rem, k, ps, prm, val, canpair, gad)
    live = remaining & ~stuck
    gone = rem | stuck
    first, top, stock = _stock_view(rem, k, npyr, prm[O_DRAW], prm[O_FACEUP] != 0)
    overlap = prm[O_OVERLAP] != 0
    nc = 0
    ls = live & prm[O_RANK]
    rank = 0
    while ls:
        s = hibit(ls)
        ls &= ~(np.int64(1) << s)
        rank = val[s]
        if rank != 13 and canpair[s] & live == 0:
            continue
        scr[CNT + nc] = s
        scr[CNT + 4 + nc] = _cost(s, rem, k, ps, prm, first, top, stock, gad, overlap)
        nc += 1
    if nc < need:
        return INF
    # the partners: the live cards of the other rank of the pair (none for Kings)
    npart = 0
    if rank != 13:
        for j in range(4):
            y = byval[13 - rank, j]
            if (live >> y) & 1:
                scr[CNT + 8 + npart] = y
                scr[CNT + 12 + npart] = _cost(y, rem, k, ps, prm, first, top, stock, gad,
                                              overlap)
                npart += 1
        if npart < need:
            return INF
    v = rank if rank < 7 else 13 - rank  # the pair's low value
    stock_board = prm[O_REST] == R_STOCK and prm[O_AUTO] == 0
    board_h = -1  # the moves to clear the pyramid, when first needed
    best = INF
    for sub in range(1 << nc):
        if popcount(sub) != need:
            continue
        hc = 0
        cards = np.int64(0)
        mine = 0
        for i in range(nc):
            if (sub >> i) & 1:
                c = scr[CNT + i]
                cards |= _needs(c, remaining, npyr, gad)
                if scr[CNT + 4 + i] > hc:
                    hc = scr[CNT + 4 + i]
                mine |= 1 << _index(byval, rank, c)
        for qs in range(1 << npart):
            if rank != 13 and popcount(qs) != need:
                continue
            if rank == 13 and qs != 0:
                break
            h = hc
            req = cards
            theirs = 0
            for j in range(npart):
                if (qs >> j) & 1:
                    y = scr[CNT + 8 + j]
                    req |= _needs(y, remaining, npyr, gad)
                    if scr[CNT + 12 + j] > h:
                        h = scr[CNT + 12 + j]
                    theirs |= 1 << _index(byval, 13 - rank, y)
            h += 1
            if h < need:
                h = need
            if h >= best:
                continue
            if rank != 13:  # each card a partner of its own among those chosen
                rows, cols = (mine, theirs) if rank == v else (theirs, mine)
                if MAX_MATCHING[gad[4 * v] & ROWS[rows] & COLS[cols]] < need:
                    continue
            if not _matchable(gone, byval, gad, req):
                continue  # these cards cannot all go in one line
            x = _removals(req, byval, gad)
            if x > h:
                h = x
            if req & 1 and stock_board and h < best:  # the top card: the pyramid cleared
                if board_h < 0:
                    dead, steps = _dead_and_removals(rem, prm, byval, gad, remaining & pyr,
                                                     scr)
                    board_h = INF if dead else _board_bound(rem, k, ps, prm, val, canpair,
                                                            byval, steps, 0, scr, gad)
                if board_h > h:
                    h = board_h
            if h < best:
                best = h
    return best


@njit(cache=True, inline="always")
def _index(byval, v, s):  # type: ignore[no-untyped-def]
    """The place of slot ``s`` among the cards of value ``v`` (``byval`` order)."""
    for i in range(4):
        if byval[v, i] == s:
            return i
    return 0


@njit(cache=True, inline="always")
def _cost(c, rem, k, ps, prm, first, top, stock, gad, overlap):  # type: ignore[no-untyped-def]
    """At least how many moves come before card ``c`` is available: in the pyramid, a
    move per two of the cards lying on it (with overlap pairs the last may go with
    ``c``: one fewer when they are odd); elsewhere :func:`_access`."""
    if c < prm[O_NPYR]:
        a = popcount(gad[AN + c] & FULL & ~rem)
        return a // 2 if overlap else (a + 1) // 2
    return _access(c, rem, k, ps, prm, first, top, stock)


@njit(cache=True)
def _board_bound(rem, k, ps, prm, val, canpair, byval, steps, hs, scr, gad):  # type: ignore[no-untyped-def]
    """The moves to clear the pyramid, at least: ``steps`` (discards taking a pyramid
    card, :func:`_dead_and_removals`) and the moves that bring the stock cards it needs.

    Per rank pair with ``a`` low and ``b`` high pyramid cards that can form at most
    ``m`` pairs among themselves, at least ``a - m`` high and ``b - m`` low stock cards
    must partner pyramid cards. Each such card bounds the line by the cards that must be
    passed before it is available (:func:`_reach`); of ``t`` cards needed, the ``t``-th
    best bound holds, and the largest over the needs is the bound.
    """
    npyr = prm[O_NPYR]
    pyr = (np.int64(1) << npyr) - 1
    remaining = FULL & ~rem
    first, top, stock = _stock_view(rem, k, npyr, prm[O_DRAW], prm[O_FACEUP] != 0)
    pyrleft = remaining & pyr
    kings = popcount(remaining & gad[29])
    n = popcount(pyrleft)
    mtot = 0
    for v in range(1, 7):
        mtot += scr[GS + 3 * v + 2]
    far = steps
    for v in range(1, 7):
        pa = scr[GS + 3 * v]
        pb = scr[GS + 3 * v + 1]
        m = scr[GS + 3 * v + 2]
        if pa + pb == 0:
            continue
        for side in range(2):
            need = (pa - m) if side == 0 else (pb - m)  # stock cards of rank 13 - v, then v
            if need <= 0:
                continue
            rank = 13 - v if side == 0 else v
            partners = pyrleft & gad[VM + 13 - rank]
            nc = 0
            for j in range(4):
                x = byval[rank, j]
                if x >= npyr and not (rem >> x) & 1 and canpair[x] & partners:
                    _insort(scr, DPS, nc, _reach(x, rem, k, ps, prm, first, top, stock,
                                                 pyrleft, n, kings, mtot, gad))
                    nc += 1
            if nc < need:
                return INF
            if scr[DPS + need - 1] > far:
                far = scr[DPS + need - 1]
    return far if far > hs else hs


@njit(cache=True, inline="always")
def _insort(scr, at, n, x):  # type: ignore[no-untyped-def]
    """Insert ``x`` into the sorted ``scr[at : at + n]``."""
    i = n
    while i > 0 and scr[at + i - 1] > x:
        scr[at + i] = scr[at + i - 1]
        i -= 1
    scr[at + i] = x


@njit(cache=True)
def _stuck(rem, k, ps, prm, val, canpair, gad):  # type: ignore[no-untyped-def]
    """Cards that can never go: a pyramid card with no partner left but cards that can
    never go, and every card lying under one of those (it is never uncovered); in the
    last pass (no recycle left), a waste card with no partner among the pyramid cards
    that can go, the hand and the cards still to be drawn (a waste card pairs with
    nothing else: the cards above it must leave before it shows, those below it never
    show while it does), and every waste card under one of those. To a fixed point."""
    npyr = prm[O_NPYR]
    remaining = FULL & ~rem
    pyrleft = remaining & ((np.int64(1) << npyr) - 1)
    last = prm[O_REST] == R_STOCK and prm[O_PASSES] > 0 and ps >= prm[O_PASSES]
    waste = np.int64(0)
    deck = np.int64(0)
    if last:
        cut = np.int64(1) << (npyr + k)
        stockleft = remaining & ~((np.int64(1) << npyr) - 1)
        waste = stockleft & (cut - 1)
        deck = stockleft & ~(cut - 1)
        if prm[O_FACEUP] == 0 and prm[O_DRAW] == 1 and k > 0:
            hand = np.int64(1) << (npyr + k - 1)  # not on the waste: a partner for it
            waste &= ~hand
            deck |= stockleft & hand
    stuck = gad[NEVER] & remaining
    changed = True
    while changed:
        changed = False
        left = pyrleft & ~stuck
        while left:
            p = hibit(left)
            left &= ~(np.int64(1) << p)
            if (gad[AN + p] & stuck) or (val[p] != 13
                                           and (canpair[p] & remaining & ~stuck) == 0):
                stuck |= np.int64(1) << p
                changed = True
        w = waste & ~stuck
        buried = False
        while w:
            x = hibit(w)  # from the top of the waste down
            w &= ~(np.int64(1) << x)
            if buried or (val[x] != 13
                          and (canpair[x] & ((pyrleft & ~stuck) | deck)) == 0):
                stuck |= np.int64(1) << x
                buried = True
                changed = True
    return stuck


@njit(cache=True, inline="always")
def _among(mask, byval, v):  # type: ignore[no-untyped-def]
    """The 4-bit set of value ``v``'s cards in ``mask`` (``byval`` order)."""
    return 15 & ~_present(mask, byval, v)


@njit(cache=True)
def _matchable(gone, byval, gad, required):  # type: ignore[no-untyped-def]
    """Whether every card of ``required`` (a slot mask) can still have a partner of its
    own among the cards not in ``gone``: Hall's condition per rank pair on the "could
    ever pair" graph, both sides (a matching covering the required lows and one covering
    the required highs give one covering both)."""
    for v in range(1, 7):
        w = 13 - v
        ra = _among(required, byval, v)
        rb = _among(required, byval, w)
        if ra == 0 and rb == 0:
            continue
        adj = gad[4 * v] & ROWS[_present(gone, byval, v)] & COLS[_present(gone, byval, w)]
        if ((ra and MAX_MATCHING[adj & ROWS[ra]] < popcount(ra))
                or (rb and MAX_MATCHING[adj & COLS[rb]] < popcount(rb))):
            return False
    return True


@njit(cache=True)
def _removals(cards, byval, gad):  # type: ignore[no-untyped-def]
    """At least how many discards remove every card of ``cards`` (a slot mask): a King
    each, and per rank pair the cards less the most pairs they can form among
    themselves (any other discard takes one of them at most)."""
    out = popcount(cards & gad[28])
    for v in range(1, 7):
        ra = _among(cards, byval, v)
        rb = _among(cards, byval, 13 - v)
        out += popcount(ra) + popcount(rb) - MAX_MATCHING[gad[4 * v] & ROWS[ra] & COLS[rb]]
    return out


@njit(cache=True, inline="always")
def _needs(s, remaining, npyr, gad):  # type: ignore[no-untyped-def]
    """The cards that must go for card ``s`` to go: the pyramid cards lying on it (all
    before it), and it."""
    out = np.int64(1) << s
    if s < npyr:
        out |= gad[AN + s] & remaining
    return out


@njit(cache=True)
def _most_together(cards, gone, npyr, byval, gad):  # type: ignore[no-untyped-def]
    """The most of ``cards`` (a slot mask, at most 4) that can all go in one line, by
    :func:`_matchable` on what each needs: every card of the union must have a partner
    of its own (a pair inside the union serves two). The largest subset that passes."""
    n = popcount(cards)
    remaining = FULL & ~gone
    slots = np.zeros(4, np.int64)
    m = cards
    i = 0
    while m and i < 4:
        s = hibit(m)
        m &= ~(np.int64(1) << s)
        slots[i] = _needs(s, remaining, npyr, gad)
        i += 1
    best = 0
    for sub in range(1 << n):
        c = popcount(sub)
        if c <= best:
            continue
        req = np.int64(0)
        for j in range(n):
            if (sub >> j) & 1:
                req |= slots[j]
        if _matchable(gone, byval, gad, req):
            best = c
            if best == n:
                break
    return best


@njit(cache=True)
def _alive(rem, k, ps, prm, val, canpair, gad, byval):  # type: ignore[no-untyped-def]
    """How many cards of the goal's rank (``prm[O_RANK]``) can still go: not gone, not
    among the cards that can never go (:func:`_stuck`), a King or with a partner left;
    and of those, the most that can go together (:func:`_most_together`)."""
    remaining = FULL & ~rem
    stuck = _stuck(rem, k, ps, prm, val, canpair, gad)
    live = remaining & ~stuck
    cand = 0
    ls = live & prm[O_RANK]
    while ls:
        s = hibit(ls)
        ls &= ~(np.int64(1) << s)
        if val[s] == 13 or canpair[s] & live:
            cand |= np.int64(1) << s
    if cand == 0 or popcount(cand) > 4:
        return popcount(cand)
    return _most_together(cand, rem | stuck, prm[O_NPYR], byval, gad)


@njit(cache=True)
def _score_parts(rem, k, ps, prm, val, canpair, byval, rowmask, gad):  # type: ignore[no-untyped-def]
    """(MSC score of the position, the most removals still possible, the most rows from
    the bottom a line can still have cleared): a removal for every King left and per rank
    pair the most pairs the cards left can form, pyramid cards that can never go
    (:func:`_stuck`) left out (the matching table on the "could ever pair" graph); the
    rows below the lowest row holding a card that can never go (and the caller's
    ``O_ROWCAP``). -1 removals: the game is over (the pyramid clear)."""
    npyr = prm[O_NPYR]
    pyr = (np.int64(1) << npyr) - 1
    score = _msc_score(rem, npyr, val, rowmask)
    if (rem & pyr) == pyr:
        return score, -1, 0
    stuck = _stuck(rem, k, ps, prm, val, canpair, gad)
    gone = rem | stuck
    more = popcount(~gone & FULL & gad[28])
    for v in range(1, 7):
        live = ROWS[_present(gone, byval, v)] & COLS[_present(gone, byval, 13 - v)]
        more += MAX_MATCHING[gad[4 * v] & live]
    rows = 0
    for r in range(_rows_open(prm)):  # r = 0: the bottom row, row 7 from the top
        if rowmask[r] & stuck:
            break
        rows = r + 1
    return score, more, rows


@njit(cache=True)
def _score_upper(rem, k, ps, prm, val, canpair, byval, rowmask, gad):  # type: ignore[no-untyped-def]
    """(MSC score of the position, the most any position reachable from it can score):
    5 a removal still possible and the bonus of every row not yet cleared that a line
    can still clear (:func:`_score_parts`)."""
    score, more, rows = _score_parts(rem, k, ps, prm, val, canpair, byval, rowmask, gad)
    if more < 0:
        return score, score  # the game is over
    bonus = 0
    for r in range(rows):
        if (rem & rowmask[r]) != rowmask[r]:
            bonus += MSC_ROW_BONUS[r]
    return score, score + 5 * more + bonus


@njit(cache=True)
def _score_bound(rem, k, ps, prm, val, canpair, byval, rowmask, gad):  # type: ignore[no-untyped-def]
    """(the moves to ``O_TARGET`` points, at least, or ``INF``; whether the pyramid must
    be cleared for them). Rows clear from the bottom up: for each number of rows a line
    might have cleared, the removals still short of the target once their bonus counts
    (within the removals still possible), and at least the discards that remove the
    cards left in those rows (:func:`_removals`, each card a partner of its own:
    :func:`_matchable`); the least over those numbers."""
    target = prm[O_TARGET]
    score, more, rows = _score_parts(rem, k, ps, prm, val, canpair, byval, rowmask, gad)
    if score >= target:
        return 0, False
    if more < 0:
        return INF, False
    bonus = 0
    for r in range(rows):
        if (rem & rowmask[r]) != rowmask[r]:
            bonus += MSC_ROW_BONUS[r]
    if _capped(score, score + 5 * more + bonus, prm) < target:
        return INF, False
    best = INF
    cleared = np.int64(0)
    bonus = 0
    gone = np.int64(-1)
    for r in range(rows + 1):
        if r > 0:
            cleared |= rowmask[r - 1]
            if (rem & rowmask[r - 1]) != rowmask[r - 1]:
                bonus += MSC_ROW_BONUS[r - 1]
        short = target - score - bonus
        need = (short + 4) // 5 if short > 0 else 0
        if need > more:
            continue
        h = need
        left = cleared & ~rem
        if left and h < best:
            if gone < 0:
                gone = rem | _stuck(rem, k, ps, prm, val, canpair, gad)
            if not _matchable(gone, byval, gad, left):
                break  # these rows, and so every higher row, can never be cleared
            x = _removals(left, byval, gad)
            if x > h:
                h = x
        if h < best:
            best = h
    # beyond 27 discards and the lower rows' bonuses, the pyramid must be cleared
    return (best if best > 0 else 1), target > 5 * 27 + 650


@njit(cache=True, inline="always")
def _rows_open(prm):  # type: ignore[no-untyped-def]
    """How many rows from the bottom a line can still clear, as the caller proved for the
    whole search (``O_ROWCAP``: that number plus one; 0: all seven)."""
    return 7 if prm[O_ROWCAP] == 0 else min(prm[O_ROWCAP] - 1, 7)


@njit(cache=True, inline="always")
def _capped(score, most, prm):  # type: ignore[no-untyped-def]
    """``most`` under the ceiling the caller proved for the whole search (``O_CAP``)."""
    if prm[O_CAP] > 0 and most > prm[O_CAP]:
        return max(prm[O_CAP], score)
    return most


@njit(cache=True)
def _upper(rem, k, ps, prm, val, canpair, rowmask, scr, byval, gad):  # type: ignore[no-untyped-def]
    """MODE_MAX: (value of the position, upper bound on the value of any position
    reachable from it); the bound is -1 when none can count (the pyramid cannot be
    cleared under a "with the pyramid clear" objective)."""
    npyr = prm[O_NPYR]
    pyr = (np.int64(1) << npyr) - 1
    kind = prm[O_GOAL]
    board = (rem & pyr) == pyr
    if kind == V_SCORE:
        score, most = _score_upper(rem, k, ps, prm, val, canpair, byval, rowmask, gad)
        return score, _capped(score, most, prm)
    have = popcount(rem & prm[O_RANK])
    if board:  # the game is over (objective pyramid), or this count holds with it
        return have, have if (kind == V_CARDS_BOARD or prm[O_OBJPYR]) else \
            have + _alive(rem, k, ps, prm, val, canpair, gad, byval)
    alive = _alive(rem, k, ps, prm, val, canpair, gad, byval)
    if kind == V_CARDS:
        return have, have + alive
    if _stuck(rem, k, ps, prm, val, canpair, gad) & pyr:
        return -1, -1  # a pyramid card that can never go: the pyramid is never cleared
    return -1, have + alive


@njit(cache=True, inline="always")
def _slot(f, h):  # type: ignore[no-untyped-def]
    """The bucket of priority ``f``: among equal ``f``, smaller ``h`` (more moves made)
    first, so that the last layer of A* goes deep before wide."""
    return f * HB + (h if h < HB else HB - 1)


@njit(cache=True, inline="always")
def _push(node, f, ctx, heads, enode, enext):  # type: ignore[no-untyped-def]
    e = ctx[C_ENTRIES]
    enode[e] = node
    enext[e] = heads[f]
    heads[f] = e
    ctx[C_ENTRIES] = e + 1


@njit(cache=True, inline="always")
def _canon(rem, k, prm, val, byval):  # type: ignore[no-untyped-def]
    """The key's removed bits: ``rem`` with the waste written canonically.

    The waste (the dealt cards below the hand, or below ``k``) is a stack reached only
    from its top and dealt again in its order after a redeal; suits never matter. So
    positions alike but for which waste cards remain, with the same ranks in the same
    order, have the same future, move for move (as in ``search.core._waste_key``): the
    key writes the waste as the latest slots holding its ranks in its order."""
    npyr = prm[O_NPYR]
    if prm[O_REST] != R_STOCK or prm[O_CANON] == 0:
        return rem
    wl = k - 1 if (prm[O_DRAW] == 1 and prm[O_FACEUP] == 0) else k
    if wl <= 0:
        return rem
    return canonical_waste(rem, npyr, wl, val, byval)


@njit(cache=True)
def run(prm, ctx, val, canpair, cov, zone, byval, bq, rowmask,  # type: ignore[no-untyped-def]
        nkey, nrem, ng, nh, npar, nma, nmb, nclosed, htab, heads, enode, enext, avail, mv,
        scr, gad):
    """Run (or resume) the search for at most ``prm[O_BUDGET]`` expansions.

    Node 0 is the root (see :func:`root`). The queue is ``NBUCKETS`` lists of entries
    (``enode``: the node, ``enext``: the next entry); a node queued again by a shorter
    line leaves a stale entry behind, skipped when taken. ``ctx[C_STATUS]`` says how it
    ended: ``S_FOUND`` (A*: ``ctx[C_FOUND]`` is the goal node), ``S_EXHAUSTED`` (A*: no
    goal is reachable; MAX: ``ctx[C_BEST]`` is the proven best, at node
    ``ctx[C_BESTNODE]``), ``S_PAUSED`` (budget spent), ``S_FULL`` (the node store is
    full: the caller grows it and calls again), ``S_DEPTH`` (a line too long to queue).
    """
    npyr = prm[O_NPYR]
    rest = prm[O_REST]
    draw = prm[O_DRAW]
    passes = prm[O_PASSES]
    sw = prm[O_SW]
    overlap = prm[O_OVERLAP] != 0
    faceup = prm[O_FACEUP] != 0
    objpyr = prm[O_OBJPYR] != 0
    autodeal = prm[O_AUTO] != 0
    mode = prm[O_MODE]
    goal = prm[O_GOAL]
    astar = mode == MODE_ASTAR
    pking = prm[O_KING] != 0 and astar and goal in (G_BOARD, G_ALL)
    ppartner = (prm[O_PARTNER] != 0 and astar and goal in (G_BOARD, G_ALL)
                and sw != SW_AUTOMATIC)
    pcommute = prm[O_COMMUTE] != 0 and rest == R_STOCK and sw != SW_AUTOMATIC
    # two bouquet cards pair as well at the end, when only clearing matters
    pbouquet = rest == R_BOUQUET and astar and goal in (G_BOARD, G_ALL)
    # every card to go where a clear pyramid ends the game: a move that clears it with
    # cards left loses the goal, so neither pruning may force one
    early_end = goal == G_ALL and objpyr
    pyr = (np.int64(1) << npyr) - 1
    nlay = npyr if rest != R_TABLEAU else 52
    kinglay = npyr if goal == G_BOARD else nlay  # the Kings that must go
    stock_game = rest == R_STOCK
    cap = nkey.shape[0]
    ecap = enode.shape[0]
    n = ctx[C_NODES]
    budget = prm[O_BUDGET]
    done = 0
    b = ctx[C_BUCKET]
    while True:
        # -- take the next entry: the lowest non-empty bucket, last in first out --
        while b < NBUCKETS and heads[b] < 0:
            b += 1
        if b >= NBUCKETS or (not astar and UBMAX - b // HB <= ctx[C_BEST]) or (
                astar and prm[O_FMAX] > 0 and b // HB > prm[O_FMAX]):
            ctx[C_STATUS] = S_EXHAUSTED
            ctx[C_BUCKET] = b
            ctx[C_NODES] = n
            return
        if done >= budget or n + MAXMOVES >= cap or ctx[C_ENTRIES] + MAXMOVES >= ecap:
            ctx[C_STATUS] = S_PAUSED if done >= budget else S_FULL
            ctx[C_BUCKET] = b
            ctx[C_NODES] = n
            return
        e = heads[b]
        heads[b] = enext[e]
        cur = enode[e]
        if nclosed[cur]:
            continue
        if astar and _slot(ng[cur] + nh[cur], nh[cur]) != b:
            continue  # stale: the node was queued again by a shorter line
        nclosed[cur] = 1
        ctx[C_FBOUND] = b // HB
        key = nkey[cur]
        rem = nrem[cur]
        k = (key >> 52) & 63
        ps = (key >> 58) & 31
        first = -1
        top = -1
        stock = 0
        if stock_game:
            first, top, stock = _stock_view(rem, k, npyr, draw, faceup)
        forced = (sw == SW_AUTOMATIC and not faceup and first >= 0 and top >= 0
                  and val[first] + val[top] == 13)
        # h is 0 exactly at goal positions (see _bound); a forced pair still pending
        # is played first, as the rules engine has it
        if astar and nh[cur] == 0 and not forced and _is_goal(rem, prm, val, rowmask):
            ctx[C_STATUS] = S_FOUND
            ctx[C_FOUND] = cur
            ctx[C_BUCKET] = b
            ctx[C_NODES] = n
            return
        done += 1
        ctx[C_EXPANDED] += 1
        if objpyr and (rem & pyr) == pyr and not forced:
            continue  # the game is over
        # -- moves, as slot pairs in mv --
        pa = nma[cur]
        prev_deal = cur != 0 and pa == MOVE_DEAL
        prev_redeal = cur != 0 and pa == MOVE_REDEAL
        nm = 0
        if forced:
            mv[0] = top
            mv[1] = first
            nm = 1
        else:
            na = available(rem, nlay, cov, rest, bq, first, top, avail)
            # "commute": right after a deal, only discards that use the card it brought
            # (the new hand, the new waste top with draw 3, the new face-up top): any
            # other discard was legal before the deal and, played first, reaches the same
            # position as soon or sooner (a face-up top discarded before the draw that
            # would have put it on the waste saves that draw). Right after a redeal no
            # discard at all (classic: nothing new is available) or one with the new
            # face-up top. -2: no restriction.
            fresh = -2
            if pcommute and prev_deal:
                fresh = top if (draw == 3 and not faceup) else first
            elif pcommute and prev_redeal and not autodeal:
                # (with automatic deals a redeal also deals: its waste top is new too)
                fresh = first if faceup else -1
            # "king": an available King that must go (a pyramid King; for every card
            # to go, a tableau King too) goes first, as the only move: every winning
            # line discards it, and doing so earlier only uncovers cards.
            king = -1
            if pking:
                for i in range(na):
                    s = avail[i]
                    if val[s] == 13 and s < kinglay and (king < 0 or s < king):
                        king = s
                if king >= 0 and early_end and _ends_early(rem | (np.int64(1) << king),
                                                           pyr):
                    king = -1  # it would end the game with cards left: not forced
            if king >= 0:
                mv[0] = king
                mv[1] = -1
                nm = 1
            else:
                for i in range(na):
                    x = avail[i]
                    if val[x] == 13:
                        if fresh != -2 and x != fresh:
                            continue
                        mv[2 * nm] = x
                        mv[2 * nm + 1] = -1
                        nm += 1
                        continue
                    for j in range(i + 1, na):
                        y = avail[j]
                        if not (canpair[x] >> y) & 1:
                            continue
                        if fresh != -2 and x != fresh and y != fresh:
                            continue
                        if sw == SW_FORBIDDEN and ((x == first and y == top)
                                                   or (x == top and y == first)):
                            continue
                        if pbouquet and zone[x] == 2 and zone[y] == 2 and (rem & pyr) != pyr:
                            continue
                        mv[2 * nm] = x
                        mv[2 * nm + 1] = y
                        nm += 1
                if overlap and fresh == -2:
                    for s in range(nlay):
                        q = overlap_partner(s, rem, cov, val)
                        if q >= 0:
                            mv[2 * nm] = s
                            mv[2 * nm + 1] = q
                            nm += 1
                # "partner": a card that must go whose one partner left is this pair's
                # other card leaves with it now, as the only move (board and all-cards
                # goals): every winning line pairs the two; pairing them earlier keeps
                # every later move legal (only that pair ever used either card; a stock
                # card gone early only bares the one under it sooner) and saves the
                # draw of a face-up top. Not with draw 3 before the last pass: a stock
                # card gone early changes the threes dealt next.
                paired = False
                if ppartner and nm > 1:
                    # (with automatic deals a stock card gone early may deal sooner)
                    regroup = stock_game and ((draw == 3 and (passes == 0 or ps < passes))
                                              or autodeal)
                    for i in range(nm):
                        x = mv[2 * i]
                        y = mv[2 * i + 1]
                        if y < 0 or (regroup and (x >= npyr or y >= npyr)):
                            continue
                        if _partner_forced(x, y, rem, canpair, npyr, goal) and not (
                                early_end and _ends_early(rem | (np.int64(1) << x)
                                                          | (np.int64(1) << y), pyr)):
                            mv[0] = x
                            mv[1] = y
                            nm = 1
                            paired = True
                            break
                if stock_game and not paired:
                    # a face-up King on the stock is better discarded than drawn: one
                    # move either way, the same next top, and the waste top stays bare
                    if stock and not (faceup and val[first] == 13):
                        mv[2 * nm] = MOVE_DEAL
                        mv[2 * nm + 1] = -1
                        nm += 1
                    elif not stock and (passes == 0 or ps < passes) and (
                            FULL & ~rem & ~pyr & ((np.int64(1) << (npyr + k)) - 1)):
                        mv[2 * nm] = MOVE_REDEAL
                        mv[2 * nm + 1] = -1
                        nm += 1
        # -- children --
        g1 = ng[cur] + 1
        # a deal or redeal leaves the cards as they are: its child's rank-pair facts are
        # the parent's (the parent is not dead: dead positions are never expanded)
        same_cards = astar and goal == G_BOARD and prm[O_HEUR] != 0 and stock_game \
            and (rem & pyr) != pyr and not autodeal
        psteps = 0
        if same_cards:
            _, psteps = _dead_and_removals(rem, prm, byval, gad, FULL & ~rem & pyr, scr)
            for i in range(21):
                scr[PG + i] = scr[GS + i]
        for i in range(nm):
            a = mv[2 * i]
            bb = mv[2 * i + 1]
            nrem_ = rem
            nk = k
            nps = ps
            if a >= 0:
                nrem_ = rem | (np.int64(1) << a)
                if bb >= 0:
                    nrem_ |= np.int64(1) << bb
            elif a == MOVE_DEAL:
                nk = deal_k(stock, npyr, k, 1 if faceup else draw)
            else:
                nk = 0
                if passes > 0:
                    nps = ps + 1
            if autodeal:
                nk = _auto(nrem_, nk, npyr, 1 if faceup else draw, objpyr)
            ckey = _canon(nrem_, nk, prm, val, byval) | (nk << 52) | (nps << 58)
            j = find(ckey, nkey, htab)
            if astar:
                if j >= 0:
                    if ng[j] <= g1 or nh[j] >= DEAD:
                        continue
                    # a shorter line to a known position: a new node takes its key (the
                    # old one keeps its own cards, which its children's moves were
                    # made from: the waste of the two may differ in suits)
                    ctx[C_REOPENED] += 1
                    f = g1 + nh[j]
                    if f >= NF:
                        ctx[C_STATUS] = S_DEPTH
                        ctx[C_NODES] = n
                        return
                    f = _slot(f, nh[j])
                    _redirect(ckey, j, n, nkey, htab)
                    nclosed[j] = 1
                    nkey[n] = ckey
                    nrem[n] = nrem_
                    ng[n] = g1
                    nh[n] = nh[j]
                    npar[n] = cur
                    nma[n] = a
                    nmb[n] = bb
                    nclosed[n] = 0
                    _push(n, f, ctx, heads, enode, enext)
                    if f < b:
                        b = f
                    n += 1
                    continue
                if same_cards and a < 0:
                    for t in range(21):
                        scr[GS + t] = scr[PG + t]
                    h = _board_bound(nrem_, nk, nps, prm, val, canpair, byval, psteps, 0,
                                     scr, gad)
                else:
                    h = _bound(nrem_, nk, nps, prm, val, canpair, byval, rowmask, scr, gad) \
                        if prm[O_HEUR] != 0 else 0
                f = -1 if h >= INF else g1 + h
                if f >= NF:
                    ctx[C_STATUS] = S_DEPTH
                    ctx[C_NODES] = n
                    return
                if h >= INF:
                    h = DEAD
                else:
                    f = _slot(f, h)
            else:
                if j >= 0:
                    continue
                value, upper = _upper(nrem_, nk, nps, prm, val, canpair, rowmask, scr, byval,
                                      gad)
                if value > ctx[C_BEST]:
                    ctx[C_BEST] = value
                    ctx[C_BESTNODE] = n
                h = 0
                f = -1 if upper <= ctx[C_BEST] else (UBMAX - upper) * HB
            _add(ckey, n, nkey, htab)
            nrem[n] = nrem_
            ng[n] = g1
            nh[n] = h
            npar[n] = cur
            nma[n] = a
            nmb[n] = bb
            if f < 0:
                nclosed[n] = 1
                ctx[C_PRUNED] += 1
            else:
                nclosed[n] = 0
                _push(n, f, ctx, heads, enode, enext)
                if f < b:
                    b = f
            n += 1


@njit(cache=True, inline="always")
def _ends_early(rem, pyr):  # type: ignore[no-untyped-def]
    """The pyramid clear with cards left elsewhere."""
    return (rem & pyr) == pyr and rem != FULL


@njit(cache=True, inline="always")
def _partner_forced(x, y, rem, canpair, npyr, goal):  # type: ignore[no-untyped-def]
    return (((canpair[x] & ~rem) == (np.int64(1) << y) and (goal == G_ALL or x < npyr))
            or ((canpair[y] & ~rem) == (np.int64(1) << x) and (goal == G_ALL or y < npyr)))


@njit(cache=True, inline="always")
def _redirect(key, j, n, nkey, htab):  # type: ignore[no-untyped-def]
    """Point the table's entry for ``key`` (now node ``j``) at node ``n``."""
    mask = htab.shape[0] - 1
    i = _hash(key, mask)
    while htab[i] != j:
        i = (i + 1) & mask
    htab[i] = n


@njit(cache=True, inline="always")
def _add(key, j, nkey, htab):  # type: ignore[no-untyped-def]
    nkey[j] = key
    mask = htab.shape[0] - 1
    i = _hash(key, mask)
    while htab[i] >= 0:
        i = (i + 1) & mask
    htab[i] = j


@njit(cache=True)
def _is_goal(rem, prm, val, rowmask):  # type: ignore[no-untyped-def]
    goal = prm[O_GOAL]
    pyr = (np.int64(1) << prm[O_NPYR]) - 1
    if goal == G_BOARD:
        return (rem & pyr) == pyr
    if goal == G_ALL:
        return rem == FULL
    if goal == G_SCORE:
        return _msc_score(rem, prm[O_NPYR], val, rowmask) >= prm[O_TARGET]
    if goal == G_CARDS:
        return popcount(rem & prm[O_RANK]) >= prm[O_TARGET]
    return (rem & pyr) == pyr and popcount(rem & prm[O_RANK]) >= prm[O_TARGET]


@njit(cache=True)
def root(prm, ctx, key, val, canpair, byval, rowmask, nkey, nrem, ng, nh, npar, nma, nmb,  # type: ignore[no-untyped-def]
         nclosed, htab, heads, enode, enext, scr, gad):
    """Start a search from position ``key`` (node 0; removed slots, ``k``, pass)."""
    for i in range(ctx.shape[0]):
        ctx[i] = 0
    for i in range(heads.shape[0]):
        heads[i] = -1
    for i in range(htab.shape[0]):
        htab[i] = -1
    rem = key & FULL
    k = (key >> 52) & 63
    ps = (key >> 58) & 31
    gad[NEVER] = _never(rem, k, ps, prm, val, canpair, byval, gad)
    _add(_canon(rem, k, prm, val, byval) | (k << 52) | (ps << 58), 0, nkey, htab)
    nrem[0] = rem
    ng[0] = 0
    npar[0] = -1
    nma[0] = -1
    nmb[0] = -1
    nclosed[0] = 0
    ctx[C_NODES] = 1
    if prm[O_MODE] == MODE_ASTAR:
        h = _bound(rem, k, ps, prm, val, canpair, byval, rowmask, scr, gad) \
            if prm[O_HEUR] != 0 else 0
        if h >= INF:
            ctx[C_STATUS] = S_EXHAUSTED
            nh[0] = DEAD
            nclosed[0] = 1
            return
        nh[0] = h
        f = _slot(h, h)
    else:
        value, upper = _upper(rem, k, ps, prm, val, canpair, rowmask, scr, byval, gad)
        ctx[C_BEST] = value
        ctx[C_BESTNODE] = 0
        nh[0] = 0
        f = (UBMAX - max(upper, value)) * HB
    _push(0, f, ctx, heads, enode, enext)
    ctx[C_BUCKET] = f


@njit(cache=True)
def _never(rem, k, ps, prm, val, canpair, byval, gad):  # type: ignore[no-untyped-def]
    """The pyramid cards that can never go from this position: those the cards lying on
    them, with them, cannot each be matched to a partner of their own
    (:func:`_matchable`), from the bottom row up (one that cannot go keeps every card
    under it). Worked out once at a search's root: every position below it has fewer
    cards to pair with. ``O_NEVER``: pyramid cards the caller proved can never go (the
    open relaxation's, :func:`pyramids.engines.optimal.relaxed_never`), the start."""
    npyr = prm[O_NPYR]
    remaining = FULL & ~rem
    never = prm[O_NEVER] & remaining
    gad[NEVER] = never
    gone = rem | _stuck(rem, k, ps, prm, val, canpair, gad)
    for p in range(npyr - 1, -1, -1):
        if not (remaining >> p) & 1:
            continue
        if gad[AN + p] & never or not _matchable(gone, byval, gad,
                                                  _needs(p, remaining, npyr, gad)):
            never |= np.int64(1) << p
    return never
