"""The printed page: trim sizes, the print services' margin rules, and the book's margins.

Pure arithmetic in points (72 a inch), shared by the book (``document.py``) and the
preflight (``preflight.py``), which checks any PDF against the same rules.

The minimums are Amazon KDP's published paperback rules ("Set trim size, bleed, and
margins", KDP Help): the inside (gutter) margin grows with the page count, 0.375 in for
24 to 150 pages, 0.5 in to 300, 0.625 in to 500, 0.75 in to 700, 0.875 in above; the
outside, top and bottom margins are at least 0.25 in without bleed; a paperback has at
least 24 pages. IngramSpark asks no more of a text interior.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyramids.core.errors import PyramidsError

INCH = 72.0
MM = INCH / 25.4

#: the trims a book can be made in, width x height in points
TRIMS: dict[str, tuple[float, float]] = {
    "5x8": (5 * INCH, 8 * INCH),
    "5.5x8.5": (5.5 * INCH, 8.5 * INCH),
    "6x9": (6 * INCH, 9 * INCH),
    "7x10": (7 * INCH, 10 * INCH),
    "8x10": (8 * INCH, 10 * INCH),
    "8.5x11": (8.5 * INCH, 11 * INCH),
    "a5": (148 * MM, 210 * MM),
    "a4": (210 * MM, 297 * MM),
}
#: the older ``--page-size`` names: A4, and US Letter (the 8.5x11 trim)
PAGE_SIZES = {"a4": TRIMS["a4"], "letter": TRIMS["8.5x11"]}
SIZES = {**TRIMS, **PAGE_SIZES}

MIN_PAGES = 24
#: KDP's least inside margin, in inches, by the most pages it holds (None: any more)
GUTTERS: tuple[tuple[int | None, float], ...] = (
    (150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (None, 0.875))
MIN_EDGE = 0.25 * INCH  # KDP's least outside, top and bottom margin (no bleed)
SIZE_TOLERANCE = 1.0  # points a page may differ from a trim and still be it


class PageError(PyramidsError):
    """A page size, trim or page count the book cannot be made with."""


def min_gutter(pages: int) -> float:
    """KDP's least inside margin, in points, for a book of ``pages`` pages."""
    for most, inches in GUTTERS:
        if most is None or pages <= most:
            return inches * INCH
    raise AssertionError("unreachable")  # pragma: no cover - the last row has no bound


def trim_of(width: float, height: float) -> str | None:
    """The name of the trim ``width`` x ``height`` points is (within a point), or None."""
    for name, (w, h) in TRIMS.items():
        if abs(w - width) <= SIZE_TOLERANCE and abs(h - height) <= SIZE_TOLERANCE:
            return name
    return None


def size_of(name: str) -> tuple[float, float]:
    """The width and height of a trim or page size by name; a clear error naming them all."""
    try:
        return SIZES[name]
    except KeyError:
        raise PageError(f"trim must be one of {', '.join(TRIMS)} (or the page size "
                        f"letter), got {name!r}") from None


@dataclass(frozen=True)
class Margins:
    """A book's margins in points. ``inside`` is at the binding: on the left of odd
    (right-hand) pages, on the right of even ones."""

    inside: float
    outside: float
    top: float
    bottom: float

    def left(self, page: int) -> float:
        """The left margin of 1-based ``page``."""
        return self.inside if page % 2 else self.outside

    def live(self, page: int, width: float, height: float) -> tuple[float, float, float, float]:
        """The live area of ``page`` as (x0, y0, x1, y1), y up from the bottom edge."""
        x0 = self.left(page)
        return x0, self.bottom, x0 + width - self.inside - self.outside, height - self.top


#: the book's own margins: KDP's minimums plus room for a trim that is a little off
SAFETY = 0.25 * INCH
EDGE = MIN_EDGE + SAFETY
#: A4 and Letter books keep their 15 mm margins where those are wider
PAGE_EDGE = 15 * MM


def book_margins(size: str, pages: int) -> Margins:
    """The margins of a ``pages``-page book of trim or page size ``size``: the inside
    KDP's gutter for the page count plus :data:`SAFETY`, the other three :data:`EDGE`
    (15 mm for the ``a4`` and ``letter`` page sizes, as before trims)."""
    edge = PAGE_EDGE if size in PAGE_SIZES else EDGE
    return Margins(inside=max(edge, min_gutter(pages) + SAFETY), outside=edge, top=edge,
                   bottom=edge)


def padded_pages(pages: int) -> int:
    """The page count a print service takes for ``pages`` pages of content: at least
    :data:`MIN_PAGES`, and even (the pages added are notes pages at the end)."""
    n = max(pages, MIN_PAGES)
    return n + n % 2
