"""Progress of a run on stderr: one redrawn line with rate and ETA."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from .pool import RunState


class Progress:
    """One line on stderr, redrawn at most five times a second: done/total, a bar,
    percentage, rate (deals analysed by this run per second) and ETA."""

    def __init__(self, total: int | None, label: str = "", enabled: bool | None = None,
                 stream: TextIO | None = None, state: RunState | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total, self.label = total, label
        self.state = state or RunState()
        self.done = 0
        self._last = 0.0
        self._width = 0

    def update(self, n: int = 1) -> None:
        self.done += n
        now = time.perf_counter()
        if self.enabled and now - self._last >= 0.2:
            self._last = now
            self._draw(now)

    def note(self, text: str) -> None:
        """A message on a line of its own (a lost worker...), the bar redrawn below it."""
        if self.enabled and self._width:
            self.stream.write("\r" + text.ljust(self._width) + "\n")
            self._width = 0
            self._draw(time.perf_counter())
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def _draw(self, now: float) -> None:
        elapsed = now - self.state.started
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
        text = "  ".join(parts)
        pad = max(0, self._width - len(text))
        self._width = len(text)
        self.stream.write("\r" + text + " " * pad)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()


def format_duration(seconds: float) -> str:
    s = int(seconds + 0.5)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"

