"""Vector drawing of cards on a reportlab canvas: suit shapes, card faces, empty slots, stars.

Suit symbols are Bézier paths, not glyphs, so they look the same whatever the font; ranks
are in the book's embedded bold font (:mod:`pyramids.book.fonts`). All sizes are in points.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from pyramids.book.fonts import BOLD, register
from pyramids.core.cards import Card
from pyramids.core.placement import CARD_RATIO

RED = HexColor("#c0161c")
BLACK = HexColor("#141414")
BORDER = HexColor("#4a4a4a")
SLOT = HexColor("#a8a8a8")
SLOT_FILL = HexColor("#f1f1f1")
CARD_FACE = HexColor("#ffffff")
SHADOW = HexColor("#d6d6d6")
STAR = HexColor("#d99a00")

Point = tuple[float, float]


def suit_color(suit: str) -> Color:
    return RED if suit in "DH" else BLACK


def _heart_curves(flip: bool = False) -> list[tuple[Point, ...]]:
    """The heart outline in the unit square as cubic segments (point down).

    With ``flip`` it is turned upside down (the body of a spade).
    """
    segs: list[tuple[Point, ...]] = [
        ((0.5, 0.0),),
        ((0.40, 0.16), (0.0, 0.38), (0.0, 0.68)),
        ((0.0, 0.90), (0.15, 1.0), (0.27, 1.0)),
        ((0.40, 1.0), (0.48, 0.92), (0.5, 0.80)),
        ((0.52, 0.92), (0.60, 1.0), (0.73, 1.0)),
        ((0.85, 1.0), (1.0, 0.90), (1.0, 0.68)),
        ((1.0, 0.38), (0.60, 0.16), (0.5, 0.0)),
    ]
    if flip:
        segs = [tuple((x, 1.0 - y) for x, y in s) for s in segs]
    return segs


def _fill_curves(c: Canvas, segs: list[tuple[Point, ...]],
                 tf: Callable[[float, float], Point]) -> None:
    p = c.beginPath()
    p.moveTo(*tf(*segs[0][0]))
    for s in segs[1:]:
        (x1, y1), (x2, y2), (x3, y3) = (tf(*q) for q in s)
        p.curveTo(x1, y1, x2, y2, x3, y3)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_suit(c: Canvas, suit: str, x: float, y: float, size: float,
              color: Color | None = None) -> None:
    """A suit symbol filling the ``size`` x ``size`` box whose lower-left corner is (x, y)."""
    c.saveState()
    c.setFillColor(color or suit_color(suit))
    s = size
    if suit == "H":
        m = 0.06
        _fill_curves(c, _heart_curves(),
                     lambda u, v: (x + s * (m + (1 - 2 * m) * u), y + s * (0.04 + 0.88 * v)))
    elif suit == "D":
        p = c.beginPath()
        cx, w, h = x + s / 2, 0.36 * s, 0.5 * s
        cy = y + s / 2
        p.moveTo(cx, cy - h)
        p.curveTo(cx + 0.35 * w, cy - 0.55 * h, cx + 0.7 * w, cy - 0.25 * h, cx + w, cy)
        p.curveTo(cx + 0.7 * w, cy + 0.25 * h, cx + 0.35 * w, cy + 0.55 * h, cx, cy + h)
        p.curveTo(cx - 0.35 * w, cy + 0.55 * h, cx - 0.7 * w, cy + 0.25 * h, cx - w, cy)
        p.curveTo(cx - 0.7 * w, cy - 0.25 * h, cx - 0.35 * w, cy - 0.55 * h, cx, cy - h)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif suit == "S":
        m = 0.05
        _fill_curves(c, _heart_curves(flip=True),
                     lambda u, v: (x + s * (m + (1 - 2 * m) * u), y + s * (0.24 + 0.76 * v)))
        _draw_stem(c, x, y, s)
    elif suit == "C":
        r = 0.215 * s
        for cx, cy in ((0.5, 0.73), (0.27, 0.44), (0.73, 0.44)):
            c.circle(x + cx * s, y + cy * s, r, stroke=0, fill=1)
        c.circle(x + 0.5 * s, y + 0.5 * s, 0.13 * s, stroke=0, fill=1)
        _draw_stem(c, x, y, s)
    else:  # pragma: no cover - Card.suit is always one of CDHS
        raise ValueError(f"unknown suit {suit!r}")
    c.restoreState()


def _draw_stem(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x + 0.455 * s, y + 0.45 * s)
    p.curveTo(x + 0.45 * s, y + 0.2 * s, x + 0.38 * s, y + 0.06 * s, x + 0.25 * s, y)
    p.lineTo(x + 0.75 * s, y)
    p.curveTo(x + 0.62 * s, y + 0.06 * s, x + 0.55 * s, y + 0.2 * s, x + 0.545 * s, y + 0.45 * s)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def rank_label(card: Card) -> str:
    """The rank as printed on a card: ``10`` rather than ``T``."""
    return "10" if card.rank == "T" else card.rank


def _index(c: Canvas, card: Card, x: float, top: float, w: float) -> None:
    """The corner index (rank above a small suit) with its top-left corner at (x, top)."""
    label = rank_label(card)
    fs = 0.30 * w
    register()
    font = BOLD
    c.setFillColor(suit_color(card.suit))
    tw = c.stringWidth(label, font, fs)
    squeeze = min(1.0, 0.30 * w / tw) if len(label) > 1 else 1.0
    cx = x + 0.15 * w
    c.saveState()
    c.translate(cx, top - 0.74 * fs)
    c.scale(squeeze, 1.0)
    c.setFont(font, fs)
    c.drawCentredString(0, 0, label)
    c.restoreState()
    ss = 0.21 * w
    draw_suit(c, card.suit, cx - ss / 2, top - 0.86 * fs - ss * 1.05, ss)


FORM_WIDTH = 100.0  # card faces are drawn once per document at this width, then scaled


def draw_card(c: Canvas, card: Card, x: float, y: float, w: float,
              dim: bool = False) -> None:
    """A face-up card, lower-left corner at (x, y), ``w`` wide and ``CARD_RATIO * w`` high.

    Corner indices (rank and suit) top-left and, turned round, bottom-right, and a large
    suit in the middle. ``dim`` greys the face (a card that is not available). Each face
    is a PDF form drawn once per document and reused, which keeps books small and fast.
    """
    name = f"card{int(card)}{'d' if dim else ''}"
    _use_form(c, name, x, y, w, lambda: _card_face(c, card, FORM_WIDTH, dim))


def _use_form(c: Canvas, name: str, x: float, y: float, w: float,
              paint: Callable[[], None]) -> None:
    made: set[str] = c.__dict__.setdefault("_pyramids_forms", set())
    if name not in made:
        pad = 0.05 * FORM_WIDTH
        c.beginForm(name, -pad, -pad, FORM_WIDTH + pad, CARD_RATIO * FORM_WIDTH + pad)
        paint()
        c.endForm()
        made.add(name)
    c.saveState()
    c.translate(x, y)
    k = w / FORM_WIDTH
    c.scale(k, k)
    c.doForm(name)
    c.restoreState()


def _card_face(c: Canvas, card: Card, w: float, dim: bool) -> None:
    h = CARD_RATIO * w
    x = y = 0.0
    r = 0.07 * w
    c.saveState()
    c.setLineWidth(0.012 * w)
    c.setStrokeColor(BORDER)
    c.setFillColor(HexColor("#eeeeee") if dim else CARD_FACE)
    c.roundRect(x, y, w, h, r, stroke=1, fill=1)
    pad = 0.06 * w
    _index(c, card, x + pad * 0.4, y + h - pad, w)
    c.saveState()
    c.translate(x + w, y)
    c.rotate(180)
    c.translate(0, -h)
    _index(c, card, pad * 0.4, h - pad, w)
    c.restoreState()
    big = 0.42 * w
    draw_suit(c, card.suit, x + (w - big) / 2 + 0.04 * w, y + h * 0.5 - big * 0.42, big)
    c.restoreState()


def draw_slot(c: Canvas, x: float, y: float, w: float) -> None:
    """The empty place of a removed card: a pale card with a dashed outline."""
    _use_form(c, "slot", x, y, w, lambda: _slot(c, FORM_WIDTH))


def _slot(c: Canvas, w: float) -> None:
    h = CARD_RATIO * w
    c.saveState()
    c.setStrokeColor(SLOT)
    c.setFillColor(SLOT_FILL)
    c.setLineWidth(0.012 * w)
    c.setDash(0.05 * w, 0.05 * w)
    c.roundRect(0, 0, w, h, 0.07 * w, stroke=1, fill=1)
    c.restoreState()


def draw_star(c: Canvas, cx: float, cy: float, radius: float, filled: bool) -> None:
    """A five-pointed star centred at (cx, cy): filled gold, or an outline."""
    import math

    pts = []
    for k in range(10):
        ang = math.pi / 2 + k * math.pi / 5
        rr = radius if k % 2 == 0 else radius * 0.45
        pts.append((cx + rr * math.cos(ang), cy + rr * math.sin(ang)))
    p = c.beginPath()
    p.moveTo(*pts[0])
    for q in pts[1:]:
        p.lineTo(*q)
    p.close()
    c.saveState()
    c.setStrokeColor(STAR)
    c.setFillColor(STAR)
    c.setLineWidth(max(0.4, radius * 0.12))
    c.drawPath(p, stroke=1, fill=1 if filled else 0)
    c.restoreState()
