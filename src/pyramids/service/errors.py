"""Every error as one JSON body ``{"error", "kind", "status"}``, and the handlers that turn
the library's and the pool's exceptions into it.

A :class:`~pyramids.errors.PyramidsError` (raised here or in a solver process) gives 400
with the CLI's message, a body that does not fit the schema 422, malformed JSON 400, a
body over the bound 413, a saturated pool or a crashed worker 503 with ``Retry-After``, a
job past its time limit 504, a bug in a solver process 500.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..errors import PyramidsError
from . import models as m
from .config import ServiceConfig
from .pool import JobFailed, JobTimeout, Saturated, UserFault, WorkerCrashed

ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": m.ErrorOut, "description": text}
    for code, text in ((400, "Bad input: the CLI's message"), (413, "Body or batch too large"),
                       (422, "Body does not fit the schema"),
                       (503, "Saturated or a worker crashed (see Retry-After), or no puzzle "
                             "collections"),
                       (504, "Job stopped at the server's time limit"))
}


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
    """One line per problem, ``where: what``; malformed JSON is 400, the rest 422."""
    parts = []
    status = 422
    for err in exc.errors():
        if err.get("type") == "json_invalid":
            ctx = err.get("ctx") or {}
            loc = err.get("loc", ())
            pos = f" at character {loc[-1]}" if len(loc) > 1 else ""
            return 400, f"malformed JSON: {ctx.get('error', 'cannot decode')}{pos}"
        loc = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        parts.append(f"{loc or 'body'}: {err.get('msg', 'invalid')}")
    return status, "; ".join(parts) or "invalid request"


def add_error_handlers(app: FastAPI, cfg: ServiceConfig) -> None:
    """Register the handler of each kind of error on ``app``."""

    @app.exception_handler(PyramidsError)
    async def _user(request: Request, exc: PyramidsError) -> JSONResponse:
        return error(400, str(exc), type(exc).__name__)

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
