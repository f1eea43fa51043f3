"""PySolFC's ten other pyramid games dealt as PySolFC deals them (``pyramids.pysolfc.family``):
every card the right number of times, layouts read by hand off published deals, the
shuffle written out from its formulas for two decks, and the layout order checked against
the four games' dealing (``games._shuffled_ids``) and against the model of PySolFC's
stacks (``pyramids.pysolfc.family_model``), which deals by moving cards off a talon."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pyramids.core.cards import Card
from pyramids.core.errors import DealError
from pyramids.pysolfc.family import (
    FAMILY,
    PRESETS,
    SHAPES,
    covers,
    face_down_places,
    family_cards,
    talon_size,
)
from pyramids.pysolfc.family_model import FamilyTable
from pyramids.pysolfc.games import PySolFCGame, _shuffled_ids

NUMBERS = [PySolFCGame(1), PySolFCGame(617), PySolFCGame(31999), PySolFCGame(32000),
           PySolFCGame(40000, ms=True), PySolFCGame(2**32 + 5, ms=True),
           PySolFCGame(10**25)]

# Microsoft FreeCell's deals 1 and 617 as published (and as Microsoft's game shows them),
# row by row: PySolFC deals its games below 32000 with the same generator and deck, and
# its talon gives the cards in this order (the first FreeCell row is the first 8 cards)
FREECELL_1 = """JD 2D 9H JC 5D 7H 7C 5H  KD KC 9S 5S AD QC KH 3H  2S KS 9D QD JS AS AH 3C
                4C 5C TS QH 4H AC 4D 7S  3S TD 4S TH 8H 2C JH 7D  6D 8S 8D QS 6C 3D 8C TC
                6S 9C 2H 6H"""
FREECELL_617 = """7D AD 5C 3S 5S 8C 2D AH  TD 7S QD AC 6D 8H AS KH  TH QC 3H 9D 6S 8D 3D TC
                  KD 5H 9S 3C 8S 7H 4D JS  4C QS 9C 9H 7C 6H 2C 2S  4S TS 2H 5D JC 6C JH QH
                  JD KS KC 4H"""


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_the_ten_games_by_id_name_and_preset() -> None:
    assert FAMILY == {44: "Pyramid Thirteen", 655: "Pharaohs", 658: "Apophis",
                      659: "Cheops", 677: "Two Pyramids", 699: "Double Pyramid",
                      700: "Triangle", 701: "Up and Down", 846: "Pyramid Dozen",
                      969: "Eleven Triangle"}
    assert PRESETS["pysolfc-pyramid-thirteen"] == 44
    assert PRESETS["pysolfc-eleven-triangle"] == 969
    assert len(PRESETS) == 10 and all(p.startswith("pysolfc-") for p in PRESETS)


@pytest.mark.parametrize("game_id", list(FAMILY))
@pytest.mark.parametrize("game", NUMBERS, ids=str)
def test_every_card_once_per_deck(game_id: int, game: PySolFCGame) -> None:
    got = family_cards(game_id, game)
    decks = SHAPES[game_id].decks
    assert len(got) == 52 * decks
    assert Counter(got) == Counter({Card(i): decks for i in range(52)})


def test_sizes_of_tableau_and_talon() -> None:
    """The tableau's stacks and the talon's cards (those the opening deals included),
    read off each ``createGame``/``startGame``: 52 or 104 cards in all."""
    places = {gid: s.places for gid, s in SHAPES.items()}
    assert places == {44: 28, 655: 3 + 28 + 21, 658: 28, 659: 28, 677: 56, 699: 45,
                      700: 28, 701: 56, 846: 28, 969: 28}
    talons = {gid: talon_size(gid) for gid in FAMILY}
    assert talons == {44: 24, 655: 0, 658: 24, 659: 24, 677: 48, 699: 59, 700: 24,
                      701: 48, 846: 0, 969: 24}
    assert SHAPES[846].reserves * SHAPES[846].reserve_cards == 24


def test_face_down_places() -> None:
    """Pyramid Thirteen deals ``rows[:21]`` with ``flip=0`` (pyramid.py:421): the six top
    rows; no other game deals a card face down."""
    assert face_down_places(44) == frozenset(range(21))
    assert all(not face_down_places(g) for g in FAMILY if g != 44)


def test_unknown_game_is_refused_naming_the_ten() -> None:
    with pytest.raises(DealError, match=r"PySolFC game 38 is not one of .*Pharaohs \(655\)"):
        family_cards(38, PySolFCGame(1))
    with pytest.raises(DealError, match="Eleven Triangle"):
        talon_size(0)


# -- known layouts, read by hand ----------------------------------------------------------

@pytest.mark.parametrize("game_id", [44, 655, 658, 659, 700, 969])
def test_one_deck_games_deal_freecell_deals_1_and_617_in_order(game_id: int) -> None:
    """Games 1 and 617 are Microsoft FreeCell's deals 1 and 617. Every one-deck game but
    Pyramid Dozen deals its tableau off the talon first and keeps the rest there in that
    order, so its layout is FreeCell's deal read row by row."""
    assert list(family_cards(game_id, PySolFCGame(1))) == cards(FREECELL_1)
    assert list(family_cards(game_id, PySolFCGame(617))) == cards(FREECELL_617)


