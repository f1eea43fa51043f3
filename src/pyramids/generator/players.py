"""Simulated players: how often does someone who plays this way win the deal?

The grade of a puzzle comes mostly from exact solver facts (:mod:`.grading`, which also
counts the games ``lookahead-3`` loses); these players check that the grade means
something at the table (``scripts/player_rates.py``, ``pyramids grade``). Each plays a
deal many times with seeded randomness (deterministic), and its win rate estimates how
hard the deal is for a person who plays like that:

``random``
    a uniformly random legal move (including dealing when a discard is there).
``casual``
    a King at once, else a uniformly random pair, and deals (or redeals) only when
    nothing can be discarded: never looks ahead.
``lookahead-k`` (k = 1, 2, 3)
    looks at every sequence of k moves (the whole deal is shown, as in the puzzles, so
    the stock's order is known) and plays the first move of a best one; ties broken
    uniformly at random. A sequence is worth the cards it discards (Par: the Par score
    it reaches); one that wins is worth most; worth least is one that runs out of
    moves before its end, or ends holding a card that can never be discarded (its
    remaining partners all lie on it or under it: :func:`stuck_rules`). The heuristic
    is deliberately plain: it counts cards, and sees a trap only when it closes
    within k moves.
``planner-k``
    the stock-aware look-ahead, for games whose stock order is shown: looks k
    *discards* ahead with any number of deals in between (so it plans across the stock:
    "deal three cards, then pair the hand with the 8 in the pyramid"), and judges the
    end of a plan by the cards a plain greedy play-out from there would discard
    (:meth:`Table.rollout`). A plan is worth least when it reaches a position proved
    lost (:meth:`Blocking.hopeless`: a card none of whose partners it can ever be
    discarded with, counting that two waste cards never pair once no redeal is left, or
    no pairing of all the cards left). Ties broken uniformly at random.

Under Par scoring a player *wins* when it reaches the deal's best score (given by the
caller: the puzzle's ``best_score``); otherwise when the game is won. Every player gives
up when it would redeal after a whole pass without a discard (the next pass would be the
same), and a game ends after ``MAX_PLIES`` moves at most.

Speed: every playout of a deal shares one :class:`Table`, which caches the legal moves and
the look-ahead values by position (:meth:`pyramids.engine.Game.key`), so a position that
many playouts reach is searched once. Moves come from the engine's own ``legal_moves`` and
are applied with push/pop.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from ..cards import DECK
from ..deals import Deal
from ..engine import Game
from ..moves import Move
from ..stats import wilson
from ..variants import Variant

if TYPE_CHECKING:
    from .fastplay import FastTable

KINDS = ("random", "casual", "lookahead", "planner")
MAX_PLIES = 2000  # a bound on any game (players also give up after a pass without discards)
WIN, LOSS = 10_000.0, -10_000.0


@dataclass(frozen=True)
class Player:
    """A way of playing: ``kind`` is ``random``, ``casual``, ``lookahead`` or ``planner``
    (those two with a ``depth``)."""

    name: str
    kind: str
    depth: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown player kind {self.kind!r}")
        if (self.kind in ("lookahead", "planner")) != (self.depth >= 1):
            raise ValueError(f"player {self.name!r}: depth {self.depth} for kind {self.kind}")


PLAYERS: tuple[Player, ...] = (
    Player("random", "random"),
    Player("casual", "casual"),
    Player("lookahead-1", "lookahead", 1),
    Player("lookahead-2", "lookahead", 2),
    Player("lookahead-3", "lookahead", 3),
)
# the stock-aware players, for games whose stock order is shown (not Par scoring)
PLANNERS: tuple[Player, ...] = tuple(Player(f"planner-{k}", "planner", k) for k in (1, 2, 3))
PLAYER_NAMES = tuple(p.name for p in PLAYERS + PLANNERS)


def players_for(variant: Variant) -> tuple[Player, ...]:
    """The players who measure a deal of ``variant``: :data:`PLAYERS`, and in stock games
    without Par scoring also the :data:`PLANNERS`."""
    if variant.is_stock and variant.scoring != "par":
        return PLAYERS + PLANNERS
    return PLAYERS


def get_player(name: str) -> Player:
    """A player of :data:`PLAYERS` or :data:`PLANNERS` by name, or ``lookahead-K`` /
    ``planner-K`` for any depth K >= 1."""
    for p in PLAYERS + PLANNERS:
        if p.name == name:
            return p
    kind, _, depth = name.partition("-")
    if kind in ("lookahead", "planner") and depth.isdigit() and int(depth) >= 1:
        return Player(name, kind, int(depth))
    raise ValueError(f"unknown player {name!r}: one of {', '.join(PLAYER_NAMES)} "
                     "(or lookahead-K / planner-K for another depth K)")


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


def stuck_rules(deal: Deal, variant: Variant) -> list[tuple[int, int, int]]:
    """For each card other than a King: (its bit, its partners' bits, the bits of the cards
    lying on it or under it). A card whose remaining partners all lie on it or under it
    can never be discarded (a partner on it must go before it is exposed, one under it
    cannot be exposed while it stays). Stock cards lie on nothing; with overlap discards a
    card may go with the one lying on it, so the rule is off."""
    if variant.overlap:
        return []
    game = Game(deal, variant)
    geo = game.geo
    n = variant.pyramid_cards
    pyr = deal.cards[:n]
    rest = deal.cards[n:]
    related = dict.fromkeys(range(52), 0)
    for p in range(n):
        for q in geo.covering(p):  # q lies (transitively) on p
            related[pyr[p]] |= 1 << pyr[q]
            related[pyr[q]] |= 1 << pyr[p]
    if variant.rest == "tableau":
        for c in range(variant.columns or 0):
            col = [rest[t] for t in geo.column(c)]
            mask = sum(1 << x for x in col)
            for x in col:
                related[x] |= mask & ~(1 << x)
    out = []
    for card in deal.cards:
        if card.is_king:
            continue
        partners = sum(1 << x for x in card.complements())
        out.append((1 << card, partners, related[card]))
    return out


# the cards of each pair of ranks that sum to 13: Ace and Queen, ..., six and seven
RANK_PAIRS: tuple[int, ...] = tuple(
    sum(1 << (suit * 13 + v) | 1 << (suit * 13 + 11 - v) for suit in range(4))
    for v in range(6))


@dataclass(frozen=True)
class Blocking:
    """What lies on what, to prove a position lost (no overlap discards, no Par).

    ``over[c]``: the cards that must go before card ``c`` can be discarded (lying on it,
    transitively, in the pyramid; after it in its tableau column); ``related[c]``: those
    and the cards ``c`` lies on: a pair of related cards can never be discarded together.
    """

    variant: Variant
    over: tuple[int, ...]
    related: tuple[int, ...]
    partners: tuple[int, ...]
    pyramid: int
    # (rank pair, its cards left, those in the waste) -> (dead cards, no pairing):
    # what :meth:`_rank_pair` finds depends on nothing else, and positions share it
    _memo: dict[tuple[int, int, int], tuple[int, bool]] = field(
        default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, deal: Deal, variant: Variant) -> Blocking:
        geo = Game(deal, variant).geo
        n = variant.pyramid_cards
        pyr = deal.cards[:n]
        rest = deal.cards[n:]
        over = [0] * 52
        for p in range(n):
            for q in geo.covering(p):
                over[pyr[p]] |= 1 << pyr[q]
        if variant.rest == "tableau":
            for c in range(variant.columns or 0):
                col = [rest[t] for t in geo.column(c)]  # deepest first
                for i, x in enumerate(col):
                    over[x] |= sum(1 << y for y in col[i + 1:])
        under = [0] * 52
        for c in range(52):
            for d in range(52):
                if over[c] >> d & 1:
                    under[d] |= 1 << c
        partners = tuple(sum(1 << x for x in card.complements()) for card in DECK)
        return cls(variant, tuple(over), tuple(o | u for o, u in zip(over, under, strict=True)),
                   partners, sum(1 << c for c in pyr))

    def _rank_pair(self, v: int, left: int, wmask: int) -> tuple[int, bool]:
        """For the cards ``left`` of rank pair ``v`` (those in ``wmask`` in the waste, no
        redeal left): the cards with no partner left they can go with, and whether the
        cards left cannot all be paired along the pairs still possible (Hall's
        condition: every set of low cards reaches as many partners)."""
        key = (v, left, wmask)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        related, partners = self.related, self.partners
        dead = 0
        reach = []
        for c in range(52):
            if left >> c & 1:
                free = partners[c] & left & ~related[c]
                if wmask >> c & 1:
                    free &= ~wmask
                if not free:
                    dead |= 1 << c
                if c % 13 == v:
                    reach.append(free)
        unpaired = False
        union = [0] * (1 << len(reach))
        for group in range(1, len(union)):
            low = group & -group
            union[group] = union[group ^ low] | reach[low.bit_length() - 1]
            if union[group].bit_count() < group.bit_count():
                unpaired = True
                break
        self._memo[key] = (dead, unpaired)
        return dead, unpaired

    def hopeless(self, game: Game) -> bool:
        """Proved: ``game`` can no longer be won. A card is *dead* when no partner is left
        that it can ever be discarded with (not related to it, not dead, and, once no
        redeal is left, not with both in the waste: the upper one must go before the
        lower one is free), or when a dead card must go before it. Lost: a dead card the
        objective needs; objective all: also no pairing of the cards left along the
        pairs still possible (Hall's condition, rank pair by rank pair)."""
        v = self.variant
        rem = ((1 << 52) - 1) & ~game.removed
        waste = game.waste
        fixed = v.passes is not None and game.pass_no >= v.passes
        wmask = sum(1 << c for c in waste) if fixed else 0
        dead = 0
        for r, cards in enumerate(RANK_PAIRS):
            d, unpaired = self._rank_pair(r, rem & cards, wmask & cards)
            if unpaired and v.objective == "all":
                return True
            dead |= d
        if not dead:
            return False
        over = list(self.over)
        if fixed:
            above = 0
            for w in reversed(waste):
                over[w] |= above
                above |= 1 << w
        related, partners = self.related, self.partners
        changed = True
        while changed:  # what must go after a dead card dies too, and so on
            changed = False
            for c in range(52):
                bit = 1 << c
                if not rem & bit or dead & bit:
                    continue
                rel = related[c] | (wmask if wmask & bit else 0)
                if over[c] & dead or (partners[c] and not partners[c] & rem & ~dead & ~rel):
                    dead |= bit
                    changed = True
        need = rem if v.objective == "all" else rem & self.pyramid
        return bool(dead & need)


@dataclass(frozen=True)
class Playout:
    """One game: won (Par: reached ``best``), the moves played, the best Par score met."""

    won: bool
    moves: tuple[Move, ...]
    score: int | None = None


def _game(table: Table) -> Game:
    """A game whose push skips the legality check: every move played here comes from its
    own ``legal_moves`` (a fifth of the look-ahead's time otherwise)."""
    game = Game(table.deal, table.variant)
    game.why_illegal = lambda move: None  # type: ignore[method-assign]
    return game


@dataclass(frozen=True)
class Played:
    """What :func:`play_many` keeps of a game: won (Par: reached ``best``), the cards
    left at its end, and the best Par score met."""

    won: bool
    left: int
    score: int | None = None


AnyTable: TypeAlias = "Table | FastTable"


def make_table(deal: Deal, variant: Variant) -> AnyTable:
    """A table for ``deal``'s games: the numba one of :mod:`.fastplay` when it can be used
    here (the same games, about a hundred times faster), else the reference
    :class:`Table`."""
    from . import fastplay

    if fastplay.available():
        return fastplay.FastTable(deal, variant)
    return Table(deal, variant)  # pragma: no cover - numba missing


def play_many(table: AnyTable, player: Player, rng: random.Random, games: int,
              best: int | None = None) -> list[Played]:
    """Play ``games`` games one after the other, as :func:`play` would, keeping less."""
    if not isinstance(table, Table):
        return table.play_many(player, rng, games, best)
    out = []
    for _ in range(games):
        p = play(table, player, rng, best)
        out.append(Played(p.won, 52 - sum(len(m.cards) for m in p.moves if m.is_discard),
                          p.score))
    return out


def play(table: AnyTable, player: Player, rng: random.Random, best: int | None = None
         ) -> Playout:
    """Play one game of ``table``'s deal as ``player`` would, drawing on ``rng``."""
    if not isinstance(table, Table):
        return table.play(player, rng, best)
    game = _game(table)
    top = game.par_score() if table.par else None
    pass_start = game.removed  # what was discarded when the current pass began
    for _ in range(MAX_PLIES):
        legal = table.legal(game)
        if not legal:
            break
        if player.kind == "random":
            choices = legal
        elif player.kind == "casual":
            choices = table.casual_moves(game)
        elif player.kind == "planner":
            choices = table.planned_moves(game, player.depth)
        else:
            choices = table.best_moves(game, player.depth)
        move = choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]
        if move.kind == "redeal":
            if game.removed == pass_start:
                break  # a whole pass without a discard: the next one is the same; give up
            pass_start = game.removed
        game.push(move)
        if top is not None:
            top = max(top, game.par_score())
    if table.par:
        return Playout(best is not None and top is not None and top >= best,
                       tuple(game.moves), top)
    return Playout(game.is_won(), tuple(game.moves))


