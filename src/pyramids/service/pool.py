"""A bounded pool of solver processes, driven from asyncio without blocking the event loop.

Why not ``concurrent.futures.ProcessPoolExecutor``: a job that overruns its time limit must be
stopped, and an executor cannot kill one task. Here each worker is a process with a pipe; the
wait for its answer happens in a helper thread; a job past its hard deadline gets its process
killed and replaced. Admission is bounded: ``capacity`` jobs (running + waiting) at most, after
which :class:`Saturated` is raised at once rather than queueing.

Admission and the order of service are fair between clients (the request's
:class:`RequestNote`, which the service's middleware sets): while several clients have jobs
in, each may hold at most its share of the capacity (:class:`OverShare` past it, and the
newest waiting job of a client over its share gives way to a client under it); each may
run at most its share of the workers while others ask (:meth:`WorkerPool.run_share`), and a
worker that comes free goes to the waiting client with the fewest jobs running.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import math
import multiprocessing as mp
import threading
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextvars import ContextVar
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from pyramids.core.errors import PyramidsError
from pyramids.core.messages import FIELDS


class Saturated(Exception):
    """Every worker busy and the waiting room full."""


class OverShare(Exception):
    """The client already holds its share of the pool while other clients have jobs in."""


class ShuttingDown(Exception):
    """The server is stopping: no new job is taken, and a job still in at the end of the
    grace period is answered with this."""


@dataclass
class RequestNote:
    """What one request's jobs are charged to and what they did: the client (its address,
    as the service's middleware resolved it) set before the route runs; the job's kind,
    solver seconds and outcome written by :meth:`WorkerPool.run`, the engine and verdict by
    the route; read back for the request's log line."""

    client: str = ""
    job: str | None = None
    job_seconds: float | None = None
    outcome: str | None = None
    engine: str | None = None


#: The request being served (the middleware sets a fresh note per request); None outside
#: a request (the pool's own tests): every job is then one anonymous client's.
REQUEST: ContextVar[RequestNote | None] = ContextVar("pyramids_request", default=None)


def note_answer(engine: object, outcome: object) -> None:
    """Note on this request (for its log line) the engine that answered and the answer's
    status (``winnable``, ``blocked``, ``unknown``)."""
    note = REQUEST.get()
    if note is not None:
        note.engine = None if engine is None else str(engine)
        note.outcome = None if outcome is None else str(outcome)


class JobTimeout(Exception):
    """A job passed its hard deadline; its worker was killed."""


#: How long a solver process may take to get ready (load the solvers; the first time
#: after install, compile them: about a minute on a slow machine).
WARM_LIMIT = 600.0
#: seconds an idle, ready process may take to say it started a job before it is taken for
#: dead (and the job handed to a new one)
START_LIMIT = 10.0
#: seconds a client's place among those sharing the solver processes outlasts its last job
RECENT = 1.0


class WorkerCrashed(Exception):
    """A worker process died while running a job."""


