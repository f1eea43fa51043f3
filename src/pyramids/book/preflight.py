"""A preflight: what a print service would refuse in a book's PDF (any PDF, not only ours).

Checked against KDP's paperback rules (``pages.py``, ``cover.py``): every font embedded;
every page one known trim; at least 24 pages and an even count; nothing drawn outside
the margins the page count asks (the inside one at the binding, mirrored); and, given a
cover, its size that of the interior's page count on white or cream paper. Fonts and page
sizes are read with pypdf, what is drawn where with pdfplumber (both imported here only).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramids.book.cover import PAPER, cover_size
from pyramids.book.pages import INCH, MIN_EDGE, MIN_PAGES, TRIMS, min_gutter, trim_of
from pyramids.book.puzzles import BookError

TOLERANCE = 0.5  # points an object may reach past a margin (strokes' half widths)


@dataclass(frozen=True)
class Problem:
    """One thing a print service would refuse: where (``pages`` 1-based, first and last;
    none for the whole file) and what."""

    what: str
    pages: tuple[int, int] | None = None
    file: str = "book"

    def __str__(self) -> str:
        if self.pages is None:
            return f"{self.file}: {self.what}"
        a, b = self.pages
        where = f"page {a}" if a == b else f"pages {a}-{b}"
        return f"{self.file} {where}: {self.what}"


@dataclass(frozen=True)
class Report:
    """What the preflight found: the interior's pages and trim, and every problem."""

    pages: int
    trim: str | None
    problems: list[Problem]

    @property
    def clean(self) -> bool:
        return not self.problems


def _reader(path: Path) -> Any:
    import pypdf

    try:
        return pypdf.PdfReader(path)
    except FileNotFoundError:
        raise BookError(f"no such file: {str(path)!r}") from None
    except (OSError, pypdf.errors.PyPdfError) as e:
        raise BookError(f"{str(path)!r} is not a PDF that can be read: {e}") from None


def _fonts(resources: Any, seen: set[int]) -> Iterator[tuple[str, bool]]:
    """(name, embedded) of each font the resources use (forms' fonts too), once each."""
    res = resources.get_object() if resources is not None else None
    if not res:
        return
    for ref in (res.get("/Font") or {}).values():
        font = ref.get_object()
        key = getattr(ref, "idnum", id(font))
        if key in seen:
            continue
        seen.add(key)
        yield str(font.get("/BaseFont", "(unnamed)")).lstrip("/"), _embedded(font)
    for ref in (res.get("/XObject") or {}).values():
        xobj = ref.get_object()
        if xobj.get("/Subtype") == "/Form":
            yield from _fonts(xobj.get("/Resources"), seen)


def _embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True  # its glyphs are drawn in the file itself
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    desc = font.get("/FontDescriptor")
    if desc is None:
        return False
    desc = desc.get_object()
    return any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _ranges(pages: list[int]) -> list[tuple[int, int]]:
    """Consecutive page numbers as (first, last) runs."""
    out: list[tuple[int, int]] = []
    for n in pages:
        if out and out[-1][1] == n - 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def _grouped(what_by_page: dict[int, str], file: str) -> list[Problem]:
    """One problem a run of pages with the same complaint."""
    by_what: dict[str, list[int]] = {}
    for n, what in sorted(what_by_page.items()):
        by_what.setdefault(what, []).append(n)
    out = [Problem(what, r, file) for what, ns in by_what.items() for r in _ranges(ns)]
    return sorted(out, key=lambda p: p.pages or (0, 0))


def _font_problems(reader: Any, file: str) -> list[Problem]:
    seen: set[int] = set()
    out: list[Problem] = []
    for n, page in enumerate(reader.pages, 1):
        for name, embedded in _fonts(page.get("/Resources"), seen):
            if not embedded:
                out.append(Problem(f"font {name} is not embedded", (n, n), file))
    return out


