"""Scan deals in order, grade the winnable ones, keep those of the grades asked.

:func:`generate` is the library side of ``pyramids generate``. Deals are graded in
chunks over a process pool (or in this process with one worker) and consumed strictly
in deal order, so the puzzles kept are the first ``count`` of each grade asked in the
range, whatever the number of workers: same arguments, same file. Every kept solution
is replayed by the referee once more before it is written.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import json
import os
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..deals import Deal
from ..moves import parse_moves
from ..referee import replay
from ..variants import Variant
from .grading import GRADES, Budgets, Grading, Rejection, grade_deal

ANY = "any"


@dataclass
class Outcome:
    """One scanned deal: a graded puzzle (as an entry without id) or a rejection reason."""

    deal: int
    entry: dict[str, Any] | None = None
    reason: str = ""


@dataclass
class Summary:
    scanned: int = 0
    kept: Counter[str] = field(default_factory=Counter)
    graded: Counter[str] = field(default_factory=Counter)
    rejected: Counter[str] = field(default_factory=Counter)
    last_deal: int | None = None

    def text(self) -> str:
        kept = ", ".join(f"{g} {self.kept[g]}" for g in GRADES if self.kept[g]) or "none"
        graded = ", ".join(f"{g} {self.graded[g]}" for g in GRADES if self.graded[g]) or "none"
        rej = ", ".join(f"{r} {n}" for r, n in sorted(self.rejected.items())) or "none"
        last = "" if self.last_deal is None else f" (up to deal {self.last_deal})"
        return (f"scanned {self.scanned} deals{last}; kept {sum(self.kept.values())}: {kept}\n"
                f"graded winnable: {graded}\nrejected by reason: {rej}")


def entry_of(g: Grading) -> dict[str, Any]:
    return {"deal": g.deal.number, "line": g.deal.line(), "variant": g.variant.options(),
            "grade": g.grade, "score": g.score, "components": g.components,
            "unique": g.unique, "solution": [str(m) for m in g.solution]}


def grade_one(number: int, variant: Variant, budgets: Budgets) -> Outcome:
    res = grade_deal(Deal.from_number(number), variant, budgets)
    if isinstance(res, Rejection):
        return Outcome(number, reason=res.reason)
    return Outcome(number, entry_of(res))


def _grade_chunk(numbers: list[int], variant: Variant, budgets: Budgets) -> list[Outcome]:
    return [grade_one(n, variant, budgets) for n in numbers]


ChunkMapper = Callable[..., Iterator[list[Outcome]]]
"""``mapper(fn, chunks, *args)``: ``fn(chunk, *args)`` for each chunk elsewhere, results
in chunk order (``pyramids.cluster.ClusterMap.run`` on a Dask cluster)."""


def outcomes(numbers: Sequence[int], variant: Variant, budgets: Budgets, workers: int = 1,
             chunk: int = 4, mapper: ChunkMapper | None = None) -> Iterator[Outcome]:
    """Grade each deal, yielding outcomes in deal order (lazily: stop consuming to stop).
    With ``mapper`` the chunks are graded by it (``workers`` is then unused)."""
    chunks = (list(numbers[i:i + chunk]) for i in range(0, len(numbers), chunk))
    if mapper is not None:
        for graded in mapper(_grade_chunk, chunks, variant, budgets):
            yield from graded
        return
    if workers <= 1:
        for n in numbers:
            yield grade_one(n, variant, budgets)
        return
    with cf.ProcessPoolExecutor(workers) as ex:
        pending: list[cf.Future[list[Outcome]]] = []
        try:
            for c in chunks:
                pending.append(ex.submit(_grade_chunk, c, variant, budgets))
                if len(pending) >= 3 * workers:
                    yield from pending.pop(0).result()
            while pending:
                yield from pending.pop(0).result()
        finally:
            for f in pending:
                f.cancel()


def collection_name(variant: Variant) -> str:
    return variant.name + ("-overlap" if variant.overlap else "")


def generate(variant: Variant, numbers: Sequence[int], grades: Sequence[str], count: int, *,
             collection: str | None = None, workers: int = 1, budgets: Budgets | None = None,
             on_deal: Callable[[Outcome, Summary], None] | None = None,
             mapper: ChunkMapper | None = None) -> tuple[list[dict[str, Any]], Summary]:
    """The first ``count`` puzzles of each grade in ``grades`` (or of any grade with
    ``grades == ["any"]``) among ``numbers``, in deal order; and the scan summary."""
    budgets = budgets or Budgets()
    want = list(GRADES) if list(grades) == ["all"] else list(grades)
    coll = collection or collection_name(variant)
    summary = Summary()
    kept: dict[str, list[dict[str, Any]]] = {g: [] for g in (*GRADES, ANY)}

    def full() -> bool:
        if want == [ANY]:
            return len(kept[ANY]) >= count
        return all(len(kept[g]) >= count for g in want)

    if count > 0:
        for out in outcomes(numbers, variant, budgets, workers, mapper=mapper):
            summary.scanned += 1
            summary.last_deal = out.deal
            if out.entry is None:
                summary.rejected[out.reason] += 1
            else:
                g = out.entry["grade"]
                summary.graded[g] += 1
                slot = ANY if want == [ANY] else g
                if slot in want and len(kept[slot]) < count:
                    kept[slot].append(out.entry)
                    summary.kept[g] += 1
                else:
                    summary.rejected[f"grade {g} not wanted" if slot not in want
                                     else f"{g} already full"] += 1
            if on_deal is not None:
                on_deal(out, summary)
            if full():
                break
    entries: list[dict[str, Any]] = []
    for slot in (*GRADES, ANY):
        for i, e in enumerate(kept[slot], 1):
            pid = f"{coll}-{slot}-{i:03d}" if slot != ANY else f"{coll}-{i:03d}"
            entries.append({"id": pid, "collection": coll, **e})
    for e in entries:  # the referee once more, on exactly what is written
        deal = Deal.from_number(e["deal"])
        replay(deal, variant, parse_moves(" ".join(e["solution"])),
               require_win=variant.scoring != "par")
    return entries, summary


def write_atomic(path: str | Path, entries: Sequence[dict[str, Any]]) -> None:
    """Write JSON lines to ``path`` through a temporary file and a rename."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(e, sort_keys=False) + "\n" for e in entries)
    fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=p.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # mkstemp makes 0600; a collection is for everyone
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
