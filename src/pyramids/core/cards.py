"""Cards: parse and format, values and complements.

A card is an ``int`` from 0 to 51 in deck order ``AC 2C … KC AD … KD AH … KH AS … KS``
(``suit * 13 + value - 1``), so cards index arrays and bit masks directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from pyramids.core.errors import CardError, PyramidsError

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()} | {
    "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
KING = 13
PAIR_SUM = 13
T = TypeVar("T")


class Card(int):
    """One of the 52 cards. Immutable; ``Card.parse(str(c)) == c``."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise CardError(f"card index {index} out of range 0..51")
        return _CARDS[index] if _CARDS else super().__new__(cls, index)

    @classmethod
    def _make(cls, index: int) -> Card:
        return super().__new__(cls, index)

    @classmethod
    def of(cls, value: int, suit: str) -> Card:
        """The card of ``value`` (1..13) and ``suit`` (one of ``CDHS``)."""
        return _CARDS[SUITS.index(suit) * 13 + value - 1]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``TS``, ``10s``, ``Q♥``, ``ah``… (rank then suit, any case)."""
        s = text.strip()
        if not s:
            raise CardError("empty card")
        if s.upper() in RANKS or s == "10":
            raise CardError(f"unknown card {text!r}: no suit (a card is rank then suit: "
                            "TS, 10s, T♠)")
        suit = _SYMBOL_SUITS.get(s[-1], s[-1].upper())
        rank = s[:-1].upper()
        if rank == "10":
            rank = "T"
        if len(rank) != 1 or rank not in RANKS:
            raise CardError(f"unknown card {text!r}: rank must be one of A 2-9 T J Q K (or 10)")
        if suit not in SUITS:
            raise CardError(f"unknown card {text!r}: suit must be one of C D H S (or ♣ ♦ ♥ ♠)")
        return _CARDS[SUITS.index(suit) * 13 + RANKS.index(rank)]

    @property
    def value(self) -> int:
        """1 (Ace) to 13 (King)."""
        return int(self) % 13 + 1

    @property
    def rank(self) -> str:
        return RANKS[int(self) % 13]

    @property
    def suit(self) -> str:
        return SUITS[int(self) // 13]

    @property
    def is_king(self) -> bool:
        return self.value == KING

    @property
    def is_red(self) -> bool:
        return self.suit in "DH"

    def complements(self) -> tuple[Card, ...]:
        """The four cards it can be discarded with (none for a King)."""
        if self.is_king:
            return ()
        v = PAIR_SUM - self.value
        return tuple(_CARDS[s * 13 + v - 1] for s in range(4))

    def pairs_with(self, other: int) -> bool:
        """Do the two cards sum to 13?"""
        return complementary(int(self), other)

    def symbol(self) -> str:
        """Rank and suit symbol, e.g. ``T♠``."""
        return self.rank + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_CARDS: tuple[Card, ...] = ()
_CARDS = tuple(Card._make(i) for i in range(52))
DECK: tuple[Card, ...] = _CARDS
"""The 52 cards in deck order."""


def value_of(card: int) -> int:
    """Value 1..13 of a card index (fast path for hot code)."""
    return card % 13 + 1


def complementary(a: int, b: int) -> bool:
    """Can ``a`` and ``b`` be discarded together (values sum to 13)?"""
    return a % 13 + b % 13 + 2 == PAIR_SUM


def rank_pair_name(value: int) -> str:
    """``A+Q`` for 1 or 12, ``K`` for 13: the complementary rank pair of a value."""
    if value == KING:
        return "K"
    low = min(value, PAIR_SUM - value)
    return RANKS[low - 1] + "+" + RANKS[PAIR_SUM - low - 1]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse whitespace- or comma-separated cards; errors name the 1-based position."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return parse_each(tokens, Card.parse, CardError, "{e} at position {i}")


def parse_each(tokens: Iterable[str], parse: Callable[[str], T], error: type[PyramidsError],
               where: str) -> list[T]:
    """Each token parsed by ``parse``; the first that raises ``error`` raises it again
    saying which it was: ``where`` with ``{i}`` its 1-based position and ``{e}`` the
    error (as :func:`parse_cards` and :func:`pyramids.core.moves.parse_moves` say)."""
    out = []
    for i, token in enumerate(tokens, 1):
        try:
            out.append(parse(token))
        except error as e:
            raise error(where.format(i=i, e=e)) from None
    return out


def format_cards(cards: Iterable[int], symbols: bool = False) -> str:
    return " ".join(Card(c).symbol() if symbols else str(Card(c)) for c in cards)
