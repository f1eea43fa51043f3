"""Books a print service accepts: every font embedded and subset (read back with pypdf and
with poppler's ``pdffonts``), trim sizes, mirrored margins, nothing outside the live area.

Poppler's tools come from apt (``make poppler``); without them those checks skip saying
why, and under ``CI=true`` they fail instead."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from pyramids.book import BookError, BookOptions, Puzzle, read_jsonl, render_book
from pyramids.book.document import LARGE_TEXT, MIN_CARD, RANK_SIZE
from pyramids.book.pages import MIN_EDGE, MIN_PAGES, SIZES, book_margins, min_gutter

pypdf = pytest.importorskip("pypdf")

DATA = Path(__file__).parent / "data"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
STANDARD_14 = {"Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
               "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
               "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol",
               "ZapfDingbats"}


def poppler(tool: str) -> str:
    """The path of poppler's ``tool``; skip saying why when it is missing (fail under CI)."""
    path = shutil.which(tool)
    if path is None:
        reason = f"{tool} not found (poppler-utils; `make poppler` installs it)"
        if IN_CI:
            pytest.fail(f"poppler checks cannot run under CI: {reason}", pytrace=False)
        pytest.skip(reason)
    return path


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    return read_jsonl(DATA / "book-giza.jsonl")[:2] + read_jsonl(DATA / "book-mixed.jsonl")[:2]


@pytest.fixture(scope="module")
def book(puzzles: list[Puzzle]) -> bytes:
    return render_book(puzzles, BookOptions(title="Print ♠♥", author="A. Author"))[0]