def _inches(points: float) -> str:
    return f"{points / INCH:.3f}".rstrip("0").rstrip(".") + " in"


def _outside(path: Path, pages: int, sizes: list[tuple[float, float]]) -> dict[int, str]:
    """For each page with something drawn past KDP's margins for ``pages`` pages, what
    and where (the first such thing)."""
    import pdfplumber

    gutter = min_gutter(pages)
    found: dict[int, str] = {}
    with pdfplumber.open(path) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            w, h = sizes[n - 1]
            inside_left = n % 2 == 1  # a right-hand page: the binding on its left
            left, right = (gutter, MIN_EDGE) if inside_left else (MIN_EDGE, gutter)
            for o in [*page.chars, *page.lines, *page.rects, *page.curves, *page.images]:
                edges = (("left", o["x0"], left, "inside" if inside_left else "outside"),
                         ("right", w - o["x1"], right, "outside" if inside_left else "inside"),
                         ("top", o["top"], MIN_EDGE, "top"),
                         ("bottom", h - o["bottom"], MIN_EDGE, "bottom"))
                for _, gap, need, side in edges:
                    if gap < need - TOLERANCE:
                        kind = f"text {o['text']!r}" if "text" in o else o["object_type"]
                        found[n] = (f"{kind} {_inches(max(gap, 0.0))} from the {side} edge: "
                                    f"the {side} margin of a {pages}-page book is at least "
                                    f"{_inches(need)}")
                        break
                if n in found:
                    break
            page.flush_cache()
    return found


def preflight(book: str | Path, cover: str | Path | None = None) -> Report:
    """Check ``book`` (and ``cover``, its wrap-around cover) as a print service would."""
    path = Path(book)
    reader = _reader(path)
    pages = len(reader.pages)
    problems = _font_problems(reader, "book")
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
    trims = [trim_of(w, h) for w, h in sizes]
    problems += _grouped({n: f"{w:.1f} x {h:.1f} pt is not a known trim "
                             f"({', '.join(TRIMS)})"
                          for n, ((w, h), t) in enumerate(zip(sizes, trims, strict=True), 1)
                          if t is None}, "book")
    known = {t for t in trims if t is not None}
    if len(known) > 1:
        problems.append(Problem(f"pages of several trims: {', '.join(sorted(known))}"))
    if pages < MIN_PAGES:
        problems.append(Problem(f"{pages} pages: a paperback has at least {MIN_PAGES}"))
    if pages % 2:
        problems.append(Problem(f"{pages} pages: the count must be even"))
    problems += _grouped(_outside(path, pages, sizes), "book")
    trim = trims[0] if len(known) == 1 and None not in trims else None
    if cover is not None:
        problems += _cover_problems(Path(cover), trim, pages)
    problems.sort(key=lambda p: (p.file != "book", p.pages or (0, 0)))
    return Report(pages, trim, problems)


def _cover_problems(path: Path, trim: str | None, pages: int) -> list[Problem]:
    reader = _reader(path)
    out = _font_problems(reader, "cover")
    if len(reader.pages) != 1:
        out.append(Problem(f"{len(reader.pages)} pages: a wrap-around cover is one page",
                           file="cover"))
    box = reader.pages[0].mediabox
    w, h = float(box.width), float(box.height)
    if trim is None:
        out.append(Problem("its size cannot be checked: the interior is not one known trim",
                           file="cover"))
        return out
    want = {paper: cover_size(trim, pages, paper) for paper in PAPER}
    if not any(abs(w - ww) <= TOLERANCE and abs(h - hh) <= TOLERANCE
               for ww, hh in want.values()):
        sizes = " or ".join(f"{ww:.1f} x {hh:.1f} pt ({paper})"
                            for paper, (ww, hh) in want.items())
        out.append(Problem(f"{w:.1f} x {h:.1f} pt, but the cover of a {pages}-page {trim} "
                           f"book is {sizes}", (1, 1), "cover"))
    return out
