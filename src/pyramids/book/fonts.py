"""The book's fonts: DejaVu Sans, shipped with pyramids and embedded (subset) in every PDF.

Print services refuse PDFs whose fonts are not embedded, so the book uses none of the
14 standard PDF fonts. DejaVu Sans (``data/fonts/``, unmodified from matplotlib's copy,
Bitstream Vera licence) has every glyph the book prints, the suit symbols ♠♥♦♣ included,
so running text needs no second font for them. reportlab embeds only the glyphs used,
with names that depend only on the text, so the same book gives the same bytes.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
ITALIC = "DejaVuSans-Oblique"
FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf",
         ITALIC: "DejaVuSans-Oblique.ttf"}


@cache
def register() -> str:
    """Register the fonts with reportlab (once a process); ``REGULAR``, the family name
    whose ``<b>`` and ``<i>`` in paragraph markup pick the bold and oblique faces."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, file in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, ITALIC)
    addMapping(REGULAR, 1, 1, BOLD)  # no bold oblique is shipped: bold stands in
    return REGULAR
