"""Every preset and layout option draws: puzzle pages, how-to-play pages and checkpoint
diagrams, for lines of play that stop anywhere (stock half dealt, waste, hand, passes)."""

from __future__ import annotations

import io
import random
import re

import pytest

from pyramids import Deal, Game, get_variant
from pyramids.book import BookOptions, Puzzle, render_book
from pyramids.book.text import how_to_play, variant_title
from pyramids.core.placement import View, fit_width, layout
from pyramids.core.variants import PRESETS, Variant

pypdf = pytest.importorskip("pypdf")

VARIANTS: list[Variant] = [*PRESETS.values(), get_variant("bouquet", rows=5),
                           get_variant("bouquet", rows=9),
                           get_variant("pyramid", stock_waste="automatic", overlap=True)]


def _played(v: Variant, seed: int, steps: int) -> Game:
    game = Game(Deal.from_number(1000 + seed), v)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def test_every_variant_renders_a_book() -> None:
    puzzles = []
    for k, v in enumerate(VARIANTS):
        g = _played(v, k, 45)  # a line of play, not a win: drawing does not need one
        puzzles.append(Puzzle(f"v{k}", "test", g.deal, v, "hard", tuple(g.moves)))
    data, info = render_book(puzzles, BookOptions(title="Every variant"))
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == info.pages
    text = "\n".join(p.extract_text() for p in reader.pages)
    for n, p in enumerate(puzzles, 1):
        assert re.search(rf"^Puzzle {n}\s*$", text, re.M)
        assert f"{variant_title(p.variant)} · Deal {p.deal.number}" in text
    titles = [variant_title(v) for v in VARIANTS]
    assert len(set(titles)) == len(titles)  # no two different rule sets share a title


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: variant_title(v))
def test_diagram_fits_its_box_at_every_stage(v: Variant) -> None:
    for steps in (0, 10, 30, 80):
        game = _played(v, steps, steps)
        view = View.of(game)
        for box in ((500.0, 700.0), (250.0, 200.0)):
            w = fit_width(view, *box, max_card=72)
            placed = layout(view, w)
            assert placed.width <= box[0] + 1e-6 and placed.height <= box[1] + 1e-6
            cards = [op[3] for op in placed.ops if op[0] == "card"]
            assert len(cards) == len(set(cards)) == 52 - game.removed.bit_count()


def test_rules_text_mentions_each_option() -> None:
    text = " ".join(how_to_play(get_variant("pyramid", passes=3, stock_waste="forbidden",
                                            overlap=True)))
    assert "3 passes" in text and "may not be paired" in text and "Overlap discards" in text
    assert "three cards" in " ".join(how_to_play(get_variant("king-tut")))
    assert "columns of 4" in " ".join(how_to_play(get_variant("giza-6x4")))
    assert "50" in " ".join(how_to_play(get_variant("par-pyramid")))
