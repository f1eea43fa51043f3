"""The puzzle book as a PDF: title page, contents, how to play, puzzles, solutions.

The book is laid out twice: the first pass records on which page each puzzle, solution
and section lands, the second prints those numbers in the contents and the solutions
(the contents has the same number of lines either way, so pages do not move). The PDF
is made in reportlab's invariant mode, so the same puzzles and options give the same
bytes, and it is written atomically: a failed run leaves no file behind.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from pyramids import __version__
from pyramids.book.diagram import PositionDiagram
from pyramids.book.drawing import RED, draw_card, draw_star
from pyramids.book.fonts import BOLD, ITALIC, REGULAR, register
from pyramids.book.pages import (
    MM,
    SIZES,
    Margins,
    book_margins,
    min_gutter,
    padded_pages,
    size_of,
)
from pyramids.book.puzzles import BookError, Puzzle, shortest_solution
from pyramids.book.text import (
    RED_HEX,
    deal_title,
    goal_text,
    how_to_play,
    rule_options,
    variant_title,
)
from pyramids.core.cards import SUIT_SYMBOLS, Card
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.messages import Opt
from pyramids.core.moves import Move
from pyramids.core.placement import CAPTION_SIZE, CARD_RATIO, View, fit_width
from pyramids.core.referee import replay
from pyramids.core.variants import Variant

BOTTOM_EXTRA = 8 * MM  # room for the footer, inside the live area, below the body frame
LARGE_TEXT = 16.0  # the least text size of a large-print book, in points
RANK_SIZE = 0.30  # a card's rank is this part of its width high (drawing._index)
#: The narrowest card a book draws: its rank is then 7.2 pt, near the smallest type that
#: stays readable in print (6-8 pt is where footnotes and tables are set); the card is
#: 33.6 pt (11.9 mm) high. A large-print book's least card has a 16 pt rank.
MIN_CARD = 24.0
LARGE_MIN_CARD = LARGE_TEXT / RANK_SIZE
PER_PAGE = (1, 2, 4)
INK = HexColor("#1a1a1a")
GREY = HexColor("#666666")
RULE = HexColor("#bbbbbb")
SHADE = HexColor("#e4e4e4")
SAMPLE_DEAL = 0  # the deal drawn on the how-to-play pages (the next one not in the book)
MAX_PASSES = 6  # layouts of a book at most (two or three suffice)
MIN_PASS_PAGES = 24  # the page count the first layout's gutter is for
A4_FRAME_H = 297 * MM - 2 * 15 * MM - BOTTOM_EXTRA  # the page body the title page was made for
LONG_SOLUTION = 24  # solutions longer than this get checkpoint diagrams
MOVE_COLUMNS = 6
MOVE_CELL = 76.0  # points a move's cell takes: ``127. Q♣+A♦`` at 10 pt and its padding

CHECKPOINT_HEIGHT = 0.3  # of the page body: two solutions with a checkpoint fit on a page


@dataclass(frozen=True)
class BookOptions:
    """What the book looks like; the puzzles are given separately."""

    title: str = "Pyramid Solitaire Puzzles"
    author: str = "pyramids"
    #: a trim (``6x9``, ``a5``: :data:`~pyramids.book.pages.TRIMS`) or ``a4``/``letter``
    page_size: str = "a4"
    subtitle: str | None = None
    #: every text at least 16 pt, cards at least 54 pt wide, no checkpoint diagrams
    large_print: bool = False
    #: puzzles a page: 1, 2 (one above the other) or 4 (two by two)
    per_page: int = 1


@dataclass
class BookInfo:
    """What was made: page count and where each puzzle and solution landed."""

    pages: int
    puzzles: int
    bytes: int
    anchors: dict[str, int] = field(default_factory=dict)


# -- styles ------------------------------------------------------------------------------

def _styles(large: bool = False) -> dict[str, ParagraphStyle]:
    """The paragraph styles; ``large``: every one at least :data:`LARGE_TEXT` points."""
    register()
    base = ParagraphStyle("base", fontName=REGULAR, fontSize=10.5, leading=14,
                          textColor=INK)
    styles = {
        "body": base,
        "small": ParagraphStyle("small", base, fontSize=9, leading=12, textColor=GREY),
        "title": ParagraphStyle("title", base, fontName=BOLD, fontSize=34,
                                leading=42, alignment=TA_CENTER),
        "subtitle": ParagraphStyle("subtitle", base, fontSize=15, leading=20,
                                   alignment=TA_CENTER, textColor=GREY),
        "center": ParagraphStyle("center", base, alignment=TA_CENTER),
        "h1": ParagraphStyle("h1", base, fontName=BOLD, fontSize=22, leading=28,
                             spaceAfter=10),
        "h2": ParagraphStyle("h2", base, fontName=BOLD, fontSize=15, leading=20,
                             spaceBefore=6, spaceAfter=4),
        "info": ParagraphStyle("info", base, fontSize=10.5, leading=14.5),
        "move": ParagraphStyle("move", base, fontSize=10, leading=13),
        "cell": ParagraphStyle("cell", base, fontSize=9.5, leading=12),
    }
    if large:
        for name, style in styles.items():
            least = {"h1": 26.0, "h2": 20.0}.get(name, LARGE_TEXT)
            if style.fontSize < least:
                style.fontSize, style.leading = least, least * 1.3
    return styles


# -- small flowables ---------------------------------------------------------------------

class Anchor(Flowable):  # type: ignore[misc]
    """A zero-size mark: a bookmark and outline entry, and the page it fell on."""

    def __init__(self, key: str, title: str, level: int, registry: dict[str, int]) -> None:
        super().__init__()
        self.key, self.title, self.level, self.registry = key, title, level, registry
        self.width = self.height = 0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.title, self.key, self.level, closed=self.level > 0)
        self.registry[self.key] = self.canv.getPageNumber()


class Stars(Flowable):  # type: ignore[misc]
    """A grade as 1 to 4 gold stars out of 4 (nothing for an ungraded puzzle)."""

    def __init__(self, n: int, size: float = 9.0) -> None:
        super().__init__()
        self.n, self.size = n, size
        self.width, self.height = (4 * size * 1.25 if n else 0), size

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        if not self.n:
            return
        r = self.size / 2
        for i in range(4):
            draw_star(self.canv, r + i * self.size * 1.25, r * 0.95, r, i < self.n)


class PuzzleHeader(Flowable):  # type: ignore[misc]
    """``Puzzle 7`` on the left; the grade as stars with its word on the right."""

    def __init__(self, number: int, stars: int, grade: str, size: float = 26.0,
                 small: float = 10.0) -> None:
        super().__init__()
        self.number, self.stars, self.grade = number, stars, grade
        self.size, self.small = size, small  # the number's and the grade word's sizes
        self.height = max(40.0 * size / 26.0, size * 0.6 + small * 2.2)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.setFillColor(INK)
        k = self.size / 26.0
        c.setFont(BOLD, self.size)
        c.drawString(0, 10 * k, f"Puzzle {self.number}")
        if self.stars:
            r = 8.5 * k
            for i in range(4):
                draw_star(c, self.width - r - (3 - i) * 2.4 * r, self.height - 1.3 * r, r,
                          i < self.stars)
        c.setFont(REGULAR, self.small)
        c.setFillColor(GREY)
        c.drawRightString(self.width, 0.3 * self.small,
                          self.grade if self.stars else "not graded")
        c.setStrokeColor(RULE)
        c.setLineWidth(0.6)
        c.line(0, 0, self.width, 0)


class RuledLines(Flowable):  # type: ignore[misc]
    """Pale lines to write on, a notes page's body."""

    def __init__(self, width: float, height: float, gap: float = 24.0) -> None:
        super().__init__()
        self.width, self.height, self.gap = width, height, gap

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.height = min(self.height, avail_height)
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        y = self.height - self.gap
        while y >= 0:
            c.line(0, y, self.width, y)
            y -= self.gap


