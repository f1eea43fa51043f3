"""The puzzle book read back from the PDF: puzzles, solutions, outline, metadata, moves,
determinism, atomic writing, page size, and a rendered page that is not blank."""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pytest

from pyramids import replay
from pyramids.book import BookError, BookOptions, Puzzle, read_jsonl, render_book, write_book
from pyramids.book.document import checkpoint_moves
from pyramids.book.text import variant_title

pypdf = pytest.importorskip("pypdf")

DATA = Path(__file__).parent / "data"
SUITS = "♣♦♥♠"


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    return read_jsonl(DATA / "book-giza.jsonl")[:3] + read_jsonl(DATA / "book-mixed.jsonl")


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory, puzzles: list[Puzzle]) -> Path:
    out = tmp_path_factory.mktemp("book") / "book.pdf"
    write_book(puzzles, out, BookOptions(title="Test Puzzles", author="Test Author"))
    return out


@pytest.fixture(scope="module")
def reader(book: Path) -> pypdf.PdfReader:
    return pypdf.PdfReader(book)


@pytest.fixture(scope="module")
def page_texts(reader: pypdf.PdfReader) -> list[str]:
    return [p.extract_text() for p in reader.pages]


def _outline(reader: pypdf.PdfReader) -> list[tuple[int, str, int]]:
    """(level, title, 0-based page) of every outline entry, in order."""
    out: list[tuple[int, str, int]] = []

    def walk(items: list, level: int) -> None:
        for it in items:
            if isinstance(it, list):
                walk(it, level + 1)
            else:
                out.append((level, it.title, reader.get_destination_page_number(it)))

    walk(reader.outline, 0)
    return out


def test_fixture_solutions_replay(puzzles: list[Puzzle]) -> None:
    for p in puzzles:
        result = replay(p.deal, p.variant, p.solution)
        assert result.won, p.id
        assert p.deal.number is not None


def test_one_page_per_puzzle_in_order(puzzles: list[Puzzle], page_texts: list[str]) -> None:
    heads = [(i, m.group(1)) for i, t in enumerate(page_texts)
             for m in [re.search(r"^Puzzle (\d+)\s*$", t, re.M)] if m]
    assert [int(n) for _, n in heads] == list(range(1, len(puzzles) + 1))
    for (page, n), p in zip(heads, puzzles, strict=True):
        text = " ".join(page_texts[page].split())  # lines break where the page is full
        assert f"Deal {p.deal.number}" in text, n
        assert variant_title(p.variant) in text
        # suits on cards are drawn as shapes: no suit character on a puzzle page
        assert not any(s in text for s in SUITS)
        if p.variant.overlap:
            assert "overlap discards ALLOWED" in text
        else:
            assert "no overlap discards" in text


def test_every_solution_in_order_with_all_its_moves(puzzles: list[Puzzle],
                                                    page_texts: list[str]) -> None:
    text = "\n".join(page_texts)
    starts = [m.start() for m in re.finditer(r"^Solution \d+ —", text, re.M)]
    assert len(starts) == len(puzzles)
    numbers = [int(m.group(1)) for m in re.finditer(r"^Solution (\d+) —", text, re.M)]
    assert numbers == list(range(1, len(puzzles) + 1))
    for i, p in enumerate(puzzles):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        block = text[starts[i]:end]
        listed = re.findall(r"(\d+)\. (\S+)", block)
        assert [int(k) for k, _ in listed] == list(range(1, len(p.solution) + 1))
        assert [m for _, m in listed] == [m.symbol() for m in p.solution]
        for k in checkpoint_moves(len(p.solution)):
            assert f"Position after move {k} " in block


def test_outline_reaches_every_puzzle_and_solution(puzzles: list[Puzzle],
                                                   reader: pypdf.PdfReader,
                                                   page_texts: list[str]) -> None:
    entries = _outline(reader)
    top = [t for lvl, t, _ in entries if lvl == 0]
    # 22 pages of content: two notes pages at the end make the 24 a print service takes
    assert top == ["Test Puzzles", "Contents", "How to play", "Puzzles", "Solutions", "Notes"]
    howto = [t for lvl, t, _ in entries if lvl == 1 and not t.startswith(("Puzzle", "Sol"))]
    assert howto == list(dict.fromkeys(variant_title(p.variant) for p in puzzles))
    for n in range(1, len(puzzles) + 1):
        (page,) = [pg for lvl, t, pg in entries if lvl == 1 and t.startswith(f"Puzzle {n} (")]
        assert re.search(rf"^Puzzle {n}\s*$", page_texts[page], re.M)
        (spage,) = [pg for lvl, t, pg in entries if lvl == 1 and t == f"Solution {n}"]
        assert f"Solution {n} —" in page_texts[spage]


def test_contents_gives_the_right_pages(puzzles: list[Puzzle], reader: pypdf.PdfReader,
                                        page_texts: list[str]) -> None:
    entries = {t.split(" (")[0]: pg for _, t, pg in _outline(reader)}
    contents = " ".join(page_texts[entries["Contents"]].split())
    for n, p in enumerate(puzzles, 1):
        row = f"{n} {variant_title(p.variant)} {p.deal.number} " \
              f"{entries[f'Puzzle {n}'] + 1} {entries[f'Solution {n}'] + 1}"
        assert row in contents, row


def test_metadata(reader: pypdf.PdfReader, puzzles: list[Puzzle]) -> None:
    meta = reader.metadata
    assert meta.title == "Test Puzzles"
    assert meta.author == "Test Author"
    assert meta.subject.startswith(f"{len(puzzles)} solitaire puzzles with solutions")
    keywords = meta["/Keywords"]
    for v in {p.variant.name for p in puzzles}:
        assert v in keywords
    assert "solitaire" in keywords