def test_pharaohs_three_pyramids_from_freecell_617() -> None:
    """Pharaohs' ``s.rows``: the pyramid of 2 (3 stacks), of 7 (28), of 6 (21), in the
    order ``createGame`` adds them (pyramid.py:1227-1231); game 617 deals them 7D AD 5C,
    then 3S 5S 8C ..., the last 21 from FreeCell's 32nd card on."""
    got = family_cards(655, PySolFCGame(617))
    assert list(got[:3]) == cards("7D AD 5C")
    assert list(got[3:10]) == cards("3S 5S 8C 2D AH TD 7S")
    assert list(got[31:]) == cards(FREECELL_617)[31:]


def test_pyramid_dozen_reserves_from_freecell_1() -> None:
    """Pyramid Dozen deals ``dealRow(rows=self.s.reserves)`` four times (pyramid.py:
    398-400), then the pyramid: FreeCell 1's first 24 cards go across the six reserves
    four times (reserve 0 gets cards 1, 7, 13, 19: JD 7C AD 9D, bottom to top), the next
    28 make the pyramid. The project's order: the pyramid, then each reserve bottom to
    top."""
    fc = cards(FREECELL_1)
    got = list(family_cards(846, PySolFCGame(1)))
    assert got[:28] == fc[24:]
    assert got[28:32] == cards("JD 7C AD 9D")
    assert got[32:36] == cards("2D 5H QC QD")
    assert got[48:52] == cards("7H 5S KS 3C")  # reserve 5: cards 6, 12, 18, 24
    assert got[28:] == [fc[r * 6 + p] for p in range(6) for r in range(4)]


def test_two_decks_first_card_by_hand() -> None:
    """Two Pyramids game 1, by hand: ``LCRandom31(1)`` first draws ``((1 * 214013 +
    2531011) >> 16) & 0x7fff = 41`` (as FreeCell deal 1's first card, JD, the 42nd card
    of Microsoft's order); the shuffle swaps card 103 with card ``41 % 104 = 41``. Two
    decks are not rearranged (``ms_rearrange`` leaves any deck but 52 cards as it is),
    so card 41 is PySolFC's order's (clubs 0-12, spades 13-25, hearts 26-38, diamonds
    39-51): the 3 of diamonds, the talon's top card, dealt first."""
    assert ((1 * 214013 + 2531011) >> 16) & 0x7FFF == 41
    for game_id in (677, 699, 701):
        assert family_cards(game_id, PySolFCGame(1))[0] == Card.parse("3D")


def _deck(decks: int) -> list[Card]:
    """PySolFC's cards before the shuffle: deck by deck, clubs, spades, hearts, diamonds,
    Ace to King (``Game.createCards``, game/__init__.py:1213-1237)."""
    return [Card.of(v, s) for _ in range(decks) for s in "CSHD" for v in range(1, 14)]


def _lcg_shuffle(seed: int, deck: list[Card]) -> list[Card]:
    """Microsoft's generator, from its formula (pysol-cards' ``LCRandom31`` for seeds
    below 2**31): ``x = x * 214013 + 2531011`` (33 bits), a draw is ``(x >> 16) &
    0x7fff``; the shuffle swaps card n with card ``draw % (n + 1)`` for n from the last
    down to 1. Talon top (the last card) first."""
    x, out = seed, list(deck)
    for n in range(len(out) - 1, 0, -1):
        x = (x * 214013 + 2531011) & ((1 << 33) - 1)
        j = ((x >> 16) & 0x7FFF) % (n + 1)
        out[n], out[j] = out[j], out[n]
    return out[::-1]


