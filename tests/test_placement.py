"""One card layout for the book and the web page (``pyramids.core.placement``): the book's
diagrams place their cards where it says, the page is sent the same layout in
``/v1/position``, the two agree card by card, and every layout fits its width."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyramids import Deal, Game, get_variant
from pyramids.core.placement import (
    CARD_RATIO,
    FAN_ROW_CARDS,
    PAGE_CARD,
    PAGE_TEXT,
    View,
    fan_rows,
    fit_width,
    frame_height,
    layout,
    page_board,
)
from pyramids.core.variants import PRESETS, Variant

pytest.importorskip("reportlab")

VARIANTS: list[Variant] = [*PRESETS.values(), get_variant("bouquet", rows=4),
                           get_variant("pyramid", rows=4), get_variant("king-tut", rows=5),
                           get_variant("cheops", rows=6)]


def played(v: Variant, seed: int, steps: int) -> Game:
    """A line of random legal moves (not a win: placing cards does not need one)."""
    game = Game(Deal.from_number(500 + seed), v)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def positions(v: Variant) -> list[Game]:
    return [played(v, k, steps) for k, steps in enumerate((0, 1, 7, 25, 60))]


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: f"{v.name}-{v.rows}")
def test_the_book_draws_the_layout(v: Variant) -> None:
    """A book diagram's cards, empty places and captions are placement.layout's."""
    from pyramids.book.diagram import PositionDiagram

    for game in positions(v):
        for numbers in (True, False):
            d = PositionDiagram(View.of(game), 480.0, 600.0, max_card=60, numbers=numbers)
            d.wrap(480.0, 600.0)
            assert d.placed is not None
            want = layout(View.of(game), d.placed.card_width, numbers=numbers)
            assert d.placed.ops == want.ops and d.placed.height == want.height


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: f"{v.name}-{v.rows}")
def test_page_and_book_place_every_card_alike(v: Variant) -> None:
    """The page's board (as /v1/position sends it) against a book diagram of the same
    position, in card widths: every card at the same x; the pyramid at the same y; the
    same rows (cards level in one are level in the other, in the same order). Only the
    height of the caption bands differs: print and screen set text at their own size."""
    from pyramids.service.play import position

    for game in positions(v):
        book_view = View.of(game)
        w = fit_width(book_view, 480.0, 640.0, max_card=60)
        book = layout(book_view, w).cards()
        page = position(game.deal, v, list(game.moves))["position"]["board"]
        assert set(page["cards"]) == {str(c) for c in book}
        pyramid = {str(c) for c in game.pyramid_layout}
        for c, (x, y) in book.items():
            px, py = page["cards"][str(c)]
            assert px / PAGE_CARD == pytest.approx(x / w, abs=1e-4), c
            if str(c) in pyramid:
                assert py / PAGE_CARD == pytest.approx(y / w, abs=1e-4), c
        rows_book = sorted({round(y / w, 6) for y in (y for _, y in book.values())})
        rows_page = sorted({y for _, y in page["cards"].values()})
        assert len(rows_book) == len(rows_page)
        level = {str(c): rows_book.index(round(y / w, 6)) for c, (_, y) in book.items()}
        assert all(rows_page.index(page["cards"][c][1]) == level[c] for c in level)
        # and the page is sent exactly the layout at its own scale
        exact = layout(book_view, PAGE_CARD, text_size=PAGE_TEXT).cards()
        assert page == {**page, **page_board(book_view)}
        for c, (x, y) in exact.items():
            assert page["cards"][str(c)] == [round(x, 2), round(y, 2)]


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: f"{v.name}-{v.rows}")
def test_layouts_fit_and_the_frame_holds_every_position(v: Variant) -> None:
    """No card sticks out of the layout's width or height (a small pyramid is widened for
    its stock's rows), and the page's frame (the deal's tallest layout) holds every
    position of the deal, so the board never resizes."""
    from pyramids.service.play import position

    h = CARD_RATIO * PAGE_CARD
    for game in positions(v):
        answer = position(game.deal, v, list(game.moves), steps=True)
        for k, pos in enumerate(answer["positions"]):
            board = pos["board"]
            assert board["height"] == answer["positions"][0]["board"]["height"]
            for x, y in board["cards"].values():
                assert -1e-6 <= x <= board["width"] - PAGE_CARD + 0.01, (k, x)
                assert 0 <= y <= board["height"] - h + 0.01, (k, y)
        start = View.of(Game(game.deal, v))
        assert answer["positions"][0]["board"]["height"] == round(
            frame_height(start, PAGE_CARD, text_size=PAGE_TEXT), 2)


def test_the_stock_is_numbered_in_dealing_order_in_threes() -> None:
    """King Tut's stock: rows of twelve, a gap after each three, numbers 1.. over the cards
    in the order they are dealt (the drift the page had: its rows were not grouped)."""
    v = get_variant("king-tut")
    game = Game(Deal.from_number(3), v)
    placed = layout(View.of(game), PAGE_CARD, text_size=PAGE_TEXT)
    at = placed.cards()
    stock = list(game.stock)
    ys = sorted({at[c][1] for c in stock})
    assert len(ys) == 2
    first = [at[c][0] for c in stock if at[c][1] == ys[0]]
    steps = [round(b - a, 6) for a, b in itertools.pairwise(first)]
    assert len(first) == FAN_ROW_CARDS and len(set(steps)) == 2  # within and across threes
    assert steps[2] > steps[0] and steps[5] > steps[3]
    numbers = [op for op in placed.ops if op[0] == "number"]
    assert [op[3] for op in numbers] == [str(i) for i in range(1, 25)]
    for op, c in zip(numbers, stock, strict=True):
        assert at[c][0] < op[1] < at[c][0] + PAGE_CARD


def test_face_up_deck_is_named_so() -> None:
    """MSC's deck has its top card in play and no hand: the captions say so."""
    v = get_variant("msc")
    game = Game(Deal.from_number(2), v)
    texts = [op[3] for op in layout(View.of(game), 50.0).ops if op[0] == "text"]
    assert texts == ["Deck, face up, in this order: its top card (1) is in play"]
    game.push(game.legal_moves()[-1])
    texts = [op[3] for op in layout(View.of(game), 50.0).ops if op[0] == "text"]
    assert any("its top card, on the left, is in play" in str(t) for t in texts)
    assert "waste (top on the right)" in texts and game.hand is None


@given(st.integers(0, 52), st.sampled_from([1, 2, 3]))
def test_fan_rows_are_balanced_and_grouped(n: int, group: int) -> None:
    rows = fan_rows(n, group)
    assert sum(rows) == n and all(0 < r <= FAN_ROW_CARDS for r in rows)
    if rows:
        assert len(rows) == -(-n // FAN_ROW_CARDS)
        if group > 1 and FAN_ROW_CARDS % group == 0:
            assert all(r % group == 0 for r in rows[:-1])
        else:
            assert max(rows) - min(rows) <= 1


@given(st.sampled_from(VARIANTS), st.integers(0, 40), st.floats(4.0, 120.0),
       st.floats(0.0, 30.0))
def test_layout_scales_with_card_and_text_together(v: Variant, steps: int, w: float,
                                                   text: float) -> None:
    """Every coordinate is linear in (card width, text size) taken together: the book's
    diagram and the page's board are one layout at two scales."""
    view = View.of(played(v, steps, steps))
    a = layout(view, w, text_size=text)
    b = layout(view, 2 * w, text_size=2 * text)
    assert b.width == pytest.approx(2 * a.width) and b.height == pytest.approx(2 * a.height)
    for (ka, xa, ya, wa), (kb, xb, yb, wb) in zip(a.ops, b.ops, strict=True):
        assert (ka, wa) == (kb, wb)
        assert xb == pytest.approx(2 * xa, abs=1e-9) and yb == pytest.approx(2 * ya, abs=1e-9)


# -- the suit shapes: the page's SVG paths are the book's Bézier curves -----------------------

Segment = tuple[tuple[float, float], ...]  # a start point and the cubic's three (or a line's one)


class _Recorder:
    """Stands in for a reportlab canvas: records the shapes draw_suit fills."""

    def __init__(self) -> None:
        self.paths: list[list[Segment]] = []
        self.circles: list[tuple[float, float, float]] = []

    def beginPath(self) -> _Recorder:  # (reportlab's method names)
        self.path: list[Segment] = []
        self.at = (0.0, 0.0)
        return self

    def moveTo(self, x: float, y: float) -> None:
        self.at = self.first = (x, y)

    def curveTo(self, *p: float) -> None:
        pts = ((p[0], p[1]), (p[2], p[3]), (p[4], p[5]))
        self.path.append((self.at, *pts))
        self.at = pts[-1]

    def lineTo(self, x: float, y: float) -> None:
        self.path.append((self.at, (x, y)))
        self.at = (x, y)

    def close(self) -> None:
        if self.at != self.first:
            self.path.append((self.at, self.first))

    def drawPath(self, p: object, stroke: int = 0, fill: int = 1) -> None:
        self.paths.append(self.path)

    def circle(self, x: float, y: float, r: float, stroke: int = 0, fill: int = 1) -> None:
        self.circles.append((x, y, r))

    def saveState(self) -> None: ...
    def restoreState(self) -> None: ...
    def setFillColor(self, c: object) -> None: ...


def _svg_shapes(markup: str) -> tuple[list[list[Segment]], list[tuple[float, float, float]]]:
    """The paths and circles of an SVG fragment in the unit square, turned y-up."""
    import re

    num = r"-?(?:\d+\.?\d*|\.\d+)"
    paths: list[list[Segment]] = []
    circles = [(float(x), 1 - float(y), float(r)) for x, y, r in re.findall(
        rf'<circle cx="({num})" cy="({num})" r="({num})"/>', markup)]
    for tf, d in re.findall(r'<path (?:transform="([^"]*)" )?d="([^"]*)"/>', markup):
        tx = ty = 0.0
        sx = sy = 1.0
        if tf:
            m = re.fullmatch(rf"translate\(({num}) ({num})\) scale\(({num}) ({num})\)", tf)
            assert m, tf
            tx, ty, sx, sy = map(float, m.groups())

        def pt(x: str, y: str, tx: float = tx, ty: float = ty, sx: float = sx,
               sy: float = sy) -> tuple[float, float]:
            return (tx + sx * float(x), 1 - (ty + sy * float(y)))

        path: list[Segment] = []
        for cmd, args in re.findall(r"([MCLZ])([^MCLZ]*)", d):
            v = re.findall(num, args)
            if cmd == "M":
                at = first = pt(*v)
            elif cmd == "C":
                pts = (pt(v[0], v[1]), pt(v[2], v[3]), pt(v[4], v[5]))
                path.append((at, *pts))
                at = pts[-1]
            elif cmd == "L":
                path.append((at, pt(*v)))
                at = pt(*v)
            elif at != first:
                path.append((at, first))
        paths.append(path)
    return paths, circles


def _same_outline(a: list[Segment], b: list[Segment]) -> bool:
    """The same closed outline, whichever point it starts from and whichever way round."""
    def key(path: list[Segment]) -> list[tuple[tuple[float, float], ...]]:
        return sorted(tuple((round(x, 6), round(y, 6)) for x, y in s) for s in path)

    reverse = [tuple(reversed(s)) for s in b]
    return key(a) in (key(b), key(reverse))


def test_the_page_draws_the_books_suit_shapes() -> None:
    """cards.js's suit symbols (SVG, y down) are drawing.py's curves (reportlab, y up)."""
    import json
    import shutil
    import subprocess
    from pathlib import Path

    from pyramids.book.drawing import draw_suit

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the page's suit shapes are read with it")
    js = Path(__file__).resolve().parents[1] / "src/pyramids/service/static/cards.js"
    out = subprocess.run([node, "--input-type=module", "-e",
                          f"import({json.dumps(js.as_uri())}).then((m) => "
                          "console.log(JSON.stringify(m.SUIT_SHAPES)))"],
                         capture_output=True, text=True, check=True, timeout=60)
    page = json.loads(out.stdout)
    assert sorted(page) == ["C", "D", "H", "S"]
    for suit, markup in page.items():
        rec = _Recorder()
        draw_suit(rec, suit, 0.0, 0.0, 1.0)
        paths, circles = _svg_shapes(markup)
        assert len(paths) == len(rec.paths), suit
        for mine, theirs in zip(rec.paths, paths, strict=True):
            assert _same_outline(mine, theirs), suit
        assert sorted(tuple(round(q, 6) for q in c) for c in circles) == sorted(
            tuple(round(q, 6) for q in c) for c in rec.circles), suit
