"""Deals: deal numbers (SplitMix64 + Fisher-Yates), and the line, pretty and JSON forms.

A :class:`Deal` is 52 cards in layout order: the pyramid row by row, top to bottom,
left to right, then the rest (stock in dealing order, tableau row by row, or
bouquet). The same 52 cards serve every variant; the variant says where each goes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pyramids.core.cards import DECK, Card, format_cards
from pyramids.core.errors import CardError, DealError
from pyramids.core.variants import Variant, get_variant, pyramid_size

MASK64 = (1 << 64) - 1
MAX_DEAL = MASK64


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 stream of docs/rules.md seeded with ``seed``."""
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def shuffled_deck(number: int) -> list[Card]:
    """Deal ``number``'s deck: Fisher-Yates from card 51 down, driven by SplitMix64."""
    if not isinstance(number, int) or not 0 <= number <= MAX_DEAL:
        raise DealError(f"deal number must be 0 to 2^64-1, got {number!r}")
    deck = list(DECK)
    state = number
    for i in range(51, 0, -1):  # splitmix64() inlined: bulk runs make millions of deals
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@dataclass(frozen=True)
class Deal:
    """52 distinct cards in layout order, and the deal number they came from, if any
    (``number``: the project's numbering; ``pysolfc``: a PySolFC game number, see
    :mod:`pyramids.pysolfc.games`)."""

    cards: tuple[Card, ...]
    number: int | None = field(default=None, compare=False)
    pysolfc: int | str | None = field(default=None, compare=False)  # pysolfc.GameKey

    def __post_init__(self) -> None:
        check_cards(self.cards)

    @classmethod
    def from_number(cls, number: int) -> Deal:
        return cls(tuple(shuffled_deck(number)), number)

    @classmethod
    def parse(cls, text: str, variant: Variant | None = None) -> Deal:
        """Parse a deal number, the line form, the pretty form or JSON (``variant``: the
        pretty form's, if known). ``pysolfc:N`` is :func:`pyramids.pysolfc.parse_deal`'s:
        PySolFC deals each game its own way."""
        s = text.strip()
        if not s:
            raise DealError("empty deal")
        if s.lower().startswith("pysolfc"):
            raise DealError(f"{s[:40]!r} is a PySolFC game: it needs the variant "
                            "(pyramids.pysolfc.parse_deal), PySolFC deals each game its "
                            "own way")
        if s.startswith("{"):
            return cls.from_json(s)
        if re.fullmatch(r"#?\d+", s):
            return cls.from_number(int(s.lstrip("#")))
        if "\n" in s:
            return parse_pretty(s, variant)
        return cls.parse_line(s)

    @classmethod
    def parse_line(cls, text: str) -> Deal:
        """52 cards separated by spaces or commas."""
        try:
            from pyramids.core.cards import parse_cards

            cards = parse_cards(text)
        except CardError as e:
            raise DealError(str(e)) from None
        return cls(tuple(cards))

    # -- views -------------------------------------------------------------
    def pyramid(self, variant: Variant) -> tuple[Card, ...]:
        return self.cards[: variant.pyramid_cards]

    def rest(self, variant: Variant) -> tuple[Card, ...]:
        """Stock in dealing order, tableau row by row, or bouquet."""
        return self.cards[variant.pyramid_cards :]

    def pyramid_rows(self, variant: Variant) -> list[tuple[Card, ...]]:
        return [self.cards[pyramid_size(r - 1) : pyramid_size(r)]
                for r in range(1, variant.rows + 1)]

    def tableau_rows(self, variant: Variant) -> list[tuple[Card, ...]]:
        rest, c = self.rest(variant), variant.columns or 1
        return [rest[i : i + c] for i in range(0, len(rest), c)]

    # -- forms -------------------------------------------------------------
    def line(self) -> str:
        """The compact form: 52 cards in layout order."""
        return format_cards(self.cards)

    def __str__(self) -> str:
        return self.line()

    def label(self) -> str:
        """How the deal is named: ``17``, ``pysolfc:32000``, or its 52 cards."""
        if self.number is not None:
            return str(self.number)
        if self.pysolfc is not None:
            return f"pysolfc:{self.pysolfc}"
        return self.line()

    def __repr__(self) -> str:
        if self.number is not None:
            return f"Deal.from_number({self.number})"
        return f"Deal.parse_line({self.line()!r})"

    def pretty(self, variant: Variant, symbols: bool = False) -> str:
        """The pyramid as a triangle, then ``stock:``, ``tableau:`` rows or ``bouquet:``."""
        def fmt(c: Card) -> str:
            return c.symbol() if symbols else str(c)

        lines = []
        if self.number is not None:
            lines.append(f"# deal {self.number} ({variant.name})")
        if self.pysolfc is not None:
            lines.append(f"# PySolFC game {self.pysolfc} ({variant.name})")
        rows = variant.rows
        for r, row in enumerate(self.pyramid_rows(variant), 1):
            lines.append("  " * (rows - r) + "  ".join(fmt(c) for c in row))
        if variant.rest == "tableau":
            lines.append("tableau:")
            lines += ["  " + "  ".join(fmt(c) for c in row) for row in self.tableau_rows(variant)]
        else:
            lines.append(f"{variant.rest}: " + " ".join(fmt(c) for c in self.rest(variant)))
        if variant.opening:
            lines.append("# " + opening_note(self, variant, fmt))
        return "\n".join(lines)

    def to_json_obj(self, variant: Variant | None = None) -> dict[str, Any]:
        v = variant or get_variant()
        obj: dict[str, Any] = {"number": self.number, "variant": v.name, "line": self.line(),
                               "pyramid": [[str(c) for c in row] for row in self.pyramid_rows(v)]}
        if v.rest == "tableau":
            obj["tableau"] = [[str(c) for c in row] for row in self.tableau_rows(v)]
        else:
            obj[v.rest] = [str(c) for c in self.rest(v)]
        if self.pysolfc is not None:
            obj["pysolfc"] = self.pysolfc
        if v.opening:
            obj["opening"] = opening_note(self, v)
        return obj

    def to_json(self, variant: Variant | None = None) -> str:
        return json.dumps(self.to_json_obj(variant))

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> Deal:
        """Read :meth:`to_json`: ``line``, or ``pyramid`` rows and the rest, or ``number``."""
        try:
            obj = json.loads(text) if isinstance(text, str) else text
        except json.JSONDecodeError as e:
            raise DealError(f"malformed JSON deal: {e}") from None
        if not isinstance(obj, dict):
            raise DealError("a JSON deal must be an object")
        number = obj.get("number")
        if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
            raise DealError(f"deal number must be an integer, got {number!r}")
        if "line" in obj:
            if not isinstance(obj["line"], str):
                raise DealError(f"'line' must be a string of 52 cards, got {obj['line']!r}")
            deal = cls.parse_line(obj["line"])
        elif "pyramid" in obj:
            tokens = _json_cards(obj, "pyramid", rows=True)
            for key in ("stock", "bouquet"):
                tokens += _json_cards(obj, key, rows=False)
            tokens += _json_cards(obj, "tableau", rows=True)
            deal = cls.parse_line(" ".join(tokens))
        elif number is not None:
            return cls.from_number(number)
        else:
            raise DealError("a JSON deal needs 'line', 'pyramid' or 'number'")
        if number is not None:
            if deal != cls.from_number(number):
                raise DealError(f"the cards given are not those of deal {number}")
            return cls(deal.cards, number)
        return deal


