"""Deals: numbers (SplitMix64 + Fisher-Yates), line, pretty and JSON forms, bad input."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramids.core.cards import DECK, Card
from pyramids.core.deals import MAX_DEAL, Deal
from pyramids.core.errors import DealError
from pyramids.core.variants import PRESETS, get_variant


def independent_deck(n: int) -> list[str]:
    """docs/rules.md's deal numbers, written again from the text, sharing nothing with the code."""
    m = 2**64
    state = n
    names = [r + s for s in "CDHS" for r in "A23456789TJQK"]

    def nxt() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) % m
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % m
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % m
        return z ^ (z >> 31)

    for i in range(51, 0, -1):
        j = nxt() % (i + 1)
        names[i], names[j] = names[j], names[i]
    return names


@pytest.mark.parametrize(("n", "first"), [
    (0, "8S JH 9C 2S 2D QD 6S TC 3D AC"),
    (1, "7D 9C 4D 8H 8D 5S JD 6D 9S JC"),
    (2**64 - 1, "JC KS 7S 4C AD JH 5D 2H AH 7D"),
])
def test_deal_numbers_follow_rules_md(n: int, first: str) -> None:
    deal = Deal.from_number(n)
    expected = independent_deck(n)
    assert [str(c) for c in deal.cards] == expected
    assert " ".join(expected[:10]) == first  # pinned, so a change to both shows up
    assert deal.number == n


@settings(max_examples=25, deadline=None)
@given(st.integers(0, MAX_DEAL))
def test_any_deal_number_matches_the_independent_version(n: int) -> None:
    assert [str(c) for c in Deal.from_number(n).cards] == independent_deck(n)


@pytest.mark.parametrize("bad", [-1, 2**64, "7"])
def test_deal_number_out_of_range(bad: object) -> None:
    with pytest.raises(DealError, match="deal number must be 0 to 2"):
        Deal.from_number(bad)  # type: ignore[arg-type]


def test_deal_number_text_forms() -> None:
    assert Deal.parse("#17") == Deal.parse(" 17 ") == Deal.from_number(17)
    assert Deal.parse("17").number == 17
    with pytest.raises(DealError):
        Deal.parse(str(2**64))


def test_same_cards_in_every_variant() -> None:
    deal = Deal.from_number(5)
    for v in PRESETS.values():
        assert deal.pyramid(v) + deal.rest(v) == deal.cards
        assert len(deal.pyramid(v)) == 28
    giza = get_variant("giza")
    rows = deal.tableau_rows(giza)
    assert [len(r) for r in rows] == [8, 8, 8] and rows[0] == deal.cards[28:36]
    assert [len(r) for r in deal.pyramid_rows(get_variant("bouquet", rows=5))] == [1, 2, 3, 4, 5]


def test_pretty_form_draws_the_triangle_and_the_rest() -> None:
    deal = Deal.from_number(1)
    lines = deal.pretty(get_variant("giza")).splitlines()
    assert lines[0] == "# deal 1 (giza)"
    assert lines[1] == " " * 12 + "7D"
    assert lines[7] == "KC  KH  TH  TS  JS  TD  8S"
    assert lines[8] == "tableau:" and len(lines) == 12
    stock = deal.pretty(get_variant("pyramid")).splitlines()[-1]
    assert stock.startswith("stock: QC 4S 6C") and len(stock.split()) == 25
    assert deal.pretty(get_variant("bouquet")).splitlines()[-1].startswith("bouquet: ")
    assert "7♦" in deal.pretty(get_variant("pyramid"), symbols=True)


VARIANTS = [*PRESETS.values(), get_variant("bouquet", rows=5), get_variant("bouquet", rows=9),
            get_variant("pyramid", rows=6)]
permutations = st.permutations(DECK).map(lambda cs: Deal(tuple(cs)))


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: f"{v.name}-{v.rows}")
def test_pretty_and_json_parse_back_for_every_preset(v) -> None:
    for n in (0, 1, 2**64 - 1):
        deal = Deal.from_number(n)
        for symbols in (False, True):
            back = Deal.parse(deal.pretty(v, symbols=symbols), v)
            assert back == deal and back.number == n
        assert Deal.parse(deal.pretty(v)) == deal  # without the variant too
        assert Deal.parse(deal.to_json(v)) == deal and Deal.from_json(deal.to_json(v)).number == n
        assert Deal.parse(deal.line()) == deal


@settings(max_examples=40, deadline=None)
@given(permutations, st.sampled_from(VARIANTS))
def test_every_form_round_trips(deal: Deal, v) -> None:
    assert Deal.parse(deal.line()) == deal
    assert Deal.parse(deal.pretty(v), v) == deal
    assert Deal.parse(deal.pretty(v, symbols=True)) == deal
    obj = deal.to_json_obj(v)
    assert Deal.from_json(obj) == deal
    del obj["line"]  # the rows alone are enough
    assert Deal.from_json(json.dumps(obj)) == deal


