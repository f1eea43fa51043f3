"""Cards: deck order, spellings, errors that name the bad card and its position."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramids.core.cards import (
    DECK,
    Card,
    complementary,
    format_cards,
    parse_cards,
    rank_pair_name,
    value_of,
)
from pyramids.core.errors import CardError, PyramidsError

cards = st.sampled_from(DECK)


def test_deck_order_is_clubs_diamonds_hearts_spades_ace_to_king() -> None:
    assert format_cards(DECK[:13]) == "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    assert [str(DECK[i]) for i in (13, 25, 26, 39, 51)] == ["AD", "KD", "AH", "AS", "KS"]
    assert all(int(c) == i for i, c in enumerate(DECK))
    assert [c.value for c in DECK[13:26]] == list(range(1, 14))


@pytest.mark.parametrize(("text", "card"), [
    ("TS", "TS"), ("10s", "TS"), ("ts", "TS"), ("10S", "TS"), ("Q♥", "QH"), ("q♡", "QH"),
    ("A♣", "AC"), ("10♦", "TD"), ("k♠", "KS"), ("  7d ", "7D"), ("aH", "AH"), ("j♧", "JC"),
])
def test_accepted_spellings(text: str, card: str) -> None:
    assert str(Card.parse(text)) == card


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty card"), ("1S", "rank"), ("XS", "rank"), ("TX", "suit"), ("10", "no suit"),
    ("QHH", "rank"), ("11H", "rank"), ("T", "no suit"), ("q", "no suit"),
])
def test_bad_cards_are_named(text: str, words: str) -> None:
    with pytest.raises(CardError) as e:
        Card.parse(text)
    assert words in str(e.value)
    if text:
        assert repr(text) in str(e.value)
    assert isinstance(e.value, ValueError) and isinstance(e.value, PyramidsError)


def test_parse_cards_names_the_position() -> None:
    assert parse_cards("AC, 10h  q♠") == [Card.parse(x) for x in ("AC", "TH", "QS")]
    with pytest.raises(CardError, match=r"unknown card 'ZZ'.* at position 3$"):
        parse_cards("AC 2C ZZ 4C")


def test_card_index_out_of_range() -> None:
    for bad in (-1, 52):
        with pytest.raises(CardError, match=str(bad)):
            Card(bad)


def test_values_and_complements() -> None:
    for c in DECK:
        assert c.value == value_of(c) and 1 <= c.value <= 13
        assert c.is_king == (c.value == 13)
        assert len(c.complements()) == (0 if c.is_king else 4)
        for d in c.complements():
            assert c.value + d.value == 13 and complementary(c, d) and c.pairs_with(d)
        for d in DECK:
            assert complementary(c, d) == (c.value + d.value == 13) == complementary(d, c)
    assert [rank_pair_name(v) for v in (1, 12, 4, 9, 6, 7, 13)] == \
        ["A+Q", "A+Q", "4+9", "4+9", "6+7", "6+7", "K"]


@settings(max_examples=100, deadline=None)
@given(cards)
def test_card_round_trips(c: Card) -> None:
    assert Card.parse(str(c)) == c
    assert Card.parse(c.symbol()) == c
    assert Card.parse(str(c).lower()) == c
    assert Card(int(c)) is c
    assert eval(repr(c), {"Card": Card}) == c


@settings(max_examples=60, deadline=None)
@given(st.lists(cards, max_size=60), st.booleans())
def test_card_lists_round_trip(cs: list[Card], symbols: bool) -> None:
    assert parse_cards(format_cards(cs, symbols=symbols)) == cs
