"""Puzzle generator: graded winnable deals for the shipped collections
(``pyramids/data/puzzles/``).

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
    from pyramids.core.variants import Variant
    from pyramids.generator.generate import ChunkMapper

BOOK_SCAN = 100_000  # deals a book may scan on the fly, beyond those it excludes


def puzzles_for_book(variant: Variant, count: int, grades: Sequence[str] | None,
                     exclude: set[int], *, workers: int = 1, mapper: ChunkMapper | None = None,
                     progress: bool | None = None, start: int | None = None
                     ) -> list[dict[str, Any]]:
    """The book's hook: up to ``count`` graded entries of ``variant`` (of one of ``grades``
    if given), none of the deal numbers in ``exclude``: the first ones in deal order from
    ``start`` (default: where the scan of the shipped collection of ``variant`` ended,
    :func:`pyramids.generator.collections.scanned`, so that its deals are not graded again), at most
    ``BOOK_SCAN`` deals on.

    ``workers`` processes (or ``mapper``'s cluster) grade ahead; the puzzles are the same
    whatever their number. ``progress``: the scan's progress line on stderr (default:
    when stderr is a terminal). Ctrl-C raises
    :class:`~pyramids.generator.generate.ScanInterrupted`, the workers stopped."""
    from pyramids.generator import collections as shipped
    from pyramids.generator.generate import Keeper, collection_name, scan
    from pyramids.generator.grading import GRADES
    from pyramids.generator.progress import ScanProgress

    if count <= 0:
        return []
    first = shipped.scanned(variant) if start is None else start
    numbers = [n for n in range(first, first + BOOK_SCAN + len(exclude)) if n not in exclude]
    coll = collection_name(variant)
    keeper = Keeper({"any": count}, frozenset(grades or GRADES))
    bar = ScanProgress(f"{coll} on the fly", keeper, len(numbers), enabled=progress)
    try:
        entries = scan(variant, numbers, keeper, workers=workers, mapper=mapper,
                       on_deal=lambda o, s: bar.update())
    finally:
        bar.close()
    return [{**e, "id": f"{coll}-{e['deal']}"} for e in entries]
