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
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
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
from pyramids.book.drawing import draw_card, draw_star
from pyramids.book.puzzles import BookError, Puzzle, shortest_solution
from pyramids.book.text import (
    RED_HEX,
    deal_title,
    goal_text,
    how_to_play,
    move_markup,
    rule_options,
    variant_title,
)
from pyramids.core.cards import Card
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.placement import View
from pyramids.core.variants import Variant

PAGE_SIZES = {"a4": A4, "letter": LETTER}
MARGIN = 15 * mm
BOTTOM_EXTRA = 8 * mm  # room for the footer below the body frame
INK = HexColor("#1a1a1a")
GREY = HexColor("#666666")
RULE = HexColor("#bbbbbb")
SHADE = HexColor("#e4e4e4")
SAMPLE_DEAL = 0  # the deal drawn on the how-to-play pages (the next one not in the book)
LONG_SOLUTION = 24  # solutions longer than this get checkpoint diagrams
MOVE_COLUMNS = 6
CHECKPOINT_HEIGHT = 0.3  # of the page body: two solutions with a checkpoint fit on a page


@dataclass(frozen=True)
class BookOptions:
    """What the book looks like; the puzzles are given separately."""

    title: str = "Pyramid Solitaire Puzzles"
    author: str = "pyramids"
    page_size: str = "a4"
    subtitle: str | None = None


@dataclass
class BookInfo:
    """What was made: page count and where each puzzle and solution landed."""

    pages: int
    puzzles: int
    bytes: int
    anchors: dict[str, int] = field(default_factory=dict)


# -- styles ------------------------------------------------------------------------------

