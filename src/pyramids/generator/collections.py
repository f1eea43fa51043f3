"""The shipped puzzle collections: ``<name>.jsonl`` files in the package's data folder,
``pyramids/data/puzzles/`` (README.md there says how they were made and what the grades
mean).

They are package data, located with :mod:`importlib.resources`, so an installed package
(editable or not) finds them from any working directory.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pyramids.core.variants import Variant

MANIFEST = "collections.json"


def entry_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The entries of a collection's JSON lines (a shipped one or any other), each with
    its line number (from 1), stripped: blank lines and ``#`` comment lines are none."""
    for n, line in enumerate(lines, 1):
        s = line.strip()
        if s and not s.startswith("#"):
            yield n, s


def folder() -> Path:
    """The folder holding the shipped ``*.jsonl`` collections."""
    where = files("pyramids").joinpath("data", "puzzles")
    if not isinstance(where, Path):  # pragma: no cover - only a zipped install lands here
        raise RuntimeError(f"the shipped puzzle collections are not on the file system: {where}")
    return where


def collections() -> list[Path]:
    """The shipped collection files, in name order."""
    return sorted(folder().glob("*.jsonl"))


@cache
def manifest() -> dict[str, dict[str, Any]]:
    """How each shipped collection was made (``collections.json``): by file name, its
    variant's options, the deals its scan graded (``deals``: ``[first, end]``), the
    grades and count asked, and the command."""
    path = folder() / MANIFEST
    if not path.is_file():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def scanned(variant: Variant) -> int:
    """Where the scan of the shipped collection of exactly ``variant`` (its options)
    ended: the first deal number it did not grade; 0 if no shipped collection is of it
    or it was not made by a scan from deal 0."""
    for info in manifest().values():
        if info.get("variant") == variant.options() and info.get("deals", [None])[0] == 0:
            return int(info["deals"][1])
    return 0
