"""The FastAPI application: ``create_app(config)`` builds it; ``pyramids serve`` runs it.

Solving, filtering and book-making run in a bounded pool of worker processes (see
:mod:`.pool`), never in the event loop. The endpoints are routers (:mod:`.routes`), the
errors one JSON body each (:mod:`.errors`); every response carries the security headers
of :mod:`.middleware`, and request bodies are bounded there.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp

from .. import __version__
from .config import ServiceConfig
from .errors import ERROR_RESPONSES, add_error_handlers
from .middleware import BodyLimit, SecurityHeaders
from .pool import WorkerPool
from .routes import ROUTERS
from .routes.page import STATIC
from .store import PuzzleStore

__all__ = ["STATIC", "create_app"]


class App(FastAPI):
    """FastAPI with :class:`~.middleware.SecurityHeaders` outside everything, so that even
    the plain 500 of an unexpected error carries the headers."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())


def create_app(config: ServiceConfig | None = None, **overrides: Any) -> FastAPI:
    """The service. ``overrides`` replace fields of ``config`` (e.g. ``workers=2``)."""
    cfg = replace(config or ServiceConfig(), **overrides)
    pool = WorkerPool(cfg.workers, cfg.capacity)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool.start()
        try:
            yield
        finally:
            pool.stop()

    app = App(
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
    app.state.puzzles = PuzzleStore(cfg.puzzles_dir)
    app.add_middleware(BodyLimit, max_bytes=cfg.max_body_bytes)
    add_error_handlers(app, cfg)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
