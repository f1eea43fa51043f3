"""Two readings of PySolFC's ten other pyramid games against each other: the deal and the
model of PySolFC's stacks (``pyramids.pysolfc.family``, ``family_model``) and the
project's games as data and their rules engine (``pyramids.core.rules.GAMES``,
``pyramids.core.board``), written apart. The same places cover the same places, the same
cards lie face down, the talons hold as many cards, and the lines that win in PySolFC's
model win on the board too, in the same notation."""

from __future__ import annotations

import random

import pytest

from pyramids.core.board import Board, replay
from pyramids.core.rules import GAMES as RULES
from pyramids.pysolfc.family import PRESETS, SHAPES, covers, face_down_places, family_cards
from pyramids.pysolfc.family_model import FamilyTable, ModelError
from pyramids.pysolfc.games import PySolFCGame
from pyramids.pysolfc.model import _Stack
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


def _snapshot(t: FamilyTable) -> list[tuple[list[object], list[bool]]]:
    return [(list(s.cards), [c.face_up for c in s.cards]) for s in _stacks(t)] + [
        ([t.round, t.flips, t.automatic_deals], [])]


def _restore(t: FamilyTable, snap: list[tuple[list[object], list[bool]]]) -> None:
    for s, (cards, ups) in zip(_stacks(t), snap, strict=False):
        s.cards = list(cards)
        for c, up in zip(s.cards, ups, strict=True):
            c.face_up = up
    t.round, t.flips, t.automatic_deals = snap[-1][0]


def _stacks(t: FamilyTable) -> list[_Stack]:
    return [*t.rows, *t.reserves, *t.wastes, t.talon, t.foundation]


def _model_tries(t: FamilyTable) -> list[str]:
    """Every click worth trying in the model: each free card alone, each two free cards,
    with places where a name is on two free stacks, and the talon."""
    places = {p: s for p, s in t._places().items() if s.top is not None
              and s.top.face_up and not s.blocked()}
    names = [str(s.top) for s in places.values()]
    shown = [n + (f"@{p}" if names.count(n) > 1 else "") for p, n in zip(places, names,
                                                                         strict=True)]
    pairs = [f"{a}+{b}" for i, a in enumerate(shown) for b in shown[i + 1:]]
    return [*shown, *pairs, "deal" if t.talon.cards else "redeal"]


def _accepts(t: FamilyTable, step: str) -> bool:
    snap = _snapshot(t)
    try:
        t.click(step)
    except ModelError:
        return False
    finally:
        _restore(t, snap)
    return True


def _key(step: str) -> str:
    """A step with a pair's two cards in one order (``9H+4C`` is ``4C+9H``)."""
    return "+".join(sorted(step.split("+")))


def _talon_king(t: FamilyTable) -> bool:
    top = t.talon.top
    return (t.rules.talon == "face-up" and t.rules.king_alone and top is not None
            and top.face_up and top.rank == 12)


@pytest.mark.parametrize("game_id", list(SHAPES))
def test_random_walks_agree_move_by_move(game_id: int) -> None:
    """Random walks (seeded) through games 1, 2, 617, 32000 and ms40000 on the board (the
    walks redeal in every game with passes, Apophis's gathered wastes included): at every step
    the clicks PySolFC's model accepts are the board's legal moves, in the same words,
    and after the walk both agree whether the game is won and how many cards are gone.
    One difference is PySolFC's own and kept: with a King on Pyramid's face-up talon a
    click discards it, so the model refuses ``deal`` there where the board deals (as
    PySolFC's D key does, docs/rules.md)."""
    rules = RULES[PRESET_OF[game_id]]
    rng = random.Random(game_id)
    for game in (PySolFCGame(1), PySolFCGame(2), PySolFCGame(617), PySolFCGame(32000),
                 PySolFCGame(40000, ms=True)):
        number = game.key
        board = Board(rules, family_cards(game_id, game))
        t = FamilyTable(game_id, game.number, ms=game.ms)
        for _ in range(200):
            legal = {_key(board.format(m)) for m in board.legal_moves()}
            if not legal:
                break
            tried = {_key(s) for s in _model_tries(t) if _accepts(t, s)}
            if _talon_king(t):
                legal.discard("deal")
            # a move the board finds legal that the model's tries miss is a failure too
            assert tried == legal, (number, sorted(tried ^ legal))
            step = rng.choice(sorted(legal))
            t.click(step)
            board.push(board.parse(step))
        assert t.won() == board.is_won()
        assert len(t.foundation.cards) == board.rules.cards - board.cards_left()
