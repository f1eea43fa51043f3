"""The numba kernels of the exact search: deal preparation and a resumable DFS.

Everything here is plain integer arithmetic on numpy arrays so that it compiles
with ``@njit(cache=True)``. The Python side (``pyramids.engines.search``) builds the
arrays, calls :func:`run` in node-budget chunks (so a time limit can be honoured)
and turns the path left on the stack into core ``Move`` objects.

Positions ("slots") are the 52 indices of the deal in layout order: the pyramid
row by row (``0 .. npyr-1``), then the rest (stock in dealing order, tableau row
by row, or bouquet). Cards are never moved between slots; a state is

* ``removed``: a 52-bit mask of discarded slots,
* ``k``: stock games only, one past the rest index of the last card dealt in
  this pass (0 at the start of a pass). Each pass deals the surviving stock cards
  in their original order, so the surviving rest cards below ``k`` are exactly the
  hand and waste (draw 1: the hand is rest card ``k-1`` if it survives, the waste
  top the highest surviving one below it; draw 3: the waste top is the highest
  surviving one below ``k``) and those from ``k`` on are the stock,
* ``pass`` (1-based; kept at 1 with unlimited passes, where it does not matter),
* ``cleared``: Par scoring only, the pass in which the pyramid was cleared (0 = not yet).

The transposition key packs them into one int64: removed (bits 0-51), k (52-57),
then pass (58-63), or with Par scoring pass (58-59) and cleared (60-61). With pruning
"waste" the rest slots' removed bits write the waste canonically, by its ranks in
order (see :func:`_waste_key`): positions alike up to the waste's suits share a key.

Bouquet cards of one rank are interchangeable: the solver always discards the
first surviving bouquet slot of a rank, so the removed mask is canonical and no
separate per-rank count is needed.

The DFS is a reachability search with a visited set (marked on entry, never
unmarked): it visits every position reachable in the pruned move graph, so it is
complete as long as each pruning keeps a winning line from every winnable
position (arguments at each pruning below).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import leading_zeros

# move codes: a >= 0 is a discard of slot a (and slot b when b >= 0)
MOVE_DEAL = -2
MOVE_REDEAL = -3
MAXMV = 192

# zones
Z_PYRAMID, Z_TABLEAU, Z_BOUQUET, Z_STOCK = 0, 1, 2, 3
# rest kinds
R_STOCK, R_TABLEAU, R_BOUQUET = 0, 1, 2
# stock-waste modes
SW_ALLOWED, SW_FORBIDDEN, SW_AUTOMATIC = 0, 1, 2

# parameter indices
P_NPYR, P_REST, P_DRAW, P_PASSES, P_SW, P_OVERLAP, P_OBJ, P_PAR = 0, 1, 2, 3, 4, 5, 6, 7
P_KING, P_MATCH, P_BUDGET, P_MAXDEPTH, P_TABLE_MAX, P_PARTNER, P_LIFO = 8, 9, 10, 11, 12, 13, 14
P_BOUQUET, P_BOUND, P_COMMUTE, P_ORDER, P_WASTE = 15, 16, 17, 18, 19
P_K0 = 20  # the stock pointer at the start: cards the variant's opening deals turned up
NPARAMS = 21

# context indices
C_DEPTH, C_NODES, C_STATUS, C_ENTER, C_BEST, C_BESTLEN, C_WINSEEN, C_USED, C_GEN = range(9)
C_PRUNED_MATCH, C_PRUNED_KING, C_TABLE_MISS, C_PRUNED_PARTNER = 9, 10, 11, 12
C_PRUNED_BOUND = 14
C_TSIZE = 13  # entries of the table in use now (a power of two; grows, see _grow)
C_HITS = 15  # nodes found in the table (visited before)
C_PRUNED_ORDER = 16
MS = 64  # where _matchable's scratch starts in the move scratch array
PS = 132  # run's scratch from here: the index in avail of each slot (52), a short list (8)
PL = 184
NSCRATCH = 192
PROBES = 16  # entries a key may be placed after its home entry
TABLE_START = 1 << 15  # a search starts with this many entries (512 KiB: stays in cache)
NCTX = 17

# search_many: pruning counters per deal (out_cnt columns), and move ids (see move_id)
CNT_MATCH, CNT_KING, CNT_PARTNER, CNT_BOUND, CNT_MISS, CNT_ORDER = range(6)
NCNT = 6
ID_DEAL = 52 * 53
ID_REDEAL = 52 * 53 + 1

# statuses
S_RUNNING, S_FOUND, S_EXHAUSTED, S_PAUSED, S_DEPTH = 0, 1, 2, 3, 4

FULL = (1 << 52) - 1


@njit(cache=True)
def _max_matching_table() -> np.ndarray:
    """Maximum matching size of every bipartite graph on 4 + 4 vertices.

    Index: bit ``4 * i + j`` set when left vertex ``i`` and right vertex ``j`` are
    adjacent. By König-Hall: the size is the minimum over left subsets ``S`` of
    ``4 - |S| + |N(S)|`` (the deficiency version of Hall's theorem). 65,536 bytes.
    """
    table = np.zeros(1 << 16, np.uint8)
    for packed in range(1 << 16):
        best = 4
        for sub in range(1, 16):
            nb = 0
            size = 0
            for i in range(4):
                if (sub >> i) & 1:
                    size += 1
                    nb |= (packed >> (4 * i)) & 15
            cnt = (nb & 1) + ((nb >> 1) & 1) + ((nb >> 2) & 1) + ((nb >> 3) & 1)
            m = 4 - size + cnt
            if m < best:
                best = m
        table[packed] = best
    return table


MAX_MATCHING = _max_matching_table()
PAR_BASE = (0, 50, 35, 20)


@njit(cache=True, inline="always")
def stock_game(prm):  # type: ignore[no-untyped-def]
    return prm[P_REST] == R_STOCK


@njit(cache=True, inline="always")
def hibit(x):  # type: ignore[no-untyped-def]
    """Index of the highest set bit of ``x`` (> 0): one instruction (LLVM ctlz), no branches."""
    return 63 - leading_zeros(x)  # type: ignore[call-arg]


@njit(cache=True, inline="always")
def popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@njit(cache=True, inline="always")
def deal_k(stock, npyr, k, count):  # type: ignore[no-untyped-def]
    """``k`` after a deal of ``count`` cards from ``stock`` (a slot mask of the cards not
    yet dealt: each dealt card sets ``k`` past its slot; ``k`` itself if it is empty)."""
    for _ in range(count):
        if stock == 0:
            break
        low = stock & -stock
        k = hibit(low) - npyr + 1
        stock &= ~low
    return k


@njit(cache=True, inline="always")
def available(rem, nlay, cov, rest, bq, hand, top, avail):  # type: ignore[no-untyped-def]
    """Write the cards a move can use into ``avail`` and return how many: every laid-out
    card still there with nothing left on it, the first bouquet card of each value still
    there (a value's bouquet cards are interchangeable: taken in slot order), the hand and
    the waste top (-1: none)."""
    na = 0
    for s in range(nlay):
        if not (rem >> s) & 1 and (cov[s] & ~rem) == 0:
            avail[na] = s
            na += 1
    if rest == R_BOUQUET:
        for v in range(1, 14):
            for j in range(4):
                s = bq[v, j]
                if s < 0:
                    break
                if not (rem >> s) & 1:
                    avail[na] = s
                    na += 1
                    break
    if hand >= 0:
        avail[na] = hand
        na += 1
    if top >= 0:
        avail[na] = top
        na += 1
    return na


@njit(cache=True, inline="always")
def overlap_partner(s, rem, cov, val):  # type: ignore[no-untyped-def]
    """The card that slot ``s`` (laid out) may go with as an overlap pair: the one card
    left lying on it, if nothing lies on that one and the two sum to 13; -1: none (or
    ``s`` is gone). Both kernels' overlap moves: this search's and the optimal one's."""
    if (rem >> s) & 1:
        return -1
    c = cov[s] & ~rem
    if c == 0 or (c & (c - 1)) != 0:
        return -1
    q = hibit(c)
    if (cov[q] & ~rem) == 0 and val[s] + val[q] == 13:
        return q
    return -1


@njit(cache=True)
def prepare(cards, blocked, zone, val, canpair, byval, bq):  # type: ignore[no-untyped-def]
    """Per-deal arrays from the 52 card indices (layout order).

    ``canpair[s]``: slots that ``s`` could ever be discarded with (complementary and
    not structurally blocked), ``byval[v]``: the 4 slots of value ``v``,
    ``bq[v]``: bouquet slots of value ``v`` in slot order (-1 padded).
    """
    valmask = np.zeros(14, np.int64)
    cnt = np.zeros(14, np.int64)
    bcnt = np.zeros(14, np.int64)
    for v in range(14):
        for j in range(4):
            bq[v, j] = -1
    for s in range(52):
        v = cards[s] % 13 + 1
        val[s] = v
        valmask[v] |= np.int64(1) << s
        byval[v, cnt[v]] = s
        cnt[v] += 1
        if zone[s] == Z_BOUQUET:
            bq[v, bcnt[v]] = s
            bcnt[v] += 1
    for s in range(52):
        v = val[s]
        if v == 13:
            canpair[s] = 0
        else:
            canpair[s] = valmask[13 - v] & ~blocked[s]


@njit(cache=True, inline="always")
def _home(key, mask):  # type: ignore[no-untyped-def]
    # Fibonacci hashing: the high bits of key * 2^64/phi mix every key bit
    h = (key ^ (key >> 29)) * -7046029254386353131  # 0x9e3779b97f4a7c15
    return (h >> 32) & mask


@njit(cache=True)
def _insert(key, table, ctx, force):  # type: ignore[no-untyped-def]
    """Put ``key`` (not in the table) in the first free entry of its probe run; when the
    run is full, overwrite its home entry if ``force``, else return False."""
    gen = ctx[C_GEN]
    mask = ctx[C_TSIZE] - 1
    home = _home(key, mask)
    i = home
    for _ in range(PROBES):
        if table[2 * i + 1] != gen:
            table[2 * i] = key
            table[2 * i + 1] = gen
            ctx[C_USED] += 1
            return True
        i = (i + 1) & mask
    if force:
        table[2 * home] = key
        ctx[C_TABLE_MISS] += 1
        return True
    return False


@njit(cache=True)
def _can_grow(table, ctx):  # type: ignore[no-untyped-def]
    return 2 * ctx[C_TSIZE] <= table.shape[0] >> 1


@njit(cache=True)
def _grow(table, ctx, spare):  # type: ignore[no-untyped-def]
    """Double the entries in use, keeping every key (under a new generation); double
    again while a probe run overflows during the rehash."""
    size = ctx[C_TSIZE]
    gen = ctx[C_GEN]
    n = 0
    for i in range(size):
        if table[2 * i + 1] == gen:
            spare[n] = table[2 * i]
            n += 1
    done = False
    while not done:
        ctx[C_GEN] += 1
        ctx[C_TSIZE] *= 2
        ctx[C_USED] = 0
        done = True
        for i in range(n):
            if not _insert(spare[i], table, ctx, not _can_grow(table, ctx)):
                done = False
                break


@njit(cache=True, inline="always")
def _lookup_insert(key, table, ctx, spare):  # type: ignore[no-untyped-def]
    """True if ``key`` was already in the table; otherwise insert it and return False.

    ``table`` interleaves entries ``(key, generation)`` so that a probe touches one
    cache line; an entry whose generation is not the current one is free (a new search
    clears the table by taking a new generation). A search starts on the first
    ``TABLE_START`` entries, which stay in the processor's cache, and doubles them
    (rehashing through ``spare``) when they are 3/4 full or a probe run of ``PROBES`` entries
    overflows, up to the whole array. Then a full probe run overwrites its home entry
    (``ctx[C_TABLE_MISS]`` counts it): forgetting a position only means it may be
    searched again, which never loses a solution.
    """
    gen = ctx[C_GEN]
    mask = ctx[C_TSIZE] - 1
    i = _home(key, mask)
    for _ in range(PROBES):
        if table[2 * i + 1] != gen:
            break
        if table[2 * i] == key:
            return True
        i = (i + 1) & mask
    if 4 * ctx[C_USED] >= 3 * ctx[C_TSIZE] and _can_grow(table, ctx):
        _grow(table, ctx, spare)
    while not _insert(key, table, ctx, not _can_grow(table, ctx)):
        _grow(table, ctx, spare)
    return False


@njit(cache=True, inline="always")
def _matchable(rem, k, ps, grp, val, canpair, byval, prm, anc, scr, st, pd, uselifo):  # type: ignore[no-untyped-def]
    """Pruning "matching": can every card that must still go find its own partner?

    Each remaining non-King card that must be discarded (all of them for objective
    all, the pyramid ones for objective pyramid) leaves with a distinct card of the
    complementary rank, one it can ever be paired with. So for each rank pair there
    must be a matching in the "could still pair" graph covering the required cards;
    by Mendelsohn-Dulmage it exists iff Hall's condition holds on each side for its
    required cards. The graph over-approximates the real pairs: static blocks (a
    pyramid card and one it covers or is covered by, except a direct overlap;
    tableau cards of one column, except adjacent ones with overlap; two stock cards
    with draw 3 or stock-waste forbidden, where at most one stock card is ever
    available to pair), and in the last pass of draw 1 two stock cards pair only as
    hand and waste top, so the later-dealt one must still be the hand or in stock.
    This subsumes "a card whose complements are all gone or stuck is lost".

    In the last pass the waste is a stack (pruning "lifo", when ``prm[P_LIFO]``): a
    waste card ``w`` can pair only after every waste card ``u`` above it has gone.
    If such a ``u`` (not a King) can only still pair with pyramid cards that lie
    under a pyramid card ``x`` (``x`` is in ``anc[p]`` for each such partner ``p``),
    or with nothing, then ``u`` goes after
    ``x`` and so does ``w``: the edge ``x``-``w`` is dropped. ``u``'s possible
    partners are its complements left that are pyramid cards or, with draw 1 and
    stock-waste not forbidden, the hand or stock cards (other waste cards never
    pair with it in the last pass).

    With pruning "order" in the last pass (``pd`` >= 0, the row of ``st`` that
    :func:`_order` has just filled for this position): two cards one of which must go
    strictly before the other never pair, so their edge is dropped. There, with objective
    all, the lifo rule is not applied (``uselifo`` False): the order facts imply each
    edge it drops (the
    waste card ``u``'s partners all lie under ``x``, so ``x`` is in each partner's
    ``pre``, hence in ``u``'s; ``u`` lies above ``w``, so ``u`` and ``x`` are in
    ``pre(w)``), and it would cost a walk down the waste for nothing. With objective
    pyramid a card outside the pyramid need not go, its order facts are weaker, and the
    lifo rule still pays (4662 against 6800 nodes per one-pass deal).

    Only rank pair ``grp`` (1..6) is checked, or all of them when ``grp`` is 0: a
    move changes the graph of one rank pair at most (see ``run``), and the parent
    position passed the check for the others.
    """
    npyr = prm[P_NPYR]
    objpyr = prm[P_OBJ] == 1
    last_pass = (prm[P_REST] == R_STOCK and prm[P_DRAW] == 1 and prm[P_SW] != SW_FORBIDDEN
                 and prm[P_PASSES] > 0 and ps == prm[P_PASSES])
    lifo = uselifo and prm[P_LIFO] != 0 and prm[P_REST] == R_STOCK and prm[P_PASSES] > 0 \
        and ps == prm[P_PASSES]
    pyrmask = (np.int64(1) << npyr) - 1
    restfull = FULL & ~pyrmask
    wlim = k - 1 if prm[P_DRAW] == 1 else k  # waste: rest indices below wlim
    waste = 0
    live = 0  # hand and stock: partners that keep a waste card free
    if lifo and wlim > 0:
        waste = restfull & ~rem & ((np.int64(1) << (npyr + wlim)) - 1)
        if prm[P_DRAW] == 1 and prm[P_SW] != SW_FORBIDDEN:
            live = restfull & ~rem & ~((np.int64(1) << (npyr + wlim)) - 1)
    # scratch from scr[MS] on, indexed in place (a slice costs reference counting on
    # every call): bur[w] (pyramid cards that must go before waste card w can be
    # reached) at w, the two sides a and b at 52 and 56, their adjacency at 60 and 64
    if waste != 0 and grp != 0:
        # only the waste cards of rank pair grp need their bur, and only the waste
        # above the lowest of them decides it
        gm = 0
        for j in range(4):
            gm |= (np.int64(1) << byval[grp, j]) | (np.int64(1) << byval[13 - grp, j])
        need = waste & gm
        if need == 0:
            waste = 0
        else:
            waste &= ~((need & -need) - 1)
    if waste != 0:
        acc = 0
        ws = waste
        while ws:
            u = hibit(ws)
            ws &= ~(1 << u)
            scr[MS + u] = acc
            if val[u] == 13:
                continue
            part = canpair[u] & ~rem
            if part & live:
                continue
            part &= pyrmask
            blockers = pyrmask
            while part:
                low = part & -part
                blockers &= anc[hibit(low)]
                part &= ~low
            acc |= blockers
    for v in range(1, 7):
        if grp != 0 and v != grp:
            continue
        na, reqa = _still_there(v, rem, byval, objpyr, npyr, scr, MS + 52)
        nb, reqb = _still_there(13 - v, rem, byval, objpyr, npyr, scr, MS + 56)
        if reqa == 0 and reqb == 0:
            continue
        for i in range(na):
            scr[MS + 60 + i] = 0
        for j in range(nb):
            scr[MS + 64 + j] = 0
        for i in range(na):
            x = scr[MS + 52 + i]
            cp = canpair[x]
            for j in range(nb):
                y = scr[MS + 56 + j]
                if (cp >> y) & 1:
                    if last_pass and x >= npyr and y >= npyr:
                        hi = max(x, y) - npyr
                        if hi < k - 1:
                            continue
                    if waste != 0:
                        if x < npyr and (waste >> y) & 1 and (scr[MS + y] >> x) & 1:
                            continue
                        if y < npyr and (waste >> x) & 1 and (scr[MS + x] >> y) & 1:
                            continue
                    if pd >= 0 and ((st[pd, ST_PRE + x] >> y) & 1 or (st[pd, ST_PRE + y] >> x) & 1):
                        continue
                    scr[MS + 60 + i] |= 1 << j
                    scr[MS + 64 + j] |= 1 << i
        if not objpyr:
            # every card left must go: equal counts and a perfect matching (table)
            if na != nb:
                return False
            packed = 0
            for i in range(na):
                packed |= scr[MS + 60 + i] << (4 * i)
            if MAX_MATCHING[packed] < na:
                return False
            continue
        # Hall on side a for required subsets, then on side b
        if not _hall(na, reqa, scr, MS + 60) or not _hall(nb, reqb, scr, MS + 64):
            return False
    return True


@njit(cache=True, inline="always")
def _still_there(v, rem, byval, objpyr, npyr, scr, at):  # type: ignore[no-untyped-def]
    """The cards of value ``v`` still there, written to ``scr[at:]``: how many, and the
    mask of those that must go (by their place there; all of them unless ``objpyr``, then
    the pyramid ones). One side of :func:`_matchable`'s rank pair."""
    n = 0
    req = 0
    for j in range(4):
        s = byval[v, j]
        if not (rem >> s) & 1:
            scr[at + n] = s
            if not objpyr or s < npyr:
                req |= 1 << n
            n += 1
    return n, req


@njit(cache=True, inline="always")
def _hall(n, req, scr, at):  # type: ignore[no-untyped-def]
    """Hall's condition on one side of :func:`_matchable`'s rank pair: every set of its
    required cards (``req``, a mask of its ``n`` cards) has at least as many neighbours
    (``scr[at + i]``: card ``i``'s neighbours on the other side, as a mask)."""
    for sub in range(1, 1 << n):
        if sub & ~req:
            continue
        u = 0
        for i in range(n):
            if (sub >> i) & 1:
                u |= scr[at + i]
        if popcount(u) < popcount(sub):
            return False
    return True


ST_PRE = 5  # st[d, ST_PRE + x]: pre(x) of the "order" pruning at depth d (see _order)
ST_POST = ST_PRE + 52  # st[d, ST_POST + x]: post(x), the cards whose pre holds x
STW = ST_POST + 52  # columns of st


@njit(cache=True, inline="always")
def _post_add(st, d, bits, zs):  # type: ignore[no-untyped-def]
    """``post(a) |= zs`` for each card ``a`` in ``bits``: the transpose of ``pre(z) |= bits``
    for each ``z`` in ``zs`` (a card never lies in its own post, as in its own pre)."""
    while bits:
        lb = bits & -bits
        bits ^= lb
        st[d, ST_POST + hibit(lb)] |= zs & ~lb


@njit(cache=True)
def _order(st, d, fresh, ma, mb, pk, rem, k, npyr, objpyr, val, canpair, anc):  # type: ignore[no-untyped-def]
    """Pruning "order": can the cards left still go in some order? False when no
    winning line is left. The last pass of a draw-1 stock game without overlap discards
    (where the waste is a stack for good). Fills ``pre(x) = st[d, ST_PRE + x]``.

    ``pre(x)`` is a set of cards left that every winning line from the position removes
    strictly before ``x`` (with objective pyramid, for a card outside the pyramid: before
    ``x`` if ``x`` goes at all). Facts, each true of every winning line:

    * base: a pyramid card goes after every card lying on it (``anc``); a waste card goes
      after every waste card above it (no redeal is left: it is reached only as the top);
    * pairs: ``x`` (not a King) goes together with one partner ``p``: a complement left
      that is not structurally blocked (``canpair``), not in ``pre(x)``, without ``x`` in
      ``pre(p)``, and not both in the waste now (the lower is reached only once the upper
      is gone). Everything in ``pre(p)`` is gone before ``p``, so before ``x``; when
      both are stock, hand or waste cards, the later-dealt one is the hand and the other
      the waste top, so every card dealt between them is gone before too. So ``pre(x)``
      takes in the intersection of these sets over ``x``'s partners; with no partner
      left, ``x`` never goes;
    * transitivity: ``pre(x)`` takes in ``pre(y)`` for each ``y`` in ``pre(x)``.

    A card that must go and never can, or that lies in its own ``pre``, means that no
    winning line is left. Facts are inherited: every winning line from a child, after
    the move, is one from its parent, so the parent's facts hold for the cards still
    left. So a position entered by a move within the last pass starts from its parent's
    sets (row ``d - 1`` of ``st``) and derives again only what the move can change: after
    a discard, the pair facts of the cards' complements (their partners are fewer); after
    a deal, the old hand ``h`` lies on the waste: every old waste card, and every card
    going after one, takes in ``h`` and ``pre(h)``, then the pair facts of ``h``, of the
    cards that lost ``h`` as a partner, and of those whose every partner now holds ``h``.
    Each growth of a ``pre(x)`` is passed on to the cards whose ``pre`` holds ``x``, and
    the pair facts are derived again for ``x`` and its partners and for the partners of
    the cards it grew whose every partner holds the growth. The row also keeps the
    transpose, ``post(x) = st[d, ST_POST + x]`` (the cards whose pre holds ``x``), kept
    equal to it at every update, so that the cards that go after ``x`` are one read, not
    a scan of every card. Deriving fewer facts than
    the fixed point only prunes less; every fact derived is true, so the pruning never
    cuts a winnable position. ``fresh``: no parent row (the root, or the first position
    of the last pass): the base facts, then the pair facts of every card. ``(ma, mb)``:
    the move that entered the position; ``pk``: the parent's ``k``.
    """
    live = FULL & ~rem
    pyrmask = (np.int64(1) << npyr) - 1
    hs = npyr + k - 1  # the waste: rest slots below the hand's
    if hs < npyr:
        hs = npyr
    waste = live & ~pyrmask & ((np.int64(1) << hs) - 1)
    work = np.int64(0)  # cards whose pair facts are to be derived again
    if fresh:
        for x in range(52):
            st[d, ST_POST + x] = 0
        m = live
        while m:
            low = m & -m
            m ^= low
            x = hibit(low)
            if x < npyr:
                st[d, ST_PRE + x] = anc[x] & live
            elif (waste >> x) & 1:
                st[d, ST_PRE + x] = waste & ~((np.int64(2) << x) - 1)
            else:
                st[d, ST_PRE + x] = 0
            _post_add(st, d, st[d, ST_PRE + x], low)
        work = live
    else:
        for x in range(52):
            st[d, ST_PRE + x] = st[d - 1, ST_PRE + x] & live
            st[d, ST_POST + x] = st[d - 1, ST_POST + x] & live
        if ma >= 0:
            work = canpair[ma] & live  # the complements of the cards discarded
            if mb >= 0:
                work |= canpair[mb] & live
        elif ma == MOVE_DEAL and pk > 0 and (live >> (npyr + pk - 1)) & 1:
            # the old hand h now lies on the waste: every old waste card goes after it, and
            # so does every card that goes after one of them
            h = npyr + pk - 1
            old = waste & ~(np.int64(1) << h)
            gn = (np.int64(1) << h) | st[d, ST_PRE + h]
            work = (np.int64(1) << h) | (canpair[h] & live)  # h lost its waste partners
            zs = _with_rows(st, d, old, ST_POST) & live
            ok, lost, _ = _take_in(st, d, zs, gn, npyr, objpyr, canpair)
            if not ok:
                return False
            work |= lost  # cards that lost partners
            have = _holders(st, d, gn, live) | zs  # cards whose pre holds all of gn now
            # a card whose every partner goes after all of gn goes after it too (only a
            # partner of a card that took gn in just now can have become one)
            m = np.int64(0)
            t = zs
            while t:
                lt = t & -t
                t ^= lt
                m |= canpair[hibit(lt)]
            m &= live
            while m:
                low = m & -m
                m ^= low
                q = canpair[hibit(low)] & live
                if q != 0 and (q & ~have) == 0:
                    work |= low
    while work:
        low = work & -work
        work ^= low
        x = hibit(low)
        if val[x] == 13:
            continue
        must = x < npyr or not objpyr
        px = st[d, ST_PRE + x]
        q = canpair[x] & live
        inter = FULL
        nq = 0
        while q:
            lq = q & -q
            q ^= lq
            p = hibit(lq)
            pp = st[d, ST_PRE + p]
            if (px >> p) & 1 or (pp >> x) & 1:
                continue
            if x >= npyr and p >= npyr:
                lo = min(x, p)
                hi = max(x, p)
                if hi < hs:
                    continue  # both in the waste
                pp |= live & ((np.int64(1) << hi) - 1) & ~((np.int64(2) << lo) - 1)
            inter &= pp
            nq += 1
        if nq == 0:
            if must:
                return False
            continue
        g = inter & ~px & ~low
        if g:
            acc = _with_rows(st, d, g, ST_PRE)
            if (acc >> x) & 1:
                if must:
                    return False
                acc &= ~low
            st[d, ST_PRE + x] = px | acc
            _post_add(st, d, acc & ~px, low)
            work |= low | (canpair[x] & live)
            # pass the growth on to the cards that go after x
            zs = st[d, ST_POST + x] & live
            ok, lost, grown = _take_in(st, d, zs, acc, npyr, objpyr, canpair)
            if not ok:
                return False
            work |= lost
            have = low | zs | _holders(st, d, acc, live)
            while grown:
                lg = grown & -grown
                grown ^= lg
                q = canpair[hibit(lg)] & live & ~work
                while q:
                    lq = q & -q
                    q ^= lq
                    if (canpair[hibit(lq)] & live & ~have) == 0:
                        work |= lq
    return True


@njit(cache=True, inline="always")
def _take_in(st, d, zs, bits, npyr, objpyr, canpair):  # type: ignore[no-untyped-def]
    """``pre(z) |= bits`` for each card ``z`` of ``zs`` (and the posts to match): returns
    ``(ok, lost, grown)``, ``ok`` False when a card that must go would go before itself
    (one that need not go, outside the pyramid with objective pyramid, just never goes);
    ``grown``: the cards whose pre grew, ``lost``: those of them that lost partners."""
    lost = np.int64(0)
    grown = np.int64(0)
    t = zs
    while t:
        lt = t & -t
        t ^= lt
        z = hibit(lt)
        pz = st[d, ST_PRE + z]
        nz = pz | bits
        if nz != pz:
            if (nz >> z) & 1:
                if z < npyr or not objpyr:
                    return False, lost, grown
                nz &= ~lt
            st[d, ST_PRE + z] = nz
            grown |= lt
            if bits & canpair[z]:
                lost |= lt
    _post_add(st, d, bits, zs)
    return True, lost, grown


@njit(cache=True, inline="always")
def _with_rows(st, d, bits, col):  # type: ignore[no-untyped-def]
    """``bits`` with ``st[d, col + x]`` of each card ``x`` of ``bits``: with ``col``
    ``ST_PRE``, the cards that go before one of them too; with ``ST_POST``, after."""
    acc = bits
    t = bits
    while t:
        lt = t & -t
        t ^= lt
        acc |= st[d, col + hibit(lt)]
    return acc


@njit(cache=True, inline="always")
def _holders(st, d, bits, live):  # type: ignore[no-untyped-def]
    """The live cards whose pre holds every card of ``bits`` (non-empty): the
    intersection of their posts."""
    have = live
    while bits:
        lb = bits & -bits
        bits ^= lb
        have &= st[d, ST_POST + hibit(lb)]
    return have

@njit(cache=True)
def _buries(u, k, rem, npyr, sw, val, canpair, anc):  # type: ignore[no-untyped-def]
    """Draw 1, last pass: can dealing on (hand ``u`` goes onto the waste) change the
    "lifo" edges of any rank pair but ``u``'s own?

    The lifo constraints (``_matchable``) come from waste cards whose possible partners
    left are pyramid cards under a common pyramid card, and "live" partners (hand and
    stock, with stock-waste not forbidden) exempt a card. Dealing on changes them only
    through ``u``: it joins the waste (its own blockers count for every card below it),
    and it stops being a live partner for its complements in the waste. If ``u`` keeps a
    live partner and no waste complement of ``u`` loses its last one, only ``u``'s rank
    pair can change. Returning True only widens the check, so this never costs soundness.
    """
    if val[u] == 13:
        return False
    restfull = FULL & ~((np.int64(1) << npyr) - 1)
    present = restfull & ~rem
    live = present & ~((np.int64(1) << (npyr + k)) - 1) if sw != SW_FORBIDDEN else 0
    if (canpair[u] & ~rem & live) == 0:
        part = canpair[u] & ~rem & ((np.int64(1) << npyr) - 1)
        if part == 0:
            return True
        blockers = (np.int64(1) << npyr) - 1
        while part:
            low = part & -part
            blockers &= anc[hibit(low)]
            part &= ~low
        if blockers & ~rem:
            return True
    if live == 0:
        return False
    waste = present & ((np.int64(1) << (npyr + k - 1)) - 1)
    ws = waste & canpair[u]
    while ws:
        low = ws & -ws
        ws &= ~low
        v = hibit(low)
        if (canpair[v] & ~rem & live) == 0:
            return True
    return False


@njit(cache=True, inline="always")
def _waste_key(rem, k, npyr, draw, val, byval):  # type: ignore[no-untyped-def]
    """The rest cards' part of the transposition key (removed bits of the rest slots),
    with the waste written canonically (pruning "waste").

    The waste (the dealt cards below the hand, or below ``k`` with draw 3) is a stack
    whose cards are reached only from the top, and dealt again in the same order after
    a redeal; suits never matter. So two positions alike but for which waste cards
    remain, whose remaining waste cards have the same ranks in the same order, are the
    same game: mapping the one waste onto the other card by card, in order, maps every
    legal line of one onto a legal line of the other (same ranks, same tops, same hand
    and stock, the same stock order in every later pass). The key records the waste as
    the latest slots that hold its ranks in its order: the top card at the last slot
    below the hand of its rank, the next at the last slot below that of its rank, and
    so on (the real waste is one such choice, so the walk always finds a slot). Positions
    of one key then have equal outcomes, and the search visits one of them.
    """
    wl = k - 1 if draw == 1 else k
    restfull = FULL & ~((np.int64(1) << npyr) - 1)
    if wl <= 0:
        return rem & restfull
    return canonical_waste(rem, npyr, wl, val, byval) & restfull


@njit(cache=True, inline="always")
def canonical_waste(rem, npyr, wl, val, byval):  # type: ignore[no-untyped-def]
    """``rem`` (removed bits by slot) with its waste written canonically: the waste is
    the cards still there among the ``wl > 0`` slots from ``npyr`` on, and is written as
    the latest slots that hold its ranks in its order (see :func:`_waste_key`). The
    canonical key of both kernels: this search's and :mod:`pyramids.engines.optimal`'s."""
    wmask = ((np.int64(1) << (npyr + wl)) - 1) & ~((np.int64(1) << npyr) - 1)
    waste = wmask & ~rem
    canon = np.int64(0)
    pos = npyr + wl
    while waste:
        x = hibit(waste)
        waste &= ~(np.int64(1) << x)
        r = val[x]
        same = ((np.int64(1) << byval[r, 0]) | (np.int64(1) << byval[r, 1])
                | (np.int64(1) << byval[r, 2]) | (np.int64(1) << byval[r, 3]))
        j = hibit(same & ((np.int64(1) << pos) - 1))
        canon |= np.int64(1) << j
        pos = j
    return (rem & ~wmask) | (wmask & ~canon)


@njit(cache=True)
def run(val, cov, zone, canpair, byval, bq, prm, ctx, st, mva, mvb, mvn, mvi,  # type: ignore[no-untyped-def]
        table, spare, bestpath, avail, anc):
    """Run (or resume) the DFS for at most ``prm[P_BUDGET]`` more nodes.

    ``st[d] = (removed, k, pass, cleared)`` is the position at depth ``d``; the move
    tried from it is ``(mva[d, mvi[d]-1], mvb[d, mvi[d]-1])``. On ``S_FOUND`` the path
    is the moves at depths ``0 .. ctx[C_DEPTH]-1``. With Par scoring the search
    visits everything reachable, keeps the best score in ``ctx[C_BEST]`` and its line
    in ``bestpath``, and stops early only at the best possible score, 50.
    """
    npyr = prm[P_NPYR]
    rest = prm[P_REST]
    draw = prm[P_DRAW]
    passes = prm[P_PASSES]
    sw = prm[P_SW]
    overlap = prm[P_OVERLAP] != 0
    objpyr = prm[P_OBJ] == 1
    par = prm[P_PAR] != 0
    pking = prm[P_KING] != 0
    pmatch = prm[P_MATCH] != 0 and not par
    ppartner = prm[P_PARTNER] != 0 and not par and sw != SW_AUTOMATIC
    # with "lifo", a deal in the last pass can bury cards of any rank pair: check all
    pbouquet = prm[P_BOUQUET] != 0
    pcommute = prm[P_COMMUTE] != 0 and stock_game(prm) and not par
    # "order": the last pass of a draw-1 stock game (see _order)
    porder = (prm[P_ORDER] != 0 and rest == R_STOCK and passes > 0 and draw == 1
              and not overlap and not par)
    pbound = prm[P_BOUND] != 0 and par
    pwaste = prm[P_WASTE] != 0 and rest == R_STOCK
    plifo = prm[P_LIFO] != 0 and rest == R_STOCK and passes > 0
    budget = prm[P_BUDGET]
    maxdepth = prm[P_MAXDEPTH]
    pyrmask = (np.int64(1) << npyr) - 1
    restfull = FULL & ~pyrmask
    nlay = npyr
    if rest == R_TABLEAU:
        nlay = 52
    stock = rest == R_STOCK
    d = ctx[C_DEPTH]
    enter = ctx[C_ENTER] != 0
    nodes = ctx[C_NODES]
    stop = nodes + budget
    while True:
        rem = st[d, 0]
        k = st[d, 1]
        ps = st[d, 2]
        cl = st[d, 3]
        hand = -1
        top = -1
        if stock:
            present = restfull & ~rem
            below = present & ((np.int64(1) << (npyr + k)) - 1)
            if draw == 1 and k > 0:
                hs = npyr + k - 1
                if (present >> hs) & 1:
                    hand = hs
                    below &= ~(np.int64(1) << hs)
            if below:
                top = hibit(below)
        # draw 3 before the last pass: removing a stock card changes later threes
        regroup = stock and draw == 3 and (passes == 0 or ps < passes)
        if enter:
            enter = False
            if nodes >= stop:
                ctx[C_STATUS] = S_PAUSED
                ctx[C_ENTER] = 1
                ctx[C_DEPTH] = d
                ctx[C_NODES] = nodes
                return
            nodes += 1
            forced = (sw == SW_AUTOMATIC and hand >= 0 and top >= 0
                      and val[hand] + val[top] == 13)
            if par:
                left = 52 - popcount(rem)
                score = -left
                if cl > 0:
                    score = PAR_BASE[cl] - left
                if left == 0:
                    ctx[C_WINSEEN] = 1
                if score > ctx[C_BEST]:
                    ctx[C_BEST] = score
                    ctx[C_BESTLEN] = d
                    for dd in range(d):
                        bestpath[dd, 0] = mva[dd, mvi[dd] - 1]
                        bestpath[dd, 1] = mvb[dd, mvi[dd] - 1]
                    if score >= 50:
                        ctx[C_STATUS] = S_FOUND
                        ctx[C_DEPTH] = d
                        ctx[C_NODES] = nodes
                        return
            else:
                won = ((rem & pyrmask) == pyrmask and not forced) if objpyr else rem == FULL
                if won:
                    ctx[C_STATUS] = S_FOUND
                    ctx[C_DEPTH] = d
                    ctx[C_NODES] = nodes
                    return
            mvn[d] = 0
            mvi[d] = 0
            key = rem | (k << 52)
            if pwaste:
                key = (key & ~restfull) | _waste_key(rem, k, npyr, draw, val, byval)
            if par:
                key |= (ps << 58) | (cl << 60)
            else:
                key |= ps << 58
            if _lookup_insert(key, table, ctx, spare):
                ctx[C_HITS] += 1
            elif pbound and PAR_BASE[cl if cl > 0 else ps] <= ctx[C_BEST]:
                # Par "bound": no line from here beats the best score found. Once the
                # pyramid is cleared (in pass cl) a score is at most PAR_BASE[cl]; before,
                # at most PAR_BASE[ps] (clear it in this pass, discard everything) or
                # below 0 (never clear it). The bound only falls along a line (passes go
                # up), so the first line reaching the best score, and so the answer, is
                # the one of the search without it; only whether some line discards all
                # 52 cards (C_WINSEEN) is no longer seen, and ``solve`` asks the unscored
                # game for that.
                ctx[C_PRUNED_BOUND] += 1
            elif porder and ps == passes and not _order(
                    st, d, d == 0 or st[d - 1, 2] != ps, mva[d - 1, mvi[d - 1] - 1] if d > 0 else 0,
                    mvb[d - 1, mvi[d - 1] - 1] if d > 0 else -1, st[d - 1, 1] if d > 0 else 0,
                    rem, k, npyr, objpyr, val, canpair, anc):
                ctx[C_PRUNED_ORDER] += 1
            elif pmatch and st[d, 4] >= 0 and not _matchable(
                    rem, k, ps, st[d, 4], val, canpair, byval, prm, anc, avail, st,
                    d if porder and ps == passes else -1, objpyr or not (porder and ps == passes)):
                ctx[C_PRUNED_MATCH] += 1
            else:
                # --- generate moves ---
                n = 0
                if forced:
                    mva[d, 0] = top
                    mvb[d, 0] = hand
                    n = 1
                else:
                    na = available(rem, nlay, cov, rest, bq, hand, top, avail)
                    # Pruning "king": an available King is discarded at once, as the only
                    # move. Removing it only makes more cards available, and every line
                    # from the position keeps its moves legal without it (a waste card
                    # keeps its role: the top stays the top, the hand stays the hand),
                    # so some winning line starts with it. Not for a hand or waste King
                    # under stock-waste automatic: uncovering the waste could force a
                    # pair the player would rather not make. Nor for a waste King with
                    # draw 3 before the last pass: a stock card gone early changes the
                    # threes dealt in the next passes.
                    king = -1
                    for i in range(na):
                        s = avail[i]
                        if val[s] == 13:
                            if pking and not ((sw == SW_AUTOMATIC or regroup)
                                              and zone[s] == Z_STOCK):
                                king = s
                                break
                            mva[d, n] = s
                            mvb[d, n] = -1
                            n += 1
                    if king >= 0:
                        mva[d, 0] = king
                        mvb[d, 0] = -1
                        n = 1
                        ctx[C_PRUNED_KING] += 1
                    else:
                        # Pruning "commute": right after a deal, only pairs with the card
                        # the deal made available (the new hand with draw 1, the new waste
                        # top with draw 3). Any other pair was legal before the deal: its
                        # cards are pyramid cards (dealing removes nothing, so uncovers
                        # nothing) or, with draw 1, the waste top, which was the hand or
                        # already the top before. Playing it first and then dealing reaches
                        # the same position as legally: the deal takes the same stock
                        # cards (the pair holds none), and with stock-waste automatic no
                        # forced pair appears in between (there is no hand after taking
                        # the hand or before the deal, and the hand and top right after
                        # are those of the other order). So, by induction on (cards left,
                        # cards in stock), a winnable position entered by a deal keeps a
                        # winning line in the pruned graph: one starting with a move
                        # generated here, or with such a pair, whose result is reached from
                        # the nearest position up the chain of deals that was entered
                        # otherwise: that one generated every move (it dealt, so no King
                        # or partner pruning cut its moves), the pair among them, and the
                        # deals after it. Not under Par scoring (every position is scored).
                        fresh = -2
                        if pcommute and d > 0 and mva[d - 1, mvi[d - 1] - 1] == MOVE_DEAL:
                            fresh = hand if draw == 1 else top
                        # each available card's partners among the available cards after
                        # it (canpair & available: two available cards are never
                        # structurally blocked, except hand and waste top with stock-waste
                        # forbidden, which may not pair anyway), in the order of ``avail``
                        # (at most 4, insertion-sorted): the moves of comparing every two
                        # available cards, without the quadratic loop
                        am = 0
                        for i in range(na):
                            s = avail[i]
                            am |= np.int64(1) << s
                            avail[PS + s] = i
                        for i in range(na):
                            x = avail[i]
                            if val[x] == 13:
                                continue
                            cand = canpair[x] & am
                            m = 0
                            while cand:
                                low = cand & -cand
                                cand ^= low
                                pj = avail[PS + hibit(low)]
                                if pj <= i:
                                    continue
                                t = m
                                while t > 0 and avail[PL + t - 1] > pj:
                                    avail[PL + t] = avail[PL + t - 1]
                                    t -= 1
                                avail[PL + t] = pj
                                m += 1
                            for t in range(m):
                                y = avail[avail[PL + t]]
                                if fresh != -2 and x != fresh and y != fresh:
                                    continue
                                # Pruning "bouquet": two bouquet cards are paired only
                                # once the pyramid is clear. They stay available all
                                # along and removing them uncovers nothing, so in any
                                # winning line such a pair can be moved to the end.
                                if (pbouquet and zone[x] == Z_BOUQUET
                                        and zone[y] == Z_BOUQUET
                                        and (rem & pyrmask) != pyrmask):
                                    continue
                                if (sw == SW_FORBIDDEN and x == hand and y == top) or (
                                        sw == SW_FORBIDDEN and y == hand and x == top):
                                    continue
                                mva[d, n] = x
                                mvb[d, n] = y
                                n += 1
                        if overlap and fresh == -2:
                            for s in range(nlay):
                                q = overlap_partner(s, rem, cov, val)
                                if q >= 0:
                                    mva[d, n] = s
                                    mvb[d, n] = q
                                    n += 1
                        # Pruning "partner": if a card that must still go can only ever be
                        # discarded with one card (its only complement left that is not
                        # structurally blocked) and that pair is playable now, play it now
                        # as the only move. Every winning line pairs the two; playing the
                        # pair first keeps the rest of the line legal, as for a King.
                        # Not under stock-waste automatic (it could force a pair), nor for
                        # a stock card with draw 3 before the last pass (as for Kings).
                        forced_pair = False
                        if ppartner:
                            for i in range(n):
                                x = mva[d, i]
                                y = mvb[d, i]
                                if y < 0 or (regroup and (zone[x] == Z_STOCK
                                                          or zone[y] == Z_STOCK)):
                                    continue
                                if (((canpair[x] & ~rem) == (np.int64(1) << y)
                                     and (not objpyr or x < npyr))
                                        or ((canpair[y] & ~rem) == (np.int64(1) << x)
                                            and (not objpyr or y < npyr))):
                                    mva[d, 0] = x
                                    mvb[d, 0] = y
                                    n = 1
                                    forced_pair = True
                                    ctx[C_PRUNED_PARTNER] += 1
                                    break
                        if stock and not forced_pair:
                            if present & ~((np.int64(1) << (npyr + k)) - 1):
                                mva[d, n] = MOVE_DEAL
                                mvb[d, n] = -1
                                n += 1
                            elif (passes == 0 or ps < passes) and (present & (
                                    (np.int64(1) << (npyr + k)) - 1)):
                                mva[d, n] = MOVE_REDEAL
                                mvb[d, n] = -1
                                n += 1
                mvn[d] = n
        # --- advance to the next move at depth d, or backtrack ---
        i = mvi[d]
        if i < mvn[d]:
            if d + 1 >= maxdepth:
                ctx[C_STATUS] = S_DEPTH
                ctx[C_DEPTH] = d
                ctx[C_NODES] = nodes
                return
            mvi[d] = i + 1
            a = mva[d, i]
            b = mvb[d, i]
            nk = k
            nps = ps
            ncl = cl
            nrem = rem
            grp = -1  # the rank pair whose matching graph the move changes (0: all)
            if a >= 0:
                nrem = rem | (np.int64(1) << a)
                if b >= 0:
                    nrem |= np.int64(1) << b
                    grp = min(val[a], 13 - val[a])
                if par and ncl == 0 and (nrem & pyrmask) == pyrmask:
                    ncl = ps
            elif a == MOVE_DEAL:
                # the old hand goes to the waste: in the last pass it loses its edges
                # to the waste cards below it
                if hand >= 0 and val[hand] != 13:
                    grp = min(val[hand], 13 - val[hand])
                if plifo and ps == passes and (objpyr or not porder) and (draw != 1 or (
                        hand >= 0 and _buries(hand, k, rem, npyr, sw, val, canpair, anc))):
                    grp = 0
                nk = deal_k((restfull & ~rem) & ~((np.int64(1) << (npyr + k)) - 1), npyr, k,
                            draw)
            else:
                nk = 0
                if passes > 0:
                    nps = ps + 1
                    if nps == passes:
                        grp = 0
            d += 1
            st[d, 0] = nrem
            st[d, 1] = nk
            st[d, 2] = nps
            st[d, 3] = ncl
            st[d, 4] = grp
            enter = True
        else:
            d -= 1
            if d < 0:
                ctx[C_STATUS] = S_EXHAUSTED
                ctx[C_DEPTH] = 0
                ctx[C_NODES] = nodes
                return


@njit(cache=True)
def search_many(cards, idx, cov, zone, blocked, anc, prm, budget, tstart,  # type: ignore[no-untyped-def]
                val, canpair, byval, bq, ctx, st, mva, mvb, mvn, mvi, table, spare, bestpath,
                avail, out_status, out_nodes, out_cnt, out_depth, out_off, out_moves):
    """Search deals ``cards[idx[i]]`` one after the other from the deal's start (after
    the variant's opening deals: ``prm[P_K0]`` cards turned up).

    Each search starts like ``Searcher._solve`` does (a fresh table generation, the table
    at ``tstart`` entries, the root state of the deal) and runs at most ``budget`` nodes:
    ``out_status[i]`` is then ``S_PAUSED``. The solution of a win goes to
    ``out_moves[out_off[i] : out_off[i] + out_depth[i]]`` as move ids (:func:`move_id`)
    while ``out_moves`` has room; otherwise ``out_off[i]`` is -1. Returns the room used.
    """
    prm[P_BUDGET] = budget
    used = 0
    for i in range(idx.shape[0]):
        r = idx[i]
        prepare(cards[r], blocked, zone, val, canpair, byval, bq)
        gen = ctx[C_GEN] + 1
        for c in range(ctx.shape[0]):
            ctx[c] = 0
        ctx[C_ENTER] = 1
        ctx[C_BEST] = -1000
        ctx[C_GEN] = gen
        ctx[C_TSIZE] = tstart
        st[0, 0] = 0
        st[0, 1] = prm[P_K0]
        st[0, 2] = 1
        st[0, 3] = 0
        st[0, 4] = 0
        run(val, cov, zone, canpair, byval, bq, prm, ctx, st, mva, mvb, mvn, mvi,
                 table, spare, bestpath, avail, anc)
        status = ctx[C_STATUS]
        out_status[i] = status
        out_nodes[i] = ctx[C_NODES]
        out_cnt[i, CNT_MATCH] = ctx[C_PRUNED_MATCH]
        out_cnt[i, CNT_KING] = ctx[C_PRUNED_KING]
        out_cnt[i, CNT_PARTNER] = ctx[C_PRUNED_PARTNER]
        out_cnt[i, CNT_BOUND] = ctx[C_PRUNED_BOUND]
        out_cnt[i, CNT_MISS] = ctx[C_TABLE_MISS]
        out_cnt[i, CNT_ORDER] = ctx[C_PRUNED_ORDER]
        out_depth[i] = 0
        out_off[i] = -1
        if status == S_FOUND:
            depth = ctx[C_DEPTH]
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
    if a == MOVE_DEAL:
        return ID_DEAL
    if a == MOVE_REDEAL:
        return ID_REDEAL
    return ca * 53 + cb + 1
