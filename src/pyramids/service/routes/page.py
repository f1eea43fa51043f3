"""The web page at ``/``, its static files (mounted by the app), ``/healthz`` and
``/metrics`` (Prometheus' text format: :mod:`pyramids.service.observe`).

The page's HTML is ``static/index.html`` filled in per request: the static files under a
name that holds their content's hash (``/static/<tag>/app.js``, cached for a year: a new
release has a new tag), the games and rule options in a player's words, and the board's
size for the game in the address, so that nothing moves when the cards arrive.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope

from pyramids import __version__
from pyramids.core.deals import Deal
from pyramids.core.errors import PyramidsError
from pyramids.core.game import Game
from pyramids.core.moves import parse_moves
from pyramids.core.placement import View, page_frame
from pyramids.core.rules import GAMES, Rules
from pyramids.core.variants import (
    OBJECTIVES,
    PRESETS,
    SCORINGS,
    STOCK_TOPS,
    STOCK_WASTE,
    Variant,
    build_variant,
)
from pyramids.service import family
from pyramids.service import models as m
from pyramids.service.observe import CONTENT_TYPE, Metrics
from pyramids.service.play import position
from pyramids.service.routes.deals import variants
from pyramids.service.routes.deps import Config, Pool, Puzzles

STATIC = Path(__file__).resolve().parent.parent / "static"
#: Cache lifetimes: the page itself is asked again each time (it names the current tag);
#: a file under its tag never changes; a file under its plain name may.
PAGE_CACHE = "no-cache"
TAGGED_CACHE = "public, max-age=31536000, immutable"
PLAIN_CACHE = "no-cache"
#: The rule options' values in a player's words (the form's menus; values as the API's).
OPTION_WORDS: dict[str, dict[str, str]] = {
    "stock_waste": {"allowed": "may pair", "forbidden": "never pair",
                    "automatic": "pair at once, forced"},
    "objective": {"all": "discard all 52 cards", "pyramid": "clear the pyramid"},
    "scoring": {"none": "no score", "par": "Par score",
                "msc": "Microsoft Solitaire Collection's score"},
    "stock_top": {"face-down": "face down", "face-up": "face up, in play"},
}
OPTION_VALUES = {"stock_waste": STOCK_WASTE, "objective": OBJECTIVES, "scoring": SCORINGS,
                 "stock_top": STOCK_TOPS}
#: The query parameters that make the page's rules (as the JSON bodies name them).
RULE_PARAMS = ("rows", "rest", "draw", "passes", "stock_waste", "overlap", "objective",
               "scoring", "stock_top", "auto_deal")

router = APIRouter()


class PageFiles(StaticFiles):
    """The page's static files with a cache lifetime (``cache``; ETags and
    ``Last-Modified`` as :class:`StaticFiles` gives them). ``index.html`` is the page's
    template, served only filled in, at ``/``."""

    def __init__(self, cache: str) -> None:
        super().__init__(directory=STATIC)
        self.cache = cache

    async def get_response(self, path: str, scope: Scope) -> Response:
        if path.strip("/") == "index.html":
            raise HTTPException(404)
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = self.cache
        return response


def tag_of(folder: Path) -> str:
    """A short hash of every file's name and bytes in ``folder``: a version that changes
    whenever any of them does."""
    h = hashlib.sha256()
    for path in sorted(folder.iterdir()):
        if path.is_file():
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:12]


@cache
def static_tag() -> str:
    """The page's files' tag (:func:`tag_of` of :data:`STATIC`), read once a process."""
    return tag_of(STATIC)


def page_variant(query: Mapping[str, str]) -> tuple[Variant, bool]:
    """The rules the address asks for and True, or Pyramid and False when they cannot be
    built (the page then shows the service's reason, asking it with the same parameters)."""
    opts: dict[str, Any] = {k: query[k] for k in RULE_PARAMS if query.get(k)}
    try:
        if "rows" in opts:
            opts["rows"] = int(opts["rows"])
        for yes_no in ("overlap", "auto_deal"):
            if yes_no in opts:
                opts[yes_no] = opts[yes_no] == "true"
        return build_variant(query.get("variant") or "pyramid", **opts), True
    except (PyramidsError, ValueError):
        return PRESETS["pyramid"], False


@cache
def board_box(variant: Variant) -> str:
    """The SVG ``viewBox`` of the board for ``variant`` (its size is the same at every
    move of every deal: :func:`pyramids.core.placement.page_frame`), 8 units of margin."""
    f = page_frame(View.of(Game(Deal.from_number(0), variant)))
    return f"-8 -8 {f['width'] + 16:g} {f['height'] + 16:g}"


def page_data() -> dict[str, Any]:
    """What the page's script needs before its first request: ``/v1/variants`` (the
    presets with their titles and rules in words, the ten games' names and rules) and
    the option values' words."""
    listed = variants()
    # the ten games' names and rules in words (their layouts come with each position)
    listed["games"] = [{k: g[k] for k in ("name", "title", "rules", "description")}
                       for g in listed["games"]]
    return listed | {"option_words": OPTION_WORDS}


def _options(values: list[tuple[str, str]], selected: str) -> str:
    return "".join(f'<option value="{escape(v)}"{" selected" if v == selected else ""}>'
                   f"{escape(label)}</option>" for v, label in values)


@cache
def _template() -> str:
    return (STATIC / "index.html").read_text(encoding="utf-8")


def goal_fields(goal: str, variant: Variant) -> tuple[bool, bool]:
    """Does the goal in the address show the form's number field, and its rank field?
    (As the page's script will decide, so that nothing moves when it runs.)"""
    kind, _, target = goal.partition(":")
    if kind == "score" and variant.scoring != "msc":
        return False, False  # the page offers the score goals under MSC's score only
    return kind == "cards" or (kind == "score" and bool(target)), kind == "cards"


def first_position(query: Mapping[str, str], variant: Variant) -> dict[str, Any] | None:
    """The position the address shows (its deal and moves, as ``/v1/position`` answers),
    so that the board is drawn without a round trip; ``None`` when the address asks for
    something the service refuses (the page then asks, and shows the reason)."""
    if len(query.get("deal", "")) > 2000 or len(query.get("moves", "")) > 20_000:
        return None
    try:
        deal = m.parse_deal(query.get("deal") or "1", variant)
        shown = position(deal, variant, parse_moves(query.get("moves") or ""))
        return {k: v for k, v in shown.items() if v is not None}  # as the API sends it
    except (PyramidsError, ValueError):
        return None


def game_options(selected: str) -> str:
    """The game menu: the classic presets, then PySolFC's ten other games."""
    games = _options([(n, family.pysolfc_title(r, "PySolFC")) for n, r in GAMES.items()],
                     selected)
    return (_options([(n, v.full_title) for n, v in PRESETS.items()], selected)
            + f'<optgroup label="PySolFC\'s other pyramid games">{games}</optgroup>')


def game_page(query: Mapping[str, str], rules: Rules) -> tuple[dict[str, Any] | None, str]:
    """One of the ten games in the address: the position it shows (``None`` when the
    service refuses its deal or moves: the page then asks, and shows why) and the board's
    ``viewBox`` (the game's, the same for every deal)."""
    try:
        deal = family.deal_of(query.get("deal") or "pysolfc:1", rules)
        shown: dict[str, Any] | None = family.position(
            rules, deal, (query.get("moves") or "").split())
    except PyramidsError:
        shown = None
        deal = family.deal_of("pysolfc:1", rules)
    board = family.position(rules, deal, [])["position"]["board"]
    return shown, f"-8 -8 {board['width'] + 16:g} {board['height'] + 16:g}"


def render_index(variant: Variant, preset: str, goal: str = "win",
                 shown: dict[str, Any] | None = None, box: str | None = None,
                 rules_text: str | None = None) -> str:
    """``index.html`` filled in for ``variant`` (chosen in the address as ``preset``),
    the ``goal`` asked there and the position ``shown`` (one of the ten games: its board's
    ``box`` and its rules in words instead of the variant's)."""
    number, rank = goal_fields(goal, variant)
    data = page_data() | {"position": shown}
    fills = {
        "goal_n": "" if number else "off", "goal_rank": "" if rank else "off",
        "static": f"/static/{static_tag()}",
        "viewbox": box or board_box(variant),
        "games": game_options(preset),
        "rules": escape(rules_text or variant.in_words()),
        "data": json.dumps(data, separators=(",", ":")).replace("<", "\\u003c"),
    }
    for key, values in OPTION_VALUES.items():
        fills[f"opt_{key}"] = _options([(v, OPTION_WORDS[key][v]) for v in values], "")
    html = _template()
    for key, value in fills.items():
        html = html.replace("{{" + key + "}}", value)
    return html


@router.get("/", include_in_schema=False)
def index(request: Request) -> HTMLResponse:
    """The web page (static files shipped in the package: no build step, no CDN)."""
    query = request.query_params
    rules = GAMES.get(query.get("variant") or "")
    if rules is not None:
        shown, box = game_page(query, rules)
        return HTMLResponse(render_index(PRESETS["pyramid"], rules.name, "win", shown, box,
                                         family.rules_words(rules)),
                            headers={"Cache-Control": PAGE_CACHE})
    variant, ok = page_variant(query)
    preset = variant.name if variant.name in PRESETS else "pyramid"
    shown = first_position(query, variant) if ok else None
    return HTMLResponse(render_index(variant, preset, query.get("goal") or "win", shown),
                        headers={"Cache-Control": PAGE_CACHE})


@router.get("/healthz", response_model=m.HealthOut, tags=["service"], responses={})
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


@router.get("/metrics", include_in_schema=False)
def metrics(request: Request) -> Response:
    """The service's metrics in Prometheus' text format, for a Prometheus server to scrape
    (requests, latency, jobs, refusals, solver restarts; docs/usage.md lists them)."""
    registry: Metrics = request.app.state.metrics
    return Response(registry.scrape(), media_type=CONTENT_TYPE,
                    headers={"Cache-Control": "no-store"})
