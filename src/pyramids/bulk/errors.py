"""The two exceptions of bulk runs."""

from __future__ import annotations

from pyramids.core.errors import PyramidsError


class BulkError(PyramidsError):
    """A bad deal source, a bad or mismatched out file: quotes the culprit."""


class Interrupted(Exception):
    """The run was stopped (Ctrl-C, SIGTERM, a worker killed). Finished deals are saved
    (to ``out``, the run's out file, when it has one)."""

    def __init__(self, done: int, message: str = "interrupted", out: str | None = None
                 ) -> None:
        super().__init__(message)
        self.done = done
        self.out = out

