"""The numba kernels of the simulated players: the same games as :mod:`.players`, faster.

:class:`pyramids.generator.players.Table` is the reference: plain Python over the rules
engine, easy to read. This module plays exactly the same games (the same moves from the
same seeded generator) about a hundred times faster, so that grading a deal (whose
look-ahead and planners' games were 70 to 90 % of its time) and measuring the players
cost far less. :mod:`.fastplay` wraps it; ``tests/test_players.py`` checks move for
move that both play the same games.

Everything is integer arithmetic on one ``int64`` array describing the deal (``L``, the
offsets below) and a position held in five integers:

* ``rem``: a 52-bit mask of the discarded *cards* (as the engine's ``removed``);
* ``sk``: stock games, the rest index of the first card still in the stock (the rest
  length when it is empty). Each pass deals the surviving rest cards in their order, so
  the surviving rest cards below ``sk`` are the hand and the waste;
* ``hand``: the rest index of the hand (draw 1), or -1;
* ``pno``: the pass (1-based, as the engine counts it, also with unlimited passes);
* ``clr``: the pass in which the pyramid was cleared (0: not yet).

These describe the engine's position one to one (its stock is the surviving rest cards
from ``sk`` on; its waste those below ``sk`` but the hand), so the caches below are keyed
exactly as :meth:`pyramids.core.game.Game.key` keys the reference's: the planners' play-out
cache is not a function of the position alone (a play-out gives up after a pass without a
discard *since it began*), so the same keys, filled in the same order, are what make the
games the same. A key is ``(rem, aux)`` with ``aux`` packing ``sk``, ``hand + 1``,
``pno``, ``clr`` (Par scoring only, as in the engine's key), and the depth and the
``dealt`` flag of the cache it is in.

Moves are codes: ``DEAL``, ``REDEAL``, or ``a * 53 + b`` for a discard of cards ``a``
and ``b`` (``b == 52``: ``a`` alone, a King), listed in the engine's order of
:meth:`~pyramids.core.game.Game.legal_moves` (the players break ties by position in it).

The random generator is CPython's Mersenne Twister, driven here from the state of the
caller's ``random.Random`` and handed back, drawing as ``Random.randrange(n)`` does
(:mod:`.fastplay` checks that it does before trusting it).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import Dict

WIN, LOSS = 10_000.0, -10_000.0
NONE = -1e30  # a planner's "no plan" (the reference's None)
DEAL, REDEAL, NOMOVE = -2, -3, -9
MAXMV = 192
MAX_PLIES = 2000
FULL = (1 << 52) - 1

# the deal's array L: parameters, then per-slot and per-card tables
P_NPYR, P_R, P_REST, P_DRAW, P_PASSES, P_SW, P_OVERLAP, P_OBJPYR, P_PAR = range(9)
P_NCOLS, P_TROWS, P_PYRMASK, P_BLOCKS, P_NSTUCK = 9, 10, 11, 12, 13
REST_STOCK, REST_TABLEAU, REST_BOUQUET = 0, 1, 2
SW_ALLOWED, SW_FORBIDDEN, SW_AUTOMATIC = 0, 1, 2
O_CARD = 32  # card of each slot: the pyramid row by row, then the rest (52)
O_COV = 84  # per pyramid position: the cards lying directly on it, as a mask (45)
O_CBY = 129  # per pyramid position: the (up to two) positions lying on it, -1 none (90)
O_OVER = 219  # Blocking.over per card (52)
O_REL = 271  # Blocking.related per card (52)
O_PART = 323  # the partners of each card, as a mask (52)
O_STUCK = 375  # stuck_rules: (bit, partners, related) per rule (3 * 52)
O_RP = 531  # RANK_PAIRS (6)
LSIZE = 537

KIND_RANDOM, KIND_CASUAL, KIND_LOOKAHEAD, KIND_PLANNER = 0, 1, 2, 3
PAR_BASE = np.array([0, 50, 35, 20, 0], np.int64)

KEY = types.UniTuple(types.int64, 2)  # type: ignore[no-untyped-call]


def new_cache(kind: str = "float") -> Dict:
    """An empty cache of position values (``float``) or flags (``bool``)."""
    value = types.float64 if kind == "float" else types.boolean
    return Dict.empty(key_type=KEY, value_type=value)


# -- bits and the random generator ---------------------------------------------------------

@njit(cache=True, inline="always")
def popcount(x):  # type: ignore[no-untyped-def]
    """Set bits of a non-negative int64 (at most 52 here)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


