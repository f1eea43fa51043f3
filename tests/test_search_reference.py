"""The search solver agrees with the brute-force reference on small cases, every variant.

Small cases: short stocks and open layouts via the ``rows`` option (where the brute
force finishes), and 3-row pyramids with objective ``pyramid`` (long stocks, but
the pyramid is quickly cleared or stuck). A case the reference cannot finish
within its node limit is skipped; each test asserts that enough deals were
compared. ``benchmarks/crosscheck_search.py`` runs the same comparison on more deals.
"""

from __future__ import annotations

from typing import Any

import pytest

from pyramids.core.deals import Deal
from pyramids.core.referee import replay
from pyramids.core.variants import get_variant
from pyramids.engines import reference
from pyramids.engines.search import solve

CASES: list[tuple[str, dict[str, Any]]] = [
    ("pyramid", {"rows": 9}),
    ("pyramid", {"rows": 9, "overlap": True}),
    ("pyramid", {"rows": 9, "stock_waste": "forbidden"}),
    ("pyramid", {"rows": 9, "stock_waste": "automatic"}),
    ("pyramid", {"rows": 3, "objective": "pyramid", "stock_waste": "automatic", "passes": 3}),
    ("pyramid", {"rows": 3, "objective": "pyramid"}),
    ("pyramid", {"rows": 3, "objective": "pyramid", "stock_waste": "automatic"}),
    ("pyramid", {"rows": 3, "objective": "pyramid", "stock_waste": "forbidden"}),
    ("pyramid", {"rows": 3, "objective": "pyramid", "overlap": True}),
    ("cheops", {"rows": 3, "objective": "pyramid"}),
    ("pyramid", {"rows": 3, "objective": "pyramid", "passes": None}),
    ("king-tut", {"rows": 3}),
    ("king-tut", {"rows": 4, "passes": 3}),
    ("tuts-tomb", {"rows": 3}),
    ("cheops", {"rows": 3, "objective": "pyramid", "draw": 3}),
    ("bouquet", {"rows": 9}),
    ("giza", {"rows": 9, "rest": "tableau:7x1"}),
    ("giza", {"rows": 9, "rest": "tableau:7x1", "overlap": True}),
    ("par-pyramid", {"rows": 9, "passes": 1}),
]

DEALS = 10
REF_LIMIT = 6_000


@pytest.mark.parametrize(("name", "opts"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_same_verdict_as_reference(name: str, opts: dict[str, Any]) -> None:
    variant = get_variant(name, **opts)
    compared = 0
    # a 9-row pyramid takes the brute force a few thousand positions per deal
    for n in range(3 if variant.rows == 9 else DEALS):
        deal = Deal.from_number(n)
        ref = reference.solve(deal, variant, node_limit=REF_LIMIT)
        if ref.status == "unknown":
            continue
        got = solve(deal, variant)
        assert (got.status, got.score) == (ref.status, ref.score), f"deal {n}"
        if got.moves:
            replay(deal, variant, got.moves, require_win=variant.scoring != "par")
        compared += 1
    assert compared >= 1


def test_both_verdicts_are_compared() -> None:
    """The small cases are not all one-sided: both verdicts occur and agree."""
    variant = get_variant("king-tut", rows=3)
    seen = set()
    for n in range(DEALS):
        deal = Deal.from_number(n)
        ref = reference.solve(deal, variant, node_limit=REF_LIMIT)
        assert solve(deal, variant).status == ref.status
        seen.add(ref.status)
    assert seen == {"winnable", "blocked"}


def test_reference_on_its_own() -> None:
    """The reference itself: a win replays, a node limit gives unknown, blocked is exhaustive."""
    v = get_variant("pyramid", rows=2, objective="pyramid")
    won = reference.solve(Deal.from_number(0), v)
    assert won.status == "winnable"
    replay(Deal.from_number(0), v, won.moves)
    assert reference.solve(Deal.from_number(0), get_variant("pyramid"),
                           node_limit=50).status == "unknown"
    blocked = reference.solve(Deal.from_number(0), get_variant("pyramid", rows=9))
    assert blocked.status == "blocked"
    assert blocked.certificate is not None and blocked.certificate.kind == "exhaustive"


@pytest.mark.parametrize(("name", "opts", "number"), [
    # draw 3 with passes left: a waste King or pair removed early changes the threes
    # dealt in later passes, so "king" and "partner" must not force them there
    ("king-tut", {"rows": 4, "passes": 3}, 12),
    ("king-tut", {"rows": 4, "passes": 3}, 60),
    # unlimited passes: positions differing only in the stock position must not
    # share a hash chain (they once overflowed the table and the depth bound)
    ("tuts-tomb", {"rows": 4}, 136),
    ("tuts-tomb", {"rows": 4}, 143),
])
def test_regressions(name: str, opts: dict[str, Any], number: int) -> None:
    variant = get_variant(name, **opts)
    deal = Deal.from_number(number)
    ref = reference.solve(deal, variant)
    got = solve(deal, variant)
    assert got.status == ref.status == "winnable"
    replay(deal, variant, got.moves)
