"""Move notation: ``KC``, ``9H+4C``, ``deal``, ``redeal``; solutions one per line or spaced."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramids.core.cards import DECK, Card
from pyramids.core.errors import MoveError
from pyramids.core.moves import DEAL, DRAW, RECYCLE, REDEAL, Move, format_moves, parse_moves


def card(text: str) -> Card:
    return Card.parse(text)


def test_pair_is_stored_higher_card_first() -> None:
    m = Move.parse("4c+9h")
    assert m == Move.parse("9H+4C") == Move.discard(card("4C"), card("9H"))
    assert m.cards == (card("9H"), card("4C")) and str(m) == "9H+4C"
    assert m.symbol() == "9♥+4♣"
    assert Move.parse("9H + 4C") == m


@pytest.mark.parametrize(("text", "move"), [
    ("KC", Move.discard(Card.parse("KC"))), ("k♣", Move.discard(Card.parse("KC"))),
    ("deal", DEAL), ("DEAL", DEAL), ("d", DEAL), ("draw", DRAW), ("redeal", REDEAL),
    ("r", REDEAL), ("recycle", RECYCLE),
    ("10s+3h", Move.discard(Card.parse("TS"), Card.parse("3H"))),
])
def test_accepted_spellings(text: str, move: Move) -> None:
    assert Move.parse(text) == move


@pytest.mark.parametrize("preset", ["pyramid", "msc"])
def test_either_stock_word_plays_and_the_game_writes_its_own(preset: str) -> None:
    """``draw`` and ``recycle`` are MSC's words for a deal and a redeal: every stock game
    takes either word, and records the move in its own (face-up top: draw, recycle)."""
    from pyramids.core.deals import Deal
    from pyramids.core.game import Game
    from pyramids.core.variants import get_variant

    v = get_variant(preset, passes=2)
    g = Game(Deal.from_number(5), v)
    own = (DRAW, RECYCLE) if v.face_up else (DEAL, REDEAL)
    for word in (DRAW, DEAL):
        g.push(word)
        assert g.moves[-1] == own[0]
    while g.stock:
        g.push(DEAL)
    g.push(RECYCLE if v.face_up else REDEAL)
    assert g.moves[-1] == own[1] and g.pass_no == 2


@pytest.mark.parametrize(("text", "words"), [
    ("", "unknown move ''"), ("9H+", "unknown move '9H+'"), ("+4C", "unknown move '+4C'"),
    ("9H+4C+KD", "unknown move '9H+4C+KD'"), ("XX", "unknown move 'XX'"),
    ("9H+9H", "the same card twice"), ("9H+4X", "'4X'"),
])
def test_bad_moves_are_named(text: str, words: str) -> None:
    with pytest.raises(MoveError) as e:
        Move.parse(text)
    assert words in str(e.value) and isinstance(e.value, ValueError)


def test_move_shape_is_checked() -> None:
    with pytest.raises(MoveError, match="1 or 2 cards"):
        Move("discard", ())
    with pytest.raises(MoveError, match="takes no cards"):
        Move("deal", (card("KC"),))
    with pytest.raises(MoveError, match="unknown move kind"):
        Move("shuffle")  # type: ignore[arg-type]


def test_validity_before_position() -> None:
    assert Move.parse("KC").is_valid_discard and Move.parse("9H+4C").is_valid_discard
    assert not Move.parse("QC").is_valid_discard and not Move.parse("9H+5C").is_valid_discard
    assert not DEAL.is_discard


def test_parse_moves_reads_numbered_lines_comments_and_commas() -> None:
    text = """# a solution
     1. KC
     2. deal   # turn one
     3. 9H + 4C
     redeal, QS+AH  10d+3s
    """
    assert [str(m) for m in parse_moves(text)] == ["KC", "deal", "9H+4C", "redeal", "QS+AH",
                                                   "TD+3S"]
    assert parse_moves("") == []


def test_parse_moves_names_the_bad_move_and_its_number() -> None:
    with pytest.raises(MoveError, match=r"^move 3: unknown move 'ZZ'"):
        parse_moves("KC deal ZZ 9H+4C")
    with pytest.raises(MoveError, match=r"^move 2: "):
        parse_moves("1. KC\n2. 5H+5H\n")


moves = st.one_of(
    st.just(DEAL), st.just(REDEAL),
    st.sampled_from(DECK).map(lambda c: Move.discard(c)),
    st.lists(st.sampled_from(DECK), min_size=2, max_size=2, unique=True).map(
        lambda cs: Move.discard(*cs)),
)


@settings(max_examples=150, deadline=None)
@given(moves)
def test_move_round_trip(m: Move) -> None:
    assert Move.parse(str(m)) == m
    assert Move.parse(m.symbol()) == m
    assert Move.parse(str(m).lower()) == m


@settings(max_examples=60, deadline=None)
@given(st.lists(moves, max_size=40), st.booleans(), st.booleans())
def test_solution_round_trip(ms: list[Move], numbered: bool, symbols: bool) -> None:
    assert parse_moves(format_moves(ms, numbered=numbered, symbols=symbols)) == ms
