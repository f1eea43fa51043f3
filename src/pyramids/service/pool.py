"""A bounded pool of solver processes, driven from asyncio without blocking the event loop.

Why not ``concurrent.futures.ProcessPoolExecutor``: a job that overruns its time limit must be
stopped, and an executor cannot kill one task. Here each worker is a process with a pipe; the
wait for its answer happens in a helper thread; a job past its hard deadline gets its process
killed and replaced. Admission is bounded: ``capacity`` jobs (running + waiting) at most, after
which :class:`Saturated` is raised at once rather than queueing.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import multiprocessing as mp
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any

from pyramids.core.errors import PyramidsError
from pyramids.core.messages import FIELDS


class Saturated(Exception):
    """Every worker busy and the waiting room full."""


class JobTimeout(Exception):
    """A job passed its hard deadline; its worker was killed."""


#: How long a solver process may take to get ready (load the solvers; the first time
#: after install, compile them: about a minute on a slow machine).
WARM_LIMIT = 600.0
#: seconds an idle, ready process may take to say it started a job before it is taken for
#: dead (and the job handed to a new one)
START_LIMIT = 10.0


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
        self.start()

    def stop(self) -> None:
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
        if self.proc is not None and not self.proc.is_alive():
            self.restart()
        for attempt in range(2):
            self.wait_ready()
            if self._hand_over(name, kwargs):
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
    """``workers`` solver processes; at most ``capacity`` jobs admitted at once. ``jobs``:
    the module whose functions :meth:`run` runs (:data:`JOBS`)."""

    def __init__(self, workers: int, capacity: int, start_method: str = "spawn",
                 warm: bool = True, jobs: str = JOBS) -> None:
        self.workers = workers
        self.warm = warm
        self.jobs = jobs
        self.capacity = max(capacity, workers)
        self.start_method = start_method
        self.in_flight = 0
        self.completed = 0
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: list[_Worker] = []
        self._threads: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    @property
    def started(self) -> bool:
        return self._idle is not None

    def start(self) -> None:
        """Start the processes (idempotent); must be called from the event loop's thread."""
        with self._lock:
            if self._idle is not None:
                return
            ctx = mp.get_context(self.start_method)
            self._all = [_Worker(ctx, self.warm, self.jobs) for _ in range(self.workers)]
            self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="pyramids-wait")
            idle: asyncio.Queue[_Worker] = asyncio.Queue()
            for w in self._all:
                idle.put_nowait(w)
            self._idle = idle

    def stop(self) -> None:
        with self._lock:
            for w in self._all:
                w.stop()
            self._all = []
            if self._threads is not None:
                self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None
            self._idle = None

    async def run(self, name: str, deadline: float, **kwargs: Any) -> Any:
        """Run ``<jobs>.<name>(**kwargs)`` in a worker; raise :class:`Saturated` when full."""
        if self.in_flight >= self.capacity:
            raise Saturated(f"all {self.workers} solver processes are busy and "
                            f"{self.capacity - self.workers} jobs are waiting")
        self.start()
        assert self._idle is not None and self._threads is not None
        idle, threads = self._idle, self._threads
        self.in_flight += 1
        try:
            worker = await idle.get()
            try:
                # The job keeps its worker until it really ends, even if the client has gone:
                # shield the thread's future so that cancellation cannot hand back a busy worker.
                fut = asyncio.get_running_loop().run_in_executor(
                    threads, worker.run, name, kwargs, deadline)
                try:
                    return await asyncio.shield(fut)
                except asyncio.CancelledError:
                    await asyncio.wait([fut])
                    raise
            finally:
                idle.put_nowait(worker)
        finally:
            self.in_flight -= 1
            self.completed += 1
