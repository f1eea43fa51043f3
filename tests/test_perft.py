"""Perft counts pinned in tests/fixtures/perft.json (made by tests/fixtures/make_perft.py).

Any change to the rules engine that changes which moves are legal, in any preset or
option mix of the fixture, changes a count here. If the change is deliberate (and
docs/rules.md says so), regenerate the fixture with the script and commit both.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import parse_moves
from pyramids.core.variants import Variant

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "perft.json"
CASES: list[dict[str, Any]] = json.loads(FIXTURE.read_text())


def perft(game: Game, depth: int) -> tuple[list[int], int]:
    """Legal move sequences of exactly 1..depth moves; distinct positions within depth."""
    counts = [0] * depth
    seen = {game.key()}

    def walk(d: int) -> None:
        for m in game.legal_moves():
            counts[d] += 1
            game.push(m)
            seen.add(game.key())
            if d + 1 < depth:
                walk(d + 1)
            game.pop()

    walk(0)
    return counts, len(seen)


def test_fixture_covers_every_preset_from_the_deal_and_mid_game() -> None:
    names = {c["variant"]["name"] for c in CASES}
    assert names >= {"pyramid", "par-pyramid", "cheops", "king-tut", "tuts-tomb", "giza",
                     "giza-6x4", "bouquet"}
    assert any(c["prefix"] for c in CASES) and any(not c["prefix"] for c in CASES)
    # mid-game positions near the end of the first pass, where redeals come in
    assert any(c["variant"]["passes"] != 1 and c["prefix"] and c["variant"]["rest"] == "stock"
               for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['label'][:40]}-{c['deal']}"
                         f"+{len(c['prefix'])}")
def test_perft(case: dict[str, Any]) -> None:
    v = Variant.from_options(case["variant"])
    game = Game(Deal.from_number(case["deal"]), v)
    for m in parse_moves(case["prefix"]):
        game.push(m)
    counts, positions = perft(game, case["depth"])
    assert counts == case["sequences"]
    assert positions == case["positions"]