def test_how_to_play_page_per_variant(puzzles: list[Puzzle], page_texts: list[str]) -> None:
    titles = list(dict.fromkeys(variant_title(p.variant) for p in puzzles))
    for t in titles:
        pages = [x for x in page_texts if f"How to play {t}\n" in x + "\n"
                 or re.search(rf"^How to play {re.escape(t)}\s*$", x, re.M)]
        assert len(pages) == 1, t
        assert "add up to 13" in pages[0]


def test_same_arguments_same_bytes(puzzles: list[Puzzle]) -> None:
    a, _ = render_book(puzzles[:2], BookOptions(title="Same"))
    b, _ = render_book(puzzles[:2], BookOptions(title="Same"))
    assert a == b
    c, _ = render_book(puzzles[:2], BookOptions(title="Other"))
    assert c != a


def test_page_sizes(puzzles: list[Puzzle]) -> None:
    import io

    for size, (w, h) in (("a4", (595.3, 841.9)), ("letter", (612.0, 792.0))):
        data, info = render_book(puzzles[:1], BookOptions(page_size=size))
        box = pypdf.PdfReader(io.BytesIO(data)).pages[0].mediabox
        assert (round(float(box.width), 1), round(float(box.height), 1)) == (w, h)
        assert info.pages >= 5


def test_failed_run_leaves_no_file(tmp_path: Path, puzzles: list[Puzzle],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from pyramids.book import diagram

    calls = 0
    real = diagram.draw_card

    def flaky(*args: object, **kwargs: object) -> None:
        nonlocal calls
        calls += 1
        if calls > 200:
            raise RuntimeError("forced failure while drawing")
        real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(diagram, "draw_card", flaky)
    out = tmp_path / "book.pdf"
    with pytest.raises(RuntimeError, match="forced failure"):
        write_book(puzzles[:2], out)
    assert calls > 200
    assert list(tmp_path.iterdir()) == []


def test_failed_write_keeps_the_old_book(tmp_path: Path, puzzles: list[Puzzle],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "book.pdf"
    out.write_bytes(b"old book")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(BookError, match=r"cannot write the book .* disk full"):
        write_book(puzzles[:1], out)
    assert out.read_bytes() == b"old book"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf"]


def test_rendered_puzzle_page_is_not_blank(book: Path, reader: pypdf.PdfReader) -> None:
    pdfium = pytest.importorskip("pypdfium2")
    (page,) = [pg for lvl, t, pg in _outline(reader) if t.startswith("Puzzle 1 (")]
    doc = pdfium.PdfDocument(str(book))
    img = doc[page].render(scale=0.5).to_pil().convert("RGB")
    px = np.asarray(img).astype(int)
    r, g, b = px[..., 0], px[..., 1], px[..., 2]
    n = r.size
    dark = int(((r + g + b) < 200).sum())
    red = int(((r > 150) & (g < 80) & (b < 80)).sum())
    assert dark / n > 0.005  # card outlines, ranks and black suits
    assert red / n > 0.002  # hearts and diamonds are red
    doc.close()


def test_every_card_of_the_deal_is_drawn(book: Path, reader: pypdf.PdfReader,
                                         puzzles: list[Puzzle]) -> None:
    """Each card face carries its rank twice (two corners), red for hearts and diamonds."""
    from collections import Counter

    pdfplumber = pytest.importorskip("pdfplumber")
    from pyramids.book.drawing import rank_label

    pages = {t: pg for _, t, pg in _outline(reader)}
    with pdfplumber.open(book) as pdf:
        for n, p in enumerate(puzzles, 1):
            (page,) = [pg for t, pg in pages.items() if t.startswith(f"Puzzle {n} (")]
            # card indices are the only bold text between 12 and 24 points on the page
            chars = [c for c in pdf.pages[page].chars
                     if c["fontname"].endswith("Bold") and 12 < c["size"] < 24]
            want = Counter(ch for c in p.deal.cards for ch in rank_label(c) * 2)
            assert Counter(c["text"] for c in chars) == want, n
            red = [c for c in chars if c["non_stroking_color"] not in ((0,), (0, 0, 0))
                   and c["non_stroking_color"][0] > 0.5]
            want_red = sum(2 * len(rank_label(c)) for c in p.deal.cards if c.is_red)
            assert len(red) == want_red, n


def test_solutions_are_the_fewest_moves_where_proven() -> None:
    """A book prints the fewest-moves solution where the optimal solver proves it within
    its node budget, and says so; where every win takes as many moves (Pyramid's one
    pass), the collection's line already is one."""
    from pyramids.answers.ask import ask
    from pyramids.answers.goals import Goal, answer
    from pyramids.book.puzzles import shortest_solution
    from pyramids.core.deals import Deal
    from pyramids.core.variants import get_variant

    v = get_variant("cheops", objective="pyramid")
    deal = Deal.from_number(2)
    verdict = ask(deal, v, Goal.parse("win"))
    p = Puzzle("x", "test", deal, v, "medium", verdict.moves)
    short = shortest_solution(p)
    fewest = answer(deal, v, Goal.parse("board"))
    assert short.shortest is True and len(short.solution) == fewest.steps
    assert len(short.solution) <= len(p.solution)
    one_pass = Puzzle("y", "test", Deal.from_number(408), get_variant("pyramid"), "easy",
                      p.solution[:0] or ask(Deal.from_number(408), get_variant("pyramid"),
                                            Goal.parse("win")).moves)
    assert shortest_solution(one_pass).shortest is True
    assert shortest_solution(one_pass).solution == one_pass.solution
    assert shortest_solution(p, node_limit=10).shortest is None  # not proven: kept as is
