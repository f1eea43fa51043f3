"""The optimal solver: the fewest moves to a goal, and the most a line can reach.

:func:`shortest` runs A* (:mod:`pyramids.engines.optimal.kernel`) from a deal or a position to
the nearest position that meets a goal (the pyramid clear, every card gone, MSC's score
at a target, N cards of a rank gone); :func:`most` finds the highest MSC score, or the
most cards of a rank (with or without the pyramid clear), any line can reach. Both
replay the line they return with the referee. They answer ``found`` (the line, proven
shortest / best), ``none`` (no line reaches the goal: every position was searched), or
``limit`` (a node or time limit, or the memory cap, stopped the search: the proven lower
bound on the moves, or the best value seen, go with it).

The models of docs/rules.md with a stock (draw 1 or 3, any passes, each stock-waste
rule, a face-down or face-up top, PySolFC's automatic deals), a tableau or a bouquet,
with or without overlap. With automatic deals the moves counted are PySolFC's clicks.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from pyramids.core.deals import Deal
from pyramids.core.errors import VariantError
from pyramids.core.moves import Move, stock_words
from pyramids.core.referee import reach, replay, replayed
from pyramids.core.variants import Variant
from pyramids.engines.optimal import kernel as K
from pyramids.engines.search import core, to_moves
from pyramids.engines.search import root_state as classic_root
from pyramids.engines.search.tables import layout

__all__ = ["EndKind", "MaxKind", "Optimum", "Relaxed", "gone", "most", "open_relaxation",
           "relaxed_cards", "relaxed_never", "relaxed_score", "shortest"]

#: what A* stops at (the answers' Goal is the question a player asks; this, the end it
#: searches for): a clear pyramid, every card gone, a score, N cards of a rank (and the board)
EndKind = Literal["board", "all", "score", "cards", "cards-board"]
MaxKind = Literal["score", "cards", "cards-board"]
_GOALS = {"board": K.G_BOARD, "all": K.G_ALL, "score": K.G_SCORE, "cards": K.G_CARDS,
          "cards-board": K.G_CARDS_BOARD}
_MAX = {"score": K.V_SCORE, "cards": K.V_CARDS, "cards-board": K.V_CARDS_BOARD}
#: the node store starts with this many nodes and doubles up to MAX_NODES: some
#: 52 bytes a node with its queue entries and the hash table, so at most ~600 MiB and the
#: process under 1 GiB (a search that needs more stops: "memory cap reached")
START_NODES = 1 << 16
MAX_NODES = 12_000_000
CHUNK = 1 << 14  # expansions per kernel call between time checks (a few milliseconds)
MAX_PASSES = 31  # passes the position key holds; 53 or more play as unlimited
#: the kernel's prunings and the bound (see :mod:`pyramids.engines.optimal.kernel`); tests switch
#: them off to check that none changes an answer ("bound" off: a breadth-first search)
PRUNINGS = ("king", "commute", "partner", "canon", "bound")
_FLAGS = {"king": K.O_KING, "commute": K.O_COMMUTE, "partner": K.O_PARTNER,
          "canon": K.O_CANON, "bound": K.O_HEUR}


@dataclass(frozen=True)
class Optimum:
    """What one search found.

    ``status``: ``found`` (``moves`` reaches the goal, in the fewest moves for
    :func:`shortest`; for :func:`most`, ``value`` is the proven best and ``moves`` a line
    to it, not the shortest), ``none`` (no position meeting the goal is reachable), or
    ``limit``. ``lower``: :func:`shortest`'s proven lower bound on the moves (the
    length itself when found). ``value``: :func:`most`'s best value (a lower bound
    unless found). ``moves`` are from the position searched, not from the deal.
    """

    status: Literal["found", "none", "limit"]
    moves: tuple[Move, ...] = ()
    lower: int = 0
    value: int | None = None
    nodes: int = 0
    expanded: int = 0
    seconds: float = 0.0
    reason: str = ""


def _passes(variant: Variant) -> int:
    p = variant.passes
    if not variant.is_stock or p is None or p >= 53:
        return 0
    if p > MAX_PASSES:
        raise VariantError(f"the optimal solver takes 1 to {MAX_PASSES} passes or "
                           f"unlimited, got {p}")
    return p


def _params(variant: Variant, prunings: Sequence[str] = PRUNINGS) -> npt.NDArray[np.int64]:
    lay = layout(variant.with_options(stock_top="face-down") if variant.face_up else variant)
    prm = np.zeros(K.NPARAMS, np.int64)
    prm[K.O_NPYR] = variant.pyramid_cards
    prm[K.O_REST] = int(lay.params[core.P_REST])
    prm[K.O_DRAW] = variant.draw or 0
    prm[K.O_PASSES] = _passes(variant)
    prm[K.O_SW] = int(lay.params[core.P_SW])
    prm[K.O_OVERLAP] = int(variant.overlap)
    prm[K.O_FACEUP] = int(variant.face_up)
    prm[K.O_OBJPYR] = int(variant.objective == "pyramid")
    prm[K.O_AUTO] = int(variant.auto_deal)
    unknown = set(prunings) - set(PRUNINGS)
    if unknown:
        raise ValueError(f"unknown pruning {sorted(unknown)}: choose from {PRUNINGS}")
    for name, flag in _FLAGS.items():
        prm[flag] = int(name in prunings)
    return prm


def _row_masks(variant: Variant) -> npt.NDArray[np.int64]:
    """Slot masks of the pyramid rows, the bottom row first (7 entries; empty beyond)."""
    out = np.zeros(7, np.int64)
    for i, r in enumerate(range(variant.rows, max(variant.rows - 7, 0), -1)):
        first = r * (r - 1) // 2
        out[i] = ((1 << r) - 1) << first
    return out


def root_key(deal: Deal, variant: Variant, start: Sequence[Move] = ()) -> int:
    """The kernel's key of the position after ``start`` (an illegal line raises
    :class:`~pyramids.core.errors.RefereeError` naming the step)."""
    limited = _passes(variant) > 0
    if not variant.face_up and not variant.auto_deal:
        rem, k, ps, _ = classic_root(deal, variant, start)
        return rem | (k << 52) | ((ps if limited else 1) << 58)
    if not start and not variant.opening and not variant.auto_deal:
        return 1 << 58  # nothing removed or drawn, the first pass
    r = reach(deal, variant, start)  # once per start (the check may have replayed it)
    return r.removed_slots(deal) | (r.pointer << 52) | ((r.pass_no if limited else 1) << 58)


def _table_size(cap: int) -> int:
    """Hash table entries for ``cap`` nodes: a power of two, at most half full."""
    return 1 << (2 * cap - 1).bit_length()


class _Store:
    """The node store, the hash table and the queue of one search (grown on demand)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.nkey = np.zeros(cap, np.int64)
        self.nrem = np.zeros(cap, np.int64)
        self.ng = np.zeros(cap, np.int32)
        self.nh = np.zeros(cap, np.int32)
        self.npar = np.zeros(cap, np.int32)
        self.nma = np.zeros(cap, np.int8)
        self.nmb = np.zeros(cap, np.int8)
        self.nclosed = np.zeros(cap, np.uint8)
        self.htab = np.full(_table_size(cap), -1, np.int32)
        self.enode = np.zeros(cap + cap // 2, np.int32)
        self.enext = np.zeros(cap + cap // 2, np.int32)

    def grow(self, used: int, entries: int) -> bool:
        if self.cap >= MAX_NODES:
            return False
        cap = min(self.cap * 2, MAX_NODES)
        for name in ("nkey", "nrem", "ng", "nh", "npar", "nma", "nmb", "nclosed"):
            old = getattr(self, name)
            new = np.zeros(cap, old.dtype)
            new[:used] = old[:used]
            setattr(self, name, new)
        for name in ("enode", "enext"):
            old = getattr(self, name)
            new = np.zeros(cap + cap // 2, old.dtype)
            new[:entries] = old[:entries]
            setattr(self, name, new)
        self.htab = np.full(_table_size(cap), -1, np.int32)
        K.rehash(self.nkey, used, self.htab)
        self.cap = cap
        return True


def _anc(variant: Variant) -> npt.NDArray[np.int64]:
    return layout(variant.with_options(stock_top="face-down") if variant.face_up
                  else variant).anc


def _deal_arrays(deal: Deal, variant: Variant) -> tuple[npt.NDArray[np.int64], ...]:
    lay = layout(variant.with_options(stock_top="face-down") if variant.face_up else variant)
    cards = np.array(deal.cards, np.int64)
    val = np.zeros(52, np.int64)
    canpair = np.zeros(52, np.int64)
    byval = np.zeros((14, 4), np.int64)
    bq = np.zeros((14, 4), np.int64)
    core.prepare(cards, lay.blocked, lay.zone, val, canpair, byval, bq)
    return val, canpair, lay.cov, lay.zone, byval, bq, _row_masks(variant)


def _search(deal: Deal, variant: Variant, start: Sequence[Move], prm: npt.NDArray[np.int64],
            node_limit: int | None, time_limit: float | None,
            ) -> tuple[_Store, npt.NDArray[np.int64], str, float]:
    """Run one search to its end or a limit: (store, ctx, limit reason or "", seconds)."""
    t0 = time.perf_counter()
    key = root_key(deal, variant, start)
    arrays = _deal_arrays(deal, variant)
    val, canpair, cov, zone, byval, bq, rowmask = arrays
    store = _Store(START_NODES)
    ctx = np.zeros(K.NCTX, np.int64)
    heads = np.full(K.NBUCKETS, -1, np.int32)
    avail = np.zeros(64, np.int64)
    mv = np.zeros(2 * K.MAXMOVES, np.int64)
    scr = np.zeros(K.NSCR, np.int64)
    gad = np.zeros(K.GAD, np.int64)
    K.group_table(byval, canpair, variant.pyramid_cards, _anc(variant), gad)
    s = store
    K.root(prm, ctx, key, val, canpair, byval, rowmask, s.nkey, s.nrem, s.ng, s.nh, s.npar,
           s.nma, s.nmb, s.nclosed, s.htab, heads, s.enode, s.enext, scr, gad)
    reason = ""
    while ctx[K.C_STATUS] in (K.S_RUNNING, K.S_PAUSED, K.S_FULL):
        if ctx[K.C_STATUS] == K.S_FULL and not s.grow(int(ctx[K.C_NODES]),
                                                     int(ctx[K.C_ENTRIES])):
            reason = f"memory cap reached ({s.cap:,} positions)"
            break
        if node_limit is not None and ctx[K.C_EXPANDED] >= node_limit:
            reason = f"node limit {node_limit} reached"
            break
        if time_limit is not None and time.perf_counter() - t0 >= time_limit:
            reason = f"time limit {time_limit:.3g} s reached"
            break
        budget = CHUNK if time_limit is not None else 1 << 30
        if node_limit is not None:
            budget = min(budget, node_limit - int(ctx[K.C_EXPANDED]))
        prm[K.O_BUDGET] = budget
        ctx[K.C_STATUS] = K.S_RUNNING
        K.run(prm, ctx, val, canpair, cov, zone, byval, bq, rowmask, s.nkey, s.nrem, s.ng,
              s.nh, s.npar, s.nma, s.nmb, s.nclosed, s.htab, heads, s.enode, s.enext, avail,
              mv, scr, gad)
        if ctx[K.C_STATUS] == K.S_DEPTH:
            reason = "a line longer than the queue holds"
            break
    return s, ctx, reason, time.perf_counter() - t0


def _line(deal: Deal, variant: Variant, store: _Store, node: int) -> tuple[Move, ...]:
    path: list[tuple[int, int]] = []
    while node > 0:
        path.append((int(store.nma[node]), int(store.nmb[node])))
        node = int(store.npar[node])
    return tuple(to_moves(deal, path[::-1], stock_words(variant.msc_words)))


def _goal_params(variant: Variant, goal: EndKind, target: int, rank: int,
                 prunings: Sequence[str] = PRUNINGS) -> npt.NDArray[np.int64]:
    prm = _params(variant, prunings)
    prm[K.O_MODE] = K.MODE_ASTAR
    prm[K.O_GOAL] = _GOALS[goal]
    prm[K.O_TARGET] = target
    return prm


def _slot_rank_mask(deal: Deal, rank: int) -> int:
    return sum(1 << s for s, c in enumerate(deal.cards) if c % 13 + 1 == rank)


def shortest(deal: Deal, variant: Variant, goal: EndKind, *, target: int = 0,
             rank: int = 0, start: Sequence[Move] = (), node_limit: int | None = None,
             time_limit: float | None = None, prunings: Sequence[str] = PRUNINGS,
             ceiling: int | None = None, rows: int | None = None,
             max_moves: int | None = None, never: int = 0) -> Optimum:
    """The fewest moves from the position after ``start`` to one meeting ``goal``:
    ``board`` (the pyramid clear), ``all`` (every card gone), ``score`` (MSC's score at
    least ``target``), ``cards`` (at least ``target`` cards of value ``rank`` gone),
    ``cards-board`` (that, and the pyramid clear). The line found is replayed by the
    referee from the deal (``start`` first). ``ceiling``: a score no line from here can
    pass, proven by the caller (it sharpens the score's bound); ``rows``: the most rows
    (from the bottom) a line can clear, proven by the caller. ``max_moves``: look no
    further (``none`` then says no line of at most that many moves reaches the goal).
    ``never``: pyramid slots (a mask) the caller proved no line removes
    (:func:`relaxed_never`)."""
    prm = _goal_params(variant, goal, target, rank, prunings)
    prm[K.O_NEVER] = never
    prm[K.O_FMAX] = max_moves if max_moves is not None else 0
    prm[K.O_CAP] = ceiling or 0
    prm[K.O_ROWCAP] = 0 if rows is None else rows + 1
    prm[K.O_RANK] = _slot_rank_mask(deal, rank) if rank else 0
    store, ctx, reason, secs = _search(deal, variant, start, prm, node_limit, time_limit)
    nodes, expanded = int(ctx[K.C_NODES]), int(ctx[K.C_EXPANDED])
    status = int(ctx[K.C_STATUS])
    if status == K.S_FOUND and not reason:
        moves = _line(deal, variant, store, int(ctx[K.C_FOUND]))
        _check(deal, variant, tuple(start), moves, goal, target, rank)
        return Optimum("found", moves, len(moves), None, nodes, expanded, secs)
    if status == K.S_EXHAUSTED and not reason:
        within = f" within {max_moves} moves" if max_moves else ""
        return Optimum("none", (), 0, None, nodes, expanded, secs,
                       f"every reachable position{within} searched ({nodes:,})")
    return Optimum("limit", (), int(ctx[K.C_FBOUND]), None, nodes, expanded, secs,
                   reason or "stopped")


def most(deal: Deal, variant: Variant, what: MaxKind, *, rank: int = 0,
         start: Sequence[Move] = (), stop_at: int | None = None,
         node_limit: int | None = None, time_limit: float | None = None,
         ceiling: int | None = None, rows: int | None = None, never: int = 0) -> Optimum:
    """The most a position reachable from the one after ``start`` holds: MSC's
    ``score``, ``cards`` of value ``rank`` gone, or ``cards-board`` (that, with the
    pyramid clear; ``value`` -1 when the pyramid cannot be cleared). ``stop_at``: stop
    as soon as a position holds that much (``found``, ``value`` at least ``stop_at``,
    not the best). ``moves``: a line to the best position seen (not the shortest).
    ``ceiling``: a score no line from here can pass, ``rows``: the most rows a line can
    clear, both proven by the caller; ``never``: pyramid slots no line removes."""
    prm = _params(variant)
    prm[K.O_NEVER] = never
    prm[K.O_CAP] = ceiling or 0
    prm[K.O_ROWCAP] = 0 if rows is None else rows + 1
    prm[K.O_MODE] = K.MODE_MAX
    prm[K.O_GOAL] = _MAX[what]
    prm[K.O_RANK] = _slot_rank_mask(deal, rank) if rank else 0
    prm[K.O_KING] = 0
    if stop_at is not None:
        node_cap = node_limit
        # the search itself stops once nothing can beat the best; here also at stop_at
        store, ctx, reason, secs = _search_until(deal, variant, start, prm, node_cap,
                                                 time_limit, stop_at)
    else:
        store, ctx, reason, secs = _search(deal, variant, start, prm, node_limit,
                                           time_limit)
    nodes, expanded = int(ctx[K.C_NODES]), int(ctx[K.C_EXPANDED])
    best = int(ctx[K.C_BEST])
    moves = _line(deal, variant, store, int(ctx[K.C_BESTNODE])) if best >= 0 else ()
    if moves:
        _check_value(deal, variant, tuple(start), moves, what, rank, best)
    reached = stop_at is not None and best >= stop_at
    if (int(ctx[K.C_STATUS]) == K.S_EXHAUSTED and not reason) or reached:
        return Optimum("found", moves, 0, best, nodes, expanded, secs)
    return Optimum("limit", moves, 0, best, nodes, expanded, secs, reason or "stopped")


def score_ceiling(deal: Deal, variant: Variant, start: Sequence[Move] = ()) -> int:
    """The most MSC's score can reach from the position after ``start``, by the bound the
    searches use (every removal still possible, every row still clearable)."""
    val, canpair, _cov, _zone, byval, _bq, rowmask = _deal_arrays(deal, variant)
    gad = np.zeros(K.GAD, np.int64)
    K.group_table(byval, canpair, variant.pyramid_cards, _anc(variant), gad)
    key = root_key(deal, variant, start)
    prm = _params(variant)
    k, ps = (key >> 52) & 63, (key >> 58) & 31
    return int(K._score_upper(key & K.FULL, k, ps, prm, val, canpair, byval, rowmask,
                              gad)[1])


@dataclass(frozen=True)
class Relaxed:
    """What the open relaxation proves of MSC's score: ``score``, the most any line can
    score; ``rows``, the most rows (from the bottom) any line can clear."""

    score: int
    rows: int
    nodes: int


def relaxed_score(deal: Deal, variant: Variant, *, time_limit: float | None = None,
                  ) -> Relaxed | None:
    """The best score of the deal's open relaxation: the same pyramid with the other cards
    all face up and free at every move (the open bouquet), which can play every line the
    stock allows, and more. So its best score bounds the deal's from above, from the deal
    and from every position reached from it (the score counts from the deal). None: the
    relaxation hit ``time_limit``."""
    if variant.rest != "stock" or variant.scoring != "msc":
        raise VariantError(f"the open relaxation bounds MSC's score in a stock game, "
                           f"not in {variant.name}")
    best = most(deal, open_relaxation(variant), "score", time_limit=time_limit)
    if best.status != "found" or best.value is None:
        return None
    return Relaxed(best.value, _rows_within(variant, best.value), best.nodes)


def open_relaxation(variant: Variant) -> Variant:
    """A stock game's open relaxation: the same pyramid and objective, every other card
    face up and free at every move (the open bouquet). Every line of the stock game is a
    line of it (each stock card it uses is free there too, two of them pair as any two
    bouquet cards), so what no line of it reaches, no line of the stock game does."""
    if variant.rest != "stock":
        raise VariantError(f"the open relaxation is that of a stock game, not of "
                           f"{variant.name}")
    return Variant(name=f"{variant.name}-open", rows=variant.rows, rest="bouquet",
                   draw=None, passes=None, stock_waste=None, overlap=variant.overlap,
                   objective=variant.objective,
                   scoring="msc" if variant.scoring == "msc" else "none")


def relaxed_cards(deal: Deal, variant: Variant, rank: int, *, board: bool = False,
                  stop_at: int | None = None, time_limit: float | None = None,
                  ) -> int | None:
    """The most cards of value ``rank`` a line of the open relaxation
    (:func:`open_relaxation`) discards (``board``: with the pyramid clear, -1 when the
    relaxation cannot clear it): no line of the stock game discards more, from the deal
    or from any position reached from it (the count is from the deal). ``stop_at``: stop
    once that many are found (the answer is then at least ``stop_at``, not the most).
    None: ``time_limit`` ran out first."""
    best = most(deal, open_relaxation(variant), "cards-board" if board else "cards",
                rank=rank, stop_at=stop_at, time_limit=time_limit)
    if best.status != "found" or best.value is None:
        return None
    return best.value


def relaxed_never(deal: Deal, variant: Variant, *, time_limit: float | None = None) -> int:
    """The pyramid slots (a mask) no line of the open relaxation (:func:`open_relaxation`)
    removes, so no line of the stock game either, from the deal or any position reached
    from it: A* in the relaxation for each slot's removal, from the bottom row up (a
    card under one that never goes never goes), the top card first (when it can go,
    every card can). What ``time_limit`` leaves unproven counts as removable."""
    open_game = open_relaxation(variant)
    anc = _anc(variant)
    t0 = time.perf_counter()

    def never_goes(slot: int) -> bool:
        left = None if time_limit is None else time_limit - (time.perf_counter() - t0)
        if left is not None and left <= 0:
            return False
        prm = _goal_params(open_game, "cards", 1, 0)
        prm[K.O_RANK] = 1 << slot
        _, ctx, reason, _ = _search(deal, open_game, (), prm, None, left)
        return int(ctx[K.C_STATUS]) == K.S_EXHAUSTED and not reason

    if not never_goes(0):
        return 0
    never = 1
    for p in range(variant.pyramid_cards - 1, 0, -1):
        if int(anc[p]) & never or never_goes(p):
            never |= 1 << p
    return never


def _rows_within(variant: Variant, score: int) -> int:
    """The most rows a line scoring at most ``score`` can clear: clearing the bottom j rows
    earns their bonus and takes a removal per two of their cards at least."""
    rows = 0
    bonus = 0
    cards = 0
    for j in range(1, min(variant.rows, 7) + 1):
        bonus += int(K.MSC_ROW_BONUS[j - 1])
        cards += variant.rows - j + 1
        if bonus + 5 * ((cards + 1) // 2) > score:
            break
        rows = j
    return rows


def _search_until(deal: Deal, variant: Variant, start: Sequence[Move],
                  prm: npt.NDArray[np.int64], node_limit: int | None,
                  time_limit: float | None, stop_at: int,
                  ) -> tuple[_Store, npt.NDArray[np.int64], str, float]:
    """:func:`_search` in MODE_MAX, stopping early once the best seen reaches ``stop_at``
    (checked between kernel chunks)."""
    t0 = time.perf_counter()
    limit = CHUNK
    while True:
        left = None if time_limit is None else max(time_limit - (time.perf_counter() - t0),
                                                   1e-6)
        cap = limit if node_limit is None else min(limit, node_limit)
        store, ctx, reason, _ = _search(deal, variant, start, prm.copy(), cap, left)
        done = int(ctx[K.C_STATUS]) == K.S_EXHAUSTED and not reason
        if done or int(ctx[K.C_BEST]) >= stop_at or (node_limit is not None and
                                                     cap >= node_limit) or (
                reason and not reason.startswith("node limit")):
            return store, ctx, reason, time.perf_counter() - t0
        limit *= 4


def _check(deal: Deal, variant: Variant, start: tuple[Move, ...], moves: tuple[Move, ...],
           goal: EndKind, target: int, rank: int) -> None:
    """Replay ``start + moves`` (the referee's one replay of the line, which the answer
    giving it reads too) and check that the position reached meets the goal."""
    end = replayed(deal, variant, (*start, *moves))
    if goal == "board":
        ok = end.pyramid_left == 0
    elif goal == "all":
        ok = end.cards_left == 0
    elif goal == "score":
        ok = end.msc_score >= target
    else:
        ok = gone(end.removed, rank) >= target and (goal == "cards" or end.pyramid_left == 0)
    if not ok:
        raise AssertionError(f"optimal: the line found does not reach the goal {goal}")
    if goal in ("board", "all") and variant.objective == ("pyramid" if goal == "board"
                                                          else "all") and not end.won:
        replay(deal, variant, (*start, *moves), require_win=True)  # (raises, naming why)


def gone(removed: int, rank: int) -> int:
    """The cards of ``rank`` (1-13) in ``removed``, a replay's mask of the cards gone."""
    return sum(1 for s in range(4) if removed >> (s * 13 + rank - 1) & 1)


def _check_value(deal: Deal, variant: Variant, start: tuple[Move, ...],
                 moves: tuple[Move, ...], what: MaxKind, rank: int, value: int) -> None:
    end = replayed(deal, variant, (*start, *moves))
    got = end.msc_score if what == "score" else gone(end.removed, rank)
    if what == "cards-board" and end.pyramid_left:
        got = -1
    if got != value:
        raise AssertionError(f"optimal: the best line holds {got}, the search said {value}")
