"""Bulk analysis: stream many deals through the engines, in parallel, resumably.

The pieces, each usable on its own:

* :func:`parse_source` turns ``A:B`` (deal numbers A to B-1), a file, or ``-`` (stdin)
  of one-line deals or numbers into a :class:`DealSource`: an iterator of
  :class:`SourceItem` with a stable key (the deal number for a range, the ordinal of the
  deal for a file) so that a resumed run skips exactly the deals already done.
* :func:`analyse` gives one deal's :class:`~pyramids.verdict.Verdict` under a
  :class:`Job` (variant, mode, engine, time limit). The engines are imported lazily.
* :class:`BulkRunner` runs jobs over a process pool in chunks and yields one record per
  deal **in source order**, whatever the worker count, with at most a bounded number of
  chunks in flight, so memory stays flat in the number of deals.
* :class:`OutFile` is the JSON-lines record of a run (``--out``): a header line, then
  one line per finished deal, appended and flushed as each chunk comes back, so an
  interrupted run loses no finished deal. Opened with ``resume=True`` it reads what is
  there (dropping a truncated last line), replays those records, and the run skips them.

A record is a plain dict: ``i`` (source key), ``deal`` (number or null), ``line`` (only
for deals given as cards), then the verdict's fields (``status``, ``engine``,
``certificate``, ``moves``, ``score``, ``nodes``, ``seconds``, ``reason``). ``status`` is
``winnable``, ``blocked``, ``unknown`` (a limit was hit, or the engine failed), or, in
quick mode only, ``passed`` (no instant certificate: not proven either way).
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal, TextIO

from .deals import MAX_DEAL, Deal
from .errors import DealError, PyramidsError
from .variants import Variant, get_variant
from .verdict import Verdict

Mode = Literal["exact", "quick"]
Engine = Literal["auto", "search", "cpsat"]
Record = dict[str, Any]
Analyser = Callable[[Deal, "Job"], Verdict]

MODES = ("exact", "quick")
ENGINES = ("auto", "search", "cpsat")
STATUSES = ("winnable", "blocked", "unknown", "passed")
FORMAT_VERSION = 1
QUICK_PASS = "no instant certificate"


class BulkError(PyramidsError):
    """A bad deal source, a bad or mismatched out file: quotes the culprit."""


class Interrupted(Exception):
    """The run was stopped (Ctrl-C, SIGTERM, a worker killed). Finished deals are saved."""

    def __init__(self, done: int, message: str = "interrupted") -> None:
        super().__init__(message)
        self.done = done


# -- deal sources -------------------------------------------------------------------

@dataclass(frozen=True)
class SourceItem:
    """One deal of a source: its key, and its number or its one-line form."""

    key: int
    number: int | None = None
    line: str | None = None
    where: str = ""  # "file.txt line 12", for error messages

    def deal(self) -> Deal:
        if self.number is not None:
            return Deal.from_number(self.number)
        assert self.line is not None
        return Deal.parse_line(self.line)

    def label(self) -> str:
        """The deal as the source gave it: its number, or its 52 cards."""
        return str(self.number) if self.number is not None else str(self.line)


class DealSource:
    """An iterable of :class:`SourceItem` with a kind (``range`` or ``lines``), a
    description, the first key, and the number of deals when known (for progress)."""

    kind: str = "lines"
    description: str = ""
    first_key: int = 0
    total: int | None = None

    def __iter__(self) -> Iterator[SourceItem]:
        raise NotImplementedError

    def contains(self, key: int) -> bool:
        """Is ``key`` one of this source's keys? (Records outside it are not counted.)"""
        return key >= 0 if self.total is None else 0 <= key < self.total


class RangeSource(DealSource):
    """Deal numbers ``start`` to ``stop - 1``; the key is the deal number."""

    kind = "range"

    def __init__(self, start: int, stop: int) -> None:
        if not 0 <= start <= stop <= MAX_DEAL + 1:
            raise BulkError(f"deal range must satisfy 0 <= A <= B <= 2^64, got {start}:{stop}")
        self.start, self.stop = start, stop
        self.first_key = start
        self.total = stop - start
        self.description = f"{start}:{stop}"

    def __iter__(self) -> Iterator[SourceItem]:
        for n in range(self.start, self.stop):
            yield SourceItem(n, number=n)

    def contains(self, key: int) -> bool:
        return self.start <= key < self.stop


