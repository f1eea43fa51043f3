"""The model of PySolFC's stacks for its ten other pyramid games
(``pyramids.pysolfc.family_model``): lines that win, and clicks PySolFC refuses, each
saying why. The refusals and the small positions are built by hand from games 617 and 1,
whose cards are Microsoft FreeCell's deals 617 and 1 read row by row
(``tests/test_pysolfc_family.py``): game 617 lays ``7D / AD 5C / 3S 5S 8C / 2D AH TD 7S /
QD AC 6D 8H AS / KH TH QC 3H 9D 6S / 8D 3D TC KD 5H 9S 3C`` as a 7-row pyramid and its
talon then gives ``8S 7H 4D JS 4C QS 9C 9H 7C 6H 2C 2S 4S TS ...``. The winning lines
(``tests/pysolfc_lines.py``, one a game, found by searches over the model's clicks, and
for Pharaohs apart from it) are pinned so that the model keeps playing them; they prove
the games can be played to the end in the model, not that the model is right, which the
refusals and positions read by hand do, and the rules engine's replay of the same lines
(``tests/test_pysolfc_family_rules.py``)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pyramids.pysolfc.family_model import (
    GAMES,
    FamilyTable,
    ModelError,
    pyramid,
    replay_family,
)
from pyramids.pysolfc.model import _Stack
from pysolfc_lines import WON


def table(game_id: int, number: int, line: str = "") -> FamilyTable:
    t = FamilyTable(game_id, number)
    for step in line.split():
        t.click(step)
    return t


def tops(stacks: Sequence[_Stack]) -> list[str]:
    return [str(s.top) for s in stacks]


@pytest.mark.parametrize(("game_id", "number", "line"), WON, ids=[str(w[0]) for w in WON])
def test_lines_that_win(game_id: int, number: int, line: str) -> None:
    got = replay_family(game_id, number, line.split())
    assert got.won and got.clicks == len(line.split())
    # the last click wins; one click more is refused
    with pytest.raises(ModelError, match=r"step \d+: deal: the game is already won"):
        replay_family(game_id, number, [*line.split(), "deal"])
    # the line without its last click does not win
    assert not replay_family(game_id, number, line.split()[:-1]).won


def test_refusals_name_the_step() -> None:
    with pytest.raises(ModelError, match=r"^step 2: 8D\+5S: 5S is covered$"):
        replay_family(658, 617, ["TC+3D", "8D+5S"])
    # in Pyramid Thirteen the covered 5S is also face down: no card a player can name
    with pytest.raises(ModelError, match=r"^step 2: 5S is not the top card of any stack, "
                                         r"face up$"):
        replay_family(44, 617, ["TC+3D", "8D+5S"])


# -- the layouts ---------------------------------------------------------------------

def test_pyramid_and_inverted_pyramid_blockmaps() -> None:
    """``_createPyramid``: stack n of row i is covered by n+i+1 and n+i+2;
    ``_createInvertedPyramid`` (7, 6, ... 1 cards a row): the left end by the stack
    below right, the right end by the one below left, the others by both."""
    up = pyramid(3)
    assert [[up.index(b) for b in s.blockmap] for s in up] == [[1, 2], [3, 4], [4, 5],
                                                               [], [], []]
    down = pyramid(3, inverted=True)
    assert [[down.index(b) for b in s.blockmap] for s in down] == [[3], [3, 4], [4],
                                                                   [5], [5], []]
    assert len(pyramid(9)) == 45 and not pyramid(9)[44].blockmap


def test_several_pyramids_block_only_within_themselves() -> None:
    """Pharaohs' three pyramids (2, 7, 6 rows) and Up and Down's two: each
    ``_create*Pyramid`` call computes its own blockmaps, so a pyramid's bottom row is
    free even where the next pyramid's stacks overlap it on the screen."""
    t = FamilyTable(655, 617)
    free = [i for i, s in enumerate(t.rows) if not s.blocked()]
    assert free == [1, 2, *range(24, 31), *range(46, 52)]
    t = FamilyTable(701, 1)
    free = [i for i, s in enumerate(t.rows) if not s.blocked()]
    assert free == [*range(21, 28), 55]


