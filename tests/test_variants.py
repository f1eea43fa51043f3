"""Variants as data: the presets of docs/rules.md, option overrides, rejected combinations."""

from __future__ import annotations

from typing import Any

import pytest

from pyramids.core.errors import VariantError
from pyramids.core.variants import PRESETS, Variant, get_variant, parse_passes, parse_rest

# name: (rest, columns x rows, draw, passes, stock_waste, overlap, objective, scoring),
# as docs/rules.md tabulates them
TABLE: dict[str, tuple[Any, ...]] = {
    "pyramid": ("stock", None, 1, 1, "allowed", False, "all", "none"),
    "par-pyramid": ("stock", None, 1, 3, "allowed", False, "all", "par"),
    "cheops": ("stock", None, 1, 3, "allowed", False, "all", "none"),
    "king-tut": ("stock", None, 3, 1, None, False, "pyramid", "none"),
    "tuts-tomb": ("stock", None, 3, None, None, True, "pyramid", "none"),
    "giza": ("tableau", (8, 3), None, None, None, False, "all", "none"),
    "giza-6x4": ("tableau", (6, 4), None, None, None, False, "all", "none"),
    "bouquet": ("bouquet", None, None, None, None, False, "all", "none"),
    "msc": ("stock", None, 1, 3, "allowed", False, "pyramid", "msc"),
    # PySolFC's games (docs/rules.md, PySolFC's games; openings in tests/test_pysolfc.py)
    "pysolfc-pyramid": ("stock", None, 1, 3, "allowed", False, "all", "none"),
    "pysolfc-relaxed-pyramid": ("stock", None, 1, 3, "allowed", False, "pyramid", "none"),
    "pysolfc-giza": ("tableau", (8, 3), None, None, None, False, "all", "none"),
    "pysolfc-king-tut": ("stock", None, 3, None, None, False, "pyramid", "none"),
}


@pytest.mark.parametrize("name", list(TABLE))
def test_presets_match_the_rules_table(name: str) -> None:
    v = get_variant(name)
    shape = (v.columns, v.tableau_rows) if v.rest == "tableau" else None
    assert (v.rest, shape, v.draw, v.passes, v.stock_waste, v.overlap, v.objective,
            v.scoring) == TABLE[name]
    assert v.rows == 7 and v.pyramid_cards == 28 and v.rest_cards == 24
    assert v.is_stock == (v.rest == "stock") and v.is_open == (not v.is_stock)
    assert v.has_hand == (v.is_stock and v.draw == 1 and not v.face_up)
    # MSC's deck and PySolFC's Pyramid talon show their top card; PySolFC's stock games
    # deal to an empty waste by themselves (Auto deal) and use PySolFC's words
    assert v.face_up == (name in ("msc", "pysolfc-pyramid", "pysolfc-relaxed-pyramid"))
    assert v.auto_deal == (v.is_stock and name.startswith("pysolfc-"))
    assert v.pysolfc_talon == v.auto_deal and v.msc_words == (name == "msc")
    assert v.move_unit == {"msc": "steps"}.get(name, "clicks" if v.auto_deal else "moves")
    assert set(PRESETS) == set(TABLE)


def test_auto_deal_is_checked_and_kept_where_it_applies() -> None:
    """PySolFC's Auto deal needs a stock without a hand; an option that gives the game a
    hand, or takes its stock away, drops it unless asked for."""
    with pytest.raises(VariantError, match="auto_deal needs a stock without a hand"):
        get_variant("cheops", auto_deal=True)
    with pytest.raises(VariantError, match="auto_deal applies to stock games only"):
        Variant("x", rest="bouquet", draw=None, passes=None, stock_waste=None, auto_deal=True)
    with pytest.raises(VariantError, match="auto_deal must be one of true, false"):
        get_variant("msc", auto_deal="yes")
    assert not get_variant("pysolfc-pyramid", stock_top="face-down").auto_deal
    assert not get_variant("pysolfc-king-tut", rest="bouquet").auto_deal
    assert get_variant("pysolfc-king-tut", passes=1).auto_deal
    assert get_variant("msc", auto_deal=True).describe().endswith("auto deal")
    off = get_variant("pysolfc-pyramid", auto_deal=False)
    assert Variant.from_options(off.options()) == off and "auto_deal" not in off.options()


