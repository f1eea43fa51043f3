"""Certificates of blocked deals, on constructed deals where each must and must not fire."""

from __future__ import annotations

import pytest

from pyramids import Card, Deal, get_variant
from pyramids.answers.certificates import (
    four_complement,
    quick_certificate,
    stock_count,
    structural_certificate,
)
from pyramids.core.layout import position
from pyramids.engines.cpsat import solve


def _moved(base: int, placements: dict[int, str]) -> Deal:
    cards = list(Deal.from_number(base).cards)
    for pos, name in placements.items():
        card = Card.parse(name)
        j = cards.index(card)
        cards[pos], cards[j] = cards[j], cards[pos]
    return Deal(tuple(cards))


def arrange(placements: dict[int, str]) -> Deal:
    """A deal with the named cards at the given positions and no four-complement
    certificate about any other card, in any layout (so only the construction counts)."""
    named = set(placements.values())
    for base in range(1000):
        deal = _moved(base, placements)
        certs = [four_complement(deal, get_variant(v, overlap=o))
                 for v in ("pyramid", "giza", "giza-6x4") for o in (False, True)]
        if all(c is None or c.data["card"] in named for c in certs):
            return deal
    raise AssertionError("no clean base deal")  # pragma: no cover


def test_positions_used_below_are_in_the_covering_sets() -> None:
    # (1,0) is the apex; (4,0..3) lie under (2,0) and (2,1) through row 3.
    assert position(1, 0) == 0 and position(2, 0) == 1 and position(4, 0) == 6


# -- four-complement ----------------------------------------------------------------
def test_four_complement_fires_when_all_four_partners_lie_under_the_card() -> None:
    deal = arrange({0: "5C", 6: "8C", 7: "8D", 8: "8H", 9: "8S"})
    cert = four_complement(deal, get_variant("pyramid"))
    assert cert is not None and cert.kind == "four-complement"
    assert cert.data["card"] == "5C"
    assert sorted(cert.data["complements"]) == ["8C", "8D", "8H", "8S"]
    assert "5C" in cert.detail and "8S" in cert.detail
    assert quick_certificate(deal, get_variant("giza")) is not None  # any layout
    assert solve(deal, get_variant("bouquet")).status == "blocked"  # and it is true


def test_four_complement_with_overlap_a_direct_cover_does_not_count() -> None:
    # 8S lies directly on 5C: with overlap discards they may go together.
    deal = arrange({0: "5C", 1: "8S", 6: "8C", 7: "8D", 8: "8H"})
    assert four_complement(deal, get_variant("pyramid")) is not None
    assert four_complement(deal, get_variant("pyramid", overlap=True)) is None
    # All four two rows down: overlap does not help.
    deep = arrange({0: "5C", 6: "8C", 7: "8D", 8: "8H", 9: "8S"})
    assert four_complement(deep, get_variant("pyramid", overlap=True)) is not None


def test_four_complement_does_not_fire_with_a_partner_outside() -> None:
    deal = arrange({0: "5C", 6: "8C", 7: "8D", 8: "8H", 40: "8S"})
    for name in ("pyramid", "bouquet", "giza", "king-tut"):
        assert four_complement(deal, get_variant(name)) is None


def test_four_complement_in_a_giza_column_needs_the_fourth_partner_blocked_too() -> None:
    # Giza 6x4: tableau index t is column t % 6, depth t // 6 (slot 28 + t). 5C at the
    # bottom of column 0 under 8C 8D 8H; 8S free in the pyramid's bottom row.
    deal = arrange({28: "5C", 34: "8C", 40: "8D", 46: "8H", 21: "8S"})
    v = get_variant("giza-6x4")
    assert four_complement(deal, v) is None
    assert four_complement(deal, v.with_options(objective="pyramid")) is None


# -- stock-count ----------------------------------------------------------------------
A_Q_FIVE_IN_STOCK = {28: "AC", 29: "AD", 30: "AH", 31: "QC", 32: "QD",
                     0: "AS", 1: "QH", 2: "QS"}


def test_stock_count_fires_with_five_of_a_rank_pair_in_a_draw3_stock() -> None:
    deal = arrange(A_Q_FIVE_IN_STOCK)
    v = get_variant("king-tut", objective="all")
    cert = stock_count(deal, v)
    assert cert is not None and cert.kind == "stock-count"
    assert cert.data["ranks"] == "A+Q" and cert.data["stock_count"] == 5
    assert sorted(cert.data["stock_cards"]) == ["AC", "AD", "AH", "QC", "QD"]
    assert "A+Q" in cert.detail
    assert stock_count(deal, get_variant("pyramid", stock_waste="forbidden")) is not None
    assert solve(deal, v).status == "blocked"


