"""Jobs for the tests of the solver pool alone (``tests/test_service_pool.py``): the pool's
workers run them by name, as they run ``pyramids.service.jobs`` in the service."""

from __future__ import annotations

import time

from pyramids.core.errors import DealError

#: What ``WorkerPool(..., jobs=JOBS)`` imports in its workers (``tests/`` is on the path
#: pytest gives them).
JOBS = __name__


def ping() -> str:
    return "pong"


def sleep(seconds: float) -> float:
    """Occupy a worker for ``seconds`` (the pool's limits)."""
    time.sleep(seconds)
    return seconds


def fail(message: str) -> None:
    """A user error raised in a worker."""
    raise DealError(message)
