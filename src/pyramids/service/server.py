"""Running the app under uvicorn (``pyramids serve``): connections that send no request
are closed, and the process may hold as many connections as its system allows.

uvicorn closes a connection idle after an answer (``timeout_keep_alive``), but not one
that never sends a request, nor one that sends its head a byte at a time: with
:func:`protocol`, a request's head must arrive within ``head_timeout`` seconds of the
connection (or of the previous answer's end), else the connection is closed. A body that
trickles in is the app's to cut off (:class:`~.middleware.BodyLimit`, 408).
"""

from __future__ import annotations

import asyncio
import resource
from typing import Any


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
