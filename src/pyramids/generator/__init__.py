"""Puzzle generator: graded winnable deals for the shipped collections in ``pyramids/puzzles/``.

* :mod:`.greedy`: simple human strategies (does a casual player win?);
* :mod:`.oracle`: "is the position after these moves winnable?" (exact or unknown);
* :mod:`.lines`: essentially different winning lines, counted up to 2;
* :mod:`.grading`: components, score and grade (easy, medium, hard, expert);
* :mod:`.generate`: scan deals in order, grade, keep, write JSON lines atomically.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..variants import Variant

BOOK_SCAN = 5000  # deals a book may scan on the fly, beyond those it excludes


def puzzles_for_book(variant: Variant, count: int, grades: Sequence[str] | None,
                     exclude: set[int]) -> list[dict[str, Any]]:
    """The book's hook: up to ``count`` graded entries of ``variant`` (of one of ``grades``
    if given), none of the deal numbers in ``exclude``, scanning deals from 0 in order
    (at most ``BOOK_SCAN`` of them, in this process)."""
    from .generate import collection_name, outcomes
    from .grading import Budgets

    numbers = [n for n in range(BOOK_SCAN + len(exclude)) if n not in exclude]
    coll = collection_name(variant)
    out: list[dict[str, Any]] = []
    if count <= 0:
        return out
    for o in outcomes(numbers, variant, Budgets(), workers=1):
        if o.entry is None or (grades and o.entry["grade"] not in grades):
            continue
        out.append({"id": f"{coll}-{o.deal}", "collection": coll, **o.entry})
        if len(out) >= count:
            break
    return out