class CardFan(Flowable):  # type: ignore[misc]
    """Four cards fanned out, for the title page."""

    def __init__(self, cards: Sequence[Card], card_width: float = 62.0) -> None:
        super().__init__()
        self.cards, self.cw = list(cards), card_width
        self.width, self.height = card_width * 4.2, card_width * 2.1
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        n = len(self.cards)
        for i, card in enumerate(self.cards):
            angle = (i - (n - 1) / 2) * 14
            c.saveState()
            c.translate(self.width / 2, 0.08 * self.cw)
            c.rotate(-angle)
            draw_card(c, card, -self.cw / 2, 0.25 * self.cw, self.cw)
            c.restoreState()


# -- the document ------------------------------------------------------------------------

class _Doc(BaseDocTemplate):  # type: ignore[misc]
    """Pages with mirrored margins: the body frame moves to the inside margin's side of
    each page as the page begins; the footer (title inside, page number outside) lies
    in the live area below the frame."""

    def __init__(self, buf: io.BytesIO, opts: BookOptions, margins: Margins, subject: str,
                 keywords: list[str]) -> None:
        size = size_of(opts.page_size)
        m = self.margins = margins
        self.footer_size = LARGE_TEXT if opts.large_print else 8.5
        super().__init__(
            buf, pagesize=size, leftMargin=m.inside, rightMargin=m.outside, topMargin=m.top,
            bottomMargin=m.bottom + footer_band(opts), title=opts.title, author=opts.author,
            subject=subject, keywords=keywords, creator=f"pyramids {__version__}",
            invariant=1, pageCompression=1, initialFontName=register())
        self.book_title = opts.title
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("title", [frame]),
            PageTemplate("normal", [frame], onPage=self._footer),
        ])

    def handle_pageBegin(self) -> None:
        x = self.margins.left(self.page + 1)
        for template in self.pageTemplates:
            for frame in template.frames:
                frame._x1 = x
                frame._geom()
        super().handle_pageBegin()

    def _footer(self, canv: Any, doc: Any) -> None:
        page = canv.getPageNumber()
        x0, y0, x1, _ = self.margins.live(page, *self.pagesize)
        canv.saveState()
        fs = self.footer_size
        canv.setFont(REGULAR, fs)
        canv.setFillColor(GREY)
        y = y0 + 0.3 * fs  # the descenders stay above the live area's bottom
        number, title = str(page), self.book_title
        if page % 2:  # a right-hand page: the number at the right, the outside
            canv.drawString(x0, y, title)
            canv.drawRightString(x1, y, number)
        else:
            canv.drawString(x0, y, number)
            canv.drawRightString(x1, y, title)
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.4)
        canv.line(x0, y + 1.2 * fs, x1, y + 1.2 * fs)
        canv.restoreState()


