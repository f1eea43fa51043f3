"""The general search compiled: :func:`pyramids.engines.pairs.solve`'s depth-first search
as numba kernels, for every game whose talon has at most one waste turned over on a
redeal (every classic preset and eight of PySolFC's ten new games).

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
from collections.abc import Collection
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
 P_TALON, P_MAXMV, P_LIMIT, P_BUDGET, P_PRUNE_WASTE, P_PRUNE_TWINS) = range(16)
#: the kernel's prunings by name (solve's ``prune``), each a switch
PRUNINGS = ("waste", "twins")
NPARAMS = 16

# context (ctx)
C_DEPTH, C_NODES, C_USED, C_PRUNED, C_HITS = range(5)
NCTX = 5

# run's answers
S_RUNNING, S_WON, S_EXHAUSTED, S_LIMIT, S_PAUSED, S_GROW_TABLE, S_GROW_STACK, \
    S_GROW_MOVES = range(8)

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
    na = 0
    for p in range(places):
        if _exposed(r0, r1, p, cov):
            avail[na] = p
            na += 1
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
    n = 0
    for i in range(na):
        if alone[rank[avail[i]]]:
            out[n, 0], out[n, 1], out[n, 2] = K_ALONE, avail[i], -1
            n += 1
    first = -1
    if prm[P_SW] == SW_FORBIDDEN and w >= 0:
        first = top if prm[P_FACEUP] else (places + ptr - 1 if hh else -1)
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
    if top >= 0:
        out[n, 0], out[n, 1], out[n, 2] = K_DEAL, -1, -1
        n += 1
    elif _can_redeal(r0, r1, ptr, hh, rnd, prm):
        out[n, 0], out[n, 1], out[n, 2] = K_REDEAL, -1, -1
        n += 1
    return n


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
def waste_dead(r0, r1, ptr, hh, rnd, prm, must, part):  # type: ignore[no-untyped-def]
    """The dead-card check for the talon's cards in the last round (pruning "waste",
    off with ``prm[P_PRUNE_WASTE] = 0``): a card that must go, none of whose partners
    can meet it in play. Sound because, with no redeal left, the waste is a stack only
    whose top is in play (overlap is for layout places), so a waste card can go only
    after every waste card lying on it is gone, each by a move without it: those
    partners cannot be its partner. When the talon's card in play (face-up top or hand)
    may not pair with the waste top (no face-up top and no hand, or stock-waste
    forbidden), no card dealt after a card can ever meet it either: while both are in
    the talon the later one is under it, and once dealt the later one lies on it in the
    waste. A position with such a card has no winning line (as Needs.dead argues for
    the layout's cards); the lockstep and verdict tests check it against the search
    without it."""
    if not prm[P_TALON] or prm[P_ROUNDS] == 0 or rnd < prm[P_ROUNDS]:
        return False
    places = prm[P_PLACES]
    reach = (prm[P_FACEUP] or prm[P_HAND]) and prm[P_SW] != SW_FORBIDDEN
    # reach: the waste cards, top first (the hand is not on them); else every talon card
    j = (ptr - 1 if hh else ptr) if reach else prm[P_NT]
    b0 = np.uint64(0)
    b1 = np.uint64(0)
    while j > 0:
        j -= 1
        a = places + j
        if _bit(r0, r1, a):
            continue
        if must[a] and (part[a, 0] & ~r0 & ~b0) == 0 and (part[a, 1] & ~r1 & ~b1) == 0:
            return True
        b0, b1 = _set(b0, b1, a)
    return False


@njit(cache=True)
def children(r0, r1, ptr, hh, rnd, prm, rank, match, alone, lonely,  # type: ignore[no-untyped-def]
             cov, cl, scratch, out, at):
    """The moves the search tries, in its order, written to ``out`` from row ``at``:
    the safe move alone when there is one, else cards alone, pairs of layout cards,
    pairs with a talon or waste card, the stock move (the Python search's _ordered)."""
    n = legal(r0, r1, ptr, hh, rnd, prm, rank, match, alone, cov, cl, scratch)
    places = prm[P_PLACES]
    for i in range(n):
        if scratch[i, 0] == K_ALONE and scratch[i, 1] < places and lonely[rank[scratch[i, 1]]]:
            out[at, 0], out[at, 1], out[at, 2] = scratch[i, 0], scratch[i, 1], scratch[i, 2]
            return 1
    m = 0
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
    return m


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
def _meta(ptr, hh, rnd, prm):  # type: ignore[no-untyped-def]
    return ptr + 256 * hh + 512 * (rnd if prm[P_ROUNDS] != 0 else 0)


@njit(cache=True)
def run(ctx, prm, rank, match, alone, lonely, cov, cl, goal,  # type: ignore[no-untyped-def]
        must, part, bef, tal, sr, st, mv, mi, t0, t1, tm, scratch):
    """Go on with the search for at most ``prm[P_BUDGET]`` new positions.

    ``sr[d]``, ``st[d]``: the position at depth ``d`` ((r0, r1) and (ptr, hh, rnd));
    ``mi[d]``: (first row of its moves in ``mv``, their count, the next to try).
    Returns S_WON (the line: the move tried last at each depth 0..ctx[C_DEPTH]),
    S_EXHAUSTED (every reachable position seen), S_LIMIT (``prm[P_LIMIT]`` nodes),
    S_PAUSED (the budget spent) or S_GROW_* (the caller grows that array and calls
    again; nothing was lost)."""
    spent = 0
    while ctx[C_DEPTH] >= 0:
        d = ctx[C_DEPTH]
        if mi[d, 2] == mi[d, 1]:
            ctx[C_DEPTH] = d - 1
            continue
        if spent >= prm[P_BUDGET]:
            return S_PAUSED
        if (ctx[C_USED] + 1) * 8 > t0.shape[0] * 5:
            return S_GROW_TABLE
        if d + 2 >= st.shape[0]:
            return S_GROW_STACK
        at = mi[d, 0] + mi[d, 1]
        if at + prm[P_MAXMV] > mv.shape[0]:
            return S_GROW_MOVES
        row = mi[d, 0] + mi[d, 2]
        mi[d, 2] += 1
        r0, r1, ptr, hh, rnd = play(sr[d, 0], sr[d, 1], st[d, 0], st[d, 1], st[d, 2],
                                    mv[row, 0], mv[row, 1], mv[row, 2], prm, rank, match, goal)
        k0, k1 = r0, r1
        if prm[P_PRUNE_TWINS]:
            k0, k1 = twin_key(r0, r1, ptr, prm, rank, tal)
        if not insert(t0, t1, tm, k0, k1, _meta(ptr, hh, rnd, prm)):
            ctx[C_HITS] += 1
            continue
        ctx[C_USED] += 1
        ctx[C_NODES] += 1
        spent += 1
        if mv[row, 0] <= K_PAIR and dead_after(r0, r1, mv[row, 1], mv[row, 2], must, part,
                                               bef):
            continue
        if prm[P_PRUNE_WASTE] and waste_dead(r0, r1, ptr, hh, rnd, prm, must, part):
            ctx[C_PRUNED] += 1
            continue
        if is_won(r0, r1, ptr, hh, prm, rank, match, goal):
            return S_WON
        if prm[P_LIMIT] >= 0 and ctx[C_NODES] >= prm[P_LIMIT]:
            return S_LIMIT
        e = d + 1
        sr[e, 0], sr[e, 1] = r0, r1
        st[e, 0], st[e, 1], st[e, 2] = ptr, hh, rnd
        n = children(r0, r1, ptr, hh, rnd, prm, rank, match, alone, lonely, cov, cl,
                     scratch, mv, at)
        mi[e, 0], mi[e, 1], mi[e, 2] = at, n, 0
        ctx[C_DEPTH] = e
    return S_EXHAUSTED


# -- the Python side: a game's tables, a Board's position, the search's driver ------------

CHUNK = 1 << 20  # nodes per kernel call without a time limit
TIMED_CHUNK = 1 << 14  # nodes per kernel call between CPU-time checks (a few ms)
TABLE_START = 1 << 14  # visited-set entries a search starts with (doubled when 5/8 full)
STACK_START = 256  # depths a search starts with (doubled when full)
MOVES_START = 1 << 14  # rows of moves a search starts with (at least one position's worth)


def supports(rules: Rules) -> bool:
    """Can the kernel play ``rules``: at most one waste, turned over on a redeal, and at
    most 128 cards (Apophis and Eleven Triangle's three wastes cannot)."""
    t = rules.talon
    return t.wastes <= 1 and t.gather == "turn" and rules.cards <= 128


class Tables:
    """A game's rules and a deal's ranks as the kernels' arrays."""

    def __init__(self, rules: Rules, cards: tuple[Card, ...], partners: list[int],
                 before: list[int], check: list[int]) -> None:
        if not supports(rules):
            raise VariantError(f"{rules.name}: the compiled search plays one waste turned "
                               "over on a redeal; use the Python search")
        lay, t, pairing = rules.layout, rules.talon, rules.pairing
        places, n = lay.size, rules.cards
        avail = places + 3
        maxmv = avail + avail * (avail - 1) // 2 + places + 1
        sw = {"allowed": SW_ALLOWED, "forbidden": SW_FORBIDDEN,
              "automatic": SW_AUTOMATIC}[t.stock_waste]
        self.prm = np.array([places, n, n - places, int(t.hand), int(t.top_face_up), t.draw,
                             t.rounds or 0, sw, int(t.auto_deal), int(pairing.overlap),
                             int(t.exists), maxmv, -1, CHUNK, 1, 0], np.int64)
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
        self.bef = np.array([_words(m) for m in before], np.uint64).reshape(n, 2)
        self.scratch = np.zeros((maxmv, 3), np.int64)

    def position(self, board: Board) -> tuple[int, int, int, int, int]:
        """``board``'s position as the kernel's (r0, r1, ptr, hh, rnd)."""
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
        return r0, r1, ptr, hh, board.round

    def legal(self, pos: tuple[int, int, int, int, int]) -> list[Play]:
        """The kernel's legal moves at ``pos`` as Plays, in Board.legal_moves' order (the
        lockstep test's view; the search calls the kernel directly)."""
        r0, r1, ptr, hh, rnd = pos
        if is_won(np.uint64(r0), np.uint64(r1), ptr, hh, self.prm, self.rank, self.match,
                  self.goal):
            return []
        n = legal(np.uint64(r0), np.uint64(r1), ptr, hh, rnd, self.prm, self.rank,
                  self.match, self.alone, self.cov, self.cl, self.scratch)
        return [to_play(*self.scratch[i]) for i in range(n)]

    def play(self, pos: tuple[int, int, int, int, int],
             move: Play) -> tuple[int, int, int, int, int]:
        """The position after ``move`` (auto deal included), as the kernel plays it."""
        r0, r1, ptr, hh, rnd = pos
        kind, a, b = from_play(move)
        out = play(np.uint64(r0), np.uint64(r1), ptr, hh, rnd, kind, a, b, self.prm,
                   self.rank, self.match, self.goal)
        return int(out[0]), int(out[1]), int(out[2]), int(out[3]), int(out[4])

    def won(self, pos: tuple[int, int, int, int, int]) -> bool:
        r0, r1, ptr, hh, _ = pos
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
    ``nodes`` or ``time``), the winning moves, the nodes and the positions seen."""

    status: str
    moves: tuple[Play, ...]
    nodes: int
    seen: int
    limit: str = ""


def search(tables: Tables, board: Board, *, node_limit: int | None,
           time_limit: float | None, t0: float,
           prune: Collection[str] = PRUNINGS) -> Found:
    """The Python search's loop, compiled: a DFS from ``board`` (not won, no dead card)
    that never visits a position twice. ``t0``: the process time the solve started.
    ``prune``: the kernel's own prunings to use (:data:`PRUNINGS`: :func:`waste_dead`,
    :func:`twin_key`); without them it visits the Python search's positions, in order."""
    unknown = set(prune) - set(PRUNINGS)
    if unknown:
        raise VariantError(f"unknown pruning {sorted(unknown)[0]!r}: choose from "
                           f"{', '.join(PRUNINGS)}")
    prm = tables.prm.copy()
    prm[P_PRUNE_WASTE] = int("waste" in prune)
    prm[P_PRUNE_TWINS] = int("twins" in prune)
    prm[P_LIMIT] = -1 if node_limit is None else node_limit
    prm[P_BUDGET] = CHUNK if time_limit is None else TIMED_CHUNK
    sr = np.zeros((STACK_START, 2), np.uint64)
    st = np.zeros((STACK_START, 3), np.int64)
    mi = np.zeros((STACK_START, 3), np.int64)
    mv = np.zeros((max(MOVES_START, int(prm[P_MAXMV]) + 1), 3), np.int64)
    t0s = np.zeros(TABLE_START, np.uint64)
    t1s = np.zeros(TABLE_START, np.uint64)
    tms = np.zeros(TABLE_START, np.int64)
    ctx = np.zeros(NCTX, np.int64)
    r0, r1, ptr, hh, rnd = tables.position(board)
    k0, k1 = np.uint64(r0), np.uint64(r1)
    if prm[P_PRUNE_TWINS]:
        # numba hands the uint64 words back as Python ints: made uint64 again, or a word
        # with its top bit set overflows insert's int64 argument (two-deck positions)
        t0k, t1k = twin_key(k0, k1, ptr, prm, tables.rank, tables.tal)
        k0, k1 = np.uint64(t0k), np.uint64(t1k)
    insert(t0s, t1s, tms, k0, k1, ptr + 256 * hh + 512 * (rnd if prm[P_ROUNDS] else 0))
    ctx[C_USED] = 1
    sr[0] = r0, r1
    st[0] = ptr, hh, rnd
    n = children(np.uint64(r0), np.uint64(r1), ptr, hh, rnd, prm, tables.rank, tables.match,
                 tables.alone, tables.lonely, tables.cov, tables.cl, tables.scratch, mv, 0)
    mi[0] = 0, n, 0
    while True:
        status = run(ctx, prm, tables.rank, tables.match, tables.alone, tables.lonely,
                     tables.cov, tables.cl, tables.goal, tables.must, tables.part,
                     tables.bef, tables.tal,
                     sr, st, mv, mi, t0s, t1s, tms, tables.scratch)
        if status == S_WON:
            d = int(ctx[C_DEPTH])
            line = tuple(to_play(*mv[mi[k, 0] + mi[k, 2] - 1]) for k in range(d + 1))
            return Found("winnable", line, int(ctx[C_NODES]), int(ctx[C_USED]))
        if status == S_EXHAUSTED:
            return Found("blocked", (), int(ctx[C_NODES]), int(ctx[C_USED]))
        if status == S_LIMIT:
            return Found("unknown", (), int(ctx[C_NODES]), int(ctx[C_USED]), "nodes")
        if status == S_GROW_TABLE:
            t0s, t1s, tms = rehash(t0s, t1s, tms, 2 * t0s.shape[0])
        elif status == S_GROW_STACK:
            sr, st, mi = (np.concatenate([a, np.zeros_like(a)]) for a in (sr, st, mi))
        elif status == S_GROW_MOVES:
            mv = np.concatenate([mv, np.zeros_like(mv)])
        if time_limit is not None and time.process_time() - t0 > time_limit:
            return Found("unknown", (), int(ctx[C_NODES]), int(ctx[C_USED]), "time")