class UserFault(Exception):
    """A :class:`PyramidsError` raised in a worker, carried back by class name and message."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class JobFailed(Exception):
    """Any other exception in a worker (a bug): its traceback as text."""


#: The module whose functions the workers run, by name (the tests of the pool alone
#: name one of their own).
JOBS = "pyramids.service.jobs"


def _worker_main(conn: Connection, warm: bool = True, module: str = JOBS) -> None:
    """Worker loop: receive ``(function name, kwargs)``, run ``module``'s function of that
    name, send back the outcome. ``warm``: load the solvers first
    (:func:`pyramids.warmup.load_solvers`)."""
    if warm:
        from pyramids.warmup import load_solvers

        load_solvers()
    jobs = importlib.import_module(module)
    try:
        conn.send(("ready", None))  # no job's time limit counts the warm-up
    except (BrokenPipeError, OSError):
        return
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if msg is None:
            return
        name, kwargs = msg
        try:
            conn.send(("started", None))  # the job is this process's from here on
        except (BrokenPipeError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", getattr(jobs, name)(**kwargs))
        except PyramidsError as e:  # in the service's words (its JSON fields)
            reply = ("user", (type(e).__name__, e.said(FIELDS)))
        except Exception:
            reply = ("error", traceback.format_exc())
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


class _Worker:
    """One solver process and our end of its pipe."""

    def __init__(self, ctx: Any, warm: bool = True, jobs: str = JOBS) -> None:
        self.ctx = ctx
        self.warm = warm
        self.jobs = jobs
        self.conn: Connection
        self.proc: Any = None
        self.ready = False
        self.restarts = 0
        self.started_at: float | None = None  # when the process took the job it runs
        self.closed = False  # the pool stopped: a process that dies is not replaced
        self.start()

    def start(self) -> None:
        parent, child = self.ctx.Pipe()
        self.proc = self.ctx.Process(target=_worker_main, args=(child, self.warm, self.jobs),
                                     daemon=True,
                                     name="pyramids-solver")
        self.proc.start()
        child.close()
        self.conn = parent
        self.ready = False

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.close()
        if self.proc is not None and self.proc.is_alive():
            self.proc.kill()
        if self.proc is not None:
            self.proc.join(timeout=5)

    def restart(self) -> None:
        self.kill()
        if not self.closed:
            self.restarts += 1
            self.start()

    def stop(self) -> None:
        self.closed = True
        with contextlib.suppress(OSError):
            self.conn.send(None)
        if self.proc is not None:
            self.proc.join(timeout=2)
        self.kill()

    def wait_ready(self) -> None:
        """Blocking: wait until the process has loaded (or, once after install, compiled)
        the solvers, at most :data:`WARM_LIMIT` s, so that a job's time limit counts the
        job alone."""
        if self.ready:
            return
        try:
            if self.conn.poll(WARM_LIMIT):
                status, _ = self.conn.recv()
                self.ready = status == "ready"
        except (EOFError, OSError):
            pass
        if not self.ready:
            self.restart()
            raise WorkerCrashed("a solver process did not start; try again")

    def _hand_over(self, name: str, kwargs: dict[str, Any]) -> bool:
        """Send a job and wait for the process to say it started it (at most
        :data:`START_LIMIT` s: an idle process answers at once); False: it did not."""
        try:
            self.conn.send((name, kwargs))
            if not self.conn.poll(START_LIMIT):
                return False
            status, _ = self.conn.recv()
        except (BrokenPipeError, EOFError, OSError):
            return False
        return bool(status == "started")

    def run(self, name: str, kwargs: dict[str, Any], deadline: float) -> Any:
        """Blocking: run one job, killing the process if it takes over ``deadline`` s
        (counted once the process is ready: :meth:`wait_ready`). A process that died
        while idle (killed from outside) is replaced first: the job is not its."""
        self.started_at = None
        if self.proc is not None and not self.proc.is_alive():
            self.restart()
        for attempt in range(2):
            self.wait_ready()
            if self._hand_over(name, kwargs):
                self.started_at = time.monotonic()  # the job's own time from here
                break
            # the process died before it took the job (killed while idle, and not yet
            # seen dead): the job was not its; a new process takes it, once
            self.restart()
            if attempt:
                raise WorkerCrashed("a solver process died; try again")
        try:
            ready = self.conn.poll(deadline)
        except (BrokenPipeError, EOFError, OSError):
            self.restart()
            raise WorkerCrashed("a solver process died; try again") from None
        if not ready:
            self.restart()
            raise JobTimeout(f"no answer within {deadline:g} s: the job was stopped")
        try:
            status, value = self.conn.recv()
        except (EOFError, OSError):
            self.restart()
            raise WorkerCrashed("a solver process died; try again") from None
        if status == "ok":
            return value
        if status == "user":
            raise UserFault(*value)
        raise JobFailed(value)


class WorkerPool:
    """``workers`` solver processes; at most ``capacity`` jobs admitted at once, shared
    fairly between clients (the module's docstring). ``jobs``: the module whose functions
    :meth:`run` runs (:data:`JOBS`). ``on_job(kind, seconds, outcome)``, when set, hears of
    every job that a worker ran (the service's metrics)."""

    def __init__(self, workers: int, capacity: int, start_method: str = "spawn",
                 warm: bool = True, jobs: str = JOBS) -> None:
        self.workers = workers
        self.warm = warm
        self.jobs = jobs
        self.capacity = max(capacity, workers)
        self.start_method = start_method
        self.in_flight = 0
        self.completed = 0
        self.on_job: Callable[[str, float, str], None] | None = None
        self._free: list[_Worker] | None = None
        self._waiting: dict[str, deque[asyncio.Future[_Worker]]] = {}
        self._admitted: Counter[str] = Counter()
        self._running: Counter[str] = Counter()
        self._served: dict[str, int] = {}  # client -> the turn it was last given a worker
        self._turn = 0
        self._seen: dict[str, float] = {}  # client -> when it last had a job in or out
        self._wake: asyncio.TimerHandle | None = None
        self._closing = False
        self._abandoned: asyncio.Future[None] | None = None
        self._all: list[_Worker] = []
        self._threads: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    @property
    def started(self) -> bool:
        return self._free is not None

    @property
    def running(self) -> int:
        """Jobs a worker is running now (the rest of :attr:`in_flight` wait)."""
        return sum(self._running.values())

    @property
    def restarts(self) -> int:
        """Solver processes replaced since the start (killed on a job, died, timed out)."""
        return sum(w.restarts for w in self._all)

    @property
    def closing(self) -> bool:
        return self._closing

    def start(self) -> None:
        """Start the processes (idempotent); must be called from the event loop's thread."""
        with self._lock:
            if self._free is not None:
                return
            ctx = mp.get_context(self.start_method)
            self._all = [_Worker(ctx, self.warm, self.jobs) for _ in range(self.workers)]
            self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="pyramids-wait")
            self._free = list(self._all)
            self._abandoned = None

    def stop(self) -> None:
        """Stop the processes: an idle one is asked to exit, a busy one (a job let go at
        the end of a shutdown's grace) is killed at once."""
        with self._lock:
            idle = self._free or []
            for w in self._all:
                if any(w is f for f in idle):
                    w.stop()
                else:
                    w.closed = True
                    w.kill()
            if self._threads is not None:
                # every process is gone: a thread still waiting on one ends at once, and is
                # waited for, so that none outlives the pool (nor its event loop)
                self._threads.shutdown(wait=True, cancel_futures=True)
            self._threads = None
            self._free = None
            if self._wake is not None:
                self._wake.cancel()
                self._wake = None

    def share(self, client: str) -> int:
        """The most jobs ``client`` may hold now: the capacity divided between the clients
        that have jobs in (itself counted), rounded up; all of it when alone."""
        others = sum(1 for c, n in self._admitted.items() if n and c != client)
        return max(1, math.ceil(self.capacity / (others + 1)))

    async def run(self, name: str, deadline: float, **kwargs: Any) -> Any:
        """Run ``<jobs>.<name>(**kwargs)`` in a worker; raise :class:`Saturated` when full,
        :class:`OverShare` when this request's client holds its share while others wait,
        :class:`ShuttingDown` once :meth:`drain` began."""
        note = REQUEST.get()
        client = note.client if note is not None else ""
        if self._closing:
            raise ShuttingDown("the server is shutting down")
        self._admit(client)
        self.start()
        assert self._threads is not None
        threads = self._threads
        self._admitted[client] += 1
        self.in_flight += 1
        outcome = "ok"
        t0: float | None = None
        try:
            worker = await self._acquire(client)  # counted running from here
            t0 = time.monotonic()
            try:
                # The job keeps its worker until it really ends, even if the client has gone
                # (asyncio.wait cancels nothing: a cancelled request waits for its job, so a
                # busy worker is never handed back), unless a shutdown's grace ran out.
                fut = asyncio.get_running_loop().run_in_executor(
                    threads, worker.run, name, kwargs, deadline)
                try:
                    if self._abandoned is None:
                        self._abandoned = asyncio.get_running_loop().create_future()
                    await asyncio.wait([fut, self._abandoned],
                                       return_when=asyncio.FIRST_COMPLETED)
                except asyncio.CancelledError:
                    await asyncio.wait([fut])
                    raise
                if not fut.done():  # the grace after SIGTERM is over: the job is let go
                    outcome = "shutdown"
                    # its end (the process killed when the pool stops) is nobody's to hear
                    fut.add_done_callback(lambda f: f.cancelled() or f.exception())
                    raise ShuttingDown("the server is shutting down: the job was not "
                                       "finished within its grace period")
                try:
                    return fut.result()
                except Exception as e:
                    outcome = {UserFault: "user_error", JobTimeout: "timeout",
                               WorkerCrashed: "crashed"}.get(type(e), "failed")
                    raise
            finally:
                self._running[client] -= 1
                if outcome != "shutdown":
                    self._release(worker)
        finally:
            self._seen[client] = time.monotonic()
            self._admitted[client] -= 1
            if not self._admitted[client]:
                del self._admitted[client]
                self._running.pop(client, None)
                self._served.pop(client, None)
                if not self._waiting.get(client, True):
                    del self._waiting[client]
            self.in_flight -= 1
            self.completed += 1
            if t0 is not None:  # the solver's time: a process's warm-up not counted
                seconds = time.monotonic() - (worker.started_at or t0)
                if note is not None:
                    note.job, note.job_seconds, note.outcome = name, seconds, outcome
                if self.on_job is not None:
                    self.on_job(name, seconds, outcome)

    def _admit(self, client: str) -> None:
        """Room for one more job of ``client``, or the reason there is none."""
        share = self.share(client)
        if self._admitted[client] >= share and len(self._admitted.keys() - {client}):
            raise OverShare(f"this client has {self._admitted[client]} jobs in, its share "
                            f"of the {self.capacity} places while others are served")
        if self.in_flight < self.capacity:
            return
        # full: the newest waiting job of the client furthest over its share gives way
        active = len({c for c, n in self._admitted.items() if n} | {client})
        fair = math.ceil(self.capacity / active)
        over = [c for c, q in self._waiting.items()
                if q and c != client and self._admitted[c] > fair]
        if not over:
            raise Saturated(f"all {self.workers} solver processes are busy and "
                            f"{self.capacity - self.workers} jobs are waiting")
        victim = max(over, key=lambda c: self._admitted[c])
        self._waiting[victim].pop().set_exception(OverShare(
            f"this client has {self._admitted[victim]} jobs in, over its share of the "
            f"{self.capacity} places while others are served"))
        # its run() leaves on its next turn of the loop: count it out now
        self._admitted[victim] -= 1
        self.in_flight -= 1

    async def _acquire(self, client: str) -> _Worker:
        """A free worker, at once or when :meth:`_dispatch` hands one over; the job is
        counted running from then."""
        assert self._free is not None
        self._seen[client] = time.monotonic()
        if self._free and not any(self._waiting.values()) and self._may_run(client):
            self._hand(client)
            return self._free.pop()
        fut: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(client, deque()).append(fut)
        self._dispatch()
        try:
            return await fut
        except OverShare:
            # counted out by _admit already; run()'s own accounting must not count twice
            self._admitted[client] += 1
            self.in_flight += 1
            raise
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled() and fut.exception() is None:
                self._running[client] -= 1
                self._release(fut.result())  # handed over as we were cancelled: pass it on
            else:
                with contextlib.suppress(ValueError):
                    self._waiting[client].remove(fut)
            raise

    def run_share(self, client: str) -> int:
        """The most jobs ``client`` may have running: the workers divided between the
        clients that have jobs in or had one within :data:`RECENT` seconds (a client
        asking one question at a time keeps its place between them), rounded up."""
        now = time.monotonic()
        recent = {c for c, t in self._seen.items() if now - t < RECENT} | \
            {c for c, n in self._admitted.items() if n} | {client}
        if len(self._seen) > 4 * len(recent) + 64:  # forget clients long gone
            self._seen = {c: t for c, t in self._seen.items() if c in recent}
        return max(1, math.ceil(self.workers / len(recent)))

    def _may_run(self, client: str) -> bool:
        return self._running[client] < self.run_share(client)

    def _hand(self, client: str) -> None:
        self._running[client] += 1
        self._turn += 1
        self._served[client] = self._turn

    def _release(self, worker: _Worker) -> None:
        if self._free is not None:
            self._free.append(worker)
            self._dispatch()

    def _dispatch(self) -> None:
        """Hand each free worker to the waiting client with the fewest jobs running (among
        equals, the one served longest ago) that is under its :meth:`run_share`; a worker
        left free while jobs wait is offered again within :data:`RECENT` seconds."""
        free = self._free
        while free:
            ready = [c for c, q in self._waiting.items() if q and self._may_run(c)]
            if not ready:
                if any(self._waiting.values()) and self._wake is None:
                    self._wake = asyncio.get_running_loop().call_later(RECENT, self._woken)
                return
            client = min(ready, key=lambda c: (self._running[c], self._served.get(c, -1)))
            fut = self._waiting[client].popleft()
            if not fut.done():
                self._hand(client)
                fut.set_result(free.pop())

    def _woken(self) -> None:
        self._wake = None
        self._dispatch()

    async def drain(self, grace: float) -> None:
        """Stop taking jobs; wait up to ``grace`` seconds for those in to end; then let
        the rest go (each answered :class:`ShuttingDown`)."""
        self._closing = True
        end = time.monotonic() + grace
        while self.in_flight and time.monotonic() < end:
            await asyncio.sleep(0.05)
        if not self.in_flight:
            return
        gone = ShuttingDown("the server is shutting down: the job was not finished within "
                            "its grace period")
        for queue in self._waiting.values():
            while queue:
                fut = queue.popleft()
                if not fut.done():
                    fut.set_exception(gone)
        if self._abandoned is not None and not self._abandoned.done():
            self._abandoned.set_result(None)
        while self.in_flight:  # each run() answers on its next turn of the loop
            await asyncio.sleep(0.01)