def footer_band(opts: BookOptions) -> float:
    """The height under the body frame that the footer (title, page number) takes."""
    return LARGE_TEXT * 2.1 if opts.large_print else BOTTOM_EXTRA


def _variants_of(puzzles: Sequence[Puzzle]) -> list[Variant]:
    out: list[Variant] = []
    for p in puzzles:
        if p.variant not in out:
            out.append(p.variant)
    return out


def _key_variant(v: Variant) -> str:
    return "howto-" + v.name + ("-overlap" if v.overlap else "") + f"-{abs(hash_opts(v))}"


def hash_opts(v: Variant) -> int:
    """A stable (not salted) small number for a variant's options."""
    text = repr(sorted(v.options().items()))
    h = 0
    for ch in text:
        h = (h * 131 + ord(ch)) % 1_000_003
    return h


class _Story:
    """Builds the flowables of one layout pass."""

    def __init__(self, puzzles: Sequence[Puzzle], opts: BookOptions,
                 pages: dict[str, int], margins: Margins, notes: int = 0,
                 won: int = 0) -> None:
        self.puzzles, self.opts, self.pages, self.notes = puzzles, opts, pages, notes
        self.won = won  # how many solutions the referee replayed to a win
        self.registry: dict[str, int] = {}
        self.large = opts.large_print
        self.st = _styles(self.large)
        size = size_of(opts.page_size)
        self.frame_w = size[0] - margins.inside - margins.outside
        self.frame_h = size[1] - margins.top - margins.bottom - footer_band(opts)
        # diagrams: the least card, the stock numbers' size, captions (not in large print)
        self.min_card = LARGE_MIN_CARD if self.large else MIN_CARD
        self.text_size = LARGE_TEXT if self.large else CAPTION_SIZE
        self.captions = not self.large
        self.smallest: float | None = None  # the narrowest card under min_card, if any
        self.move_cell = MOVE_CELL * self.st["move"].fontSize / 10.0
        self.variants = _variants_of(puzzles)

    def fs(self, size: float) -> float:
        """``size`` points, or the large-print least if that is more."""
        return max(size, LARGE_TEXT) if self.large else size

    def diagram(self, view: View, width: float, height: float, max_card: float,
                captions: bool = True, checked: bool = True, **kw: Any) -> PositionDiagram:
        """A position diagram with this book's text size and captions; ``checked``: its
        cards at least the book's least card (else the book is refused), as every deal
        to play is. A solution's checkpoint positions, a reminder beside the moves, are
        drawn smaller where need be."""
        return PositionDiagram(view, width, height, max_card=max_card,
                               min_card=self.min_card if checked else 0.0,
                               text_size=self.text_size, captions=self.captions and captions,
                               too_small=self._too_small, **kw)

    def _too_small(self, width: float) -> None:
        self.smallest = min(width, self.smallest or width)

    def page(self, key: str) -> str:
        return str(self.pages.get(key, 0))

    def anchor(self, key: str, title: str, level: int) -> Anchor:
        return Anchor(key, title, level, self.registry)

    def build(self) -> list[Flowable]:
        return (self.title_page() + self.copyright_page() + self.contents() + self.how_to_play()
                + self.puzzle_pages() + self.solutions() + self.notes_pages())

    # -- parts -------------------------------------------------------------------------
    def title_page(self) -> list[Flowable]:
        st = self.st
        n = len(self.puzzles)
        names = ", ".join(variant_title(v) for v in self.variants)
        sub = self.opts.subtitle or f"{n} puzzle{'s' if n != 1 else ''} with solutions"
        k = min(1.0, self.frame_h / A4_FRAME_H)  # a small trim's title page is shrunk to fit
        fan = min(80.0, self.frame_w / 4.4, self.frame_h * 0.16)
        return [
            self.anchor("title", self.opts.title, 0),
            Spacer(1, self.frame_h * 0.16 * k),
            Paragraph(escape(self.opts.title), st["title"]),
            Spacer(1, 8 * k),
            Paragraph(escape(sub), st["subtitle"]),
            Spacer(1, 4 * k),
            Paragraph(escape(names), st["subtitle"]),
            Spacer(1, 40 * k),
            CardFan([Card.parse(c) for c in ("KS", "KH", "KC", "KD")], fan),
            Spacer(1, 60 * k),
            Paragraph(escape(self.opts.author),
                      ParagraphStyle("a", st["center"], fontSize=self.fs(13),
                                     leading=self.fs(13) * 1.3)),
            Spacer(1, 6),
            Paragraph("Every deal is shown in full: plan your play. Every solution at the back "
                      "was replayed move by move by a referee program.",
                      ParagraphStyle("s", st["small"], alignment=TA_CENTER)),
            PageBreak(),
        ]

    def copyright_page(self) -> list[Flowable]:
        """The back of the title page: title, author, the tool that made the book and
        what that tool checked of every puzzle, in its own words and no more."""
        st = self.st
        small = ParagraphStyle("cr", st["small"], fontSize=self.fs(8.5),
                               leading=self.fs(8.5) * 1.35)
        fewest = sum(1 for p in self.puzzles if p.shortest)
        graded = sum(1 for p in self.puzzles if p.stars)
        words = [
            f"<b>{escape(self.opts.title)}</b>",
            f"by {escape(self.opts.author)}",
            f"Typeset by pyramids {escape(__version__)}, a program that solves the Pyramid "
            "family of card solitaires exactly.",
            "Every solution in this book was replayed move by move by the pyramids referee "
            "before the book was made: each move is legal under the rules printed with its "
            f"puzzle. {_won_words(self.won, len(self.puzzles))}",
        ]
        if fewest:
            words.append(
                f"{fewest} of the {len(self.puzzles)} solutions are marked the fewest: for "
                "those no shorter line reaches the goal, as the optimal solver proved by "
                "searching them all (or, where every win takes as many moves, as the rules "
                "make it). The others are not claimed to be the shortest.")
        if graded:
            words.append("Grades (easy to expert) are those of the puzzle collections: a "
                         "guide to how hard a deal is, not a proof.")
        words.append("The rules of every variant are in docs/rules.md of the pyramids "
                      "source.")
        out: list[Flowable] = [Spacer(1, self.frame_h * (0.05 if self.large else 0.45))]
        for w in words:
            out += [Paragraph(w, small), Spacer(1, 6)]
        return [*out, NextPageTemplate("normal"), PageBreak()]

    def notes_pages(self) -> list[Flowable]:
        """``notes`` ruled pages at the end, that bring the book to a page count a print
        service takes (:func:`~pyramids.book.pages.padded_pages`)."""
        out: list[Flowable] = []
        for i in range(self.notes):
            if i == 0:
                out += [PageBreak(), self.anchor("notes", "Notes", 0)]
            out += [Paragraph("Notes", self.st["h1"]),
                    RuledLines(self.frame_w, self.frame_h - 40)]
            if i + 1 < self.notes:
                out.append(PageBreak())
        return out

    def contents(self) -> list[Flowable]:
        st = self.st
        rows: list[list[Any]] = []
        rows.append([Paragraph("<b>How to play</b>", st["cell"]), "", self.page("howto")])
        for v in self.variants:
            rows.append([Paragraph("&nbsp;&nbsp;&nbsp;&nbsp;" + escape(variant_title(v)),
                                   st["cell"]), "", self.page(_key_variant(v))])
        rows.append([Paragraph("<b>Puzzles</b>", st["cell"]), "", self.page("puzzles")])
        rows.append([Paragraph("<b>Solutions</b>", st["cell"]), "", self.page("solutions")])
        w = self.frame_w
        sections = Table(rows, colWidths=[w * 0.6, w * 0.3, w * 0.1])
        sections.setStyle(TableStyle([
            ("ALIGN", (2, 0), (2, -1), "RIGHT"), ("FONT", (0, 0), (-1, -1), REGULAR, self.fs(9.5)),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE)]))
        head = ["No.", "Game", "Grade", "Deal", "Page", "Solution"]
        prow: list[list[Any]] = [head]
        for i, p in enumerate(self.puzzles, 1):
            prow.append([str(i), Paragraph(escape(variant_title(p.variant)), st["cell"]),
                         Stars(p.stars, self.fs(8)) if p.stars
                         else Paragraph("not graded", st["cell"]),
                         str(p.deal.number if p.deal.number is not None
                                                else "-"),
                         self.page(f"puzzle-{i}"), self.page(f"solution-{i}")])
        cw = [w * f for f in (0.08, 0.36, 0.17, 0.12, 0.11, 0.16)]
        size = self.fs(9.5 if w > 400 else 8.0)  # a small trim's narrow columns
        table = Table(prow, colWidths=cw, repeatRows=1)
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, 0), BOLD, size),
            ("FONT", (0, 1), (-1, -1), REGULAR, size),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, INK),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
            ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))
        return [self.anchor("contents", "Contents", 0), Paragraph("Contents", st["h1"]),
                sections, Spacer(1, 16), Paragraph("The puzzles", st["h2"]), table,
                PageBreak()]

    def how_to_play(self) -> list[Flowable]:
        st = self.st
        out: list[Flowable] = [self.anchor("howto", "How to play", 0)]
        used = {p.deal.number for p in self.puzzles}
        n = SAMPLE_DEAL
        while n in used:
            n += 1
        sample = Deal.from_number(n)
        for v in self.variants:
            title = variant_title(v)
            parts: list[Flowable] = [self.anchor(_key_variant(v), title, 1),
                                     Paragraph(f"How to play {escape(title)}", st["h1"])]
            for para in how_to_play(v):
                parts += [Paragraph(para, st["body"]), Spacer(1, 5)]
            parts.append(Spacer(1, 6))
            parts.append(self.sample_diagram(View.of(Game(sample, v))))
            parts.append(Paragraph(f"A {escape(title)} deal as laid out on the table "
                                   f"(deal {n}, not one of the puzzles).",
                                   ParagraphStyle("cap", st["small"], alignment=TA_CENTER)))
            out += [*parts, PageBreak()]
        return out

    def sample_diagram(self, view: View) -> PositionDiagram:
        """The how-to-play page's deal: below the rules on a large page; on a small trim
        or in large print as tall as its cards need, on the next page if need be."""
        wide = self.frame_w * (1.0 if self.large or self.frame_w < 400 else 0.8)
        most = 72.0 if self.large else 40.0
        for share in (0.42, 0.6, 0.85):
            w = fit_width(view, wide, self.frame_h * share, most, True, self.captions,
                          self.text_size)
            if w >= self.min_card:
                break
        return self.diagram(view, wide, self.frame_h * share, max_card=most)

    def puzzle_pages(self) -> list[Flowable]:
        """One, two (one above the other) or four (two by two) puzzles a page."""
        out: list[Flowable] = [self.anchor("puzzles", "Puzzles", 0)]
        n = self.opts.per_page
        cols = 2 if n == 4 else 1
        gap = 14.0
        cell_w = (self.frame_w - gap * (cols - 1)) / cols
        cell_h = (self.frame_h - gap * (n // cols - 1)) / (n // cols)
        blocks = [self.puzzle_block(i, p, cell_w, cell_h)
                  for i, p in enumerate(self.puzzles, 1)]
        for k in range(0, len(blocks), n):
            page = blocks[k:k + n]
            if n == 1:
                out += page[0]
            elif n == 2:
                out += [*page[0], Spacer(1, gap), *(page[1] if len(page) > 1 else [])]
            else:
                page += [[Spacer(1, 1)]] * (4 - len(page))
                grid = Table([page[0:2], page[2:4]], colWidths=[cell_w + gap / 2] * 2,
                             rowHeights=[cell_h + gap / 2] * 2)
                grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                          ("FONT", (0, 0), (-1, -1), REGULAR, 10),
                                          ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                          ("RIGHTPADDING", (0, 0), (-1, -1), gap / 2),
                                          ("TOPPADDING", (0, 0), (-1, -1), 0),
                                          ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
                out.append(grid)
            out.append(PageBreak())
        return out

    def puzzle_block(self, i: int, p: Puzzle, width: float, height: float) -> list[Flowable]:
        """Puzzle ``i``: its number and grade, rules, goal and the deal drawn, in a box of
        ``width`` x ``height`` points (the page's body, a half or a quarter of it)."""
        st = self.st
        v = p.variant
        # a label never breaks across lines (non-breaking spaces): lines break between
        opts = [escape(o).replace(" ", "&nbsp;") for o in rule_options(v)
                if not (p.goal and o.startswith("goal:"))]  # a challenge has its own
        opts = [f'<font color="{RED_HEX}"><b>{o}</b></font>' if "ALLOWED" in o else o
                for o in opts]
        deal = p.title or deal_title(p.deal)
        goal = escape(p.goal) if p.goal else goal_text(v)
        if v.scoring == "par" and p.par_score is not None:
            goal += f" Target: <b>{p.par_score} points</b>."
        if p.unique:
            goal += " Only one winning line."
        info = (f"<b>{escape(variant_title(v))}</b> \u00b7 {deal} \u00b7 "
                + " \u00b7 ".join(opts))
        whole = self.opts.per_page == 1
        size = {1: 26.0, 2: 18.0, 4: 14.0}[self.opts.per_page]
        style = st["info"] if whole or self.large else ParagraphStyle(
            "info-small", st["info"], fontSize=8.5, leading=11)
        head: list[Flowable] = [
            self.anchor(f"puzzle-{i}", f"Puzzle {i} ({variant_title(v)}, {p.grade})", 1),
            PuzzleHeader(i, p.stars, p.grade, self.fs(size), self.fs(10 if whole else 8)),
            Spacer(1, 10 if whole else 4),
            Paragraph(info, style), Paragraph("<b>Goal:</b> " + goal, style),
            Spacer(1, 14 if whole else 4)]
        used = sum(f.wrap(width, height)[1] for f in head) + 6  # and a little slack
        # several a page: no captions (the how-to-play pages name the parts)
        diagram = self.diagram(View.of(Game(p.deal, v)), width, height - used, max_card=72,
                               fill=whole, captions=whole)
        return [*head, diagram]

    def solutions(self) -> list[Flowable]:
        st = self.st
        out: list[Flowable] = [
            self.anchor("solutions", "Solutions", 0), Paragraph("Solutions", st["h1"]),
            Paragraph("Moves are numbered in order. A King goes alone (K"
                      + move_markup_card("S") + "); a pair is written higher card first (9"
                      + move_markup_card("H") + "+4" + move_markup_card("C") + ")."
                      + ("" if self.large else
                         " Long solutions show the position after one or two checkpoint "
                         "moves (shaded in the list): cards already removed from the "
                         "pyramid are pale dashed outlines."), st["body"]), Spacer(1, 10)]
        for i, p in enumerate(self.puzzles, 1):
            out.append(KeepTogether(self.solution(i, p)))
        return out

    def solution(self, i: int, p: Puzzle) -> list[Flowable]:
        st = self.st
        v = p.variant
        moves = p.solution
        deal = deal_title(p.deal)
        deal = deal if deal.startswith("PySolFC") else deal.lower()
        extra = f", Par score {p.par_score}" if p.par_score is not None else ""
        unit = v.move_unit
        fewest = ", the fewest" if p.shortest else ""
        if p.goal:
            deal = p.title or deal
            fewest = ": the par, proven the fewest"
        head = (f"<b>Solution {i}</b> <font size={self.fs(9)} color='#666666'>\u2014 "
                f"{escape(variant_title(v))}, {deal}, {len(moves)} {unit}{fewest}{extra} "
                f"(puzzle on page {self.page(f'puzzle-{i}')})</font>")
        parts: list[Flowable] = [self.anchor(f"solution-{i}", f"Solution {i}", 1),
                                 Paragraph(head, ParagraphStyle(
                                     "sh", st["h2"], fontSize=self.fs(13),
                                     leading=self.fs(13) * 1.4))]
        checkpoints = [] if self.large else checkpoint_moves(len(moves))
        half = self.frame_w / 2
        ncol = min(3 if len(moves) > 24 else 2, int(half // self.move_cell))
        if len(checkpoints) == 1 and ncol >= 2:
            # moves on the left half, the position at the checkpoint on the right
            side = Table([[self.moves_table(moves, checkpoints, ncol, half),
                           self.checkpoint_cells(p, checkpoints, half - 8, "left")[0]]],
                         colWidths=[half, half])
            side.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                      ("FONT", (0, 0), (-1, -1), REGULAR, 10),
                                      ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                      ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
            parts.append(side)
        else:
            parts.append(self.moves_table(moves, checkpoints))
            if checkpoints:
                parts += [Spacer(1, 6), self.checkpoint_row(p, checkpoints)]
        parts.append(Spacer(1, 14))
        return parts

    def checkpoint_cells(self, p: Puzzle, checkpoints: Sequence[int], width: float,
                         where: str = "above") -> list[list[Flowable]]:
        """For each checkpoint move, its caption and the position after it."""
        st = self.st
        cells: list[list[Flowable]] = []
        for k in checkpoints:
            game = Game(p.deal, p.variant)
            for m in p.solution[:k]:
                game.push(m)
            cells.append([
                Paragraph(f"<i>Position after move {k}</i> (shaded {where})",
                          ParagraphStyle("cc", st["small"], alignment=TA_CENTER)),
                Spacer(1, 2),
                self.diagram(View.of(game), width, self.frame_h * CHECKPOINT_HEIGHT,
                             max_card=36, numbers=False, checked=False)])
        return cells

    def checkpoint_row(self, p: Puzzle, checkpoints: Sequence[int]) -> Table:
        """The positions after the checkpoint moves, side by side, each with its caption."""
        n = len(checkpoints)
        cell_w = min(self.frame_w / max(n, 1) - 8, self.frame_w * 0.62)
        cells = self.checkpoint_cells(p, checkpoints, cell_w)
        t = Table([cells], colWidths=[self.frame_w / n] * n)
        t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("FONT", (0, 0), (-1, -1), REGULAR, 10),
                               ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
        return t

    def moves_table(self, moves: Sequence[Any], marked: Sequence[int] = (),
                    ncol: int | None = None, width: float | None = None) -> MovesGrid:
        """Numbered moves, row by row (as many a row as fit the page, at most
        ``MOVE_COLUMNS``); the cells of the ``marked`` moves are shaded."""
        ncol = ncol or max(1, min(MOVE_COLUMNS, int(self.frame_w // self.move_cell)))
        runs = [[(f"{j + 1}. ", REGULAR, GREY), *move_runs(m)] for j, m in enumerate(moves)]
        return MovesGrid(runs, ncol, width or self.frame_w, self.st["move"].fontSize,
                         set(marked))


Run = tuple[str, str, Any]  # text, font, colour


def move_runs(move: Move) -> list[Run]:
    """``9♥+4♣`` as text runs, hearts and diamonds red; ``deal`` and ``redeal`` italic."""
    if not move.is_discard:
        return [(move.kind, ITALIC, INK)]
    out: list[Run] = []
    for i, card in enumerate(move.cards):
        out += [("+", REGULAR, INK)] if i else []
        out += [(card.rank, REGULAR, INK),
                (SUIT_SYMBOLS[card.suit], REGULAR, RED if card.is_red else INK)]
    return out


class MovesGrid(Flowable):  # type: ignore[misc]
    """Numbered moves in ``ncol`` columns, each a line of text runs drawn as they are:
    a reportlab Paragraph a move (parsed, wrapped, drawn) took half a book's layout time.
    The cells of the ``marked`` moves (1-based) are shaded; a grid taller than its frame
    splits between rows. A move wider than its cell is set narrower, never past it."""

    def __init__(self, runs: list[list[Run]], ncol: int, width: float, size: float,
                 marked: set[int], first: int = 1) -> None:
        super().__init__()
        self.runs, self.ncol, self.size, self.marked, self.first = runs, ncol, size, marked, first
        self.col_w, self.row_h = width / ncol, size * 1.3 + 2
        self.width = width
        self.height = max(1, -(-len(runs) // ncol)) * self.row_h
        self.hAlign = "LEFT"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        n = int(avail_height // self.row_h) * self.ncol
        if n <= 0 or n >= len(self.runs):
            return []
        return [MovesGrid(self.runs[:n], self.ncol, self.width, self.size, self.marked,
                          self.first),
                MovesGrid(self.runs[n:], self.ncol, self.width, self.size, self.marked,
                          self.first + n)]

    def draw(self) -> None:
        c = self.canv
        for j, runs in enumerate(self.runs):
            row, col = divmod(j, self.ncol)
            x, top = col * self.col_w, self.height - row * self.row_h
            if self.first + j in self.marked:
                c.setFillColor(SHADE)
                c.rect(x, top - self.row_h, self.col_w, self.row_h, stroke=0, fill=1)
            wide = sum(c.stringWidth(text, font, self.size) for text, font, _ in runs)
            t = c.beginText(x + 2, top - 1 - self.size)
            t.setHorizScale(100 * min(1.0, (self.col_w - 4) / wide))
            for text, font, colour in runs:
                t.setFont(font, self.size)
                t.setFillColor(colour)
                t.textOut(text)
            c.drawText(t)


def _sans_notes(anchors: dict[str, int]) -> dict[str, int]:
    """The anchors but the notes pages' (which follow from the page count alone)."""
    return {k: v for k, v in anchors.items() if k != "notes"}


def _too_small(opts: BookOptions, width: float) -> BookError:
    """The error of cards too small to read: which options made them so, what would help."""
    values: dict[str, object] = {"trim": opts.page_size, "per_page": opts.per_page,
                                 "width": f"{width:.0f}"}
    if opts.large_print:
        return BookError.coded("book-cards-small-large", least=f"{LARGE_MIN_CARD:.0f}",
                               **values)
    return BookError.coded("book-cards-small", least=f"{MIN_CARD:.0f}",
                           high=f"{MIN_CARD * CARD_RATIO:.0f}", **values)


def _won_words(won: int, n: int) -> str:
    """How many of ``n`` replayed solutions end in a win, in words."""
    if won == n:
        return "Every one ends in a win." if n > 1 else "It ends in a win."
    return f"{won} of the {n} end in a win."  # a daily challenge's goal may be another


def move_markup_card(suit: str) -> str:
    from pyramids.book.text import suit_markup

    return suit_markup(suit)


def checkpoint_moves(n: int) -> list[int]:
    """After which moves a solution of ``n`` moves shows the position: none when short,
    the middle for a medium one, the thirds for a long one."""
    if n <= LONG_SOLUTION:
        return []
    if n <= 60:
        return [n // 2]
    return [n // 3, 2 * n // 3]


# -- making the file ---------------------------------------------------------------------

def _first_guess(count: int, opts: BookOptions) -> int:
    """The page count the first layout's gutter is for: about a page a puzzle (a part of
    one at 2 or 4 a page), nine tenths of one for its solution, and the front matter. A
    guess in the right band of the gutter table lets the second layout confirm the first
    (two layouts, not three: a 200-puzzle 6x9 book 382 pages, 24 -> 378 -> 381 pages
    before); a wrong one costs a layout, never the result, which is the fixed point the
    loop checks."""
    return max(MIN_PASS_PAGES, round(count * (1 / opts.per_page + 0.9)) + 8)


def render_book(puzzles: Sequence[Puzzle], opts: BookOptions | None = None) -> tuple[bytes,
                                                                                     BookInfo]:
    """The PDF bytes of a book of ``puzzles`` (at least one), and what it holds. Each
    solution is the fewest moves where the optimal solver proves it within its node
    budget (:func:`~pyramids.book.puzzles.shortest_solution`), and says so."""
    opts = opts or BookOptions()
    if not puzzles:
        raise BookError("a book needs at least one puzzle")
    if opts.page_size not in SIZES:
        raise BookError.coded("option-choice", option=Opt("trim"), choices=", ".join(SIZES),
                              got=repr(opts.page_size))
    if opts.per_page not in PER_PAGE:
        raise BookError.coded("option-choice", option=Opt("per_page"),
                              choices=", ".join(map(str, PER_PAGE)), got=repr(opts.per_page))
    puzzles = [shortest_solution(p) for p in puzzles]
    # what the copyright page says of the solutions: every move legal (or an error here),
    # and how many of them win
    won = sum(replay(p.deal, p.variant, p.solution, require_win=False).won for p in puzzles)
    names = [variant_title(v) for v in _variants_of(puzzles)]
    subject = f"{len(puzzles)} solitaire puzzles with solutions: {', '.join(names)}"
    keywords = ["solitaire", "pyramid", "card puzzles", "patience",
                *[v.name for v in _variants_of(puzzles)]]
    keywords = list(dict.fromkeys(keywords))
    # Each pass lays the book out with the last pass's page numbers, notes pages and
    # page count (the gutter grows with it) until nothing changes.
    pages: dict[str, int] = {}
    data = b""
    npages, notes = _first_guess(len(puzzles), opts), 0
    for _ in range(MAX_PASSES):
        buf = io.BytesIO()
        margins = book_margins(opts.page_size, npages)
        doc = _Doc(buf, opts, margins, subject, keywords)
        story = _Story(puzzles, opts, pages, margins, notes, won)
        doc.build(story.build())
        if story.smallest is not None:
            raise _too_small(opts, story.smallest)
        data, total = buf.getvalue(), doc.page
        content = total - notes
        want = padded_pages(content) - content
        settled = (_sans_notes(story.registry) == _sans_notes(pages) and want == notes
                   and min_gutter(total) == min_gutter(npages))
        pages, notes, npages = story.registry, want, total
        if settled:
            break
    return data, BookInfo(npages, len(puzzles), len(data), dict(pages))


def write_book(puzzles: Sequence[Puzzle], out: str | os.PathLike[str],
               opts: BookOptions | None = None) -> BookInfo:
    """Make the book and write it to ``out`` atomically (temp file, then rename)."""
    data, info = render_book(puzzles, opts)
    try:
        write_atomic(Path(out), data)
    except OSError as e:
        raise BookError(f"cannot write the book to {str(out)!r}: {e.strerror or e}") from e
    return info


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temp file in the same folder and ``os.replace``:
    readers see the old file or the new one, never half of one; on failure nothing is left."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # mkstemp makes it private; a book is an ordinary file
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