@njit(cache=True, inline="always")
def bitlen(x):  # type: ignore[no-untyped-def]
    n = 0
    while x:
        x >>= 1
        n += 1
    return n


@njit(cache=True)
def _twist(mt):  # type: ignore[no-untyped-def]
    n, m = 624, 397
    for kk in range(n):
        y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % n] & 0x7FFFFFFF)
        v = mt[(kk + m) % n] ^ (y >> 1)
        if y & 1:
            v ^= 0x9908B0DF
        mt[kk] = v


@njit(cache=True)
def genrand(mt, st):  # type: ignore[no-untyped-def]
    """CPython's ``genrand_uint32``: ``mt`` the 624 words, ``st[0]`` the index."""
    if st[0] >= 624:
        _twist(mt)
        st[0] = 0
    y = mt[st[0]]
    st[0] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & 0xFFFFFFFF


@njit(cache=True)
def randbelow(mt, st, n):  # type: ignore[no-untyped-def]
    """``Random.randrange(n)``: ``getrandbits(k)`` (the top ``k`` bits of one word)
    until below ``n``."""
    k = bitlen(n)
    r = genrand(mt, st) >> (32 - k)
    while r >= n:
        r = genrand(mt, st) >> (32 - k)
    return r


@njit(cache=True)
def draws(mt, st, ns):  # type: ignore[no-untyped-def]
    """``randbelow`` for each of ``ns`` (the self-check against ``random.Random``)."""
    out = np.empty(len(ns), np.int64)
    for i in range(len(ns)):
        out[i] = randbelow(mt, st, ns[i])
    return out


# -- the rules -------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def comp(a, b):  # type: ignore[no-untyped-def]
    return a % 13 + b % 13 == 11


@njit(cache=True, inline="always")
def aux(L, sk, hand, pno, clr):  # type: ignore[no-untyped-def]
    c = clr if L[P_PAR] else 0
    return sk | ((hand + 1) << 6) | (pno << 12) | (c << 28)


@njit(cache=True)
def waste_top(L, rem, sk, hand):  # type: ignore[no-untyped-def]
    """The rest index of the waste top, or -1."""
    npyr = L[P_NPYR]
    i = sk - 1
    while i >= 0:
        if i != hand and not (rem >> L[O_CARD + npyr + i]) & 1:
            return i
        i -= 1
    return -1


@njit(cache=True, inline="always")
def next_surviving(L, rem, i):  # type: ignore[no-untyped-def]
    npyr, r = L[P_NPYR], L[P_R]
    while i < r and (rem >> L[O_CARD + npyr + i]) & 1:
        i += 1
    return i


@njit(cache=True, inline="always")
def hand_card(L, hand):  # type: ignore[no-untyped-def]
    return L[O_CARD + L[P_NPYR] + hand] if hand >= 0 else -1


@njit(cache=True)
def top_card(L, rem, sk, hand):  # type: ignore[no-untyped-def]
    if L[P_REST] != REST_STOCK:
        return -1
    w = waste_top(L, rem, sk, hand)
    return L[O_CARD + L[P_NPYR] + w] if w >= 0 else -1


@njit(cache=True)
def forced(L, rem, sk, hand):  # type: ignore[no-untyped-def]
    """The forced hand + waste-top pair (stock-waste automatic) as a move, or NOMOVE."""
    if L[P_SW] != SW_AUTOMATIC or hand < 0:
        return NOMOVE
    ch = hand_card(L, hand)
    cw = top_card(L, rem, sk, hand)
    if cw >= 0 and comp(ch, cw):
        return ch * 53 + cw
    return NOMOVE


@njit(cache=True)
def won(L, rem, sk, hand):  # type: ignore[no-untyped-def]
    """``Game.is_won`` (and ``is_won_fast``, the same)."""
    if L[P_OBJPYR]:
        m = L[P_PYRMASK]
        return rem & m == m and forced(L, rem, sk, hand) == NOMOVE
    return rem == FULL


