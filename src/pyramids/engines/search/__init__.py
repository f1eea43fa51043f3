"""The exact search solver: ``solve(deal, variant) -> Verdict`` (engine ``"search"``).

A depth-first search with a transposition table, compiled with numba (see
:mod:`pyramids.engines.search.core` for the state, the key and the prunings). Every
variant of docs/rules.md is covered. Answers:

* ``winnable`` with a solution that :func:`pyramids.core.referee.replay` has checked;
* ``blocked`` with an ``exhaustive`` certificate (the node count) when every
  reachable position was searched;
* ``unknown`` when the node or time limit was hit, or the bounded search stack
  overflowed; never ``blocked`` on a guess.

Par scoring: the search visits every reachable position and keeps the best Par
score (``Verdict.score``) and a line reaching it (``Verdict.moves``, replayed by
the referee). The status is ``winnable`` iff a line discards all 52 cards; the
moves are still those of the best-scoring line, which may stop short of a win
when clearing the pyramid earlier scores more.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from pyramids.core.cards import Card
from pyramids.core.deals import Deal
from pyramids.core.moves import DEAL, REDEAL, Move
from pyramids.core.referee import bouquet_line_wins, reach, replay
from pyramids.core.variants import Variant
from pyramids.core.verdict import Certificate, EngineRun, Verdict
from pyramids.engines import autodeal, faceup
from pyramids.engines.search import batch, core
from pyramids.engines.search.tables import layout

__all__ = ["PRUNINGS", "Searcher", "relaxation", "solve"]

ENGINE = "search"
PRUNINGS = ("king", "matching", "partner", "lifo", "bouquet", "commute", "order", "waste")
TABLE_BITS = 22  # at most 4M entries: 64 MiB (keys + generations), 32 MiB spare
MAX_DEPTH = 4096
CHUNK = 1 << 20  # nodes per kernel call without a time limit
TIMED_CHUNK = 1 << 15  # nodes per kernel call between time checks (a few ms)
PAR_BOUND = True  # Par scoring: cut lines that cannot beat the best score (Searcher.solve)
PATH_ROOM = 128  # solution moves kept per deal of a batch, on average (more: solve())
CARDS = tuple(Card(c) for c in range(52))


def _move_table() -> list[Move]:
    """Every core move by its ``batch.move_id`` (discards as ``to_moves`` makes them)."""
    table: list[Move] = [DEAL] * (batch.ID_REDEAL + 1)
    for a in range(52):
        table[a * 53] = Move.discard(CARDS[a])
        for b in range(52):
            if b != a:
                table[a * 53 + b + 1] = Move.discard(CARDS[a], CARDS[b])
    table[batch.ID_DEAL] = DEAL
    table[batch.ID_REDEAL] = REDEAL
    return table


MOVES = _move_table()


@dataclass(frozen=True)
class BatchResult:
    """What :meth:`Searcher.run_many` leaves per deal: kernel status (``core.S_*``), nodes,
    pruning counters (``batch.CNT_*`` columns), solution length, and where its move ids
    (``MOVES`` indices) start in ``moves`` (-1: no room, solve the deal alone)."""

    status: np.ndarray
    nodes: np.ndarray
    counters: np.ndarray
    depth: np.ndarray
    offset: np.ndarray
    moves: np.ndarray


@dataclass
class Searcher:
    """Reusable work arrays (stack, transposition table) for one thread.

    ``prunings``: the names in :data:`PRUNINGS` to use (all by default); tests
    switch them off to check that none of them cuts a winnable position.
    """

    table_bits: int = TABLE_BITS
    prunings: tuple[str, ...] = PRUNINGS
    max_depth: int = MAX_DEPTH
    _arrays: dict[str, np.ndarray] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        unknown = set(self.prunings) - set(PRUNINGS)
        if unknown:
            raise ValueError(f"unknown pruning {sorted(unknown)}: choose from {PRUNINGS}")
        size = 1 << self.table_bits
        md = self.max_depth
        a = self._arrays
        a["table"] = np.zeros(2 * size, np.int64)  # (key, generation) pairs
        a["table"].fill(0)  # touch the pages now, not at random during the first searches
        a["spare"] = np.zeros(size, np.int64)  # keys while the table in use grows
        a["st"] = np.zeros((md + 1, core.STW), np.int64)
        a["mva"] = np.zeros((md + 1, core.MAXMV), np.int8)
        a["mvb"] = np.zeros((md + 1, core.MAXMV), np.int8)
        a["mvn"] = np.zeros(md + 1, np.int64)
        a["mvi"] = np.zeros(md + 1, np.int64)
        a["bestpath"] = np.zeros((md + 1, 2), np.int8)
        a["avail"] = np.zeros(core.NSCRATCH, np.int64)  # move, matching, pair scratch
        a["ctx"] = np.zeros(core.NCTX, np.int64)
        a["val"] = np.zeros(52, np.int64)
        a["canpair"] = np.zeros(52, np.int64)
        a["byval"] = np.zeros((14, 4), np.int64)
        a["bq"] = np.zeros((14, 4), np.int64)
        a["cards"] = np.zeros(52, np.int64)
        self._gen = 0

    def _next_gen(self) -> int:
        """A generation no entry of the table carries yet (a search may have taken
        several, see ``core._grow``); int64 stamps never wrap in practice."""
        self._gen = max(self._gen, int(self._arrays["ctx"][core.C_GEN])) + 1
        return self._gen

    def solve(self, deal: Deal, variant: Variant, *, start: Sequence[Move] = (),
              node_limit: int | None = None, time_limit: float | None = None,
              bound: bool = PAR_BOUND) -> Verdict:
        """Search ``deal`` under ``variant``; see the module docstring for the answers.

        ``start``: legal moves from the deal; the search answers for the position after
        them (the puzzle grader asks this of every alternative move), and a solution is
        ``start`` followed by the line found, replayed by the referee from the deal.
        Raises :class:`~pyramids.core.errors.RefereeError` naming the step if ``start`` is
        not a legal line.

        ``bound`` (Par scoring): cut lines that cannot beat the best score found (see
        ``core.run``): the same best score and line, in fewer positions. Whether some
        line discards all 52 cards (the status) then comes from the unscored game,
        searched first; its certificate backs a ``blocked``. The puzzle grader turns
        the bound off: its node budgets were measured without it.

        A face-up stock top (MSC) is searched as the face-down game and the line
        translated back (:mod:`pyramids.engines.faceup`); PySolFC's talon (automatic deals, a
        King on it) as the manual game, the line translated into its clicks
        (:mod:`pyramids.engines.autodeal`).
        """
        if autodeal.translates(variant):
            return autodeal.solve_manual(self._solve_rules, deal, variant, start,
                                         node_limit=node_limit, time_limit=time_limit,
                                         bound=bound)
        return self._solve_rules(deal, variant, start=start, node_limit=node_limit,
                                 time_limit=time_limit, bound=bound)

    def _solve_rules(self, deal: Deal, variant: Variant, *, start: Sequence[Move] = (),
                     node_limit: int | None = None, time_limit: float | None = None,
                     bound: bool = PAR_BOUND) -> Verdict:
        """:meth:`solve` for a game without automatic deals."""
        if variant.face_up:
            return faceup.solve_face_down(self._solve_rules, deal, variant, start, ENGINE,
                                          node_limit=node_limit, time_limit=time_limit,
                                          bound=bound)
        if variant.scoring == "par" and bound:
            return self._solve_par_bounded(deal, variant, tuple(start), node_limit, time_limit)
        return self._solve(deal, variant, start=start, node_limit=node_limit,
                           time_limit=time_limit)

    def _solve_par_bounded(self, deal: Deal, variant: Variant, start: tuple[Move, ...],
                           node_limit: int | None, time_limit: float | None) -> Verdict:
        t0 = time.perf_counter()
        plain = self._solve(deal, variant.with_options(scoring="none"), start=start,
                            node_limit=node_limit, time_limit=time_limit)
        if plain.status == "unknown":
            return replace(plain, reason=f"{plain.reason} (unscored game, searched first)",
                           seconds=time.perf_counter() - t0)
        if node_limit is not None:
            node_limit -= plain.nodes
            if node_limit <= 0:
                return Verdict("unknown", ENGINE, nodes=plain.nodes,
                               seconds=time.perf_counter() - t0, deal_number=deal.number,
                               reason=f"node limit {node_limit + plain.nodes} reached")
        if time_limit is not None:
            time_limit = max(time_limit - (time.perf_counter() - t0), 1e-9)
        v = self._solve(deal, variant, start=start, node_limit=node_limit,
                        time_limit=time_limit, plain=plain)
        return replace(v, nodes=v.nodes + plain.nodes, seconds=time.perf_counter() - t0)

    def _params(self, variant: Variant) -> np.ndarray:
        """The kernel parameters of ``variant`` with this searcher's prunings."""
        prm = layout(variant).params.copy()
        prm[core.P_KING] = int("king" in self.prunings)
        prm[core.P_MATCH] = int("matching" in self.prunings)
        prm[core.P_PARTNER] = int("partner" in self.prunings)
        prm[core.P_LIFO] = int("lifo" in self.prunings)
        prm[core.P_BOUQUET] = int("bouquet" in self.prunings)
        prm[core.P_COMMUTE] = int("commute" in self.prunings)
        prm[core.P_ORDER] = int("order" in self.prunings)
        prm[core.P_WASTE] = int("waste" in self.prunings)
        prm[core.P_BOUND] = 0
        prm[core.P_MAXDEPTH] = self.max_depth
        return prm

    def run_many(self, cards: np.ndarray, idx: np.ndarray, variant: Variant,
                 budget: int | None = None) -> BatchResult:
        """The kernel on deals ``cards[idx]`` (rows of 52 card indices), one after the
        other, each from its start for at most ``budget`` nodes (``None``: no limit):
        the raw outcome per deal (see :func:`batch.search_many`). Not for Par scoring."""
        if variant.scoring == "par":
            raise ValueError("run_many does not do Par scoring: use solve()")
        a = self._arrays
        lay = layout(variant)
        prm = self._params(variant)
        n = len(idx)
        out = BatchResult(np.zeros(n, np.int64), np.zeros(n, np.int64),
                          np.zeros((n, batch.NCNT), np.int64), np.zeros(n, np.int64),
                          np.full(n, -1, np.int64), np.zeros(n * PATH_ROOM, np.int16))
        ctx = a["ctx"]
        ctx[core.C_GEN] = self._next_gen() - 1  # search_many takes the next one per deal
        batch.search_many(cards, idx, lay.cov, lay.zone, lay.blocked, lay.anc, prm,
                          budget if budget is not None else 1 << 62,
                          min(core.TABLE_START, 1 << self.table_bits),
                          a["val"], a["canpair"], a["byval"], a["bq"], ctx, a["st"], a["mva"],
                          a["mvb"], a["mvn"], a["mvi"], a["table"], a["spare"], a["bestpath"],
                          a["avail"], out.status, out.nodes, out.counters, out.depth,
                          out.offset, out.moves)
        self._gen = int(ctx[core.C_GEN])
        return out

    def solve_many(self, cards: np.ndarray, numbers: Sequence[int | None], variant: Variant,
                   budget: int | None = None, overhead: float = 0.0,
                   stage: str | None = None) -> list[Verdict | None]:
        """Verdicts for many deals from their start, as :meth:`solve` with ``node_limit=
        budget`` gives them (solutions replayed by the referee; ``unknown`` when the budget
        ran out), or ``None`` for a deal left undecided otherwise (stack depth, a path too
        long for the output): the caller solves those one by one. ``cards[i]``: deal
        ``i``'s 52 card indices, ``numbers[i]`` its number.

        ``seconds`` of each verdict is the batch's time shared out by node count (the
        kernel does not time single deals), plus its own Python work (replay) and
        ``overhead`` (the caller's share of work done before). With ``stage`` (the budget
        of a portfolio stage, in words), each verdict lists its run in ``engines`` as
        ``check``'s portfolio does for a search stage that settles the deal."""
        if autodeal.translates(variant):
            # PySolFC's talon: the manual game (with a face-up top, its face-down game);
            # each line translated into PySolFC's clicks, replayed move by move on the
            # way (the face-up line is checked by to_clicks, not twice)
            manual = autodeal.manual(variant)
            inner, down_start = faceup.face_down_root(manual) if manual.face_up \
                else (manual, ())
            found = self._solve_many_rules(cards, numbers, inner, budget, overhead, stage)
            out: list[Verdict | None] = []
            for i, v in enumerate(found):
                if v is not None and v.moves:
                    deal = Deal(tuple(map(CARDS.__getitem__, cards[i].tolist())), numbers[i])
                    line = faceup.to_face_up(deal, manual, v.moves, ((), down_start),
                                             check=False) if manual.face_up else v.moves
                    v = replace(v, moves=tuple(autodeal.to_clicks(
                        deal, variant, line, require_win=v.status == "winnable")))
                out.append(v)
            return out
        return self._solve_many_rules(cards, numbers, variant, budget, overhead, stage)

    def _solve_many_rules(self, cards: np.ndarray, numbers: Sequence[int | None],
                          variant: Variant, budget: int | None, overhead: float,
                          stage: str | None) -> list[Verdict | None]:
        """:meth:`solve_many` for a game without automatic deals."""
        if variant.face_up:
            # the face-down game from where solve() searches a face-up deal (its start
            # translated: MSC's shown top dealt into the hand), each line translated back
            inner, down_start = faceup.face_down_root(variant)
            found = self._solve_many_rules(cards, numbers, inner, budget, overhead, stage)
            return [v if v is None or not v.moves else replace(v, moves=tuple(
                faceup.to_face_up(Deal(tuple(map(CARDS.__getitem__, cards[i].tolist())),
                                       numbers[i]), variant, v.moves, ((), down_start))))
                    for i, v in enumerate(found)]
        t0 = time.perf_counter()
        n = len(numbers)
        res = self.run_many(cards, np.arange(n, dtype=np.int64), variant, budget)
        share = (time.perf_counter() - t0) / max(1, int(res.nodes.sum()) + n)
        statuses = res.status.tolist()
        all_nodes = res.nodes.tolist()
        counters = res.counters.tolist()
        depths = res.depth.tolist()
        offsets = res.offset.tolist()
        ids = res.moves[: max([0] + [o + d for o, d in zip(offsets, depths, strict=True)])
                        ].tolist()
        bouquet = variant.rest == "bouquet"  # the referee's fast check of whole lines
        verdicts: list[Verdict | None] = []
        for i in range(n):
            status = statuses[i]
            nodes = all_nodes[i]
            secs = share * (nodes + 1) + overhead
            if status == core.S_EXHAUSTED:
                cert = self.exhaustive(nodes, *counters[i])
                runs = () if stage is None else (
                    EngineRun(ENGINE, "blocked", secs, nodes, stage, "blocked"),)
                verdicts.append(Verdict("blocked", ENGINE, certificate=cert, nodes=nodes,
                                        seconds=secs, deal_number=numbers[i], engines=runs))
            elif status == core.S_FOUND and offsets[i] >= 0:
                t1 = time.perf_counter()
                row = cards[i].tolist()
                off = offsets[i]
                moves = [MOVES[x] for x in ids[off: off + depths[i]]]
                if not (bouquet and bouquet_line_wins(row, variant, moves)):
                    replay(Deal(tuple(map(CARDS.__getitem__, row)), numbers[i]), variant,
                           moves, require_win=True)
                secs += time.perf_counter() - t1
                runs = () if stage is None else (
                    EngineRun(ENGINE, "winnable", secs, nodes, stage, "winnable"),)
                verdicts.append(Verdict("winnable", ENGINE, tuple(moves), nodes=nodes,
                                        seconds=secs, deal_number=numbers[i], engines=runs))
            elif status == core.S_PAUSED and budget is not None:
                verdicts.append(Verdict("unknown", ENGINE, nodes=nodes, seconds=secs,
                                        reason=f"node limit {budget} reached",
                                        deal_number=numbers[i]))
            else:
                verdicts.append(None)
        return verdicts

    def _solve(self, deal: Deal, variant: Variant, *, start: Sequence[Move],
               node_limit: int | None, time_limit: float | None,
               plain: Verdict | None = None) -> Verdict:
        """One search; ``plain``: the unscored game's verdict, for a bounded Par search."""
        t0 = time.perf_counter()
        a = self._arrays
        lay = layout(variant)
        start = tuple(start)
        root = root_state(deal, variant, start)
        a["cards"][:] = deal.cards
        core.prepare(a["cards"], lay.blocked, lay.zone, a["val"], a["canpair"], a["byval"],
                     a["bq"])
        prm = self._params(variant)
        prm[core.P_BOUND] = int(plain is not None)
        ctx = a["ctx"]
        gen = self._next_gen()
        ctx[:] = 0
        ctx[core.C_ENTER] = 1
        ctx[core.C_BEST] = -1000
        ctx[core.C_GEN] = gen
        ctx[core.C_TSIZE] = min(core.TABLE_START, 1 << self.table_bits)
        st = a["st"]
        st[0, :5] = (*root, 0)
        while True:
            budget = CHUNK if time_limit is None else TIMED_CHUNK
            if node_limit is not None:
                budget = min(budget, node_limit - int(ctx[core.C_NODES]))
            prm[core.P_BUDGET] = budget
            core.run(a["val"], lay.cov, lay.zone, a["canpair"], a["byval"], a["bq"], prm, ctx,
                     st, a["mva"], a["mvb"], a["mvn"], a["mvi"], a["table"], a["spare"],
                     a["bestpath"], a["avail"], lay.anc)
            status = int(ctx[core.C_STATUS])
            nodes = int(ctx[core.C_NODES])
            if status != core.S_PAUSED:
                break
            if node_limit is not None and nodes >= node_limit:
                return self._unknown(deal, variant, nodes, t0,
                                     f"node limit {node_limit} reached")
            if time_limit is not None and time.perf_counter() - t0 >= time_limit:
                return self._unknown(deal, variant, nodes, t0,
                                     f"time limit {time_limit:.3g} s reached")
        if status == core.S_DEPTH:
            return self._unknown(deal, variant, nodes, t0,
                                 f"search deeper than {self.max_depth} moves")
        if variant.scoring == "par":
            return self._par_verdict(deal, variant, start, nodes, t0, plain)
        if status == core.S_FOUND:
            depth = int(ctx[core.C_DEPTH])
            mvi = a["mvi"]
            path = [(int(a["mva"][d, mvi[d] - 1]), int(a["mvb"][d, mvi[d] - 1]))
                    for d in range(depth)]
            moves = [*start, *to_moves(deal, path)]
            if not (variant.rest == "bouquet" and bouquet_line_wins(deal.cards, variant, moves)):
                replay(deal, variant, moves, require_win=True)
            return Verdict("winnable", ENGINE, tuple(moves), nodes=nodes,
                           seconds=time.perf_counter() - t0, deal_number=deal.number)
        return Verdict("blocked", ENGINE, certificate=self._certificate(nodes), nodes=nodes,
                       seconds=time.perf_counter() - t0, deal_number=deal.number)

    def _certificate(self, nodes: int) -> Certificate:
        ctx = self._arrays["ctx"]
        return self.exhaustive(nodes, int(ctx[core.C_PRUNED_MATCH]), int(ctx[core.C_PRUNED_KING]),
                                int(ctx[core.C_PRUNED_PARTNER]), int(ctx[core.C_PRUNED_BOUND]),
                                int(ctx[core.C_TABLE_MISS]), int(ctx[core.C_PRUNED_ORDER]))

    def exhaustive(self, nodes: int, matching: int, king: int, partner: int, bound: int,
                   misses: int, order: int) -> Certificate:
        """The certificate of a search that exhausted every reachable position: its
        ``nodes`` and what each pruning cut (a row of :meth:`run_many`'s ``counters``)."""
        used = ", ".join(self.prunings) or "none"
        return Certificate(
            "exhaustive",
            f"every reachable position searched ({nodes} nodes; sound prunings: {used}): "
            "no line of play wins",
            {"nodes": nodes, "prunings": list(self.prunings),
             "pruned_matching": matching, "pruned_king": king, "pruned_partner": partner,
             "pruned_bound": bound, "pruned_order": order, "table_misses": misses})

    def _par_verdict(self, deal: Deal, variant: Variant, start: tuple[Move, ...], nodes: int,
                     t0: float, plain: Verdict | None) -> Verdict:
        a = self._arrays
        ctx = a["ctx"]
        best = int(ctx[core.C_BEST])
        n = int(ctx[core.C_BESTLEN])
        path = [(int(a["bestpath"][d, 0]), int(a["bestpath"][d, 1])) for d in range(n)]
        moves = [*start, *to_moves(deal, path)]
        result = replay(deal, variant, moves, require_win=False)
        if result.score != best:
            raise AssertionError(f"search: par line scores {result.score}, expected {best}")
        won = bool(ctx[core.C_WINSEEN]) if plain is None else plain.status == "winnable"
        if won:
            return Verdict("winnable", ENGINE, tuple(moves), score=best, nodes=nodes,
                           seconds=time.perf_counter() - t0, deal_number=deal.number,
                           reason="" if result.won else "best Par score line stops short of a win")
        certificate = self._certificate(nodes) if plain is None else plain.certificate
        return Verdict("blocked", ENGINE, tuple(moves), certificate=certificate,
                       score=best, nodes=nodes, seconds=time.perf_counter() - t0,
                       deal_number=deal.number)

    def _unknown(self, deal: Deal, variant: Variant, nodes: int, t0: float,
                 reason: str) -> Verdict:
        score = None
        if variant.scoring == "par" and self._arrays["ctx"][core.C_BEST] > -1000:
            score = int(self._arrays["ctx"][core.C_BEST])
        return Verdict("unknown", ENGINE, nodes=nodes, seconds=time.perf_counter() - t0,
                       reason=reason, score=score, deal_number=deal.number)


