"""Solvable-seed lists for PySolFC's Pyramid family, in PySolFC's own shape (the files
live in ``pyramids/data/pysolfc_seeds/``, apart from the code).

One module per game (``pyramid_solvable_seeds.py``, ``relaxed_pyramid_...``,
``giza_...``, ``king_tut_...``), each a header and a ``SOLVABLE_SEEDS`` tuple that
PySolFC could import as it imports its Klondike list; and, for a harder mode, lists of one
grade (``giza_hard_solvable_seeds.py``, ...: the seeds of the games graded so far that
``pyramids grade`` puts in that grade). Made by ``scripts/make_pysolfc_seeds.py`` from the
chunks in ``docs/results/pysolfc/``; read them with :func:`seeds`, which parses the file
instead of importing it.
"""

from __future__ import annotations

from pathlib import Path

from pyramids.pysolfc.seedlists import read_seeds

#: The lists are data, apart from the code: src/pyramids/data/pysolfc_seeds/.
HERE = Path(__file__).resolve().parents[1] / "data" / "pysolfc_seeds"
GRADES = ("easy", "medium", "hard", "expert")


def path(game: str, grade: str | None = None) -> Path:
    """The list of a ``pysolfc-*`` preset (``pysolfc-king-tut`` -> king_tut_...py), or
    of its seeds of one grade (``pysolfc-giza``, ``hard`` -> giza_hard_...py)."""
    if grade is not None and grade not in GRADES:
        raise ValueError(f"no grade {grade!r}: the grades are {', '.join(GRADES)}")
    name = game.removeprefix("pysolfc-").replace("-", "_")
    return HERE / f"{name}{'' if grade is None else '_' + grade}_solvable_seeds.py"


def seeds(game: str, grade: str | None = None) -> tuple[int, ...]:
    """The ``SOLVABLE_SEEDS`` of a game's shipped list (of one ``grade``, if given)."""
    p = path(game, grade)
    return read_seeds(p.read_text(encoding="utf-8"), str(p.name))


def graded(game: str) -> list[str]:
    """The grades whose lists ship for ``game`` (none if its seeds were not graded)."""
    return [g for g in GRADES if path(game, g).exists()]
