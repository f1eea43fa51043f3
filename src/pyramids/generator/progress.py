"""The progress line of a puzzle scan on stderr: deals scanned, puzzles kept per grade,
rate and time left.

    giza: 1,204 deals (470 winnable)  kept expert 37/100  20.3 deals/s  ETA 1m22s

The time left is estimated from the grades met so far: for each slot still short, the
deals it took per puzzle of that grade, times the puzzles still wanted, whichever slot
is slowest (``?`` until every slot asked has met one), at the rate so far, and at most
what the deal range has left.
"""

from __future__ import annotations

import time
from typing import TextIO

from pyramids.bulk.progress import StatusLine, format_duration
from pyramids.generator.generate import ANY, Keeper, Summary
from pyramids.generator.grading import GRADES


class ScanProgress(StatusLine):
    """The scan's status line on stderr (:class:`~pyramids.bulk.progress.StatusLine`:
    redrawn at most five times a second when ``enabled``; default: when the stream is a
    terminal)."""

    def __init__(self, label: str, keeper: Keeper, total: int | None = None,
                 enabled: bool | None = None, stream: TextIO | None = None) -> None:
        super().__init__(enabled, stream)
        self.label, self.keeper, self.total = label, keeper, total
        self.started = time.perf_counter()

    def update(self, summary: Summary | None = None, force: bool = False) -> None:
        self.redraw(force)

    def text(self, now: float | None = None) -> str:
        s = self.keeper.summary
        elapsed = (now or time.perf_counter()) - self.started
        rate = s.scanned / elapsed if elapsed > 0 else 0.0
        graded = sum(s.graded.values())
        parts = [f"{self.label}: {s.scanned:,} deals ({graded:,} winnable)",
                 "kept " + " ".join(f"{self._name(slot)} "
                                    f"{len(self.keeper.kept.get(slot, ())):,}/{n:,}"
                                    for slot, n in self.keeper.quota.items()),
                 f"{rate:,.1f} deals/s"]
        left = self.deals_left()
        if self.keeper.full():
            parts.append("done")
        elif left is None or rate <= 0:
            parts.append("ETA ?")
        else:
            parts.append("ETA " + format_duration(left / rate))
        return "  ".join(parts)

    def _name(self, slot: str) -> str:
        among = self.keeper.among
        if slot != ANY or among >= set(GRADES):
            return slot
        return "/".join(g for g in GRADES if g in among)

    def deals_left(self) -> float | None:
        """Deals still to scan, estimated (``None``: not yet known)."""
        k, s = self.keeper, self.keeper.summary
        worst = 0.0
        for slot, n in k.quota.items():
            short = n - len(k.kept.get(slot, ()))
            if short <= 0:
                continue
            met = (sum(s.graded[g] for g in GRADES if g in k.among) if slot == ANY
                   else s.graded[slot])
            if met == 0:
                return None
            worst = max(worst, short * s.scanned / met)
        if self.total is not None:
            worst = min(worst, max(0, self.total - s.scanned))
        return worst
