"""PySolFC's numbered games: the shuffle, each game's dealing order, the opening deals,
the presets, pysolfc:N wherever a deal is given, bad input, and the seed lists."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from pyramids.bulk import PySolFCRangeSource, parse_source, run_records
from pyramids.cli import main
from pyramids.core.cards import Card
from pyramids.core.deals import Deal
from pyramids.core.errors import DealError, VariantError
from pyramids.core.game import Game
from pyramids.core.moves import parse_moves
from pyramids.core.referee import replay
from pyramids.core.variants import Variant, get_variant
from pyramids.engines import cpsat, search
from pyramids.pysolfc.games import (
    MS_MAX,
    PySolFCGame,
    dealing_order,
    layout,
    parse_deal,
    parse_number,
    shuffled,
)
from pyramids.pysolfc.seedlists import (
    SeedList,
    SeedListError,
    header_text,
    read_seeds,
    runs,
    seeds_module,
)

BIG = 10**20 - 1  # the largest number PySolFC's status bar shows in 20 digits
GAMES = ("pysolfc-pyramid", "pysolfc-relaxed-pyramid", "pysolfc-giza", "pysolfc-king-tut")


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


# -- the shuffle -----------------------------------------------------------------------

def test_microsoft_freecell_deals_1_and_617() -> None:
    # PySolFC deals game numbers below 32000 as Microsoft's FreeCell does; FreeCell's
    # first row is the first eight cards off the talon, as the pyramid's first cards are
    assert shuffled(1)[:8] == cards("JD 2D 9H JC 5D 7H 7C 5H")
    assert shuffled(617)[:8] == cards("7D AD 5C 3S 5S 8C 2D AH")


def _pysol_cards_shuffle(number: int, ms: bool = False) -> list[Card]:
    """pysol-cards' own shuffle (its deck, its Microsoft rearrangement, its MTRandom
    reset as PySolFC resets it before a deal), talon top first; ``ms``: Microsoft's
    generator whatever the number (PySolFC's ``ms`` prefix)."""
    from pysol_cards.cards import createCards
    from pysol_cards.random import MTRandom
    from pysol_cards.random import shuffle as ms_shuffle
    from pysol_cards.random_base import RandomBase

    deck = createCards(1)
    if ms or number < 32000:
        got = ms_shuffle(deck, number, RandomBase.DEALS_MS)
    else:
        r = MTRandom(number)
        r.reset()
        got = r.shuffle(list(deck))
    return [Card.of(c.rank, c.suit_s()) for c in reversed(got)]


@given(st.integers(min_value=1, max_value=BIG) | st.integers(min_value=1, max_value=10**6))
def test_shuffle_is_pysol_cards_own_for_any_number(number: int) -> None:
    # pysolfc writes MTRandom's shuffle out (a fifth of the cost): the same cards
    assert shuffled(number) == _pysol_cards_shuffle(number)


def test_shuffle_is_pysol_cards_own_over_a_range() -> None:
    for number in range(31900, 33100):  # both generators, and where they meet
        assert shuffled(number) == _pysol_cards_shuffle(number), number


@pytest.mark.parametrize("number", [1, 617, 31999, 32000, 32001, 123456, BIG])
def test_shuffle_is_pysol_cards_own(number: int) -> None:
    """Against pysol-cards' own entry point (its deck, its Microsoft rearrangement),
    with PySolFC's rule for which generator a number takes (below 32000: Microsoft)."""
    from pysol_cards.cards import createCards
    from pysol_cards.random import MTRandom
    from pysol_cards.random_base import RandomBase

    deck = createCards(1)
    if number < 32000:
        got = __import__("pysol_cards.random", fromlist=["shuffle"]).shuffle(
            deck, number, RandomBase.DEALS_MS)
    else:
        r = MTRandom(number)
        r.reset()
        got = r.shuffle(list(deck))
    assert [Card.of(c.rank, c.suit_s()) for c in reversed(got)] == shuffled(number)


# pinned layouts, several per game below and above 32000 (the project's layout order:
# pyramid row by row, then the stock in dealing order or Giza's tableau row by row)
PINNED = {
    ("pysolfc-pyramid", 1):
        "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C 4C 5C "
        "TS QH 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H",
    ("pysolfc-pyramid", 31999):
        "JD JH AD QH KH 6S 6D JC AC TH AS 8H 9D 2H 8D 6H AH 7H 7C 5D 7S 6C QC JS 9C 3D "
        "5C 4C 2S 8S 3C 7D 5H 8C 4H TD TS 3H 4S KC TC 4D 9S 2C KD 9H KS 5S QS 2D QD 3S",
    ("pysolfc-pyramid", 32000):
        "7S 4D JS 8D 6D 3H 3D TH JC 3C 2C 5S 9D AC 9C 2S 4H 6S 8S 9S TS 9H KD QD 6H 7D "
        "5H QS AD QH TC 4C AH JD 4S JH TD 3S 7H 8C 6C 2H 2D 5D KS QC KH 5C 7C 8H KC AS",
    ("pysolfc-pyramid", 123456):
        "3D 2D 2C 9C AC 6H 4C KC 6C TC 8S 8C 9D TH 2S JS AS 4H AH QH 7H 8H 3S 9H TS JD "
        "KD 3C 6D QS 6S 4S QC TD KH 5D KS 7D 5H 7S 8D 2H 5S 9S JH JC 3H AD 4D 5C 7C QD",
    ("pysolfc-relaxed-pyramid", 2):
        "QD QC KC 3C 4C 2C KD 5C 4D JD JS 6H QS 6D 2D 9C TD JC 8C 6C 8S 4S 5D QH 7S 9D "
        "KS 7C 6S 4H AC 8H AH 9S TC 2S 3S TS 9H 2H 3H AD 7H 3D 5H 8D KH 7D AS 5S TH JH",
    ("pysolfc-relaxed-pyramid", 11982):
        "AH AS 4H AC 2D 6S TS JS 3D 3H QS QC 8S 7H AD KS KD 6H 5S 4D 9H JH 9S 3C JC 5D "
        "5C 8C 9D TD KH 7C 6C 2C TH QH 6D TC 4S 7S JD 7D 8H 9C 2H QD 4C 5H KC 8D 2S 3S",
    ("pysolfc-relaxed-pyramid", 40000):
        "7H KD TC 2C TS 5C QH 2H 5S JH 7C KS 4H 5D 6D 8H KH 3C JC AS 3D 7S 9C 4S 8S 8C "
        "AD 3S 4D 2D QD JS 7D KC TD TH 6H 6C 2S 9D 6S AC AH QS 3H JD 9H 5H 9S QC 4C 8D",
    ("pysolfc-relaxed-pyramid", BIG):
        "KS JC TD 5C 2S 2C 3S 9D 4H 7S 4D 2H 8D 4C 3D QH 5S 5H 8H 9S 8C 9H 7C AC 6D KD "
        "KC QC 4S 3H 6H TC JS AD QS AH 7D QD 8S 5D TH AS 9C 7H 3C JH JD 6S 2D 6C KH TS",
    ("pysolfc-giza", 3):
        "4H AS JD 8D AC 6D 3D KH 6C TD 2S 3C 9H KD 7S 3S 9S 2C 3H 4C AH 2H JC 5H 8C 4S "
        "5S 5C KC 2D QC 7H 6S 8H TH 4D 7D JH 9D JS QS 8S 9C QD TC QH TS 5D 6H KS 7C AD",
    ("pysolfc-giza", 24000):
        "AS AH KD 3D JH 9S 9H 4C 6D AD 5D 2C 5H 7C JS 8S 2D QH JC 4H 3S 3C QS 8C TH TC "
        "KS 7H 9C TS JD 5C 9D QC 8D 4S 7D QD 4D 6H KH TD 2S 5S 6S 6C 8H AC 3H 2H 7S KC",
    ("pysolfc-giza", 32001):
        "QD TS QC 2C TH 8D 2S AH 9D KD 9S 5C QH 5D 5H QS 6C 7D AD 6H 3H KS 4D KC 3S 8C "
        "9H 7C 4C AC JD 8H 5S 6S 6D KH JC 4S 7H TC JH 2D 3D JS 7S 2H TD 8S 9C AS 3C 4H",
    ("pysolfc-giza", 987654321):
        "3C 4S 8S 5D 7D AH 9S KC JC 7H 4C 3D QC 3S 7C TH QS 5H 8C 6S 5C 3H QD 2C 6H QH "
        "JH 2H TC 7S JS 6C 9C KD JD 9H 5S 4D KS 9D 2S 6D TS 8D AS AD 8H KH TD AC 2D 4H",
    ("pysolfc-king-tut", 4):
        "KS QC 3D JS 5D KD 6S 3S 2C AC KH 8C AH 9D 6C 5C 6D TS QS 4D 4H 2S QH 7S 9S 5S "
        "AS 8H 8D 4C 5H 3C TC TH 7C 3H 7H 2H JH TD JC QD KC 2D 8S 6H 9H JD 9C 7D 4S AD",
    ("pysolfc-king-tut", 31000):
        "AS TD KS 7D 2H 5H 3C 7H 8D 6H QD 8H 5D 3D TC 4H 3S 7C 8S 7S AD 2D AH KH 8C TS "
        "QC 2S 9C 6C 4C JH 5C 9H 6S QH 4S JD 9S JS 3H 2C TH AC KD 5S 9D JC QS KC 4D 6D",
    ("pysolfc-king-tut", 50000):
        "JS TC 9D 2H 7D 4H JC 7S 9H 8S 8D AS AH 3D 4D QS QH QD 7C 9S TH 4C 6H 2S JH KC "
        "QC 4S 5H 6D TD 5D 3H 6S 8H 6C TS 2D KS KD 7H 3S 3C KH AD 9C 5C AC 8C JD 2C 5S",
    ("pysolfc-king-tut", 2**64):
        "QD 6S QS 5H 4H 5C 8S 2H 7S 3D JC 3S QH JD KS 6C 3H 6D 3C TH AS AH 4D 9C 4S 9S "
        "7H 5D 7D 8C TC 9H KC 6H TS JH 2S AC 9D 4C QC 8H KH TD AD 5S 2C 7C KD 8D 2D JS",
}


@pytest.mark.parametrize(("game", "number"), list(PINNED))
def test_pinned_layouts(game: str, number: int) -> None:
    deal = PySolFCGame(number).deal(get_variant(game))
    assert deal.line() == PINNED[game, number]
    assert deal.pysolfc == number and deal.number is None and deal.label() == f"pysolfc:{number}"


def test_giza_deals_its_reserves_first() -> None:
    """Giza's startGame deals three rows of eight onto the reserves, then the pyramid:
    the first 24 cards off the talon are the tableau (first row deepest)."""
    dealt = shuffled(32001)
    giza = layout(32001, get_variant("pysolfc-giza"))
    assert giza[:28] == tuple(dealt[24:]) and giza[28:] == tuple(dealt[:24])
    assert layout(32001, get_variant("pysolfc-pyramid")) == tuple(dealt)
    game = Game(Deal(giza), get_variant("pysolfc-giza"))
    assert [game.column_cards(c)[-1] for c in range(8)] == dealt[16:24]  # third row on top


# -- the opening deals -------------------------------------------------------------------

def test_pyramid_starts_with_one_card_on_the_waste_and_the_next_face_up() -> None:
    """PySolFC's talon is the face-up stock: its first card dealt to the waste, the next
    face up on the talon, both available (startGame's dealCards, FaceUpWasteTalonStack)."""
    v = get_variant("pysolfc-pyramid")
    deal = PySolFCGame(32000).deal(v)
    g = Game(deal, v)
    stock = deal.rest(v)
    assert g.waste == (stock[0],) and g.hand is None and g.stock == stock[1:]
    assert g.stock_top() == stock[1] and g.moves == [] and g.pass_no == 1
    assert set(g.available()) >= {stock[0], stock[1]}
    assert "play starts after 1 deal (1 card): waste AD (top last), QH face up on the " \
        "stock" in deal.pretty(v)


def test_king_tut_starts_with_three_cards_on_the_waste() -> None:
    v = get_variant("pysolfc-king-tut")
    deal = PySolFCGame(50000).deal(v)
    g = Game(deal, v)
    stock = deal.rest(v)
    assert g.waste == stock[:3] and g.hand is None and g.stock == stock[3:]
    assert g.available()[-1] == stock[2]
    assert Deal.from_json(deal.to_json(v)) == deal


def test_opening_is_rules_as_data() -> None:
    v = get_variant("pyramid", opening=2)
    assert v.opening_dealt == 2 and "play starts after 2 deals" in v.describe()
    assert Variant.from_options(v.options()) == v
    assert "opening" not in get_variant("pyramid").options()  # older records read back
    assert get_variant("pysolfc-king-tut", rest="bouquet").opening == 0
    with pytest.raises(VariantError, match="opening deals need a stock"):
        Variant("x", rest="bouquet", draw=None, passes=None, stock_waste=None, opening=1)
    with pytest.raises(VariantError, match="more than the stock holds"):
        get_variant("king-tut", opening=9)
    with pytest.raises(VariantError, match="opening must be a whole number"):
        get_variant("pyramid", opening=-1)


def test_pysolfc_games_have_the_verdicts_of_the_plain_games() -> None:
    """PySolFC's Pyramid is Cheops (three passes, a hand) and its King Tut Tut's Tomb
    without overlap, from the plain start, verdict for verdict: the opening deal, the
    face-up talon and the automatic deals lose nothing (each deals onto an empty waste
    or shows a card the hand would hold)."""
    for game, plain in (("pysolfc-pyramid", "cheops"), ("pysolfc-king-tut", "tuts-tomb")):
        v = get_variant(game)
        p = get_variant(plain, overlap=False) if plain == "tuts-tomb" else get_variant(plain)
        for n in range(32000, 32012):
            deal = PySolFCGame(n).deal(v)
            a, b = search.solve(deal, v), search.solve(deal, p)
            assert a.status == b.status != "unknown", (game, n)


@pytest.mark.parametrize("game", GAMES)
def test_both_engines_agree_from_the_opening(game: str) -> None:
    v = get_variant(game)
    for n in (7, 31999, 32003, 32004, 32005, 40001):
        deal = PySolFCGame(n).deal(v)
        a, b = search.solve(deal, v), cpsat.solve(deal, v, time_limit=60)
        assert a.status == b.status != "unknown", (game, n)
        for verdict in (a, b):
            if verdict.status == "winnable":
                replay(deal, v, verdict.moves)  # from the position after the opening


def test_batch_path_starts_after_the_opening() -> None:
    v = get_variant("pysolfc-relaxed-pyramid")
    recs = list(run_records(PySolFCRangeSource(32000, 32040), v, workers=1))
    for r in recs:
        one = search.solve(PySolFCGame(r["pysolfc"]).deal(v), v)
        assert r["status"] == one.status
        if r["status"] == "winnable":
            replay(PySolFCGame(r["pysolfc"]).deal(v), v, parse_moves(r["moves"]))


# -- parsing and bad input -----------------------------------------------------------------

@given(st.integers(min_value=1, max_value=10**40))
def test_game_spec_round_trips(n: int) -> None:
    g = PySolFCGame(n)
    assert PySolFCGame.parse(str(g)) == g and PySolFCGame.parse(f" PySolFC : {n} ") == g
    if n <= MS_MAX:
        m = PySolFCGame(n, ms=True)
        assert PySolFCGame.parse(str(m)) == m and m.ms == (n >= 32000)


SEPARATORS = st.sampled_from(["#", " ", "-", "_", ".", ",", "\t"])


@given(st.integers(min_value=1, max_value=10**30), st.data())
def test_a_number_reads_as_pysolfc_shows_or_strips_it(n: int, data: st.DataObject) -> None:
    """construct_random removes '#', white space, '-', '_', '.' and ',' anywhere, cuts a
    trailing 'L', and reads any length; its status bar pads to 20 digits after '#'."""
    assert parse_number(f"#{n:020d}") == PySolFCGame(n) == parse_number(f"{n}L")
    digits = str(n)
    seps = data.draw(st.lists(st.lists(SEPARATORS, max_size=2), min_size=len(digits) + 1,
                              max_size=len(digits) + 1))
    text = "".join("".join(sep) + d for sep, d in zip(seps, digits + " ", strict=True))
    assert parse_number(text) == PySolFCGame(n), text


@given(st.integers(min_value=1, max_value=MS_MAX), st.booleans())
def test_ms_numbers_take_microsofts_generator(n: int, hashed: bool) -> None:
    """ms123 (and #ms123, as the status bar shows it) is Microsoft's generator at 123,
    any number to 2**33 - 1; below 32000 the same game as the plain number."""
    g = parse_number(("#" if hashed else "") + f"ms{n}")
    assert (g.number, g.ms) == (n, n >= 32000)
    if n < 32000:
        assert g == parse_number(str(n))
    assert shuffled(g.number, g.ms) == _pysol_cards_shuffle(n, ms=True)


@given(st.text(min_size=1, max_size=12))
def test_text_that_is_no_number_is_refused_quoting_it(text: str) -> None:
    """Anything but digits among the separators (and not msN) is refused, the message
    quoting it and saying what PySolFC takes."""
    import re

    stripped = re.sub(r"[\s#\-_.,]", "", re.sub(r"L$", "", text.strip()).lower())
    ms = re.fullmatch(r"#?\s*ms([0-9]+)", text.strip(), re.I)
    if (ms and 1 <= int(ms.group(1)) <= MS_MAX) or (
            re.fullmatch(r"\+?\d+", stripped) and int(stripped) > 0):
        assert parse_number(text).number >= 1
        return
    with pytest.raises(DealError) as e:
        parse_number(text)
    assert repr(text.strip()) in str(e.value) and "PySolFC takes" in str(e.value)


@pytest.mark.parametrize(("text", "why"), [
    ("pysolfc:0", "is 0"), ("pysolfc:#00000000000000000000", "is 0"),
    ("pysolfc:abc", "is not a number"), ("pysolfc:", "is empty"), ("pysolfc:#", "is empty"),
    ("pysolfc:12a", "is not a number"), ("pysolfc:ms0", "is 0"),
    ("pysolfc:ms8589934592", "past Microsoft's generator's last number, ms8589934591"),
    ("pysolfc:ms1,000", "is not a number"), ("pysolfc:0x20", "is not a number")])
def test_bad_game_numbers_say_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(DealError, match=why):
        PySolFCGame.parse(text)
    r = CliRunner().invoke(main, ["deal", text, "-V", "pysolfc-pyramid"])
    shown = text.removeprefix("pysolfc:")
    assert r.exit_code == 2 and why in r.output and repr(shown) in r.output, r.output
    assert "ms and a number from 1 to 8,589,934,591" in r.output


@pytest.mark.parametrize(("typed", "game"), [
    ("#00000000000000032000", 32000), ("32 000", 32000), ("32,000", 32000),
    ("-32000", 32000), ("3.2000", 32000), ("ms123", 123), ("#ms123", 123),
    ("123", 123), ("00123", 123), ("1" * 30, int("1" * 30))])
def test_pysolfcs_numbers_as_typed_deal_its_games(typed: str, game: int) -> None:
    """Each form deals PySolFC's game: the cards are pysol-cards' own for that number."""
    v = get_variant("pysolfc-pyramid")
    deal = PySolFCGame.parse(f"pysolfc:{typed}").deal(v)
    assert list(deal.cards) == _pysol_cards_shuffle(game) and deal.pysolfc == game
    r = CliRunner().invoke(main, ["deal", f"pysolfc:{typed}", "-V", "pysolfc-pyramid",
                                  "--format", "line"])
    assert r.exit_code == 0 and r.output.strip() == deal.line(), r.output


def test_ms_numbers_from_32000_are_their_own_games() -> None:
    """ms40000 is Microsoft's generator at 40000; 40000 alone is the Mersenne Twister's."""
    v = get_variant("pysolfc-king-tut")
    ms, mt = (PySolFCGame.parse(t).deal(v) for t in ("pysolfc:ms40000", "pysolfc:40000"))
    assert list(ms.cards) == _pysol_cards_shuffle(40000, ms=True) != list(mt.cards)
    assert ms.pysolfc == "ms40000" and ms.label() == "pysolfc:ms40000" and mt.pysolfc == 40000
    assert "# PySolFC game ms40000" in ms.pretty(v)
    top = PySolFCGame.parse(f"pysolfc:ms{MS_MAX}").deal(v)  # the last one
    assert list(top.cards) == _pysol_cards_shuffle(MS_MAX, ms=True)


@pytest.mark.parametrize("variant", ["bouquet", "giza-6x4", "pyramid --rows 6"])
def test_a_variant_pysolfc_does_not_deal_is_refused(variant: str) -> None:
    args = ["-V", *variant.split()]
    with pytest.raises(DealError, match="PySolFC does not deal"):
        dealing_order(get_variant(args[1], **({"rows": 6} if "rows" in variant else {})))
    for cmd in (["deal", "pysolfc:5"], ["solve", "pysolfc:5"], ["check", "pysolfc:5"],
                ["stats", "--deals", "pysolfc:32000:+3", "-j", "1"]):
        r = CliRunner().invoke(main, [*cmd, *args])
        assert r.exit_code == 2 and "PySolFC does not deal" in r.output, (cmd, r.output)


def test_deal_needs_the_variant() -> None:
    for parse in (Deal.parse, parse_deal):
        with pytest.raises(DealError, match="needs the variant"):
            parse("pysolfc:5")
    assert parse_deal("pysolfc:5", get_variant("pysolfc-giza")).pysolfc == 5
    assert parse_deal("17") == Deal.from_number(17)  # other deals as Deal.parse reads them


def test_ranges_and_deal_files(tmp_path: Path) -> None:
    src = parse_source("pysolfc:32000:+3")
    assert isinstance(src, PySolFCRangeSource) and [i.label() for i in src] == [
        "pysolfc:32000", "pysolfc:32001", "pysolfc:32002"]
    for bad, why in (("pysolfc:5", "not a source"), ("pysolfc:0:+4", "is 0"),
                     ("pysolfc:9:x", "is not a number"), ("pysolfc:ms40000:+2", "plain")):
        r = CliRunner().invoke(main, ["stats", "--deals", bad, "-V", "pysolfc-pyramid"])
        assert r.exit_code == 2 and why in r.output, r.output
    f = tmp_path / "games.txt"
    f.write_text("pysolfc:32000\n# a comment\npysolfc:32001\n")
    r = CliRunner().invoke(main, ["filter", "--deals", str(f), "-V", "pysolfc-pyramid", "-j", "1",
                                  "--json"])
    assert r.exit_code == 0, r.output
    recs = [json.loads(x) for x in r.stdout.splitlines()]
    assert all(x["pysolfc"] in (32000, 32001) for x in recs)
    back = tmp_path / "back.jsonl"  # filter --json output reads back as deals
    back.write_text(r.stdout)
    r2 = CliRunner().invoke(main, ["filter", "--deals", str(back), "-V", "pysolfc-pyramid",
                                   "-j", "1"])
    assert r2.stdout.split() == [f"pysolfc:{x['pysolfc']}" for x in recs]
    f.write_text("pysolfc:32000\npysolfc:0\n")
    r3 = CliRunner().invoke(main, ["filter", "--deals", str(f), "-V", "pysolfc-pyramid",
                                   "-j", "1"])
    assert r3.exit_code == 2 and "line 2" in r3.output and "'0' is 0" in r3.output


def test_stdin_and_files_hold_a_game_for_single_deal_commands(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["deal", "-", "-V", "pysolfc-king-tut", "--format", "line"],
                           input="pysolfc:50000\n")
    assert r.exit_code == 0 and r.output.strip() == PINNED["pysolfc-king-tut", 50000]
    f = tmp_path / "game.txt"
    f.write_text("pysolfc:3\n")
    r = CliRunner().invoke(main, ["deal", str(f), "-V", "pysolfc-giza", "--format", "line"])
    assert r.output.strip() == PINNED["pysolfc-giza", 3]


def test_service_takes_games_and_refuses_bad_ones() -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from pyramids.service.app import create_app
    from pyramids.service.config import ServiceConfig

    with TestClient(create_app(ServiceConfig(workers=1))) as c:
        r = c.post("/v1/position", json={"deal": "pysolfc:50000", "variant": "pysolfc-king-tut"})
        assert r.status_code == 200 and r.json()["pysolfc"] == 50000
        assert r.json()["position"]["waste"] == PINNED["pysolfc-king-tut", 50000].split()[28:31]
        for body, why in (({"deal": "pysolfc:0", "variant": "pysolfc-giza"}, "'0' is 0"),
                          ({"deal": "pysolfc:5", "variant": "bouquet"}, "does not deal"),
                          ({"deal": "pysolfc:ms8589934592", "variant": "pysolfc-giza"},
                           "'ms8589934592' is past"),
                          ({"deal": "pysolfc:x"}, "'x' is not a number")):
            r = c.post("/v1/position", json=body)
            assert r.status_code == 400 and why in r.json()["error"]
        r = c.post("/v1/check", json={"deal": "pysolfc:32000", "variant": "pysolfc-giza"})
        assert r.status_code == 200 and r.json()["status"] == "winnable"
        # every form PySolFC shows or takes, as the deal text
        for typed, key in (("ms123", 123), ("#ms123", 123), ("#00000000000000032000", 32000),
                           ("32 000", 32000), ("ms40000", "ms40000"), ("#ms40000", "ms40000")):
            r = c.post("/v1/position", json={"deal": f"pysolfc:{typed}",
                                             "variant": "pysolfc-pyramid"})
            assert r.status_code == 200 and r.json()["pysolfc"] == key, (typed, r.text)
        # a PySolFC line: its clicks, each with what the player sees happen
        r = c.post("/v1/check", json={"deal": "pysolfc:32005", "variant": "pysolfc-pyramid"})
        got = r.json()
        assert r.status_code == 200 and got["status"] == "winnable"
        assert len(got["notes"]) == len(got["moves"]) and got["notes"][-1].endswith("won")
        assert any("by itself (Auto deal)" in n for n in got["notes"])


def test_a_book_of_pysolfc_games() -> None:
    """The service's book of PySolFC games: each named by its game number, the rules say
    where play starts, and the puzzle's diagram shows the opening's cards too."""
    pytest.importorskip("fastapi")
    pypdf = pytest.importorskip("pypdf")
    import io

    from fastapi.testclient import TestClient

    from pyramids.core.placement import View, fit_width
    from pyramids.core.placement import layout as place
    from pyramids.service.app import create_app
    from pyramids.service.config import ServiceConfig

    with TestClient(create_app(ServiceConfig(workers=1))) as c:
        r = c.post("/v1/books", json={"deals": ["pysolfc:32000"], "variant": "pysolfc-king-tut"})
    assert r.status_code == 200, r.text
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(r.content)).pages)
    text = " ".join(text.split())
    assert "PySolFC King Tut · PySolFC game 32000" in text
    assert "PySolFC King Tut, PySolFC game 32000," in text  # the solution's head
    assert "Play starts after the first deal, as PySolFC starts it" in text
    for game in GAMES:
        v = get_variant(game)
        view = View.of(Game(PySolFCGame(32000).deal(v), v))
        placed = place(view, fit_width(view, 500.0, 700.0, max_card=72))
        shown = [op[3] for op in placed.ops if op[0] == "card"]
        assert sorted(shown) == sorted(PySolFCGame(32000).deal(v).cards), game