@njit(cache=True)
def par_score(rem, clr):  # type: ignore[no-untyped-def]
    left = 52 - popcount(rem)
    if clr:
        return PAR_BASE[min(clr, 4)] - left
    return -left


@njit(cache=True)
def legal(L, rem, sk, hand, pno, mv):  # type: ignore[no-untyped-def]
    """The legal moves into ``mv``, in ``Game.legal_moves`` order; their number."""
    if won(L, rem, sk, hand):
        return 0
    f = forced(L, rem, sk, hand)
    if f != NOMOVE:
        mv[0] = f
        return 1
    npyr = L[P_NPYR]
    rest = L[P_REST]
    avail = np.empty(64, np.int64)
    na = 0
    for p in range(npyr):
        c = L[O_CARD + p]
        m = L[O_COV + p]
        if not (rem >> c) & 1 and rem & m == m:
            avail[na] = c
            na += 1
    ncols, trows = L[P_NCOLS], L[P_TROWS]
    if rest == REST_TABLEAU:
        for col in range(ncols):
            top = -1
            for d in range(trows):
                c = L[O_CARD + npyr + col + d * ncols]
                if (rem >> c) & 1:
                    break
                top = c
            if top >= 0:
                avail[na] = top
                na += 1
    elif rest == REST_BOUQUET:
        for i in range(L[P_R]):
            c = L[O_CARD + npyr + i]
            if not (rem >> c) & 1:
                avail[na] = c
                na += 1
    ch = cw = -1
    if rest == REST_STOCK:
        ch = hand_card(L, hand)
        cw = top_card(L, rem, sk, hand)
        if ch >= 0:
            avail[na] = ch
            na += 1
        if cw >= 0:
            avail[na] = cw
            na += 1
    n = 0
    for i in range(na):
        if avail[i] % 13 == 12:
            mv[n] = avail[i] * 53 + 52
            n += 1
    forbid = L[P_SW] == SW_FORBIDDEN and ch >= 0 and cw >= 0
    for i in range(na):
        a = avail[i]
        for j in range(i + 1, na):
            b = avail[j]
            if comp(a, b):
                if forbid and ((a == ch and b == cw) or (a == cw and b == ch)):
                    continue
                mv[n] = a * 53 + b
                n += 1
    if L[P_OVERLAP]:
        for p in range(npyr):
            c = L[O_CARD + p]
            if (rem >> c) & 1:
                continue
            left = 0
            q = -1
            for s in range(2):
                qq = L[O_CBY + 2 * p + s]
                if qq >= 0 and not (rem >> L[O_CARD + qq]) & 1:
                    left += 1
                    q = qq
            if left == 1:
                m = L[O_COV + q]
                partner = L[O_CARD + q]
                if rem & m == m and comp(c, partner):
                    mv[n] = c * 53 + partner
                    n += 1
        if rest == REST_TABLEAU:
            for col in range(ncols):
                height = 0
                for d in range(trows):
                    if (rem >> L[O_CARD + npyr + col + d * ncols]) & 1:
                        break
                    height += 1
                for d in range(height):
                    if height == d + 2:
                        c = L[O_CARD + npyr + col + d * ncols]
                        partner = L[O_CARD + npyr + col + (d + 1) * ncols]
                        if comp(c, partner):
                            mv[n] = c * 53 + partner
                            n += 1
    if rest == REST_STOCK:
        if sk < L[P_R]:
            mv[n] = DEAL
            n += 1
        elif (ch >= 0 or cw >= 0) and (L[P_PASSES] == 0 or pno < L[P_PASSES]):
            mv[n] = REDEAL
            n += 1
    return n


@njit(cache=True)
def apply(L, rem, sk, hand, pno, clr, m):  # type: ignore[no-untyped-def]
    """The position after move ``m``."""
    if m == DEAL:
        if L[P_DRAW] == 1:
            hand = sk
            sk = next_surviving(L, rem, sk + 1)
        else:
            k = 0
            while sk < L[P_R] and k < L[P_DRAW]:
                sk = next_surviving(L, rem, sk + 1)
                k += 1
    elif m == REDEAL:
        hand = -1
        sk = next_surviving(L, rem, 0)
        pno += 1
    else:
        a = m // 53
        b = m % 53
        rem |= 1 << a
        if b != 52:
            rem |= 1 << b
        if hand >= 0:
            ch = hand_card(L, hand)
            if ch in (a, b):
                hand = -1
        pm = L[P_PYRMASK]
        if clr == 0 and rem & pm == pm:
            clr = pno
    return rem, sk, hand, pno, clr