def _mt_shuffle(seed: int, deck: list[Card]) -> list[Card]:
    """The Mersenne Twister's (``MTRandom``: Python's ``random.Random(seed)``,
    ``randint(0, n) = int(random() * (n + 1))``), the same swaps."""
    rnd, out = random.Random(seed), list(deck)
    for n in range(len(out) - 1, 0, -1):
        j = int(rnd.random() * (n + 1))
        out[n], out[j] = out[j], out[n]
    return out[::-1]


@pytest.mark.parametrize("game_id", [677, 699, 701])
def test_two_deck_shuffle_written_out(game_id: int) -> None:
    """The 104-card deals, against the two generators written out from their formulas:
    Microsoft's below 32000 and for ``ms`` numbers (no ``ms_rearrange``), the Mersenne
    Twister from 32000 up."""
    for number in (1, 2, 617, 11982, 31999):
        assert list(family_cards(game_id, PySolFCGame(number))) == _lcg_shuffle(
            number, _deck(2)), number
    assert list(family_cards(game_id, PySolFCGame(40000, ms=True))) == _lcg_shuffle(
        40000, _deck(2))
    for number in (32000, 32001, 123456789, 10**19):
        assert list(family_cards(game_id, PySolFCGame(number))) == _mt_shuffle(
            number, _deck(2)), number


def test_one_deck_agrees_with_the_four_games_dealing() -> None:
    """For one deck the talon is shuffled as for Pyramid (``games._shuffled_ids``, its
    own Mersenne Twister written out): every one-deck game but Pyramid Dozen is that
    order, and Pyramid Dozen's pyramid is its cards 25 to 52."""
    for game in [*NUMBERS[:6], *(PySolFCGame(n) for n in range(32000, 32040))]:
        ids = [Card(i) for i in _shuffled_ids(game.number, game.ms)]
        for game_id in (44, 655, 658, 659, 700, 969):
            assert list(family_cards(game_id, game)) == ids, (game_id, game)
        assert list(family_cards(846, game))[:28] == ids[24:], game


@pytest.mark.parametrize("game_id", list(FAMILY))
@pytest.mark.parametrize("game", NUMBERS, ids=str)
def test_layout_order_is_what_the_model_deals(game_id: int, game: PySolFCGame) -> None:
    """The model of PySolFC's stacks deals by moving cards off its talon as
    ``startGame`` does; read back in the layout order (the rows in ``s.rows`` order,
    each reserve bottom to top, the waste or wastes in the order dealt, the talon from
    its top) it is :func:`family_cards`, and its face-down cards are
    :func:`face_down_places`."""
    t = FamilyTable(game_id, game.number, ms=game.ms)
    read = ([s.cards[0] for s in t.rows] + [c for s in t.reserves for c in s.cards]
            + [c for w in t.wastes for c in w.cards] + t.talon.cards[::-1])
    assert [str(c) for c in read] == [str(c) for c in family_cards(game_id, game)]
    down = {i for i, s in enumerate(t.rows) if not s.cards[0].face_up}
    assert down == face_down_places(game_id)
    opening = SHAPES[game_id].opening * SHAPES[game_id].wastes
    assert sum(len(w.cards) for w in t.wastes) == opening


@pytest.mark.parametrize("game_id", list(FAMILY))
def test_covers_are_the_models_blockmaps(game_id: int) -> None:
    """:func:`covers`, from the formulas, is the blockmap of each stack the model builds
    with PySolFC's loops; the free places at the start are each pyramid's last row."""
    t = FamilyTable(game_id, 1)
    assert covers(game_id) == tuple(tuple(t.rows.index(b) for b in s.blockmap)
                                    for s in t.rows)
    assert len(covers(game_id)) == SHAPES[game_id].places


def test_covers_by_hand() -> None:
    """Triangle's inverted pyramid: its top row's left end (0) lies under 7, its right
    end (6) under 12, place 8 under 13 and 14, the last card (27) under nothing; Up and
    Down's inverted pyramid is the same, 28 places on; Pharaohs' pyramid of 2 covers its
    top card (0) with 1 and 2, and its pyramid of 7 starts at 3 (under 4 and 5)."""
    tri = covers(700)
    assert (tri[0], tri[6], tri[8], tri[27]) == ((7,), (12,), (13, 14), ())
    assert covers(701)[28:] == tuple(tuple(m + 28 for m in c) for c in tri)
    assert covers(655)[:4] == ((1, 2), (), (), (4, 5))
