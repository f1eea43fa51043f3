"""The shipped puzzle collections as the service reads them."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

from pyramids.generator.collections import entry_lines
from pyramids.service.errors import ServiceError

COLLECTION_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,59}")
#: A collection that cannot be read now may be being replaced: ask again soon.
RETRY = {"Retry-After": "5"}


class PuzzleStore:
    """The shipped collections (``<dir>/<name>.jsonl``), re-read when a file changes."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._cache: dict[str, tuple[float, list[dict[str, Any]]]] = {}
        self._lock = threading.Lock()

    def names(self) -> list[str]:
        if not self.directory.is_dir():
            return []
        return sorted(p.stem for p in self.directory.glob("*.jsonl")
                      if COLLECTION_NAME.fullmatch(p.stem))

    def load(self, name: str) -> list[dict[str, Any]]:
        names = self.names()
        if not names:
            raise ServiceError(503, "puzzle collections are not available yet", "Unavailable",
                               RETRY)
        if name not in names:
            raise ServiceError(404, f"unknown collection {name!r}: choose one of "
                                    f"{', '.join(names)}", "NotFound")
        path = self.directory / f"{name}.jsonl"
        mtime = path.stat().st_mtime
        with self._lock:
            cached = self._cache.get(name)
            if cached and cached[0] == mtime:
                return cached[1]
        entries = []
        try:
            with path.open(encoding="utf-8") as f:
                for n, s in entry_lines(f):
                    try:
                        entry = json.loads(s)
                    except json.JSONDecodeError as e:
                        entry = e
                    if not (isinstance(entry, dict) and isinstance(entry.get("id"), str)
                            and isinstance(entry.get("line"), str)):
                        why = entry if isinstance(entry, Exception) else \
                            "not a puzzle (an object with an id and a line)"
                        raise ServiceError(
                            503, f"collection {name!r} cannot be read now: line {n}: {why}",
                            "Unavailable", RETRY)
                    entries.append(entry)
        except (OSError, UnicodeDecodeError) as e:
            raise ServiceError(503, f"collection {name!r} cannot be read now: {e}",
                               "Unavailable", RETRY) from None
        with self._lock:
            self._cache[name] = (mtime, entries)
        return entries