# -- seed lists ----------------------------------------------------------------------------

def test_filter_writes_a_seed_module() -> None:
    r = CliRunner().invoke(main, ["filter", "--deals", "pysolfc:32000:+30", "-V", "pysolfc-giza",
                                  "-j", "1", "--format", "pysolfc-seeds"])
    assert r.exit_code == 0, r.output
    seeds = read_seeds(r.stdout)
    v = get_variant("pysolfc-giza")
    expect = [n for n in range(32000, 32030)
              if search.solve(PySolFCGame(n).deal(v), v).status == "winnable"]
    assert list(seeds) == expect and seeds
    head = header_text(r.stdout)
    assert "Giza (PySolFC game 592)" in head and "Must all be >= 32000" in head
    assert f"{len(seeds)} seeds, out of 30 games tried" in head
    assert "games 32000-32029" in head
    ns: dict[str, object] = {}
    exec(compile(r.stdout, "seeds", "exec"), ns)  # what PySolFC would import
    assert ns["SOLVABLE_SEEDS"] == seeds


def test_seed_lists_refuse_low_numbers_and_other_deals() -> None:
    for args, why in ((["--deals", "pysolfc:31990:+20"], "from 32000 up"),
                      (["--deals", "0:20"], "needs PySolFC games"),
                      (["--deals", "pysolfc:32000:+5", "--keep", "blocked"], "--keep winnable")):
        r = CliRunner().invoke(main, ["filter", "-V", "pysolfc-pyramid", "-j", "1",
                                      "--format", "pysolfc-seeds", *args])
        assert r.exit_code == 2 and why in r.output, r.output
    with pytest.raises(SeedListError, match="31999 is below 32000"):
        seeds_module(SeedList((31999, 40000), ((31999, 40000),), get_variant("pysolfc-giza"), "x"))
    with pytest.raises(SeedListError, match="no SOLVABLE_SEEDS"):
        read_seeds("X = 1")
    assert runs([5, 1, 2, 3, 9]) == [(1, 3), (5, 5), (9, 9)]