def fonts_of(data: bytes) -> list[dict[str, object]]:
    """Every font dictionary a page (or a form drawn on it) uses, read with pypdf."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    found: dict[int, dict[str, object]] = {}

    def walk(resources: object) -> None:
        res = resources.get_object() if resources is not None else {}  # type: ignore[attr-defined]
        for ref in (res.get("/Font") or {}).values():
            found[ref.idnum] = ref.get_object()
        for ref in (res.get("/XObject") or {}).values():
            walk(ref.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return list(found.values())


def test_every_font_is_embedded_and_subset(book: bytes) -> None:
    fonts = fonts_of(book)
    assert fonts, "no fonts found"
    for f in fonts:
        name = str(f["/BaseFont"]).lstrip("/")
        assert re.fullmatch(r"[A-Z]{6}\+DejaVuSans(-Bold|-Oblique)?", name), name
        assert name.split("+")[1] not in STANDARD_14
        desc = f["/FontDescriptor"].get_object()  # type: ignore[index]
        assert "/FontFile2" in desc, f"{name} is not embedded"


def test_suit_symbols_are_text_in_the_embedded_font(book: bytes) -> None:
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(book)).pages)
    for suit in "♠♥♦♣":
        assert suit in text  # the solutions' moves and the title carry them as glyphs


def test_pdffonts_sees_only_embedded_subsets(tmp_path: Path, book: bytes) -> None:
    tool = poppler("pdffonts")
    path = tmp_path / "b.pdf"
    path.write_bytes(book)
    out = subprocess.run([tool, str(path)], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()[2:] if line.strip()]
    assert len(rows) == 3, out  # regular, bold, oblique
    for row in rows:
        # name type [subtype] encoding emb sub uni object-id generation
        assert row[-5:-2] == ["yes", "yes", "yes"], out


# -- trims, margins, page count ------------------------------------------------------------

def _objects(page: object) -> list[dict[str, float]]:
    """Everything pdfplumber sees drawn on a page: characters, lines, rectangles, curves."""
    return [*page.chars, *page.lines, *page.rects, *page.curves]  # type: ignore[attr-defined]


def assert_in_live_area(data: bytes, size: str, pages: int) -> None:
    """Each page is ``size``; every character, line and card lies inside its page's live
    area (the margins mirrored: the inside one at the binding)."""
    pdfplumber = pytest.importorskip("pdfplumber")
    w, h = SIZES[size]
    m = book_margins(size, pages)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == pages
        for n, page in enumerate(pdf.pages, 1):
            assert (round(float(page.width), 2), round(float(page.height), 2)) == (
                round(w, 2), round(h, 2))
            x0, y0, x1, y1 = m.live(n, w, h)
            for o in _objects(page):
                assert o["x0"] >= x0 - 0.5 and o["x1"] <= x1 + 0.5, (n, o.get("text"), o["x0"])
                assert o["top"] >= h - y1 - 0.5 and o["bottom"] <= h - y0 + 0.5, (n, o["top"])
            if n > 2:  # the footer's rule spans the live area: it moved with the margins
                rules = [o for o in page.lines if abs(o["x1"] - o["x0"] - (x1 - x0)) < 0.5]
                assert rules and abs(rules[0]["x0"] - x0) < 0.5, n


@pytest.mark.parametrize("trim", ["6x9", "5x8", "8.5x11", "a5"])
def test_trim_margins_and_live_area(puzzles: list[Puzzle], trim: str) -> None:
    """Each page is the trim, everything inside the live area; the page count is even and
    at least 24, made up with notes pages at the end."""
    data, info = render_book(puzzles, BookOptions(page_size=trim))
    assert info.pages >= MIN_PAGES and info.pages % 2 == 0
    m = book_margins(trim, info.pages)
    assert m.inside >= min_gutter(info.pages) and min(m.outside, m.top, m.bottom) >= MIN_EDGE
    assert m.inside > m.outside  # mirrored: the binding side is wider
    assert_in_live_area(data, trim, info.pages)
    first_notes = info.anchors.get("notes")
    content = first_notes - 1 if first_notes else info.pages
    assert content < MIN_PAGES or content >= info.pages - 1
    assert max(v for k, v in info.anchors.items() if k != "notes") <= content


def test_large_print(puzzles: list[Puzzle]) -> None:
    """Every character of a large-print book, card ranks and stock numbers included, is
    at least 16 pt; still inside the live area; the solutions have no checkpoint
    diagrams (their cards would be too small to read)."""
    pdfplumber = pytest.importorskip("pdfplumber")
    data, info = render_book(puzzles, BookOptions(page_size="8.5x11", large_print=True))
    assert_in_live_area(data, "8.5x11", info.pages)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        sizes = [c["size"] for page in pdf.pages for c in page.chars if c["text"].strip()]
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert sizes and min(sizes) >= LARGE_TEXT - 0.01
    assert "Position after move" not in text


def test_four_and_two_a_page(puzzles: list[Puzzle]) -> None:
    """``per_page`` puts 2 or 4 puzzles on a page, in order, the cards no narrower than
    the least allowed (read back: a rank is 0.3 of its card's width high)."""
    pdfplumber = pytest.importorskip("pdfplumber")
    for per in (2, 4):
        data, info = render_book(puzzles, BookOptions(page_size="8.5x11", per_page=per))
        assert_in_live_area(data, "8.5x11", info.pages)
        pages = [info.anchors[f"puzzle-{i}"] for i in range(1, len(puzzles) + 1)]
        first = pages[0]
        assert pages == [first + k // per for k in range(len(puzzles))]
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            ranks = [c["size"] for c in pdf.pages[first - 1].chars
                     if c["fontname"].endswith("Bold") and c["text"] in "A23456789JQK10"
                     and c["size"] < 13]
        assert len(ranks) >= 2 * 52 * min(per, len(puzzles)) * 0.9  # two corners a card
        assert min(ranks) >= MIN_CARD * RANK_SIZE - 0.01


@pytest.mark.parametrize(("opts", "words"), [
    (BookOptions(page_size="5x8", per_page=4, large_print=True),
     ['trim "5x8" with per_page 4 and large_print', "at least 53 pt wide"]),
    (BookOptions(page_size="6x9", per_page=4), ['trim "6x9" with per_page 4', "24 pt"]),
    (BookOptions(per_page=3), ["per_page must be one of 1, 2, 4, got 3"]),
    (BookOptions(page_size="9x12"), ["trim must be one of 5x8, ", "got '9x12'"]),
])
def test_bad_combinations_are_named(puzzles: list[Puzzle], opts: BookOptions,
                                    words: list[str]) -> None:
    with pytest.raises(BookError) as e:
        render_book(puzzles[:1], opts)
    for w in words:
        assert w in str(e.value)


def test_copyright_page_says_what_was_checked(puzzles: list[Puzzle], book: bytes) -> None:
    from pyramids import __version__

    reader = pypdf.PdfReader(io.BytesIO(book))
    text = " ".join(reader.pages[1].extract_text().split())  # the title page's back
    assert "Print ♠♥" in text and "by A. Author" in text
    assert f"Typeset by pyramids {__version__}" in text
    assert "replayed move by move by the pyramids referee" in text
    assert "Every one ends in a win." in text  # the fixture's solutions all win
    fewest = sum(1 for p in puzzles if p.shortest is not False)  # shortest_solution decides
    match = re.search(r"(\d+) of the (\d+) solutions are marked the fewest", text)
    assert match and int(match.group(2)) == len(puzzles) and 0 < int(match.group(1)) <= fewest


def test_cli_trim(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from pyramids.cli import main

    out = tmp_path / "b.pdf"
    args = ["book", "--from", str(DATA / "book-mixed.jsonl"), "--variant", "pyramid",
            "--count", "1", "--no-on-the-fly", "--out", str(out)]
    r = CliRunner().invoke(main, [*args, "--trim", "6x9"])
    assert r.exit_code == 0, r.output
    reader = pypdf.PdfReader(out)
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == (432.0, 648.0)
    assert len(reader.pages) == MIN_PAGES and "24 pages" in r.output
    r = CliRunner().invoke(main, [*args, "--trim", "6x9", "--page-size", "a4"])
    assert r.exit_code == 2 and "--trim or --page-size, not both" in r.output
    r = CliRunner().invoke(main, [*args, "--trim", "9x12"])
    assert r.exit_code == 2 and "--trim" in r.output
    bad = tmp_path / "bad.pdf"
    r = CliRunner().invoke(main, [*args[:-1], str(bad), "--trim", "5x8", "--per-page", "4",
                                  "--large-print"])
    assert r.exit_code == 2, r.output
    assert "--trim 5x8 with --per-page 4 and --large-print: the deals' cards" in r.output
    assert not bad.exists()
    big = tmp_path / "big.pdf"
    r = CliRunner().invoke(main, [*args[:-1], str(big), "--trim", "8.5x11", "--large-print"])
    assert r.exit_code == 0, r.output
    assert float(pypdf.PdfReader(big).pages[0].mediabox.width) == 612.0


# -- the cover -----------------------------------------------------------------------------

def test_cover_size_spine_barcode_and_bleed(puzzles: list[Puzzle]) -> None:
    pdfplumber = pytest.importorskip("pdfplumber")
    from pyramids.book.cover import BARCODE, BARCODE_INSET, BLEED, render_cover

    for pages, paper, spine in ((120, "cream", 120 * 0.0025 * 72),
                                (78, "white", 78 * 0.002252 * 72)):
        data = render_cover(puzzles[0], "6x9", pages, paper, "Cover Test", "A. Author",
                            "Forty deals.\nEach one proven.")
        assert [f["/BaseFont"] for f in fonts_of(data)]  # embedded (checked as above)
        for f in fonts_of(data):
            assert "/FontFile2" in f["/FontDescriptor"].get_object()  # type: ignore[index]
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            (page,) = pdf.pages
            w, h = float(page.width), float(page.height)
            assert abs(w - (2 * 432 + spine + 18)) < 0.01 and abs(h - (648 + 18)) < 0.01
            # the background covers the whole sheet, bleed included
            assert any(r["x0"] <= 0 and r["top"] <= 0 and r["x1"] >= w and r["bottom"] >= h
                       for r in page.rects)
            s0, s1 = BLEED + 432, BLEED + 432 + spine
            on_spine = [c for c in page.chars if s0 <= (c["x0"] + c["x1"]) / 2 <= s1]
            assert bool(on_spine) == (pages > 79), pages
            for c in on_spine:
                assert c["x0"] >= s0 + 0.0625 * 72 - 0.5 and c["x1"] <= s1 - 0.0625 * 72 + 0.5
            # the barcode's area: nothing drawn in it but its white ground
            bx1 = BLEED + 432 - BARCODE_INSET
            bx0, by1 = bx1 - BARCODE[0], h - BLEED - BARCODE_INSET
            by0 = by1 - BARCODE[1]
            inside = [o for o in [*page.chars, *page.curves, *page.rects]
                      if not (o["x0"] <= 0 and o["x1"] >= w)  # the background
                      and o["x1"] > bx0 + 0.5 and o["x0"] < bx1 - 0.5
                      and o["bottom"] > by0 + 0.5 and o["top"] < by1 - 0.5]
            assert len(inside) == 1 and inside[0]["non_stroking_color"] in ((1,), (1, 1, 1))
            text = page.extract_text()
            assert "Cover Test" in text and "A. Author" in text and "Each one proven." in text


def test_cover_needs_the_interior_page_count(puzzles: list[Puzzle]) -> None:
    from pyramids.book.cover import render_cover

    for pages in (None, 23, 25):
        with pytest.raises(BookError, match=r"^cover needs the interior's page count"):
            render_cover(puzzles[0], "6x9", pages)
    with pytest.raises(BookError, match=r"^paper must be one of white, cream"):
        render_cover(puzzles[0], "6x9", 24, "grey")


def test_cli_cover(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from pyramids.book.cover import cover_size
    from pyramids.cli import main

    out, cover = tmp_path / "b.pdf", tmp_path / "cover.pdf"
    r = CliRunner().invoke(main, ["book", "--from", str(DATA / "book-mixed.jsonl"),
                                  "--variant", "pyramid", "--count", "1", "--no-on-the-fly",
                                  "--out", str(out), "--trim", "6x9", "--cover", str(cover),
                                  "--paper", "cream"])
    assert r.exit_code == 0, r.output
    pages = len(pypdf.PdfReader(out).pages)
    box = pypdf.PdfReader(cover).pages[0].mediabox
    w, h = cover_size("6x9", pages, "cream")
    assert abs(float(box.width) - w) < 0.01 and abs(float(box.height) - h) < 0.01
    assert f"the cover for {pages} pages on cream paper" in r.output


# -- the preflight -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def book_6x9(puzzles: list[Puzzle], tmp_path_factory: pytest.TempPathFactory) -> Path:
    from pyramids.book.cover import write_cover

    folder = tmp_path_factory.mktemp("print")
    data, info = render_book(puzzles, BookOptions(page_size="6x9", title="Preflight"))
    (folder / "book.pdf").write_bytes(data)
    write_cover(folder / "cover.pdf", puzzles[0], "6x9", info.pages, "white", "Preflight")
    return folder / "book.pdf"


def _bad_pdf(path: Path) -> None:
    """Three pages of 500 x 700 pt in unembedded Helvetica, text 0.07 in from the edge."""
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=(500, 700), invariant=1)
    for n in range(3):
        c.setFont("Helvetica", 12)
        c.drawString(5 if n == 1 else 100, 350, f"page {n + 1}")
        c.showPage()
    c.save()


def test_preflight_passes_our_book_and_cover(book_6x9: Path) -> None:
    from pyramids.book.preflight import preflight

    report = preflight(book_6x9, book_6x9.with_name("cover.pdf"))
    assert report.problems == [] and report.clean
    assert report.trim == "6x9" and report.pages >= MIN_PAGES


def test_preflight_names_each_problem_by_page(tmp_path: Path, book_6x9: Path) -> None:
    from click.testing import CliRunner

    from pyramids.cli import main

    bad = tmp_path / "bad.pdf"
    _bad_pdf(bad)
    r = CliRunner().invoke(main, ["preflight", str(bad)])
    assert r.exit_code == 1, r.output
    lines = r.output.splitlines()
    assert "book page 1: font Helvetica is not embedded" in lines
    assert any(line.startswith("book pages 1-3: 500.0 x 700.0 pt is not a known trim")
               for line in lines)
    assert "book: 3 pages: a paperback has at least 24" in lines
    assert "book: 3 pages: the count must be even" in lines
    # page 2 is a left-hand page: its left margin is the outside one
    assert ("book page 2: text 'p' 0.069 in from the outside edge: the outside margin of a "
            "3-page book is at least 0.25 in") in lines, lines
    # the cover of another page count is named
    cover = tmp_path / "cover.pdf"
    from pyramids.book.cover import write_cover
    from pyramids.book.preflight import preflight

    write_cover(cover, read_jsonl(DATA / "book-giza.jsonl")[0], "6x9", 200, "white")
    report = preflight(book_6x9, cover)
    assert [str(p).split(":")[0] for p in report.problems] == ["cover page 1"]
    assert f"the cover of a {report.pages}-page 6x9 book is" in str(report.problems[0])
    r = CliRunner().invoke(main, ["preflight", str(tmp_path / "none.pdf")])
    assert r.exit_code == 2 and "no such file" in r.output


def test_poppler_sees_the_words_inside_the_margins(book_6x9: Path) -> None:
    """pdftotext -bbox: every word of the book inside its page's live area."""
    import html

    tool = poppler("pdftotext")
    out = subprocess.run([tool, "-bbox", str(book_6x9), "-"], capture_output=True,
                         text=True, check=True).stdout
    pages = re.split(r"<page ", out)[1:]
    assert len(pages) == len(pypdf.PdfReader(book_6x9).pages)
    w, h = SIZES["6x9"]
    m = book_margins("6x9", len(pages))
    words = 0
    for n, page in enumerate(pages, 1):
        x0, y0, x1, y1 = m.live(n, w, h)
        for xa, ya, xb, yb, word in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                r"(.*?)</word>", page):
            words += 1
            assert float(xa) >= x0 - 0.5 and float(xb) <= x1 + 0.5, (n, html.unescape(word))
            assert float(ya) >= h - y1 - 0.5 and float(yb) <= h - y0 + 0.5, (n, word)
    assert words > 1000