@njit(cache=True, inline="always")
def touches(m, c1, c2):  # type: ignore[no-untyped-def]
    """Does discard ``m`` take card ``c1`` or ``c2`` (-1: none)?"""
    if m < 0:
        return False
    a = m // 53
    b = m % 53
    return (c1 >= 0 and (a == c1 or b == c1)) or (c2 >= 0 and (a == c2 or b == c2))


# -- the look-ahead players ------------------------------------------------------------------

@njit(cache=True)
def leaf(L, rem, sk, hand, clr, horizon, nlegal):  # type: ignore[no-untyped-def]
    """``Table._leaf``: ``horizon`` when the legal moves were not generated."""
    if L[P_PAR]:
        return float(par_score(rem, clr))
    if not horizon and nlegal == 0:
        return WIN if won(L, rem, sk, hand) else LOSS + popcount(rem)
    if won(L, rem, sk, hand):
        return WIN
    for i in range(L[P_NSTUCK]):
        bit = L[O_STUCK + 3 * i]
        partners = L[O_STUCK + 3 * i + 1]
        related = L[O_STUCK + 3 * i + 2]
        if not rem & bit and partners & ~rem & ~related == 0:
            return LOSS + popcount(rem)
    return float(popcount(rem))


@njit(cache=True)
def value(L, vc, rem, sk, hand, pno, clr, depth):  # type: ignore[no-untyped-def]
    """``Table.value``: the best worth of a sequence of up to ``depth`` moves."""
    key = (rem, aux(L, sk, hand, pno, clr) | (depth << 40))
    if key in vc:
        return vc[key]
    if depth == 0:
        v = leaf(L, rem, sk, hand, clr, True, 0)
    else:
        mv = np.empty(MAXMV, np.int64)
        n = legal(L, rem, sk, hand, pno, mv)
        if n == 0:
            v = leaf(L, rem, sk, hand, clr, False, 0)
        else:
            v = LOSS * 2
            for i in range(n):
                r2, s2, h2, p2, c2 = apply(L, rem, sk, hand, pno, clr, mv[i])
                w = value(L, vc, r2, s2, h2, p2, c2, depth - 1)
                if w > v:
                    v = w
    vc[key] = v
    return v


# -- the planners ----------------------------------------------------------------------------

@njit(cache=True)
def _rank_pair(L, v, left, wmask):  # type: ignore[no-untyped-def]
    """``Blocking._rank_pair``."""
    dead = 0
    reach = np.zeros(4, np.int64)
    nr = 0
    for c in range(52):
        if (left >> c) & 1:
            free = L[O_PART + c] & left & ~L[O_REL + c]
            if (wmask >> c) & 1:
                free &= ~wmask
            if free == 0:
                dead |= 1 << c
            if c % 13 == v:
                reach[nr] = free
                nr += 1
    union = np.zeros(16, np.int64)
    for group in range(1, 1 << nr):
        low = group & -group
        union[group] = union[group ^ low] | reach[bitlen(low) - 1]
        if popcount(union[group]) < popcount(group):
            return dead, True
    return dead, False


@njit(cache=True)
def hopeless(L, rem_removed, sk, hand, pno):  # type: ignore[no-untyped-def]
    """``Blocking.hopeless`` (only asked when ``L[P_BLOCKS]``)."""
    npyr = L[P_NPYR]
    objall = not L[P_OBJPYR]
    rem = FULL & ~rem_removed
    fixed = L[P_PASSES] != 0 and pno >= L[P_PASSES]
    wmask = 0
    if fixed:
        for i in range(sk):
            c = L[O_CARD + npyr + i]
            if i != hand and (rem >> c) & 1:
                wmask |= 1 << c
    dead = 0
    for r in range(6):
        cards = L[O_RP + r]
        d, unpaired = _rank_pair(L, r, rem & cards, wmask & cards)
        if unpaired and objall:
            return True
        dead |= d
    if dead == 0:
        return False
    over = np.empty(52, np.int64)
    for c in range(52):
        over[c] = L[O_OVER + c]
    if fixed:
        above = 0
        for i in range(sk - 1, -1, -1):
            c = L[O_CARD + npyr + i]
            if i != hand and (rem >> c) & 1:
                over[c] |= above
                above |= 1 << c
    changed = True
    while changed:
        changed = False
        for c in range(52):
            bit = 1 << c
            if not rem & bit or dead & bit:
                continue
            rel = L[O_REL + c] | (wmask if wmask & bit else 0)
            part = L[O_PART + c]
            if over[c] & dead or (part and not part & rem & ~dead & ~rel):
                dead |= bit
                changed = True
    need = rem if objall else rem & L[P_PYRMASK]
    return dead & need != 0