def test_grade_keeps_one_difficulty() -> None:
    from pyramids.generator.grading import Grading, grade_deal

    v = get_variant("pysolfc-giza")
    wins = [n for n in range(32000, 32004)
            if search.solve(PySolFCGame(n).deal(v), v).status == "winnable"]
    grades = {}
    for n in wins:
        g = grade_deal(PySolFCGame(n).deal(v), v)
        assert isinstance(g, Grading)
        grades[n] = g.grade
    want = grades[wins[0]]
    r = CliRunner().invoke(main, ["filter", "--deals", "pysolfc:32000:+4", "-V", "pysolfc-giza",
                                  "-j", "1", "--grade", want])
    assert r.exit_code == 0, r.output
    assert r.stdout.split() == [f"pysolfc:{n}" for n in wins if grades[n] == want]
    assert f"graded {want}" in r.stderr


def _shipped() -> list[str]:
    from pyramids.pysolfc import seeds as pysolfc_seeds

    return [g for g in GAMES if pysolfc_seeds.path(g).exists()]


def test_seed_lists_are_shipped() -> None:
    # all four games' lists, made by scripts/make_pysolfc_seeds.py (chunks in
    # docs/results/pysolfc)
    assert set(_shipped()) == set(GAMES)


@pytest.mark.parametrize("game", _shipped())
def test_shipped_seed_lists(game: str) -> None:
    """Each shipped list: at least 50,000 seeds, all from 32000 up, sorted; a sample of
    them solved again here, each with a line the referee replays."""
    from pyramids.pysolfc import seeds as pysolfc_seeds

    seeds = pysolfc_seeds.seeds(game)
    assert len(seeds) >= 50_000 and min(seeds) >= 32000 and list(seeds) == sorted(set(seeds))
    v = get_variant(game)
    for n in seeds[:: len(seeds) // 12][:12]:
        deal = PySolFCGame(n).deal(v)
        verdict = search.solve(deal, v)
        assert verdict.status == "winnable", n
        replay(deal, v, verdict.moves)


def _graded() -> list[tuple[str, str]]:
    from pyramids.pysolfc import seeds as pysolfc_seeds

    return [(g, grade) for g in GAMES for grade in pysolfc_seeds.graded(g)]


def test_graded_lists_are_shipped() -> None:
    """Each game's seeds ship in four grades (scripts/make_pysolfc_seeds.py grade), over
    at least 20,000 games, with at least 100 expert seeds; the headers say where each
    grade begins and how those thresholds were drawn."""
    import re

    from pyramids.generator.grading import thresholds_for
    from pyramids.pysolfc import seeds as pysolfc_seeds

    for game in GAMES:
        assert pysolfc_seeds.graded(game) == ["easy", "medium", "hard", "expert"], game
        head = header_text(pysolfc_seeds.path(game, "expert").read_text(encoding="utf-8"))
        m = re.search(r"out of (\d+) games tried", head)
        assert m and int(m.group(1)) >= 20_000, head[-300:]
        assert len(pysolfc_seeds.seeds(game, "expert")) >= 100
        th = thresholds_for(get_variant(game))
        assert f"hard from {th[1]}, expert from {th[2]}" in head and "percentiles" in head


@pytest.mark.parametrize(("game", "grade"), _graded())
def test_shipped_graded_lists(game: str, grade: str) -> None:
    """Each graded list: seeds of the game's full list, sorted, from the games its header
    says were graded, and not in another grade's list; a few graded again here give the
    same grade (grading is deterministic)."""
    from pyramids.generator.grading import Grading, grade_deal
    from pyramids.pysolfc import seeds as pysolfc_seeds

    seeds = pysolfc_seeds.seeds(game, grade)
    full = set(pysolfc_seeds.seeds(game))
    assert seeds and list(seeds) == sorted(set(seeds)) and set(seeds) <= full
    for other in pysolfc_seeds.graded(game):
        if other != grade:
            assert not set(seeds) & set(pysolfc_seeds.seeds(game, other)), other
    head = header_text(pysolfc_seeds.path(game, grade).read_text(encoding="utf-8"))
    assert f"seeds confirmed solvable graded {grade}" in head
    assert f"{len(seeds)} seeds graded {grade}, out of" in head
    v = get_variant(game)
    for n in (seeds[0], seeds[-1]):
        g = grade_deal(PySolFCGame(n).deal(v), v)
        assert isinstance(g, Grading) and g.grade == grade, (n, g)


def test_graded_lists_cover_the_graded_games() -> None:
    """Over the games the graded lists say were graded, the grades together hold every
    seed of the full list but the ungraded ones the header counts."""
    import re

    from pyramids.pysolfc import seeds as pysolfc_seeds

    for game in {g for g, _ in _graded()}:
        grades = pysolfc_seeds.graded(game)
        head = header_text(pysolfc_seeds.path(game, grades[0]).read_text(encoding="utf-8"))
        m = re.search(r"out of \d+ games tried \([\d.]+%\): games ([\d\-, ]+)\.", head)
        assert m, head[:2000]
        ranges = [tuple(int(x) for x in r.split("-")) for r in m.group(1).split(", ")]
        ungraded = int(re.search(r"ungraded (\d+)\.", head).group(1))  # type: ignore[union-attr]
        full = [n for n in pysolfc_seeds.seeds(game) if any(a <= n <= b for a, b in ranges)]
        union = sorted(n for g in grades for n in pysolfc_seeds.seeds(game, g))
        assert len(union) + ungraded == len(full) and set(union) <= set(full)


# PySolFC's CI runs ``flake8 . --show-source`` (.github/workflows/ci.yml) with the
# settings of its setup.cfg (lines 7-10 at shlomif/PySolFC 7a3d146): these ignores, and no
# max-line-length, so flake8's default of 79 columns
PYSOLFC_FLAKE8 = ["--isolated", "--extend-ignore=H101,H104,H201,H237,H301,H306,H403,H404,"
                  "H405,E211,E221,E222,E225,E231,E302,E305,E701,E741,W293"]


def _flake8(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "flake8", *PYSOLFC_FLAKE8, str(path)],
                          capture_output=True, text=True, check=False)