def opening_note(deal: Deal, variant: Variant, fmt: Any = str) -> str:
    """Where ``variant``'s opening deals leave the stock cards when play starts (the
    solutions begin after them): ``play starts after 1 deal (1 card): waste 7D (top
    last), 5C face up on the stock``."""
    k = variant.opening_dealt
    turned = deal.rest(variant)[:k]
    n = variant.opening
    head = f"play starts after {n} deal{'s' if n > 1 else ''} ({k} card{'s' if k > 1 else ''})"
    if variant.face_up:  # the next card shows on the stock (PySolFC's talon, MSC's deck)
        rest = deal.rest(variant)[k:]
        shows = f", {fmt(rest[0])} face up on the stock" if rest else ""
        return f"{head}: waste {' '.join(fmt(c) for c in turned)} (top last){shows}"
    if variant.draw == 1:
        waste = " ".join(fmt(c) for c in turned[:-1]) or "empty"
        return f"{head}: hand {fmt(turned[-1])}, waste {waste}"
    return f"{head}: waste {' '.join(fmt(c) for c in turned)} (top last)"


def _json_cards(obj: dict[str, Any], key: str, rows: bool) -> list[str]:
    """The card names under ``key`` of a JSON deal: a list of rows of cards, or of cards."""
    value = obj.get(key, [])
    shape = "a list of rows (lists) of cards" if rows else "a list of cards"
    if not isinstance(value, list):
        raise DealError(f"'{key}' must be {shape}, got {value!r}")
    cards: list[str] = []
    for i, item in enumerate(value, 1):
        items = item if rows else [item]
        if not isinstance(items, list) or not all(isinstance(c, str) for c in items):
            what = f"row {i}" if rows else f"item {i}"
            raise DealError(f"'{key}' must be {shape}: {what} is {item!r}")
        cards += items
    return cards


