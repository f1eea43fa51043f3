"""Service limits, in one frozen object so that tests and ``pyramids serve`` can set them."""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def default_workers() -> int:
    """One solver process per core, at least one (the machine may be shared)."""
    return max(1, os.cpu_count() or 1)


def default_puzzles_dir() -> Path:
    """``$PYRAMIDS_PUZZLES``, else the collections shipped in the package."""
    env = os.environ.get("PYRAMIDS_PUZZLES")
    if env:
        return Path(env)
    from pyramids.generator import collections as puzzles

    return puzzles.folder()


def default_queue(workers: int) -> int:
    """Jobs that may wait: four for each solver process, at least 8. A player asks one
    question at a time (a check, a hint, a goal: most take well under a second), so a
    page with eight players asking at once waits its turn rather than being told the
    server is busy; a burst past that is answered 503 at once, not queued for minutes."""
    return max(8, 4 * workers)


def networks(spec: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or networks (``10.0.0.5``, ``10.0.0.0/8``); a ValueError names a bad one."""
    out = []
    for item in spec:
        try:
            out.append(ipaddress.ip_network(item.strip(), strict=False))
        except ValueError:
            raise ValueError(f"trusted proxy {item!r} is not an IP address or network") \
                from None
    return tuple(out)


@dataclass(frozen=True)
class ServiceConfig:
    """Every bound the service enforces.

    ``queue`` jobs may wait for a worker beyond the ``workers`` that run; past that the
    service answers 503 with ``Retry-After`` instead of letting a queue grow. The default
    (:func:`default_queue`) holds the questions of a page with several players at once.
    A job that overruns its time limit by ``grace`` seconds has its worker process killed.
    A request body must arrive within ``body_timeout`` seconds (408 otherwise), a request's
    head within ``head_timeout`` (the connection is closed otherwise; ``pyramids serve``).
    A request is charged to its peer's address, or, from a ``trusted_proxies`` peer, to the
    address that proxy reports in ``X-Forwarded-For``. On SIGTERM the jobs in flight have
    ``shutdown_grace`` seconds to finish (``pyramids serve --grace``).
    """

    workers: int = field(default_factory=default_workers)
    queue: int | None = None  # None: default_queue(workers)
    default_time_limit: float = 10.0
    max_time_limit: float = 60.0
    max_body_bytes: int = 64 * 1024
    body_timeout: float = 10.0
    head_timeout: float = 10.0
    max_batch: int = 100
    filter_budget: float = 120.0  # seconds for a whole /v1/filter batch
    max_book_count: int = 12
    book_time_limit: float = 120.0
    grace: float = 5.0
    retry_after: int = 2
    max_page: int = 500  # puzzles listed per page
    puzzles_dir: Path = field(default_factory=default_puzzles_dir)
    trusted_proxies: tuple[str, ...] = ()
    shutdown_grace: float = 30.0

    def __post_init__(self) -> None:
        networks(self.trusted_proxies)  # a bad one is named here, before the server starts
        if self.workers < 1:
            raise ValueError("workers must be >= 1")
        if self.queue is not None and self.queue < 0:
            raise ValueError("queue must be >= 0")

    @property
    def capacity(self) -> int:
        """Jobs admitted at once: running plus waiting."""
        return self.workers + (default_queue(self.workers) if self.queue is None else self.queue)

    def time_limit(self, requested: float | None) -> float:
        """The requested per-deal limit, or the default, capped by the server."""
        t = self.default_time_limit if requested is None else requested
        return min(t, self.max_time_limit)