def _seed_files() -> list[Path]:
    from pyramids.pysolfc import seeds as pysolfc_seeds

    return sorted(pysolfc_seeds.HERE.glob("*_solvable_seeds.py"))


@pytest.mark.parametrize("path", _seed_files(), ids=lambda p: p.name)
def test_shipped_lists_pass_pysolfcs_flake8(path: Path) -> None:
    """Each shipped list as PySolFC's CI would lint it in pysollib/games/solvable_seeds/."""
    got = _flake8(path)
    assert got.returncode == 0, got.stdout + got.stderr
    assert max(len(line) for line in path.read_text(encoding="utf-8").splitlines()) <= 79


def test_a_written_list_passes_pysolfcs_flake8(tmp_path: Path) -> None:
    """What ``filter --format pysolfc-seeds`` writes, with a long command and notes."""
    notes = ("Grades as 'pyramids grade' gives them, with a note long enough to wrap " * 4,)
    text = seeds_module(SeedList((32000, 32001, 40000), ((32000, 40000),),
                                 get_variant("pysolfc-relaxed-pyramid", auto_deal=False),
                                 "pyramids filter --deals " + "pysolfc:32000:40000, " * 9,
                                 ("expert",), notes))
    path = tmp_path / "relaxed_pyramid_expert_solvable_seeds.py"
    path.write_text(text, encoding="utf-8")
    got = _flake8(path)
    assert got.returncode == 0, got.stdout + got.stderr
    assert read_seeds(text) == (32000, 32001, 40000)
    assert "out of 8001 games tried" in header_text(text) and notes[0].split()[0] in text


