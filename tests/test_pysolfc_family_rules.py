"""Two readings of PySolFC's ten other pyramid games against each other: the deal and the
model of PySolFC's stacks (``pyramids.pysolfc.family``, ``family_model``) and the
project's games as data and their rules engine (``pyramids.core.rules.GAMES``,
``pyramids.core.board``), written apart. The same places cover the same places, the same
cards lie face down, the talons hold as many cards, and the lines that win in PySolFC's
model win on the board too, in the same notation."""

from __future__ import annotations

import pytest

from pyramids.core.board import Board, replay
from pyramids.core.rules import GAMES as RULES
from pyramids.pysolfc.family import PRESETS, SHAPES, covers, face_down_places, family_cards
from pyramids.pysolfc.games import PySolFCGame
from pysolfc_lines import WON

PRESET_OF = {gid: preset for preset, gid in PRESETS.items()}


def test_the_same_ten_games() -> None:
    assert set(RULES) == set(PRESETS)
    assert {r.pysolfc: name for name, r in RULES.items()} == PRESET_OF


@pytest.mark.parametrize("game_id", list(SHAPES))
def test_the_same_layout(game_id: int) -> None:
    """The tableau's places cover the same places (PySolFC's blockmaps), each reserve
    card lies under the card dealt onto it, the same places are face down, and the
    same number of cards is left for the talon."""
    rules, shape = RULES[PRESET_OF[game_id]], SHAPES[game_id]
    layout = rules.layout
    assert layout.covered_by[:shape.places] == covers(game_id)
    for pile in range(shape.reserves):
        first = shape.places + pile * shape.reserve_cards
        for k in range(shape.reserve_cards):
            above = first + k + 1  # the card dealt onto it (the one after, the same)
            want = (above,) if k < shape.reserve_cards - 1 else ()
            assert layout.covered_by[first + k] == want, (pile, k)
    assert len(layout.covered_by) == shape.places + shape.reserves * shape.reserve_cards
    assert layout.face_down == face_down_places(game_id)
    assert rules.decks == shape.decks and rules.talon_cards == shape.talon
    assert layout.names[:shape.places] == tuple(f"r{i}" for i in range(shape.places))


@pytest.mark.parametrize(("game_id", "number", "line"), WON, ids=[str(w[0]) for w in WON])
def test_lines_won_in_pysolfcs_model_win_on_the_board(game_id: int, number: int,
                                                      line: str) -> None:
    board = replay(RULES[PRESET_OF[game_id]], family_cards(game_id, PySolFCGame(number)),
                   line)
    assert board.is_won()
    start = Board(RULES[PRESET_OF[game_id]], family_cards(game_id, PySolFCGame(number)))
    assert not start.is_won()
