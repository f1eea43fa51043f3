"""Bulk runs on a Dask distributed cluster (``--scheduler tcp://HOST:PORT``).

Dask is an optional extra (``pip install 'pyramids[cluster]'``) and is imported only
here, only when a scheduler is given: the local process pool of :mod:`pyramids.bulk`
stays the default and never loads it.

* :func:`connect` opens a :class:`distributed.Client` on a running scheduler, or raises
  :class:`ClusterError` saying what to install or which address failed.
* :class:`ClusterMap` maps a module-level function over chunks (lists of deals) on the
  cluster, with a bounded number of chunks submitted and of finished deals waiting for
  an earlier chunk (so a slow chunk holds back the results, not the workers), and
  yields the results **in chunk order**; each result is also handed to ``on_done``
  as soon as it arrives (in completion order), which is how the out file gets every
  finished deal at once. A worker that dies is reported (from the scheduler's
  ``remove-worker`` event, naming the chunks it was running); the scheduler gives its
  chunks to other workers, and a chunk that still fails (``KilledWorker`` after
  repeated deaths, or an error) is submitted again up to ``retries`` times.
* :class:`DaskRunner` is a :class:`~pyramids.bulk.BulkRunner` whose chunks go to the
  cluster: same records, same order, same resumable out file as a local run. Its chunks
  hold :data:`CLUSTER_CHUNK_SECONDS` of work at the measured cost of a deal
  (:class:`~pyramids.bulk.pool.ChunkSizer`), and every worker loads the job's compiled
  kernels once when a run starts (:func:`~pyramids.bulk.pool.load_kernels`).

Workers need only this package installed (``pip install 'pyramids[cluster]'``). Tasks
call the same functions as local workers (:func:`pyramids.bulk.analyse_item`), so each
worker process keeps its solver work arrays (per thread) and numba's compiled code warm
from one chunk to the next. Run workers with one thread each (``--nthreads 1``) and one
process per core: the engines hold the GIL.
"""

from __future__ import annotations

import contextlib
import queue
import sys
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar

from pyramids.bulk.analysis import Job, Record, analyse_chunk
from pyramids.bulk.errors import Interrupted
from pyramids.bulk.outfile import OutFile
from pyramids.bulk.pool import (
    WAITING_DEALS,
    BulkRunner,
    ChunkSizer,
    RunState,
    default_chunk,
    load_kernels,
)
from pyramids.bulk.sources import SourceItem
from pyramids.bulk.stats import Tally
from pyramids.core.errors import PyramidsError

Client = Any  # distributed.Client (untyped; imported only when a scheduler is given)
Future = Any  # distributed.Future
T = TypeVar("T")
R = TypeVar("R")

DEFAULT_RETRIES = 3
POLL = 0.5  # seconds between looks at the scheduler's events while waiting
#: Seconds of work a cluster chunk aims at: each task costs the client, the scheduler
#: and a worker a round trip of a few ms, so a chunk is longer than a local one.
CLUSTER_CHUNK_SECONDS = 0.5


class ClusterError(PyramidsError):
    """No Dask installed, no scheduler at the address, or a chunk that kept failing."""


def connect(address: str, timeout: float = 20.0) -> Client:
    """A client on the scheduler at ``address`` (``tcp://HOST:PORT`` or ``HOST:PORT``)."""
    try:
        from distributed import Client as DaskClient
    except ImportError:
        raise ClusterError.coded("scheduler-needs-dask") from None
    try:
        client: Client = DaskClient(address, timeout=timeout,  # type: ignore[no-untyped-call]
                                    set_as_default=False)
        return client
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(f"cannot reach a Dask scheduler at {address!r}: {e}") from None


def cluster_threads(client: Client) -> int:
    """Worker threads in the cluster now (0 while no worker has joined)."""
    return int(sum(client.nthreads().values()))


def threads_note(worker: str, threads: int) -> str | None:
    """What to tell of a worker process with several threads (``dask worker``'s default is
    one process with a thread a core): the engines hold the GIL, so its threads take turns
    and the process does one core's work. ``None`` for a one-thread worker."""
    if threads <= 1:
        return None
    return (f"worker {worker} runs {threads} threads in one process: the engines hold the "
            "GIL, so they take turns and it does one core's work; run one single-threaded "
            "worker process a core instead")


