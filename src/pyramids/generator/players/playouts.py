"""Games and win rates: a player plays a deal (:func:`play`, :func:`play_each`,
:func:`play_many`, on the numba table of :mod:`pyramids.generator.fastplay` where it
plays the same games, else the reference :class:`.lookahead.Table`), seeded per player
and deal (:func:`rng_for`), and :func:`win_rates` counts the wins with their Wilson
intervals."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from pyramids.bulk.stats import wilson
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.variants import Variant
from pyramids.generator.players.lookahead import MAX_PLIES, Table
from pyramids.generator.players.outcomes import Played, Playout
from pyramids.generator.players.registry import PLAYERS, Player

if TYPE_CHECKING:
    from pyramids.generator.fastplay import FastTable


def _game(table: Table) -> Game:
    """A game whose push skips the legality check: every move played here comes from its
    own ``legal_moves`` (a fifth of the look-ahead's time otherwise)."""
    game = Game(table.deal, table.variant)
    game.why_illegal = lambda move: None  # type: ignore[method-assign]
    return game


AnyTable: TypeAlias = "Table | FastTable"


def make_table(deal: Deal, variant: Variant) -> AnyTable:
    """A table for ``deal``'s games: the numba one of :mod:`.fastplay` when it can be used
    here (the same games, about a hundred times faster), else the reference
    :class:`Table`."""
    from pyramids.generator import (
        fastplay,  # here: numba and its kernels load only when a table is made
    )

    if fastplay.available():
        return fastplay.FastTable(deal, variant)
    return Table(deal, variant)  # pragma: no cover - randrange draws otherwise


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


def play_each(table: AnyTable, player: Player, rng: random.Random, games: int,
              best: int | None = None) -> list[Playout]:
    """Play ``games`` games one after the other, as :func:`play` would, moves and all (on
    the numba table in one call, without a round trip of the generator's state a game)."""
    if not isinstance(table, Table):
        return table.play_each(player, rng, games, best)
    return [play(table, player, rng, best) for _ in range(games)]


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
