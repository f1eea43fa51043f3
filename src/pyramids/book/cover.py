"""A wrap-around paperback cover: back, spine and front on one page, with bleed.

The sizes are KDP's paperback cover rules ("Create a paperback cover", KDP Help): the
spine is the page count times the paper's thickness (0.002252 in a page on white paper,
0.0025 in on cream); the cover is two trims and the spine wide plus 0.125 in of bleed on
every edge; the spine carries text only when the book has more than 79 pages, 0.0625 in
clear of its folds; the back keeps a 2 x 1.2 in area at the lower right clear for the
barcode the print service adds. The background runs into the bleed. Fonts are the book's
(embedded), and the same arguments give the same bytes.
"""

from __future__ import annotations

import io
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pyramids import __version__
from pyramids.book.diagram import render
from pyramids.book.document import write_atomic
from pyramids.book.fonts import BOLD, REGULAR, register
from pyramids.book.pages import INCH, MIN_PAGES, size_of
from pyramids.book.puzzles import BookError, Puzzle
from pyramids.book.text import variant_title
from pyramids.core.game import Game
from pyramids.core.messages import Opt
from pyramids.core.placement import View, fit_width, layout

PAPER = {"white": 0.002252, "cream": 0.0025}  # inches a page adds to the spine
BLEED = 0.125 * INCH
SPINE_TEXT_PAGES = 80  # the least page count whose spine carries the title
SPINE_CLEAR = 0.0625 * INCH  # spine text this far from each fold
SAFE = 0.375 * INCH  # text and pictures this far inside the trim
BARCODE = (2.0 * INCH, 1.2 * INCH)
BARCODE_INSET = 0.25 * INCH  # from the back's bottom edge and the spine
FELT = HexColor("#1d5c3a")
PANEL = HexColor("#f4f1e8")
GOLD = HexColor("#e8c46a")
WHITE = HexColor("#ffffff")


def spine_width(pages: int, paper: str) -> float:
    """The spine's width in points for ``pages`` pages on ``paper`` (white or cream)."""
    if paper not in PAPER:
        raise BookError.coded("option-choice", option=Opt("paper"), choices=", ".join(PAPER),
                              got=repr(paper))
    return pages * PAPER[paper] * INCH


def cover_size(trim: str, pages: int, paper: str) -> tuple[float, float]:
    """The cover's width and height in points, bleed included."""
    w, h = size_of(trim)
    return 2 * w + spine_width(pages, paper) + 2 * BLEED, h + 2 * BLEED


def write_cover(out: str | Path, puzzle: Puzzle, trim: str, pages: int | None,
                paper: str = "white", title: str = "Pyramid Solitaire Puzzles",
                author: str = "pyramids", description: str | None = None,
                subtitle: str | None = None) -> None:
    """Make the cover (:func:`render_cover`) and write it to ``out`` atomically."""
    data = render_cover(puzzle, trim, pages, paper, title, author, description, subtitle)
    try:
        write_atomic(Path(out), data)
    except OSError as e:
        raise BookError(f"cannot write the cover to {str(out)!r}: {e.strerror or e}") from e


def render_cover(puzzle: Puzzle, trim: str, pages: int | None, paper: str = "white",
                 title: str = "Pyramid Solitaire Puzzles", author: str = "pyramids",
                 description: str | None = None, subtitle: str | None = None) -> bytes:
    """The cover PDF of a ``pages``-page book of trim ``trim``, its front showing
    ``puzzle``'s deal. The page count must be the interior's (even, at least 24)."""
    if pages is None or pages < MIN_PAGES or pages % 2:
        raise BookError.coded("cover-pages", least=MIN_PAGES, got=pages)
    width, height = cover_size(trim, pages, paper)
    tw, th = size_of(trim)
    spine = spine_width(pages, paper)
    font = register()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(width, height), invariant=1, pageCompression=1,
               initialFontName=font)
    c.setTitle(f"{title}: cover")
    c.setAuthor(author)
    c.setCreator(f"pyramids {__version__}")
    c.setFillColor(FELT)
    c.rect(0, 0, width, height, stroke=0, fill=1)  # into the bleed on every side
    back_x0, front_x0 = BLEED, BLEED + tw + spine
    _front(c, puzzle, front_x0, BLEED, tw, th, title, author,
           subtitle or f"{variant_title(puzzle.variant)} puzzles with solutions")
    _back(c, back_x0, BLEED, tw, th, title, description)
    if pages >= SPINE_TEXT_PAGES:
        _spine(c, BLEED + tw, BLEED, spine, th, title, author)
    c.showPage()
    c.save()
    return buf.getvalue()


