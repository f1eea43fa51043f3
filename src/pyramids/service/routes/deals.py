"""Deals and rules: ``/v1/deals/{number}`` (a deal laid out) and ``/v1/variants``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi import Path as PathParam

from pyramids.core.deals import Deal
from pyramids.core.errors import DealError
from pyramids.core.rules import GAMES, Rules
from pyramids.core.variants import ALIASES, OBJECTIVES, PRESETS, SCORINGS, STOCK_TOPS, STOCK_WASTE
from pyramids.service import family
from pyramids.service import models as m
from pyramids.service.errors import documented
from pyramids.service.routes.deps import QueryVariant

router = APIRouter(tags=["deals"])


@router.get("/v1/deals/{number}", response_model=m.DealOut, response_model_by_alias=True,
            responses=documented(400, 422, s400=(
                "A number past 2^64-1, or rule options that do not go together")))
def deal(number: Annotated[str, PathParam(pattern=m.NUMBER_PATTERN,
                                          description="0 to 2^64-1")],
         variant: QueryVariant,
         symbols: Annotated[str, Query(pattern=m.BOOL_PATTERN)] = "false"
         ) -> dict[str, Any]:
    """Deal ``number`` laid out for the variant: line, pretty and JSON forms. For one of
    PySolFC's ten games, ``number`` is PySolFC's game number (1 up), dealt as PySolFC
    deals it (104 cards for a two-deck game), each place's card in the JSON form."""
    if int(number) > m.MAX_DEAL:
        raise DealError(f"deal number must be 0 to 2^64-1, got {number!r}")
    if isinstance(variant, Rules):
        return family.deal_json(variant, family.deal_of(f"pysolfc:{int(number)}", variant))
    d = Deal.from_number(int(number))
    return {"number": d.number, "variant": variant.options(), "line": d.line(),
            "pretty": d.pretty(variant, symbols=symbols == "true"), "json": d.to_json_obj(variant)}


@router.get("/v1/variants", response_model=m.VariantsOut)
def variants() -> dict[str, Any]:
    """The presets (every option resolved, and in words), the options' values, and
    PySolFC's ten other games (``games``: each layout's places, their spots and covers,
    and its talon: what the web page draws them from)."""
    return {
        "presets": [v.options() | {"description": v.describe(), "title": v.title,
                                   "rules": v.in_words()} for v in PRESETS.values()],
        "aliases": dict(ALIASES),
        "options": {
            "rows": {"min": 1, "max": 9},
            "rest": ["stock", "bouquet", "tableau", "tableau:CxR"],
            "draw": [1, 3], "passes": "a whole number >= 1, or 'unlimited'",
            "stock_waste": list(STOCK_WASTE), "overlap": [True, False],
            "objective": list(OBJECTIVES), "scoring": list(SCORINGS),
            "stock_top": list(STOCK_TOPS), "auto_deal": [True, False],
            "goal": ["win", "board", "moves", "score", "score:N", "cards:RANK:N"],
        },
        "games": [family.game_info(r) for r in GAMES.values()],
    }
