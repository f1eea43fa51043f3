"""ASGI middleware of the service: bounds on request bodies (bytes and time), the
security headers of every response, and ``HEAD`` wherever ``GET`` is answered."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from pyramids.service.errors import ServiceError, error

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


#: A body cut off for its slowness closes the connection (the server would otherwise go
#: on reading what trickles in). A 413 does not: the server reads the rest and drops it,
#: so that the client, still sending, gets the answer rather than a reset connection.
CLOSE = {"Connection": "close"}


class BodyLimit:
    """Refuse request bodies over ``max_bytes`` (by Content-Length, or as they stream in:
    413), and bodies not all in within ``timeout`` seconds of the request (a client
    sending a byte a second: 408, closing the connection)."""

    def __init__(self, app: ASGIApp, max_bytes: int, timeout: float | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = ServiceError(413, f"request body over {self.max_bytes} bytes",
                                 "BodyTooLarge")
        too_slow = ServiceError(408, f"the request body did not arrive within "
                                     f"{self.timeout:g} s", "SlowBody", CLOSE)
        for key, value in scope.get("headers", []):
            if key == b"content-length" and (not value.isdigit()
                                             or int(value) > self.max_bytes):
                response = error(413, str(too_large.detail), too_large.kind)
                await response(scope, receive, send)
                return
        received = 0
        whole = False  # after the body, receive() waits for a disconnect: not bounded
        start = time.monotonic()

        async def limited() -> Message:
            nonlocal received, whole
            if whole or self.timeout is None:
                message = await receive()
            else:
                try:
                    message = await asyncio.wait_for(
                        receive(), max(self.timeout - (time.monotonic() - start), 0.0))
                except TimeoutError:
                    raise too_slow from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise too_large
                whole = not message.get("more_body", False)
            return message

        await self.app(scope, limited, send)


#: The page's policy: its own scripts, styles and API only, no plugins, not framed. The
#: cards' SVG is drawn by script (attributes and CSSOM, which ``style-src`` allows; no
#: inline ``style=`` markup, which it does not). ``connect-src blob:``: the page may read
#: back the blobs it made itself (the PDF book it offers for download).
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self' blob:; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
#: The API docs (``/docs``, ``/redoc``): FastAPI's pages load Swagger UI / ReDoc from
#: the jsDelivr CDN and start it with an inline script; still never framed.
DOCS_CSP = ("default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net "
            "https://fonts.googleapis.com; font-src https://fonts.gstatic.com; "
            "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
            "connect-src 'self'; worker-src blob:; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'")
DOCS_PATHS = frozenset({"/docs", "/redoc", "/docs/oauth2-redirect"})


class SecurityHeaders:
    """Add to every HTTP response (errors included) a Content-Security-Policy
    (:data:`CSP`; :data:`DOCS_CSP` for the API docs), ``X-Content-Type-Options: nosniff``
    and ``Referrer-Policy: no-referrer``, unless the response set its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = DOCS_CSP if scope.get("path") in DOCS_PATHS else CSP
        extra = ((b"content-security-policy", csp.encode()),
                 (b"x-content-type-options", b"nosniff"),
                 (b"referrer-policy", b"no-referrer"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                have = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in extra if k not in have]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


class HeadAsGet:
    """Answer ``HEAD`` on every ``GET`` route: the ``GET`` answer's status and headers
    (its ``Content-Length`` included), without the body (RFC 9110, 9.3.2). FastAPI's
    routes take ``GET`` only; this makes ``HEAD /`` and ``HEAD /v1/deals/17`` answer as
    ``GET`` does, and a route without ``GET`` still answers 405."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "HEAD":
            await self.app(scope, receive, send)
            return
        sent_end = False

        async def headers_only(message: Message) -> None:
            nonlocal sent_end
            if message["type"] == "http.response.body":
                if sent_end:
                    return
                if message.get("more_body", False):
                    return  # the body is dropped; the end is sent once, when it comes
                sent_end = True
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(dict(scope, method="GET"), receive, headers_only)
