"""The web page at ``/`` (its static files are mounted by the app) and ``/healthz``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse

from ... import __version__
from .. import models as m
from .deps import Config, Pool, Puzzles

STATIC = Path(__file__).resolve().parent.parent / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
def index() -> FileResponse:
    """The web page (static files shipped in the package: no build step, no CDN)."""
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/healthz", response_model=m.HealthOut, tags=["service"])
def healthz(cfg: Config, pool: Pool, puzzles: Puzzles) -> dict[str, Any]:
    """Liveness, load and which backends this build has (the solvers and the book are
    part of every build; the puzzle collections are there when their folder is)."""
    return {
        "status": "ok", "version": __version__, "workers": cfg.workers,
        "capacity": pool.capacity, "in_flight": pool.in_flight,
        "completed": pool.completed,
        "backends": {"check": True, "search": True, "cpsat": True, "quick": True,
                     "book": True, "puzzles": bool(puzzles.names())},
    }