def test_face_up_stock_top_and_msc_scoring_are_checked() -> None:
    """The face-up stock top (MSC's deck) needs draw 1 and no automatic stock-waste pairs;
    MSC's score needs 7 rows; records written before the option read back unchanged."""
    with pytest.raises(VariantError, match='stock_top "face-up" needs draw 1'):
        Variant("x", draw=3, stock_waste=None, stock_top="face-up")
    with pytest.raises(VariantError, match='stock_waste "automatic" needs stock_top "face-down"'):
        get_variant("msc", stock_waste="automatic")
    with pytest.raises(VariantError, match="stock_top applies to stock games only"):
        get_variant("giza", stock_top="face-up")
    with pytest.raises(VariantError, match=r"msc scoring .* needs 7 rows, got 5"):
        get_variant("msc", rows=5)
    with pytest.raises(VariantError, match="stock_top must be one of face-down, face-up"):
        get_variant("pyramid", stock_top="up")
    assert "stock_top" not in get_variant("cheops").options()
    assert get_variant("msc").options()["stock_top"] == "face-up"
    assert Variant.from_options(get_variant("msc").options()) == get_variant("msc")
    assert get_variant("msc", rest="bouquet").stock_top == "face-down"
    assert get_variant("msc", draw=3).stock_top == "face-down"


def test_names_are_forgiving_and_great_triangle_is_pyramid() -> None:
    assert get_variant("great-triangle") == get_variant("pyramid")
    assert get_variant("Giza_6x4") is PRESETS["giza-6x4"]
    assert get_variant(" King Tut ") is PRESETS["king-tut"]


def test_unknown_variant_and_option_are_named() -> None:
    with pytest.raises(VariantError, match=r"unknown variant 'spider': choose one of pyramid"):
        get_variant("spider")
    with pytest.raises(VariantError, match=r"unknown option 'colour'"):
        get_variant("pyramid", colour="red")
    with pytest.raises(VariantError, match=r"unknown option 'colour'"):
        Variant.from_options({"name": "giza", "colour": "red"})


@pytest.mark.parametrize(("name", "options", "words"), [
    ("giza", {"draw": 3}, "draw applies to stock games only, and giza has a tableau"),
    ("bouquet", {"passes": 3}, "passes applies to stock games only"),
    ("giza", {"stock_waste": "forbidden"}, "stock_waste applies to stock games only"),
    ("pyramid", {"draw": 3, "stock_waste": "allowed"}, 'stock_waste "allowed" needs draw 1'),
    ("king-tut", {"stock_waste": "automatic"}, "needs draw 1"),
    ("pyramid", {"draw": 2}, "draw must be 1 or 3, got 2"),
    ("pyramid", {"rows": 10}, "rows must be 1 to 9, got 10"),
    ("bouquet", {"rows": 0}, "rows must be 1 to 9, got 0"),
    ("giza", {"rows": 6}, "a 8x3 tableau holds 24 cards, but a 6-row pyramid leaves 31"),
    ("pyramid", {"passes": 0}, "passes must be"),
    ("pyramid", {"passes": "lots"}, "passes must be a whole number or 'unlimited', got 'lots'"),
    ("pyramid", {"objective": "half"}, "objective must be one of all, pyramid, got 'half'"),
    ("pyramid", {"stock_waste": "sometimes"}, "stock_waste must be one of"),
    ("pyramid", {"scoring": "golf"}, "scoring must be one of none, par"),
    ("pyramid", {"rest": "pile"}, "rest must be one of stock, bouquet, tableau"),
    ("pyramid", {"overlap": "yes"}, "overlap must be true or false"),
    ("par-pyramid", {"passes": "unlimited"}, "par scoring needs a stock game of 1 to 3 passes"),
    ("par-pyramid", {"passes": 4}, "par scoring needs a stock game of 1 to 3 passes"),
    ("par-pyramid", {"objective": "pyramid"}, "objective must be all"),
    ("giza", {"scoring": "par"}, "par scoring needs a stock game"),
    ("pyramid", {"columns": 8}, "tableau columns and rows need a tableau, not a stock"),
    ("giza", {"rest": "tableau:5x5"}, "a 5x5 tableau holds 25 cards"),
])
def test_invalid_combinations_are_rejected_with_the_reason(
        name: str, options: dict[str, Any], words: str) -> None:
    with pytest.raises(VariantError) as e:
        get_variant(name, **options)
    assert words in str(e.value)
    assert isinstance(e.value, ValueError)


