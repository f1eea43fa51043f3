"""Diagrams of a position drawn on a PDF page.

Where each card goes is :mod:`pyramids.core.placement`'s (the web page draws the same layout);
:class:`PositionDiagram` is a platypus flowable that picks the largest card width (up to a
cap) that fits the space it is given, and :func:`render` draws the placed cards, empty
places and captions with reportlab.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from pyramids.book.drawing import draw_card, draw_slot
from pyramids.book.fonts import register
from pyramids.core.cards import Card
from pyramids.core.placement import CAPTION_SIZE, CARD_RATIO, Placed, View, fit_width, layout

CAPTION_COLOR = HexColor("#555555")


class PositionDiagram(Flowable):  # type: ignore[misc]
    """A position drawn as cards, sized to fit ``max_width`` x ``max_height`` points (and
    with ``fill``, the height left in its frame)."""

    def __init__(self, view: View, max_width: float, max_height: float,
                 max_card: float = 72.0, numbers: bool = True, captions: bool = True,
                 align: str = "CENTER", fill: bool = False, min_card: float = 0.0,
                 text_size: float = CAPTION_SIZE,
                 too_small: Callable[[float], None] | None = None) -> None:
        super().__init__()
        self.fill = fill  # fit the height left in the frame too (a puzzle page's diagram)
        # told the card width when it is under min_card (the book then refuses to be made)
        self.min_card, self.text_size, self.too_small = min_card, text_size, too_small
        self.view = view
        self.max_width, self.max_height, self.max_card = max_width, max_height, max_card
        self.numbers, self.captions = numbers, captions
        self.hAlign = align
        self.placed: Placed | None = None

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        high = min(self.max_height, avail_height) if self.fill else self.max_height
        w = fit_width(self.view, min(self.max_width, avail_width), high, self.max_card,
                      self.numbers, self.captions, self.text_size)
        if w < self.min_card and self.too_small is not None:
            self.too_small(w)
        self.placed = layout(self.view, w, self.numbers, self.captions, self.text_size)
        self.width, self.height = self.placed.width, self.placed.height
        return self.width, self.height

    def draw(self) -> None:
        if self.placed is None:
            self.wrap(self.max_width, self.max_height)
        assert self.placed is not None
        render(self.canv, self.placed, 0.0, self.placed.height, self.text_size)


def render(canv: Canvas, placed: Placed, x: float, top: float,
           text_size: float = CAPTION_SIZE) -> None:
    """Draw ``placed`` with its top-left corner at (x, top) in canvas coordinates;
    captions and stock numbers at ``text_size`` points (smaller where a caption would be
    wider than the diagram)."""
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
            # a caption wider than the diagram is set smaller: nothing leaves its box
            text, font = str(what), register()
            room = 2 * min(ox, placed.width - ox)
            wide = c.stringWidth(text, font, text_size)
            c.saveState()
            c.setFillColor(CAPTION_COLOR)
            c.setFont(font, text_size * min(1.0, room / wide) if wide > 0 else text_size)
            c.drawCentredString(x + ox, top - oy, text)
            c.restoreState()
