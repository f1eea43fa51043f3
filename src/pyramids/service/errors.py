"""Every error as one JSON body ``{"error", "kind", "status"}``, the handlers that turn
the library's and the pool's exceptions into it, and what each route documents of them.

A :class:`~pyramids.core.errors.PyramidsError` (raised here or in a solver process) gives 400
with the library's message in the API's words (:data:`pyramids.core.messages.FIELDS`), a body
that does not fit the schema 422, malformed JSON 400, a body over the bound 413, a body
that does not arrive in time 408, a saturated pool, a crashed worker or puzzle
collections not there 503 with ``Retry-After``, a server shutting down 503 with
``Retry-After``, a client over its fair share of the solvers 429 with ``Retry-After``, a
job past its time limit 504, a bug in a solver process 500. Each handler notes its error's
kind (and a solver's traceback) on the request, for its log line (:mod:`.observe`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from pyramids.core.errors import PyramidsError
from pyramids.core.messages import FIELDS
from pyramids.service import models as m
from pyramids.service.config import ServiceConfig
from pyramids.service.pool import (
    JobFailed,
    JobTimeout,
    OverShare,
    Saturated,
    ShuttingDown,
    UserFault,
    WorkerCrashed,
)

#: What each status means wherever a route returns it (a route may say more).
STATUS_WORDS: dict[int, str] = {
    400: "Bad input that JSON Schema cannot state, named in the API's words",
    404: "No such resource",
    408: "The body did not arrive within the server's time (a slow client): cut off",
    413: "Body over the server's byte bound, or a batch over its bound",
    422: "The request does not fit the schema: each field named with what is wrong",
    429: "This client already has its share of the solver processes while other clients "
         "are served: ask again after Retry-After seconds",
    503: "Busy (every solver process working and the queue full), a solver process "
         "that died on the job, the server shutting down, or the puzzle collections not "
         "there: ask again after Retry-After seconds",
    504: "The job was stopped at the server's time limit",
}
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before asking again",
                               "schema": {"type": "integer", "minimum": 1}}}
#: The statuses of a route that takes a JSON body (bounded in bytes and in time).
BODY = (408, 413, 422)
#: The statuses of a route that runs a job in a solver process.
POOLED = (429, 503, 504)


def documented(*statuses: int, **why: str) -> dict[int | str, dict[str, Any]]:
    """The error responses a route returns, for its ``responses=``: each with the one
    error body, its meaning (``why``, as ``s400="..."``: the route's own words), and
    ``Retry-After`` on a 503."""
    out: dict[int | str, dict[str, Any]] = {}
    for status in sorted(set(statuses)):
        text = why.get(f"s{status}") or STATUS_WORDS[status]
        out[status] = {"model": m.ErrorOut, "description": text}
        if status in (429, 503):
            out[status]["headers"] = RETRY_AFTER
    return out


def error(status: int, message: str, kind: str,
          headers: Mapping[str, str] | None = None, request: Request | None = None,
          stack: str | None = None) -> JSONResponse:
    """The error body; with ``request``, its kind (and ``stack``) noted for the log line."""
    if request is not None:
        request.state.error_kind = kind
        if stack is not None:
            request.state.error_stack = stack
    return JSONResponse({"error": message, "kind": kind, "status": status}, status_code=status,
                        headers=dict(headers) if headers else None)


class ServiceError(HTTPException):
    """An HTTP error with a kind (so the JSON body says what went wrong)."""

    def __init__(self, status: int, message: str, kind: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(status, message, headers)
        self.kind = kind


def validation_message(exc: RequestValidationError) -> tuple[int, str]:
    """One part per field, ``where: what`` (where in the body, path or query: the fields'
    names and list indices, not pydantic's names for the branches of a type; a field
    that fits none of its types says what each wanted); malformed JSON is 400, the rest
    422."""
    parts: dict[str, list[str]] = {}
    for err in exc.errors():
        loc = err.get("loc", ())
        if err.get("type") == "json_invalid":
            ctx = err.get("ctx") or {}
            pos = f" at character {loc[-1]}" if len(loc) > 1 else ""
            return 400, f"malformed JSON: {ctx.get('error', 'cannot decode')}{pos}"
        where = ".".join(str(x) for x in loc[1 if loc[:1] == ("body",) else 0:]
                         if isinstance(x, int) or _FIELD.fullmatch(str(x)))
        msg = str(err.get("msg", "invalid"))
        if msg not in parts.setdefault(where or "body", []):
            parts[where or "body"].append(msg)
    return 422, "; ".join(f"{k}: {', or '.join(v)}" for k, v in parts.items()) or \
        "invalid request"


#: A field's name in a location (pydantic adds its branches' names, e.g.
#: ``constrained-int`` or ``function-after[...]``, which are not the request's).
_FIELD = re.compile(r"[a-z_][a-z0-9_]*")


def add_error_handlers(app: FastAPI, cfg: ServiceConfig) -> None:
    """Register the handler of each kind of error on ``app``."""

    @app.exception_handler(PyramidsError)
    async def _user(request: Request, exc: PyramidsError) -> JSONResponse:
        return error(400, exc.said(FIELDS), type(exc).__name__, request=request)

    @app.exception_handler(UserFault)
    async def _user_worker(request: Request, exc: UserFault) -> JSONResponse:
        return error(400, exc.message, exc.kind, request=request)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        status, message = validation_message(exc)
        return error(status, message, "MalformedJSON" if status == 400 else "ValidationError",
                     request=request)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        kind = getattr(exc, "kind", None) or {404: "NotFound", 405: "MethodNotAllowed"}.get(
            exc.status_code, "HTTPError")
        return error(exc.status_code, str(exc.detail), kind, exc.headers, request=request)

    @app.exception_handler(Saturated)
    async def _saturated(request: Request, exc: Saturated) -> JSONResponse:
        return error(503, f"server busy: {exc}; retry later", "Saturated",
                     {"Retry-After": str(cfg.retry_after)}, request=request)

    @app.exception_handler(WorkerCrashed)
    async def _crashed(request: Request, exc: WorkerCrashed) -> JSONResponse:
        return error(503, str(exc), "WorkerCrashed", {"Retry-After": str(cfg.retry_after)},
                     request=request)

    @app.exception_handler(JobTimeout)
    async def _timeout(request: Request, exc: JobTimeout) -> JSONResponse:
        return error(504, str(exc), "Timeout", request=request)

    @app.exception_handler(JobFailed)
    async def _failed(request: Request, exc: JobFailed) -> JSONResponse:
        last = str(exc).strip().splitlines()[-1:] or ["unknown error"]
        return error(500, f"internal error in a solver process: {last[0]}", "InternalError",
                     request=request, stack=str(exc))

    @app.exception_handler(OverShare)
    async def _over_share(request: Request, exc: OverShare) -> JSONResponse:
        return error(429, f"too many requests from this client: {exc}; retry later",
                     "OverShare", {"Retry-After": str(cfg.retry_after)}, request=request)

    @app.exception_handler(ShuttingDown)
    async def _shutting_down(request: Request, exc: ShuttingDown) -> JSONResponse:
        return error(503, f"{exc}; retry later", "ShuttingDown",
                     {"Retry-After": str(cfg.retry_after)}, request=request)
