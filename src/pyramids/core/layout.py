"""Geometry of the layout: which pyramid position covers which, and tableau columns.

Pyramid positions are numbered row by row from the top, left to right: position
``p`` is ``(row, i)`` with row 1 the top. ``(r, i)`` is covered by ``(r+1, i)`` and
``(r+1, i+1)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pyramids.core.variants import Variant, pyramid_size


def position(row: int, i: int) -> int:
    """Index of pyramid card ``(row, i)``, both 1-based row and 0-based i."""
    return pyramid_size(row - 1) + i


@cache
def row_col(p: int) -> tuple[int, int]:
    """(row, i) of pyramid position ``p``: row 1-based, i 0-based."""
    row = 1
    while pyramid_size(row) <= p:
        row += 1
    return row, p - pyramid_size(row - 1)


@dataclass(frozen=True)
class Geometry:
    """Cover relations of a pyramid of ``rows`` rows and the tableau of a variant."""

    rows: int
    columns: int = 0
    tableau_rows: int = 0

    @property
    def size(self) -> int:
        return pyramid_size(self.rows)

    def covered_by(self, p: int) -> tuple[int, ...]:
        """The (up to two) positions that cover ``p``; empty on the bottom row."""
        return _covered_by(self.rows, p)

    def covers(self, p: int) -> tuple[int, ...]:
        """The (up to two) positions that ``p`` covers; empty on the top row."""
        return _covers(p)

    def covering(self, p: int) -> tuple[int, ...]:
        """Every position that must go before ``p`` (transitively covering it)."""
        return _covering(self.rows, p)

    def column_of(self, t: int) -> tuple[int, int]:
        """(column, depth) of tableau card ``t`` in deal order; depth 0 is dealt first."""
        return t % self.columns, t // self.columns

    def column(self, c: int) -> tuple[int, ...]:
        """Tableau indices of column ``c``, first dealt (deepest) first."""
        return tuple(range(c, self.columns * self.tableau_rows, self.columns))


@cache
def _covered_by(rows: int, p: int) -> tuple[int, ...]:
    r, i = row_col(p)
    if r == rows:
        return ()
    return (position(r + 1, i), position(r + 1, i + 1))


@cache
def _covers(p: int) -> tuple[int, ...]:
    r, i = row_col(p)
    if r == 1:
        return ()
    return tuple(position(r - 1, j) for j in (i - 1, i) if 0 <= j < r - 1)


@cache
def _covering(rows: int, p: int) -> tuple[int, ...]:
    seen: set[int] = set()
    todo = list(_covered_by(rows, p))
    while todo:
        q = todo.pop()
        if q not in seen:
            seen.add(q)
            todo.extend(_covered_by(rows, q))
    return tuple(sorted(seen))


def geometry(variant: Variant) -> Geometry:
    return _geometry(variant.rows, variant.columns or 0, variant.tableau_rows or 0)


@cache
def _geometry(rows: int, columns: int, tableau_rows: int) -> Geometry:
    return Geometry(rows, columns, tableau_rows)