def _front(c: Canvas, puzzle: Puzzle, x0: float, y0: float, w: float, h: float,
           title: str, author: str, subtitle: str) -> None:
    inner = w - 2 * SAFE
    ts = min(40.0, inner / max(1, len(title)) * 1.9)
    p = Paragraph(escape(title), ParagraphStyle("ct", fontName=BOLD, fontSize=ts,
                                                leading=ts * 1.2, textColor=WHITE,
                                                alignment=TA_CENTER))
    _, ph = p.wrap(inner, h)
    top = y0 + h - SAFE
    p.drawOn(c, x0 + SAFE, top - ph)
    c.setFillColor(GOLD)
    c.setFont(REGULAR, 14)
    c.drawCentredString(x0 + w / 2, top - ph - 24, subtitle)
    # the puzzle on a pale panel
    view = View.of(Game(puzzle.deal, puzzle.variant))
    box_top = top - ph - 44
    box_h = box_top - (y0 + SAFE + 40)
    cw = fit_width(view, inner - 24, box_h - 24, 60.0, False, False)
    placed = layout(view, cw, False, False)
    px = x0 + (w - placed.width) / 2
    c.setFillColor(PANEL)
    c.roundRect(px - 12, box_top - placed.height - 24, placed.width + 24, placed.height + 24,
                8, stroke=0, fill=1)
    render(c, placed, px, box_top - 12)
    c.setFillColor(WHITE)
    c.setFont(REGULAR, 16)
    c.drawCentredString(x0 + w / 2, y0 + SAFE + 10, author)


def _back(c: Canvas, x0: float, y0: float, w: float, h: float, title: str,
          description: str | None) -> None:
    inner = w - 2 * SAFE
    words = description or (f"{title}: Pyramid solitaire deals to solve at the table, "
                            "every one shown in full, with its solution at the back of the "
                            "book.")
    style = ParagraphStyle("cd", fontName=REGULAR, fontSize=12, leading=16, textColor=WHITE,
                           alignment=TA_LEFT)
    bw, bh = BARCODE
    room = h - 2 * SAFE - bh - BARCODE_INSET
    paras = [Paragraph(escape(line), style) for line in words.split("\n") if line.strip()]
    y = y0 + h - SAFE
    for para in paras:
        _, ph = para.wrap(inner, room)
        if y - ph < y0 + h - SAFE - room:
            raise BookError.coded("cover-description")
        para.drawOn(c, x0 + SAFE, y - ph)
        y -= ph + 8
    # the barcode's area: white and empty, at the lower right, by the spine
    c.setFillColor(WHITE)
    c.rect(x0 + w - BARCODE_INSET - bw, y0 + BARCODE_INSET, bw, bh, stroke=0, fill=1)


def _spine(c: Canvas, x0: float, y0: float, spine: float, h: float, title: str,
           author: str) -> None:
    size = min(14.0, (spine - 2 * SPINE_CLEAR) * 0.7)
    c.saveState()
    c.translate(x0 + spine / 2, y0 + h / 2)
    c.rotate(-90)  # read from the top down, as on English-language spines
    c.setFillColor(WHITE)
    c.setFont(BOLD, size)
    text = f"{title}  \u00b7  {author}"
    limit = h - 2 * SAFE
    while c.stringWidth(text, BOLD, size) > limit and size > 4:
        size -= 0.5
        c.setFont(BOLD, size)
    c.drawCentredString(0, -size * 0.35, text)
    c.restoreState()