def check_cards(cards: Sequence[int]) -> None:
    """Raise :class:`DealError` for a non-card, a duplicate or a wrong count."""
    if len(cards) == 52 and all(type(c) is Card for c in cards) and len(set(cards)) == 52:
        return  # the common case, quickly; the loop below says what is wrong otherwise
    seen: dict[int, int] = {}
    for pos, c in enumerate(cards, 1):
        if not isinstance(c, Card):
            raise DealError(f"not a card: {c!r} at position {pos}")
        seen.setdefault(c, pos)
    for pos, c in enumerate(cards, 1):
        if seen[c] != pos:  # a player copying a board off a screen typed this card twice
            missing = [str(d) for d in DECK if d not in seen]
            lost = f"; missing: {' '.join(missing)}" if missing else ""
            raise DealError(f"duplicate card '{c}' at position {pos} "
                            f"(first at position {seen[c]}){lost}")
    if len(cards) != 52:
        missing = [str(c) for c in DECK if c not in seen]
        raise DealError(f"a deal has 52 cards, got {len(cards)} (missing: {' '.join(missing)})")


_LABEL = re.compile(r"^\s*(stock|bouquet|tableau|waste)\s*:", re.I)


def parse_pretty(text: str, variant: Variant | None = None) -> Deal:
    """Parse :meth:`Deal.pretty`; with a variant, check the pyramid's row lengths."""
    number = None
    pyramid_lines: list[list[str]] = []
    rest: list[str] = []
    in_rest = False
    for raw in text.splitlines():
        m = re.match(r"^\s*#\s*deal\s+(\d+)", raw)
        if m:
            number = int(m.group(1))
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        label = _LABEL.match(line)
        if label:
            in_rest = True
            line = line[label.end():]
        if in_rest:
            rest += line.replace(",", " ").split()
        else:
            pyramid_lines.append(line.replace(",", " ").split())
    if variant is not None:
        for r, row in enumerate(pyramid_lines, 1):
            if r <= variant.rows and len(row) != r:
                raise DealError(f"pyramid row {r} has {len(row)} cards, expected {r}")
        if len(pyramid_lines) != variant.rows:
            raise DealError(f"the pyramid has {len(pyramid_lines)} rows, "
                            f"expected {variant.rows} for {variant.name}")
    deal = Deal.parse_line(" ".join(t for row in pyramid_lines for t in row) + " " + " ".join(rest))
    if number is not None and number <= MAX_DEAL and deal == Deal.from_number(number):
        return Deal(deal.cards, number)
    return deal
