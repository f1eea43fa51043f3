"""Progress of a run on stderr: one redrawn line with rate and ETA.

:class:`StatusLine` is the line itself (redrawn in place at most five times a second,
messages on lines of their own above it); :class:`Progress` is a bulk run's (deals done
of the total, a bar, the rate and the time left), and the puzzle scan's
(``pyramids.generator.progress.ScanProgress``) says its own words on the same line.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from pyramids.bulk.pool import RunState


class StatusLine:
    """One line on ``stream`` (stderr), redrawn in place at most five times a second
    when ``enabled`` (default: when the stream is a terminal). Subclasses say what it
    reads (:meth:`text`) and when it changes (they call :meth:`redraw`)."""

    def __init__(self, enabled: bool | None = None, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self._last = 0.0
        self._width = 0

    def text(self, now: float | None = None) -> str:
        """What the line reads at ``now`` (``time.perf_counter``; ``None``: now)."""
        raise NotImplementedError

    def redraw(self, force: bool = False) -> None:
        """Draw the line again, unless it was drawn less than 0.2 s ago (``force``: all
        the same)."""
        now = time.perf_counter()
        if self.enabled and (force or now - self._last >= 0.2):
            self._last = now
            self._draw(now)

    def note(self, text: str) -> None:
        """A message on a line of its own (a lost worker...), the line redrawn below it."""
        if self.enabled and self._width:
            self.stream.write("\r" + text.ljust(self._width) + "\n")
            self._width = 0
            self._draw(time.perf_counter())
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def _draw(self, now: float) -> None:
        text = self.text(now)
        pad = max(0, self._width - len(text))
        self._width = len(text)
        self.stream.write("\r" + text + " " * pad)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()


class Progress(StatusLine):
    """A bulk run's line: done/total, a bar, percentage, rate (deals analysed by this
    run per second) and ETA."""

    def __init__(self, total: int | None, label: str = "", enabled: bool | None = None,
                 stream: TextIO | None = None, state: RunState | None = None) -> None:
        super().__init__(enabled, stream)
        self.total, self.label = total, label
        self.state = state or RunState()
        self.done = 0

    def update(self, n: int = 1) -> None:
        self.done += n
        self.redraw()

    def text(self, now: float | None = None) -> str:
        elapsed = (time.perf_counter() if now is None else now) - self.state.started
        rate = self.state.new / elapsed if elapsed > 0 else 0.0
        parts = [self.label] if self.label else []
        if self.total:
            frac = min(1.0, self.done / self.total)
            bar = "#" * int(frac * 24)
            parts.append(f"[{bar:<24}] {self.done}/{self.total} {100 * frac:5.1f}%")
        else:
            parts.append(f"{self.done} deals")
        parts.append(f"{rate:,.1f} deals/s")
        if self.total and rate > 0:
            parts.append("ETA " + format_duration((self.total - self.done) / rate))
        return "  ".join(parts)


def format_duration(seconds: float) -> str:
    s = int(seconds + 0.5)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"
