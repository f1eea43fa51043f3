"""Running the app under uvicorn (``pyramids serve``): connections that send no request
are closed, the process may hold as many connections as its system allows, and a SIGTERM
drains the pool within a bounded grace (:class:`DrainingServer`).

uvicorn closes a connection idle after an answer (``timeout_keep_alive``), but not one
that never sends a request, nor one that sends its head a byte at a time: with
:func:`protocol`, a request's head must arrive within ``head_timeout`` seconds of the
connection (or of the previous answer's end), else the connection is closed. A body that
trickles in is the app's to cut off (:class:`~.middleware.BodyLimit`, 408).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import signal
from types import FrameType
from typing import Any

from pyramids.service.observe import log_config

#: Seconds uvicorn waits for answers already made to be sent, after the drain.
SEND_GRACE = 5
#: Seconds the front door stays open after the drain, answering 503, so that a client
#: whose last answer came as the drain ended hears of the shutdown rather than finding
#: the port closed mid-request.
LINGER = 0.5


def protocol(head_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with a deadline on each request's head."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeadTimeout(H11Protocol):
        """Closes the connection when no request head has come ``head_timeout`` s after
        the connection (or the previous answer): idle and slow-header clients."""

        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._between_requests():
                if self._head_timer is None:
                    self._arm()
            else:
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _between_requests(self) -> bool:
            return self.cycle is None or bool(self.cycle.response_complete)

        def _arm(self) -> None:
            self._disarm()
            self._head_timer = self.loop.call_later(head_timeout, self._late)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _late(self) -> None:
            self._head_timer = None
            if self._between_requests() and not self.transport.is_closing():
                self.transport.close()

    return HeadTimeout


def raise_open_files_limit() -> int:
    """Raise this process's limit of open files to the most allowed (each connection is
    one: a thousand idle clients must not use up a default of 1,024); the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return int(soft)


def run(app: Any, host: str, port: int, log_level: str, log_format: str,
        banner: str = "") -> None:
    """Serve ``app`` (from :func:`~pyramids.service.app.create_app`) until a signal;
    ``banner`` is logged first, in the log's format."""
    import uvicorn

    cfg = app.state.config
    logs = log_config(log_format, log_level)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level,
                            log_config=logs, access_log=False,
                            http=protocol(cfg.head_timeout),
                            timeout_graceful_shutdown=SEND_GRACE)
    if banner:  # uvicorn.Config has set the logging up
        logging.getLogger("uvicorn.error").info(banner)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C, raised again once down
        draining_server(config, app.state.pool, cfg.shutdown_grace).run()


def draining_server(config: Any, pool: Any, grace: float) -> Any:
    """A uvicorn server whose first SIGTERM (or SIGINT) drains ``pool``
    (:meth:`~pyramids.service.pool.WorkerPool.drain`): new requests are answered 503 with
    Retry-After (the middleware's front door), the jobs in flight get ``grace`` seconds,
    those left are answered 503, then (after :data:`LINGER`) uvicorn shuts down as usual.
    A second signal exits at once: the solver processes are killed (a request still in
    flight is answered 503 if its answer can still go out, else cut off)."""
    import uvicorn

    log = logging.getLogger("uvicorn.error")

    class DrainingServer(uvicorn.Server):
        loop: asyncio.AbstractEventLoop | None = None
        draining = False

        async def serve(self, sockets: Any = None) -> None:
            self.loop = asyncio.get_running_loop()
            await super().serve(sockets)

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            if self.loop is None or sig not in (signal.SIGTERM, signal.SIGINT):
                super().handle_exit(sig, frame)
                return
            if self.draining:  # a second signal: stop now, the solver processes with it
                self.force_exit = self.should_exit = True
                self.loop.call_soon_threadsafe(pool.stop)
                return
            self.draining = True
            captured = getattr(self, "_captured_signals", None)
            if isinstance(captured, list):  # uvicorn raises it again once it is down
                captured.append(sig)
            self.loop.call_soon_threadsafe(self._drain)

        def _drain(self) -> None:
            log.info("shutting down: no new work; %d jobs in flight get up to %g s",
                     pool.in_flight, grace)

            async def drain() -> None:
                try:
                    await pool.drain(grace)
                    await asyncio.sleep(LINGER)
                finally:
                    self.should_exit = True

            self._drain_task = asyncio.ensure_future(drain())

    return DrainingServer(config)
