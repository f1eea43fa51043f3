"""Cover relations of the face-up layout as flat "slots" (no OR-Tools import here).

Slots ``0 .. pyramid-1`` are the pyramid positions (row by row), then, for a tableau,
slot ``pyramid + t`` is tableau card ``t`` in deal order. ``direct[s]`` lists the slots
lying directly on ``s`` (the pyramid's two covering cards, or the next card dealt on the
same tableau column); ``before[s]`` every slot that must be removed before ``s`` (the
transitive closure). These are what both the certificates and the CP-SAT models read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pyramids.core.layout import geometry
from pyramids.core.variants import Variant, pyramid_size


@dataclass(frozen=True)
class Slots:
    """The individual (face-up, ordered) cards of a layout and who covers whom."""

    n: int
    pyramid: int
    direct: tuple[tuple[int, ...], ...]
    before: tuple[frozenset[int], ...]
    covers: tuple[tuple[int, ...], ...]  # slots that ``s`` lies directly on
    above: tuple[int, ...]  # longest chain of slots lying (transitively) on ``s``
    below: tuple[int, ...]  # longest chain of slots ``s`` lies on (transitively)

    def may_pair(self, a: int, b: int, overlap: bool) -> bool:
        """May slots ``a`` and ``b`` ever be discarded together, as far as covering goes?
        Not when one lies on the other (it must go first), unless overlap discards are
        on and it lies directly on it (the rest of the overlap rule, that it be the only
        card left there, is the models' ordering to enforce)."""
        if b in self.before[a] and not (overlap and b in self.direct[a]):
            return False
        return not (a in self.before[b] and not (overlap and a in self.direct[b]))


def slots(variant: Variant, tableau: bool | None = None) -> Slots:
    """The slots of ``variant``; ``tableau=False`` keeps only the pyramid."""
    use_tab = variant.rest == "tableau" if tableau is None else tableau
    if use_tab:
        return _slots(variant.rows, variant.columns or 0, variant.tableau_rows or 0)
    return _slots(variant.rows, 0, 0)


@cache
def _slots(rows: int, columns: int, tableau_rows: int) -> Slots:
    geo = geometry(Variant(rows=rows))
    p = pyramid_size(rows)
    direct: list[tuple[int, ...]] = [geo.covered_by(i) for i in range(p)]
    before: list[frozenset[int]] = [frozenset(geo.covering(i)) for i in range(p)]
    total = columns * tableau_rows
    for t in range(total):
        direct.append((p + t + columns,) if t + columns < total else ())
        before.append(frozenset(p + u for u in range(t + columns, total, columns)))
    n = p + total
    covers: list[list[int]] = [[] for _ in range(n)]
    for s in range(n):
        for d in direct[s]:
            covers[d].append(s)
    above = [0] * n
    for s in sorted(range(n), key=lambda x: len(before[x])):  # covering slots first
        above[s] = max((above[d] + 1 for d in direct[s]), default=0)
    below = [0] * n
    for s in sorted(range(n), key=lambda x: -len(before[x])):
        below[s] = max((below[c] + 1 for c in covers[s]), default=0)
    return Slots(n, p, tuple(direct), tuple(before), tuple(tuple(c) for c in covers),
                 tuple(above), tuple(below))