def root_state(deal: Deal, variant: Variant,
               start: Sequence[Move]) -> tuple[int, int, int, int]:
    """The kernel's ``(removed slots, k, pass, cleared)`` after ``start`` (see ``core``),
    which follows the variant's opening deals.

    ``start`` is played by the rules engine (:func:`pyramids.core.referee.reach`, once per
    start however many searches ask), so an illegal line raises
    :class:`~pyramids.core.errors.RefereeError` naming the step, as the referee does.
    """
    if not start:
        return 0, variant.opening_dealt, 1, 0
    r = reach(deal, variant, start)
    limited = int(layout(variant).params[core.P_PASSES]) > 0
    ps = r.pass_no if limited else 1
    cleared = (r.cleared_pass or 0) if variant.scoring == "par" else 0
    return r.removed_slots(deal), r.pointer, ps, cleared


def to_moves(deal: Deal, path: Sequence[tuple[int, int]],
             words: tuple[Move, Move] = (DEAL, REDEAL)) -> list[Move]:
    """Kernel moves (slot pairs and codes) as core moves; ``words``: the moves the deal
    and redeal codes stand for (:func:`pyramids.core.moves.stock_words`). The optimal
    solver's kernel writes its moves with the same codes."""
    deal_move, redeal_move = words
    out: list[Move] = []
    for a, b in path:
        if a == core.MOVE_DEAL:
            out.append(deal_move)
        elif a == core.MOVE_REDEAL:
            out.append(redeal_move)
        elif b < 0:
            out.append(Move.discard(Card(deal.cards[a])))
        else:
            out.append(Move.discard(Card(deal.cards[a]), Card(deal.cards[b])))
    return out


