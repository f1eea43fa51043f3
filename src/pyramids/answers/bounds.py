"""Exact combinatorial bounds on win rates, as rational numbers.

:func:`stock_count_fraction` is the share of deals whose stock passes the ``stock-count``
test of :mod:`pyramids.answers.certificates`: the figure the seed article computed for King Tut
played to discard all 52 cards (5.547%), here derived and computed exactly.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from pyramids.core.variants import pyramid_size


def _times(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def stock_count_passing(stock: int, *, pairs: int = 6, suits: int = 4,
                        kings: int = 4) -> int:
    """How many ``stock``-card subsets of the deck put at most ``suits`` cards of each
    rank pair in the stock (see :func:`stock_count_fraction` for the derivation)."""
    group = [comb(2 * suits, k) for k in range(suits + 1)]  # one rank pair: <= suits in
    poly = [comb(kings, k) for k in range(kings + 1)]  # the Kings: any number
    for _ in range(pairs):
        poly = _times(poly, group)
    return poly[stock] if 0 <= stock < len(poly) else 0


def stock_count_fraction(rows: int = 7, *, pairs: int = 6, suits: int = 4,
                         kings: int = 4) -> Fraction:
    """The exact share of deals whose stock passes the stock-count test.

    The test (``certificates.stock_count``): when stock cards can never be discarded with
    each other (draw 3, or ``stock_waste=forbidden``) and every card must go, each stock
    card needs a partner outside the stock, so a rank pair (A+Q, 2+J, ... 6+7: 8 cards)
    may have at most 4 of its cards in the stock. Kings need no partner.

    Derivation. The stock is the ``52 - rows(rows+1)/2`` cards after the pyramid (24 for
    seven rows). A uniformly shuffled deck makes the set of stock cards a uniformly random
    subset of that size, so the share is (passing subsets) / C(52, stock). A subset is
    fixed by how many cards ``k_j`` it takes from each rank pair ``j`` and ``k_K`` Kings,
    and then which ones: ``prod_j C(8, k_j) * C(4, k_K)`` subsets. Passing means every
    ``k_j <= 4``; the Kings are free. Summing over all ``k`` with ``sum k = stock`` is the
    coefficient of ``x^stock`` in ``(sum_{k<=4} C(8, k) x^k)^6 * (1 + x)^4``. (The
    article's remark that the shortfall below 4 summed over the pairs equals the number of
    Kings in the stock follows: ``sum_j (4 - k_j) = 24 - (24 - k_K) = k_K``.)

    For seven rows: 23,651,617,136,000 of C(52, 24) = 426,384,982,032,100 stocks, which is
    33788024480/609121402903 = 5.54701...%. ``pairs``, ``suits`` and ``kings`` describe a
    smaller deck model for tests (``2 * suits`` cards per rank pair, limit ``suits``).
    Deal numbers come from SplitMix64 and a modulo, not a perfect shuffle; the count over
    real deals in ``docs/results.md`` agrees within its sampling error.
    """
    deck = 2 * suits * pairs + kings
    stock = deck - pyramid_size(rows)
    if stock < 0:
        raise ValueError(f"a {rows}-row pyramid needs more than the {deck} cards of the deck")
    return Fraction(stock_count_passing(stock, pairs=pairs, suits=suits, kings=kings),
                    comb(deck, stock))
