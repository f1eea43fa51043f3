"""The general search compiled: :func:`pyramids.engines.pairs.solve`'s depth-first search
as numba kernels, for every game whose talon has at most one waste turned over on a
redeal (every classic preset and eight of PySolFC's ten new games), or three wastes
gathered PySolFC's way (Apophis, Eleven Triangle: see "three wastes" below).

A position is five integers, no tuples:

* ``r0``, ``r1``: the removed deal positions as two 64-bit words (two decks: 104 cards);
* ``ptr``: how many of the talon's cards, in the deal's talon order, have been dealt in
  this round. With one waste turned over on a redeal the talon's order never changes and
  removed cards are skipped, so the waste is the dealt cards not removed (its top the
  last of them) and the talon the undealt cards not removed (its top the first);
* ``hh``: a hand is held (the classic face-down draw-1 stock): the hand is the last
  dealt card, ``ptr - 1``, and the waste the not-removed dealt cards before it;
* ``rnd``: the round (kept at 0 in the key with unlimited rounds, as Board.key does).

``ptr`` is kept canonical so that one Board position is one kernel position: without a
hand it is moved forward over removed undealt cards (the talon's top is then ``ptr``),
and with a hand but none held it is moved back over removed dealt cards. The lockstep
test (tests/test_pairs_kernel.py) plays random legal moves in Board and here side by side
and checks that the two positions, legal moves and won/lost agree at every step.

The moves a position offers are generated in Board.legal_moves' order, then reduced to
the safe move or sorted as the Python search does (:func:`_ordered`), so that the kernel
visits the same positions in the same order and counts the same nodes. The visited set is
an open-addressing hash table in numpy arrays, grown by the caller. The search is
resumable: every piece of its state lives in arrays, and :func:`run` returns after a
budget of nodes so that the caller can check the CPU time (or grow an array) and go on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from pyramids.core.board import DEAL, REDEAL, Board, Play
from pyramids.core.cards import Card
from pyramids.core.errors import VariantError
from pyramids.core.rules import Rules

# move kinds (the columns of a move: kind, a, b)
K_ALONE, K_PAIR, K_DEAL, K_REDEAL = 0, 1, 2, 3
# stock-waste rules
SW_ALLOWED, SW_FORBIDDEN, SW_AUTOMATIC = 0, 1, 2

# parameters (prm)
(P_PLACES, P_CARDS, P_NT, P_HAND, P_FACEUP, P_DRAW, P_ROUNDS, P_SW, P_AUTO, P_OVERLAP,
 P_TALON, P_MAXMV, P_LIMIT, P_BUDGET, P_PRUNE_WASTE, P_PRUNE_TWINS, P_THREE, P_SHUFFLE,
 P_PRUNE_MATCH, P_FULL_TESTS, P_PRUNE_CHAIN, P_ORDER, P_W_UNDER, P_W_LAYOUT, P_W_SCARCE,
 P_NOISE, P_CAP) = range(27)
#: the kernel's prunings by name (solve's ``prune``), each a switch
PRUNINGS = ("waste", "twins", "match", "chain")
#: the kernel's win-seeking passes by name (also switched by solve's ``prune``)
SEEKING = ("restarts", "order", "beam")
#: seeking "order" (h71): cards alone first, the stock move last, and the pairs by a score
#: (:func:`_score`, highest first; with one deck in the restarts only, :data:`ORDER_ALL`):
#: the cards still lying under the layout cards a pair removes (ORDER_UNDER each), each
#: layout card it removes (ORDER_LAYOUT), each card with fewer than ORDER_CAP partners
#: left (ORDER_SCARCE a partner short). A restart's search
#: adds a random 0..ORDER_NOISE - 1 to each score (-1: each kind of move shuffled apart,
#: as without "order"). The noise that pays is large: the restarts then try pairs of
#: layout cards and pairs with a talon card in one mixed order, where shuffling each kind
#: apart kept every layout pair before every talon pair (bench_pairs_results.txt, h71:
#: the unknowns of Cheops and the two-deck games fall most with it)
ORDER_UNDER, ORDER_LAYOUT, ORDER_SCARCE, ORDER_CAP, ORDER_NOISE = 1, 8, 2, 6, 1000
#: ``prm[P_ORDER]``: the score orders the restarts' moves only (one deck: the search in
#: the usual order keeps Board's order, and so its lines, which the records and the seed
#: lists' grades were made from), or every search's (two decks: fewer unknowns there)
ORDER_RESTARTS, ORDER_ALL = 1, 2
#: the two-deck games' ORDER_UNDER: there the layout cards with the fewest cards left
#: under them first did better (fewer nodes, more wins; -1 with one deck: fewer wins, more
#: nodes in Cheops); -4 beat -1 on two samples (bench_pairs_results.txt, h71)
ORDER_UNDER_TWO_DECKS = -4
#: restarts: the shuffled searches' share of the node limit, and their unit (Luby's
#: sequence of budgets 1, 1, 2, 1, 1, 2, 4, ... units), a unit at least RESTART_MIN nodes
#: after the search in the usual order has had RESTART_FIRST of the node limit
RESTART_FIRST, RESTART_SHARE, RESTART_UNIT, RESTART_MIN = 1 / 4, 1 / 4, 1 / 1024, 64
#: the split for two-deck games (h62): the search there proves no deal blocked within
#: its limits and its unknowns are mostly wins not found yet, so the restarts get 3/4 of
#: the limit after 1/8 in the usual order (bench_pairs_results.txt: fewer unknown, less CPU)
RESTART_FIRST_TWO_DECKS, RESTART_SHARE_TWO_DECKS = 1 / 8, 3 / 4
#: seeking "beam" (two-deck games only, :mod:`pyramids.engines.pairs.beam`): its share
#: of the node limit, spent after the search in the usual order's first share and before
#: the restarts (whose share then counts the beam's nodes too). Pysolfc:1..100 at
#: 1,000,000 nodes, wins of Two Pyramids / Double Pyramid / Up and Down: 1/2 98/93/99,
#: 3/4 95/94/99 (the restarts win Two Pyramids deals the beam misses); restarts on 1/8
#: before the beam: the same wins, 15% more nodes (bench_pairs_results.txt, h76)
BEAM_SHARE_TWO_DECKS = 1 / 2
#: where the beam runs, the search in the usual order's first share before it (in place of
#: RESTART_FIRST_TWO_DECKS, which stays where the beam is off, so the graded lists' lines
#: stay): 1/8 left most deals to pay 125,000 nodes before a beam won them in a few
#: thousand. At 1,000,000 nodes, 1/8 -> 1/256, same wins on all 400 deals (Double Pyramid
#: 101-200 and 30001-30100, Two Pyramids and Up and Down 1-100), CPU -32%, -32%, -27%,
#: -61%, Double Pyramid's median deal 142 -> 16 ms (benchmarks/bench_beam.py --first)
BEAM_FIRST_TWO_DECKS = 1 / 256
NPARAMS = 27
#: prunings "waste" and "match" test every talon card and every class at every node
#: (True, as before h62), not only the cards and classes a move can change (False, the
#: default: the same positions pruned, so the same nodes and verdicts; the tests and
#: benchmarks compare the two)
FULL_TESTS = False
#: which classes :func:`unmatched` asks: all, none, or the class of a rank (>= 0)
ALL_CLASSES, NO_CLASS = -1, -2

# context (ctx)
C_DEPTH, C_NODES, C_USED, C_PRUNED, C_HITS, C_RNG = range(6)
NCTX = 6

# run's answers
S_RUNNING, S_WON, S_EXHAUSTED, S_LIMIT, S_PAUSED, S_GROW_TABLE, S_GROW_STACK, \
    S_GROW_MOVES, S_GROW_ORDERS = range(9)

#: the bit counts of 0..255 (Hall's sets in :func:`unmatched`)
_POPCOUNT = np.array([bin(i).count("1") for i in range(256)], np.int64)

_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xC2B2AE3D27D4EB4F)
_M3 = np.uint64(0x165667B19E3779F9)


@njit(cache=True, inline="always")
def _bit(r0, r1, a):  # type: ignore[no-untyped-def]
    """Is deal position ``a`` set in the two-word mask ``(r0, r1)``?"""
    if a < 64:
        return (r0 >> np.uint64(a)) & np.uint64(1) != 0
    return (r1 >> np.uint64(a - 64)) & np.uint64(1) != 0


@njit(cache=True, inline="always")
def _set(r0, r1, a):  # type: ignore[no-untyped-def]
    if a < 64:
        return r0 | (np.uint64(1) << np.uint64(a)), r1
    return r0, r1 | (np.uint64(1) << np.uint64(a - 64))


@njit(cache=True, inline="always")
def _exposed(r0, r1, p, cov):  # type: ignore[no-untyped-def]
    """Is layout place ``p`` holding a card with nothing left on it?"""
    return (not _bit(r0, r1, p) and r0 & cov[p, 0] == cov[p, 0]
            and r1 & cov[p, 1] == cov[p, 1])


@njit(cache=True, inline="always")
def _forward(r0, r1, ptr, prm):  # type: ignore[no-untyped-def]
    """``ptr`` past the removed undealt cards (no hand: the canonical pointer)."""
    nt, places = prm[P_NT], prm[P_PLACES]
    while ptr < nt and _bit(r0, r1, places + ptr):
        ptr += 1
    return ptr


@njit(cache=True, inline="always")
def _backward(r0, r1, ptr, prm):  # type: ignore[no-untyped-def]
    """``ptr`` back over the removed dealt cards (a hand game holding no hand)."""
    places = prm[P_PLACES]
    while ptr > 0 and _bit(r0, r1, places + ptr - 1):
        ptr -= 1
    return ptr


@njit(cache=True)
def canonical(r0, r1, ptr, hh, prm):  # type: ignore[no-untyped-def]
    """The canonical pointer of a position (see the module's docstring)."""
    if prm[P_HAND]:
        return ptr if hh else _backward(r0, r1, ptr, prm)
    return _forward(r0, r1, ptr, prm)


@njit(cache=True, inline="always")
def _talon_top(r0, r1, ptr, prm):  # type: ignore[no-untyped-def]
    """The first undealt card not removed (its deal position), or -1."""
    nt, places = prm[P_NT], prm[P_PLACES]
    j = ptr
    while j < nt:
        if not _bit(r0, r1, places + j):
            return places + j
        j += 1
    return -1


@njit(cache=True, inline="always")
def _waste_top(r0, r1, ptr, hh, prm):  # type: ignore[no-untyped-def]
    """The waste's top card (the last dealt card not removed, below the hand), or -1."""
    places = prm[P_PLACES]
    j = ptr - 1 if hh else ptr
    while j > 0:
        j -= 1
        if not _bit(r0, r1, places + j):
            return places + j
    return -1


@njit(cache=True, inline="always")
def _forced(r0, r1, ptr, hh, prm, rank, match):  # type: ignore[no-untyped-def]
    """Stock-waste automatic: the waste top that the hand must go with now, or -1."""
    if prm[P_SW] != SW_AUTOMATIC or not hh:
        return -1
    w = _waste_top(r0, r1, ptr, hh, prm)
    h = prm[P_PLACES] + ptr - 1
    if w >= 0 and match[rank[h], rank[w]]:
        return w
    return -1


@njit(cache=True)
def is_won(r0, r1, ptr, hh, prm, rank, match, goal):  # type: ignore[no-untyped-def]
    """Board.is_won: the objective's places all removed and no forced pair pending."""
    if _forced(r0, r1, ptr, hh, prm, rank, match) >= 0:
        return False
    return r0 & goal[0] == goal[0] and r1 & goal[1] == goal[1]


@njit(cache=True, inline="always")
def _can_redeal(r0, r1, ptr, hh, rnd, prm):  # type: ignore[no-untyped-def]
    if not prm[P_TALON] or _talon_top(r0, r1, ptr, prm) >= 0:
        return False
    if not hh and _waste_top(r0, r1, ptr, hh, prm) < 0:
        return False
    return prm[P_ROUNDS] == 0 or rnd < prm[P_ROUNDS]


@njit(cache=True)
def legal(r0, r1, ptr, hh, rnd, prm, rank, match, alone, cov, cl, out):  # type: ignore[no-untyped-def]
    """Board.legal_moves in its order, written to ``out`` (rows kind, a, b); their count.
    The caller checks the position is not won."""
    places = prm[P_PLACES]
    w = _waste_top(r0, r1, ptr, hh, prm)
    if hh and prm[P_SW] == SW_AUTOMATIC:
        h = places + ptr - 1
        if w >= 0 and match[rank[h], rank[w]]:
            out[0, 0], out[0, 1], out[0, 2] = K_PAIR, h, w
            return 1
    avail = np.empty(places + 3, np.int64)
    na = _exposed_places(r0, r1, prm, cov, avail)
    if hh:
        avail[na] = places + ptr - 1
        na += 1
    top = _talon_top(r0, r1, ptr, prm)
    if prm[P_FACEUP] and top >= 0:
        avail[na] = top
        na += 1
    if w >= 0:
        avail[na] = w
        na += 1
    first = -1
    if prm[P_SW] == SW_FORBIDDEN and w >= 0:
        first = top if prm[P_FACEUP] else (places + ptr - 1 if hh else -1)
    stock = -1
    if top >= 0:
        stock = K_DEAL
    elif _can_redeal(r0, r1, ptr, hh, rnd, prm):
        stock = K_REDEAL
    return _listed(avail, na, first, w, stock, r0, r1, prm, rank, match, alone, cov, cl, out)


@njit(cache=True, inline="always")
def _exposed_places(r0, r1, prm, cov, avail):  # type: ignore[no-untyped-def]
    """The exposed layout places, in order, written to ``avail``; their count."""
    na = 0
    for p in range(prm[P_PLACES]):
        if _exposed(r0, r1, p, cov):
            avail[na] = p
            na += 1
    return na


@njit(cache=True, inline="always")
def _listed(avail, na, first, w, stock, r0, r1, prm, rank, match,  # type: ignore[no-untyped-def]
            alone, cov, cl, out):
    """Board.legal_moves' list from the cards in play ``avail``: cards alone, pairs (not
    ``first`` with ``w``: stock-waste forbidden), overlap pairs, then the stock move
    ``stock`` (K_DEAL, K_REDEAL or -1); their count."""
    places = prm[P_PLACES]
    n = 0
    for i in range(na):
        if alone[rank[avail[i]]]:
            out[n, 0], out[n, 1], out[n, 2] = K_ALONE, avail[i], -1
            n += 1
    for i in range(na):
        a = avail[i]
        for j in range(i + 1, na):
            b = avail[j]
            if not match[rank[a], rank[b]]:
                continue
            if first >= 0 and ((a == first and b == w) or (a == w and b == first)):
                continue
            out[n, 0], out[n, 1], out[n, 2] = K_PAIR, a, b
            n += 1
    if prm[P_OVERLAP]:
        for p in range(places):
            if _bit(r0, r1, p):
                continue
            left = 0
            q = -1
            for k in range(cl.shape[1]):
                c = cl[p, k]
                if c >= 0 and not _bit(r0, r1, c):
                    left += 1
                    q = c
            if left == 1 and _exposed(r0, r1, q, cov) and match[rank[p], rank[q]]:
                out[n, 0], out[n, 1], out[n, 2] = K_PAIR, p, q
                n += 1
    if stock >= 0:
        out[n, 0], out[n, 1], out[n, 2] = stock, -1, -1
        n += 1
    return n


# -- three wastes (Apophis, Eleven Triangle) ------------------------------------------------
# A round deals its talon in an order, one card onto each waste in turn (the talon's top
# is never in play), so a position is an order, ``ptr`` (cards dealt from it: a multiple
# of 3 until the talon is empty) and the removed set: card j of the order lies on waste
# j % 3 once dealt. The order is kept canonical so that one Board position is one kernel
# position (:func:`canon3`): rows of three, row k holding the k-th card from the bottom of
# wastes 0, 1 and 2 (-1 where a waste is shorter), then the talon. A redeal (gather
# "reserves") makes the order wastes 2, 1, 0, each bottom first, and deals at once. The
# orders live in ``ords`` (a row each, ``olen`` long), interned by content (``oht``: an
# open-addressing table of id + 1; ``on[0]`` orders so far), and a position carries its
# order's id ``oid``: (removed, ptr, round, oid) is then Board.key.

@njit(cache=True, inline="always")
def _w3_top(r0, r1, ptr, i, order):  # type: ignore[no-untyped-def]
    """Waste ``i``'s top: the last card dealt to it this round not removed, or -1."""
    if ptr - 1 < i:
        return -1
    j = i + 3 * ((ptr - 1 - i) // 3)
    while j >= 0:
        if order[j] >= 0 and not _bit(r0, r1, order[j]):
            return order[j]
        j -= 3
    return -1


@njit(cache=True)
def legal3(r0, r1, ptr, rnd, prm, rank, match, alone, cov, cl, order, n_order,  # type: ignore[no-untyped-def]
           out):
    """:func:`legal` for three wastes: the layout's exposed cards and the waste tops in
    play, deal while the round's order lasts, then redeal while rounds are left."""
    avail = np.empty(prm[P_PLACES] + 3, np.int64)
    na = _exposed_places(r0, r1, prm, cov, avail)
    any_waste = False
    for i in range(3):
        w = _w3_top(r0, r1, ptr, i, order)
        if w >= 0:
            avail[na] = w
            na += 1
            any_waste = True
    stock = -1
    if ptr < n_order:
        stock = K_DEAL
    elif any_waste and (prm[P_ROUNDS] == 0 or rnd < prm[P_ROUNDS]):
        stock = K_REDEAL
    return _listed(avail, na, -1, -1, stock, r0, r1, prm, rank, match, alone, cov, cl, out)


@njit(cache=True)
def intern(ords, olen, oht, on, n):  # type: ignore[no-untyped-def]
    """The id of the order written in row ``on[0]`` of ``ords`` (``n`` cards): an equal
    order's id if there is one, else this row's (kept). The caller keeps a free row and
    ``oht`` at least twice ``ords``' rows."""
    k = on[0]
    h = np.uint64(n + 1) * _M3
    for j in range(n):
        h = (h ^ np.uint64(ords[k, j])) * _M1
        h ^= h >> np.uint64(29)
    mask = np.uint64(oht.shape[0] - 1)
    i = h & mask
    while True:
        m = oht[i]
        if m == 0:
            oht[i] = k + 1
            olen[k] = n
            on[0] = k + 1
            return k
        o = m - 1
        if olen[o] == n:
            same = True
            for j in range(n):
                if ords[o, j] != ords[k, j]:
                    same = False
                    break
            if same:
                return o
        i = (i + np.uint64(1)) & mask


@njit(cache=True)
def reintern(ords, olen, count, size):  # type: ignore[no-untyped-def]
    """The intern table of the first ``count`` orders in ``size`` entries (a power of two)."""
    oht = np.zeros(size, np.int64)
    on = np.zeros(1, np.int64)
    for k in range(count):
        on[0] = k
        intern(ords, olen, oht, on, olen[k])
    return oht


@njit(cache=True)
def play3(r0, r1, ptr, rnd, oid, kind, a, b, ords, olen, oht, on):  # type: ignore[no-untyped-def]
    """:func:`play` for three wastes: the new ``(r0, r1, ptr, rnd, oid)``. A redeal
    interns the new order (the caller keeps a free row)."""
    if kind == K_DEAL:
        ptr = min(ptr + 3, olen[oid])
    elif kind == K_REDEAL:
        k, n = on[0], 0
        for i in range(2, -1, -1):
            for j in range(i, olen[oid], 3):
                c = ords[oid, j]
                if c >= 0 and not _bit(r0, r1, c):
                    ords[k, n] = c
                    n += 1
        oid = intern(ords, olen, oht, on, n)
        ptr, rnd = min(3, n), rnd + 1
    else:
        r0, r1 = _set(r0, r1, a)
        if b >= 0:
            r0, r1 = _set(r0, r1, b)
    ptr, oid = canon3(r0, r1, ptr, oid, ords, olen, oht, on)
    return r0, r1, ptr, rnd, oid


@njit(cache=True)
def canon3(r0, r1, ptr, oid, ords, olen, oht, on):  # type: ignore[no-untyped-def]
    """The canonical ``(ptr, oid)`` of a three-waste position: the wastes' cards left,
    bottom-aligned in rows of three (-1 for none), then the talon, interned. Two
    positions with the same wastes and talon get the same order, so the visited set
    sees Board.key (the caller keeps a free row; ``ords`` is three talons wide)."""
    order = ords[oid]
    k = on[0]
    height = 0
    for i in range(3):  # the longest waste
        h = 0
        for j in range(i, ptr, 3):
            if order[j] >= 0 and not _bit(r0, r1, order[j]):
                h += 1
        height = max(height, h)
    for i in range(3):
        h = 0
        for j in range(i, ptr, 3):
            if order[j] >= 0 and not _bit(r0, r1, order[j]):
                ords[k, 3 * h + i] = order[j]
                h += 1
        while h < height:
            ords[k, 3 * h + i] = -1
            h += 1
    n = 3 * height
    for j in range(ptr, olen[oid]):
        ords[k, n] = order[j]
        n += 1
    return 3 * height, intern(ords, olen, oht, on, n)


@njit(cache=True, inline="always")
def _deal(r0, r1, ptr, hh, prm):  # type: ignore[no-untyped-def]
    """Board._deal: the new (ptr, hh)."""
    nt, places = prm[P_NT], prm[P_PLACES]
    if prm[P_HAND]:
        j = ptr
        while _bit(r0, r1, places + j):
            j += 1
        return j + 1, 1
    j, got = ptr, 0
    while got < prm[P_DRAW] and j < nt:
        if not _bit(r0, r1, places + j):
            got += 1
        j += 1
    return _forward(r0, r1, j, prm), 0


@njit(cache=True)
def play(r0, r1, ptr, hh, rnd, kind, a, b, prm, rank, match, goal):  # type: ignore[no-untyped-def]
    """Board.push_unchecked of a legal move, with PySolFC's auto deal after it: the new
    position ``(r0, r1, ptr, hh, rnd)``."""
    if kind == K_DEAL:
        ptr, hh = _deal(r0, r1, ptr, hh, prm)
    elif kind == K_REDEAL:
        ptr, hh, rnd = 0, 0, rnd + 1
        ptr = canonical(r0, r1, ptr, hh, prm)
    else:
        places = prm[P_PLACES]
        if hh and (a == places + ptr - 1 or b == places + ptr - 1):
            hh = 0
        r0, r1 = _set(r0, r1, a)
        if b >= 0:
            r0, r1 = _set(r0, r1, b)
        ptr = canonical(r0, r1, ptr, hh, prm)
    if (prm[P_AUTO] and _waste_top(r0, r1, ptr, hh, prm) < 0
            and _talon_top(r0, r1, ptr, prm) >= 0
            and not is_won(r0, r1, ptr, hh, prm, rank, match, goal)):
        ptr, hh = _deal(r0, r1, ptr, hh, prm)
    return r0, r1, ptr, hh, rnd


@njit(cache=True, inline="always")
def _dead_in(m, base, r0, r1, must, part, bef):  # type: ignore[no-untyped-def]
    """Needs.dead's test for the cards of the word ``m`` (positions ``base`` on)."""
    while m:
        a = base + trailing_zeros(m)  # type: ignore[call-arg]
        m &= m - np.uint64(1)
        if must[a] and (part[a, 0] & ~r0 & ~bef[a, 0]) == 0 \
                and (part[a, 1] & ~r1 & ~bef[a, 1]) == 0:
            return True
    return False


@njit(cache=True)
def dead_after(r0, r1, a, b, must, part, bef):  # type: ignore[no-untyped-def]
    """Needs.dead (a card that must go whose partners are all gone or all lie on it)
    after the cards ``a`` (and ``b`` when >= 0) went from a position that passed it: only
    their partners' answers can change (a card's test reads the removed set only through
    its partners), so only those are asked, with Needs.dead's answer. A deal removes
    nothing and needs no test."""
    m0, m1 = part[a, 0], part[a, 1]
    if b >= 0:
        m0 |= part[b, 0]
        m1 |= part[b, 1]
    return (_dead_in(m0 & ~r0, 0, r0, r1, must, part, bef)
            or _dead_in(m1 & ~r1, 64, r0, r1, must, part, bef))


@njit(cache=True)
def lying_on(r0, r1, ptr, hh, rnd, oid, prm, ords, olen, onit):  # type: ignore[no-untyped-def]
    """In the last round, ``onit[a]``: for each talon card ``a`` left, the cards that lie
    on it for good (each must go before it can, by a move without it); True then, False
    (``onit`` untouched) in an earlier round, when a redeal still reorders the talon.

    One waste: it is a stack only whose top is in play (overlap is for layout places),
    so a waste card lies under every waste card dealt after it. When the talon's card in
    play (face-up top or hand) may not pair with the waste top (no face-up top and no
    hand, or stock-waste forbidden), every talon card lies under every card dealt after
    it: while both are in the talon the later one is under it, and once dealt the later
    one lies on it in the waste. Three wastes: card j of the round's order ends up (or
    lies) on waste j % 3 under cards j + 3, j + 6, ..., and the talon's top is never in
    play. Pruning "waste" (:func:`waste_dead`) and "match" (:func:`unmatched`) use it."""
    if not prm[P_TALON] or prm[P_ROUNDS] == 0 or rnd < prm[P_ROUNDS]:
        return False
    places, nt = prm[P_PLACES], prm[P_NT]
    for j in range(nt):
        onit[places + j, 0] = np.uint64(0)
        onit[places + j, 1] = np.uint64(0)
    if prm[P_THREE]:
        order = ords[oid]
        b = np.zeros((3, 2), np.uint64)
        for j in range(olen[oid] - 1, -1, -1):
            c = order[j]
            if c < 0 or _bit(r0, r1, c):
                continue
            k = j % 3
            onit[c, 0], onit[c, 1] = b[k, 0], b[k, 1]
            b[k, 0], b[k, 1] = _set(b[k, 0], b[k, 1], c)
        return True
    reach = (prm[P_FACEUP] or prm[P_HAND]) and prm[P_SW] != SW_FORBIDDEN
    # reach: the waste cards, top first (the hand is not on them); else every talon card
    j = (ptr - 1 if hh else ptr) if reach else nt
    b0 = np.uint64(0)
    b1 = np.uint64(0)
    while j > 0:
        j -= 1
        c = places + j
        if _bit(r0, r1, c):
            continue
        onit[c, 0], onit[c, 1] = b0, b1
        b0, b1 = _set(b0, b1, c)
    return True


@njit(cache=True, inline="always")
def _below(n):  # type: ignore[no-untyped-def]
    """Deal positions 0..n-1 (0 <= n <= 128) as two words."""
    full = ~np.uint64(0)
    if n >= 64:
        return full, (full if n >= 128 else (np.uint64(1) << np.uint64(n - 64)) - np.uint64(1))
    return (np.uint64(1) << np.uint64(n)) - np.uint64(1), np.uint64(0)


@njit(cache=True, inline="always")
def _on1(r0, r1, a, ptr, hh, prm):  # type: ignore[no-untyped-def]
    """:func:`lying_on`'s ``onit[a]`` for one talon card ``a`` in the last round with
    one waste, without the others: the cards left dealt after it up to the waste's top
    (or up to the talon's end when the waste cannot meet the card in play)."""
    places = prm[P_PLACES]
    if (prm[P_FACEUP] or prm[P_HAND]) and prm[P_SW] != SW_FORBIDDEN:
        hi = places + (ptr - 1 if hh else ptr)
        if a >= hi:
            return np.uint64(0), np.uint64(0)
    else:
        hi = places + prm[P_NT]
    h0, h1 = _below(hi)
    l0, l1 = _below(a + 1)
    return h0 & ~l0 & ~r0, h1 & ~l1 & ~r1


@njit(cache=True, inline="always")
def _aft1(r0, r1, a, ptr, hh, prm):  # type: ignore[no-untyped-def]
    """The other way round from :func:`_on1`: the talon cards left that the talon card
    ``a`` lies on for good in the last round with one waste (``a`` is in their ``onit``):
    the cards left dealt before it when it is in the waste (every card before it when the
    waste cannot meet the card in play), none when it is still to come."""
    places = prm[P_PLACES]
    if ((prm[P_FACEUP] or prm[P_HAND]) and prm[P_SW] != SW_FORBIDDEN
            and a >= places + (ptr - 1 if hh else ptr)):
        return np.uint64(0), np.uint64(0)
    h0, h1 = _below(a)
    l0, l1 = _below(places)
    return h0 & ~l0 & ~r0, h1 & ~l1 & ~r1


@njit(cache=True, inline="always")
def _order_of(r0, r1, a, ptr, hh, last, prm, bef):  # type: ignore[no-untyped-def]
    """The cards left that must go before card ``a`` can (lying on it for good) and those
    it must go before (it lies on them for good), as four words: the layout's ``bef``
    both ways, and :func:`_on1` / :func:`_aft1` for a talon card in the last round with
    one waste (nothing for a talon card otherwise: no fact is claimed, which is sound)."""
    zero = np.uint64(0)
    if a < prm[P_PLACES]:
        return bef[a, 0] & ~r0, bef[a, 1] & ~r1, bef[a, 2] & ~r0, bef[a, 3] & ~r1
    if not last or prm[P_THREE]:
        return zero, zero, zero, zero
    n0, n1 = _on1(r0, r1, a, ptr, hh, prm)
    f0, f1 = _aft1(r0, r1, a, ptr, hh, prm)
    return n0, n1, f0, f1


@njit(cache=True)
def chain_dead(r0, r1, ptr, hh, last, prm,  # type: ignore[no-untyped-def]
               rank, alone, must, part, bef):
    """Pruning "chain" (off with ``prm[P_PRUNE_CHAIN] = 0``): a card X that must go none
    of whose partners Y left can ever go with it, Needs.dead's test one step deeper.
    Sound: X goes (not alone) in a pair move with some Y left now, at a moment t; every
    card Z lying on X or on Y for good (:func:`_order_of`) is gone before t, by a move
    without X or Y; a Z that cannot go alone went with a partner W left now that is gone
    before t, so W is neither X nor Y (both still there until t) nor a card X or Y lies
    on for good (those go after X or Y). If some such Z has no such W, X and Y never go
    together; if that holds for every Y (or Y lies on X, or X on Y), no line from here
    wins. The facts are those of the prunings "waste" and "match": the layout's
    ``bef`` always, the waste's order only in the last round with one waste."""
    for w in range(2):
        m = ~r0 if w == 0 else ~r1
        base = 64 * w
        while m:
            x = base + trailing_zeros(m)  # type: ignore[call-arg]
            m &= m - np.uint64(1)
            if x >= prm[P_CARDS]:
                break
            if not must[x]:
                continue
            nx0, nx1, ax0, ax1 = _order_of(r0, r1, x, ptr, hh, last, prm, bef)
            y0 = part[x, 0] & ~r0 & ~nx0 & ~ax0
            y1 = part[x, 1] & ~r1 & ~nx1 & ~ax1
            viable = False
            for v in range(2):
                ym = y0 if v == 0 else y1
                while ym and not viable:
                    y = 64 * v + trailing_zeros(ym)
                    ym &= ym - np.uint64(1)
                    ny0, ny1, ay0, ay1 = _order_of(r0, r1, y, ptr, hh, last, prm, bef)
                    # the partners a Z may use: left, not X or Y, not after X or Y
                    ok0, ok1 = _set(np.uint64(0), np.uint64(0), x)
                    ok0, ok1 = _set(ok0, ok1, y)
                    ok0 = ~r0 & ~ok0 & ~ax0 & ~ay0
                    ok1 = ~r1 & ~ok1 & ~ax1 & ~ay1
                    blocked = False
                    for u in range(2):
                        zm = (nx0 | ny0) if u == 0 else (nx1 | ny1)
                        while zm:
                            z = 64 * u + trailing_zeros(zm)
                            zm &= zm - np.uint64(1)
                            if alone[rank[z]]:
                                continue
                            if (part[z, 0] & ok0) == 0 and (part[z, 1] & ok1) == 0:
                                blocked = True
                                break
                        if blocked:
                            break
                    if not blocked:
                        viable = True
                if viable:
                    break
            if not viable:
                return True
    return False


@njit(cache=True)
def waste_suspects(kind, a, b, ptr, prm, part, tal):  # type: ignore[no-untyped-def]
    """The talon cards whose :func:`waste_dead` test a move in the last round can have
    changed, from a position that passed it at ``ptr`` (the parent's), as two words and
    a flag for every card. A card's test reads the position through its partners left
    and the cards lying on it: a card alone or a pair changes the first for their
    partners only and adds nothing to the second (PySolFC's auto deal, one card onto an
    empty waste, lies on nothing); a deal adds the dealt card on every waste card (a
    face-up top dealt one at a time: its partners among them change) or nothing (the
    waste cannot meet the card in play: :func:`lying_on` takes the round's order);
    anything else (a redeal, a hand, several cards dealt at once, three wastes):
    every card."""
    zero = np.uint64(0)
    if prm[P_THREE] or kind == K_REDEAL:
        return zero, zero, True
    if kind <= K_PAIR:
        if prm[P_AUTO] and prm[P_DRAW] != 1:
            return zero, zero, True
        m0, m1 = part[a, 0], part[a, 1]
        if b >= 0:
            m0 |= part[b, 0]
            m1 |= part[b, 1]
        return m0 & tal[0], m1 & tal[1], False
    if (not prm[P_FACEUP] and not prm[P_HAND]) or prm[P_SW] == SW_FORBIDDEN:
        return zero, zero, False
    if prm[P_FACEUP] and not prm[P_HAND] and prm[P_DRAW] == 1:
        c = prm[P_PLACES] + ptr
        return part[c, 0] & tal[0], part[c, 1] & tal[1], False
    return zero, zero, True


@njit(cache=True)
def waste_dead_of(r0, r1, m0, m1, ptr, hh, prm, must, part):  # type: ignore[no-untyped-def]
    """:func:`waste_dead`'s test for the talon cards of ``(m0, m1)`` only, one waste (each
    card's ``onit`` from :func:`_on1`)."""
    for w in range(2):
        m = (m0 & ~r0) if w == 0 else (m1 & ~r1)
        while m:
            a = 64 * w + trailing_zeros(m)  # type: ignore[call-arg]
            m &= m - np.uint64(1)
            if must[a]:
                o0, o1 = _on1(r0, r1, a, ptr, hh, prm)
                if (part[a, 0] & ~r0 & ~o0) == 0 and (part[a, 1] & ~r1 & ~o1) == 0:
                    return True
    return False


@njit(cache=True)
def waste_dead(r0, r1, prm, must, part, onit):  # type: ignore[no-untyped-def]
    """Pruning "waste" (off with ``prm[P_PRUNE_WASTE] = 0``), in the last round after
    :func:`lying_on`: a talon card that must go whose partners are all gone or all lie on
    it can never meet one, so the position has no winning line (as Needs.dead argues for
    the layout's cards); the lockstep and verdict tests check it against the search
    without it."""
    places = prm[P_PLACES]
    for j in range(prm[P_NT]):
        a = places + j
        if not _bit(r0, r1, a) and must[a] and (part[a, 0] & ~r0 & ~onit[a, 0]) == 0 \
                and (part[a, 1] & ~r1 & ~onit[a, 1]) == 0:
            return True
    return False


@njit(cache=True)
def children(r0, r1, ptr, hh, rnd, prm, rank, match, alone, lonely,  # type: ignore[no-untyped-def]
             cov, cl, part, bef, scratch, out, at, ctx):
    """The moves the search tries, in its order, written to ``out`` from row ``at``:
    the safe move alone when there is one, else cards alone, pairs of layout cards,
    pairs with a talon or waste card, the stock move (the Python search's _ordered;
    seeking "order" sorts the pairs by :func:`_score`: :func:`_in_order`)."""
    n = legal(r0, r1, ptr, hh, rnd, prm, rank, match, alone, cov, cl, scratch)
    return _in_order(scratch, n, r0, r1, prm, rank, lonely, part, bef, out, at, ctx)


@njit(cache=True)
def children3(r0, r1, ptr, rnd, prm, rank, match, alone, lonely,  # type: ignore[no-untyped-def]
              cov, cl, part, bef, order, n_order, scratch, out, at, ctx):
    """:func:`children` for three wastes."""
    n = legal3(r0, r1, ptr, rnd, prm, rank, match, alone, cov, cl, order, n_order, scratch)
    return _in_order(scratch, n, r0, r1, prm, rank, lonely, part, bef, out, at, ctx)


@njit(cache=True, inline="always")
def _in_order(scratch, n, r0, r1, prm, rank, lonely,  # type: ignore[no-untyped-def]
              part, bef, out, at, ctx):
    """The legal moves ``scratch[:n]`` in the search's order, written to ``out``; with
    ``prm[P_SHUFFLE]`` (a restart's search) each kind of move in a random order, from
    the generator ``ctx[C_RNG]``; with ``prm[P_ORDER]`` (seeking "order") sorted by
    :func:`_by_score` instead (order changes what a search finds first, never what an
    exhausted search proves)."""
    places = prm[P_PLACES]
    for i in range(n):
        if scratch[i, 0] == K_ALONE and scratch[i, 1] < places and lonely[rank[scratch[i, 1]]]:
            out[at, 0], out[at, 1], out[at, 2] = scratch[i, 0], scratch[i, 1], scratch[i, 2]
            return 1
    m = 0
    first = 0
    for cat in range(4):
        for i in range(n):
            k = scratch[i, 0]
            if k == K_ALONE:
                c = 0
            elif k == K_PAIR:
                c = 1 if scratch[i, 1] < places and scratch[i, 2] < places else 2
            else:
                c = 3
            if c == cat:
                out[at + m, 0], out[at + m, 1], out[at + m, 2] = k, scratch[i, 1], scratch[i, 2]
                m += 1
        if prm[P_SHUFFLE] and not (prm[P_ORDER] and prm[P_NOISE] >= 0):
            _shuffle(out, at + first, at + m, ctx)
            first = m
    if (prm[P_ORDER] == ORDER_ALL or (prm[P_ORDER] and prm[P_SHUFFLE])) \
            and not (prm[P_SHUFFLE] and prm[P_NOISE] < 0):
        _by_score(out, at, at + m, r0, r1, prm, part, bef, scratch, ctx)
    return m


@njit(cache=True, inline="always")
def _popcount(x):  # type: ignore[no-untyped-def]
    """The set bits of a 64-bit word."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, inline="always")
def _score(kind, a, b, r0, r1, prm, part, bef):  # type: ignore[no-untyped-def]
    """Seeking "order": how promising a card alone or a pair looks (higher first). Per
    card it removes: the cards left lying under it for good (``bef``'s columns 2-3: a
    layout card uncovering much opens the layout), a bonus for a layout card, and one
    for a card with few partners left (``part``: take it while a partner is there)."""
    s = 0
    for c in (a, b):
        if c < 0:
            continue
        if c < prm[P_PLACES]:
            s += prm[P_W_LAYOUT] + prm[P_W_UNDER] * (_popcount(bef[c, 2] & ~r0)
                                                      + _popcount(bef[c, 3] & ~r1))
        left = _popcount(part[c, 0] & ~r0) + _popcount(part[c, 1] & ~r1)
        if left < prm[P_CAP]:
            s += prm[P_W_SCARCE] * (prm[P_CAP] - left)
    return s


@njit(cache=True, inline="always")
def _by_score(out, lo, hi, r0, r1, prm, part, bef, keys, ctx):  # type: ignore[no-untyped-def]
    """Seeking "order": rows ``lo..hi`` of ``out`` sorted by :func:`_score`, highest
    first (a stable insertion sort: ties keep Board.legal_moves' order), cards alone
    before pairs and the stock move last whatever their score; a restart's search
    (``prm[P_SHUFFLE]``) adds a random 0..``prm[P_NOISE]`` - 1 to each score. ``keys``:
    scratch rows (column 0), at least ``hi - lo``."""
    if hi - lo < 2:
        return
    for i in range(lo, hi):
        k = out[i, 0]
        if k >= K_DEAL:
            key = -(1 << 40)
        else:
            key = _score(k, out[i, 1], out[i, 2], r0, r1, prm, part, bef)
            if k == K_ALONE:
                key += 1 << 30
            if prm[P_SHUFFLE] and prm[P_NOISE] > 0:
                key += np.int64(_rand(ctx) % np.uint64(prm[P_NOISE]))
        keys[i - lo, 0] = key
    for i in range(1, hi - lo):
        key = keys[i, 0]
        r = (out[lo + i, 0], out[lo + i, 1], out[lo + i, 2])
        j = i - 1
        while j >= 0 and keys[j, 0] < key:
            keys[j + 1, 0] = keys[j, 0]
            out[lo + j + 1, 0], out[lo + j + 1, 1], out[lo + j + 1, 2] = (
                out[lo + j, 0], out[lo + j, 1], out[lo + j, 2])
            j -= 1
        keys[j + 1, 0] = key
        out[lo + j + 1, 0], out[lo + j + 1, 1], out[lo + j + 1, 2] = r


@njit(cache=True, inline="always")
def _rand(ctx):  # type: ignore[no-untyped-def]
    """The next number of the restarts' generator (xorshift64, its state in ctx)."""
    x = np.uint64(ctx[C_RNG])
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    ctx[C_RNG] = np.int64(x)
    return x


@njit(cache=True, inline="always")
def _shuffle(out, lo, hi, ctx):  # type: ignore[no-untyped-def]
    """Rows ``lo..hi`` of ``out`` in a random order (Fisher-Yates, xorshift64 in ctx)."""
    for i in range(hi - 1, lo, -1):
        j = lo + np.int64(_rand(ctx) % np.uint64(i - lo + 1))
        for c in range(3):
            out[i, c], out[j, c] = out[j, c], out[i, c]


@njit(cache=True)
def unmatched(r0, r1, last, prm, bef, of_rank, classes,  # type: ignore[no-untyped-def]
              onit, nb, only, ptr, hh):
    """Pruning "match" (off with ``prm[P_PRUNE_MATCH] = 0``): Hall's condition per class
    of ranks that pair only with each other (``classes``: rows r, s with partners(r) =
    {s} and partners(s) = {r}, r != s; objective all; the classic kernel's "match",
    generalised to a cover graph, a pairing matrix and two decks). Every card left must
    go, and a card of rank r only with one of rank s, so a win pairs the cards of r left
    with those of s one to one (a perfect matching), each pair in play together at some
    moment. Two cards can never be: when one must go before the other can (``bef``: a
    layout card lies on the other for good), or, in the ``last`` round, when one lies on
    the other in the talon for good (``onit``, :func:`lying_on`). So if some set S of the
    r cards can meet fewer than |S| of the s cards (or the counts differ), no line from
    here wins. Returns True when a class fails. ``only``: the class to ask
    (:data:`ALL_CLASSES` for every one; :func:`touched` says which a move can change).
    With one waste ``onit`` is written here for the class's talon cards (:func:`_on1`,
    at ``ptr``, ``hh``); three wastes read :func:`lying_on`'s."""
    xs = np.empty(128, np.int64)
    ys = np.empty(128, np.int64)
    adj = np.empty(128, np.int64)
    for k in range(classes.shape[0]):
        if only != ALL_CLASSES and k != only:
            continue
        nx = _left_of(r0, r1, of_rank[classes[k, 0]], xs)
        ny = _left_of(r0, r1, of_rank[classes[k, 1]], ys)
        if nx != ny:
            return True
        if nx == 0 or (1 << nx) > nb.shape[0]:
            continue  # nothing to match, or too many to try (not checked: sound)
        if last and not prm[P_THREE]:
            for i in range(nx + ny):
                a = xs[i] if i < nx else ys[i - nx]
                if a >= prm[P_PLACES]:
                    onit[a, 0], onit[a, 1] = _on1(r0, r1, a, ptr, hh, prm)
        for i in range(nx):  # adj[i]: the s cards the r card xs[i] can meet
            a = xs[i]
            adj[i] = 0
            for t in range(ny):
                c = ys[t]
                if not (_bit(bef[a, 0], bef[a, 1], c) or _bit(bef[c, 0], bef[c, 1], a)
                        or (last and (_bit(onit[a, 0], onit[a, 1], c)
                                      or _bit(onit[c, 0], onit[c, 1], a)))):
                    adj[i] |= 1 << t
        # nb[S]: the s cards some r card of S can meet (S a bit set over xs); sizes from
        # the table of bit counts (both sets have at most 8 members here)
        nb[0] = 0
        for m in range(1, 1 << nx):
            nb[m] = nb[m & (m - 1)] | adj[trailing_zeros(np.uint64(m))]  # type: ignore[call-arg]
            if _POPCOUNT[nb[m]] < _POPCOUNT[m]:
                return True
    return False


@njit(cache=True, inline="always")
def touched(kind, a, b, ptr, last, prm, rank, cls):  # type: ignore[no-untyped-def]
    """Which class's Hall condition (:func:`unmatched`) a move can have changed, from a
    position that passed them all at ``ptr`` (the parent's): :data:`NO_CLASS`, a class
    (its row), or :data:`ALL_CLASSES`. A class's test reads the position only through
    its cards left, the static ``bef`` and, in the ``last`` round, ``onit`` among its
    cards left (:func:`lying_on`), so:

    * a card alone or a pair removes cards of one class at most (a class's ranks pair
      only with each other), and removing cards adds no ``onit`` fact between the cards
      left; PySolFC's auto deal after it (draw 1) deals one card onto an empty waste,
      which lies on nothing: that class (-1 when the ranks are in none);
    * a deal removes nothing; before the last round ``last`` stays False (nothing
      changes), and in it ``onit`` is static for three wastes and for a talon whose
      waste cannot meet the talon's card in play (all of the round's order), and grows
      only by the dealt card lying on the waste with a face-up top dealt one at a time:
      that card's class;
    * a redeal, or anything else (a hand, several cards dealt at once), every class."""
    if kind <= K_PAIR:
        if last and prm[P_AUTO] and prm[P_DRAW] != 1:
            return ALL_CLASSES
        k = cls[rank[a]]
        if b >= 0 and cls[rank[b]] > k:
            k = cls[rank[b]]
        return k if k >= 0 else NO_CLASS
    if kind == K_DEAL:
        if not last or prm[P_THREE]:
            return NO_CLASS
        if (not prm[P_FACEUP] and not prm[P_HAND]) or prm[P_SW] == SW_FORBIDDEN:
            return NO_CLASS
        if prm[P_FACEUP] and not prm[P_HAND] and prm[P_DRAW] == 1:
            k = cls[rank[prm[P_PLACES] + ptr]]
            return k if k >= 0 else NO_CLASS
    return ALL_CLASSES


@njit(cache=True, inline="always")
def _left_of(r0, r1, mask, out):  # type: ignore[no-untyped-def]
    """The positions of ``mask`` (two words) not removed, written to ``out``; their count."""
    n = 0
    for w in range(2):
        m = mask[w] & ~(r0 if w == 0 else r1)
        while m:
            out[n] = 64 * w + trailing_zeros(m)  # type: ignore[call-arg]
            m &= m - np.uint64(1)
            n += 1
    return n


@njit(cache=True, inline="always")
def _hash(r0, r1, meta):  # type: ignore[no-untyped-def]
    h = r0 * _M1 ^ (r1 + np.uint64(0x632BE59BD9B4E019)) * _M2 ^ np.uint64(meta) * _M3
    return h ^ (h >> np.uint64(29))


@njit(cache=True)
def insert(t0, t1, tm, r0, r1, meta):  # type: ignore[no-untyped-def]
    """Add a position to the visited set; False if it was there already. ``tm`` holds
    ``meta + 1`` (0 marks a free entry); linear probing, the caller keeps it under 5/8 full."""
    mask = np.uint64(t0.shape[0] - 1)
    i = _hash(r0, r1, meta) & mask
    while True:
        m = tm[i]
        if m == 0:
            t0[i], t1[i], tm[i] = r0, r1, meta + 1
            return True
        if m == meta + 1 and t0[i] == r0 and t1[i] == r1:
            return False
        i = (i + np.uint64(1)) & mask


@njit(cache=True)
def rehash(t0, t1, tm, size):  # type: ignore[no-untyped-def]
    """:func:`grown`, for the search's Python loop. Compiled code calls :func:`grown`
    itself: a dispatcher that returns arrays to Python and is also compiled into another
    module's code (the beam's) lost its environment when that code ran first, and its
    next call from Python failed ("'descr' is NULL", SystemError: Up and Down's 46974,
    Two Pyramids' 25; every deal once the beam ran before the search's first growth)."""
    return grown(t0, t1, tm, size)


@njit(cache=True)
def grown(t0, t1, tm, size):  # type: ignore[no-untyped-def]
    """The visited set in a table of ``size`` entries (a power of two)."""
    n0 = np.zeros(size, np.uint64)
    n1 = np.zeros(size, np.uint64)
    nm = np.zeros(size, np.int64)
    for i in range(t0.shape[0]):
        if tm[i] != 0:
            insert(n0, n1, nm, t0[i], t1[i], tm[i] - 1)
    return n0, n1, nm


@njit(cache=True)
def twin_key(r0, r1, ptr, prm, rank, tal):  # type: ignore[no-untyped-def]
    """The removed set written canonically for the visited set (pruning "twins", off
    with ``prm[P_PRUNE_TWINS] = 0``): the talon's cards that are left, on each side of
    ``ptr``, placed on the earliest talon positions of their ranks in the same order.
    Sound because the rules see a card only through its rank (pairs, cards alone, the
    dead-card checks: a talon card has nothing lying on it in the layout), so two
    positions with the same layout cards gone, the same ranks left in the talon order on
    each side of ``ptr``, the same hand flag and round are one game up to renaming cards
    of one rank: one is won exactly when the other is, and the search needs to see only
    one. Only the key is canonical; the positions on the stack stay the real ones, so
    the winning line is a real line (and is replayed)."""
    places, nt = prm[P_PLACES], prm[P_NT]
    c0, c1 = r0 | tal[0], r1 | tal[1]
    for side in range(2):
        lo, hi = (0, ptr) if side == 0 else (ptr, nt)
        c = lo
        for j in range(lo, hi):
            a = places + j
            if not _bit(r0, r1, a):
                while rank[places + c] != rank[a]:
                    c += 1
                x = places + c
                if x < 64:
                    c0 &= ~(np.uint64(1) << np.uint64(x))
                else:
                    c1 &= ~(np.uint64(1) << np.uint64(x - 64))
                c += 1
    return c0, c1


@njit(cache=True, inline="always")
def _meta(ptr, hh, rnd, oid, prm):  # type: ignore[no-untyped-def]
    return ptr + 256 * hh + 512 * (rnd if prm[P_ROUNDS] != 0 else 0) + 65536 * oid


@njit(cache=True, inline="always")
def at_limit(ctx, prm):  # type: ignore[no-untyped-def]
    """Has the search counted ``prm[P_LIMIT]`` nodes (a negative limit: none)? Asked
    after every counted node, the pruned ones too, so ``nodes <= limit`` always holds."""
    return prm[P_LIMIT] >= 0 and ctx[C_NODES] >= prm[P_LIMIT]


@njit(cache=True)
def run(ctx, prm, rank, match, alone, lonely, cov, cl, goal,  # type: ignore[no-untyped-def]
        must, part, bef, tal, sr, st, mv, mi, t0, t1, tm, scratch, ords, olen, oht, on,
        of_rank, classes, onit, nb, cls):
    """Go on with the search for at most ``prm[P_BUDGET]`` new positions.

    ``sr[d]``, ``st[d]``: the position at depth ``d`` ((r0, r1) and (ptr, hh, rnd, oid));
    ``mi[d]``: (first row of its moves in ``mv``, their count, the next to try);
    ``ords``, ``olen``, ``oht``, ``on``: the rounds' orders (three wastes only);
    ``of_rank``, ``classes``, ``onit``, ``nb``, ``cls``: pruning "match"'s tables and
    scratch (``cls``: each rank's class, -1 for none). A node is expanded only after it
    passed every test, so "match" asks a child only the classes its move can change
    (:func:`touched`; every class below the start, which was not asked).
    Returns S_WON (the line: the move tried last at each depth 0..ctx[C_DEPTH]),
    S_EXHAUSTED (every reachable position seen), S_LIMIT (``prm[P_LIMIT]`` nodes),
    S_PAUSED (the budget spent) or S_GROW_* (the caller grows that array and calls
    again; nothing was lost)."""
    spent = 0
    three = prm[P_THREE] != 0
    while ctx[C_DEPTH] >= 0:
        d = ctx[C_DEPTH]
        if mi[d, 2] == mi[d, 1]:
            ctx[C_DEPTH] = d - 1
            continue
        if at_limit(ctx, prm):
            return S_LIMIT  # resumed at a limit already reached (go(0), a tiny limit's restarts)
        if spent >= prm[P_BUDGET]:
            return S_PAUSED
        if (ctx[C_USED] + 1) * 8 > t0.shape[0] * 5:
            return S_GROW_TABLE
        if d + 2 >= st.shape[0]:
            return S_GROW_STACK
        at = mi[d, 0] + mi[d, 1]
        if at + prm[P_MAXMV] > mv.shape[0]:
            return S_GROW_MOVES
        if three and on[0] + 1 >= ords.shape[0]:
            return S_GROW_ORDERS
        row = mi[d, 0] + mi[d, 2]
        mi[d, 2] += 1
        if three:
            hh = 0
            r0, r1, ptr, rnd, oid = play3(sr[d, 0], sr[d, 1], st[d, 0], st[d, 2], st[d, 3],
                                          mv[row, 0], mv[row, 1], mv[row, 2], ords, olen,
                                          oht, on)
        else:
            oid = 0
            r0, r1, ptr, hh, rnd = play(sr[d, 0], sr[d, 1], st[d, 0], st[d, 1], st[d, 2],
                                        mv[row, 0], mv[row, 1], mv[row, 2], prm, rank,
                                        match, goal)
        k0, k1 = r0, r1
        if prm[P_PRUNE_TWINS]:
            k0, k1 = twin_key(r0, r1, ptr, prm, rank, tal)
        if not insert(t0, t1, tm, k0, k1, _meta(ptr, hh, rnd, oid, prm)):
            ctx[C_HITS] += 1
            continue
        ctx[C_USED] += 1
        ctx[C_NODES] += 1
        spent += 1
        if mv[row, 0] <= K_PAIR and dead_after(r0, r1, mv[row, 1], mv[row, 2], must, part,
                                               bef):
            if at_limit(ctx, prm):
                return S_LIMIT  # a cut node counts: never one past the limit
            continue
        if prm[P_PRUNE_WASTE] or prm[P_PRUNE_MATCH]:
            # the tests a move can have changed (a node is expanded only after passing
            # them all; the start was not asked, so its children ask everything)
            last = (prm[P_TALON] != 0 and prm[P_ROUNDS] != 0 and rnd >= prm[P_ROUNDS])
            part_only = not prm[P_FULL_TESTS] and d > 0
            only = ALL_CLASSES
            if prm[P_PRUNE_MATCH] and part_only:
                only = touched(mv[row, 0], mv[row, 1], mv[row, 2], st[d, 0], last, prm,
                               rank, cls)
            dead = False
            filled = False
            if prm[P_PRUNE_WASTE] and last:
                s0, s1, every = waste_suspects(mv[row, 0], mv[row, 1], mv[row, 2],
                                               st[d, 0], prm, part, tal)
                if every or not part_only:
                    filled = lying_on(r0, r1, ptr, hh, rnd, oid, prm, ords, olen, onit)
                    dead = waste_dead(r0, r1, prm, must, part, onit)
                else:
                    dead = waste_dead_of(r0, r1, s0, s1, ptr, hh, prm, must, part)
            if not dead and prm[P_PRUNE_MATCH] and only != NO_CLASS:
                if last and three and not filled:
                    lying_on(r0, r1, ptr, hh, rnd, oid, prm, ords, olen, onit)
                dead = unmatched(r0, r1, last, prm, bef, of_rank, classes, onit, nb, only,
                                 ptr, hh)
            if dead:
                ctx[C_PRUNED] += 1
                if at_limit(ctx, prm):
                    return S_LIMIT
                continue
        if prm[P_PRUNE_CHAIN] and chain_dead(
                r0, r1, ptr, hh,
                prm[P_TALON] != 0 and prm[P_ROUNDS] != 0 and rnd >= prm[P_ROUNDS],
                prm, rank, alone, must, part, bef):
            ctx[C_PRUNED] += 1
            if at_limit(ctx, prm):
                return S_LIMIT
            continue
        if is_won(r0, r1, ptr, hh, prm, rank, match, goal):
            return S_WON
        e = d + 1
        sr[e, 0], sr[e, 1] = r0, r1
        st[e, 0], st[e, 1], st[e, 2], st[e, 3] = ptr, hh, rnd, oid
        if three:
            n = children3(r0, r1, ptr, rnd, prm, rank, match, alone, lonely, cov, cl,
                          part, bef, ords[oid], olen[oid], scratch, mv, at, ctx)
        else:
            n = children(r0, r1, ptr, hh, rnd, prm, rank, match, alone, lonely, cov, cl,
                         part, bef, scratch, mv, at, ctx)
        mi[e, 0], mi[e, 1], mi[e, 2] = at, n, 0
        ctx[C_DEPTH] = e
        if at_limit(ctx, prm):
            return S_LIMIT  # after the node's moves: a higher limit goes on from here
    return S_EXHAUSTED


# -- the Python side: a game's tables, a Board's position, the search's driver ------------

CHUNK = 1 << 20  # nodes per kernel call without a time limit
TIMED_CHUNK = 1 << 14  # nodes per kernel call between CPU-time checks (a few ms)
TABLE_START = 1 << 14  # visited-set entries a search starts with (doubled when 5/8 full)
STACK_START = 256  # depths a search starts with (doubled when full)
MOVES_START = 1 << 14  # rows of moves a search starts with (at least one position's worth)
ORDERS_START = 64  # rounds' orders a game's tables start with (three wastes; doubled when full)

Position = tuple[int, int, int, int, int, int]  # r0, r1, ptr, hh, rnd, oid


def supports(rules: Rules) -> bool:
    """Can the kernel play ``rules``: at most 128 cards, and at most one waste turned
    over on a redeal, or three wastes gathered PySolFC's way with the talon's top face
    down (Apophis, Eleven Triangle)."""
    t = rules.talon
    one = t.wastes <= 1 and t.gather == "turn"
    three = (t.wastes == 3 and t.gather == "reserves" and not t.top_face_up
             and not t.hand and not t.auto_deal)
    return (one or three) and rules.cards <= 128


class Tables:
    """A game's rules and a deal's ranks as the kernels' arrays."""

    def __init__(self, rules: Rules, cards: tuple[Card, ...], partners: list[int],
                 before: list[int], check: list[int]) -> None:
        if not supports(rules):
            raise VariantError(f"{rules.name}: the compiled search plays one waste turned "
                               "over on a redeal, or three gathered as PySolFC does; use "
                               "the Python search")
        lay, t, pairing = rules.layout, rules.talon, rules.pairing
        places, n = lay.size, rules.cards
        avail = places + 3
        maxmv = avail + avail * (avail - 1) // 2 + places + 1
        sw = {"allowed": SW_ALLOWED, "forbidden": SW_FORBIDDEN,
              "automatic": SW_AUTOMATIC}[t.stock_waste]
        self.prm = np.array([places, n, n - places, int(t.hand), int(t.top_face_up), t.draw,
                             t.rounds or 0, sw, int(t.auto_deal), int(pairing.overlap),
                             int(t.exists), maxmv, -1, CHUNK, 1, 0, int(t.wastes == 3), 0, 1,
                             0, 0, 0, 0, 0, 0, 0, 0],
                            np.int64)
        self.tal = np.array(_words(sum(1 << a for a in range(places, n))), np.uint64)
        self.must = np.zeros(n, np.bool_)
        self.must[check] = True
        self.rank = np.array([c % 13 + 1 for c in cards], np.int64)
        self.match = np.array(pairing.matrix, np.bool_)
        self.alone = np.array([r in pairing.alone for r in range(14)], np.bool_)
        self.lonely = np.array([r > 0 and not pairing.partners(r) for r in range(14)],
                               np.bool_)
        self.cov = np.array([_words(sum(1 << q for q in over)) for over in lay.covered_by],
                            np.uint64).reshape(places, 2)
        width = max((len(o) for o in lay.covered_by), default=0) or 1
        self.cl = np.full((places, width), -1, np.int64)
        for p, over in enumerate(lay.covered_by):
            self.cl[p, :len(over)] = over
        goal = range(n) if rules.objective == "all" else lay.pyramid
        self.goal = np.array(_words(sum(1 << a for a in goal)), np.uint64)
        self.part = np.array([_words(m) for m in partners], np.uint64).reshape(n, 2)
        # columns 0-1: the cards lying on a card for good (Needs.before); 2-3: the cards it
        # lies on for good, the same relation the other way round (pruning "chain")
        after = [sum(1 << w for w in range(n) if before[w] >> a & 1) for a in range(n)]
        self.bef = np.array([_words(m) + _words(m2)
                             for m, m2 in zip(before, after, strict=True)],
                            np.uint64).reshape(n, 4)
        self.scratch = np.zeros((maxmv, 3), np.int64)
        # the rounds' orders (three wastes): order 0 is the deal's talon
        self.ords = np.zeros((ORDERS_START, 3 * max(n - places, 1)), np.int8)
        self.ords[0, :n - places] = range(places, n)
        self.olen = np.zeros(ORDERS_START, np.int64)
        self.oht = np.zeros(2 * ORDERS_START, np.int64)
        self.on = np.zeros(1, np.int64)
        intern(self.ords, self.olen, self.oht, self.on, n - places)
        self.opening = t.opening
        self.decks = rules.decks
        # pruning "match": positions per rank, the classes of ranks pairing only with
        # each other (objective all), scratch for the talon's blockers and Hall's sets
        ranks = [c % 13 + 1 for c in cards]
        self.of_rank = np.array([_words(sum(1 << a for a in range(n) if ranks[a] == r))
                                 for r in range(14)], np.uint64).reshape(14, 2)
        classes = [(r, q) for r in range(1, 14) for q in range(r + 1, 14)
                   if rules.objective == "all" and pairing.partners(r) == {q}
                   and pairing.partners(q) == {r} and r not in pairing.alone
                   and q not in pairing.alone]
        self.classes = np.array(classes, np.int64).reshape(len(classes), 2)
        self.cls = np.full(14, -1, np.int64)
        for k, (r, q) in enumerate(classes):
            self.cls[r] = self.cls[q] = k
        self.onit = np.zeros((n, 2), np.uint64)
        self.nb = np.zeros(1 << 8, np.int64)

    @property
    def three(self) -> bool:
        return bool(self.prm[P_THREE])

    def grow_orders(self) -> None:
        """Twice the rows for the rounds' orders (and their intern table)."""
        self.ords = np.concatenate([self.ords, np.zeros_like(self.ords)])
        self.olen = np.concatenate([self.olen, np.zeros_like(self.olen)])
        self.oht = reintern(self.ords, self.olen, int(self.on[0]), 2 * self.ords.shape[0])

    def position(self, board: Board) -> Position:
        """``board``'s position as the kernel's (r0, r1, ptr, hh, rnd, oid)."""
        if self.three:  # the round's order is the moves' doing: play them here
            zero = np.uint64(0)
            p3, o3 = canon3(zero, zero, min(3 * self.opening, int(self.prm[P_NT])), 0,
                            self.ords, self.olen, self.oht, self.on)
            pos: Position = 0, 0, int(p3), 0, 1, int(o3)
            for m in board.moves:
                pos = self.play(pos, m)
            return pos
        places = board.places
        r0, r1 = _words(board.removed)
        if board.hand is not None:
            ptr, hh = board.hand - places + 1, 1
        elif board.talon:
            ptr, hh = board.talon[0] - places, 0
        else:
            ptr, hh = int(self.prm[P_NT]), 0
        if self.prm[P_HAND] and not hh:  # back over the removed cards, canonically
            waste = board.wastes[0] if board.wastes else ()
            ptr = waste[-1] - places + 1 if waste else 0
        return r0, r1, ptr, hh, board.round, 0

    def legal(self, pos: Position) -> list[Play]:
        """The kernel's legal moves at ``pos`` as Plays, in Board.legal_moves' order (the
        lockstep test's view; the search calls the kernel directly)."""
        r0, r1, ptr, hh, rnd, oid = pos
        if is_won(np.uint64(r0), np.uint64(r1), ptr, hh, self.prm, self.rank, self.match,
                  self.goal):
            return []
        if self.three:
            n = legal3(np.uint64(r0), np.uint64(r1), ptr, rnd, self.prm, self.rank,
                       self.match, self.alone, self.cov, self.cl, self.ords[oid],
                       self.olen[oid], self.scratch)
        else:
            n = legal(np.uint64(r0), np.uint64(r1), ptr, hh, rnd, self.prm, self.rank,
                      self.match, self.alone, self.cov, self.cl, self.scratch)
        return [to_play(*self.scratch[i]) for i in range(n)]

    def play(self, pos: Position, move: Play) -> Position:
        """The position after ``move`` (auto deal included), as the kernel plays it."""
        r0, r1, ptr, hh, rnd, oid = pos
        kind, a, b = from_play(move)
        if self.three:
            if self.on[0] + 1 >= self.ords.shape[0]:
                self.grow_orders()
            o3 = play3(np.uint64(r0), np.uint64(r1), ptr, rnd, oid, kind, a, b, self.ords,
                       self.olen, self.oht, self.on)
            return int(o3[0]), int(o3[1]), int(o3[2]), 0, int(o3[3]), int(o3[4])
        out = play(np.uint64(r0), np.uint64(r1), ptr, hh, rnd, kind, a, b, self.prm,
                   self.rank, self.match, self.goal)
        return int(out[0]), int(out[1]), int(out[2]), int(out[3]), int(out[4]), 0

    def won(self, pos: Position) -> bool:
        r0, r1, ptr, hh, *_ = pos
        return bool(is_won(np.uint64(r0), np.uint64(r1), ptr, hh, self.prm, self.rank,
                           self.match, self.goal))


def _words(mask: int) -> tuple[int, int]:
    return mask & (1 << 64) - 1, mask >> 64


def to_play(kind: int, a: int, b: int) -> Play:
    """A kernel move (kind, a, b) as a board.Play."""
    if kind == K_ALONE:
        return Play("alone", (int(a),))
    if kind == K_PAIR:
        return Play("pair", (int(a), int(b)))
    return Play(DEAL if kind == K_DEAL else REDEAL)


def from_play(move: Play) -> tuple[int, int, int]:
    """A board.Play as a kernel move (kind, a, b)."""
    if move.kind == DEAL:
        return K_DEAL, -1, -1
    if move.kind == REDEAL:
        return K_REDEAL, -1, -1
    if move.kind == "alone":
        return K_ALONE, move.at[0], -1
    return K_PAIR, move.at[0], move.at[1]


@dataclass
class Found:
    """What :func:`search` found: ``status`` winnable, blocked or unknown (``limit``
    ``nodes`` or ``time``), the winning moves, the nodes, the positions seen and those
    pruned. ``others``: of ``nodes``, those the beams and restarts spent, when the search
    in the usual order ran out the limit after them (``seen`` is then its positions
    only: each run has its own table)."""

    status: str
    moves: tuple[Play, ...]
    nodes: int
    seen: int
    limit: str = ""
    pruned: int = 0  # positions the prunings cut (this search's run, not its restarts')
    others: int = 0


#: seeking "beam"'s entry (:func:`pyramids.engines.pairs.beam.seek`): tables, board,
#: prune, node budget, time limit, t0 -> Found
Seek = Callable[[Tables, Board, Collection[str], int, float | None, float], Found]


def search(tables: Tables, board: Board, *, node_limit: int | None,
           time_limit: float | None, t0: float,
           prune: Collection[str] = PRUNINGS + SEEKING,
           seek: Seek | None = None) -> Found:
    """The Python search's loop, compiled: a DFS from ``board`` (not won, no dead card)
    that never visits a position twice. ``t0``: the process time the solve started.
    ``prune``: the kernel's own prunings to use (:data:`PRUNINGS`: :func:`waste_dead`,
    :func:`twin_key`, :func:`unmatched`) and win-seeking passes (:data:`SEEKING`);
    without any it visits the Python search's positions, in order.

    "restarts" (with a node limit): the search in the usual order runs on
    :data:`RESTART_FIRST` of the limit; if that settles nothing, searches with the moves
    of each kind in a random order of their own (seeds 1, 2, ...) run on budgets in
    Luby's sequence (1, 1, 2, 1, 1, 2, 4, ... times :data:`RESTART_UNIT` of the limit)
    while they have spent less than :data:`RESTART_SHARE` of it, then the first search
    goes on where it paused on the nodes left (two-deck games:
    :data:`RESTART_FIRST_TWO_DECKS` and :data:`RESTART_SHARE_TWO_DECKS`). A search that
    gets lost in a huge subtree early (a heavy tail) is the common case on the two-deck
    three-round games; a restart tries other first moves. Each run is a whole search: a
    win is a line (replayed by the caller), and a run that sees every reachable position
    proves the deal blocked whatever its order. The nodes of all runs count against the
    limit and are reported.

    "order": the restarts sort their pairs by :func:`_score` with random noise
    (:data:`ORDER_NOISE`; cards alone first, the stock move last) in place of the shuffle
    of each kind apart, and in the two-deck games the search in the usual order sorts
    them by the score too (:data:`ORDER_ALL`).

    "beam" (two-deck games, with a node limit): when the search in the usual order
    settles nothing on :data:`BEAM_FIRST_TWO_DECKS` of the limit, beams of growing
    width (:func:`pyramids.engines.pairs.beam.seek`) run on
    :data:`BEAM_SHARE_TWO_DECKS` of it before the restarts, whose share then counts the
    beam's nodes. A beam keeps a level's most promising positions instead of committing
    to its first moves, and wins most of the deals the DFS leaves at its limit there; it
    proves nothing blocked. A deal the first share settles keeps its verdict, line and
    nodes, and one-deck games never run it. ``seek`` is the beam
    (:func:`pyramids.engines.pairs.beam.seek`, which :func:`pyramids.engines.pairs.solve`
    passes): its module builds on this one, so this one does not import it; without it
    "beam" is not run."""
    known = PRUNINGS + SEEKING
    unknown = set(prune) - set(known)
    if unknown:
        raise VariantError(f"unknown pruning {sorted(unknown)[0]!r}: choose from "
                           f"{', '.join(known)}")
    main = _DFS(tables, board, prune, time_limit, t0, 0)
    beam = (seek is not None and "beam" in prune and tables.decks == 2
            and not tables.three)
    if node_limit is None or ("restarts" not in prune and not beam):
        return main.go(node_limit)
    first, share = ((BEAM_FIRST_TWO_DECKS if beam else RESTART_FIRST_TWO_DECKS,
                     RESTART_SHARE_TWO_DECKS) if tables.decks == 2
                    else (RESTART_FIRST, RESTART_SHARE))
    if "restarts" not in prune:
        share = 0
    found = main.go(int(node_limit * first))
    if found.status != "unknown" or found.limit == "time":
        return found
    used = 0
    if seek is not None and beam:
        budget = min(int(node_limit * BEAM_SHARE_TWO_DECKS), node_limit - found.nodes)
        got = seek(tables, board, prune, budget, time_limit, t0)
        used = got.nodes
        if got.status != "unknown" or got.limit == "time":
            got.nodes = used + found.nodes
            return got
    unit = max(RESTART_MIN, int(node_limit * RESTART_UNIT))
    seed = 0
    while used + unit * luby(seed + 1) <= node_limit * share:
        seed += 1
        probe = _DFS(tables, board, prune, time_limit, t0, seed).go(unit * luby(seed))
        used += probe.nodes
        if probe.status != "unknown" or probe.limit == "time":
            probe.nodes = used + found.nodes
            return probe
    found = main.go(node_limit - used)
    found.nodes += used
    found.others = used
    return found


def luby(i: int) -> int:
    """Luby's sequence (1, 1, 2, 1, 1, 2, 4, 1, ...), its ``i``-th term from 1: the
    restart budgets that lose at most a log factor to the best fixed budget."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def search_prm(tables: Tables, prune: Collection[str], time_limit: float | None,
               seed: int) -> np.ndarray:
    """A search's parameters: the game's, with the prunings and seeking "order" of
    ``prune`` switched, and the moves shuffled from ``seed`` if > 0."""
    prm = tables.prm.copy()
    prm[P_PRUNE_WASTE] = int("waste" in prune)
    prm[P_PRUNE_TWINS] = int("twins" in prune and not tables.three)  # one waste only
    prm[P_PRUNE_MATCH] = int("match" in prune and tables.classes.shape[0] > 0)
    # one deck, at most one waste: in the two-deck games and with three wastes it
    # pruned next to nothing and cost up to twice the CPU a node (h67's measurements)
    prm[P_PRUNE_CHAIN] = int("chain" in prune and tables.decks == 1 and not tables.three)
    prm[P_FULL_TESTS] = int(FULL_TESTS)
    prm[P_BUDGET] = CHUNK if time_limit is None else TIMED_CHUNK
    prm[P_SHUFFLE] = int(seed > 0)
    prm[P_ORDER] = (0 if "order" not in prune
                    else ORDER_ALL if tables.decks == 2 else ORDER_RESTARTS)
    prm[P_W_UNDER], prm[P_W_LAYOUT], prm[P_W_SCARCE], prm[P_CAP], prm[P_NOISE] = (
        ORDER_UNDER_TWO_DECKS if tables.decks == 2 else ORDER_UNDER, ORDER_LAYOUT,
        ORDER_SCARCE, ORDER_CAP, ORDER_NOISE)
    return prm


class _DFS:
    """One depth-first search (:func:`search`), its moves shuffled from ``seed`` if > 0,
    run by :meth:`go` up to a node limit and resumable with a higher one."""

    def __init__(self, tables: Tables, board: Board, prune: Collection[str],
                 time_limit: float | None, t0: float, seed: int) -> None:
        self.tables, self.time_limit, self.t0 = tables, time_limit, t0
        prm = self.prm = search_prm(tables, prune, time_limit, seed)
        self.sr = np.zeros((STACK_START, 2), np.uint64)
        self.st = np.zeros((STACK_START, 4), np.int64)
        self.mi = np.zeros((STACK_START, 3), np.int64)
        self.mv = np.zeros((max(MOVES_START, int(prm[P_MAXMV]) + 1), 3), np.int64)
        self.t0s = np.zeros(TABLE_START, np.uint64)
        self.t1s = np.zeros(TABLE_START, np.uint64)
        self.tms = np.zeros(TABLE_START, np.int64)
        ctx = self.ctx = np.zeros(NCTX, np.int64)
        ctx[C_RNG] = (seed * 0x9E3779B97F4A7C15 + 1) % (1 << 63) or 1
        r0, r1, ptr, hh, rnd, oid = tables.position(board)
        k0, k1 = np.uint64(r0), np.uint64(r1)
        if prm[P_PRUNE_TWINS]:
            # numba hands a uint64 back as a Python int, which a later call would read as
            # an int64 (an overflow once the 64th card is gone: a start with --after)
            k0, k1 = (np.uint64(k) for k in twin_key(k0, k1, ptr, prm, tables.rank,
                                                     tables.tal))
        insert(self.t0s, self.t1s, self.tms, k0, k1, _meta(ptr, hh, rnd, oid, prm))
        ctx[C_USED] = 1
        self.sr[0] = r0, r1
        self.st[0] = ptr, hh, rnd, oid
        if tables.three:
            n = children3(np.uint64(r0), np.uint64(r1), ptr, rnd, prm, tables.rank,
                          tables.match, tables.alone, tables.lonely, tables.cov, tables.cl,
                          tables.part, tables.bef, tables.ords[oid], tables.olen[oid],
                          tables.scratch, self.mv, 0, ctx)
        else:
            n = children(np.uint64(r0), np.uint64(r1), ptr, hh, rnd, prm, tables.rank,
                         tables.match, tables.alone, tables.lonely, tables.cov, tables.cl,
                         tables.part, tables.bef, tables.scratch, self.mv, 0, ctx)
        self.mi[0] = 0, n, 0

    def _found(self, status: str, moves: tuple[Play, ...] = (), limit: str = "") -> Found:
        ctx = self.ctx
        return Found(status, moves, int(ctx[C_NODES]), int(ctx[C_USED]), limit,
                     int(ctx[C_PRUNED]))

    def go(self, node_limit: int | None) -> Found:
        """Search on until ``node_limit`` nodes in all (``None``: no limit)."""
        tables, prm, ctx = self.tables, self.prm, self.ctx
        prm[P_LIMIT] = -1 if node_limit is None else node_limit
        while True:
            mv, mi = self.mv, self.mi
            status = run(ctx, prm, tables.rank, tables.match, tables.alone, tables.lonely,
                         tables.cov, tables.cl, tables.goal, tables.must, tables.part,
                         tables.bef, tables.tal, self.sr, self.st, mv, mi, self.t0s,
                         self.t1s, self.tms, tables.scratch, tables.ords, tables.olen,
                         tables.oht, tables.on, tables.of_rank, tables.classes,
                         tables.onit, tables.nb, tables.cls)
            if status == S_WON:
                d = int(ctx[C_DEPTH])
                line = tuple(to_play(*mv[mi[k, 0] + mi[k, 2] - 1]) for k in range(d + 1))
                return self._found("winnable", line)
            if status == S_EXHAUSTED:
                return self._found("blocked")
            if status == S_LIMIT:
                return self._found("unknown", limit="nodes")
            if status == S_GROW_TABLE:
                self.t0s, self.t1s, self.tms = rehash(self.t0s, self.t1s, self.tms,
                                                      2 * self.t0s.shape[0])
            elif status == S_GROW_STACK:
                self.sr, self.st, self.mi = (np.concatenate([a, np.zeros_like(a)])
                                             for a in (self.sr, self.st, self.mi))
            elif status == S_GROW_MOVES:
                self.mv = np.concatenate([mv, np.zeros_like(mv)])
            elif status == S_GROW_ORDERS:
                tables.grow_orders()
            if self.time_limit is not None and time.process_time() - self.t0 > self.time_limit:
                return self._found("unknown", limit="time")