# -- Pyramid Thirteen ------------------------------------------------------------------

def test_pyramid_thirteen_turns_a_card_up_when_it_is_uncovered() -> None:
    """Game 617: the six top rows are face down; KH (stack 15) lies under 8D and 3D.
    Once both are gone PySolFC turns it face up by itself (*Auto face-up*), and a click
    sends it to the foundation."""
    t = FamilyTable(44, 617)
    flips = t.flips  # the talon's top, turned at the start
    assert not t.rows[15].cards[0].face_up and flips == 1
    with pytest.raises(ModelError, match="KH is not the top card of any stack, face up"):
        t.click("KH")
    t.click("8D+5H")
    assert not t.rows[15].cards[0].face_up  # 3D still covers it
    t.click("3D+TC")
    # KH and TH beside it (under 3D and TC) both turn up
    assert t.rows[15].cards[0].face_up and t.rows[16].cards[0].face_up
    assert t.flips == flips + 2 and not t.rows[17].cards[0].face_up
    t.click("KH")
    assert len(t.foundation.cards) == 5


def test_pyramid_thirteen_has_one_pass() -> None:
    """``Thirteen.Talon_Class``: ``max_rounds=1`` (pyramid.py:417): no redeal."""
    t = FamilyTable(44, 617)
    while t.talon.cards:
        top = t.talon.top
        assert top is not None
        t.click(str(top) if top.rank == 12 else "deal")
    with pytest.raises(ModelError, match="redeal: PySolFC deals nothing here"):
        t.click("redeal")


# -- Pharaohs ------------------------------------------------------------------------

def test_pharaohs_pairs_thirteen_not_what_it_highlights() -> None:
    """The project's reading of Pharaohs: its rows are ``Pyramid_RowStack`` (pyramid.py:
    1212), whose ``acceptsCards`` (pyramid.py:65-71) takes values adding to 13; its
    ``shallHighlightMatch`` (pyramid.py:1248-1250) also highlights equal ranks, but a
    drag of one onto the other is refused. Game 617's free cards: AD 5C, KD 5H 9S 3C 8S
    7H 4D, JH QH JD KS KC 4H."""
    t = FamilyTable(655, 617)
    with pytest.raises(ModelError, match="JH\\+JD: Pharaohs pairs values adding to 13"):
        t.click("JH+JD")
    t.click("QH+AD")  # across two pyramids
    t.click("KD")  # a King alone
    t.click("9S+4D")
    assert len(t.foundation.cards) == 5
    with pytest.raises(ModelError, match="5S\\+8S: 5S is covered"):
        t.click("5S+8S")
    with pytest.raises(ModelError, match="deal: Pharaohs has no talon to click"):
        t.click("deal")


# -- Apophis ----------------------------------------------------------------------------

def test_apophis_deals_to_three_wastes_and_never_by_itself() -> None:
    """``startGame`` deals one card to each of the three wastes (8S 7H 4D); its talon is
    face down. Apophis has no ``s.waste`` (its wastes are ``s.reserves``), so *Auto deal*
    deals nothing when the wastes empty."""
    t = FamilyTable(658, 617)
    assert [[str(c) for c in w.cards] for w in t.wastes] == [["8S"], ["7H"], ["4D"]]
    assert t.talon.top is not None and not t.talon.top.face_up
    with pytest.raises(ModelError, match="JS is not the top card"):
        t.click("JS+2D")
    t.click("8S+5H")
    t.click("4D+9S")
    assert not t.wastes[0].cards and t.automatic_deals == 0
    t.click("deal")
    assert tops(t.wastes) == ["JS", "4C", "QS"]
    assert [len(w.cards) for w in t.wastes] == [1, 2, 1]


