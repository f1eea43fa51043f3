"""What the routes take from the app (its config, worker pool and puzzle store, set by
:func:`pyramids.service.app.create_app` on ``app.state``) and from a request (a variant
from query parameters, moves in the CLI's notation)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request

from pyramids.core.moves import Move, parse_moves
from pyramids.core.rules import Rules
from pyramids.core.variants import Objective, Scoring, StockTop, StockWaste, Variant
from pyramids.service import models as m
from pyramids.service.config import ServiceConfig
from pyramids.service.pool import WorkerPool
from pyramids.service.store import PuzzleStore


def _config(request: Request) -> ServiceConfig:
    cfg: ServiceConfig = request.app.state.config
    return cfg


def _pool(request: Request) -> WorkerPool:
    pool: WorkerPool = request.app.state.pool
    return pool


def _puzzles(request: Request) -> PuzzleStore:
    store: PuzzleStore = request.app.state.puzzles
    return store


Config = Annotated[ServiceConfig, Depends(_config)]
Pool = Annotated[WorkerPool, Depends(_pool)]
Puzzles = Annotated[PuzzleStore, Depends(_puzzles)]


def variant_query(
    variant: Annotated[m.VariantName, Query(description="A preset (see /v1/variants)")
                       ] = "pyramid",
    rows: Annotated[str | None, Query(pattern=m.ROWS_PATTERN)] = None,
    rest: Annotated[str | None, Query(pattern=m.REST_PATTERN)] = None,
    draw: Annotated[str | None, Query(pattern=m.DRAW_PATTERN)] = None,
    passes: Annotated[str | None, Query(pattern=m.PASSES_PATTERN)] = None,
    stock_waste: StockWaste | None = None,
    overlap: Annotated[str | None, Query(pattern=m.BOOL_PATTERN)] = None,
    objective: Objective | None = None,
    scoring: Scoring | None = None,
    stock_top: StockTop | None = None,
    auto_deal: Annotated[str | None, Query(pattern=m.BOOL_PATTERN)] = None,
) -> Variant | Rules:
    """The variant from query parameters: the JSON bodies' options, as text; one of
    PySolFC's ten games as its :class:`~pyramids.core.rules.Rules`."""
    opts = m.VariantOptions(
        variant=variant, rows=None if rows is None else int(rows), rest=rest,
        draw=None if draw is None else int(draw),
        passes="unlimited" if passes == "unlimited" else None if passes is None else int(passes),
        stock_waste=stock_waste, overlap=None if overlap is None else overlap == "true",
        objective=objective, scoring=scoring, stock_top=stock_top,
        auto_deal=None if auto_deal is None else auto_deal == "true")
    return opts.game() or opts.build()


QueryVariant = Annotated[Variant | Rules, Depends(variant_query)]


def moves_of(spec: list[str] | str) -> list[Move]:
    """Moves given as a list or as one string, parsed with the CLI's notation."""
    return parse_moves(spec)
