"""Seeking "beam": a beam search for a winning line, compiled with numba, for the
two-deck games (:func:`pyramids.engines.pairs.kernel.search` runs it after the search in
the usual order has had its first share of the node limit).

The DFS commits to its first moves and, on the two-deck three-round games, spends its
nodes deep in one subtree; the beam instead keeps, move after move, the ``width`` most
promising positions of a whole level (:func:`_value`) and so never sinks its budget in
one early choice. It plays the kernel's own positions ``(r0, r1, ptr, hh, rnd)`` with the
kernel's own functions (:func:`~kernel.children` with the safe move rule,
:func:`~kernel.play`, :func:`~kernel.is_won`, the visited key of :func:`~kernel.insert`
and :func:`~kernel.twin_key`) and cuts a child by the DFS's tests (dead card, prunings
"waste" and "match"), so each of its positions is one the DFS could reach and a win is
a real line (the caller replays it). It never proves a deal blocked: an empty beam or a
spent budget only means no line was found.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence

import numpy as np
from numba import njit

from pyramids.core.board import Board
from pyramids.engines.pairs import kernel as k
from pyramids.engines.pairs.kernel import (
    ALL_CLASSES,
    K_PAIR,
    NCTX,
    NO_CLASS,
    P_CARDS,
    P_FULL_TESTS,
    P_NT,
    P_PLACES,
    P_PRUNE_MATCH,
    P_PRUNE_TWINS,
    P_PRUNE_WASTE,
    P_ROUNDS,
    P_TALON,
    Found,
    Tables,
    _below,
    _meta,
    _popcount,
    children,
    dead_after,
    grown,
    insert,
    is_won,
    lying_on,
    play,
    search_prm,
    to_play,
    touched,
    twin_key,
    unmatched,
    waste_dead,
    waste_dead_of,
    waste_suspects,
)

#: the value's weights (:func:`_value`), in ``wts``: per layout card removed, per talon
#: card removed, per card still lying on a layout card left, per partner short of W_CAP
#: for a card left, per talon card still to be seen (the rest of this round's talon,
#: and the whole talon left once per round to come)
W_LAYOUT, W_TALON, W_BURIED, W_SCARCE, W_CAP, W_FUTURE = 0, 1, 2, 3, 4, 5
#: the weight sets, each width's beam run with each in turn. Tuned on pysolfc:1..100
#: (beam alone): talon cards worth more than layout cards, few deals, and the layout
#: kept covered (W_BURIED +1: the DFS's ORDER_UNDER_TWO_DECKS says the same) won most
#: Double Pyramid deals (91 of 100 at 600,000 nodes) but 81 of Two Pyramids, where
#: W_BURIED 0 won 95 (87 of Double Pyramid); both sets in turn: 93 and 94
WEIGHTS = ((10, 22, 1, -2, 3, -1), (10, 22, 0, -2, 3, -1))
#: the beams' widths, tried in turn while nodes are left (each a fresh search; a beam
#: costs some 110 nodes a unit of width on Double Pyramid, and wins at one width are
#: not always wins at the next: doubling won 91 of pysolfc:1..100 at 1,000,000 nodes,
#: quadrupling 90)
WIDTHS = (16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384)

# beam_run's answers
B_WON, B_EMPTY, B_LIMIT = 0, 1, 2


@njit(cache=True, inline="always")
def _value(r0, r1, ptr, rnd, prm, must, part, bef, tal, wts):  # type: ignore[no-untyped-def]
    """How promising a position looks (higher better): the cards removed (a layout card
    opens the layout, a talon card only thins the talon), the cards still lying on the
    layout's cards left (``bef``: each must go first), each card left with fewer than
    ``wts[W_CAP]`` partners left that do not lie on it (one with none is dead: the
    tests cut it), and the talon cards still to be seen (the rest of this round and
    every round to come): the beam's levels hold positions after as many moves, some
    spent on deals."""
    places = prm[P_PLACES]
    l0, l1 = _below(places)
    v = wts[W_LAYOUT] * (_popcount(r0 & l0) + _popcount(r1 & l1))
    v += wts[W_TALON] * (_popcount(r0 & tal[0]) + _popcount(r1 & tal[1]))
    buried = 0
    short = 0
    cap = wts[W_CAP]
    for c in range(prm[P_CARDS]):
        if k._bit(r0, r1, c):
            continue
        if c < places:
            buried += _popcount(bef[c, 0] & ~r0) + _popcount(bef[c, 1] & ~r1)
        if must[c]:
            left = (_popcount(part[c, 0] & ~r0 & ~bef[c, 0])
                    + _popcount(part[c, 1] & ~r1 & ~bef[c, 1]))
            if left < cap:
                short += cap - left
    v += wts[W_BURIED] * buried + wts[W_SCARCE] * short
    if prm[P_TALON]:
        t0, t1 = _popcount(r0 & tal[0]), _popcount(r1 & tal[1])
        left_all = prm[P_NT] - t0 - t1
        h0, h1 = _below(places + ptr)
        left_now = (_popcount(tal[0] & ~r0 & ~h0) + _popcount(tal[1] & ~r1 & ~h1))
        rounds = prm[P_ROUNDS] - rnd if prm[P_ROUNDS] else 0
        v += wts[W_FUTURE] * (left_now + rounds * left_all)
    return v


@njit(cache=True)
def _cut(r0, r1, ptr, hh, rnd, kind, a, b, pptr, first, prm, rank, must, part,  # type: ignore[no-untyped-def]
         bef, tal, ords, olen, of_rank, classes, onit, nb, cls):
    """The DFS's tests of a new position (:func:`kernel.run`'s): a dead card after a
    card alone or a pair, then prunings "waste" (last round) and "match", asking only
    what the move ``kind, a, b`` from a parent at ``pptr`` can have changed unless the
    parent is the start (``first``: the start was never asked). True: no line from the
    position wins."""
    if kind <= K_PAIR and dead_after(r0, r1, a, b, must, part, bef):
        return True
    if not (prm[P_PRUNE_WASTE] or prm[P_PRUNE_MATCH]):
        return False
    last = prm[P_TALON] != 0 and prm[P_ROUNDS] != 0 and rnd >= prm[P_ROUNDS]
    part_only = not prm[P_FULL_TESTS] and not first
    only = ALL_CLASSES
    if prm[P_PRUNE_MATCH] and part_only:
        only = touched(kind, a, b, pptr, last, prm, rank, cls)
    if prm[P_PRUNE_WASTE] and last:
        s0, s1, every = waste_suspects(kind, a, b, pptr, prm, part, tal)
        if every or not part_only:
            lying_on(r0, r1, ptr, hh, rnd, 0, prm, ords, olen, onit)
            if waste_dead(r0, r1, prm, must, part, onit):
                return True
        elif waste_dead_of(r0, r1, s0, s1, ptr, hh, prm, must, part):
            return True
    if prm[P_PRUNE_MATCH] and only != NO_CLASS:
        return unmatched(r0, r1, last, prm, bef, of_rank, classes, onit, nb, only, ptr, hh)
    return False


@njit(cache=True)
def _grow(a, n):  # type: ignore[no-untyped-def]
    """``a`` (1-d) in twice the room, its first ``n`` entries kept."""
    b = np.empty(2 * a.shape[0], a.dtype)
    b[:n] = a[:n]
    return b


@njit(cache=True)
def beam_run(width, budget, r0, r1, ptr, hh, rnd, prm, rank, match, alone, lonely, cov, cl, goal,  # type: ignore[no-untyped-def]
             must, part, bef, tal, ords, olen, of_rank, classes, onit, nb, cls, scratch,
             wts):
    """One beam of ``width`` from the position ``r0, r1, ptr, hh, rnd`` on at most
    ``budget`` nodes (new positions, the cut ones too, as the DFS counts them). Level by
    level every position of the beam is expanded (the safe move alone where there is
    one, as the DFS), each child seen before at any level dropped (the DFS's visited
    key), the cut ones counted and dropped, and the ``width`` of highest :func:`_value`
    kept (ties: the order generated, so the run is deterministic). Returns (B_WON,
    B_EMPTY or B_LIMIT, the nodes, the winning line as rows kind, a, b: none unless
    B_WON)."""
    size = 1 << 14
    t0 = np.zeros(size, np.uint64)
    t1 = np.zeros(size, np.uint64)
    tm = np.zeros(size, np.int64)
    used = 0
    # the beam: positions and their history rows
    b0 = np.empty(width, np.uint64)
    b1 = np.empty(width, np.uint64)
    bp = np.empty(width, np.int64)
    bh = np.empty(width, np.int64)
    br = np.empty(width, np.int64)
    bid = np.empty(width, np.int64)
    nbm = 1
    b0[0], b1[0], bp[0], bh[0], br[0], bid[0] = r0, r1, ptr, hh, rnd, -1
    k0, k1 = b0[0], b1[0]
    if prm[P_PRUNE_TWINS]:
        k0, k1 = twin_key(b0[0], b1[0], bp[0], prm, rank, tal)
    insert(t0, t1, tm, k0, k1, _meta(bp[0], bh[0], br[0], 0, prm))
    used += 1
    # the kept positions' history: parent row and move
    hcap = 64 * width
    hpar = np.empty(hcap, np.int64)
    hmv = np.empty((hcap, 3), np.int64)
    nh = 0
    # a level's children
    ccap = 16 * width + 2 * prm[k.P_MAXMV]
    c0 = np.empty(ccap, np.uint64)
    c1 = np.empty(ccap, np.uint64)
    cp = np.empty(ccap, np.int64)
    ch = np.empty(ccap, np.int64)
    cr = np.empty(ccap, np.int64)
    cpar = np.empty(ccap, np.int64)
    ck = np.empty(ccap, np.int64)
    ca = np.empty(ccap, np.int64)
    cb = np.empty(ccap, np.int64)
    cv = np.empty(ccap, np.int64)
    mv = np.empty((prm[k.P_MAXMV] + 1, 3), np.int64)
    ctx = np.zeros(NCTX, np.int64)
    nodes = 0
    level = 0
    line = np.empty((0, 3), np.int64)
    while True:
        nc = 0
        for i in range(nbm):
            r0, r1, ptr, hh, rnd = b0[i], b1[i], bp[i], bh[i], br[i]
            n = children(r0, r1, ptr, hh, rnd, prm, rank, match, alone, lonely, cov, cl,
                         part, bef, scratch, mv, 0, ctx)
            if nc + n > ccap:
                c0, c1, cp, ch, cr = (_grow(c0, nc), _grow(c1, nc), _grow(cp, nc),
                                      _grow(ch, nc), _grow(cr, nc))
                cpar, ck, ca, cb, cv = (_grow(cpar, nc), _grow(ck, nc), _grow(ca, nc),
                                        _grow(cb, nc), _grow(cv, nc))
                ccap = c0.shape[0]
            for j in range(n):
                kind, a, b = mv[j, 0], mv[j, 1], mv[j, 2]
                s0, s1, sp, sh, sr = play(r0, r1, ptr, hh, rnd, kind, a, b, prm, rank,
                                          match, goal)
                q0, q1 = s0, s1
                if prm[P_PRUNE_TWINS]:
                    q0, q1 = twin_key(s0, s1, sp, prm, rank, tal)
                if (used + 1) * 8 > t0.shape[0] * 5:
                    t0, t1, tm = grown(t0, t1, tm, 2 * t0.shape[0])
                if not insert(t0, t1, tm, q0, q1, _meta(sp, sh, sr, 0, prm)):
                    continue
                used += 1
                nodes += 1
                if not _cut(s0, s1, sp, sh, sr, kind, a, b, ptr, level == 0, prm, rank,
                            must, part, bef, tal, ords, olen, of_rank, classes, onit, nb,
                            cls):
                    if is_won(s0, s1, sp, sh, prm, rank, match, goal):
                        depth = 1
                        h = bid[i]
                        while h >= 0:
                            depth += 1
                            h = hpar[h]
                        line = np.empty((depth, 3), np.int64)
                        line[depth - 1, 0], line[depth - 1, 1], line[depth - 1, 2] = kind, a, b
                        h = bid[i]
                        d = depth - 2
                        while h >= 0:
                            line[d, 0], line[d, 1], line[d, 2] = hmv[h, 0], hmv[h, 1], hmv[h, 2]
                            d -= 1
                            h = hpar[h]
                        return B_WON, nodes, line
                    c0[nc], c1[nc], cp[nc], ch[nc], cr[nc] = s0, s1, sp, sh, sr
                    cpar[nc], ck[nc], ca[nc], cb[nc] = bid[i], kind, a, b
                    cv[nc] = _value(s0, s1, sp, sr, prm, must, part, bef, tal, wts)
                    nc += 1
                if nodes >= budget:
                    return B_LIMIT, nodes, line
        if nc == 0:
            return B_EMPTY, nodes, line
        keep = np.argsort(-cv[:nc], kind="mergesort")  # stable: ties in the order made
        nbm = min(width, nc)
        if nh + nbm > hcap:
            hpar = _grow(hpar, nh)
            more = np.empty((hpar.shape[0], 3), np.int64)
            more[:nh] = hmv[:nh]
            hmv = more
            hcap = hpar.shape[0]
        for i in range(nbm):
            c = keep[i]
            b0[i], b1[i], bp[i], bh[i], br[i] = c0[c], c1[c], cp[c], ch[c], cr[c]
            hpar[nh] = cpar[c]
            hmv[nh, 0], hmv[nh, 1], hmv[nh, 2] = ck[c], ca[c], cb[c]
            bid[i] = nh
            nh += 1
        level += 1


#: nodes the beams must have run before their rate sets a beam's budget under a time
#: limit (the first, narrow beams take a few thousand nodes, a few ms: the kernel's
#: TIMED_CHUNK), and the margin on that rate
RATED_AFTER, RATE_MARGIN = k.TIMED_CHUNK, 0.9


def _nodes_in(seconds: float, nodes: int, spent: float) -> int | None:
    """How many nodes the next beam may take to end within ``seconds`` of CPU, at the
    rate the beams so far ran (``nodes`` in ``spent`` seconds); ``None`` before they
    have a rate. A beam cannot pause to look at the clock, so its budget is cut to the
    time left instead."""
    if nodes < RATED_AFTER or spent <= 0:
        return None
    return max(1, int(RATE_MARGIN * seconds * nodes / spent))


def seek(tables: Tables, board: Board, prune: Collection[str], budget: int,
         time_limit: float | None, t0: float, widths: Sequence[int] | None = None,
         weights: Sequence[Sequence[int]] | None = None) -> Found:
    """Beams of each of ``widths`` (:data:`WIDTHS`) in turn, each width with each of
    the weight sets ``weights`` (:data:`WEIGHTS`), from ``board`` (one waste) while
    nodes of ``budget`` are left (and CPU time of ``time_limit`` since ``t0``: each
    beam's budget cut to the nodes the time left allows at the beams' rate so far, and
    a beam stopped by that cut ends the seeking, ``unknown`` for ``time``):
    ``winnable`` with the first line found, else ``unknown``; the nodes
    of all beams. The prunings of ``prune`` cut children as in the DFS."""
    prm = search_prm(tables, prune, time_limit, 0)
    prm[k.P_ORDER] = 0  # the beam ranks positions, not moves
    sets = [np.array(w, np.int64) for w in (WEIGHTS if weights is None else weights)]
    r0, r1, ptr, hh, rnd, _ = tables.position(board)
    nodes = 0
    began = time.process_time()
    for width in WIDTHS if widths is None else widths:
        for wts in sets:
            if nodes >= budget:
                break
            allowed = budget - nodes
            timed = None
            if time_limit is not None:
                now = time.process_time()
                left = time_limit - (now - t0)
                if left <= 0:
                    return Found("unknown", (), nodes, nodes, "time")
                timed = _nodes_in(left, nodes, now - began)
            cut = timed is not None and timed < allowed
            if timed is not None and cut:
                allowed = timed
            status, spent, line = beam_run(
                width, allowed, np.uint64(r0), np.uint64(r1), ptr, hh, rnd, prm,
                tables.rank, tables.match, tables.alone, tables.lonely, tables.cov,
                tables.cl, tables.goal, tables.must, tables.part, tables.bef, tables.tal,
                tables.ords, tables.olen, tables.of_rank, tables.classes, tables.onit,
                tables.nb, tables.cls, tables.scratch, wts)
            nodes += int(spent)
            if status == B_LIMIT and cut:
                return Found("unknown", (), nodes, nodes, "time")
            if status == B_WON:
                return Found("winnable", tuple(to_play(*m) for m in line), nodes, nodes)
    return Found("unknown", (), nodes, nodes, "nodes")
