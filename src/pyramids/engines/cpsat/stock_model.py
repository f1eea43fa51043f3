# mypy: disable-error-code="operator,arg-type,list-item,index,union-attr,assignment,misc"
# (stock cards are 1-based: index 0 of the per-card lists holds None)
"""CP-SAT model of the stock games: an event-ordered model over (pass, pointer) phases.

Notation: the stock cards are ``s_1 .. s_N`` in dealing order. docs/rules.md makes the stock,
hand and waste a function of the removed set and a *pointer*: in pass ``q`` after the
deals that brought card ``s_k`` out, the cards ``s_i`` (``i <= k``) still there are the
waste (draw 1: ``s_k`` is the hand, the others the waste) in deal order, and those with
``i > k`` the stock, also in order (each pass deals the survivors in their original
order). So a phase is a pair ``(q, k)``, ``q = 1..P``, ``k = 0..N``.

Variables
    pairs, as in :mod:`.open_model`, between pyramid slots, pyramid and stock cards, and
    (draw 1, stock-waste not forbidden) two stock cards; ``r`` removal flags for optional
    cards (objective ``pyramid``: the stock; Par: everything);
    a removal time ``tau`` per card: for a stock card ``tau = M*((N+1)*(Q-1) + K) + w``
    with ``Q`` its pass, ``K`` the pointer when it goes (``K >= i``) and ``w < M`` its rank
    inside the phase (``M = 52`` bounds the events of a phase); a pyramid card's ``tau``
    is free. Partners share ``tau``; pyramid covers as in the open model.
Waste as a stack
    ``s_j`` removed at pointer ``K_j`` is the waste top only when every ``s_i`` with
    ``j < i < K_j`` (draw 3: ``j < i <= K_j``) is gone: for each ``j < i``,
    ``[K_j > i] => r_i and tau_i < tau_j``. Those cards were dealt after ``s_j`` in the
    same pass and lie on it, whatever happened in earlier passes. Draw 1: a stock pair
    ``s_j + s_k`` (``j < k``) is the hand and the waste top, so ``K_k = k``.
Draw 3 pointers
    a deal turns three survivors, so only some pointers exist: in pass ``q`` pointer
    ``k`` is real when ``s_k`` is alive at the start of the pass and the survivors up to
    ``k`` number a multiple of 3, or ``s_k`` is the last survivor (the short last deal).
    This is exact: cards leave the stock only by being dealt (only the waste top is
    available), so the deals of pass ``q`` cut the survivors at its start into threes,
    whatever is discarded from the waste during the pass. Pass 1 is fixed; later passes
    use booleans (alive-at-pass-start, a mod-3 counter chain, "no survivor after", with
    ``s_N`` always last when alive) and an element constraint puts every stock removal
    on a real pointer. "Real" may only be true at a true pointer (sound) and can be true
    at every one (complete). Until 2026-11-22 the ``s_N`` case wrongly also required a
    multiple of 3 (Tut's Tomb deal 358 was called blocked; a regression test pins it).
    Draw 1 needs no such thing: a removal at a pointer ``k`` whose card is gone happens
    just as well at the next real pointer (same waste top, a hand added) or, past the last
    survivor, with that survivor in the hand instead of on the waste. Pyramid-only moves
    do not depend on the stock, so they may sit anywhere between stock events.
Horizon
    ``P`` passes: the rule's number; for unlimited passes ``N + 1``. A pass that removes no
    stock card can be cut out of a winning line (its pyramid moves are made before the
    redeal that starts it; the stock it deals is the same as in the next pass), so a
    shortest winning line removes a stock card in every pass after the first, and needs
    at most ``N + 1`` passes. The phase count is therefore complete, and ``M = 52``
    events per phase is enough since every event removes a card.
Par Pyramid
    booleans ``c_q`` "pyramid cleared by the end of pass q" (all pyramid ``tau`` below the
    pass end); maximise ``15 c_1 + 15 c_2 + 20 c_3 - (cards left)``, which is 50, 35, 20 or
    0 less the cards left, as docs/rules.md says.
From a solution to moves
    the removals sorted by ``tau``; before a removal that needs stock cards, deal (or
    redeal) until they are available, which happens no later than the modelled phase;
    pyramid-only removals are played at once. The engine checks every step and the
    referee replays the whole line again.
From a position (``start=``, see :mod:`.position`)
    the state after some moves is the cards gone, the pass ``q0``, the pointer ``k0``
    (the last card dealt in that pass) and, under Par, the pass that cleared the
    pyramid. The model's pass 1 is the position's pass: cards gone get no variables and
    are no longer between two others on the waste; every removal time is at least that
    of phase ``(1, k0)``; the pointers pass 1 can still reach are the position's own and
    those the deals of its stock reach (draw 3: every third card left, and the last),
    later passes as above. The horizon counts the passes left (limited) or the stock
    cards left + 1 (unlimited), by the same argument. Par: ``c_q`` of a pass before the
    position is known (cleared then, or not), and the cards gone count as removed.
    The line is played from the position, after its moves, so the whole line is replayed.
``stock_waste=automatic``
    a hand + waste-top pair summing to 13 is forced as soon as it appears. Stock
    removals then sit on real pointers only, and for every stock pair ``s_j + s_k`` and
    pass the model requires that the pair never shows in a phase the line deals, unless
    it is that phase's planned pair (see :meth:`StockModel._forced_pairs`). The line is
    played phase by phase exactly as modelled, and a forced pair that was not planned
    would stop it (a model bug: the verdict is then ``unknown``, never a guess).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from pyramids.core.cards import Card
from pyramids.core.deals import Deal
from pyramids.core.errors import IllegalMoveError
from pyramids.core.game import Game
from pyramids.core.moves import DEAL, REDEAL, Move
from pyramids.core.variants import Variant
from pyramids.engines.cpsat.open_model import Model, solver_params
from pyramids.engines.cpsat.position import Position
from pyramids.engines.cpsat.slots import slots

MSC_BONUS = (25, 50, 75, 100, 150, 250, 500)  # MSC's row bonuses, the bottom row first
MSC_REMOVAL_POINTS = 5
PAR_WEIGHTS = (15, 15, 20)  # c1, c2, c3: 50 / 35 / 20 for a pyramid cleared in pass 1/2/3


class ModelError(RuntimeError):
    """A model solution could not be played: a bug in the model, never a user error."""


@dataclass
class StockResult:
    status: str  # feasible | optimal | infeasible | unknown
    moves: list[Move] = field(default_factory=list)
    score: int | None = None
    seconds: float = 0.0
    branches: int = 0
    passes: int = 0
    rounds: int = 1
    reason: str = ""
    dtime: float = 0.0  # CP-SAT's deterministic time spent


def horizon(variant: Variant, pos: Position | None = None) -> int:
    """Passes the model needs (see the module docstring), counted from the position's
    pass: the stock cards still there + 1, and no more than the passes left."""
    n, q0 = variant.rest_cards, 1
    if pos is not None and pos.rest_left is not None:
        n, q0 = pos.rest_left, pos.pass_no
    return n + 1 if variant.passes is None else min(variant.passes - q0 + 1, n + 1)


class StockModel:
    """Build once, solve, turn a solution into moves."""

    def __init__(self, deal: Deal, variant: Variant, passes: int | None = None,
                 pos: Position | None = None, at_least: int | None = None,
                 removals: int | None = None, msc: int | None = None,
                 uncleared: bool = False, never: int = 0,
                 cards: tuple[int, int] | None = None, cleared: bool = False,
                 rows_cap: int | None = None) -> None:
        self.deal, self.variant = deal, variant
        self.at_least = at_least  # Par: ask for a line scoring this much, not the best
        # objective pyramid: ask for a line that clears it with at least this many
        # removals (Kings and pairs) made by then (see _removals_by_the_clear)
        self.removals = removals
        # ask for a line scoring this much under MSC's score, every card optional (see
        # _msc_at_least)
        self.msc = msc
        self.uncleared = uncleared
        self.never = never
        self.cards = cards
        self.cleared = cleared
        self.rows_cap = 7 if rows_cap is None else rows_cap
        self.pos = pos = pos if pos is not None else Position()
        lay = slots(variant)
        self.lay = lay
        self.pcards = deal.cards[: lay.n]
        self.stock = deal.cards[lay.n:]
        n_stock = len(self.stock)
        self.N = n_stock
        # the position: cards still there, and the pointer of the model's pass 1
        self.live_p = [c not in pos.gone for c in self.pcards]
        self.live_s = [False] + [c not in pos.gone for c in self.stock]
        self.k0 = pos.pointer
        self.P = passes if passes is not None else horizon(variant, pos)
        self.par = variant.scoring == "par"
        self.draw3 = variant.draw == 3
        self.M = lay.n + n_stock
        self.PH = n_stock + 1
        self.T = self.P * self.PH * self.M
        self.t0 = self.M * self.k0  # the position's time: phase (1, k0)
        self.pointers1 = self._pointers_now()
        self.infeasible = False
        self._build()

    def _pointers_now(self) -> set[int]:
        """The pointers the model's pass 1 (the position's pass) can still reach: the
        position's own, then those its stock's deals reach (draw 3: every third card
        left and the last one; draw 1: every card left)."""
        ahead = [i for i in range(self.k0 + 1, self.N + 1) if self.live_s[i]]
        reach = set(ahead[2::3]) | set(ahead[-1:]) if self.draw3 else set(ahead)
        return reach | ({self.k0} if self.k0 > 0 else set())

    # -- the model -----------------------------------------------------------
    def _build(self) -> None:
        v, lay, m = self.variant, self.lay, Model()
        self.m = m
        N, P, M, PH, T = self.N, self.P, self.M, self.PH, self.T
        pv = [c % 13 + 1 for c in self.pcards]
        sv = [0] + [c % 13 + 1 for c in self.stock]  # 1-based
        must_p = not self.par and self.msc is None
        # every card to go by the clear (the most removals): as objective all, each stock
        # card with exactly one partner, which CP-SAT propagates better than a count
        every = self.removals is not None and self.removals >= 4 + (self.M - 4) // 2
        must_s = (v.objective == "all" or every) and not self.par
        lp, ls = self.live_p, self.live_s
        rp = [None if must_p or not lp[a] else m.new_bool_var(f"rp{a}") for a in range(lay.n)]
        rs = [None] + [None if must_s or not ls[i] else m.new_bool_var(f"rs{i}")
                       for i in range(1, N + 1)]
        self.rp, self.rs = rp, rs
        part_p: list[list[cp_model.IntVar]] = [[] for _ in range(lay.n)]
        part_s: list[list[cp_model.IntVar]] = [[] for _ in range(N + 1)]
        self.pp: dict[tuple[int, int], cp_model.IntVar] = {}
        self.ps: dict[tuple[int, int], cp_model.IntVar] = {}
        self.ss: dict[tuple[int, int], cp_model.IntVar] = {}
        for a in range(lay.n):
            if pv[a] == 13 or not lp[a]:
                continue
            for b in range(a + 1, lay.n):
                if pv[a] + pv[b] != 13 or not lp[b]:
                    continue
                if not lay.may_pair(a, b, v.overlap):
                    continue
                x = m.new_bool_var(f"pp{a}_{b}")
                self.pp[a, b] = x
                part_p[a].append(x)
                part_p[b].append(x)
            for i in range(1, N + 1):
                if pv[a] + sv[i] == 13 and ls[i]:
                    x = m.new_bool_var(f"ps{a}_{i}")
                    self.ps[a, i] = x
                    part_p[a].append(x)
                    part_s[i].append(x)
        if v.draw == 1 and v.stock_waste != "forbidden":
            for j in range(1, N + 1):
                for k in range(j + 1, N + 1):
                    if sv[j] + sv[k] == 13 and ls[j] and ls[k]:
                        x = m.new_bool_var(f"ss{j}_{k}")
                        self.ss[j, k] = x
                        part_s[j].append(x)
                        part_s[k].append(x)
        for parts, r, val in [(part_p[a], rp[a], pv[a]) for a in range(lay.n) if lp[a]] + \
                [(part_s[i], rs[i], sv[i]) for i in range(1, N + 1) if ls[i]]:
            if val == 13:
                continue
            if r is None:
                if not parts:
                    self.infeasible = True
                    return
                m.add_exactly_one(parts)
            else:
                m.add(sum(parts) == r)

        # times (cards gone before the position have none); nothing goes before it
        t0 = self.t0
        tp = [m.new_int_var(t0, T - 1, f"tp{a}") if lp[a] else None for a in range(lay.n)]
        Q = [None] + [m.new_int_var(1, P, f"Q{i}") if ls[i] else None for i in range(1, N + 1)]
        if self.draw3 and P == 1:
            K = [None] + [m.new_int_var_from_domain(cp_model.Domain.from_values(
                sorted(k for k in self.pointers1 if k >= i)), f"K{i}") if ls[i] else None
                for i in range(1, N + 1)]
        else:
            K = [None] + [m.new_int_var(i, N, f"K{i}") if ls[i] else None
                          for i in range(1, N + 1)]
        ts = [None] + [m.new_int_var(t0, T - 1, f"ts{i}") if ls[i] else None
                       for i in range(1, N + 1)]
        for i in range(1, N + 1):
            if ls[i]:
                w = m.new_int_var(0, M - 1, f"w{i}")
                m.add(ts[i] == M * PH * Q[i] - M * PH + M * K[i] + w)
        self.tp, self.ts, self.Q, self.K = tp, ts, Q, K

        # pyramid covers (the cards lying on a card gone are gone too)
        for a in range(lay.n):
            if not lp[a]:
                continue
            for d in lay.direct[a]:
                if not lp[d]:
                    continue
                xo = self.pp.get((min(a, d), max(a, d)))
                ct = m.add(tp[a] - tp[d] + xo >= 1) if xo is not None else m.add(
                    tp[a] >= tp[d] + 1)
                if rp[a] is not None:
                    ct.only_enforce_if(rp[a])
                    m.add_implication(rp[a], rp[d])
        for (a, b), x in self.pp.items():
            m.add(tp[a] == tp[b]).only_enforce_if(x)
        for (a, i), x in self.ps.items():
            m.add(tp[a] == ts[i]).only_enforce_if(x)
        for (j, k), x in self.ss.items():
            m.add(ts[j] == ts[k]).only_enforce_if(x)
            m.add(K[k] == k).only_enforce_if(x)

        # K_j >= k literals and the waste stack
        ge: dict[tuple[int, int], cp_model.IntVar] = {}
        for j in range(1, N + 1):
            if not ls[j]:
                continue
            for k in range(j + 1, N + 1):
                b = m.new_bool_var(f"ge{j}_{k}")
                m.add(K[j] >= k).only_enforce_if(b)
                m.add(K[j] <= k - 1).only_enforce_if(~b)
                ge[j, k] = b
        for j in range(1, N + 1):
            for i in range(j + 1, N + 1):
                if not (ls[j] and ls[i]):  # a card gone is not between them any more
                    continue
                lit = ge.get((j, i + 1)) if not self.draw3 else ge[j, i]
                if lit is None:
                    continue
                cond = [lit] if rs[j] is None else [lit, rs[j]]
                m.add(ts[i] + 1 <= ts[j]).only_enforce_if(cond)
                if rs[i] is not None:
                    m.add_bool_or([rs[i]] + [~c for c in cond])

        self.automatic = v.stock_waste == "automatic"
        if self.draw3 and P > 1:
            self._draw3_pointers()
        if self.automatic:
            self._forced_pairs()
        if not self.pos.is_start and P > 3:
            self._no_idle_passes()
        if self.removals is not None:
            self._removals_by_the_clear(pv, sv)
        if self.msc is not None:
            self._msc_at_least(pv, sv)

        if self.par:
            # c_q for the game's passes 1..3; the model's pass 1 is the position's pass q0
            q0, cp = self.pos.pass_no, self.pos.cleared_pass
            self.clear: list[cp_model.LinearExprT] = []
            for q in (1, 2, 3):
                if cp is not None or q < q0:  # decided before the position
                    self.clear.append(int(cp is not None and q >= cp))
                    continue
                c = m.new_bool_var(f"c{q}")
                end = min(q - q0 + 1, P) * PH * M
                for a in range(lay.n):
                    if not lp[a]:
                        continue
                    m.add(tp[a] <= end - 1).only_enforce_if(c)
                    if rp[a] is not None:
                        m.add_implication(c, rp[a])
                self.clear.append(c)
            for c, d in zip(self.clear, self.clear[1:], strict=False):
                if not isinstance(c, int):
                    m.add_implication(c, d)
            removed = [r for r in rp if r is not None] + [r for r in rs[1:] if r is not None]
            self.score_expr = sum(w * c for w, c in zip(PAR_WEIGHTS, self.clear, strict=True)) \
                + sum(removed) + len(self.pos.gone) - 52
            if self.at_least is None:
                m.maximize(self.score_expr)
            else:  # a decision, not an optimisation: about a third cheaper (oracle.py)
                m.add(self.score_expr >= self.at_least)

    def _removals_by_the_clear(self, pv: list[int], sv: list[int | None]) -> None:
        """Objective ``pyramid`` (the game stops when the pyramid is clear): at least
        ``self.removals`` removals, each a King or a pair, all made by the move that
        clears the pyramid. That move takes the top card (every other pyramid card lies
        on it), so every stock card that goes leaves strictly before the top card, unless
        as its partner; other pyramid cards already do (the covers). MSC's score of a
        cleared board is 1,150 and 5 a removal: a line scoring ``1150 + 5 r`` or more is
        a solution, and a solution's removals sorted by time are a line (the model's
        completeness: a real line's removals take distinct times in its order)."""
        m, rs, ts, tp = self.m, self.rs, self.ts, self.tp
        if self.variant.objective != "pyramid" or self.par or not self.live_p[0]:
            raise ModelError("removals by the clear: objective pyramid, from a position "
                             "whose top card is still there")
        count: list[cp_model.LinearExprT] = [*self.pp.values(), *self.ps.values(),
                                             *self.ss.values()]
        kings = sum(1 for a in range(self.lay.n) if self.live_p[a] and pv[a] == 13)
        for i in range(1, self.N + 1):
            if not self.live_s[i]:
                continue
            r = rs[i]
            if sv[i] == 13:
                if r is None:
                    kings += 1
                else:
                    count.append(r)
            with_top = self.ps.get((0, i))
            cond = [c for c in (r, None if with_top is None else ~with_top) if c is not None]
            ct = m.add(ts[i] + 1 <= tp[0])
            if cond:
                ct.only_enforce_if(cond)
        m.add(sum(count) + kings >= self.removals)

    def _msc_at_least(self, pv: list[int], sv: list[int | None]) -> None:
        """MSC's score of at least ``self.msc``, every card optional (a removed card's
        covers are removed first, as under Par): 5 a removal (a King or a pair) and the
        bonus of row ``j`` from the bottom when the ``j`` lowest rows are all clear
        (booleans ``c_j``: ``c_j`` needs row ``j``'s cards gone and ``c_(j-1)``). The game
        stops when the pyramid is clear, with its top card: a stock card that goes then
        goes strictly before it, unless as its partner. Only from the deal (the score
        counts from there)."""
        m, rs, rp, ts, tp = self.m, self.rs, self.rp, self.ts, self.tp
        rows = len(MSC_BONUS)
        if (self.variant.objective != "pyramid" or self.par or not self.pos.is_start
                or self.lay.n != rows * (rows + 1) // 2):
            raise ModelError("MSC's score: objective pyramid, seven rows, from the deal")
        count: list[cp_model.LinearExprT] = [*self.pp.values(), *self.ps.values(),
                                             *self.ss.values()]
        count += [rp[a] for a in range(self.lay.n) if pv[a] == 13]
        count += [rs[i] for i in range(1, self.N + 1) if sv[i] == 13]
        clear: list[cp_model.IntVar] = []
        for j in range(1, rows + 1):  # the j lowest rows
            r = rows - j + 1  # row r from the top holds slots r(r-1)/2 ...
            c = m.new_bool_var(f"rows{j}")
            for a in range(r * (r - 1) // 2, r * (r + 1) // 2):
                m.add_implication(c, rp[a])
            if clear:
                m.add_implication(c, clear[-1])
            clear.append(c)
        if self.msc > 0:
            m.add(MSC_REMOVAL_POINTS * sum(count)
                  + sum(b * c for b, c in zip(MSC_BONUS, clear, strict=True)) >= self.msc)
            most = MSC_REMOVAL_POINTS * (4 + (self.M - 4) // 2)
            for j in range(rows):  # the rows the score needs: fewer earn too little
                if sum(MSC_BONUS[:j]) + most < self.msc:
                    m.add(clear[j] == 1)
        for j in range(self.rows_cap, rows):  # the caller proved no line clears more
            m.add(clear[j] == 0)
        if self.cards is not None:  # at least n of these slots' cards gone
            slots, n = self.cards
            gone = [rp[a] for a in range(self.lay.n) if (slots >> a) & 1] + [
                rs[i] for i in range(1, self.N + 1) if (slots >> (self.lay.n + i - 1)) & 1]
            m.add(sum(gone) >= n)
        for a in range(self.lay.n):  # the caller proved these never go
            if (self.never >> a) & 1 and rp[a] is not None:
                m.add(rp[a] == 0)
        if self.cleared:  # asked for: the line clears the board
            m.add(rp[0] == 1)
        if self.uncleared:  # the caller proved it: the top card never goes
            m.add(rp[0] == 0)
            return
        for i in range(1, self.N + 1):
            with_top = self.ps.get((0, i))
            cond = [rs[i], rp[0]] + ([] if with_top is None else [~with_top])
            m.add(ts[i] + 1 <= tp[0]).only_enforce_if(cond)

    def _no_idle_passes(self) -> None:
        """Every pass after the model's first up to the last one used removes a stock
        card: a pass that removes none can be cut out of a line (see Horizon; under Par
        its pyramid moves only come earlier, which scores no less), so some best line
        has this shape. Without it, proving a position blocked repeats the same
        argument in each of up to ``N + 1`` passes (Tut's Tomb deal 1030 after 21
        random moves: 34 s of CPU without it, 3 s with it; on positions of real lines
        it costs ~8% of the median). Only from a position, and with more than 3 passes
        modelled: the deal's models, and Par's and Cheops', stay as measured."""
        m, N, P, Q, rs = self.m, self.N, self.P, self.Q, self.rs
        used = {p: m.new_bool_var(f"used{p}") for p in range(2, P + 1)}
        in_pass: dict[int, list[cp_model.IntVar]] = {p: [] for p in range(2, P + 1)}
        for i in range(1, N + 1):
            if not self.live_s[i]:
                continue
            at = [m.new_bool_var(f"at{i}_{p}") for p in range(1, P + 1)]
            m.add_map_domain(Q[i], at, 1)
            for p in range(2, P + 1):
                e = at[p - 1]
                if rs[i] is not None:  # removed in pass p
                    e = m.new_bool_var(f"e{i}_{p}")
                    m.add_bool_and([at[p - 1], rs[i]]).only_enforce_if(e)
                    m.add_bool_or([~at[p - 1], ~rs[i], e])
                m.add_implication(e, used[p])
                in_pass[p].append(e)
        for p in range(3, P + 1):
            m.add_bool_or([~used[p], *in_pass[p - 1]])

    def _alive(self, q: int) -> list[cp_model.IntVar | int]:
        """``alive[i]``: stock card ``s_i`` is still there when pass ``q`` starts."""
        m, N, Q, rs = self.m, self.N, self.Q, self.rs
        alive: list[cp_model.IntVar | int] = [None]
        for i in range(1, N + 1):
            if not self.live_s[i]:  # gone before the position
                alive.append(0)
                continue
            c = m.new_bool_var(f"Q{i}ge{q}")
            m.add(Q[i] >= q).only_enforce_if(c)
            m.add(Q[i] <= q - 1).only_enforce_if(~c)
            if rs[i] is None:
                alive.append(c)
            else:
                a = m.new_bool_var(f"a{q}_{i}")
                m.add_bool_or([a, rs[i]])
                m.add_implication(c, a)
                m.add_bool_or([~a, ~rs[i], c])
                alive.append(a)
        return alive

    def _on_real_pointers(self, real: list[cp_model.LinearExprT]) -> None:
        m, N, P, PH, Q, K = self.m, self.N, self.P, self.PH, self.Q, self.K
        for i in range(1, N + 1):
            if not self.live_s[i]:
                continue
            idx = m.new_int_var(0, P * PH - 1, f"g{i}")
            m.add(idx == PH * Q[i] - PH + K[i])
            # unconditional: a card never removed may sit at (1, N), which is real
            m.add_element(idx, real, 1)

    def _draw3_pointers(self) -> None:
        """Stock removals only at pointers a draw-3 deal can reach (passes 2..P)."""
        m, N, P, PH = self.m, self.N, self.P, self.PH
        real: list[cp_model.LinearExprT] = [int(k in self.pointers1) for k in range(PH)]
        for q in range(2, P + 1):
            alive = self._alive(q)
            mod = [[m.new_bool_var(f"m{q}_{k}_{r}") for r in range(3)] for k in range(N + 1)]
            m.add(mod[0][0] == 1)
            m.add(mod[0][1] == 0)
            m.add(mod[0][2] == 0)
            for k in range(1, N + 1):
                for r in range(3):
                    if isinstance(alive[k], int):  # gone: the count does not move
                        m.add(mod[k][r] == mod[k - 1][r])
                        continue
                    m.add(mod[k][(r + 1) % 3] == mod[k - 1][r]).only_enforce_if(alive[k])
                    m.add(mod[k][r] == mod[k - 1][r]).only_enforce_if(~alive[k])
            none_after = [m.new_bool_var(f"na{q}_{k}") for k in range(N)] + [1]
            for k in range(N):
                nxt = none_after[k + 1]
                if not isinstance(nxt, int):
                    m.add_implication(none_after[k], nxt)
                if not isinstance(alive[k + 1], int):
                    m.add_implication(none_after[k], ~alive[k + 1])
            real.append(0)
            for k in range(1, N + 1):
                if isinstance(alive[k], int):
                    real.append(0)
                    continue
                rp_ = m.new_bool_var(f"real{q}_{k}")
                m.add_implication(rp_, alive[k])
                na = none_after[k]
                if isinstance(na, int):  # k == N: the last card is always a pointer
                    m.add(rp_ == alive[k])
                else:
                    m.add_bool_or([~rp_, mod[k][0], na])
                real.append(rp_)
        self._on_real_pointers(real)

    def _forced_pairs(self) -> None:
        """``stock_waste=automatic``: a hand + waste-top pair must go as soon as it shows.

        Only real draw-1 pointers (the card dealt there was alive when the pass began)
        may carry stock removals, so the line is played phase by phase exactly as
        modelled. For stock cards ``s_j``, ``s_k`` (``j < k``) summing to 13, in pass
        ``q``: ``s_j`` is the waste top under the hand ``s_k`` at some moment of phase
        ``(q, k)`` iff ``max(A, D + 1) <= min(B, E)`` where ``[A, B]`` is the phase's time
        window, ``D`` the last removal time of the cards between them and ``E`` the
        earlier removal time of the two (``T`` for a card never removed). If so they must
        be that phase's pair ``s_j + s_k``; the line player plays it at once. To rule the
        moment out through ``D`` the model asks ``D >= E + 1``, not ``D >= E``: two
        removals at the same time are played in some order, which could show the pair;
        the exception is a card between them that goes *with* ``s_j`` or ``s_k``, as its
        partner: it lies between them until that very move, so the pair never shows.
        The line ends with its last removal: a phase after it is never dealt, so nothing
        is required of it (objective ``pyramid`` and Par leave cards in the stock).
        """
        m, N, P, PH, M, T = self.m, self.N, self.P, self.PH, self.M, self.T
        rs, ts, Q = self.rs, self.ts, self.Q
        real: list[cp_model.LinearExprT] = [int(k in self.pointers1) for k in range(PH)]
        for q in range(2, P + 1):
            real += [0, *self._alive(q)[1:]]
        self._on_real_pointers(real)
        dead: list[cp_model.LinearExprT] = [0]  # gone before the position: time 0
        for i in range(1, N + 1):
            if not self.live_s[i]:
                dead.append(0)
            elif rs[i] is None:
                dead.append(ts[i])
            else:
                d = m.new_int_var(0, T, f"dead{i}")
                m.add(d == ts[i]).only_enforce_if(rs[i])
                m.add(d == T).only_enforce_if(~rs[i])
                dead.append(d)
        last = self._last_removal()
        for (j, k), x in self.ss.items():
            e = m.new_int_var(0, T, f"E{j}_{k}")
            m.add_min_equality(e, [dead[j], dead[k]])
            if k > j + 1:
                dmax = m.new_int_var(0, T, f"D{j}_{k}")
                m.add_max_equality(dmax, dead[j + 1:k])
                # a card between them outlives one of them (strictly: two moves at the
                # same time are played in some order, and a real line gives distinct
                # moves distinct times, so requiring ">" loses nothing)
                late = m.new_bool_var(f"late{j}_{k}")
                m.add(dmax >= e + 1).only_enforce_if(late)
                # ... or goes in the same move as one of them, as its partner: it lies
                # between them until that move (equal times, but no moment between)
                outs = [late] + [self.ss[p] for i in range(j + 1, k)
                                 for p in ((j, i), (i, k)) if p in self.ss]
            else:
                dmax, outs = None, []
            for q in range(1, P + 1):
                if q == 1 and k < self.k0:  # a phase before the position
                    continue
                a = M * (PH * (q - 1) + k)
                here = m.new_bool_var(f"here{j}_{k}_{q}")
                m.add_implication(here, x)
                m.add(Q[k] == q).only_enforce_if(here)
                gone = m.new_bool_var(f"gone{j}_{k}_{q}")  # one of them left before A
                m.add(e <= a - 1).only_enforce_if(gone)
                lits = [here, gone, *outs]
                if last is not None and (q, k) != (1, self.k0):
                    # the line may end before it deals up to (q, k); the position's own
                    # phase is reached already (a pair showing there must go)
                    reached = m.new_bool_var(f"reached{j}_{k}_{q}")
                    m.add(last >= a).only_enforce_if(reached)
                    m.add(last <= a - 1).only_enforce_if(~reached)
                    lits.append(~reached)
                if dmax is not None:
                    after = m.new_bool_var(f"after{j}_{k}_{q}")  # between-card outlives B
                    m.add(dmax >= a + M).only_enforce_if(after)
                    lits.append(after)
                m.add_bool_or(lits)

    def _last_removal(self) -> cp_model.IntVar | None:
        """The time of the line's last removal, when some cards are optional (objective
        ``pyramid``, Par): the line ends there, and phases after it are never dealt.
        ``None`` when every card must go (the last removal is then the end anyway)."""
        m, T = self.m, self.T
        timed = [(self.tp[a], r) for a, r in enumerate(self.rp) if self.live_p[a]] + [
            (self.ts[i], self.rs[i]) for i in range(1, self.N + 1) if self.live_s[i]]
        if all(r is None for _, r in timed):
            return None
        ends: list[cp_model.LinearExprT] = []
        for t, r in timed:
            if r is None:
                ends.append(t)
            else:
                e = m.new_int_var(0, T - 1, "end")
                m.add(e == t).only_enforce_if(r)
                m.add(e == 0).only_enforce_if(~r)
                ends.append(e)
        last = m.new_int_var(0, T - 1, "last")
        m.add_max_equality(last, ends)
        return last

    # -- solving -------------------------------------------------------------
    def solve(self, time_limit: float | None, presolve: bool, workers: int,
              deterministic: float | None = None, lp: bool = False) -> StockResult:
        """``lp``: keep CP-SAT's linear relaxation (off for the win question, where it
        costs more than it saves): the goals' counting questions (a score, N cards) are
        proven out of reach 20 to 300 times faster with it (benchmarks/bench_goals_results.txt)."""
        start = time.process_time()
        if self.infeasible:
            return StockResult("infeasible", passes=self.P)
        solver = cp_model.CpSolver()
        solver_params(solver, time_limit, presolve, workers, small=True,
                      deterministic=deterministic)
        if lp:
            solver.parameters.linearization_level = 1
        status = solver.solve(self.m)
        seconds = time.process_time() - start
        res = StockResult("unknown", seconds=seconds, branches=solver.num_branches,
                          passes=self.P, dtime=solver.deterministic_time)
        if status == cp_model.INFEASIBLE:
            res.status = "infeasible"
        elif status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            res.status = "optimal" if status == cp_model.OPTIMAL else "feasible"
            res.moves = self.line(solver)
            if self.par:
                res.score = (round(solver.objective_value) if self.at_least is None
                             else int(solver.value(self.score_expr)))
        return res

    def events(self, solver: cp_model.CpSolver) -> list[Event]:
        """(tau, tie-break, move, (pass, pointer) or None) for every removal, in order."""
        out: list[Event] = []
        val, on = solver.value, solver.boolean_value

        def at(i: int) -> tuple[int, int]:
            return (val(self.Q[i]), val(self.K[i]))

        P, S = self.pcards, self.stock
        for (a, b), x in self.pp.items():
            if on(x):
                out.append((val(self.tp[a]), a, Move.discard(Card(P[a]), Card(P[b])), None))
        for (a, i), x in self.ps.items():
            if on(x):
                out.append((val(self.tp[a]), a, Move.discard(Card(P[a]), Card(S[i - 1])), at(i)))
        for (j, k), x in self.ss.items():
            if on(x):
                out.append((val(self.ts[j]), 100 + j,
                            Move.discard(Card(S[j - 1]), Card(S[k - 1])), at(k)))
        for a, c in enumerate(P):
            if c % 13 == 12 and self.live_p[a] and (self.rp[a] is None or on(self.rp[a])):
                out.append((val(self.tp[a]), a, Move.discard(Card(c)), None))
        for i in range(1, self.N + 1):
            r = self.rs[i]
            if S[i - 1] % 13 == 12 and self.live_s[i] and (r is None or on(r)):
                out.append((val(self.ts[i]), 100 + i, Move.discard(Card(S[i - 1])), at(i)))
        out.sort(key=lambda e: (e[0], e[1]))
        return out

    def line(self, solver: cp_model.CpSolver) -> list[Move]:
        return play_events(self.deal, self.variant, self.events(solver), exact=self.automatic,
                           pos=self.pos)


Event = tuple[int, int, Move, "tuple[int, int] | None"]


def play_events(deal: Deal, variant: Variant, events: list[Event], exact: bool,
                pos: Position | None = None) -> list[Move]:
    """Play the removals in order, dealing before each stock removal; the whole line,
    from the deal through the position's moves (``pos``) to the last removal.

    ``exact``: deal up to the modelled (pass, pointer) and play every forced pair the
    moment it shows (it must be one of the planned removals). Otherwise deal just until
    the cards are available, which is never later than modelled.
    """
    game = Game(deal, variant)
    start = pos if pos is not None else Position()
    for m in start.moves:
        game.push(m)
    index = {c: i for i, c in enumerate(deal.rest(variant), 1)}
    at = [1, start.pointer]  # the model's pass (1: the position's), pointer
    pending = list(events)
    done: set[Move] = set()

    def push(move: Move) -> None:
        try:
            game.push(move)
        except IllegalMoveError as e:
            raise ModelError(str(e)) from None
        if move == DEAL:
            at[1] = index[game.hand if variant.draw == 1 else game.waste[-1]]
        elif move == REDEAL:
            at[0], at[1] = at[0] + 1, 0
        settle()

    def settle() -> None:
        while (forced := game.forced_pair()) is not None:
            if forced not in {e[2] for e in pending} - done:
                raise ModelError(f"unplanned forced pair {forced}")
            done.add(forced)
            push(forced)

    def advance() -> None:
        if game.stock:
            push(DEAL)
        elif game.why_illegal(REDEAL) is None:
            push(REDEAL)
        else:
            raise ModelError(f"{move}: its cards never became available")

    settle()  # a forced pair the position's last deal showed
    for _, _, move, target in pending:
        if game.is_won():
            break
        if move in done:
            continue
        if target is not None and exact:
            while tuple(at) < target:
                advance()
            if tuple(at) != target:
                raise ModelError(f"{move}: pointer {tuple(at)} is not the modelled {target}")
        elif target is not None:
            while not set(move.cards) <= set(game.available()):
                advance()
        if move in done:  # played as a forced pair while dealing up to it
            continue
        done.add(move)
        push(move)
    return list(game.moves)


def solve_stock(deal: Deal, variant: Variant, *, time_limit: float | None = None,
                presolve: bool = False, workers: int = 1, pos: Position | None = None,
                deterministic: float | None = None, at_least: int | None = None
                ) -> StockResult:
    """Solve a stock game (see the module docstring) from ``pos`` (default: the deal);
    passes are counted from the position's pass. ``deterministic``: a budget in
    CP-SAT's deterministic seconds for all rounds together (reproducible, unlike
    ``time_limit``). ``at_least`` (Par): find a line scoring at least this much
    (``feasible``) or prove there is none (``infeasible``), instead of the best score."""
    full = horizon(variant, pos)
    wall = time.monotonic()
    spent, branches, dspent = 0.0, 0, 0.0
    # Fewer passes is a restriction: a line found with them is a line. Winnable deals
    # usually need few, so try those first; only the full horizon proves "blocked".
    tries = [p for p in (2, 4, 8) if p < full] if variant.scoring != "par" else []
    for rounds, passes in enumerate([*tries, full], 1):
        left = None if time_limit is None else time_limit - (time.monotonic() - wall)
        dleft = None if deterministic is None else deterministic - dspent
        if (left is not None and left <= 0) or (dleft is not None and dleft <= 0):
            return StockResult("unknown", seconds=spent, branches=branches, passes=full,
                               rounds=rounds - 1, dtime=dspent,
                               reason=limit_hit(time_limit, deterministic, dspent, passes))
        res = StockModel(deal, variant, passes, pos, at_least).solve(left, presolve, workers,
                                                                     dleft)
        spent += res.seconds
        branches += res.branches
        dspent += res.dtime
        if res.status != "infeasible" or passes == full:
            res.seconds, res.branches, res.rounds, res.passes = spent, branches, rounds, full
            res.dtime = dspent
            if res.status == "unknown":
                res.reason = limit_hit(time_limit, deterministic, dspent, passes)
            return res
    raise AssertionError("unreachable")  # pragma: no cover


def limit_hit(time_limit: float | None, deterministic: float | None, dspent: float,
              passes: int | None = None) -> str:
    """Which limit stopped CP-SAT: the deterministic one when it is (about) used up."""
    used_up = deterministic is not None and (time_limit is None
                                             or dspent >= 0.99 * deterministic)
    text = f"deterministic limit {deterministic}" if used_up else "time limit"
    return text + (f" (with {passes} passes modelled)" if passes is not None else "")
