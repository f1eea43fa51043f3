"""Service limits, in one frozen object so that tests and ``pyramids serve`` can set them."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def default_workers() -> int:
    """One solver process per core, at least one (the machine may be shared)."""
    return max(1, os.cpu_count() or 1)


def default_puzzles_dir() -> Path:
    """``$PYRAMIDS_PUZZLES``, else the collections shipped in the package."""
    env = os.environ.get("PYRAMIDS_PUZZLES")
    if env:
        return Path(env)
    from .. import puzzles

    return puzzles.folder()


@dataclass(frozen=True)
class ServiceConfig:
    """Every bound the service enforces.

    ``queue`` jobs may wait for a worker beyond the ``workers`` that run; past that the
    service answers 503 with ``Retry-After`` instead of letting a queue grow.
    A job that overruns its time limit by ``grace`` seconds has its worker process killed.
    """

    workers: int = field(default_factory=default_workers)
    queue: int | None = None  # None: as many waiting jobs as workers
    default_time_limit: float = 10.0
    max_time_limit: float = 60.0
    max_body_bytes: int = 64 * 1024
    max_batch: int = 100
    filter_budget: float = 120.0  # seconds for a whole /v1/filter batch
    max_book_count: int = 12
    book_time_limit: float = 120.0
    grace: float = 5.0
    retry_after: int = 2
    max_page: int = 500  # puzzles listed per page
    puzzles_dir: Path = field(default_factory=default_puzzles_dir)

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise ValueError("workers must be >= 1")
        if self.queue is not None and self.queue < 0:
            raise ValueError("queue must be >= 0")

    @property
    def capacity(self) -> int:
        """Jobs admitted at once: running plus waiting."""
        return self.workers + (self.workers if self.queue is None else self.queue)

    def time_limit(self, requested: float | None) -> float:
        """The requested per-deal limit, or the default, capped by the server."""
        t = self.default_time_limit if requested is None else requested
        return min(t, self.max_time_limit)