@njit(cache=True)
def is_hopeless(L, hc, rem, sk, hand, pno, clr):  # type: ignore[no-untyped-def]
    if not L[P_BLOCKS]:
        return False
    key = (rem, aux(L, sk, hand, pno, clr))
    if key in hc:
        return hc[key]
    h = hopeless(L, rem, sk, hand, pno)
    hc[key] = h
    return h


@njit(cache=True)
def greedy(L, mv, n, c1, c2):  # type: ignore[no-untyped-def]
    """``greedy_move``: a King, else the first pair taking the hand or the waste top
    (``c1``, ``c2``), else the first pair, else the first move."""
    pair = NOMOVE
    pair_fresh = False
    for i in range(n):
        m = mv[i]
        if m < 0:
            continue
        if m % 53 == 52:
            return m
        if pair == NOMOVE:
            pair = m
            pair_fresh = touches(m, c1, c2)
        elif not pair_fresh and touches(m, c1, c2):
            pair = m
            pair_fresh = True
    return pair if pair != NOMOVE else mv[0]


@njit(cache=True)
def rollout(L, rc, rem, sk, hand, pno, clr):  # type: ignore[no-untyped-def]
    """``Table.rollout``. (Its cycle check is left out: every move changes the engine's
    key, discards growing ``removed``, deals shrinking the stock, redeals the pass.)"""
    par = L[P_PAR]
    pk1 = np.empty(MAX_PLIES + 1, np.int64)
    pk2 = np.empty(MAX_PLIES + 1, np.int64)
    scores = np.empty(MAX_PLIES + 1, np.float64)
    mv = np.empty(MAXMV, np.int64)
    npath = 0
    played = 0
    pass_start = -1
    while True:
        key = (rem, aux(L, sk, hand, pno, clr))
        if key in rc:
            value = rc[key]
            break
        pk1[npath] = key[0]
        pk2[npath] = key[1]
        if par:
            scores[npath] = float(par_score(rem, clr))
        npath += 1
        n = legal(L, rem, sk, hand, pno, mv)
        move = NOMOVE
        if n:
            move = greedy(L, mv, n, hand_card(L, hand), top_card(L, rem, sk, hand))
        if move == REDEAL:
            if rem == pass_start:
                move = NOMOVE
            pass_start = rem
        if won(L, rem, sk, hand) or move == NOMOVE or played >= MAX_PLIES:
            if par:
                value = float(par_score(rem, clr))
            else:
                value = WIN if won(L, rem, sk, hand) else float(popcount(rem))
            break
        rem, sk, hand, pno, clr = apply(L, rem, sk, hand, pno, clr, move)
        played += 1
    for i in range(npath - 1, -1, -1):
        s = scores[i] if par else value
        if s > value:
            value = s
        rc[(pk1[i], pk2[i])] = value
    return value