class LinesSource(DealSource):
    """One deal per line: a number (``123`` or ``#123``), 52 cards, or a JSON object with
    ``line``, ``deal`` or ``number`` (so ``filter --json`` output reads back). Blank lines
    and lines starting with ``#`` followed by a non-digit are skipped. The key is the
    ordinal of the deal (0, 1, 2, ...). Errors name the line."""

    def __init__(self, name: str, opener: Callable[[], IO[str]], total: int | None = None,
                 kind: str = "lines") -> None:
        self.name = name
        self._open = opener
        self.total = total
        self.description = name
        self.kind = kind

    def __iter__(self) -> Iterator[SourceItem]:
        key = 0
        with self._open() as f:
            for lineno, raw in enumerate(f, 1):
                item = parse_deal_line(raw, key, f"{self.name} line {lineno}")
                if item is not None:
                    yield item
                    key += 1


def parse_deal_line(raw: str, key: int, where: str) -> SourceItem | None:
    """One line of a deal file as a :class:`SourceItem`, ``None`` for a blank or comment
    line; :class:`BulkError` quoting ``where`` and the line for anything else."""
    text = raw.strip()
    if not text or (text.startswith("#") and not text[1:].strip().isdigit()):
        return None
    shown = text if len(text) <= 80 else text[:77] + "..."
    try:
        if text.lstrip("#").isdigit():
            number = int(text.lstrip("#"))
            if number > MAX_DEAL:
                raise DealError(f"deal number must be 0 to 2^64-1, got {number}")
            return SourceItem(key, number=number, where=where)
        if text.startswith("{"):
            return _json_item(text, key, where)
        deal = Deal.parse_line(text)
        return SourceItem(key, line=deal.line(), where=where)
    except PyramidsError as e:
        raise BulkError(f"{where}: {e}: {shown!r}") from None


def _json_item(text: str, key: int, where: str) -> SourceItem:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise DealError(f"malformed JSON ({e.msg})") from None
    if not isinstance(obj, dict):
        raise DealError("a JSON deal must be an object")
    number = obj.get("deal", obj.get("number"))
    if number is not None and not isinstance(number, int):
        raise DealError(f"deal number must be an integer, got {number!r}")
    if obj.get("line"):
        deal = Deal.parse_line(str(obj["line"]))
        if number is not None and deal == Deal.from_number(number):
            return SourceItem(key, number=number, where=where)
        return SourceItem(key, line=deal.line(), where=where)
    if number is None:
        raise DealError("a JSON deal needs 'line', 'deal' or 'number'")
    if not 0 <= number <= MAX_DEAL:
        raise DealError(f"deal number must be 0 to 2^64-1, got {number}")
    return SourceItem(key, number=number, where=where)


def parse_range(text: str) -> RangeSource | None:
    """``A:B`` (B excluded) or ``A:+K`` (K deals from A); ``None`` if not a range."""
    if ":" not in text:
        return None
    a, _, b = text.partition(":")
    a, b = a.strip().replace("_", ""), b.strip().replace("_", "")
    try:
        start = int(a) if a else 0
        stop = start + int(b[1:]) if b.startswith("+") else int(b)
    except ValueError:
        raise BulkError(f"a deal range looks like 0:1000 or 500:+100, got {text!r}") from None
    return RangeSource(start, stop)


def parse_source(spec: str, stdin: TextIO | None = None, count_lines: bool = True
                 ) -> DealSource:
    """``A:B``, ``A:+K``, a path, or ``-`` for stdin (see :class:`LinesSource`)."""
    spec = spec.strip()
    rng = parse_range(spec)
    if rng is not None:
        return rng
    if spec == "-":
        stream = stdin if stdin is not None else sys.stdin
        return LinesSource("stdin", lambda: contextlib.nullcontext(stream),  # type: ignore
                           kind="stdin")
    path = Path(spec)
    if not path.is_file():
        if spec.isdigit():
            raise BulkError(f"a single deal number is not a source: use {spec}:{int(spec) + 1}")
        raise BulkError(f"no such deal file, and not a range A:B: {spec!r}")
    total = None
    if count_lines:
        with path.open(encoding="utf-8") as f:
            total = sum(1 for line in f
                        if line.strip() and not (line.strip().startswith("#")
                                                 and not line.strip()[1:].isdigit()))
    return LinesSource(str(path), lambda: path.open(encoding="utf-8"), total=total)


# -- one deal -------------------------------------------------------------------------

