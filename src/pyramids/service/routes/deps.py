"""What the routes take from the app (its config, worker pool and puzzle store, set by
:func:`pyramids.service.app.create_app` on ``app.state``) and from a request (a variant
from query parameters, moves in the CLI's notation)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request

from ...moves import Move, parse_moves
from ...variants import Variant
from .. import models as m
from ..config import ServiceConfig
from ..pool import WorkerPool
from ..store import PuzzleStore


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
    auto_deal: bool | None = None,
) -> Variant:
    """The variant from query parameters (same names as the JSON bodies' options)."""
    return m.VariantOptions(variant=variant, rows=rows, rest=rest, draw=draw, passes=passes,
                            stock_waste=stock_waste, overlap=overlap, objective=objective,
                            scoring=scoring, stock_top=stock_top,
                            auto_deal=auto_deal).build()


QueryVariant = Annotated[Variant, Depends(variant_query)]


def moves_of(spec: list[str] | str) -> list[Move]:
    """Moves given as a list or as one string, parsed with the CLI's notation."""
    return parse_moves(spec)