def test_apophis_redeal_gathers_waste_0_first() -> None:
    """After the talon runs out, a click on it gathers the wastes (``_redeal``: waste 0,
    then 1, then 2, each from its top card, turned face down, so waste 2's bottom card
    ends on top) and deals a row at once. Game 617's talon gives ``8S 7H 4D JS 4C QS 9C
    9H 7C 6H 2C 2S 4S TS 2H 5D JC 6C JH QH JD KS KC 4H``: the eight deals put its cards
    1, 4, ..., 22 on waste 0, 2, 5, ..., 23 on waste 1, 3, 6, ..., 24 on waste 2; the
    redeal puts card 3 (4D) on top, then 6, 9, ...: its first row is 4D QS 7C, the next
    2S 2H 6C (cards 12, 15, 18)."""
    t = FamilyTable(658, 617)
    for _ in range(7):
        t.click("deal")
    assert not t.talon.cards and [len(w.cards) for w in t.wastes] == [8, 8, 8]
    t.click("redeal")
    assert t.round == 2 and tops(t.wastes) == ["4D", "QS", "7C"]
    assert len(t.talon.cards) == 21
    t.click("deal")
    assert tops(t.wastes) == ["2S", "2H", "6C"]
    for _ in range(6):
        t.click("deal")
    t.click("redeal")
    assert t.round == 3
    for _ in range(7):
        t.click("deal")
    with pytest.raises(ModelError, match="redeal: PySolFC deals nothing here"):
        t.click("redeal")


def test_apophis_sends_kings_alone_and_pairs_wastes_with_each_other() -> None:
    t = table(658, 617, "KD deal deal")
    assert tops(t.wastes) == ["9C", "9H", "7C"] and tops([t.foundation]) == ["KD"]
    for number in range(1, 100):  # a game whose opening wastes hold a pair
        t = FamilyTable(658, number)
        w = [s.top.rank for s in t.wastes if s.top is not None]
        pair = next(((i, j) for i in range(3) for j in range(i + 1, 3)
                     if w[i] + w[j] == 11), None)
        if pair is not None:
            break
    else:  # pragma: no cover
        pytest.fail("no Apophis game in 99 opens with two wastes that pair")
    i, j = pair
    t.click(f"{t.wastes[i].top}@w{i}+{t.wastes[j].top}@w{j}")
    assert not t.wastes[i].cards and not t.wastes[j].cards
    assert len(t.foundation.cards) == 2


# -- Cheops -----------------------------------------------------------------------------

def test_cheops_pairs_equal_or_adjacent_and_sends_nothing_alone() -> None:
    """PySolFC's Cheops (pyramid.py:1453-1487): ranks equal or one apart, from the
    talon's face-up top too; no King alone (its clickHandlers skip the drop). Game
    617: free 8D 3D TC KD 5H 9S 3C, waste 8S, talon top 7H."""
    t = FamilyTable(659, 617)
    with pytest.raises(ModelError, match="KD: Cheops sends no card to the foundation alone"):
        t.click("KD")
    with pytest.raises(ModelError, match="TC\\+5H: Cheops pairs ranks equal or one apart"):
        t.click("TC+5H")
    t.click("8D+9S")  # one apart
    t.click("3D+3C")  # equal
    t.click("8S+7H")  # the waste onto the talon's face-up top
    assert len(t.foundation.cards) == 6 and str(t.talon.top) == "JS"
    assert t.automatic_deals == 1 and str(t.wastes[0].top) == "4D"


def test_auto_deal_fills_an_empty_waste_unless_switched_off() -> None:
    """*Auto deal* (``_autoDeal``, game/__init__.py:2650-2655): Cheops 617, the waste's
    8S paired with the talon's 7H leaves the waste empty; PySolFC deals 4D onto it by
    itself, or with the option off leaves it empty for the player's ``deal``."""
    on = replay_family(659, 617, ["8S+7H"])
    off = replay_family(659, 617, ["8S+7H", "deal"], auto_deal=False)
    assert (on.automatic_deals, off.automatic_deals) == (1, 0)
    t = FamilyTable(659, 617, auto_deal=False)
    t.click("8S+7H")
    assert not t.wastes[0].cards and str(t.talon.top) == "4D"