@dataclass(frozen=True)
class Job:
    """What to do with each deal. ``analyser`` replaces :func:`analyse` (tests only); it
    must be a module-level function so that it can be sent to the workers."""

    variant: Variant
    mode: Mode = "exact"
    engine: Engine = "auto"
    time_limit: float | None = None
    analyser: Analyser | None = None

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise BulkError(f"mode must be one of {', '.join(MODES)}, got {self.mode!r}")
        if self.engine not in ENGINES:
            raise BulkError(f"engine must be one of {', '.join(ENGINES)}, got {self.engine!r}")
        if self.time_limit is not None and self.time_limit <= 0:
            raise BulkError(f"time limit must be > 0 seconds, got {self.time_limit}")

    def header(self, source: DealSource) -> Record:
        """The first line of an out file: what the records mean."""
        return {"pyramids_bulk": FORMAT_VERSION, "variant": self.variant.options(),
                "mode": self.mode, "engine": self.engine, "time_limit": self.time_limit,
                "source_kind": source.kind, "source": source.description}


def analyse(deal: Deal, job: Job) -> Verdict:
    """The instant certificates first; then, in exact mode, the exact engine chosen
    (``check.check``; ``search.solve`` if the CP-SAT side is not installed)."""
    from .certificates import quick_certificate

    cert = quick_certificate(deal, job.variant)
    if cert is not None:
        return Verdict("blocked", "certificate", certificate=cert, deal_number=deal.number)
    if job.mode == "quick":
        return Verdict("unknown", "certificate", reason=QUICK_PASS, deal_number=deal.number)
    try:
        from .check import check
    except ImportError:
        if job.engine == "cpsat":
            raise
        from .search import solve

        return solve(deal, job.variant, time_limit=job.time_limit)
    verdict: Verdict = check(deal, job.variant, engine=job.engine, time_limit=job.time_limit)
    return verdict


class _HardLimit(Exception):
    pass


@contextlib.contextmanager
def _hard_limit(seconds: float | None) -> Iterator[None]:
    """A backstop for an engine that overruns its own time limit: SIGALRM after
    ``seconds`` raises in Python code (main thread only; a no-op elsewhere)."""
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise _HardLimit()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


_WARM: set[tuple[Any, ...]] = set()  # jobs this process has run once (imports and JIT done)


def analyse_item(item: SourceItem, job: Job) -> Record:
    """One deal's record. Never raises for the deal's sake: an engine failure or an
    overrun becomes ``unknown`` with the reason, reported apart by the statistics.

    The engines get the time limit themselves; a SIGALRM backstop at 3 x limit + 10 s
    catches one that overruns it, except on a process's first deal of a job, which may
    spend seconds on imports and JIT compilation (interrupting those would break them)."""
    start = time.perf_counter()
    fn = job.analyser or analyse
    warm = (job.variant, job.mode, job.engine, fn) in _WARM
    hard = None if job.time_limit is None or not warm else 3 * job.time_limit + 10
    try:
        deal = item.deal()
        with _hard_limit(hard):
            verdict = fn(deal, job)
        _WARM.add((job.variant, job.mode, job.engine, fn))
        obj = verdict.to_json_obj()
        if verdict.status == "unknown" and verdict.reason == QUICK_PASS:
            obj["status"] = "passed"
    except _HardLimit:
        obj = _unknown(f"time limit (hard stop at {hard:g} s)", start)
    except Exception as e:  # an engine bug must not sink a million-deal run
        obj = _unknown(f"error: {type(e).__name__}: {e}", start)
    record: Record = {"i": item.key, "deal": item.number}
    if item.number is None:
        record["line"] = item.line
    obj.pop("deal", None)
    record.update(obj)
    return record


def _unknown(reason: str, start: float) -> Record:
    return {"status": "unknown", "engine": None, "moves": [], "certificate": None,
            "score": None, "nodes": 0, "seconds": round(time.perf_counter() - start, 6),
            "reason": reason}


def _work(items: list[SourceItem], job: Job) -> list[Record]:
    return [analyse_item(item, job) for item in items]


