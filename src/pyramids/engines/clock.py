"""The clocks an analysis is timed and limited by, without the loading of a library.

OR-Tools takes about half a second of CPU to import, far more than most analyses, and is
imported only where CP-SAT first runs in a process, so that a command that never runs it
never loads it (``pyramids check 17``). That import is not the analysis: the code that
does it wraps it in :func:`loading`, and :func:`cpu` and :func:`wall` leave out the time
spent there, as do the times and time limits measured on them (``check``, the
portfolio). A time taken across a load thus reads as if the library had been loaded
before the clock started.

The time left out is that of the whole process (a load on one thread pauses every
thread's clock); loads are rare (once each per process), so that is what a caller
timing one analysis wants.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_local = threading.local()
_loaded_cpu = 0.0  # seconds of CPU spent in loading(), over the process
_loaded_wall = 0.0  # seconds of wall time spent in loading(), over the process


@contextmanager
def loading() -> Iterator[None]:
    """Leave the time of this block (an import) out of :func:`cpu` and :func:`wall`.
    Nested blocks count once."""
    global _loaded_cpu, _loaded_wall
    depth: int = getattr(_local, "depth", 0)
    _local.depth = depth + 1
    cpu0, wall0 = time.process_time(), time.monotonic()
    try:
        yield
    finally:
        _local.depth = depth
        if depth == 0:
            with _lock:
                _loaded_cpu += time.process_time() - cpu0
                _loaded_wall += time.monotonic() - wall0


def cpu() -> float:
    """The process's CPU seconds (``time.process_time``) less those spent loading."""
    return time.process_time() - _loaded_cpu


def wall() -> float:
    """Monotonic wall seconds (``time.monotonic``) less those spent loading."""
    return time.monotonic() - _loaded_wall
