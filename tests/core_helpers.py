"""Helpers shared by the core tests: build exact positions from explicit card lists."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pyramids.core.cards import DECK, Card
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move, parse_moves
from pyramids.core.variants import Variant, pyramid_size


def make_deal(at: Mapping[int, str], fill: Iterable[Card] = DECK) -> Deal:
    """A deal with card ``at[i]`` at layout index ``i``; every other slot gets the
    unused cards in ``fill`` order (deck order by default)."""
    slots: list[Card | None] = [None] * 52
    for i, text in at.items():
        slots[i] = Card.parse(text)
    used = {c for c in slots if c is not None}
    assert len(used) == len(at), "a card is placed twice"
    spare = iter(c for c in fill if c not in used)
    return Deal(tuple(c if c is not None else next(spare) for c in slots))


def pyramid_at(rows: int, row: int, cards: str) -> dict[int, str]:
    """Cards (space separated) for pyramid row ``row`` from its left end."""
    del rows  # positions do not depend on the pyramid height
    start = pyramid_size(row - 1)
    return {start + i: c for i, c in enumerate(cards.split())}


def rest_at(variant: Variant, cards: str, start: int = 0) -> dict[int, str]:
    """Cards for the rest (stock in dealing order, tableau row by row, bouquet)."""
    base = variant.pyramid_cards + start
    return {base + i: c for i, c in enumerate(cards.split())}


def column_at(variant: Variant, col: int, cards: str) -> dict[int, str]:
    """Cards for tableau column ``col`` (0-based), first dealt (deepest) first."""
    assert variant.columns is not None
    return {variant.pyramid_cards + d * variant.columns + col: c
            for d, c in enumerate(cards.split())}


def play(game: Game, moves: str) -> Game:
    """Push every move of ``moves`` (a solution text)."""
    for m in parse_moves(moves):
        game.push(m)
    return game


def legal(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def mv(text: str) -> Move:
    return Move.parse(text)


# A bottom row of 7 cards that pairs with nothing in the bottom row and holds no King:
# values 1 and 2 only (their partners, Q and J, are kept out of the stock where it matters).
INERT_BOTTOM = "AC AD AH AS 2C 2D 2H"