def stderr_report(message: str) -> None:
    """Reports go to stderr (the CLI passes its progress bar's ``note`` instead)."""
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


class ClusterMap(Generic[T, R]):
    """``fn(chunk, *args)`` for each chunk, on the cluster, results yielded in order.

    At most ``window`` chunks are submitted and not finished at a time, and at most
    ``waiting`` finished deals (a result's ``len``, else 1) wait for an earlier chunk, so
    memory stays flat however long the source and a slow chunk does not idle the
    workers. ``describe(chunk)`` names a chunk in
    reports ("deals 96..103"). After an interruption, ``ready`` holds the results that
    were handed to ``on_done`` but not yielded."""

    def __init__(self, client: Client, window: int | None = None,
                 retries: int = DEFAULT_RETRIES,
                 report: Callable[[str], None] = stderr_report,
                 describe: Callable[[T], str] | None = None,
                 waiting: int = WAITING_DEALS) -> None:
        self.client = client
        self.window = window
        self.waiting = waiting
        self.retries = retries
        self.report = report
        self.describe = describe or (lambda chunk: "a chunk")
        self.ready: dict[int, R] = {}

    def run(self, fn: Callable[..., R], chunks: Iterable[T], *args: Any,
            on_done: Callable[[R], None] | None = None) -> Iterator[R]:
        from distributed import CancelledError, wait

        client = self.client
        token = uuid.uuid4().hex[:12]
        events: queue.SimpleQueue[Any] = queue.SimpleQueue()
        client.subscribe_topic("all", events.put)
        threads = cluster_threads(client)
        if threads == 0:
            self.report(f"no Dask workers at {getattr(client.scheduler, 'address', '?')} yet: "
                        "the chunks wait for some to join")

        def window() -> int:  # follows the workers joining and leaving
            return self.window or 4 * max(1, threads) + 2

        source = iter(chunks)
        pending: dict[Future, int] = {}  # future -> chunk number
        keys: dict[str, int] = {}  # task key -> chunk number, while in flight (reports)
        todo: dict[int, T] = {}  # chunk number -> chunk, until its result is in
        tries: dict[int, int] = {}
        self.ready = {}
        submitted = emitted = waiting = 0
        exhausted = False

        def submit(seq: int) -> None:
            key = f"pyramids-{token}-{seq}-{tries.get(seq, 0)}"
            keys[key] = seq
            pending[client.submit(fn, todo[seq], *args, key=key, pure=False)] = seq

        def finish(fut: Future, seq: int, fetched: dict[Future, Any]) -> None:
            if fut.status in ("lost", "pending"):  # its worker died: being recomputed
                pending[fut] = seq
                return
            nonlocal waiting
            keys.pop(fut.key, None)
            if fut.status == "finished":
                result = fetched[fut] if fut in fetched else fut.result()
                del todo[seq]
                tries.pop(seq, None)
                if on_done is not None:
                    on_done(result)
                self.ready[seq] = result
                waiting += _weight(result)
                return
            error = fut.exception() if fut.status == "error" else "cancelled"
            tries[seq] = tries.get(seq, 0) + 1
            what = f"{self.describe(todo[seq])} failed ({_name(error)})"
            if tries[seq] > self.retries:
                raise ClusterError(f"{what} {tries[seq]} times: giving up")
            self.report(f"{what}: retry {tries[seq]} of {self.retries}")
            submit(seq)

        try:
            while True:
                while (not exhausted and len(pending) < window()
                       and (waiting < self.waiting or not self.ready)):
                    chunk = next(source, None)
                    if chunk is None:
                        exhausted = True
                        break
                    todo[submitted] = chunk
                    submit(submitted)
                    submitted += 1
                if not pending and not self.ready:
                    break
                if emitted not in self.ready:
                    try:
                        with client.as_current():  # wait() asks for the current client
                            finished = wait(  # type: ignore[no-untyped-call]
                                list(pending), timeout=POLL, return_when="FIRST_COMPLETED"
                            ).done
                    except TimeoutError:
                        finished = set()
                    except CancelledError as e:  # the scheduler is gone, or closed us
                        raise ClusterError(f"chunks cancelled by the cluster ({e})") from None
                    # every chunk finished by now, its result fetched in one call
                    finished |= {f for f in pending if f.status == "finished"}
                    fetched = _fetch(client, finished)
                    for fut in finished:
                        finish(fut, pending.pop(fut), fetched)
                if self._events(events, keys, todo):
                    threads = cluster_threads(client)
                while emitted in self.ready:
                    result = self.ready.pop(emitted)
                    emitted += 1
                    waiting -= _weight(result)
                    yield result
            self._events(events, keys, todo)
        finally:
            with contextlib.suppress(Exception):
                client.unsubscribe_topic("all")
            for fut, seq in list(pending.items()):  # salvage what finished, drop the rest
                if fut.status == "finished" and seq in todo:
                    with contextlib.suppress(Exception):
                        finish(fut, seq, {})
                fut.cancel()
            pending.clear()

    def _events(self, events: queue.SimpleQueue[Any], keys: dict[str, int],
                todo: dict[int, T]) -> bool:
        """Report the workers that left (and our chunks they were running) or joined;
        did any?"""
        changed = False
        while True:
            try:
                _, msg = events.get_nowait()
            except queue.Empty:
                return changed
            if not isinstance(msg, dict):
                continue
            changed |= msg.get("action") in ("remove-worker", "add-worker")
            if msg.get("action") == "remove-worker":
                worker = msg.get("worker", "?")
                lost = sorted({keys[k] for k in msg.get("processing-tasks", ())
                               if k in keys and keys[k] in todo})
                how = "retired" if msg.get("expected") else "lost"
                if lost:
                    names = ", ".join(self.describe(todo[s]) for s in lost)
                    self.report(f"worker {worker} {how} while running {names}: "
                                "retried on the other workers")
                else:
                    self.report(f"worker {worker} {how} (no chunk of this run on it)")
            elif msg.get("action") == "add-worker":
                worker = msg.get("worker", "?")
                self.report(f"worker {worker} joined")
                with contextlib.suppress(Exception):
                    note = threads_note(worker, int(self.client.nthreads().get(worker, 1)))
                    if note:
                        self.report(note)