@pytest.mark.parametrize("game", ["pysolfc-pyramid", "pysolfc-relaxed-pyramid",
                                  "pysolfc-king-tut"])
def test_grade_thresholds_are_drawn_from_the_graded_seeds(game: str) -> None:
    """Each stock game's thresholds (grading.THRESHOLDS) are the 40th, 70th and 90th
    percentiles of its graded seeds' scores, as make_pysolfc_seeds.py thresholds draws
    them from the committed grade records: easy 40 %, medium 30 %, hard 20 %, expert
    10 % of its seeds."""
    import importlib.util

    from pyramids.generator.grading import THRESHOLDS

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location(
        "make_pysolfc_seeds", root / "scripts" / "make_pysolfc_seeds.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.thresholds(game) == THRESHOLDS[game]


def test_a_bad_number_in_a_bulk_run_loses_nothing(tmp_path: Path) -> None:
    """A deal file's bad PySolFC number stops the run naming its line and the text
    (exit 2), the deals finished before it kept in the out file; fixed, --resume does
    the rest and every game is there once."""
    games = [f"pysolfc:{n}" for n in range(32000, 32012)]
    f = tmp_path / "games.txt"
    f.write_text("\n".join([*games, "pysolfc:ms0", "pysolfc:32012"]) + "\n")
    out = tmp_path / "out.jsonl"
    args = ["filter", "--deals", str(f), "-V", "pysolfc-relaxed-pyramid", "-j", "1",
            "--chunk", "4", "--out", str(out)]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and "line 13" in r.output and "'ms0' is 0" in r.output
    kept = [json.loads(x) for x in out.read_text().splitlines()[1:]]
    assert [x["pysolfc"] for x in kept] == list(range(32000, 32012))
    f.write_text(f.read_text().replace("pysolfc:ms0", "pysolfc:#ms40000"))
    r = CliRunner().invoke(main, [*args, "--resume"])
    assert r.exit_code == 0, r.output
    done = [json.loads(x)["pysolfc"] for x in out.read_text().splitlines()[1:]]
    assert done == [*range(32000, 32012), "ms40000", 32012]
