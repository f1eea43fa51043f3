"""The referee: every step checked, the step number and the reason in the error."""

from __future__ import annotations

import pytest

from pyramids.deals import Deal
from pyramids.errors import PyramidsError, RefereeError
from pyramids.moves import parse_moves
from pyramids.referee import replay
from pyramids.variants import get_variant

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