def test_cheops_talon_deals_a_king() -> None:
    """``Cheops_Talon.clickHandler`` deals (pyramid.py:1465-1466): a King on top goes to
    the waste like any card; Pyramid's talon would discard it."""
    t = FamilyTable(659, 617)
    while t.talon.top is not None and t.talon.top.rank != 12:
        t.click("deal")
    t.click("deal")
    assert t.wastes[0].top is not None and t.wastes[0].top.rank == 12


# -- Triangle and Eleven Triangle (inverted) -------------------------------------------

def test_triangle_frees_from_the_single_bottom_card() -> None:
    """Triangle (game 617): the inverted pyramid's one free card is 3C (stack 27); 5H
    and 9S above it are covered until it goes."""
    t = FamilyTable(700, 617)
    with pytest.raises(ModelError, match="5H\\+8S: 5H is covered"):
        t.click("5H+8S")
    assert [i for i, s in enumerate(t.rows) if not s.blocked()] == [27]
    t.click("deal")
    assert str(t.wastes[0].top) == "7H" and str(t.talon.top) == "4D"
    while t.talon.top is not None and t.talon.top.rank != 12:
        t.click("deal")
    with pytest.raises(ModelError, match="deal: a click on the talon discards its top "
                                         "card KS, a King"):
        t.click("deal")
    t.click("KS@t")
    assert str(t.talon.top) == "KC"


def test_eleven_triangle_pairs_eleven_and_equal_faces_no_king_alone() -> None:
    """Eleven Triangle (pyramid.py:1412-1445): values adding to 11, or J-J, Q-Q, K-K;
    no card alone; one pass over three wastes. Game 617: free 3C, wastes 8S 7H 4D."""
    t = FamilyTable(969, 617)
    t.click("3C+8S")
    assert [i for i, s in enumerate(t.rows) if s.cards and not s.blocked()] == [25, 26]
    with pytest.raises(ModelError, match="9S\\+4D: Eleven Triangle pairs values adding "
                                         "to 11, or two Jacks"):
        t.click("9S+4D")
    for _ in range(7):
        t.click("deal")
    with pytest.raises(ModelError, match="redeal: PySolFC deals nothing here"):
        t.click("redeal")
    t = table(969, 1, "deal deal deal deal deal QH+QS")
    assert len(t.foundation.cards) == 2
    with pytest.raises(ModelError, match="sends no card to the foundation alone"):
        table(969, 1, "deal deal deal deal deal QH+QS 5C+6C AH+TS 8S+3D 3C+8D 4C+7D "
                      "JS+JH AS+TH 2S+9D QC+QD 5H+6D").click("KH")


# -- Pyramid Dozen ----------------------------------------------------------------------

def test_pyramid_dozen_pairs_twelve_and_queen_king() -> None:
    """Pyramid Dozen (pyramid.py:362-402), game 1: reserve tops 9D QD JS AS AH 3C, the
    pyramid's bottom row 3D 8C TC 6S 9C 2H 6H; values adding to 12, or a Queen and a
    King; no King alone, no talon."""
    t = FamilyTable(846, 1)
    assert tops(t.reserves) == ["9D", "QD", "JS", "AS", "AH", "3C"]
    t.click("3D+9D")  # the pyramid and a reserve
    t.click("AS+JS")  # two reserves
    t.click("6S+6H")
    # reserve 2 held 9H KD KH JS, reserve 3 JC KC 3H AS (cards 3, 9, 15, 21 and
    # 4, 10, 16, 22 of FreeCell 1)
    assert tops(t.reserves) == ["AD", "QD", "KH", "3H", "AH", "3C"]
    with pytest.raises(ModelError, match="TC\\+3C: Pyramid Dozen pairs values adding to "
                                         "12, or a Queen and a King"):
        t.click("TC+3C")
    with pytest.raises(ModelError, match="deal: Pyramid Dozen has no talon"):
        t.click("deal")
    assert not t.won() and len(t.foundation.cards) == 6


