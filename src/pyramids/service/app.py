"""The FastAPI application: ``create_app(config)`` builds it; ``pyramids serve`` runs it.

Solving, filtering and book-making run in a bounded pool of worker processes (see
:mod:`.pool`), never in the event loop. Every error is a JSON body ``{"error", "kind",
"status"}``: a :class:`~pyramids.errors.PyramidsError` gives 400 with the CLI's message,
a body that does not fit the schema 422, malformed JSON 400, a body over the bound 413,
a saturated pool 503 with ``Retry-After``, a backend not built yet 503.
"""

from __future__ import annotations

import importlib.util
import json
import re
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, HTTPException, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..deals import Deal
from ..errors import DealError, PyramidsError
from ..moves import Move, parse_moves
from ..variants import ALIASES, OBJECTIVES, PRESETS, SCORINGS, STOCK_TOPS, STOCK_WASTE, Variant
from . import models as m
from .config import ServiceConfig
from .pool import (
    JobFailed,
    JobTimeout,
    Saturated,
    Unavailable,
    UserFault,
    WorkerCrashed,
    WorkerPool,
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
                   Awaitable[None]]
STATIC = Path(__file__).resolve().parent / "static"
COLLECTION_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,59}")
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": m.ErrorOut, "description": text}
    for code, text in ((400, "Bad input: the CLI's message"), (413, "Body or batch too large"),
                       (422, "Body does not fit the schema"),
                       (503, "Saturated (see Retry-After) or backend not available yet"),
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


class BodyLimit:
    """Refuse request bodies over ``max_bytes`` (by Content-Length, or as they stream in)."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = ServiceError(413, f"request body over {self.max_bytes} bytes",
                                 "BodyTooLarge")
        for key, value in scope.get("headers", []):
            if key == b"content-length" and (not value.isdigit()
                                             or int(value) > self.max_bytes):
                response = error(413, str(too_large.detail), too_large.kind)
                await response(scope, receive, send)
                return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise too_large
            return message

        await self.app(scope, limited, send)


def _validation_message(exc: RequestValidationError) -> tuple[int, str]:
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


class PuzzleStore:
    """The shipped collections (``<dir>/<name>.jsonl``), re-read when a file changes."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._cache: dict[str, tuple[float, list[dict[str, Any]]]] = {}
        self._lock = threading.Lock()

    def names(self) -> list[str]:
        if not self.directory.is_dir():
            return []
        return sorted(p.stem for p in self.directory.glob("*.jsonl")
                      if COLLECTION_NAME.fullmatch(p.stem))

    def load(self, name: str) -> list[dict[str, Any]]:
        names = self.names()
        if not names:
            raise ServiceError(503, "puzzle collections are not available yet", "Unavailable")
        if name not in names:
            raise ServiceError(404, f"unknown collection {name!r}: choose one of "
                                    f"{', '.join(names)}", "NotFound")
        path = self.directory / f"{name}.jsonl"
        mtime = path.stat().st_mtime
        with self._lock:
            cached = self._cache.get(name)
            if cached and cached[0] == mtime:
                return cached[1]
        entries = []
        try:
            with path.open(encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    s = line.strip()
                    if not s or s.startswith("#"):
                        continue
                    try:
                        entries.append(json.loads(s))
                    except json.JSONDecodeError as e:
                        raise ServiceError(
                            503, f"collection {name!r} cannot be read now: line {n}: {e}",
                            "Unavailable", {"Retry-After": "5"}) from None
        except (OSError, UnicodeDecodeError) as e:
            raise ServiceError(503, f"collection {name!r} cannot be read now: {e}",
                               "Unavailable", {"Retry-After": "5"}) from None
        with self._lock:
            self._cache[name] = (mtime, entries)
        return entries


def variant_query(
    variant: Annotated[str, Query(max_length=40, description="Preset name")] = "pyramid",
    rows: int | None = None,
    rest: Annotated[str | None, Query(max_length=40)] = None,
    draw: int | None = None,
    passes: Annotated[str | None, Query(max_length=20)] = None,
    stock_waste: Annotated[str | None, Query(max_length=20)] = None,
    overlap: bool | None = None,
    objective: Annotated[str | None, Query(max_length=20)] = None,
    scoring: Annotated[str | None, Query(max_length=20)] = None,
    stock_top: Annotated[str | None, Query(max_length=20)] = None,
) -> Variant:
    """The variant from query parameters (same names as the JSON bodies' options)."""
    return m.VariantOptions(variant=variant, rows=rows, rest=rest, draw=draw, passes=passes,
                            stock_waste=stock_waste, overlap=overlap, objective=objective,
                            scoring=scoring, stock_top=stock_top).build()


def moves_of(spec: list[str] | str) -> list[Move]:
    """Moves given as a list or as one string, parsed with the CLI's notation."""
    return parse_moves(spec)


def _has(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def create_app(config: ServiceConfig | None = None, **overrides: Any) -> FastAPI:
    """The service. ``overrides`` replace fields of ``config`` (e.g. ``workers=2``)."""
    cfg = replace(config or ServiceConfig(), **overrides)
    pool = WorkerPool(cfg.workers, cfg.capacity)
    puzzles = PuzzleStore(cfg.puzzles_dir)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool.start()
        try:
            yield
        finally:
            pool.stop()

    app = FastAPI(
        title="pyramids",
        version=__version__,
        description="Deal analysis for the Pyramid family of solitaires: check, filter, "
                    "deals, variants, puzzle collections and books. The rules, notation and "
                    "deal numbers: docs/rules.md in the pyramids source repository.",
        lifespan=lifespan,
        responses=ERROR_RESPONSES,
    )
    app.state.config = cfg
    app.state.pool = pool
    app.add_middleware(BodyLimit, max_bytes=cfg.max_body_bytes)

    # -- errors ----------------------------------------------------------------
    @app.exception_handler(PyramidsError)
    async def _user(request: Request, exc: PyramidsError) -> JSONResponse:
        return error(400, str(exc), type(exc).__name__)

    @app.exception_handler(UserFault)
    async def _user_worker(request: Request, exc: UserFault) -> JSONResponse:
        return error(400, exc.message, exc.kind)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        status, message = _validation_message(exc)
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

    @app.exception_handler(Unavailable)
    async def _unavailable(request: Request, exc: Unavailable) -> JSONResponse:
        return error(503, f"not available yet: {exc}", "Unavailable")

    @app.exception_handler(JobTimeout)
    async def _timeout(request: Request, exc: JobTimeout) -> JSONResponse:
        return error(504, str(exc), "Timeout")

    @app.exception_handler(JobFailed)
    async def _failed(request: Request, exc: JobFailed) -> JSONResponse:
        last = str(exc).strip().splitlines()[-1:] or ["unknown error"]
        return error(500, f"internal error in a solver process: {last[0]}", "InternalError")

    def need(module: str, what: str) -> None:
        if not _has(module):
            raise ServiceError(503, f"{what} is not available yet", "Unavailable")

    # -- the web page ----------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        """The web page (static files shipped in the package: no build step, no CDN)."""
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- endpoints -------------------------------------------------------------
    @app.get("/healthz", response_model=m.HealthOut, tags=["service"])
    def healthz() -> dict[str, Any]:
        """Liveness, load and which backends this build has."""
        return {
            "status": "ok", "version": __version__, "workers": cfg.workers,
            "capacity": pool.capacity, "in_flight": pool.in_flight,
            "completed": pool.completed,
            "backends": {"check": _has("pyramids.check"), "search": _has("pyramids.search"),
                         "cpsat": _has("pyramids.cpsat"),
                         "quick": _has("pyramids.certificates"),
                         "book": _has("pyramids.book"),
                         "puzzles": bool(puzzles.names())},
        }

    @app.post("/v1/check", response_model=m.CheckOut, response_model_exclude_unset=True,
              tags=["analysis"])
    async def check(req: m.CheckRequest) -> Any:
        """Winnable (with a replayed solution), blocked (with a certificate) or unknown
        (a limit was hit): the same result as ``pyramids check --json``."""
        variant = req.build()
        deal = m.parse_deal(req.deal, variant)
        start = moves_of(req.start)
        if start:
            from ..engine import Game
            from ..referee import play as referee_play

            for _ in referee_play(Game(deal, variant), start, "start, step"):
                pass  # an illegal start is a 400 naming its step, before any work
        from ..goals import Goal

        Goal.parse(req.goal).check(variant)  # a bad goal is a 400 before any work
        need("pyramids.check", "the solver (pyramids.check)")
        t = cfg.time_limit(req.time_limit)
        return await pool.run("check", t + cfg.grace, deal=deal, variant=variant,
                              engine=req.engine, time_limit=t, start=start, goal=req.goal)

    @app.post("/v1/position", response_model=m.PositionOut, response_model_exclude_none=True,
              tags=["analysis"])
    def position(req: m.PositionRequest) -> dict[str, Any]:
        """The position after ``moves`` from the deal, replayed by the referee: every
        card's place, the legal moves, won or lost, the Par score so far. An illegal move
        is a 400 with the referee's reason, naming its step."""
        from .play import position as play_position

        variant = req.build()
        deal = m.parse_deal(req.deal, variant)
        return play_position(deal, variant, moves_of(req.moves), steps=req.steps)

    @app.post("/v1/filter", response_model=m.FilterOut, tags=["analysis"])
    async def filter_(req: m.FilterRequest) -> dict[str, Any]:
        """A verdict per deal: ``quick`` (cheap certificates) or ``exact`` (full check)."""
        if len(req.deals) > cfg.max_batch:
            raise ServiceError(413, f"at most {cfg.max_batch} deals per request, "
                                    f"got {len(req.deals)}", "BatchTooLarge")
        if not req.deals:
            raise DealError("no deals given")
        variant = req.build()
        deals = [m.parse_deal(d, variant) for d in req.deals]
        from ..bulk import Job
        from ..goals import Goal

        Job(variant, req.mode, req.engine, goal=Goal.parse(req.goal))  # a bad goal: 400
        if req.mode == "quick":
            need("pyramids.certificates", "quick certificates (pyramids.certificates)")
        else:
            need("pyramids.check", "the solver (pyramids.check)")
        t = cfg.time_limit(req.time_limit)
        results = await pool.run("filter_deals", cfg.filter_budget + cfg.grace, deals=deals,
                                 variant=variant, mode=req.mode, engine=req.engine,
                                 time_limit=t, budget=cfg.filter_budget, goal=req.goal)
        counts: dict[str, int] = {"winnable": 0, "blocked": 0, "unknown": 0}
        for r in results:
            counts[r["status"]] = counts.get(r["status"], 0) + 1
        return {"mode": req.mode, "variant": variant.options(),
                "time_limit": t if req.mode == "exact" else None, "counts": counts,
                "results": results}

    @app.get("/v1/deals/{number}", response_model=m.DealOut, response_model_by_alias=True,
             tags=["deals"])
    def deal(number: Annotated[str, PathParam(max_length=40)],
             variant: Annotated[Variant, Depends(variant_query)],
             symbols: bool = False) -> dict[str, Any]:
        """Deal ``number`` laid out for the variant: line, pretty and JSON forms."""
        if not (number.isascii() and number.isdigit()) or len(number) > 20:
            raise DealError(f"deal number must be 0 to 2^64-1, got {number!r}")
        d = Deal.from_number(int(number))
        return {"number": d.number, "variant": variant.options(), "line": d.line(),
                "pretty": d.pretty(variant, symbols=symbols), "json": d.to_json_obj(variant)}

    @app.get("/v1/variants", response_model=m.VariantsOut, tags=["deals"])
    def variants() -> dict[str, Any]:
        """The presets (every option resolved, and in words) and the options' values."""
        return {
            "presets": [v.options() | {"description": v.describe()} for v in PRESETS.values()],
            "aliases": dict(ALIASES),
            "options": {
                "rows": {"min": 1, "max": 9},
                "rest": ["stock", "bouquet", "tableau", "tableau:CxR"],
                "draw": [1, 3], "passes": "a whole number >= 1, or 'unlimited'",
                "stock_waste": list(STOCK_WASTE), "overlap": [True, False],
                "objective": list(OBJECTIVES), "scoring": list(SCORINGS),
                "stock_top": list(STOCK_TOPS),
                "goal": ["win", "board", "moves", "score", "score:N", "cards:RANK:N"],
            },
        }

    @app.get("/v1/puzzles", tags=["puzzles"])
    def collections() -> dict[str, Any]:
        """The shipped puzzle collections and their sizes."""
        names = puzzles.names()
        if not names:
            raise ServiceError(503, "puzzle collections are not available yet", "Unavailable")
        return {"collections": [{"name": n, "count": len(puzzles.load(n))} for n in names]}

    @app.get("/v1/puzzles/{collection}", tags=["puzzles"])
    def collection(collection: Annotated[str, PathParam(max_length=60)],
                   offset: Annotated[int, Query(ge=0)] = 0,
                   limit: Annotated[int | None, Query(ge=1)] = None,
                   grade: Literal["easy", "medium", "hard", "expert"] | None = None
                   ) -> dict[str, Any]:
        """A collection's puzzles, of one ``grade`` if asked, paged by ``offset`` and
        ``limit`` (``count`` is how many match)."""
        entries = puzzles.load(collection)
        if grade is not None:
            entries = [e for e in entries if isinstance(e, dict) and e.get("grade") == grade]
        n = min(limit or cfg.max_page, cfg.max_page)
        return {"collection": collection, "count": len(entries), "offset": offset,
                "puzzles": entries[offset:offset + n]}

    @app.get("/v1/puzzles/{collection}/{index}", tags=["puzzles"])
    def puzzle(collection: Annotated[str, PathParam(max_length=60)],
               index: Annotated[str, PathParam(max_length=20)]) -> dict[str, Any]:
        """One puzzle; ``index`` counts from 1 (``giza/1`` is ``giza-001``)."""
        entries = puzzles.load(collection)
        if not (index.isascii() and index.isdigit()) or not 1 <= int(index) <= len(entries):
            raise ServiceError(404, f"collection {collection} has {len(entries)} puzzles: "
                                    f"index must be 1 to {len(entries)}, got {index!r}",
                               "NotFound")
        return entries[int(index) - 1]

    @app.post("/v1/books", tags=["books"], response_class=Response,
              responses={200: {"content": {"application/pdf": {}}}})
    async def book(req: m.BookRequest) -> Response:
        """A small puzzle book as a PDF: the deals given (solved on the way), or puzzles
        from a shipped collection; at most the server's bound."""
        variant = req.build()
        deals = [m.parse_deal(d, variant) for d in req.deals or []]
        if req.ids is not None and (deals or not req.ids):
            raise ServiceError(400, "ids picks puzzles from the collections: give one or "
                                    "more ids and no deals", "BookError")
        count = req.count if req.count is not None else (len(deals) or len(req.ids or ()) or 4)
        if req.ids is not None:
            count = len(req.ids)
        if not 1 <= count <= cfg.max_book_count or len(deals) > cfg.max_book_count:
            raise ServiceError(413, f"a book here holds 1 to {cfg.max_book_count} puzzles, "
                                    f"got {max(count, len(deals))}", "BatchTooLarge")
        paths: list[str] = []
        if not deals:
            names = [req.collection] if req.collection is not None else puzzles.names()
            for name in names:
                puzzles.load(name)  # 404 for an unknown one, before any work
                paths.append(str(puzzles.directory / f"{name}.jsonl"))
        need("pyramids.book", "the book builder (pyramids.book)")
        t = cfg.time_limit(req.time_limit)
        data = await pool.run(
            "book", cfg.book_time_limit + cfg.grace, paths=paths, deals=deals, variant=variant,
            variants=[variant.name] if "variant" in req.model_fields_set else None,
            grades=req.grades, count=count, title=req.title, page_size=req.page_size,
            time_limit=t, ids=req.ids)
        return Response(data, media_type="application/pdf",
                        headers={"Content-Disposition": 'inline; filename="pyramids-book.pdf"'})

    return app
