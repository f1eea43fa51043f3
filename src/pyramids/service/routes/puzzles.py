"""The shipped puzzle collections: ``/v1/puzzles``, a collection, one puzzle."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi import Path as PathParam

from pyramids.service import models as m
from pyramids.service.errors import ServiceError, documented
from pyramids.service.routes.deps import Config, Puzzles
from pyramids.service.store import RETRY

router = APIRouter(tags=["puzzles"])
Collection = Annotated[str, PathParam(pattern=m.COLLECTION_PATTERN,
                                      description="A collection's name (see /v1/puzzles)",
                                      examples=["pyramid"])]
#: Where the identifiers come from: a collection's name from the list, its first puzzle.
COLLECTION_LINK = {"operationId": "puzzle_collection",
                   "parameters": {"collection": "$response.body#/collections/0/name"}}
PUZZLE_LINK = {"operationId": "puzzle",
               "parameters": {"collection": "$request.path.collection", "index": "1"}}


@router.get("/v1/puzzles", response_model=m.CollectionsOut, operation_id="puzzle_collections",
            responses={200: {"description": "The collections",
                             "links": {"collection": COLLECTION_LINK}}, **documented(503)})
def collections(puzzles: Puzzles) -> dict[str, Any]:
    """The shipped puzzle collections and their sizes."""
    names = puzzles.names()
    if not names:
        raise ServiceError(503, "puzzle collections are not available yet", "Unavailable",
                           RETRY)
    return {"collections": [{"name": n, "count": len(puzzles.load(n))} for n in names]}


@router.get("/v1/puzzles/{collection}", response_model=m.CollectionOut,
            response_model_exclude_unset=True, operation_id="puzzle_collection",
            responses={200: {"description": "A page of the collection",
                             "links": {"puzzle": PUZZLE_LINK}},
                       **documented(404, 422, 503, s404="No collection of that name")})
def collection(collection: Collection, puzzles: Puzzles, cfg: Config,
               offset: Annotated[str, Query(pattern=m.WHOLE_PATTERN)] = "0",
               limit: Annotated[str | None, Query(pattern=m.POSITIVE_PATTERN)] = None,
               grade: m.Grade | None = None) -> dict[str, Any]:
    """A collection's puzzles, of one ``grade`` if asked, paged by ``offset`` and
    ``limit`` (at most the server's page; ``count`` is how many match)."""
    entries = puzzles.load(collection)
    if grade is not None:
        entries = [e for e in entries if isinstance(e, dict) and e.get("grade") == grade]
    n, first = min(int(limit or cfg.max_page), cfg.max_page), int(offset)
    return {"collection": collection, "count": len(entries), "offset": first,
            "puzzles": entries[first:first + n]}


@router.get("/v1/puzzles/{collection}/{index}", response_model=m.PuzzleOut,
            response_model_exclude_unset=True, operation_id="puzzle",
            responses=documented(404, 422, 503, s404=(
                "No collection of that name, or no puzzle of that index in it")))
def puzzle(collection: Collection,
           index: Annotated[str, PathParam(pattern=m.WHOLE_PATTERN, examples=["1"],
                                           description="From 1 (giza/1 is giza-001)")],
           puzzles: Puzzles) -> dict[str, Any]:
    """One puzzle; ``index`` counts from 1 (``giza/1`` is ``giza-001``)."""
    entries = puzzles.load(collection)
    if not 1 <= int(index) <= len(entries):
        raise ServiceError(404, f"collection {collection} has {len(entries)} puzzles: "
                                f"index must be 1 to {len(entries)}, got {index!r}",
                           "NotFound")
    return entries[int(index) - 1]
