"""The shipped puzzle collections: ``/v1/puzzles``, a collection, one puzzle."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi import Path as PathParam

from ..errors import ServiceError
from .deps import Config, Puzzles

router = APIRouter(tags=["puzzles"])


@router.get("/v1/puzzles")
def collections(puzzles: Puzzles) -> dict[str, Any]:
    """The shipped puzzle collections and their sizes."""
    names = puzzles.names()
    if not names:
        raise ServiceError(503, "puzzle collections are not available yet", "Unavailable")
    return {"collections": [{"name": n, "count": len(puzzles.load(n))} for n in names]}


@router.get("/v1/puzzles/{collection}")
def collection(collection: Annotated[str, PathParam(max_length=60)], puzzles: Puzzles,
               cfg: Config, offset: Annotated[int, Query(ge=0)] = 0,
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


@router.get("/v1/puzzles/{collection}/{index}")
def puzzle(collection: Annotated[str, PathParam(max_length=60)],
           index: Annotated[str, PathParam(max_length=20)], puzzles: Puzzles
           ) -> dict[str, Any]:
    """One puzzle; ``index`` counts from 1 (``giza/1`` is ``giza-001``)."""
    entries = puzzles.load(collection)
    if not (index.isascii() and index.isdigit()) or not 1 <= int(index) <= len(entries):
        raise ServiceError(404, f"collection {collection} has {len(entries)} puzzles: "
                                f"index must be 1 to {len(entries)}, got {index!r}",
                           "NotFound")
    return entries[int(index) - 1]