# -- two decks: places ------------------------------------------------------------------

def test_two_copies_on_top_need_a_place() -> None:
    """With two decks both copies of a card can be free at once; the line then names
    the place (``@r12``: ``s.rows[12]``, ``@w``: the waste, ``@t``: the talon). A copy
    that is covered does not count: the name then means the free one."""
    for number in range(1, 200):
        t = FamilyTable(677, number)
        free = [(i, str(s.top)) for i, s in enumerate(t.rows) if not s.blocked()]
        names = [n for _, n in free]
        twice = next((n for n in names if names.count(n) == 2), None)
        if twice is not None:
            break
    else:  # pragma: no cover
        pytest.fail("no two-deck game with a card twice on top in 200")
    first = next(i for i, n in free if n == twice)
    with pytest.raises(ModelError, match=f"{twice} can be played from r{first} and "
                                         f"r\\d+: say which \\({twice}@r{first}\\)"):
        t.click(twice if twice[0] == "K" else f"{twice}+{twice}")
    with pytest.raises(ModelError, match=f"{twice}@r0: {twice} is not face up on top of r0"):
        t.click(f"{twice}@r0+{twice}@r{first}")
    t = FamilyTable(677, 1)
    t.click("TD+3S")  # 3S lies at r40 too, covered: the free one at r53 is meant
    assert not t.rows[53].cards and str(t.rows[40].top) == "3S"
    with pytest.raises(ModelError, match=r"Two Pyramids has no place v3 \(its places: "
                                         r"r0-r55, w, t\)"):
        t.click("9H@v3")
    with pytest.raises(ModelError, match="is not a card, nor a card and its place"):
        t.click("9H@q3")
    with pytest.raises(ModelError, match="has no place w2"):  # one waste: w
        t.click(f"{twice}@w2")


def test_two_decks_win_only_with_all_104() -> None:
    """``Game.isGameWon`` counts ``len(self.cards)``: 104 cards for a two-deck game."""
    t = FamilyTable(699, 1)
    assert t.rules.decks == 2 and len(t.talon.cards) + len(t.wastes[0].cards) == 59
    t.foundation.cards = [c for s in t.rows for c in s.cards]
    assert not t.won()


def test_unknown_game_and_bad_steps() -> None:
    with pytest.raises(ModelError, match="not 38"):
        FamilyTable(38, 1)
    t = FamilyTable(658, 617)
    with pytest.raises(ModelError, match="is not a card"):
        t.click("8S@@w0")
    with pytest.raises(ModelError, match="8S@w1: 8S is not face up on top of w1 \\(7H is\\)"):
        t.click("8S@w1+5H")
    with pytest.raises(ModelError, match="redeal: the talon holds 21 cards"):
        t.click("redeal")
    assert set(GAMES) == {44, 655, 658, 659, 677, 699, 700, 701, 846, 969}


@pytest.mark.parametrize("game_id", [677, 699, 701])
def test_two_deck_games_refuse_covered_cards_and_wrong_sums(game_id: int) -> None:
    """Game 1 of each two-deck game: a card under another (Up and Down's stack 54, under
    the inverted pyramid's last card 55; the others' stack 20, under the bottom row) is
    refused as covered, named by its place; two free cards not adding to 13 are refused
    as no pair."""
    t = FamilyTable(game_id, 1)
    free = [i for i, s in enumerate(t.rows) if not s.blocked()]
    under = 54 if game_id == 701 else 20
    assert t.rows[under].blocked() and under not in free
    card, other = str(t.rows[under].top), str(t.rows[free[0]].top)
    with pytest.raises(ModelError, match=f"{card} is covered"):
        t.click(f"{card}@r{under}+{other}@r{free[0]}")
    a, b = next((a, b) for a in free for b in free if a < b
                and t.rows[a].top.rank + t.rows[b].top.rank != 11)
    with pytest.raises(ModelError, match="pairs values adding to 13"):
        t.click(f"{t.rows[a].top}@r{a}+{t.rows[b].top}@r{b}")
    assert not t.foundation.cards