@dataclass(frozen=True)
class WinRate:
    """``wins`` out of ``games`` playouts by ``player``, with the 95 % Wilson interval."""

    player: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def text(self) -> str:
        lo, hi = self.interval
        return (f"{100 * self.rate:6.2f} %  [{100 * lo:.2f}, {100 * hi:.2f}]  "
                f"({self.wins}/{self.games})")


def rng_for(deal: Deal, variant: Variant, player: Player, seed: int) -> random.Random:
    """The seeded generator of one player on one deal (independent of the other players
    and of how many playouts are asked: more playouts extend the same sequence)."""
    return random.Random(f"{seed}|{player.name}|{variant.name}|{deal.line()}")


def win_rates(deal: Deal, variant: Variant, playouts: int = 200,
              players: Sequence[Player] = PLAYERS, seed: int = 0,
              best: int | None = None) -> list[WinRate]:
    """Each player's wins over ``playouts`` games of ``deal`` (Par: reaching ``best``)."""
    if playouts < 1:
        raise ValueError(f"playouts must be at least 1, got {playouts}")
    if variant.scoring == "par" and best is None:
        raise ValueError("under Par scoring a win is reaching the best score: give best=")
    table = make_table(deal, variant)
    out = []
    for p in players:
        rng = rng_for(deal, variant, p, seed)
        wins = sum(g.won for g in play_many(table, p, rng, playouts, best))
        out.append(WinRate(p.name, wins, playouts))
    return out


def falls_grade_by_grade(rates: Sequence[float]) -> bool:
    """Win rates from the easiest grade to the hardest: each is lower than the one before,
    unless both are zero (a player who no longer wins at all)."""
    return all(b < a or a == b == 0 for a, b in itertools.pairwise(rates))