def _fetch(client: Client, futures: Iterable[Future]) -> dict[Future, Any]:
    """The results of the finished ``futures``, fetched together: one call whose fetches
    from the workers overlap. A fetch is a round trip from the client through the
    scheduler to a worker and back, and a busy worker answers only between two compiled
    calls (the engines hold the GIL); fetched one by one (0.2-0.27 s each on a loaded
    2-core machine), the results held back the next chunks (the window counts finished,
    unfetched chunks) and left workers idle. Empty when the batch fails (a worker lost
    meanwhile): the chunks are then settled one by one."""
    done = [f for f in futures if f.status == "finished"]
    if not done:
        return {}
    try:
        return dict(zip(done, client.gather(done), strict=True))
    except Exception:
        return {}


def _weight(result: Any) -> int:
    """A finished chunk's deals, for the bound on those waiting: its ``len``, else 1."""
    try:
        return max(1, len(result))
    except TypeError:
        return 1


def _name(error: Any) -> str:
    if isinstance(error, BaseException):
        text = str(error).splitlines()[0] if str(error) else ""
        return f"{type(error).__name__}: {text}" if text else type(error).__name__
    return str(error)


def describe_items(items: Sequence[SourceItem]) -> str:
    """``deals 96..103`` for a chunk of numbered deals, ``deals #3..#10`` otherwise."""
    first, last = items[0], items[-1]
    if first.number is not None and last.number is not None:
        return f"deals {first.number}..{last.number}"
    return f"deals #{first.key}..#{last.key}"


def describe_numbers(numbers: list[int]) -> str:
    return f"deals {numbers[0]}..{numbers[-1]}"


@contextlib.contextmanager
def cluster_mapper(scheduler: str, report: Callable[[str], None] = stderr_report
                   ) -> Iterator[Callable[..., Iterator[Any]]]:
    """``mapper(fn, chunks, *args)`` on the cluster at ``scheduler`` (chunks of deal
    numbers), for ``generator.generate(..., mapper=...)``; the client closes after."""
    client = connect(scheduler)
    try:
        yield ClusterMap(client, report=report, describe=describe_numbers).run
    finally:
        with contextlib.suppress(Exception):
            client.close()


