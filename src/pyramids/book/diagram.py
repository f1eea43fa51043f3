"""Diagrams of a position: the pyramid overlapping as on a table, then the rest of the deal.

A :class:`View` is what a diagram shows (taken from an engine :class:`~pyramids.engine.Game`,
at the start or at a checkpoint of a solution); :func:`layout` places its cards for a
given card width; :class:`PositionDiagram` is a platypus flowable that picks the largest
card width (up to a cap) that fits the space it is given.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ..cards import Card
from ..engine import Game
from ..variants import Variant
from .drawing import CARD_RATIO, draw_card, draw_slot

CAPTION_FONT = "Helvetica"
CAPTION_SIZE = 7.5
CAPTION_COLOR = HexColor("#555555")
GAP = 0.1  # horizontal gap between cards, in card widths
PYRAMID_STEP = 0.50  # vertical step between pyramid rows, in card heights
COLUMN_STEP = 0.42  # vertical step inside a tableau column, in card heights
FAN_STEP_MIN = 0.40  # horizontal step of a fanned row, in card widths (shows the index)
FAN_ROW_CARDS = 12


@dataclass(frozen=True)
class View:
    """The cards a diagram shows: the pyramid (``None`` for a removed card) and the rest."""

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
    """Cards and captions placed for one card width; y grows downwards from the top."""

    card_width: float
    width: float = 0.0
    height: float = 0.0
    ops: list[tuple[str, float, float, object]] = field(default_factory=list)


def _fan_rows(n: int, group: int = 1) -> list[int]:
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


def layout(view: View, w: float, numbers: bool = True, captions: bool = True) -> Placed:
    """Place every card of ``view`` for card width ``w``; x from the left, y from the top."""
    v = view.variant
    h = CARD_RATIO * w
    g = GAP * w
    rows = v.rows
    pyr_w = rows * w + (rows - 1) * g
    rest_w = pyr_w
    if v.rest == "tableau" and v.columns:
        rest_w = v.columns * w + (v.columns - 1) * g
    width = max(pyr_w, rest_w)
    out = Placed(w, width)
    cap = CAPTION_SIZE * 1.5 if captions else 0.0

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
        y = _tableau(view, out, y, w, cap)
    elif v.rest == "stock":
        y = _stock(view, out, y, w, cap, numbers)
    else:
        if captions:
            out.ops.append(("text", width / 2, y + CAPTION_SIZE, "Bouquet: every card available"))
        y = _fan(out, list(view.bouquet), y + cap, w, width, numbers=False)
    out.height = y
    return out


def _tableau(view: View, out: Placed, y: float, w: float, cap: float) -> float:
    v = view.variant
    h, g = CARD_RATIO * w, GAP * w
    cols = v.columns or 0
    x0 = (out.width - (cols * w + (cols - 1) * g)) / 2
    if cap:
        out.ops.append(("text", out.width / 2, y + CAPTION_SIZE,
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


def _stock(view: View, out: Placed, y: float, w: float, cap: float, numbers: bool) -> float:
    if view.start:
        if cap:
            text = "Stock, dealt in this order (1 first)"
            if view.variant.draw == 3:
                text += ", three at a time"
            out.ops.append(("text", out.width / 2, y + CAPTION_SIZE, text))
        y = _fan(out, list(view.stock), y + cap, w, out.width, numbers=numbers,
                 group=view.variant.draw or 1)
        if not view.waste and view.hand is None:
            return y
        # the cards a variant's opening deals turned up (PySolFC's games start so)
        return _waste(view, out, y, w, cap)
    # A checkpoint: what is left of the stock, then hand and waste.
    if cap:
        pass_text = f"pass {view.pass_no}: " if (view.variant.passes or 2) > 1 else ""
        out.ops.append(("text", out.width / 2, y + CAPTION_SIZE,
                        f"{pass_text}stock ({len(view.stock)} left, next on the left)"))
    y = _fan(out, list(view.stock), y + cap, w, out.width, numbers=False, empty_slot=True)
    return _waste(view, out, y, w, cap)


def _waste(view: View, out: Placed, y: float, w: float, cap: float) -> float:
    """The waste, top on the right, and the hand set apart after it."""
    y += 0.12 * CARD_RATIO * w
    if cap:
        text = "waste (top on the right)" if view.hand is None and view.variant.draw == 3 else \
            "waste (top on the right), then the hand"
        out.ops.append(("text", out.width / 2, y + CAPTION_SIZE, text))
    line = list(view.waste)
    y2 = _fan(out, line, y + cap, w, out.width, numbers=False, empty_slot=True,
              extra=view.hand)
    return y2


def _fan(out: Placed, cards: list[Card], y: float, w: float, width: float, numbers: bool,
         empty_slot: bool = False, extra: Card | None = None, group: int = 1) -> float:
    """Cards in overlapping rows, the first on the left; returns the y below them.

    ``extra`` (the hand) is set apart at the right end of the first row; ``group`` > 1
    leaves a little gap after every ``group`` cards (a draw-3 stock dealt in threes).
    """
    h, g = CARD_RATIO * w, GAP * w
    num = CAPTION_SIZE * 1.3 if numbers else 0.0
    rows = _fan_rows(len(cards), group)
    if not rows:
        rows = [0]
    k = 0
    for n in rows:
        extra_w = (w + 2 * g) if extra is not None else 0.0
        gaps = (n - 1) // group if group > 1 and n else 0
        gap = 0.3 * w if gaps else 0.0
        step = w + g if n <= 1 else min(w + g, max(FAN_STEP_MIN * w,
                                                   (width - extra_w - w - gaps * gap) / (n - 1)))
        row_w = (w + (n - 1) * step + gaps * gap if n else (w if empty_slot else 0.0)) + extra_w
        x = (width - row_w) / 2
        if n == 0 and empty_slot:
            out.ops.append(("slot", x, y + num, None))
        for i in range(n):
            cx = x + i * step + (i // group) * gap
            if numbers:
                out.ops.append(("text", cx + min(step, w) / 2, y + CAPTION_SIZE,
                                str(k + i + 1)))
            out.ops.append(("card", cx, y + num, cards[k + i]))
        if extra is not None:
            out.ops.append(("card", x + row_w - w, y + num, extra))
        k += n
        y += num + h + 0.12 * h
        extra = None
    return y - 0.12 * h


def fit_width(view: View, max_width: float, max_height: float, max_card: float,
              numbers: bool = True, captions: bool = True) -> float:
    """The largest card width (at most ``max_card``) whose layout fits the box."""
    a = layout(view, 10.0, numbers, captions)
    b = layout(view, 20.0, numbers, captions)
    # width and height are affine in the card width (captions are fixed-size).
    kw = (b.width - a.width) / 10.0
    kh = (b.height - a.height) / 10.0
    ch = a.height - 10.0 * kh
    w = min(max_card, max_width / kw if kw > 0 else max_card,
            (max_height - ch) / kh if kh > 0 else max_card)
    return max(w, 4.0)


class PositionDiagram(Flowable):  # type: ignore[misc]
    """A position drawn as cards, sized to fit ``max_width`` x ``max_height`` points."""

    def __init__(self, view: View, max_width: float, max_height: float,
                 max_card: float = 72.0, numbers: bool = True, captions: bool = True,
                 align: str = "CENTER") -> None:
        super().__init__()
        self.view = view
        self.max_width, self.max_height, self.max_card = max_width, max_height, max_card
        self.numbers, self.captions = numbers, captions
        self.hAlign = align
        self.placed: Placed | None = None

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        w = fit_width(self.view, min(self.max_width, avail_width), self.max_height,
                      self.max_card, self.numbers, self.captions)
        self.placed = layout(self.view, w, self.numbers, self.captions)
        self.width, self.height = self.placed.width, self.placed.height
        return self.width, self.height

    def draw(self) -> None:
        if self.placed is None:
            self.wrap(self.max_width, self.max_height)
        assert self.placed is not None
        render(self.canv, self.placed, 0.0, self.placed.height)


def render(canv: Canvas, placed: Placed, x: float, top: float) -> None:
    """Draw ``placed`` with its top-left corner at (x, top) in canvas coordinates."""
    w = placed.card_width
    h = CARD_RATIO * w
    c = canv
    # Empty slots first, so that cards lying over a hole hide its dashed outline.
    ops = [op for op in placed.ops if op[0] == "slot"] + [op for op in placed.ops
                                                         if op[0] != "slot"]
    for kind, ox, oy, what in ops:
        if kind == "card":
            assert isinstance(what, Card)
            draw_card(c, what, x + ox, top - oy - h, w)
        elif kind == "slot":
            draw_slot(c, x + ox, top - oy - h, w)
        else:
            c.saveState()
            c.setFillColor(CAPTION_COLOR)
            c.setFont(CAPTION_FONT, CAPTION_SIZE)
            c.drawCentredString(x + ox, top - oy, str(what))
            c.restoreState()