def test_options_on_top_of_presets() -> None:
    assert get_variant("king-tut", draw=1).stock_waste == "allowed"
    assert get_variant("pyramid", draw=3).stock_waste is None
    assert get_variant("cheops", passes="unlimited").passes is None
    assert get_variant("pyramid", passes=None).passes == 1  # None keeps the preset's
    assert get_variant("pyramid", stock_waste="forbidden").stock_waste == "forbidden"
    b = get_variant("bouquet", rows=5)
    assert (b.pyramid_cards, b.rest_cards) == (15, 37)
    g = get_variant("giza", overlap=True)
    assert g.overlap and g.columns == 8 and g.name == "giza"


def test_changing_the_rest_fills_in_what_it_implies() -> None:
    s = get_variant("giza", rest="stock")
    assert (s.draw, s.passes, s.stock_waste, s.columns, s.tableau_rows) == (1, 1, "allowed",
                                                                            None, None)
    b = get_variant("pyramid", rest="bouquet")
    assert (b.draw, b.passes, b.stock_waste) == (None, None, None)
    assert get_variant("par-pyramid", rest="bouquet").scoring == "none"
    t = get_variant("pyramid", rest="tableau")
    assert (t.columns, t.tableau_rows, t.draw) == (8, 3, None)
    six = get_variant("giza", rest="tableau:6x4")
    assert (six.name, six.columns, six.tableau_rows) == ("giza", 6, 4)
    assert get_variant("giza-6x4", rest="tableau") == get_variant("giza-6x4")  # keeps its shape
    assert parse_rest("tableau") == {"rest": "tableau", "columns": 8, "tableau_rows": 3}
    assert parse_rest("Tableau:6x4") == {"rest": "tableau", "columns": 6, "tableau_rows": 4}
    with pytest.raises(VariantError, match="8x3"):
        parse_rest("tableau:big")


def test_parse_passes() -> None:
    assert [parse_passes(x) for x in ("1", "3", "unlimited", "inf", " 7 ", 2, None)] == \
        [1, 3, None, None, 7, 2, None]


COMBOS = [get_variant(n) for n in PRESETS] + [
    get_variant("cheops", passes="unlimited"), get_variant("pyramid", draw=3, passes=2),
    get_variant("giza", rest="stock"), get_variant("pyramid", rest="tableau:6x4"),
    get_variant("bouquet", rows=9), get_variant("tuts-tomb", overlap=False, objective="all"),
]


@pytest.mark.parametrize("v", COMBOS, ids=lambda v: v.describe())
def test_options_round_trip(v: Variant) -> None:
    assert Variant.from_options(v.options()) == v
    assert v.describe().startswith(v.name + ": ")
    opts = v.options()
    # options added later (stock_top, opening, auto_deal) appear only when not their
    # default, so that records made before them read back
    assert set(opts) - {"stock_top", "opening", "auto_deal"} == {
        "name", "rows", "rest", "columns", "tableau_rows", "draw", "passes", "stock_waste",
        "overlap", "objective", "scoring"}
    assert ("stock_top" in opts) == v.face_up
    assert ("opening" in opts) == bool(v.opening)
    assert ("auto_deal" in opts) == v.auto_deal


def test_describe_says_what_matters() -> None:
    assert get_variant("tuts-tomb").describe() == (
        "tuts-tomb: 7 rows, stock, draw 3, unlimited passes, overlap, objective pyramid")
    assert get_variant("par-pyramid").describe() == (
        "par-pyramid: 7 rows, stock, draw 1, 3 passes, stock-waste allowed, no overlap, "
        "objective all, par scoring")
    assert "tableau 6x4" in get_variant("giza-6x4").describe()
