"""CP-SAT model of the open games: a precedence-constrained matching with removal times.

The face-up cards are *slots* (see :mod:`.slots`): the pyramid and, in Giza, the tableau
columns. A bouquet is not made of slots: its cards are always available and are counted
per rank.

Variables
    ``x[a,b]`` for two complementary slots that could ever go together (neither must be
    removed before the other; with overlap discards, one may lie directly on the other);
    ``y[a]`` when slot ``a`` goes with a bouquet card of the complementary rank;
    ``t[a]`` in ``0..n-1``: when slot ``a`` is removed (kings included).
Constraints
    every non-king slot that must go is in exactly one pair (``sum x + y == 1``; optional
    slots: ``== r[a]``); a covered slot ``a`` goes strictly after each slot ``d`` lying
    directly on it, ``t[a] >= t[d] + 1 - x[a,d]``, where the ``x`` term only exists for an
    overlap pair; partners share a time, ``x[a,b] => t[a] == t[b]``; per rank ``v``, the
    slots of rank ``13-v`` paired with the bouquet use at most the bouquet's ``v``s; with
    objective ``all`` what is left of the bouquet pairs up (``left(v) == left(13-v)``).

Sound: sort the removals by ``t`` (partners are simultaneous, any order among equal
times). When a pair ``{a,b}`` is played, every slot lying directly on ``a`` went strictly
earlier, except possibly ``b`` when ``x[a,b]`` is an overlap pair; then ``b`` itself is
exposed (its own covers went earlier) and is the only card left on ``a``, which is exactly
the overlap rule. Kings go alone; bouquet cards are always available, and the leftover
bouquet (balanced per rank pair, kings alone) is discarded at the end. So the sorted
removals are a legal winning line, and the referee replays it to make sure. With
objective ``pyramid`` the line stops at the removal of the last pyramid card (optional
removals timed later are dropped: the game is already won).
From a position: the slots gone are left out (no slot still there lies on one of them,
since a card goes only after those lying on it, so the covers among the slots left are
unchanged), the bouquet is what is left of it, and the times count the slots left.
Complete: a winning line gives a solution: ``x``/``y`` from its discards, ``t`` = the index
of the move removing the card (at most ``n`` moves remove slots). Only pairs that can
ever be played are given a variable, so nothing is lost by omitting the others.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from pyramids.core.cards import Card
from pyramids.core.moves import Move
from pyramids.engines.cpsat.slots import Slots

SolveStatus = str  # "feasible" | "infeasible" | "unknown"


class Model(cp_model.CpModel):
    """A CpModel without the pre-PEP8 aliases OR-Tools sets up per instance (0.2 ms)."""

    def _add_pre_pep8_methods(self) -> None:
        pass


@dataclass
class OpenResult:
    """``status`` and, when feasible, the discards in a legal order (all kinds of cards)."""

    status: SolveStatus
    moves: list[Move] = field(default_factory=list)
    seconds: float = 0.0
    branches: int = 0
    dtime: float = 0.0  # CP-SAT's deterministic time spent


def solver_params(solver: cp_model.CpSolver, time_limit: float | None, presolve: bool,
                  workers: int = 1, small: bool = False,
                  deterministic: float | None = None) -> None:
    """One worker (deterministic); ``small``: no LP relaxation, probing, symmetry
    detection or SAT inprocessing, which cost more than they save on these models
    (measured: open games 1.5x, redeal stock games 2-5x faster)."""
    p = solver.parameters
    p.num_workers = workers
    p.cp_model_presolve = presolve
    if small:
        p.linearization_level = 0
        p.cp_model_probing_level = 0
        p.symmetry_level = 0
        p.use_sat_inprocessing = False
    if time_limit is not None:
        p.max_time_in_seconds = max(float(time_limit), 0.001)
    if deterministic is not None:  # CP-SAT's own work units: the same answer every run
        p.max_deterministic_time = max(float(deterministic), 1e-6)


def solve_layout(cards: Sequence[int], lay: Slots, bouquet: Sequence[int], *, overlap: bool,
                 objective: str, time_limit: float | None = None, presolve: bool = False,
                 workers: int = 1, gone: Collection[int] = (),
                 deterministic: float | None = None) -> OpenResult:
    """Decide whether the slots (and the bouquet) can be cleared per ``objective``.

    ``objective`` ``all``: every slot and bouquet card; ``pyramid``: the pyramid slots
    (the first ``lay.pyramid``), other slots and the bouquet being optional partners.
    ``gone``: slots already removed (a position after some moves; ``bouquet`` then holds
    the bouquet cards still there). A legal line only removes a slot after every slot
    lying on it, so the slots left keep their cover relations and the model is the same
    on them; the moves returned are the continuation from that position.
    """
    start = time.process_time()
    n = lay.n
    vals = [c % 13 + 1 for c in cards]
    live = [s not in gone for s in range(n)]
    must = [live[s] and (objective == "all" or s < lay.pyramid) for s in range(n)]
    n_live = sum(live)
    bcount = [0] * 14
    for c in bouquet:
        bcount[c % 13 + 1] += 1
    m = Model()
    by_value, pairs, partners = pair_vars(m, lay, vals, live, overlap)
    ys: dict[int, cp_model.IntVar] = {}
    for a in range(n):
        va = vals[a]
        if live[a] and va != 13 and bcount[13 - va] > 0:
            y = m.new_bool_var(f"y{a}")
            ys[a] = y
            partners[a].append(y)

    removed: list[cp_model.IntVar | None] = [None] * n  # None: must go (or gone)
    for a in range(n):
        if not live[a]:
            continue
        if not must[a]:
            r = m.new_bool_var(f"r{a}")
            removed[a] = r
            if vals[a] != 13:
                m.add(sum(partners[a]) == r)
        elif vals[a] != 13:
            if not partners[a]:
                return OpenResult("infeasible", seconds=time.process_time() - start)
            m.add_exactly_one(partners[a])
    # removal times (of the slots left: the cards a slot lies on are all still there)
    t: list[cp_model.IntVar] = [None] * n  # type: ignore[list-item]
    above = lay.above if n_live == n else _above(lay, live)
    for a in range(n):
        if not live[a]:
            continue
        if overlap or objective != "all":
            t[a] = m.new_int_var(0, n_live - 1, f"t{a}")
        else:  # a slot goes after every chain lying on it, before every chain under it
            t[a] = m.new_int_var(above[a], n_live - 1 - lay.below[a], f"t{a}")
    for a in range(n):
        if not live[a]:
            continue
        ra = removed[a]
        for d in lay.direct[a]:
            if not live[d]:
                continue
            xo = pairs.get((min(a, d), max(a, d)))
            ct = m.add(t[a] - t[d] + xo >= 1) if xo is not None else m.add(t[a] >= t[d] + 1)
            if ra is not None:
                ct.only_enforce_if(ra)
                rd = removed[d]
                if rd is not None:
                    m.add_implication(ra, rd)
    for (a, b), x in pairs.items():
        m.add(t[a] == t[b]).only_enforce_if(x)
    for v in range(1, 13):
        used = [ys[a] for a in by_value[13 - v] if a in ys]
        if used and len(used) > bcount[v]:
            m.add(sum(used) <= bcount[v])
    if objective == "all" and bouquet:
        for v in range(1, 7):
            m.add(bcount[v] - sum(ys[a] for a in by_value[13 - v] if a in ys)
                  == bcount[13 - v] - sum(ys[a] for a in by_value[v] if a in ys))

    solver = cp_model.CpSolver()
    solver_params(solver, time_limit, presolve, workers, small=True,
                  deterministic=deterministic)
    status = solver.solve(m)
    seconds = time.process_time() - start
    if status == cp_model.INFEASIBLE:
        return OpenResult("infeasible", seconds=seconds, branches=solver.num_branches,
                          dtime=solver.deterministic_time)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return OpenResult("unknown", seconds=seconds, branches=solver.num_branches,
                          dtime=solver.deterministic_time)

    # -- the line of play: removals sorted by time -------------------------
    pool: list[list[Card]] = [[] for _ in range(14)]
    for c in bouquet:
        pool[c % 13 + 1].append(Card(c))
    partner_of: dict[int, int] = {}
    for (a, b), x in pairs.items():
        if solver.boolean_value(x):
            partner_of[a], partner_of[b] = b, a
    events: list[tuple[int, int, Move]] = []
    for a in range(n):
        if not live[a]:
            continue
        ra = removed[a]
        if ra is not None and not solver.boolean_value(ra):
            continue
        ca = Card(cards[a])
        if vals[a] == 13:
            events.append((solver.value(t[a]), a, Move.discard(ca)))
        elif a in partner_of:
            b = partner_of[a]
            if a < b:
                events.append((solver.value(t[a]), a, Move.discard(ca, Card(cards[b]))))
        else:  # with the bouquet
            events.append((solver.value(t[a]), a, Move.discard(ca, pool[13 - vals[a]].pop())))
    events.sort(key=lambda e: (e[0], e[1]))
    if objective != "all":  # the game is won with the last pyramid card: stop there
        last = max((i for i, e in enumerate(events) if e[1] < lay.pyramid), default=-1)
        del events[last + 1:]
    moves = [e[2] for e in events]
    if objective == "all":
        moves += [Move.discard(k) for k in pool[13]]
        for v in range(1, 7):
            lo, hi = pool[v], pool[13 - v]
            moves += [Move.discard(a, b) for a, b in zip(lo, hi, strict=True)]
    return OpenResult("feasible", moves, seconds, solver.num_branches,
                      solver.deterministic_time)


def pair_vars(m: cp_model.CpModel, lay: Slots, vals: Sequence[int], live: Sequence[bool],
              overlap: bool) -> tuple[list[list[int]], dict[tuple[int, int], cp_model.IntVar],
                                      list[list[cp_model.IntVar]]]:
    """The slots still there (``live``) by value, and the model's ``x[a,b]`` (``a < b``):
    one for each two complementary slots still there that could ever go together (see
    :meth:`Slots.may_pair`), made in that order; ``partners[a]``: the ``x`` of slot ``a``.
    """
    by_value: list[list[int]] = [[] for _ in range(14)]
    for s, v in enumerate(vals):
        if live[s]:
            by_value[v].append(s)
    pairs: dict[tuple[int, int], cp_model.IntVar] = {}
    partners: list[list[cp_model.IntVar]] = [[] for _ in range(lay.n)]
    for a in range(lay.n):
        va = vals[a]
        if va == 13 or not live[a]:
            continue
        for b in by_value[13 - va]:
            if b <= a:
                continue
            if not lay.may_pair(a, b, overlap):
                continue
            x = m.new_bool_var(f"x{a}_{b}")
            pairs[a, b] = x
            partners[a].append(x)
            partners[b].append(x)
    return by_value, pairs, partners


def _above(lay: Slots, live: Sequence[bool]) -> list[int]:
    """``lay.above`` counting only the slots still there."""
    above = [0] * lay.n
    for s in sorted(range(lay.n), key=lambda x: len(lay.before[x])):  # covering slots first
        above[s] = max((above[d] + 1 for d in lay.direct[s] if live[d]), default=0)
    return above
