"""Scan deals in order, grade the winnable ones, keep those of the grades asked.

:func:`generate` is the library side of ``pyramids generate``, :func:`scan` the one of
``pyramids book`` on the fly. Deals are graded in chunks over a process pool (a Dask
cluster with a ``mapper``, or this process with one worker) and consumed strictly in deal
order by a :class:`Keeper`, so the puzzles kept are the first ones of each grade asked in
the range, whatever the number of workers: same arguments, same file. Ctrl-C (or
SIGTERM) stops the workers at once and raises :class:`ScanInterrupted`. Every kept
solution is replayed by the referee once more before it is written.
"""

from __future__ import annotations

import collections
import concurrent.futures as cf
import contextlib
import json
import os
import tempfile
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyramids.core.deals import Deal
from pyramids.core.moves import parse_moves
from pyramids.core.referee import replay
from pyramids.core.variants import Variant
from pyramids.generator.grading import GRADES, Budgets, Grading, Rejection, grade_deal

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
in chunk order (``pyramids.bulk.cluster.ClusterMap.run`` on a Dask cluster)."""


def outcomes(numbers: Sequence[int], variant: Variant, budgets: Budgets, workers: int = 1,
             chunk: int = 4, mapper: ChunkMapper | None = None
             ) -> Generator[Outcome, None, None]:
    """Grade each deal, yielding outcomes in deal order (lazily: stop consuming, or close
    the iterator, to stop). With ``mapper`` the chunks are graded by it (``workers`` is
    then unused); with ``workers > 1`` by a process pool whose workers leave Ctrl-C to
    this process: on Ctrl-C or SIGTERM here (``KeyboardInterrupt``), or when the caller
    stops early, the workers are stopped at once and nothing is left running."""
    chunks = (list(numbers[i:i + chunk]) for i in range(0, len(numbers), chunk))
    if mapper is not None:
        for graded in mapper(_grade_chunk, chunks, variant, budgets):
            yield from graded
        return
    if workers <= 1:
        for n in numbers:
            yield grade_one(n, variant, budgets)
        return
    from pyramids.bulk.pool import catch_sigterm, process_pool, restore_sigterm, stop_pool

    pool = process_pool(workers)
    pending: collections.deque[cf.Future[list[Outcome]]] = collections.deque()
    old_term = catch_sigterm()
    clean = False
    try:
        for c in chunks:
            pending.append(pool.submit(_grade_chunk, c, variant, budgets))
            if len(pending) >= 3 * workers:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
        clean = True
    finally:
        restore_sigterm(old_term)
        if clean:
            pool.shutdown(wait=True)
        else:
            stop_pool(pool)


def collection_name(variant: Variant) -> str:
    return variant.name + ("-overlap" if variant.overlap else "")


class ScanInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) stopped a scan; ``summary`` says how far it got."""

    def __init__(self, summary: Summary) -> None:
        super().__init__("interrupted")
        self.summary = summary


@dataclass
class Keeper:
    """What a scan keeps: ``quota[slot]`` puzzles per slot, a slot being a grade or
    ``"any"`` (any grade of ``among``), the first ones in deal order."""

    quota: dict[str, int]
    among: frozenset[str] = frozenset(GRADES)
    summary: Summary = field(default_factory=Summary)
    kept: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    @classmethod
    def of(cls, grades: Sequence[str], count: int,
           among: Sequence[str] | None = None) -> Keeper:
        """``count`` of each grade of ``grades`` (``["all"]``: each of the four), or
        with ``["any"]`` ``count`` in all, of the grades ``among`` (default: any)."""
        want = list(GRADES) if list(grades) == ["all"] else list(grades)
        return cls({g: count for g in want}, frozenset(among or GRADES))

    def offer(self, out: Outcome) -> None:
        s = self.summary
        s.scanned += 1
        s.last_deal = out.deal
        if out.entry is None:
            s.rejected[out.reason] += 1
            return
        g = out.entry["grade"]
        s.graded[g] += 1
        slot = ANY if ANY in self.quota and g in self.among else g
        room = self.quota.get(slot, 0)
        here = self.kept.setdefault(slot, [])
        if len(here) < room:
            here.append(out.entry)
            s.kept[g] += 1
        else:
            s.rejected[f"grade {g} not wanted" if slot not in self.quota
                       else f"{g} already full"] += 1

    def full(self) -> bool:
        return all(len(self.kept.get(slot, ())) >= n for slot, n in self.quota.items())

    def entries(self, coll: str) -> list[dict[str, Any]]:
        """The kept puzzles, grade by grade (then any), with their ids."""
        out: list[dict[str, Any]] = []
        for slot in (*GRADES, ANY):
            for i, e in enumerate(self.kept.get(slot, ()), 1):
                pid = f"{coll}-{slot}-{i:03d}" if slot != ANY else f"{coll}-{i:03d}"
                out.append({"id": pid, "collection": coll, **e})
        return out


def generate(variant: Variant, numbers: Sequence[int], grades: Sequence[str], count: int, *,
             collection: str | None = None, workers: int = 1, budgets: Budgets | None = None,
             on_deal: Callable[[Outcome, Summary], None] | None = None,
             mapper: ChunkMapper | None = None, among: Sequence[str] | None = None
             ) -> tuple[list[dict[str, Any]], Summary]:
    """The first ``count`` puzzles of each grade in ``grades`` (or of any grade with
    ``grades == ["any"]``, of those ``among`` if given) among ``numbers``, in deal
    order; and the scan summary (see :func:`scan`)."""
    keeper = Keeper.of(grades, count, among)
    entries = scan(variant, numbers, keeper, collection=collection, workers=workers,
                   budgets=budgets, on_deal=on_deal, mapper=mapper)
    return entries, keeper.summary


def scan(variant: Variant, numbers: Sequence[int], keeper: Keeper, *,
         collection: str | None = None, workers: int = 1, budgets: Budgets | None = None,
         on_deal: Callable[[Outcome, Summary], None] | None = None,
         mapper: ChunkMapper | None = None) -> list[dict[str, Any]]:
    """Grade ``numbers`` in order until ``keeper`` is full (or the numbers run out); its
    puzzles, each solution replayed by the referee once more. ``workers`` processes (or
    ``mapper``'s cluster) grade ahead; the puzzles are the same whatever their number.
    Ctrl-C raises :class:`ScanInterrupted` (the workers stopped, the summary so far
    in it)."""
    budgets = budgets or Budgets()
    coll = collection or collection_name(variant)
    if not keeper.full():
        deals = outcomes(numbers, variant, budgets, workers, mapper=mapper)
        try:
            with contextlib.closing(deals):  # stops the workers as soon as all are kept
                for out in deals:
                    keeper.offer(out)
                    if on_deal is not None:
                        on_deal(out, keeper.summary)
                    if keeper.full():
                        break
        except KeyboardInterrupt:
            raise ScanInterrupted(keeper.summary) from None
    entries = keeper.entries(coll)
    for e in entries:  # the referee once more, on exactly what is written
        deal = Deal.from_number(e["deal"])
        replay(deal, variant, parse_moves(" ".join(e["solution"])),
               require_win=variant.scoring != "par")
    return entries


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
