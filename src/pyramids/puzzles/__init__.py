"""The shipped puzzle collections: ``<name>.jsonl`` files in this package (README.md here
says how they were made and what the grades mean).

They are package data, located with :mod:`importlib.resources`, so an installed package
(editable or not) finds them from any working directory.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def folder() -> Path:
    """The folder holding the shipped ``*.jsonl`` collections."""
    where = files(__name__)
    if not isinstance(where, Path):  # pragma: no cover - only a zipped install lands here
        raise RuntimeError(f"the shipped puzzle collections are not on the file system: {where}")
    return where


def collections() -> list[Path]:
    """The shipped collection files, in name order."""
    return sorted(folder().glob("*.jsonl"))
