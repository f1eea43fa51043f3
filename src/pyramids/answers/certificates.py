"""Certificates that a deal is blocked, cheapest first.

1. ``four-complement`` (:func:`four_complement`): some card that must be discarded can
   only go after all four cards of its complementary rank, because they all lie in the
   cards that must be removed before it (those covering it, transitively, in the pyramid
   or its tableau column). With overlap discards a card may go together with a card lying
   directly on it, so the direct covers do not count.
2. ``stock-count`` (:func:`stock_count`): when stock cards can never be matched with each
   other (draw 3: only the waste top is available; or ``stock_waste=forbidden``) and every
   card must go, each stock card needs a partner outside the stock. Of the eight cards of
   a complementary rank pair (A+Q, 2+J, ...), the ``k`` in the stock need ``k`` distinct
   partners among the ``8 - k`` others, so ``k <= 4``.
3. ``structural`` (:func:`structural_certificate`): the pyramid cannot be cleared even if
   every other card were face up and free (the search exhausts that relaxation, or the
   open-bouquet CP-SAT model of the pyramid is infeasible: the two agree). Every real
   game is more constrained than that relaxation.

:func:`quick_certificate` runs the first two (pure Python, microseconds).
"""

from __future__ import annotations

from typing import Literal

from pyramids.core.cards import Card, format_cards, rank_pair_name
from pyramids.core.deals import Deal
from pyramids.core.variants import Variant
from pyramids.core.verdict import Certificate
from pyramids.engines.cpsat.slots import slots


def quick_certificate(deal: Deal, variant: Variant) -> Certificate | None:
    """``four-complement`` or ``stock-count``, or ``None`` when neither applies."""
    return four_complement(deal, variant) or stock_count(deal, variant)


def _must_go(variant: Variant, slot: int, pyramid: int) -> bool:
    """Must the card in ``slot`` be discarded to win?"""
    return slot < pyramid or variant.objective == "all"


def four_complement(deal: Deal, variant: Variant) -> Certificate | None:
    """A card that must go but whose four complements all lie among its blockers."""
    lay = slots(variant)
    cards = deal.cards[: lay.n]
    where = {c: s for s, c in enumerate(cards)}
    for s, card in enumerate(cards):
        if card.is_king or not _must_go(variant, s, lay.pyramid):
            continue
        blockers = lay.before[s]
        if variant.overlap:
            blockers = blockers - set(lay.direct[s])
        comps = card.complements()
        if all(where.get(c, -1) in blockers for c in comps):
            zone = "pyramid" if s < lay.pyramid else "tableau"
            detail = (f"{card} ({zone}) can only be discarded after {format_cards(comps)}, "
                      f"all four cards it could pair with, because they all lie on top of it"
                      + (" (and not directly on it)" if variant.overlap else ""))
            return Certificate("four-complement", detail, {
                "card": str(card), "complements": [str(c) for c in comps],
                "zone": zone, "overlap": variant.overlap})
    return None


def stock_count(deal: Deal, variant: Variant) -> Certificate | None:
    """Too many cards of one complementary rank pair in a stock that cannot self-match."""
    if not variant.is_stock or variant.objective != "all":
        return None
    if not (variant.draw == 3 or variant.stock_waste == "forbidden"):
        return None
    stock = deal.rest(variant)
    for low in range(1, 7):
        group = [c for c in stock if c.value in (low, 13 - low)]
        if len(group) > 4:
            why = ("draw 3: only the waste top is available" if variant.draw == 3
                   else "stock-waste forbidden: hand and waste top may not be matched")
            name = rank_pair_name(low)
            detail = (f"{len(group)} cards of the rank pair {name} are in the stock "
                      f"({format_cards(group)}); stock cards can only pair with pyramid "
                      f"cards ({why}), and the other {8 - len(group)} cards of {name} "
                      "cannot partner them all")
            return Certificate("stock-count", detail, {
                "ranks": name, "stock_count": len(group),
                "stock_cards": [str(c) for c in group], "limit": 4})
    return None


#: Nodes the search spends on the relaxation before CP-SAT's model decides it (in bulk
#: runs and :func:`structural_certificate` alike); about a hundred settle most deals.
STRUCTURAL_BUDGET = 200_000


def structural_certificate(deal: Deal, variant: Variant, *, time_limit: float | None = None,
                           engine: Literal["auto", "cpsat"] = "auto") -> Certificate | None:
    """``structural`` when the pyramid cannot be cleared even with every other card open.

    Returns ``None`` when the relaxation is feasible or was not decided in ``time_limit``.
    ``engine``: ``auto`` asks the search on the relaxation first
    (:func:`pyramids.engines.search.relaxation`, within :data:`STRUCTURAL_BUDGET` nodes; no
    OR-Tools loaded), then the CP-SAT open model when that left it undecided; ``cpsat``
    the model alone.
    """
    from pyramids.engines.clock import loading, wall

    if engine == "auto":
        from pyramids.engines.search import relaxation, solve

        t0 = wall()
        got = solve(deal, relaxation(variant), node_limit=STRUCTURAL_BUDGET,
                    time_limit=None if time_limit is None else max(time_limit, 0.001))
        if got.status != "unknown":
            return structural_from(deal, variant) if got.status == "blocked" else None
        if time_limit is not None:
            time_limit = max(time_limit - (wall() - t0), 0.0)
    with loading():  # OR-Tools: not the analysis's time
        from pyramids.engines.cpsat import open_model

    lay = slots(variant, tableau=False)
    pyramid = deal.cards[: lay.n]
    rest = deal.cards[lay.n:]
    result = open_model.solve_layout(pyramid, lay, rest, overlap=variant.overlap,
                                     objective="pyramid", time_limit=time_limit)
    if result.status != "infeasible":
        return None
    return structural_from(deal, variant)


def structural_from(deal: Deal, variant: Variant) -> Certificate:
    """The ``structural`` certificate of a deal whose relaxation is known infeasible
    (by the search on the relaxation, ``pyramids.engines.search.relaxation``, or by the CP-SAT
    open model)."""
    lay = slots(variant, tableau=False)
    pyramid = deal.cards[: lay.n]
    rest = deal.cards[lay.n:]
    counts = {rank_pair_name(v): sum(1 for c in pyramid if c.value in (v, 13 - v))
              for v in range(1, 8)}
    detail = ("the pyramid cannot be cleared even if all "
              f"{len(rest)} other cards were face up and free "
              "(the open-bouquet model of the pyramid is infeasible)")
    return Certificate("structural", detail, {
        "pyramid": [str(Card(c)) for c in pyramid], "pyramid_rank_pairs": counts,
        "overlap": variant.overlap})
