"""The exact stock-count share against brute force on small decks and against real deals."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from pyramids.answers.bounds import stock_count_fraction, stock_count_passing
from pyramids.answers.certificates import stock_count
from pyramids.bulk.stats import wilson
from pyramids.core.deals import Deal
from pyramids.core.variants import get_variant


def brute_force(rows: int, pairs: int, suits: int, kings: int) -> Fraction:
    """Every stock of a small deck, tested card by card (no formula shared)."""
    # card = (group, suit): groups 0..pairs-1 hold 2*suits cards, group `pairs` the Kings
    deck = [(g, s) for g in range(pairs) for s in range(2 * suits)]
    deck += [(pairs, s) for s in range(kings)]
    size = len(deck) - rows * (rows + 1) // 2
    good = total = 0
    for stock in itertools.combinations(deck, size):
        total += 1
        good += all(sum(1 for g, _ in stock if g == j) <= suits for j in range(pairs))
    assert total == comb(len(deck), size)
    return Fraction(good, total)


@pytest.mark.parametrize(("rows", "pairs", "suits", "kings"), [
    (3, 2, 2, 4),  # 12 cards, stock 6
    (3, 2, 2, 2),  # stock 4
    (3, 3, 2, 1),  # 13 cards, stock 7
    (4, 2, 3, 4),  # 16 cards, stock 6
    (3, 3, 2, 4),  # 16 cards, stock 10
])
def test_fraction_matches_brute_force_on_small_decks(rows: int, pairs: int, suits: int,
                                                     kings: int) -> None:
    exact = stock_count_fraction(rows, pairs=pairs, suits=suits, kings=kings)
    assert exact == brute_force(rows, pairs, suits, kings)
    assert 0 < exact < 1


def test_seven_rows_is_the_articles_5_547_percent() -> None:
    f = stock_count_fraction(7)
    assert stock_count_passing(24) == 23_651_617_136_000
    assert f == Fraction(23_651_617_136_000, comb(52, 24))
    assert round(100 * float(f), 3) == 5.547


def test_real_deals_agree_with_the_fraction() -> None:
    # the project's own certificate on deal numbers: a sampling check, 99.9% interval
    v = get_variant("king-tut", objective="all")
    n = 4000
    passed = sum(stock_count(Deal.from_number(i), v) is None for i in range(n))
    lo, hi = wilson(passed, n, z=3.29)
    assert lo <= float(stock_count_fraction(7)) <= hi


def test_pyramid_too_big_for_the_deck() -> None:
    with pytest.raises(ValueError, match="needs more than"):
        stock_count_fraction(3, pairs=1, suits=1, kings=1)