@njit(cache=True)
def plan_value(L, pc, rc, hc, rem, sk, hand, pno, clr, depth, dealt):  # type: ignore[no-untyped-def]
    """``Table.plan_value`` (``NONE`` for the reference's ``None``)."""
    key = (rem, aux(L, sk, hand, pno, clr) | (depth << 40) | (dealt << 47))
    if key in pc:
        return pc[key]
    mv = np.empty(MAXMV, np.int64)
    if won(L, rem, sk, hand):
        v = WIN
    elif is_hopeless(L, hc, rem, sk, hand, pno, clr):
        v = LOSS + popcount(rem)
    else:
        n = legal(L, rem, sk, hand, pno, mv)
        if n == 0:
            if L[P_PAR]:
                v = float(par_score(rem, clr))
            else:
                v = WIN if won(L, rem, sk, hand) else LOSS + popcount(rem)
        elif depth == 0:
            v = rollout(L, rc, rem, sk, hand, pno, clr)
        else:
            c1 = hand_card(L, hand)
            c2 = top_card(L, rem, sk, hand)
            v = NONE
            for i in range(n):
                m = mv[i]
                if m == DEAL:
                    nd, after = depth, 1
                elif dealt and not touches(m, c1, c2):
                    continue
                else:
                    nd, after = depth - 1, 0
                r2, s2, h2, p2, q2 = apply(L, rem, sk, hand, pno, clr, m)
                w = plan_value(L, pc, rc, hc, r2, s2, h2, p2, q2, nd, after)
                if w != NONE and (v == NONE or w > v):
                    v = w
    pc[key] = v
    return v


# -- the games -------------------------------------------------------------------------------

@njit(cache=True)
def choices(L, vc, pc, rc, hc, kind, depth, rem, sk, hand, pno, clr, mv, n, out):  # type: ignore[no-untyped-def]
    """The moves a player chooses among (into ``out``), in legal order; their number."""
    k = 0
    if kind == KIND_RANDOM:
        for i in range(n):
            out[i] = mv[i]
        return n
    if kind == KIND_CASUAL:
        for i in range(n):  # kings
            if mv[i] >= 0 and mv[i] % 53 == 52:
                out[k] = mv[i]
                k += 1
        if k == 0:
            for i in range(n):  # pairs
                if mv[i] >= 0 and mv[i] % 53 != 52:
                    out[k] = mv[i]
                    k += 1
        if k == 0:
            for i in range(n):
                out[i] = mv[i]
            k = n
        return k
    scores = np.empty(n, np.float64)
    top = LOSS * 4
    for i in range(n):
        r2, s2, h2, p2, c2 = apply(L, rem, sk, hand, pno, clr, mv[i])
        if kind == KIND_LOOKAHEAD:
            w = value(L, vc, r2, s2, h2, p2, c2, depth - 1)
        else:
            deal = mv[i] == DEAL
            w = plan_value(L, pc, rc, hc, r2, s2, h2, p2, c2,
                           depth if deal else depth - 1, 1 if deal else 0)
            if w == NONE:
                w = LOSS * 2
        scores[i] = w
        if w > top:
            top = w
    for i in range(n):
        if scores[i] == top:
            out[k] = mv[i]
            k += 1
    return k


@njit(cache=True)
def play(L, vc, pc, rc, hc, kind, depth, mt, st, games, best, hasbest, record,  # type: ignore[no-untyped-def]
         moves, nmoves, result):
    """Play ``games`` games as ``players.play`` does. Per game ``g``: ``result[g]`` =
    (won, cards discarded, best Par score met); with ``record`` its moves in
    ``moves[g, :nmoves[g]]``."""
    par = L[P_PAR]
    mv = np.empty(MAXMV, np.int64)
    out = np.empty(MAXMV, np.int64)
    sk0 = next_surviving(L, 0, 0) if L[P_REST] == REST_STOCK else 0
    for g in range(games):
        rem, sk, hand, pno, clr = 0, sk0, -1, 1, 0
        top = par_score(rem, clr)
        pass_start = rem
        plies = 0
        for _ in range(MAX_PLIES):
            n = legal(L, rem, sk, hand, pno, mv)
            if n == 0:
                break
            k = choices(L, vc, pc, rc, hc, kind, depth, rem, sk, hand, pno, clr, mv, n, out)
            move = out[randbelow(mt, st, k)] if k > 1 else out[0]
            if move == REDEAL:
                if rem == pass_start:
                    break
                pass_start = rem
            rem, sk, hand, pno, clr = apply(L, rem, sk, hand, pno, clr, move)
            if record:
                moves[g, plies] = move
            plies += 1
            if par:
                s = par_score(rem, clr)
                if s > top:
                    top = s
        nmoves[g] = plies
        if par:
            result[g, 0] = 1 if hasbest and top >= best else 0
        else:
            result[g, 0] = 1 if won(L, rem, sk, hand) else 0
        result[g, 1] = popcount(rem)
        result[g, 2] = top
