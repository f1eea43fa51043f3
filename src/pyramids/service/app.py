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
from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES, GZipMiddleware
from starlette.types import ASGIApp

from .. import __version__
from .config import ServiceConfig
from .errors import ERROR_RESPONSES, add_error_handlers
from .middleware import BodyLimit, HeadAsGet, SecurityHeaders
from .pool import WorkerPool
from .routes import ROUTERS
from .routes.page import PLAIN_CACHE, STATIC, TAGGED_CACHE, PageFiles, static_tag
from .store import PuzzleStore

__all__ = ["STATIC", "create_app"]


class App(FastAPI):
    """FastAPI with :class:`~.middleware.SecurityHeaders` outside everything, so that even
    the plain 500 of an unexpected error carries the headers, and ``HEAD`` answered
    wherever ``GET`` is (:class:`~.middleware.HeadAsGet`)."""

    def build_middleware_stack(self) -> ASGIApp:
        return HeadAsGet(SecurityHeaders(super().build_middleware_stack()))


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
    # text, JSON and the page's scripts travel compressed (a PDF book gains little: it is
    # compressed inside); level 6 costs a third of level 9's time for 1% more bytes
    app.add_middleware(GZipMiddleware, minimum_size=500, compresslevel=6,
                       exclude_content_types=(*DEFAULT_EXCLUDED_CONTENT_TYPES, "application/pdf"))
    add_error_handlers(app, cfg)
    for router in ROUTERS:
        app.include_router(router)
    # the page asks for its files under their content's tag (cached for a year); the
    # plain names stay for anyone who links them (asked again each time)
    app.mount(f"/static/{static_tag()}", PageFiles(TAGGED_CACHE), name="static-tagged")
    app.mount("/static", PageFiles(PLAIN_CACHE), name="static")
    return app