def test_duplicate_card_is_named_with_its_positions() -> None:
    cards = [str(c) for c in Deal.from_number(0).cards]
    lost = cards[16]
    cards[16] = cards[3]  # position 17 repeats position 4, and the card it replaced is missing
    with pytest.raises(DealError) as e:
        Deal.parse(" ".join(cards))
    assert str(e.value) == (f"duplicate card '{cards[3]}' at position 17 (first at position 4)"
                            f"; missing: {lost}")


def test_wrong_count_names_the_missing_cards() -> None:
    cards = [str(c) for c in Deal.from_number(0).cards]
    with pytest.raises(DealError, match=r"a deal has 52 cards, got 51 \(missing: AC\)"):
        Deal.parse(" ".join(c for c in cards if c != "AC"))
    with pytest.raises(DealError, match="duplicate card 'AC' at position 53"):
        Deal.parse(" ".join([*cards, "AC"]))
    with pytest.raises(DealError, match="got 0"):
        Deal(())


def test_unknown_card_in_a_deal_is_named_with_its_position() -> None:
    cards = [str(c) for c in Deal.from_number(0).cards]
    cards[9] = "1X"
    with pytest.raises(DealError, match=r"unknown card '1X'.* at position 10"):
        Deal.parse(" ".join(cards))
    with pytest.raises(DealError, match="not a card: 3 at position 1"):
        Deal((3, *DECK[1:]))  # type: ignore[arg-type]


def test_pretty_form_with_wrong_shape_for_the_variant() -> None:
    deal = Deal.from_number(2)
    text = deal.pretty(get_variant("pyramid"))
    lines = text.splitlines()
    lines[2], lines[3] = lines[2] + " " + lines[3].split()[0], " ".join(lines[3].split()[1:])
    with pytest.raises(DealError, match="pyramid row 2 has 3 cards, expected 2"):
        Deal.parse("\n".join(lines), get_variant("pyramid"))
    with pytest.raises(DealError, match="the pyramid has 7 rows, expected 5 for bouquet"):
        Deal.parse(text, get_variant("bouquet", rows=5))


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty deal"), ("{oops", "malformed JSON deal"), ("[1, 2]", "unknown card '[1'"),
    ('{"variant": "giza"}', "a JSON deal needs 'line', 'pyramid' or 'number'"),
    ('{"number": "x"}', "deal number must be an integer, got 'x'"),
])
def test_bad_deal_text(text: str, words: str) -> None:
    with pytest.raises(DealError, match=words.replace("(", r"\(").replace("[", r"\[")):
        Deal.parse(text)


def test_json_number_must_match_the_cards() -> None:
    obj = Deal.from_number(3).to_json_obj()
    obj["number"] = 4
    with pytest.raises(DealError, match="not those of deal 4"):
        Deal.from_json(obj)
    assert Deal.from_json({"number": 9}) == Deal.from_number(9)


def test_repr_rebuilds_the_deal() -> None:
    ns = {"Deal": Deal}
    for d in (Deal.from_number(8), Deal(tuple(reversed(DECK)))):
        assert eval(repr(d), ns) == d
    assert Card.parse("KS") in Deal(tuple(reversed(DECK))).cards[:1]


def test_pretty_header_number_only_names_matching_cards() -> None:
    deal = Deal.from_number(1)
    text = deal.pretty(get_variant("pyramid"))
    assert Deal.parse(text.replace("# deal 1", "# deal 2")).number is None
    huge = Deal.parse(text.replace("# deal 1", f"# deal {2**70}"))  # a comment, not an error
    assert huge == deal and huge.number is None


@pytest.mark.parametrize(("obj", "message"), [
    ({"pyramid": 5}, "'pyramid' must be a list of rows (lists) of cards, got 5"),
    ({"pyramid": [5]}, "'pyramid' must be a list of rows (lists) of cards: row 1 is 5"),
    ({"pyramid": [["AS"]], "stock": "AS"}, "'stock' must be a list of cards, got 'AS'"),
    ({"pyramid": [["AS"]], "bouquet": [["AS"]]}, "'bouquet' must be a list of cards: item 1"),
    ({"line": 5}, "'line' must be a string of 52 cards, got 5"),
    ({"number": True}, "deal number must be an integer, got True"),
])
def test_json_deal_of_the_wrong_shape(obj: dict[str, object], message: str) -> None:
    """A JSON deal of the wrong shape is a DealError naming the key, not a TypeError."""
    with pytest.raises(DealError) as e:
        Deal.from_json(obj)
    assert message in str(e.value)