def _worker_init() -> None:
    """Workers leave Ctrl-C to the parent, which saves what is done and stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# -- done sets and out files --------------------------------------------------------

class KeySet:
    """A set of keys that stays small when keys arrive nearly in order: every key from
    ``start`` up to ``low`` is in, plus the few out-of-order keys in ``extra``."""

    def __init__(self, start: int = 0) -> None:
        self.start = self.low = start
        self.extra: set[int] = set()

    def __contains__(self, key: int) -> bool:
        return self.start <= key < self.low or key in self.extra

    def __len__(self) -> int:
        return self.low - self.start + len(self.extra)

    def add(self, key: int) -> None:
        if key == self.low:
            self.low += 1
            while self.low in self.extra:
                self.extra.remove(self.low)
                self.low += 1
        elif key not in self:
            self.extra.add(key)


class OutFile:
    """The JSON-lines record of a run. New: refuses to overwrite a non-empty file. With
    ``resume``: checks the header matches the job, drops a truncated last line (a run
    killed mid-write), and exposes the keys already done; prior records are read again,
    in file order, by :meth:`prior_records`."""

    def __init__(self, path: str | Path, job: Job, source: DealSource, resume: bool = False
                 ) -> None:
        self.path = Path(path)
        self.job, self.source = job, source
        self.done = KeySet(source.first_key)
        self._good_end = 0
        self._has_header = False
        self.dropped_tail = False
        if self.path.exists() and self.path.stat().st_size > 0:
            if not resume:
                raise BulkError(f"{self.path} already exists: use --resume to continue it, "
                                "or remove it")
            self._scan()
        self._f: TextIO | None = None

    def _scan(self) -> None:
        """Check the header, find the end of the last complete line, fill ``done``."""
        with self.path.open("rb") as f:
            offset = 0
            for lineno, raw in enumerate(f, 1):
                complete = raw.endswith(b"\n")
                try:
                    obj = json.loads(raw) if complete else None
                except ValueError:
                    obj = None
                if obj is None:
                    if f.read(1):  # not the last line: the file is damaged
                        raise BulkError(f"{self.path} line {lineno} is not a JSON record: "
                                        f"{raw[:60]!r}")
                    self.dropped_tail = True
                    break
                if lineno == 1:
                    self._check_header(obj)
                    self._has_header = True
                else:
                    if not isinstance(obj, dict) or not isinstance(obj.get("i"), int) or \
                            obj.get("status") not in STATUSES:
                        raise BulkError(f"{self.path} line {lineno} is not a deal record: "
                                        f"{raw[:60]!r}")
                    if self.source.contains(obj["i"]):
                        self.done.add(obj["i"])
                offset += len(raw)
            self._good_end = offset

    def _check_header(self, obj: Any) -> None:
        if not isinstance(obj, dict) or obj.get("pyramids_bulk") != FORMAT_VERSION:
            raise BulkError(f"{self.path} is not a pyramids bulk results file")
        want = self.job.header(self.source)
        for key in ("variant", "mode", "engine", "source_kind"):
            if obj.get(key) != want[key]:
                raise BulkError(f"{self.path} was written with {key} {obj.get(key)!r}, "
                                f"this run has {want[key]!r}: resume with the same options")
        if self.source.kind != "range" and obj.get("source") != want["source"]:
            raise BulkError(f"{self.path} was written for {obj.get('source')!r}, "
                            f"this run reads {want['source']!r}")

    def prior_records(self) -> Iterator[Record]:
        """The records already in the file that belong to this source, once each."""
        if not self._has_header:
            return
        seen = KeySet(self.source.first_key)
        with self.path.open("rb") as f:
            f.readline()
            pos = f.tell()
            while pos < self._good_end:
                raw = f.readline()
                pos += len(raw)
                rec = json.loads(raw)
                key = rec["i"]
                if key in seen or not self.source.contains(key):
                    continue
                seen.add(key)
                yield rec

    def open(self) -> None:
        """Cut a truncated tail, write the header if needed, and open for appending."""
        if self.path.exists() and self._has_header:
            with self.path.open("r+b") as f:
                f.truncate(self._good_end)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("w", encoding="utf-8") as f:
                f.write(json.dumps(self.job.header(self.source)) + "\n")
        self._f = self.path.open("a", encoding="utf-8")

    def write(self, records: Iterable[Record]) -> None:
        assert self._f is not None
        self._f.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
        self._f.flush()

    def close(self) -> None:
        if self._f is not None:
            self._f.flush()
            with contextlib.suppress(OSError):
                os.fsync(self._f.fileno())
            self._f.close()
            self._f = None


# -- the runner -------------------------------------------------------------------------

def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def default_chunk(job: Job) -> int:
    """Deals per task: big enough to amortise the hand-over, small enough that little
    is in flight (and lost to a kill -9)."""
    return 200 if job.mode == "quick" else 8


def _chunks(items: Iterable[SourceItem], size: int) -> Iterator[list[SourceItem]]:
    chunk: list[SourceItem] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


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
                 window: int | None = None) -> None:
        self.workers = max(1, workers or default_workers())
        self.chunk_size = chunk_size
        self.window = window or 4 * self.workers + 2  # chunks in flight or waiting
        self._pool: cf.ProcessPoolExecutor | None = None

    def __enter__(self) -> BulkRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _executor(self) -> cf.ProcessPoolExecutor:
        if self._pool is None:
            ctx = multiprocessing.get_context("forkserver")
            self._pool = cf.ProcessPoolExecutor(self.workers, mp_context=ctx,
                                                initializer=_worker_init)
        return self._pool

    def close(self, kill: bool = False) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if kill:
            procs = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for p in procs:
                with contextlib.suppress(Exception):
                    p.terminate()
            for p in procs:
                with contextlib.suppress(Exception):
                    p.join(timeout=5)
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
        todo = (it for it in source if done is None or it.key not in done)
        chunks = _chunks(todo, self._chunk_size(job))
        old_term = _catch_sigterm()
        try:
            yield from self._dispatch(chunks, job, out, state)
        except KeyboardInterrupt:
            raise Interrupted(state.prior + state.new + state.saved) from None
        finally:
            _restore_sigterm(old_term)
            if out is not None:
                out.close()

    def _chunk_size(self, job: Job) -> int:
        return self.chunk_size or default_chunk(job)

    def _dispatch(self, chunks: Iterator[list[SourceItem]], job: Job, out: OutFile | None,
                  state: RunState) -> Iterator[Record]:
        """Analyse the chunks, write each to ``out`` as it finishes, yield records in
        order. The one method a runner on another engine replaces (see ``cluster``)."""
        if self.workers == 1:
            return self._run_here(chunks, job, out, state)
        return self._run_pool(chunks, job, out, state)

    def _run_here(self, chunks: Iterator[list[SourceItem]], job: Job, out: OutFile | None,
                  state: RunState) -> Iterator[Record]:
        for chunk in chunks:
            records = []
            for item in chunk:
                records.append(analyse_item(item, job))
                if out is not None:  # one at a time: Ctrl-C loses nothing finished
                    out.write(records[-1:])
            state.new += len(records)
            yield from records

    def _run_pool(self, chunks: Iterator[list[SourceItem]], job: Job, out: OutFile | None,
                  state: RunState) -> Iterator[Record]:
        pool = self._executor()
        pending: dict[cf.Future[list[Record]], int] = {}
        ready: dict[int, list[Record]] = {}
        submitted = emitted = 0
        exhausted = False
        clean = False

        def collect(futures: Iterable[cf.Future[list[Record]]]) -> None:
            for fut in futures:
                seq = pending.pop(fut)
                records = fut.result()
                if out is not None:
                    out.write(records)
                ready[seq] = records

        try:
            while True:
                while not exhausted and len(pending) + len(ready) < self.window:
                    chunk = next(chunks, None)
                    if chunk is None:
                        exhausted = True
                        break
                    pending[pool.submit(_work, chunk, job)] = submitted
                    submitted += 1
                if not pending and not ready:
                    break
                if emitted not in ready:
                    finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                    collect(finished)
                while emitted in ready:
                    records = ready.pop(emitted)
                    emitted += 1
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


def _catch_sigterm() -> Any:
    """SIGTERM behaves like Ctrl-C during a run (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def term(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    return signal.signal(signal.SIGTERM, term)


def _restore_sigterm(old: Any) -> None:
    if old is not None:
        signal.signal(signal.SIGTERM, old)


# -- progress ---------------------------------------------------------------------------

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


# -- convenience --------------------------------------------------------------------------

def run_records(source: DealSource | str, variant: Variant | str = "pyramid", *,
                mode: Mode = "exact", engine: Engine = "auto", time_limit: float | None = None,
                workers: int | None = None, chunk_size: int | None = None,
                out: str | Path | None = None, resume: bool = False,
                analyser: Analyser | None = None) -> Iterator[Record]:
    """All records of a run, for library use: ``run_records('0:100', 'giza')``.

    With more than one worker the pool starts its processes with ``forkserver``: a script
    calling this must guard its entry point with ``if __name__ == "__main__":``."""
    src = parse_source(source) if isinstance(source, str) else source
    v = get_variant(variant) if isinstance(variant, str) else variant
    job = Job(v, mode, engine, time_limit, analyser)
    outfile = OutFile(out, job, src, resume) if out is not None else None
    with BulkRunner(workers, chunk_size) as runner:
        yield from runner.run(src, job, outfile)
