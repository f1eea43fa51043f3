"""The service's endpoints, one router per group (the tags of the API docs): the web page
and health (:mod:`.page`), analysis (:mod:`.analysis`: check, position, filter), deals
and variants (:mod:`.deals`), puzzle collections (:mod:`.puzzles`), books
(:mod:`.books`), daily challenges (:mod:`.daily`). Each reads the app's config, pool and
puzzle store through :mod:`.deps`."""

from __future__ import annotations

from fastapi import APIRouter

from pyramids.service.routes import analysis, books, daily, deals, page, puzzles

#: In the order of the API docs.
ROUTERS: tuple[APIRouter, ...] = (page.router, analysis.router, deals.router,
                                  puzzles.router, books.router, daily.router)

__all__ = ["ROUTERS"]
