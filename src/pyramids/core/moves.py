"""Moves and their notation: ``KC``, ``9H+4C``, ``deal``, ``redeal``, ``draw``, ``recycle``.

A pair is kept with the higher card first (``9H+4C``), so two spellings of the same
discard compare equal and ``Move.parse(str(m)) == m``. ``draw`` and ``recycle`` are
the stock moves in Microsoft Solitaire Collection's words, for a game whose stock top
is face up (``Variant.face_up``): a draw moves the shown top card onto the waste, a
recycle turns the waste over into the stock. The rules engine takes either word for
either kind of stock and writes its own (:func:`stock_words`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from pyramids.core.cards import Card, complementary, parse_each
from pyramids.core.errors import CardError, MoveError

MoveKind = Literal["discard", "deal", "redeal", "draw", "recycle"]
STOCK_KINDS = ("deal", "redeal", "draw", "recycle")
# every discard made so far, by its cards as given (moves are immutable values, and the
# solvers and the referee build the same few thousand over and over)
_DISCARDS: dict[tuple[Card, ...], Move] = {}


@dataclass(frozen=True, order=True)
class Move:
    """A discard of one King or of two cards summing to 13, a deal, or a redeal."""

    kind: MoveKind
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if self.kind == "discard":
            if len(self.cards) not in (1, 2):
                raise MoveError(f"a discard takes 1 or 2 cards, got {len(self.cards)}")
            if len(self.cards) == 2:
                a, b = self.cards
                if a == b:
                    raise MoveError(f"{a}+{b}: the same card twice")
                if (a.value, -int(a)) < (b.value, -int(b)):
                    object.__setattr__(self, "cards", (b, a))
        elif self.kind in STOCK_KINDS:
            if self.cards:
                raise MoveError(f"{self.kind} takes no cards")
        else:
            raise MoveError(f"unknown move kind {self.kind!r}")

    @classmethod
    def discard(cls, *cards: Card) -> Move:
        key = tuple(cards)
        if not all(type(c) is Card for c in key):  # not cached: an int equals its Card
            return cls("discard", key)
        move = _DISCARDS.get(key)
        if move is None:
            move = _DISCARDS[key] = cls("discard", key)
        return move

    @classmethod
    def parse(cls, text: str) -> Move:
        """``KC``, ``9H+4C`` (either order, any case, ``10`` or suit symbols), ``deal``,
        ``redeal`` (``d``, ``r``), ``draw``, ``recycle``."""
        s = text.strip()
        low = s.lower()
        if low in _WORDS:
            return _WORDS[low]
        parts = [p for p in re.split(r"\s*\+\s*", s)]
        if not s or len(parts) > 2 or not all(parts):
            raise MoveError(f"unknown move {text!r}: expected KC, 9H+4C, deal, redeal, "
                            "draw or recycle")
        try:
            cards = tuple(Card.parse(p) for p in parts)
        except CardError as e:
            raise MoveError(f"unknown move {text!r}: {e}") from None
        return cls.discard(*cards)

    @property
    def is_discard(self) -> bool:
        return self.kind == "discard"

    @property
    def is_deal(self) -> bool:
        """A deal, or a draw (the same step in MSC's words)."""
        return self.kind in ("deal", "draw")

    @property
    def is_redeal(self) -> bool:
        """A redeal, or a recycle (the same step in MSC's words)."""
        return self.kind in ("redeal", "recycle")

    @property
    def is_valid_discard(self) -> bool:
        """A King alone or a pair summing to 13 (before asking where the cards are)."""
        if len(self.cards) == 1:
            return self.cards[0].is_king
        return complementary(*self.cards)

    def __str__(self) -> str:
        if self.kind == "discard":
            return "+".join(str(c) for c in self.cards)
        return self.kind

    def symbol(self) -> str:
        """With suit symbols: ``9♥+4♣``."""
        if self.kind == "discard":
            return "+".join(c.symbol() for c in self.cards)
        return self.kind

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


DEAL = Move("deal")
REDEAL = Move("redeal")
DRAW = Move("draw")
RECYCLE = Move("recycle")
_WORDS = {"deal": DEAL, "d": DEAL, "redeal": REDEAL, "r": REDEAL, "draw": DRAW,
          "recycle": RECYCLE}


def stock_words(face_up: bool) -> tuple[Move, Move]:
    """The (deal, redeal) moves of a stock game: ``draw`` and ``recycle`` when its top
    card is face up (MSC), else ``deal`` and ``redeal``."""
    return (DRAW, RECYCLE) if face_up else (DEAL, REDEAL)

_NUMBER = re.compile(r"^\d+[.):]?$")


def parse_moves(text: str | Iterable[str]) -> list[Move]:
    """A solution: moves one per line or separated by spaces or commas.

    Step numbers (``12.``), ``#`` comments and blank lines are skipped, so the numbered
    output of ``pyramids solve`` reads back. Errors name the 1-based move number.
    """
    lines = text.splitlines() if isinstance(text, str) else list(text)
    tokens: list[str] = []
    for line in lines:
        line = line.split("#", 1)[0]
        line = re.sub(r"\s*\+\s*", "+", line)
        tokens += [t for t in line.replace(",", " ").split() if not _NUMBER.match(t)]
    return parse_each(tokens, Move.parse, MoveError, "move {i}: {e}")


def format_moves(moves: Sequence[Move], numbered: bool = False, symbols: bool = False) -> str:
    """Space-separated, or one numbered move per line."""
    text = [m.symbol() if symbols else str(m) for m in moves]
    if numbered:
        width = len(str(len(text)))
        return "\n".join(f"{i:>{width}}. {t}" for i, t in enumerate(text, 1))
    return " ".join(text)
