"""The look-ahead players' evaluation of positions (the reference, in plain Python over
the rules engine; :mod:`pyramids.generator.fastplay` plays the same games on numba
kernels): :class:`Table` caches, by position key, the legal moves, the ``lookahead-k``
values (cards discarded within k moves, a trap seen by :func:`.deadends.stuck_rules`),
the planner's plans (k discards ahead across the stock, judged by a greedy roll-out
and :class:`.deadends.Blocking`), shared by every playout of one deal."""

from __future__ import annotations

from dataclasses import dataclass, field

from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.variants import Variant
from pyramids.generator.players.deadends import Blocking, stuck_rules

MAX_PLIES = 2000  # a bound on any game (players also give up after a pass without discards)
WIN, LOSS = 10_000.0, -10_000.0


@dataclass
class Table:
    """One deal under one variant, with the caches its playouts share (by position key)."""

    deal: Deal
    variant: Variant
    _legal: dict[tuple[object, ...], list[Move]] = field(default_factory=dict, repr=False)
    _casual: dict[tuple[object, ...], list[Move]] = field(default_factory=dict, repr=False)
    _value: dict[tuple[tuple[object, ...], int], float] = field(default_factory=dict,
                                                                 repr=False)
    _best: dict[tuple[tuple[object, ...], int], list[Move]] = field(default_factory=dict,
                                                                    repr=False)
    _stuck: list[tuple[int, int, int]] = field(default_factory=list, repr=False)
    _plan: dict[tuple[tuple[object, ...], int, bool], float | None] = field(
        default_factory=dict, repr=False)
    _hopeless: dict[tuple[object, ...], bool] = field(default_factory=dict, repr=False)
    _blocks: Blocking | None = field(default=None, repr=False)
    _roll: dict[tuple[object, ...], float] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._stuck = stuck_rules(self.deal, self.variant)
        v = self.variant
        if not v.overlap and v.scoring != "par":
            self._blocks = Blocking.of(self.deal, v)

    @property
    def par(self) -> bool:
        return self.variant.scoring == "par"

    def legal(self, game: Game) -> list[Move]:
        key = game.key()
        moves = self._legal.get(key)
        if moves is None:
            moves = self._legal[key] = game.legal_moves()
        return moves

    def casual_moves(self, game: Game) -> list[Move]:
        """Kings if any, else the pairs, else dealing or redealing."""
        key = game.key()
        out = self._casual.get(key)
        if out is None:
            legal = self.legal(game)
            kings = [m for m in legal if m.is_discard and len(m.cards) == 1]
            pairs = [m for m in legal if m.is_discard and len(m.cards) == 2]
            out = self._casual[key] = kings or pairs or list(legal)
        return out

    def _leaf(self, game: Game, legal: list[Move] | None) -> float:
        """What a position is worth to the look-ahead players (``legal``: its legal moves,
        or ``None`` at the search horizon, where they are not generated)."""
        if self.par:
            return float(game.par_score())
        removed = game.removed
        if legal is not None and not legal:
            return WIN if game.is_won() else LOSS + removed.bit_count()
        if game.is_won_fast():
            return WIN
        for bit, partners, related in self._stuck:
            if not removed & bit and partners & ~removed & ~related == 0:
                return LOSS + removed.bit_count()  # a card that can never be discarded
        return float(removed.bit_count())

    def value(self, game: Game, depth: int) -> float:
        """The best worth of a sequence of up to ``depth`` moves from ``game``."""
        key = game.key()
        v = self._value.get((key, depth))
        if v is not None:
            return v
        if depth == 0:
            v = self._leaf(game, None)
        elif not (legal := self.legal(game)):
            v = self._leaf(game, legal)
        else:
            v = LOSS * 2
            for m in legal:
                game.push(m)
                v = max(v, self.value(game, depth - 1))
                game.pop()
        self._value[(key, depth)] = v
        return v

    def hopeless(self, game: Game) -> bool:
        """Proved: ``game`` can no longer be won (:meth:`Blocking.hopeless`; never with
        overlap discards or Par scoring, where it is not worked out)."""
        if self._blocks is None:
            return False
        key = game.key()
        h = self._hopeless.get(key)
        if h is None:
            h = self._hopeless[key] = self._blocks.hopeless(game)
        return h

    def plan_value(self, game: Game, depth: int, dealt: bool = False) -> float | None:
        """The planner's worth of ``game`` looking ``depth`` discards ahead, any number of
        deals in between (``dealt``: a deal was just made, so the next discard must take
        the card it turned up, the hand or the waste top: any other discard was there
        before the deal; ``None`` when there is none).

        Worth: a win most; least a position proved lost (:meth:`hopeless`) or without a
        move (then the more cards discarded the better); at the horizon, the cards a
        plain greedy play-out from there would discard (:meth:`rollout`)."""
        key = (game.key(), depth, dealt)
        if key in self._plan:
            return self._plan[key]
        v: float | None
        if game.is_won_fast():
            v = WIN
        elif self.hopeless(game):
            v = LOSS + game.removed.bit_count()
        elif not (legal := self.legal(game)):
            v = (float(game.par_score()) if self.par else
                 WIN if game.is_won() else LOSS + game.removed.bit_count())
        elif depth == 0:
            v = self.rollout(game)
        else:
            fresh = {game.hand, game.waste[-1] if game.waste else None} - {None}
            v = None
            for m in legal:
                if m.kind == "deal":
                    nd, after = depth, True
                elif dealt and not fresh.intersection(m.cards):
                    continue
                else:
                    nd, after = depth - 1, False
                game.push(m)
                w = self.plan_value(game, nd, after)
                game.pop()
                if w is not None and (v is None or w > v):
                    v = w
        self._plan[key] = v
        return v

    def rollout(self, game: Game) -> float:
        """How many cards a plain greedy play-out from ``game`` discards (a win: ``WIN``;
        Par: the best Par score it reaches): a King, else a pair taking the hand or the
        waste top, else any pair, else deal or redeal (:func:`greedy_move`), until no move
        is left or a whole pass goes by without a discard. Each position's result is
        remembered, so play-outs that meet share the rest of the game."""
        path: list[tuple[object, ...]] = []
        scores: list[float] = []  # Par: the score at each position of the path
        seen: set[tuple[object, ...]] = set()
        played = 0
        pass_start = -1  # what was discarded when the rollout's current pass began
        value: float
        while True:
            key = game.key()
            cached = self._roll.get(key)
            if cached is not None:
                value = cached
                break
            if key in seen:  # a cycle: nothing more is discarded
                value = float(game.par_score()) if self.par else float(
                    game.removed.bit_count())
                break
            seen.add(key)
            path.append(key)
            if self.par:
                scores.append(float(game.par_score()))
            legal = self.legal(game)
            move = greedy_move(game, legal) if legal else None
            if move is not None and move.kind == "redeal":
                if game.removed == pass_start:
                    move = None  # a whole pass without a discard: the next is the same
                pass_start = game.removed
            if game.is_won_fast() or move is None or played >= MAX_PLIES:
                value = (float(game.par_score()) if self.par else
                         WIN if game.is_won() else float(game.removed.bit_count()))
                break
            game.push(move)
            played += 1
        for key, score in zip(reversed(path), reversed(scores or [value] * len(path)),
                              strict=True):
            value = max(value, score)  # (Par: the best score from each position on)
            self._roll[key] = value
        for _ in range(played):
            game.pop()
        return value

    def planned_moves(self, game: Game, depth: int) -> list[Move]:
        """The legal moves that begin a best plan of ``depth`` discards (the planner)."""
        key = game.key()
        out = self._best.get((key, -depth))
        if out is None:
            scored = []
            for m in self.legal(game):
                game.push(m)
                w = self.plan_value(game, depth if m.kind == "deal" else depth - 1,
                                    m.kind == "deal")
                game.pop()
                scored.append((LOSS * 2 if w is None else w, m))
            top = max(s for s, _ in scored)
            out = self._best[(key, -depth)] = [m for s, m in scored if s == top]
        return out

    def best_moves(self, game: Game, depth: int) -> list[Move]:
        """The legal moves that begin a best sequence of ``depth`` moves."""
        key = game.key()
        out = self._best.get((key, depth))
        if out is None:
            scored = []
            for m in self.legal(game):
                game.push(m)
                scored.append((self.value(game, depth - 1), m))
                game.pop()
            top = max(s for s, _ in scored)
            out = self._best[(key, depth)] = [m for s, m in scored if s == top]
        return out


def greedy_move(game: Game, legal: list[Move]) -> Move:
    """The rollout's move: a King, else a pair taking the hand or the waste top (it is
    buried by the next deal), else any pair, else the first legal move (deal)."""
    fresh = {game.hand, game.waste[-1] if game.waste else None}
    pair = None
    for m in legal:
        if not m.is_discard:
            continue
        if len(m.cards) == 1:
            return m
        if pair is None:
            pair = m
        if fresh.intersection(m.cards) and (pair is m or not fresh.intersection(pair.cards)):
            pair = m
    return pair if pair is not None else legal[0]
