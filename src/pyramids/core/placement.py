"""Where every card of a position goes: the one layout the book and the web page both draw.

A :class:`View` is what a picture of a position shows (taken from an engine
:class:`~pyramids.core.game.Game`); :func:`layout` places its cards, empty places and captions
for a given card width: the pyramid overlapping as on a table, then the tableau, the stock
(in the order it is dealt, in rows of at most :data:`FAN_ROW_CARDS`, a draw-3 stock in
threes), the waste and the hand, or the bouquet. The book scales it to fit a page
(:func:`fit_width`, then ``book.diagram`` draws it with reportlab); the service sends it to
the web page in ``/v1/position`` (:func:`page_board`), which draws it as SVG and decides
nothing about where a card lies. Coordinates are in the same unit as the card width, x from
the left and y down from the top. This module draws nothing and imports no drawing library.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from pyramids.core.cards import Card
from pyramids.core.game import Game
from pyramids.core.variants import Variant

CARD_RATIO = 1.4  # height / width, close to a poker card (88.9 x 63.5 mm)
CAPTION_SIZE = 7.5  # the book's captions and stock numbers, in points
GAP = 0.1  # horizontal gap between cards, in card widths
PYRAMID_STEP = 0.50  # vertical step between pyramid rows, in card heights
COLUMN_STEP = 0.42  # vertical step inside a tableau column, in card heights
FAN_STEP_MIN = 0.40  # horizontal step of a fanned row, in card widths (shows the index)
FAN_ROW_CARDS = 12  # at most this many cards in one fanned row
GROUP_GAP = 0.3  # the gap after each three of a draw-3 stock, in card widths
ROW_GAP = 0.12  # between fanned rows (and before the waste), in card heights

#: The web page's scale: a card 100 units wide, captions and numbers of 18 units.
PAGE_CARD = 100.0
PAGE_TEXT = 18.0

#: What an op places: a card, an empty place, a caption (centred at x, baseline at y) or a
#: number of the dealing order over a stock card (the same).
Op = tuple[str, float, float, Card | str | None]


@dataclass(frozen=True)
class View:
    """The cards a picture shows: the pyramid (``None`` for a removed card) and the rest."""

    variant: Variant
    pyramid: tuple[Card | None, ...]
    stock: tuple[Card, ...] = ()
    hand: Card | None = None
    waste: tuple[Card, ...] = ()
    columns: tuple[tuple[Card, ...], ...] = ()
    bouquet: tuple[Card, ...] = ()
    pass_no: int = 1
    start: bool = True  # the opening position (stock shown numbered in dealing order)

    @classmethod
    def of(cls, game: Game) -> View:
        v = game.variant
        pyr = tuple(None if game.is_removed(c) else c for c in game.pyramid_layout)
        cols = tuple(game.column_cards(i) for i in range(len(game.columns)))
        return cls(v, pyr, tuple(game.stock), game.hand, tuple(game.waste), cols,
                   tuple(game.bouquet()), game.pass_no, start=not game.moves)


@dataclass
class Placed:
    """Cards, empty places and captions placed for one card width; y grows downwards."""

    card_width: float
    width: float = 0.0
    height: float = 0.0
    ops: list[Op] = field(default_factory=list)

    def cards(self) -> dict[Card, tuple[float, float]]:
        """Where each card lies (its top-left corner)."""
        return {what: (x, y) for kind, x, y, what in self.ops
                if kind == "card" and isinstance(what, Card)}


def fan_rows(n: int, group: int = 1) -> list[int]:
    """Split ``n`` fanned cards into balanced rows of at most FAN_ROW_CARDS, each a
    whole number of ``group``s where possible."""
    if n == 0:
        return []
    k = math.ceil(n / FAN_ROW_CARDS)
    if group > 1 and FAN_ROW_CARDS % group == 0:
        groups = math.ceil(n / group)
        base, extra = divmod(groups, k)
        sizes = [(base + (1 if i < extra else 0)) * group for i in range(k)]
        sizes[-1] -= sum(sizes) - n
        return sizes
    base, extra = divmod(n, k)
    return [base + (1 if i < extra else 0) for i in range(k)]


def rest_count(v: Variant) -> int:
    """How many cards lie outside the pyramid."""
    return 52 - v.rows * (v.rows + 1) // 2


def _fan_width(v: Variant, w: float) -> float:
    """The narrowest width in which every fanned row of ``v`` fits at the smallest step
    (a small pyramid would otherwise be narrower than its stock's rows)."""
    if v.rest == "tableau":
        return 0.0
    n = min(rest_count(v), FAN_ROW_CARDS)
    if n == 0:
        return 0.0
    row = w + (n - 1) * FAN_STEP_MIN * w
    if v.rest != "stock":
        return row
    group = v.draw or 1
    dealt = row + ((n - 1) // group) * GROUP_GAP * w if group > 1 else row
    hand = row + (w + 2 * GAP * w) if v.draw == 1 and not v.face_up else row
    return max(dealt, hand)


def layout(view: View, w: float, numbers: bool = True, captions: bool = True,
           text_size: float = CAPTION_SIZE) -> Placed:
    """Place every card of ``view`` for card width ``w``; x from the left, y from the top.

    ``numbers`` numbers the stock in dealing order (1 is the next card dealt); ``captions``
    names each part; ``text_size`` is the size of both, in the unit of ``w``.
    """
    v = view.variant
    h = CARD_RATIO * w
    g = GAP * w
    rows = v.rows
    pyr_w = rows * w + (rows - 1) * g
    rest_w = pyr_w
    if v.rest == "tableau" and v.columns:
        rest_w = v.columns * w + (v.columns - 1) * g
    width = max(pyr_w, rest_w, _fan_width(v, w))
    out = Placed(w, width)
    cap = text_size * 1.5 if captions else 0.0

    # The pyramid, top row first so lower rows lie on top of the upper ones.
    x0 = (width - pyr_w) / 2
    for r in range(1, rows + 1):
        for i in range(r):
            p = r * (r - 1) // 2 + i
            x = x0 + (rows - r) * (w + g) / 2 + i * (w + g)
            y = (r - 1) * PYRAMID_STEP * h
            card = view.pyramid[p]
            out.ops.append(("card", x, y, card) if card is not None else ("slot", x, y, None))
    y = h + (rows - 1) * PYRAMID_STEP * h + 0.22 * h

    if v.rest == "tableau":
        y = _tableau(view, out, y, w, cap, text_size)
    elif v.rest == "stock":
        y = _stock(view, out, y, w, cap, numbers, text_size)
    else:
        if captions:
            out.ops.append(("text", width / 2, y + text_size, "Bouquet: every card available"))
        y = _fan(out, list(view.bouquet), y + cap, w, width, numbers=False, text_size=text_size)
    out.height = y
    return out


def _tableau(view: View, out: Placed, y: float, w: float, cap: float,
             text_size: float) -> float:
    v = view.variant
    h, g = CARD_RATIO * w, GAP * w
    cols = v.columns or 0
    x0 = (out.width - (cols * w + (cols - 1) * g)) / 2
    if cap:
        out.ops.append(("text", out.width / 2, y + text_size,
                        "Tableau: only the lowest card of each column is available"))
    y += cap
    depth = max(1, v.tableau_rows or 1)
    for col, cards in enumerate(view.columns):
        x = x0 + col * (w + g)
        if not cards:
            out.ops.append(("slot", x, y, None))
        for d, card in enumerate(cards):
            out.ops.append(("card", x, y + d * COLUMN_STEP * h, card))
    return y + h + (depth - 1) * COLUMN_STEP * h


def _deck_word(variant: Variant) -> str:
    """What a face-up stock is called: PySolFC's talon, MSC's deck."""
    return "Talon" if variant.pysolfc_talon else "Deck"


def _stock(view: View, out: Placed, y: float, w: float, cap: float, numbers: bool,
           text_size: float) -> float:
    up = view.variant.face_up
    if view.start:
        if cap:
            text = (f"{_deck_word(view.variant)}, face up, in this order: its top card (1) "
                    "is in play" if up else "Stock, dealt in this order (1 first)")
            if view.variant.draw == 3:
                text += ", three at a time"
            out.ops.append(("text", out.width / 2, y + text_size, text))
        y = _fan(out, list(view.stock), y + cap, w, out.width, numbers=numbers,
                 group=view.variant.draw or 1, text_size=text_size)
        if not view.waste and view.hand is None:
            return y
        # the cards a variant's opening deals turned up (PySolFC's games start so)
        return _waste(view, out, y, w, cap, text_size)
    # A later position: what is left of the stock, then hand and waste.
    if cap:
        pass_text = f"pass {view.pass_no}: " if (view.variant.passes or 2) > 1 else ""
        where = (_deck_word(view.variant).lower() + " ({} left; its top card, on the left, "
                 "is in play)" if up
                 else "stock ({} left, next on the left)")
        out.ops.append(("text", out.width / 2, y + text_size,
                        pass_text + where.format(len(view.stock))))
    y = _fan(out, list(view.stock), y + cap, w, out.width, numbers=numbers, empty_slot=True,
             text_size=text_size)
    return _waste(view, out, y, w, cap, text_size)


def _waste(view: View, out: Placed, y: float, w: float, cap: float, text_size: float) -> float:
    """The waste, top on the right, and the hand set apart after it."""
    y += ROW_GAP * CARD_RATIO * w
    if cap:
        text = "waste (top on the right)" if view.hand is None and (
            view.variant.draw == 3 or view.variant.face_up) else \
            "waste (top on the right), then the hand"
        out.ops.append(("text", out.width / 2, y + text_size, text))
    line = list(view.waste)
    y2 = _fan(out, line, y + cap, w, out.width, numbers=False, empty_slot=True,
              extra=view.hand, text_size=text_size)
    return y2


def _fan(out: Placed, cards: list[Card], y: float, w: float, width: float, numbers: bool,
         empty_slot: bool = False, extra: Card | None = None, group: int = 1,
         text_size: float = CAPTION_SIZE) -> float:
    """Cards in overlapping rows, the first on the left; returns the y below them.

    ``extra`` (the hand) is set apart at the right end of the first row; ``group`` > 1
    leaves a little gap after every ``group`` cards (a draw-3 stock dealt in threes).
    """
    h, g = CARD_RATIO * w, GAP * w
    num = text_size * 1.3 if numbers else 0.0
    rows = fan_rows(len(cards), group)
    if not rows:
        rows = [0]
    k = 0
    for n in rows:
        extra_w = (w + 2 * g) if extra is not None else 0.0
        gaps = (n - 1) // group if group > 1 and n else 0
        gap = GROUP_GAP * w if gaps else 0.0
        step = w + g if n <= 1 else min(w + g, max(FAN_STEP_MIN * w,
                                                   (width - extra_w - w - gaps * gap) / (n - 1)))
        row_w = (w + (n - 1) * step + gaps * gap if n else (w if empty_slot else 0.0)) + extra_w
        x = (width - row_w) / 2
        if n == 0 and empty_slot:
            out.ops.append(("slot", x, y + num, None))
        for i in range(n):
            cx = x + i * step + (i // group) * gap
            if numbers:
                out.ops.append(("number", cx + min(step, w) / 2, y + text_size,
                                str(k + i + 1)))
            out.ops.append(("card", cx, y + num, cards[k + i]))
        if extra is not None:
            out.ops.append(("card", x + row_w - w, y + num, extra))
        k += n
        y += num + h + ROW_GAP * h
        extra = None
    return y - ROW_GAP * h


def fit_width(view: View, max_width: float, max_height: float, max_card: float,
              numbers: bool = True, captions: bool = True,
              text_size: float = CAPTION_SIZE) -> float:
    """The largest card width (at most ``max_card``) whose layout fits the box."""
    a = layout(view, 10.0, numbers, captions, text_size)
    b = layout(view, 20.0, numbers, captions, text_size)
    # width and height are affine in the card width (captions are fixed-size).
    kw = (b.width - a.width) / 10.0
    kh = (b.height - a.height) / 10.0
    ch = a.height - 10.0 * kh
    w = min(max_card, max_width / kw if kw > 0 else max_card,
            (max_height - ch) / kh if kh > 0 else max_card)
    return max(w, 4.0)


def frame_height(view: View, w: float, numbers: bool = True, captions: bool = True,
                 text_size: float = CAPTION_SIZE) -> float:
    """The tallest layout of any position of ``view``'s deal (the stock and waste take the
    most rows when split between them), so that a board drawn at this height never resizes
    as play goes on."""
    tallest = layout(view, w, numbers, captions, text_size).height
    v = view.variant
    if v.rest == "tableau":
        return tallest
    rest = (*view.stock, *view.waste, *([view.hand] if view.hand is not None else []),
            *view.bouquet)
    start = replace(view, start=True, hand=None, waste=(), stock=(), bouquet=())
    if v.rest == "stock":
        tries = [replace(start, stock=rest)]
        tries += [replace(start, start=False, stock=rest[:s], waste=rest[s:])
                  for s in range(len(rest) + 1)]
    else:
        tries = [replace(start, bouquet=rest)]
    for t in tries:
        tallest = max(tallest, layout(t, w, numbers, captions, text_size).height)
    return tallest


def page_board(view: View, digits: int = 2) -> dict[str, Any]:
    """The layout the web page draws, as JSON: a card :data:`PAGE_CARD` wide, every card's
    top-left corner by its code, the empty places, and the captions and stock numbers
    (``[x, y, text]``, centred on x, baseline at y)."""
    placed = layout(view, PAGE_CARD, numbers=True, captions=True, text_size=PAGE_TEXT)

    def r(x: float) -> float:
        return round(x, digits)

    return {
        "cards": {str(what): [r(x), r(y)] for kind, x, y, what in placed.ops
                  if kind == "card"},
        "slots": [[r(x), r(y)] for kind, x, y, _ in placed.ops if kind == "slot"],
        "captions": [[r(x), r(y), what] for kind, x, y, what in placed.ops if kind == "text"],
        "numbers": [[r(x), r(y), what] for kind, x, y, what in placed.ops if kind == "number"],
    }


def page_frame(view: View) -> dict[str, float]:
    """The size of the web page's board for ``view``'s deal (the same for every position
    of it), and the card and text sizes its layout uses."""
    placed = layout(view, PAGE_CARD, text_size=PAGE_TEXT)
    return {"width": round(placed.width, 2),
            "height": round(frame_height(view, PAGE_CARD, text_size=PAGE_TEXT), 2),
            "card_width": PAGE_CARD, "card_height": PAGE_CARD * CARD_RATIO,
            "text_size": PAGE_TEXT}