def default_cluster_chunk(job: Job) -> int:
    """Deals in a cluster run's first chunks, before the cost of a deal is measured: the
    local pool's (:func:`~pyramids.bulk.pool.default_chunk`), at least 1000 in quick
    mode; later chunks hold :data:`CLUSTER_CHUNK_SECONDS` of work."""
    return max(1000, default_chunk(job)) if job.mode == "quick" else default_chunk(job)


class DaskRunner(BulkRunner):
    """A :class:`~pyramids.bulk.BulkRunner` that runs the chunks on a Dask cluster.

    ``scheduler`` is an address (a client is opened, and closed with the runner) or a
    :class:`distributed.Client` (left open). ``workers`` is read from the cluster
    (worker threads) when a run starts, for reports."""

    def __init__(self, scheduler: str | Client, chunk_size: int | None = None,
                 window: int | None = None, retries: int = DEFAULT_RETRIES,
                 report: Callable[[str], None] = stderr_report) -> None:
        super().__init__(1, chunk_size, window)
        self._own = isinstance(scheduler, str)
        self.client = connect(scheduler) if isinstance(scheduler, str) else scheduler
        self.window_given = window
        self.retries = retries
        self.report = report
        self.workers = max(1, cluster_threads(self.client))
        self._loaded: dict[Job, set[str]] = {}  # job -> workers that loaded its kernels
        self._told: set[str] = set()  # workers whose thread count was looked at

    def close(self, kill: bool = False) -> None:
        client = getattr(self, "client", None)
        if client is not None and self._own:
            with contextlib.suppress(Exception):
                client.close()
            self.client = None

    def _sizer(self, job: Job) -> ChunkSizer:
        return ChunkSizer(default_cluster_chunk(job), CLUSTER_CHUNK_SECONDS, self.chunk_size)

    def _dispatch(self, chunks: Iterator[Sequence[SourceItem]], job: Job, out: OutFile | None,
                  state: RunState) -> Iterator[Record]:
        self.workers = max(1, cluster_threads(self.client))
        self._load_kernels(job)
        cmap: ClusterMap[Sequence[SourceItem], list[Record]] = ClusterMap(
            self.client, self.window_given, self.retries, self.report, describe_items)
        sizer = self.sizer

        def done(records: list[Record]) -> None:
            if out is not None:
                out.write(records)
            if sizer is not None:
                sizer.observe(records)

        try:
            for records in cmap.run(analyse_chunk, chunks, job, on_done=done):
                state.new += len(records)
                yield from records
        except ClusterError as e:
            state.saved += sum(len(r) for r in cmap.ready.values())
            raise Interrupted(state.prior + state.new + state.saved, str(e)) from None
        except KeyboardInterrupt:
            state.saved += sum(len(r) for r in cmap.ready.values())
            raise

    def _map(self, fn: Callable[[Sequence[SourceItem], Job], Tally],
             chunks: Iterator[Sequence[SourceItem]], job: Job,
             sizer: ChunkSizer) -> Iterator[Tally]:
        self.workers = max(1, cluster_threads(self.client))
        self._load_kernels(job)
        cmap: ClusterMap[Sequence[SourceItem], Tally] = ClusterMap(
            self.client, self.window_given, self.retries, self.report, describe_items)
        try:
            yield from cmap.run(fn, chunks, job,
                                on_done=lambda t: sizer.count(t.deals, t.engine_seconds))
        except ClusterError as e:
            raise Interrupted(0, str(e)) from None

    def _load_kernels(self, job: Job) -> None:
        """Every worker now in the cluster that has not loaded the job's kernels for this
        runner loads them before its first chunk (in parallel, ~1-3 s each), so that the
        chunks' measured cost is the deals' alone; a worker joining later loads them with
        its first chunk. Only a warm-up: a worker that fails here is left to fail (and be
        reported) on its chunks. A worker of several threads is reported
        (:func:`threads_note`)."""
        with contextlib.suppress(Exception):
            loaded = self._loaded.setdefault(job, set())
            threads = self.client.nthreads()
            for w in sorted(threads.keys() - self._told):  # told once, when first found
                self._told.add(w)
                note = threads_note(w, threads[w])
                if note:
                    self.report(note)
            new = [w for w in threads if w not in loaded]
            if new:
                self.client.run(load_kernels, job, workers=new, on_error="ignore")
                loaded.update(new)