def relaxation(variant: Variant) -> Variant:
    """The game of the ``structural`` certificate: ``variant``'s pyramid (rows, overlap)
    with every other card face up and free (a bouquet), won once the pyramid is clear.

    A deal is blocked there exactly when the CP-SAT open model of the pyramid
    (``certificates.structural_certificate``) is infeasible: both ask whether the pyramid
    can be cleared when any card outside it may partner a pyramid card at any time (per
    rank, as often as there are such cards), pyramid cards pairing only when neither
    lies on the other (except a direct overlap). Bulk runs decide it with the search
    (~100 nodes) instead of CP-SAT (milliseconds); the tests compare the two."""
    return Variant("relaxation", rows=variant.rows, rest="bouquet", draw=None, passes=None,
                   stock_waste=None, overlap=variant.overlap, objective="pyramid")


_LOCAL = threading.local()


def default_searcher() -> Searcher:
    """This thread's searcher (the work arrays are not shared between threads)."""
    searcher: Searcher | None = getattr(_LOCAL, "searcher", None)
    if searcher is None:
        searcher = _LOCAL.searcher = Searcher()
    return searcher


def solve(deal: Deal, variant: Variant, *, start: Sequence[Move] = (),
          node_limit: int | None = None, time_limit: float | None = None,
          bound: bool = PAR_BOUND) -> Verdict:
    """Solve ``deal`` under ``variant`` exactly (thoughtful play, full knowledge), from
    the position after ``start`` (see :meth:`Searcher.solve`)."""
    return default_searcher().solve(deal, variant, start=start, node_limit=node_limit,
                                    time_limit=time_limit, bound=bound)