def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("base", fontName="Helvetica", fontSize=10.5, leading=14,
                          textColor=INK)
    return {
        "body": base,
        "small": ParagraphStyle("small", base, fontSize=9, leading=12, textColor=GREY),
        "title": ParagraphStyle("title", base, fontName="Helvetica-Bold", fontSize=34,
                                leading=42, alignment=TA_CENTER),
        "subtitle": ParagraphStyle("subtitle", base, fontSize=15, leading=20,
                                   alignment=TA_CENTER, textColor=GREY),
        "center": ParagraphStyle("center", base, alignment=TA_CENTER),
        "h1": ParagraphStyle("h1", base, fontName="Helvetica-Bold", fontSize=22, leading=28,
                             spaceAfter=10),
        "h2": ParagraphStyle("h2", base, fontName="Helvetica-Bold", fontSize=15, leading=20,
                             spaceBefore=6, spaceAfter=4),
        "info": ParagraphStyle("info", base, fontSize=10.5, leading=14.5),
        "move": ParagraphStyle("move", base, fontSize=10, leading=13),
        "cell": ParagraphStyle("cell", base, fontSize=9.5, leading=12),
    }


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

    def __init__(self, number: int, stars: int, grade: str) -> None:
        super().__init__()
        self.number, self.stars, self.grade = number, stars, grade
        self.height = 40.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.setFillColor(INK)
        c.setFont("Helvetica-Bold", 26)
        c.drawString(0, 10, f"Puzzle {self.number}")
        if self.stars:
            r = 8.5
            for i in range(4):
                draw_star(c, self.width - r - (3 - i) * 2.4 * r, 29, r, i < self.stars)
        c.setFont("Helvetica", 10)
        c.setFillColor(GREY)
        c.drawRightString(self.width, 8, self.grade if self.stars else "not graded")
        c.setStrokeColor(RULE)
        c.setLineWidth(0.6)
        c.line(0, 0, self.width, 0)


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
    def __init__(self, buf: io.BytesIO, opts: BookOptions, subject: str,
                 keywords: list[str]) -> None:
        size = PAGE_SIZES[opts.page_size]
        super().__init__(
            buf, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
            bottomMargin=MARGIN + BOTTOM_EXTRA, title=opts.title, author=opts.author,
            subject=subject, keywords=keywords, creator=f"pyramids {__version__}",
            invariant=1, pageCompression=1)
        self.book_title = opts.title
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("title", [frame]),
            PageTemplate("normal", [frame], onPage=self._footer),
        ])

    def _footer(self, canv: Any, doc: Any) -> None:
        canv.saveState()
        canv.setFont("Helvetica", 8.5)
        canv.setFillColor(GREY)
        y = MARGIN - 2
        canv.drawString(MARGIN, y, self.book_title)
        canv.drawRightString(self.pagesize[0] - MARGIN, y, str(canv.getPageNumber()))
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.4)
        canv.line(MARGIN, y + 10, self.pagesize[0] - MARGIN, y + 10)
        canv.restoreState()


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
                 pages: dict[str, int]) -> None:
        self.puzzles, self.opts, self.pages = puzzles, opts, pages
        self.registry: dict[str, int] = {}
        self.st = _styles()
        size = PAGE_SIZES[opts.page_size]
        self.frame_w = size[0] - 2 * MARGIN
        self.frame_h = size[1] - 2 * MARGIN - BOTTOM_EXTRA
        self.variants = _variants_of(puzzles)

    def page(self, key: str) -> str:
        return str(self.pages.get(key, 0))

    def anchor(self, key: str, title: str, level: int) -> Anchor:
        return Anchor(key, title, level, self.registry)

    def build(self) -> list[Flowable]:
        return (self.title_page() + self.contents() + self.how_to_play() + self.puzzle_pages()
                + self.solutions())

    # -- parts -------------------------------------------------------------------------
    def title_page(self) -> list[Flowable]:
        st = self.st
        n = len(self.puzzles)
        names = ", ".join(variant_title(v) for v in self.variants)
        sub = self.opts.subtitle or f"{n} puzzle{'s' if n != 1 else ''} with solutions"
        return [
            self.anchor("title", self.opts.title, 0),
            Spacer(1, self.frame_h * 0.16),
            Paragraph(escape(self.opts.title), st["title"]),
            Spacer(1, 8),
            Paragraph(escape(sub), st["subtitle"]),
            Spacer(1, 4),
            Paragraph(escape(names), st["subtitle"]),
            Spacer(1, 40),
            CardFan([Card.parse(c) for c in ("KS", "KH", "KC", "KD")], 80.0),
            Spacer(1, 60),
            Paragraph(escape(self.opts.author), ParagraphStyle("a", st["center"], fontSize=13)),
            Spacer(1, 6),
            Paragraph("Every deal is shown in full: plan your play. Every solution at the back "
                      "was replayed move by move by a referee program.",
                      ParagraphStyle("s", st["small"], alignment=TA_CENTER)),
            NextPageTemplate("normal"),
            PageBreak(),
        ]

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
            ("ALIGN", (2, 0), (2, -1), "RIGHT"), ("FONT", (0, 0), (-1, -1), "Helvetica", 9.5),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE)]))
        head = ["Puzzle", "Game", "Grade", "Deal", "Page", "Solution"]
        prow: list[list[Any]] = [head]
        for i, p in enumerate(self.puzzles, 1):
            prow.append([str(i), Paragraph(escape(variant_title(p.variant)), st["cell"]),
                         Stars(p.stars, 8) if p.stars else Paragraph("not graded", st["cell"]),
                         str(p.deal.number if p.deal.number is not None
                                                else "-"),
                         self.page(f"puzzle-{i}"), self.page(f"solution-{i}")])
        cw = [w * f for f in (0.11, 0.34, 0.17, 0.14, 0.11, 0.13)]
        table = Table(prow, colWidths=cw, repeatRows=1)
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 9.5),
            ("FONT", (0, 1), (-1, -1), "Helvetica", 9.5),
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
            parts.append(PositionDiagram(View.of(Game(sample, v)), self.frame_w * 0.8,
                                         self.frame_h * 0.42, max_card=40))
            parts.append(Paragraph(f"A {escape(title)} deal as laid out on the table "
                                   f"(deal {n}, not one of the puzzles).",
                                   ParagraphStyle("cap", st["small"], alignment=TA_CENTER)))
            out += [*parts, PageBreak()]
        return out

    def puzzle_pages(self) -> list[Flowable]:
        st = self.st
        out: list[Flowable] = [self.anchor("puzzles", "Puzzles", 0)]
        for i, p in enumerate(self.puzzles, 1):
            v = p.variant
            opts = [escape(o) for o in rule_options(v)
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
            head: list[Flowable] = [
                self.anchor(f"puzzle-{i}", f"Puzzle {i} ({variant_title(v)}, {p.grade})", 1),
                PuzzleHeader(i, p.stars, p.grade), Spacer(1, 10),
                Paragraph(info, st["info"]), Paragraph("<b>Goal:</b> " + goal, st["info"]),
                Spacer(1, 14)]
            used = 40 + 10 + 14 + 2 * 15 * 2 + 20  # header, info lines and slack
            diagram = PositionDiagram(View.of(Game(p.deal, v)), self.frame_w,
                                      self.frame_h - used, max_card=72)
            out += [*head, diagram, PageBreak()]
        return out

    def solutions(self) -> list[Flowable]:
        st = self.st
        out: list[Flowable] = [
            self.anchor("solutions", "Solutions", 0), Paragraph("Solutions", st["h1"]),
            Paragraph("Moves are numbered in order. A King goes alone (K"
                      + move_markup_card("S") + "); a pair is written higher card first (9"
                      + move_markup_card("H") + "+4" + move_markup_card("C") + "). Long "
                      "solutions show the position after one or two checkpoint moves (shaded "
                      "in the list): cards already removed from the pyramid are pale dashed "
                      "outlines.", st["body"]), Spacer(1, 10)]
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
        head = (f"<b>Solution {i}</b> <font size=9 color='#666666'>\u2014 "
                f"{escape(variant_title(v))}, {deal}, {len(moves)} {unit}{fewest}{extra} "
                f"(puzzle on page {self.page(f'puzzle-{i}')})</font>")
        parts: list[Flowable] = [self.anchor(f"solution-{i}", f"Solution {i}", 1),
                                 Paragraph(head, ParagraphStyle("sh", st["h2"], fontSize=13))]
        checkpoints = checkpoint_moves(len(moves))
        if len(checkpoints) == 1:
            # moves on the left half, the position at the checkpoint on the right
            half = self.frame_w / 2
            ncol = 3 if len(moves) > 24 else 2
            side = Table([[self.moves_table(moves, checkpoints, ncol, half),
                           self.checkpoint_cells(p, checkpoints, half - 8, "left")[0]]],
                         colWidths=[half, half])
            side.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
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
                PositionDiagram(View.of(game), width, self.frame_h * CHECKPOINT_HEIGHT,
                                max_card=36, numbers=False)])
        return cells

    def checkpoint_row(self, p: Puzzle, checkpoints: Sequence[int]) -> Table:
        """The positions after the checkpoint moves, side by side, each with its caption."""
        n = len(checkpoints)
        cell_w = min(self.frame_w / max(n, 1) - 8, self.frame_w * 0.62)
        cells = self.checkpoint_cells(p, checkpoints, cell_w)
        t = Table([cells], colWidths=[self.frame_w / n] * n)
        t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
        return t

    def moves_table(self, moves: Sequence[Any], marked: Sequence[int] = (),
                    ncol: int = MOVE_COLUMNS, width: float | None = None) -> Table:
        """Numbered moves, row by row; the cells of the ``marked`` moves are shaded."""
        st = self.st
        cells = [Paragraph(f"<font color='#666666'>{j + 1}.</font>&nbsp;"
                           + move_markup(m), st["move"]) for j, m in enumerate(moves)]
        rows = [cells[r:r + ncol] + [""] * (ncol - len(cells[r:r + ncol]))
                for r in range(0, len(cells), ncol)] or [[""] * ncol]
        t = Table(rows, colWidths=[(width or self.frame_w) / ncol] * ncol, hAlign="LEFT")
        style = [("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                 ("LEFTPADDING", (0, 0), (-1, -1), 2)]
        for k in marked:
            cell = ((k - 1) % ncol, (k - 1) // ncol)
            style.append(("BACKGROUND", cell, cell, SHADE))
        t.setStyle(TableStyle(style))
        return t


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

def render_book(puzzles: Sequence[Puzzle], opts: BookOptions | None = None) -> tuple[bytes,
                                                                                     BookInfo]:
    """The PDF bytes of a book of ``puzzles`` (at least one), and what it holds. Each
    solution is the fewest moves where the optimal solver proves it within its node
    budget (:func:`~pyramids.book.puzzles.shortest_solution`), and says so."""
    opts = opts or BookOptions()
    if not puzzles:
        raise BookError("a book needs at least one puzzle")
    puzzles = [shortest_solution(p) for p in puzzles]
    if opts.page_size not in PAGE_SIZES:
        raise BookError(f"page size must be one of {', '.join(PAGE_SIZES)}, "
                        f"got {opts.page_size!r}")
    names = [variant_title(v) for v in _variants_of(puzzles)]
    subject = f"{len(puzzles)} solitaire puzzles with solutions: {', '.join(names)}"
    keywords = ["solitaire", "pyramid", "card puzzles", "patience",
                *[v.name for v in _variants_of(puzzles)]]
    keywords = list(dict.fromkeys(keywords))
    pages: dict[str, int] = {}
    data = b""
    npages = 0
    for _ in range(3):
        buf = io.BytesIO()
        doc = _Doc(buf, opts, subject, keywords)
        story = _Story(puzzles, opts, pages)
        doc.build(story.build())
        data, npages = buf.getvalue(), doc.page
        if story.registry == pages:
            break
        pages = story.registry
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
