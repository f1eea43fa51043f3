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

from pyramids import __version__
from pyramids.service.config import ServiceConfig, networks
from pyramids.service.errors import add_error_handlers
from pyramids.service.middleware import BodyLimit, HeadAsGet, SecurityHeaders
from pyramids.service.observe import Metrics, Observe
from pyramids.service.pool import WorkerPool
from pyramids.service.routes import ROUTERS
from pyramids.service.routes.page import PLAIN_CACHE, STATIC, TAGGED_CACHE, PageFiles, static_tag
from pyramids.service.store import PuzzleStore

__all__ = ["STATIC", "create_app"]


class App(FastAPI):
    """FastAPI with :class:`~.middleware.SecurityHeaders` outside everything, so that even
    the plain 500 of an unexpected error carries the headers, and ``HEAD`` answered
    wherever ``GET`` is (:class:`~.middleware.HeadAsGet`); inside them every request is
    counted and logged (:class:`~.observe.Observe`). Its schema says both, with the
    server's bounds (:func:`finish_schema`)."""

    def build_middleware_stack(self) -> ASGIApp:
        cfg: ServiceConfig = self.state.config
        observed = Observe(super().build_middleware_stack(), self.state.pool,
                           self.state.metrics, networks(cfg.trusted_proxies),
                           cfg.retry_after)
        return HeadAsGet(SecurityHeaders(observed))

    def openapi(self) -> dict[str, Any]:
        if self.openapi_schema is None:
            self.openapi_schema = finish_schema(super().openapi(), self.state.config)
        return self.openapi_schema


def finish_schema(schema: dict[str, Any], cfg: ServiceConfig) -> dict[str, Any]:
    """The schema as this server answers: each ``x-bound`` (a model's bound that the
    config sets, e.g. ``{"maxItems": "max_batch"}``) replaced by the config's number, and
    a ``HEAD`` operation beside every ``GET`` (its statuses and headers, no body)."""

    def bind(node: Any) -> None:
        if isinstance(node, dict):
            for keyword, name in node.pop("x-bound", {}).items():
                node[keyword] = getattr(cfg, name)
            for value in node.values():
                bind(value)
        elif isinstance(node, list):
            for value in node:
                bind(value)

    bind(schema)
    for item in schema.get("paths", {}).values():
        get = item.get("get")
        if get is None or "head" in item:
            continue
        head = {k: v for k, v in get.items() if k != "responses"}
        head["operationId"] = f"{get.get('operationId', 'get')}_head"
        head["summary"] = f"{get.get('summary', '')} (headers only)".strip()
        head["responses"] = {code: {k: v for k, v in r.items() if k != "content"}
                             for code, r in get["responses"].items()}
        item["head"] = head
    return schema


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
    )
    app.state.config = cfg
    app.state.pool = pool
    app.state.metrics = Metrics(pool)
    app.state.puzzles = PuzzleStore(cfg.puzzles_dir)
    app.add_middleware(BodyLimit, max_bytes=cfg.max_body_bytes, timeout=cfg.body_timeout)
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
