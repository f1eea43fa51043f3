"""The referee: every step checked, the step number and the reason in the error."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramids.core.cards import Card
from pyramids.core.deals import Deal
from pyramids.core.errors import PyramidsError, RefereeError
from pyramids.core.game import Game
from pyramids.core.moves import Move, parse_moves
from pyramids.core.referee import bouquet_line_wins, replay
from pyramids.core.variants import get_variant
from pyramids.engines.search import solve

DEAL1 = Deal.from_number(1)  # bottom row KC KH TH TS JS TD 8S; stock QC 4S 6C ...


def test_illegal_step_names_step_move_and_reason() -> None:
    with pytest.raises(RefereeError) as e:
        replay(DEAL1, get_variant("pyramid"), parse_moves("KC KH deal 7D+6S"))
    assert str(e.value) == "step 4: 7D+6S: 7D is covered by 9C and 4D"
    assert e.value.step == 4 and isinstance(e.value, PyramidsError)


def test_unfinished_game_is_refused_unless_asked_not_to() -> None:
    moves = parse_moves("KC KH deal")
    with pytest.raises(RefereeError, match=r"^the game is not won after 3 moves: cards left: "
                                           r"26 in the pyramid, 23 in the stock, 1 in the hand$"):
        replay(DEAL1, get_variant("pyramid"), moves)
    r = replay(DEAL1, get_variant("pyramid"), moves, require_win=False)
    assert (r.moves, r.won, r.cards_left, r.pyramid_left, r.score) == (3, False, 50, 26, None)


def test_par_scoring_scores_any_line() -> None:
    r = replay(DEAL1, get_variant("par-pyramid"), parse_moves("KC KH"))
    assert (r.won, r.score) == (False, -50)


def test_objective_pyramid_win() -> None:
    v = get_variant("king-tut", rows=1)
    deal = Deal(DEAL1.cards[21:22] + DEAL1.cards[:21] + DEAL1.cards[22:])  # KC on top
    r = replay(deal, v, parse_moves("KC"))
    assert r.won and r.cards_left == 51 and r.pyramid_left == 0
    with pytest.raises(RefereeError, match="step 2: deal: the game is already won"):
        replay(deal, v, parse_moves("KC deal"))


BOUQUETS = [get_variant("bouquet", rows=r, overlap=o, objective=obj)
            for r in (5, 7, 9) for o in (False, True) for obj in ("all", "pyramid")]


def _replay_wins(deal: Deal, variant: Any, moves: list[Move]) -> bool:
    try:
        return replay(deal, variant, moves, require_win=False).won
    except RefereeError:
        return False


@settings(max_examples=300, deadline=None)
@given(number=st.integers(0, 2**64 - 1), v=st.sampled_from(BOUQUETS), seed=st.integers(),
       edit=st.sampled_from(["none", "drop", "swap", "cut", "extra", "random"]))
def test_bouquet_fast_check_accepts_only_what_replay_accepts(
        number: int, v: Any, seed: int, edit: str) -> None:
    """The bouquet's fast line check never accepts a line that replay refuses or that does
    not win; and it accepts every winning line replay accepts that has no overlap
    discard (the only legal discard it leaves to replay)."""
    rng = random.Random(seed)
    deal = Deal.from_number(number)
    found = solve(deal, v) if seed % 2 else None  # half the lines from a solution
    if found is not None and found.status == "winnable":
        line = list(found.moves)
    else:
        game = Game(deal, v)
        while not game.is_over() and len(game.moves) < 60:
            moves = game.legal_moves()
            kings_and_pairs = [m for m in moves if all(game.is_available(c) for c in m.cards)]
            game.push(rng.choice(kings_and_pairs or moves))
        line = list(game.moves)
    if line and edit == "drop":
        del line[rng.randrange(len(line))]
    elif len(line) > 1 and edit == "swap":
        i = rng.randrange(len(line) - 1)
        line[i], line[i + 1] = line[i + 1], line[i]
    elif edit == "cut":
        line = line[: rng.randrange(len(line) + 1)]
    elif edit == "extra":
        line.append(Move.discard(Card(rng.randrange(52))))
    elif edit == "random":
        cards = rng.sample(range(52), 2)
        line.insert(rng.randrange(len(line) + 1), Move.discard(Card(cards[0]), Card(cards[1]))
                    if (cards[0] % 13 + cards[1] % 13) == 11 else Move.discard(Card(cards[0])))
    fast = bouquet_line_wins(deal.cards, v, line)
    wins = _replay_wins(deal, v, line)
    if fast:
        assert wins
    if wins and not _uses_overlap(deal, v, line):
        assert fast


def _uses_overlap(deal: Deal, v: Any, line: list[Move]) -> bool:
    """Does the (legal) ``line`` discard a card together with the one lying on it?"""
    game = Game(deal, v)
    for m in line:
        if not all(game.is_available(c) for c in m.cards):
            return True
        game.push(m)
    return False


def test_bouquet_fast_check_is_for_the_bouquet_only() -> None:
    v = get_variant("pyramid")
    assert not bouquet_line_wins(DEAL1.cards, v, parse_moves("KC KH"))