def test_stock_count_does_not_fire_when_the_stock_can_self_match_or_objective_pyramid() -> None:
    deal = arrange(A_Q_FIVE_IN_STOCK)
    assert stock_count(deal, get_variant("pyramid")) is None  # hand + waste top allowed
    assert stock_count(deal, get_variant("pyramid", stock_waste="automatic")) is None
    assert stock_count(deal, get_variant("king-tut")) is None  # objective pyramid
    assert stock_count(deal, get_variant("giza")) is None


def test_stock_count_does_not_fire_with_four() -> None:
    deal = arrange({28: "AC", 29: "AD", 30: "AH", 31: "QC",
                    0: "AS", 1: "QH", 2: "QS", 3: "QD"})
    v = get_variant("king-tut", objective="all")
    cert = stock_count(deal, v)
    assert cert is None or cert.data["ranks"] != "A+Q"


# -- structural -----------------------------------------------------------------------
def test_structural_fires_when_two_cards_share_one_free_partner() -> None:
    # 5C (apex) and 5D (row 2) both lie on 8C 8D 8H; only 8S is elsewhere.
    deal = arrange({0: "5C", 1: "5D", 6: "8C", 7: "8D", 8: "8H", 40: "8S"})
    v = get_variant("pyramid")
    assert quick_certificate(deal, v) is None
    cert = structural_certificate(deal, v)
    assert cert is not None and cert.kind == "structural"
    assert "pyramid cannot be cleared" in cert.detail
    assert solve(deal, v).status == "blocked"
    assert solve(deal, get_variant("bouquet")).status == "blocked"


@pytest.mark.parametrize("overlap", [False, True])
def test_structural_agrees_with_the_bouquet_model(overlap: bool) -> None:
    none_seen = 0
    for n in range(25):
        deal = Deal.from_number(n)
        cert = structural_certificate(deal, get_variant("cheops", overlap=overlap))
        open_verdict = solve(deal, get_variant("bouquet", overlap=overlap, objective="pyramid"))
        assert (cert is None) == (open_verdict.status == "winnable"), n
        none_seen += cert is None
    assert none_seen > 0


# -- exhaustive -----------------------------------------------------------------------
# Giza 8x3: tableau card t is slot 28 + t, column t % 8, depth t // 8 (t = 0 deepest).
CROSSED_COLUMNS = {28: "5C", 36: "8C", 44: "8D", 29: "5D", 37: "8H", 45: "8S"}


def crossed_columns() -> Deal:
    """Columns 0 and 1 hold 5C under 8C 8D and 5D under 8H 8S: 5C needs 8H or 8S, which
    go before 5D, which needs 8C or 8D, which go before 5C. No cheaper certificate sees
    it (base deal chosen so that the pyramid alone is clearable)."""
    v = get_variant("giza")
    for base in range(200):
        deal = _moved(base, CROSSED_COLUMNS)
        if quick_certificate(deal, v) is None and structural_certificate(deal, v) is None:
            return deal
    raise AssertionError("no clean base deal")  # pragma: no cover


def test_exhaustive_fires_on_crossed_tableau_columns() -> None:
    from pyramids.answers.check import check

    deal = crossed_columns()
    v = check(deal, get_variant("giza"), engine="cpsat")
    assert v.status == "blocked" and v.engine == "cpsat"
    assert v.certificate is not None and v.certificate.kind == "exhaustive"
    assert "infeasible" in v.certificate.detail


def test_exhaustive_does_not_fire_once_overlap_unties_the_cross() -> None:
    # With overlap discards 8C may go with 5C once 8D is gone (or 8H with 5D), so the
    # crossing no longer blocks; the rest of the chosen deal is winnable.
    from pyramids import replay

    deal, v = crossed_columns(), get_variant("giza", overlap=True)
    got = solve(deal, v)
    assert got.status == "winnable" and got.certificate is None
    assert replay(deal, v, got.moves, require_win=True).won
    untie = [{Card.parse("5C"), Card.parse("8C")}, {Card.parse("5D"), Card.parse("8H")}]
    assert any(set(m.cards) in untie for m in got.moves)


def test_exhaustive_never_fires_on_a_winnable_deal() -> None:
    from pyramids.answers.check import check
    from pyramids.engines.search import solve as search

    won = 0
    for n in range(12):
        deal = Deal.from_number(n)
        mine = check(deal, get_variant("giza"), engine="cpsat")
        theirs = search(deal, get_variant("giza"))
        assert (mine.status == "winnable") == (theirs.status == "winnable"), n
        if mine.status == "winnable":
            won += 1
            assert mine.certificate is None and mine.moves
    assert won > 0
