"""Solvable-seed lists for PySolFC's Pyramid family, in PySolFC's own shape.

One module per game (``pyramid_solvable_seeds.py``, ``relaxed_pyramid_...``,
``giza_...``, ``king_tut_...``), each a header and a ``SOLVABLE_SEEDS`` tuple that
PySolFC could import as it imports its Klondike list. Made by
``scripts/make_pysolfc_seeds.py`` from the chunks in ``docs/results/pysolfc/``; read
them with :func:`seeds`, which parses the file instead of importing it.
"""

from __future__ import annotations

from pathlib import Path

from ..seedlists import read_seeds

HERE = Path(__file__).resolve().parent


def path(game: str) -> Path:
    """The list of a ``pysolfc-*`` preset (``pysolfc-king-tut`` -> king_tut_...py)."""
    return HERE / (game.removeprefix("pysolfc-").replace("-", "_") + "_solvable_seeds.py")


def seeds(game: str) -> tuple[int, ...]:
    """The ``SOLVABLE_SEEDS`` of a game's shipped list."""
    p = path(game)
    return read_seeds(p.read_text(encoding="utf-8"), str(p.name))
