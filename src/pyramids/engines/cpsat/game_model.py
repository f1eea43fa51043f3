"""CP-SAT model of the general rules (:mod:`pyramids.core.rules`): any layout's cover graph,
any pairing rule, one or two decks, and the talons whose order a model can state.

Notation: the live cards are known by deal position (layout places first, then the talon
``s_1 .. s_N`` in dealing order). Every removal event (a card alone, or a pair) gets a
time ``tau``; partners share it.

Layout
    a card goes strictly after each card lying directly on it: ``tau_q < tau_p`` for
    ``q`` in ``covered_by[p]`` (no game here has Tut's Tomb's overlap).
Pairing
    ``x[a,b]`` for two live cards whose ranks go together and neither of which lies on
    the other; ``alone[a]`` for a card of a rank that goes alone. Every live card is in
    exactly one of its ``x`` or its ``alone`` (objective ``all``: every card goes).
Talon, as a cursor
    a talon card's event also has a round ``q`` and a cursor ``K`` (the deals made in
    that round), ``tau = M * (PH * q + K) + w`` with ``w < M`` its order inside the phase
    ``(q, K)`` (``M`` = the cards: every event removes one). ``K`` is order-encoded
    (``ge[j][k]`` = ``K_j >= k``).

    *One waste, draw 1, the waste turned over on a redeal* (PySolFC's talon in eight of
    the ten games): a deal moves exactly one live card from the talon to the waste, and
    a redeal keeps the talon's order, so in any position the talon cards dealt in this
    round are the live ``s_i`` with ``i <= K`` for a threshold ``K`` over the original
    order, and every threshold a round passes is reached by deals. ``s_j`` is the waste
    top at ``K`` when ``j <= K`` and every ``s_i``, ``j < i <= K``, went earlier
    (``ge[j][i] => tau_i < tau_j``); with a face-up talon top, it is the talon top when
    ``K < j`` and every ``s_i``, ``K < i < j``, went earlier (``not ge[j][i] => tau_i <
    tau_j``); a face-down talon needs ``ge[j][j]``. Two talon cards can only pair as the
    waste top and the talon top (the strict ``<`` rules out the rest). PySolFC's Auto deal
    (a deal forced on an empty waste) only turns the talon top into the waste top and
    shows the next card: it never takes a card out of play, so it changes no answer, and
    the line is played on :class:`~pyramids.core.board.Board`, which makes those deals.

    *Three wastes, one round* (Eleven Triangle): a deal puts ``s_i`` on waste
    ``(i - 1) mod 3`` at deal ``ceil(i / 3)``, whatever was discarded, since talon cards
    leave the talon only by being dealt. ``s_j`` is a waste top after ``K`` deals when it
    is dealt and every ``s_i`` above it on its waste (same waste, ``i > j``, dealt by
    ``K``) went earlier.
    *Twins* (one waste): when the live talon card next below ``s_j`` has its rank
    (two decks hold two of every card; a rank-only pairing rule makes any two cards of a
    rank alike), ``s_j`` taken as the talon top (``not ge[j][j]``) goes no earlier than
    ``s_i``. Exact: ``s_j`` the talon top with ``s_i`` live makes ``s_i`` the waste top
    (nothing live between them), so a line taking ``s_j`` first can take ``s_i`` there
    instead and play on alike, the cursor set just past ``s_j`` wherever it stood between
    the two (the live cards keep their order, so each step finds the same cards in play).
    The cursor ``K`` is an integer tied to its order literals (``cursor="int"``; the
    first statement summed the literals into every talon time, twice as slow).
    *Between* (one waste, face-up talon top; ``GameOptions.between``): two talon cards
    that pair are the waste top and the talon top, so every live talon card between them
    in the deal went earlier; the cursor rule implies it, and stated on the pair's
    literal it propagates before the cursor is fixed (redundant, exact).
Horizon
    the rounds of the rule (limited rounds only); the first phase is the position's:
    round 1 starts after the opening deals.

Hint (``GameOptions.hint``): the longest of a few greedy playouts on the rules engine
(layout cards first, deal only when nothing goes) is handed to CP-SAT as a hint (each
event's pair, time, round and cursor). A hint steers the search only: a win is still a
solution of the model, replayed, and ``blocked`` still its infeasibility.

Sound: sort the events by ``tau`` and play them on the rules engine, dealing (or
redealing) before each until its cards are in play; the constraints say they are in play
by the modelled phase, and the cursor only moves forward. Every step is checked by the
engine, the line replayed again by the caller; a step that cannot be played is a model
bug (:class:`GameModelError`), answered ``unknown``, never a line that does not replay.
Complete: a winning line gives a solution (each removal's round, the deals made in it,
its index), so an infeasible model proves the deal blocked.

Not stated: Apophis (three wastes, three rounds). Round 1 is Eleven Triangle's talon,
but the redeal gathers the wastes from their tops, waste 0 first (PySolFC's
``DealReserveRedealTalonStack``), so round 2 deals the cards left on waste 2, then
waste 1, then waste 0, each from its bottom. That order is fixed, but a card's place in
it counts only the cards still there, so the waste it lands on (that count mod 3) and its
deal depend on which cards went in round 1; round 3 then regroups the cards by their
round-2 wastes, so even its order depends on the discards. An exact statement needs,
per round and talon card, a place that counts the live cards before it, its residue mod
3, and for each pair of cards a literal "same waste, dealt later, by this deal" tied to
both places and the cursor: quadratic in reified modular constraints, where the cursor
rule above is linear in fixed literals. It was not written (nor checked against the
search); the search alone answers Apophis. Also unlimited rounds, draw 3, a hand, Tut's
Tomb's overlap and the objective ``pyramid`` (the classic presets, which the classic
models answer) are refused by :func:`unsupported`.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from itertools import pairwise

from ortools.sat.python import cp_model

from pyramids.core.board import Board, Play
from pyramids.core.cards import Card
from pyramids.core.rules import Rules
from pyramids.engines.cpsat.game_rules import unsupported
from pyramids.engines.cpsat.open_model import Model, solver_params


class GameModelError(RuntimeError):
    """A model solution could not be played: a bug in the model, never a user error."""


@dataclass
class GameResult:
    """``winnable`` with the moves after ``start``, ``blocked`` (the model is infeasible:
    no line wins) or ``unknown`` (a limit ran out, or a model bug: ``reason``)."""

    status: str
    moves: tuple[Play, ...] = ()
    seconds: float = 0.0
    branches: int = 0
    reason: str = ""
    variables: int = 0
    extra: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class GameOptions:
    """How the model is stated (every choice states the same rules exactly; they differ
    in speed only). ``cursor``: ``ladder`` (a talon card's time is a linear sum over its
    order literals) or ``int`` (the cursor an integer, its order literals tied to it).
    ``horizon``: a phase holds ``cards`` (every card of the game) or ``live`` (the cards
    left) distinct times.
    ``twins``: two talon cards of one rank lying next to each other go in talon order.
    ``probing``: CP-SAT's probing level. ``hint``: greedy playouts (the first in a fixed
    order, the rest shuffled by seeds 1, 2, ...) whose longest line is CP-SAT's hint.
    ``between``: two talon cards that pair are preceded by every live talon card between
    them (a redundant statement of the cursor rule, :meth:`GameModel._between`)."""

    cursor: str = "int"
    horizon: str = "live"
    twins: bool = True
    probing: int = 0
    hint: int = 0
    between: bool = False


    @classmethod
    def for_rules(cls, rules: Rules) -> GameOptions:
        """The defaults for ``rules``: the greedy hint for two decks only (measured,
        benchmarks/bench_cpsat_results.txt: it finds most two-deck wins outright; on
        one deck it costs more than it saves), and "between" for two decks (h75, the same
        file: Double Pyramid's deterministic time a deal three times lower; on Cheops's
        17 hardest deals of 1-162 it was a little slower, 0.07 to 0.10 det s)."""
        two = rules.decks == 2
        return cls(hint=50 if two else 0, between=two)


#: the model as first stated (benchmarks compare against it)
BASELINE = GameOptions(cursor="ladder", horizon="cards", twins=False, probing=0, hint=0)


class GameModel:
    """Build the model of ``rules`` from the position ``board`` reached; solve; play."""

    def __init__(self, rules: Rules, cards: tuple[Card, ...], board: Board,
                 options: GameOptions | None = None) -> None:
        why = unsupported(rules)
        if why is not None:
            raise ValueError(f"{rules.name}: CP-SAT does not model {why}")
        self.rules, self.cards, self.board = rules, cards, board
        self.options = options = options or GameOptions.for_rules(rules)
        lay, t = rules.layout, rules.talon
        self.n = lay.size
        self.N = rules.cards - self.n
        self.live = [not board.removed >> a & 1 for a in range(rules.cards)]
        self.three = t.wastes == 3
        # the cursor's range and the position's phase (its round and the deals made)
        if self.three:
            self.kmax = -(-self.N // 3)
            dealt = self.N - len(board.talon)
            self.k0 = -(-dealt // 3)
        else:
            self.kmax = self.N
            self.k0 = board.talon[0] - self.n if board.talon else self.N
        self.rounds = 1 if not t.exists else (t.rounds or 1) - board.round + 1
        self.M = rules.cards if options.horizon == "cards" else max(1, sum(self.live))
        self.PH = self.kmax + 1
        self.m = Model()
        self._build()
        if options.hint:
            self._hint(greedy_line(board, options.hint))

    def _deal_no(self, i: int) -> int:
        """The deal of its round that brings talon card ``s_i`` (1-based) out."""
        return -(-i // 3) if self.three else i

    def _build(self) -> None:
        rules, m, live, n = self.rules, self.m, self.live, self.n
        lay, pairing = rules.layout, rules.pairing
        ranks = [c % 13 + 1 for c in self.cards]
        horizon = self.M * self.PH * self.rounds
        cards = [a for a in range(rules.cards) if live[a]]
        self.tau = {a: m.new_int_var(0, horizon - 1, f"t{a}") for a in cards}
        tau = self.tau
        # layout covers
        for p in range(n):
            if live[p]:
                for q in lay.covered_by[p]:
                    if live[q]:
                        m.add(tau[q] < tau[p])
        # pairing: each live card in exactly one pair, or alone
        covering = lay.covering
        self.x: dict[tuple[int, int], cp_model.IntVar] = {}
        self.alone: dict[int, cp_model.IntVar] = {}
        options: dict[int, list[cp_model.IntVar]] = {a: [] for a in cards}
        for i, a in enumerate(cards):
            if ranks[a] in pairing.alone:
                v = m.new_bool_var(f"k{a}")
                self.alone[a] = v
                options[a].append(v)
            for b in cards[i + 1:]:
                if not pairing.goes_with(ranks[a], ranks[b]):
                    continue
                if (a < n and b in covering[a]) or (b < n and a in covering[b]):
                    continue
                v = m.new_bool_var(f"x{a}_{b}")
                self.x[a, b] = v
                options[a].append(v)
                options[b].append(v)
                m.add(tau[a] == tau[b]).only_enforce_if(v)
        for a in cards:
            m.add_exactly_one(options[a])
        self._talon(cards)

    def _talon(self, cards: list[int]) -> None:
        m, tau, n = self.m, self.tau, self.n
        t = self.rules.talon
        talon = [a for a in cards if a >= n]
        if not talon:
            return
        M, PH = self.M, self.PH
        self.talon_vars: dict[int, tuple[cp_model.IntVar, list[cp_model.IntVar]]] = {}
        face_up = t.top_face_up and not self.three
        for a in talon:
            j = a - n + 1
            q = m.new_int_var(0, self.rounds - 1, f"q{a}")
            w = m.new_int_var(0, M - 1, f"w{a}")
            ge = [m.new_bool_var(f"ge{a}_{k}") for k in range(1, self.kmax + 1)]
            self.talon_vars[a] = (q, ge)
            for lo, hi in pairwise(ge):
                m.add_implication(hi, lo)
            if self.options.cursor == "ladder":
                m.add(tau[a] == M * (PH * q + sum(ge)) + w)
            else:
                kv = m.new_int_var(0, self.kmax, f"K{a}")
                for k, g in enumerate(ge, 1):
                    m.add(kv >= k).only_enforce_if(g)
                    m.add(kv < k).only_enforce_if(~g)
                m.add(tau[a] == M * (PH * q + kv) + w)
            if self.k0 > 0:  # the position's round starts with its deals made
                first = m.new_bool_var(f"first{a}")
                m.add(q == 0).only_enforce_if(first)
                m.add(q >= 1).only_enforce_if(~first)
                m.add_bool_and(ge[:self.k0]).only_enforce_if(first)
            d = self._deal_no(j)
            if not face_up:
                m.add(ge[d - 1] == 1)  # dealt by then
            for b in talon:
                i = b - n + 1
                if i > j and (not self.three or (i - j) % 3 == 0):
                    # s_i dealt on top of s_j by the cursor: gone before
                    m.add(tau[b] < tau[a]).only_enforce_if(ge[self._deal_no(i) - 1])
                elif i < j and face_up:
                    # the cursor before s_i: s_i lies above s_j in the talon
                    m.add(tau[b] < tau[a]).only_enforce_if(~ge[i - 1])
            if self.options.twins and not self.three:
                self._twins(a, j, ge, talon)
        if self.options.between and face_up:
            self._between(talon)

    def _between(self, talon: list[int]) -> None:
        """Two talon cards ``s_i``, ``s_j`` (``i < j``) that pair go as the waste top and
        the talon top (the only two talon cards in play at once, one waste): every live
        ``s_k``, ``i < k < j``, lies on the first on the waste (``k <= K``) or on the
        second in the talon (``k > K``), so it went earlier. The cursor rule already says
        so through ``K``; stated on the pair's literal it propagates before ``K`` is
        known (redundant: it removes no solution)."""
        m, tau = self.m, self.tau
        for (a, b), v in self.x.items():
            if a >= self.n and b >= self.n:  # a < b: the keys are in deal order
                for k in talon:
                    if a < k < b:
                        m.add(tau[k] < tau[a]).only_enforce_if(v)

    def _twins(self, a: int, j: int, ge: list[cp_model.IntVar], talon: list[int]) -> None:
        """``s_j`` taken as the talon top before ``s_i``, the live talon card next below
        it, of the same rank: ``s_i`` is then the waste top (no live card between), and
        taking ``s_i`` there instead, dealing ``s_j`` whenever the cursor would stop
        between them, plays the rest of the line alike (the live cards keep their order,
        the two have one rank), so ``tau_i <= tau_j`` loses no win."""
        below = [b for b in talon if b < a]
        if not below:
            return
        b = below[-1]
        if self.cards[b] % 13 == self.cards[a] % 13:
            self.m.add(self.tau[b] <= self.tau[a]).only_enforce_if(~ge[j - 1])

    def solve(self, time_limit: float | None = None,
              deterministic: float | None = None) -> GameResult:
        t0 = time.process_time()
        solver = cp_model.CpSolver()
        solver_params(solver, time_limit, presolve=True, small=True, deterministic=deterministic)
        solver.parameters.cp_model_probing_level = self.options.probing
        status = solver.solve(self.m)
        seconds = time.process_time() - t0
        nvars = len(self.m.proto.variables)
        extra = {"dtime": solver.deterministic_time}
        if status == cp_model.INFEASIBLE:
            return GameResult("blocked", (), seconds, solver.num_branches,
                              "the model is infeasible: no line wins", nvars, extra)
        if status not in (cp_model.FEASIBLE, cp_model.OPTIMAL):
            limit = ("time limit" if time_limit is not None else "deterministic limit")
            return GameResult("unknown", (), seconds, solver.num_branches,
                              f"CP-SAT's {limit} ran out ({solver.status_name(status)})",
                              nvars, extra)
        try:
            moves = self._play(solver)
        except GameModelError as e:  # pragma: no cover - a model bug
            return GameResult("unknown", (), time.process_time() - t0, solver.num_branches,
                              f"the model's line does not play: {e}", nvars, extra)
        return GameResult("winnable", moves, time.process_time() - t0, solver.num_branches,
                          "", nvars, extra)

    def _play(self, solver: cp_model.CpSolver) -> tuple[Play, ...]:
        """The events in time order, played from the position with the deals and
        redeals each needs first."""
        events: list[tuple[int, tuple[int, ...]]] = []
        for a, v in self.alone.items():
            if solver.boolean_value(v):
                events.append((solver.value(self.tau[a]), (a,)))
        for (a, b), v in self.x.items():
            if solver.boolean_value(v):
                events.append((solver.value(self.tau[a]), (a, b)))
        events.sort()
        board = self.board
        base = len(board.moves)
        for _, at in events:
            steps = 0
            while not all(c in board.in_play() for c in at):
                if board.talon:
                    board.push_unchecked(Play("deal"))
                elif board.can_redeal():
                    board.push_unchecked(Play("redeal"))
                else:
                    raise GameModelError(f"{self._names(at)} never comes into play")
                steps += 1
                if steps > 4 * self.M:  # pragma: no cover - a model bug
                    raise GameModelError(f"{self._names(at)}: no deal brings it out")
            move = Play("alone" if len(at) == 1 else "pair", at)
            reason = board.why_illegal(move)
            if reason is not None:
                raise GameModelError(f"{board.format(move)}: {reason}")
            board.push_unchecked(move)
        if not board.is_won():
            raise GameModelError("the events are played and the game is not won")
        return tuple(board.moves[base:])

    def _hint(self, line: list[Play]) -> None:
        """Hint the events of ``line`` (played from the position): each removal's pair
        literal and time, a talon card's round and cursor; the cards it leaves unhinted."""
        board, m, n = self.board, self.m, self.n
        base, round0 = len(board.moves), board.round
        w: dict[tuple[int, int], int] = {}
        try:
            for move in line:
                if move.kind in ("pair", "alone"):
                    q = board.round - round0
                    if self.three:
                        k = -(-(self.N - len(board.talon)) // 3)
                    else:
                        k = board.talon[0] - n if board.talon else self.N
                    at = w.get((q, k), 0)
                    w[q, k] = at + 1
                    tau = self.M * (self.PH * q + k) + min(at, self.M - 1)
                    if len(move.at) == 1:
                        m.add_hint(self.alone[move.at[0]], True)
                    else:
                        m.add_hint(self.x[min(move.at), max(move.at)], True)
                    for a in move.at:
                        m.add_hint(self.tau[a], tau)
                        if a in self.talon_vars:
                            qv, ge = self.talon_vars[a]
                            m.add_hint(qv, q)
                            for i, g in enumerate(ge, 1):
                                m.add_hint(g, k >= i)
                board.push_unchecked(move)
        finally:
            while len(board.moves) > base:
                board.pop()

    def _names(self, at: tuple[int, ...]) -> str:
        return "+".join(str(self.cards[a]) for a in at)


def greedy_line(board: Board, tries: int) -> list[Play]:
    """The longest of ``tries`` greedy lines from ``board`` (left as it was): each takes
    a card alone or a pair, layout cards first (ties: the first in a fixed order, or
    shuffled by the try's seed), and deals or redeals only when nothing goes."""
    best: list[Play] = []
    best_left = board.cards_left() + 1
    base = len(board.moves)
    n = board.places
    for k in range(tries):
        rng = random.Random(k)
        while not board.is_won():
            moves = board.legal_moves()
            gone = [mv for mv in moves if mv.kind in ("pair", "alone")]
            if gone:
                if k:
                    rng.shuffle(gone)
                board.push_unchecked(max(gone, key=lambda mv: sum(a < n for a in mv.at)))
            elif moves:
                board.push_unchecked(moves[0])
            else:
                break
        if board.cards_left() < best_left:
            best_left, best = board.cards_left(), list(board.moves[base:])
        while len(board.moves) > base:
            board.pop()
        if best_left == 0:
            break
    return best


def solve_game(rules: Rules, cards: tuple[Card, ...], board: Board, *,
               time_limit: float | None = None,
               deterministic: float | None = None,
               options: GameOptions | None = None) -> GameResult:
    """Can the position ``board`` (of ``cards`` under ``rules``) be won? See the module
    docstring; ``board`` is played on (the moves of a winning line are pushed);
    ``options``: :meth:`GameOptions.for_rules` unless given."""
    t0 = time.process_time()
    model = GameModel(rules, cards, board, options)
    built = time.process_time() - t0
    out = model.solve(time_limit, deterministic)
    out.seconds += built
    return out
