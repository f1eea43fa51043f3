"""Every error as one JSON body ``{"error", "kind", "status"}``, the handlers that turn
the library's and the pool's exceptions into it, and what each route documents of them.

A :class:`~pyramids.core.errors.PyramidsError` (raised here or in a solver process) gives 400
with the library's message in the API's words (:data:`pyramids.core.messages.FIELDS`), a body
that does not fit the schema 422, malformed JSON 400, a body over the bound 413, a body
that does not arrive in time 408, a saturated pool, a crashed worker or puzzle
collections not there 503 with ``Retry-After``, a job past its time limit 504, a bug in a
solver process 500.
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
from pyramids.service.pool import JobFailed, JobTimeout, Saturated, UserFault, WorkerCrashed

#: What each status means wherever a route returns it (a route may say more).
STATUS_WORDS: dict[int, str] = {
    400: "Bad input that JSON Schema cannot state, named in the API's words",
    404: "No such resource",
    408: "The body did not arrive within the server's time (a slow client): cut off",
    413: "Body over the server's byte bound, or a batch over its bound",
    422: "The request does not fit the schema: each field named with what is wrong",
    503: "Busy (every solver process working and the queue full), a solver process "
         "that died on the job, or the puzzle collections not there: ask again after "
         "Retry-After seconds",
    504: "The job was stopped at the server's time limit",
}
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before asking again",
                               "schema": {"type": "integer", "minimum": 1}}}
#: The statuses of a route that takes a JSON body (bounded in bytes and in time).
BODY = (408, 413, 422)
#: The statuses of a route that runs a job in a solver process.
POOLED = (503, 504)


def documented(*statuses: int, **why: str) -> dict[int | str, dict[str, Any]]:
    """The error responses a route returns, for its ``responses=``: each with the one
    error body, its meaning (``why``, as ``s400="..."``: the route's own words), and
    ``Retry-After`` on a 503."""
    out: dict[int | str, dict[str, Any]] = {}
    for status in sorted(set(statuses)):
        text = why.get(f"s{status}") or STATUS_WORDS[status]
        out[status] = {"model": m.ErrorOut, "description": text}
        if status == 503:
            out[status]["headers"] = RETRY_AFTER
    return out


def error(status: int, message: str, kind: str,
          headers: Mapping[str, str] | None = None) -> JSONResponse:
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
        return error(400, exc.said(FIELDS), type(exc).__name__)

    @app.exception_handler(UserFault)
    async def _user_worker(request: Request, exc: UserFault) -> JSONResponse:
        return error(400, exc.message, exc.kind)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        status, message = validation_message(exc)
        return error(status, message, "MalformedJSON" if status == 400 else "ValidationError")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        kind = getattr(exc, "kind", None) or {404: "NotFound", 405: "MethodNotAllowed"}.get(
            exc.status_code, "HTTPError")
        return error(exc.status_code, str(exc.detail), kind, exc.headers)

    @app.exception_handler(Saturated)
    async def _saturated(request: Request, exc: Saturated) -> JSONResponse:
        return error(503, f"server busy: {exc}; retry later", "Saturated",
                     {"Retry-After": str(cfg.retry_after)})

    @app.exception_handler(WorkerCrashed)
    async def _crashed(request: Request, exc: WorkerCrashed) -> JSONResponse:
        return error(503, str(exc), "WorkerCrashed", {"Retry-After": str(cfg.retry_after)})

    @app.exception_handler(JobTimeout)
    async def _timeout(request: Request, exc: JobTimeout) -> JSONResponse:
        return error(504, str(exc), "Timeout")

    @app.exception_handler(JobFailed)
    async def _failed(request: Request, exc: JobFailed) -> JSONResponse:
        last = str(exc).strip().splitlines()[-1:] or ["unknown error"]
        return error(500, f"internal error in a solver process: {last[0]}", "InternalError")
