"""The process pool of a run: chunks of deals to workers, records back in source order.

:class:`BulkRunner` runs jobs over a process pool in chunks and yields one record per
deal **in source order**, whatever the worker count, with at most a bounded number of
chunks in flight, so memory stays flat in the number of deals.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import itertools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pyramids.bulk import analysis
from pyramids.bulk.analysis import (
    Job,
    Record,
    analyse_chunk,
    analyse_item,
)
from pyramids.bulk.errors import Interrupted
from pyramids.bulk.outfile import OutFile
from pyramids.bulk.sources import DealSource, NumberRun, RangeSource, SourceItem
from pyramids.bulk.stats import Tally


def _worker_init() -> None:
    """Workers leave Ctrl-C to the parent, which saves what is done and stops them, and
    end on SIGTERM (a forked worker would otherwise keep the parent's handler)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def process_pool(workers: int) -> cf.ProcessPoolExecutor:
    """A pool of ``workers`` processes as a run uses them: forked where that is safe
    (:func:`_start_method`), Ctrl-C and SIGTERM left to the parent (:func:`_worker_init`).
    The bulk runner's and the puzzle scan's (``pyramids.generator.generate``)."""
    ctx = multiprocessing.get_context(_start_method())
    return cf.ProcessPoolExecutor(workers, mp_context=ctx, initializer=_worker_init)


def stop_pool(pool: cf.ProcessPoolExecutor) -> None:
    """Stop a pool now: cancel what waits, end the workers (their chunks are dropped)."""
    release_futures(item.future for item in
                    list((getattr(pool, "_pending_work_items", None) or {}).values()))
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        with contextlib.suppress(Exception):
            p.terminate()
    for p in procs:
        with contextlib.suppress(Exception):
            p.join(timeout=5)



def release_futures(futures: Iterable[cf.Future[Any]]) -> None:
    """Let go of any future's lock this thread still holds. Ctrl-C or SIGTERM raised
    inside ``concurrent.futures.wait`` while it takes the futures' locks one by one
    leaves those taken held (its ``with`` never began, so nothing releases them); the
    pool's manager thread then waits for ever to cancel or settle such a future, and the
    interpreter's exit waits for that thread: a run stopped by a signal hung instead of
    exiting (rarely: the signal must land in that window)."""
    for fut in futures:
        cond = getattr(fut, "_condition", None)
        owned = getattr(cond, "_is_owned", None)
        while owned is not None and owned():
            cond.release()  # type: ignore[union-attr]


def _start_method() -> str:
    """``fork`` when this process has no other thread (Linux: the workers start at once,
    with the modules already imported), else ``forkserver`` (forking a process with
    threads can copy a lock held by one of them)."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "forkserver"


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def default_chunk(job: Job) -> int:
    """Deals in a run's first chunks, before the cost of a deal is measured
    (:class:`ChunkSizer`): ~0.1 s of work at the usual cost. Open games without a tableau
    (the bouquet) take ~0.025-0.1 ms a deal, stock games a few ms on average."""
    if job.mode == "quick":
        return 200
    if analysis.batch_applies(job):
        return 4096 if job.variant.rest == "bouquet" else 32
    return 8


#: Seconds of work a local chunk aims at: the hand-over of a chunk costs ~0.1-0.3 ms of
#: the parent's and the worker's time, and a shorter chunk keeps the in-order tail short.
LOCAL_CHUNK_SECONDS = 0.1
MAX_CHUNK = 1 << 16  # deals in a chunk at most, however cheap a deal
#: Near the end of a range a chunk holds at most 1/TAIL_SPLIT of each worker's share of
#: the deals left, and at least TAIL_FLOOR of a full chunk: the last chunks shrink, so
#: the workers finish together instead of most waiting on the last full ones.
TAIL_SPLIT = 2
TAIL_FLOOR = 0.25
WAITING_DEALS = 50_000  # records finished out of order that may wait for an earlier chunk


class ChunkSizer:
    """Deals per chunk from the measured cost of a deal, so that no user needs ``--chunk``.

    The first chunks have ``first`` deals (the job's prior, :func:`default_chunk`); each
    finished chunk adds its deals and their engine seconds (the records' ``seconds``,
    which on the batch path share out the chunk's whole time); later chunks hold
    ``target`` seconds of work at the mean cost so far, between 1 and :data:`MAX_CHUNK`
    deals. ``fixed``: a size given by the user, kept whatever the cost."""

    def __init__(self, first: int, target: float = LOCAL_CHUNK_SECONDS,
                 fixed: int | None = None) -> None:
        self.first = max(1, first)
        self.target = target
        self.fixed = fixed
        self.deals = 0
        self.seconds = 0.0

    def observe(self, records: Sequence[Record]) -> None:
        """Count a finished chunk's deals and their seconds."""
        self.count(len(records), sum(float(r.get("seconds") or 0.0) for r in records))

    def count(self, deals: int, seconds: float) -> None:
        """Count ``deals`` finished deals that took ``seconds`` in all."""
        self.deals += deals
        self.seconds += seconds

    @property
    def cost(self) -> float | None:
        """Mean seconds per deal so far (``None`` before any deal took measurable time)."""
        return self.seconds / self.deals if self.deals and self.seconds > 0 else None

    def size(self) -> int:
        """Deals for the next chunk."""
        if self.fixed:
            return self.fixed
        cost = self.cost
        if cost is None:
            return self.first
        return max(1, min(MAX_CHUNK, round(self.target / cost)))

    def size_left(self, left: int, workers: int) -> int:
        """Deals for the next chunk when ``left`` deals remain for ``workers`` workers:
        :meth:`size`, cut near the end (guided self-scheduling) to
        ``left / (TAIL_SPLIT * workers)`` but to no less than ``TAIL_FLOOR`` of it (a
        chunk's hand-over has its cost). A size the user fixed, or one worker, keeps it."""
        full = self.size()
        if self.fixed or workers <= 1:
            return full
        share = -(-left // (TAIL_SPLIT * workers))
        return max(1, min(full, max(share, round(full * TAIL_FLOOR))))


def _chunks(items: Iterable[SourceItem], size: Callable[[], int]) -> Iterator[list[SourceItem]]:
    """Items in chunks of ``size()`` deals (asked again for each chunk)."""
    it = iter(items)
    while chunk := list(itertools.islice(it, size())):
        yield chunk


def _runs(source: RangeSource, size: Callable[[int], int]) -> Iterator[NumberRun]:
    """A range's chunks as :class:`NumberRun` (made in the worker, not here), of
    ``size(left)`` deals each (asked again for each chunk, ``left`` the deals not yet
    in a chunk)."""
    lo = source.start
    while lo < source.stop:
        hi = min(source.stop, lo + size(source.stop - lo))
        yield NumberRun(lo, hi)
        lo = hi


def tally_chunk(items: Sequence[SourceItem], job: Job) -> Tally:
    """A chunk's counts, made where it was analysed: a run that keeps no records
    (``pyramids stats`` without ``--out``) sends back one :class:`Tally` a chunk, not a
    record a deal, so the parent process adds up chunks instead of tallying every deal
    (with many workers on cheap deals it would otherwise be the bottleneck)."""
    return Tally().update(analyse_chunk(items, job))


def load_kernels(job: Job) -> None:
    """Have this process load (or compile) the code ``job`` runs, by analysing one deal
    (number 1) and dropping its record: a pool forked after this shares the loaded
    kernels, so its workers need not each load them from numba's cache (~1 s of CPU a
    process for a stock game's batch path). Never raises: a job whose deal 1 cannot be
    analysed reports that on its own deals. One of PySolFC's games analyses its game 1
    (its deals are PySolFC's numbers)."""
    first: Sequence[SourceItem] = (NumberRun(1, 2) if job.game is None
                                   else [SourceItem(1, pysolfc=1)])
    with contextlib.suppress(Exception):
        analyse_chunk(first, job)


@dataclass
class RunState:
    """Counters a caller can read while a run goes on (for progress and reports)."""

    prior: int = 0  # records replayed from the out file
    new: int = 0  # deals analysed by this run and handed over
    saved: int = 0  # deals analysed but not handed over when the run was interrupted
    started: float = field(default_factory=time.perf_counter)


class BulkRunner:
    """A process pool (or, with one worker, the calling process) that turns a source
    into records in source order. Use as a context manager; one runner can serve several
    runs (the cells of a table) without restarting the pool."""

    def __init__(self, workers: int | None = None, chunk_size: int | None = None,
                 window: int | None = None, waiting: int = WAITING_DEALS) -> None:
        self.workers = max(1, workers or default_workers())
        self.chunk_size = chunk_size
        self.window = window or 4 * self.workers + 2  # chunks submitted, not finished
        # deals finished but waiting for an earlier chunk: a slow chunk holds back the
        # records, not the workers, until this many wait (memory stays bounded)
        self.waiting = waiting
        self.sizer: ChunkSizer | None = None  # the last run's (reports, tests)
        self._pool: cf.ProcessPoolExecutor | None = None

    def __enter__(self) -> BulkRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _executor(self) -> cf.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = process_pool(self.workers)
        return self._pool

    def close(self, kill: bool = False) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if kill:
            stop_pool(pool)
        else:
            pool.shutdown(wait=True)

    def run(self, source: DealSource, job: Job, out: OutFile | None = None,
            state: RunState | None = None) -> Iterator[Record]:
        """Every record of ``source``: first those already in ``out`` (file order), then
        the rest in source order. Each new record is in ``out`` before it is yielded.
        On Ctrl-C or SIGTERM the finished deals are written and :class:`Interrupted`
        raised."""
        state = state or RunState()
        if out is not None:
            for rec in out.prior_records():
                state.prior += 1
                yield rec
            out.open()
        done = out.done if out is not None else None
        self.sizer = sizer = self._sizer(job)
        if isinstance(source, RangeSource) and not done:
            chunks: Iterator[Sequence[SourceItem]] = _runs(source, self._size_left(sizer))
        else:
            todo = (it for it in source if done is None or it.key not in done)
            chunks = _chunks(todo, sizer.size)
        old_term = catch_sigterm()
        try:
            yield from self._dispatch(chunks, job, out, state)
        except KeyboardInterrupt:
            raise Interrupted(state.prior + state.new + state.saved) from None
        finally:
            restore_sigterm(old_term)
            if out is not None:
                out.close()

    def _sizer(self, job: Job) -> ChunkSizer:
        """Chunk sizes for a run of ``job``: the user's ``chunk_size``, else measured."""
        return ChunkSizer(default_chunk(job), LOCAL_CHUNK_SECONDS, self.chunk_size)

    def _size_left(self, sizer: ChunkSizer) -> Callable[[int], int]:
        """A range's chunk sizes from the deals left, for the workers there are when
        each chunk is cut (a cluster's may come and go)."""
        return lambda left: sizer.size_left(left, self.workers)

    def tally(self, source: DealSource, job: Job, state: RunState | None = None,
              tick: Callable[[int], None] | None = None) -> Tally:
        """The counts of every deal of ``source`` (no records, no out file): each worker
        tallies its chunks (:func:`tally_chunk`), and this process adds the chunks up in
        the order they finish, so no chunk waits for another. ``tick(n)``: ``n`` more
        deals counted. On Ctrl-C, SIGTERM or a lost worker raises :class:`Interrupted`."""
        state = state or RunState()
        self.sizer = sizer = self._sizer(job)
        chunks: Iterator[Sequence[SourceItem]] = (
            _runs(source, self._size_left(sizer)) if isinstance(source, RangeSource)
            else _chunks(source, sizer.size))
        total = Tally()
        old_term = catch_sigterm()
        try:
            for part in self._map(tally_chunk, chunks, job, sizer):
                total.merge(part)
                state.new += part.deals
                if tick is not None:
                    tick(part.deals)
        except KeyboardInterrupt:
            raise Interrupted(state.new) from None
        except Interrupted as e:
            raise Interrupted(state.new, str(e)) from None
        finally:
            restore_sigterm(old_term)
        return total

    def _map(self, fn: Callable[[Sequence[SourceItem], Job], Tally],
             chunks: Iterator[Sequence[SourceItem]], job: Job,
             sizer: ChunkSizer) -> Iterator[Tally]:
        """``fn(chunk, job)`` for every chunk, yielded as each finishes (any order), the
        sizer told each one's deals and seconds; a dead worker raises
        :class:`Interrupted`. Replaced by a runner on another engine (see ``cluster``)."""
        if self.workers == 1:
            for chunk in chunks:
                part = fn(chunk, job)
                sizer.count(part.deals, part.engine_seconds)
                yield part
            return
        if self._pool is None:
            load_kernels(job)
        pool = self._executor()
        pending: set[cf.Future[Tally]] = set()
        exhausted = clean = False
        try:
            while True:
                while not exhausted and len(pending) < self.window:
                    todo = next(chunks, None)
                    if todo is None:
                        exhausted = True
                        break
                    pending.add(pool.submit(fn, todo, job))
                if not pending:
                    break
                finished, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                for fut in finished:
                    part = fut.result()
                    sizer.count(part.deals, part.engine_seconds)
                    yield part
            clean = True
        except cf.process.BrokenProcessPool:
            raise Interrupted(0, "a worker died") from None
        finally:
            if not clean:
                release_futures(pending)
                self.close(kill=True)

    def _dispatch(self, chunks: Iterator[Sequence[SourceItem]], job: Job, out: OutFile | None,
                  state: RunState) -> Iterator[Record]:
        """Analyse the chunks, write each to ``out`` as it finishes, yield records in
        order. The one method a runner on another engine replaces (see ``cluster``)."""
        if self.workers == 1:
            return self._run_here(chunks, job, out, state)
        return self._run_pool(chunks, job, out, state)

    def _run_here(self, chunks: Iterator[Sequence[SourceItem]], job: Job, out: OutFile | None,
                  state: RunState) -> Iterator[Record]:
        for chunk in chunks:
            if analysis.batch_applies(job):  # one compiled call per stage for the whole chunk
                records = analyse_chunk(chunk, job)
                if out is not None:
                    out.write(records)
            else:
                records = []
                for item in chunk:
                    records.append(analyse_item(item, job))
                    if out is not None:  # one at a time: Ctrl-C loses nothing finished
                        out.write(records[-1:])
            if self.sizer is not None:
                self.sizer.observe(records)
            state.new += len(records)
            yield from records

    def _run_pool(self, chunks: Iterator[Sequence[SourceItem]], job: Job, out: OutFile | None,
                  state: RunState) -> Iterator[Record]:
        if self._pool is None:  # the workers fork with the job's kernels loaded
            load_kernels(job)
        pool = self._executor()
        sizer = self.sizer
        pending: dict[cf.Future[list[Record]], int] = {}
        ready: dict[int, list[Record]] = {}
        submitted = emitted = waiting = 0
        exhausted = False
        clean = False

        def collect(futures: Iterable[cf.Future[list[Record]]]) -> None:
            nonlocal waiting
            for fut in futures:
                seq = pending.pop(fut)
                records = fut.result()
                if out is not None:
                    out.write(records)
                if sizer is not None:
                    sizer.observe(records)
                ready[seq] = records
                waiting += len(records)

        try:
            while True:
                while (not exhausted and len(pending) < self.window
                       and (waiting < self.waiting or not ready)):
                    chunk = next(chunks, None)
                    if chunk is None:
                        exhausted = True
                        break
                    pending[pool.submit(analyse_chunk, chunk, job)] = submitted
                    submitted += 1
                if not pending and not ready:
                    break
                if emitted not in ready:
                    finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                    collect(finished)
                while emitted in ready:
                    records = ready.pop(emitted)
                    emitted += 1
                    waiting -= len(records)
                    state.new += len(records)
                    yield from records
            clean = True
        except cf.process.BrokenProcessPool:
            state.saved += self._salvage(pending, ready, out)
            self.close(kill=True)
            raise Interrupted(state.prior + state.new + state.saved, "a worker died") from None
        except KeyboardInterrupt:
            state.saved += self._salvage(pending, ready, out)
            raise
        finally:
            if not clean:
                release_futures(pending)
                self._salvage(pending, ready, out)
                self.close(kill=True)

    @staticmethod
    def _salvage(pending: dict[cf.Future[list[Record]], int],
                 ready: dict[int, list[Record]], out: OutFile | None) -> int:
        """Write the chunks that finished but were not written yet; count the deals
        saved but not handed over (those in ``ready`` were written already)."""
        saved = sum(len(r) for r in ready.values())
        ready.clear()
        for fut in list(pending):
            if fut.done() and not fut.cancelled() and fut.exception() is None:
                if out is not None:
                    out.write(fut.result())
                saved += len(fut.result())
                del pending[fut]
        return saved


def catch_sigterm() -> Any:
    """SIGTERM behaves like Ctrl-C during a run (main thread only); returns what
    :func:`restore_sigterm` puts back."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def term(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    return signal.signal(signal.SIGTERM, term)


def restore_sigterm(old: Any) -> None:
    if old is not None:
        signal.signal(signal.SIGTERM, old)
