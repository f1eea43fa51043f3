"""Simple human strategies. A deal that one of them wins is easy for a person.

Each strategy is a deterministic policy over the rules engine: it looks only at the
current position (no look-ahead, no knowledge of the stock), as a casual player does.
"""

from __future__ import annotations

from collections.abc import Callable

from pyramids.core.cards import Card
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.variants import Variant

Policy = Callable[[Game, list[Move]], Move]

MAX_PLIES = 2000  # unlimited passes can loop; a casual player gives up long before this


def _zone(game: Game, card: Card) -> str:
    return game._where[card][0] if not game.is_removed(card) else "gone"


def _pyramid_cards(game: Game, move: Move) -> int:
    return sum(_zone(game, c) == "pyramid" for c in move.cards)


def kings_then_pyramid(game: Game, moves: list[Move]) -> Move:
    """Always discard when possible: Kings first, then pairs with most pyramid cards, then
    any other pair; deal only when nothing can be discarded."""
    discards = [m for m in moves if m.is_discard]
    if not discards:
        return moves[0]
    kings = [m for m in discards if len(m.cards) == 1]
    if kings:
        return kings[0]
    return max(discards, key=lambda m: _pyramid_cards(game, m))  # first of the best


def uncover_most(game: Game, moves: list[Move]) -> Move:
    """Discard when possible, choosing the discard that exposes the most pyramid or
    tableau cards (a player who plays for mobility)."""
    discards = [m for m in moves if m.is_discard]
    if not discards:
        return moves[0]
    before = len(game.available())

    def gain(m: Move) -> tuple[int, int]:
        game.push(m)
        after = len(game.available())
        game.pop()
        return (after - before + 2 * len(m.cards), _pyramid_cards(game, m))

    return max(discards, key=gain)


STRATEGIES: dict[str, Policy] = {
    "greedy": kings_then_pyramid,
    "mobility": uncover_most,
}


def play_out(deal: Deal, variant: Variant, policy: Policy) -> tuple[bool, list[Move]]:
    """Play the policy to the end; return (won, moves played)."""
    game = Game(deal, variant)
    for _ in range(MAX_PLIES):
        if game.is_won():
            return True, list(game.moves)
        moves = game.legal_moves()
        if not moves:
            return False, list(game.moves)
        game.push(policy(game, moves))
    return game.is_won(), list(game.moves)
