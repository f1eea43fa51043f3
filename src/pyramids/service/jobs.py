"""The work done in solver processes. Each job imports what it needs when it runs, so that
the event loop's process never loads a solver, and a worker started for tests of the pool
alone loads none. Jobs return plain JSON-able values or bytes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from pyramids.core.board import GameDeal
from pyramids.core.deals import Deal
from pyramids.core.moves import Move
from pyramids.core.variants import Variant

if TYPE_CHECKING:
    from pyramids.answers.goals import Goal, GoalAnswer
    from pyramids.bulk import Job
    from pyramids.core.verdict import Verdict


def check(deal: Deal, variant: Variant, engine: str, time_limit: float,
          start: Sequence[Move] = (), goal: Goal | None = None) -> dict[str, Any]:
    """:func:`pyramids.answers.ask.ask` on one deal, as the JSON object of
    ``pyramids check --json``;
    with ``start``, for the position those moves reach (solution = start + continuation;
    an illegal one raises the referee's error naming its step, before any search); with
    a ``goal`` (parsed and checked against ``variant`` by the route), its answer
    (``pyramids check --goal``)."""
    from pyramids.answers.ask import WIN, ask
    from pyramids.pysolfc.notes import notes_json

    verdict = ask(deal, variant, goal or WIN, engine=engine, time_limit=time_limit,
                  start=start)
    # exactly what `pyramids check --json` prints
    return verdict_json(verdict, deal, variant) | {"variant": variant.options(),
                                                    "line": deal.line()} \
        | notes_json(deal, variant, verdict.moves)


def check_game(game: str, deal: GameDeal, time_limit: float,
               start: Sequence[str] = ()) -> dict[str, Any]:
    """One of PySolFC's ten games (:data:`pyramids.core.rules.GAMES`): the general
    engines' verdict (:func:`pyramids.answers.family.check_game`, its line replayed by the
    rules engine), as ``pyramids check --json`` prints it, with ``moves`` (the line in the
    project's notation: PySolFC's clicks) and, for a deal of a PySolFC game number, the
    line replayed click by click in the model of PySolFC's stacks (``clicks``: won, and
    the deals PySolFC makes by itself)."""
    from pyramids.answers.family import check_game as check_rules
    from pyramids.core.rules import GAMES
    from pyramids.pysolfc.family_model import replay_family

    rules = GAMES[game]
    verdict = check_rules(rules, deal.cards, start=tuple(start), time_limit=time_limit,
                          engine="auto")
    out = verdict.to_json_obj() | {
        "deal": None, "pysolfc": deal.pysolfc, "line": deal.line(),
        "variant": {"name": rules.name, "game": True}}
    if verdict.status == "winnable" and deal.pysolfc is not None and rules.pysolfc:
        key = str(deal.pysolfc)
        ms = key.startswith("ms")
        done = replay_family(rules.pysolfc, int(key[2:] if ms else key), list(verdict.line),
                             ms=ms)
        if not done.won:  # pragma: no cover - the rules engine and the model disagree
            raise AssertionError(f"{rules.name} {deal.label()}: PySolFC's model does not "
                                 "win with the line the rules engine won")
        out["clicks"] = {"replayed": True, "won": done.won, "clicks": done.clicks,
                         "automatic_deals": done.automatic_deals}
    return out


def verdict_json(verdict: Verdict | GoalAnswer, deal: Deal, variant: Variant,
                 ) -> dict[str, Any]:
    """The verdict's JSON object, with the deal number (when known) filled in."""
    obj: dict[str, Any] = verdict.to_json_obj()
    if obj.get("deal") is None:
        obj["deal"] = deal.number
    return obj


def filter_deals(deals: list[Deal], job: Job, budget: float) -> list[dict[str, Any]]:
    """One result per deal, in order, as ``pyramids filter`` decides it (``bulk.analyse``:
    instant certificates, then in exact mode the full check; the ``job`` built, its goal
    checked, by the route), each within the job's time limit. Once ``budget`` seconds
    are spent, the deals not yet looked at are reported ``unknown`` (batch time limit)."""
    from pyramids.bulk import analyse

    def answer(deal: Deal, left: float) -> dict[str, Any]:
        limit = job.time_limit
        this = job if limit is not None and limit <= left else replace(job, time_limit=left)
        return verdict_json(analyse(deal, this), deal, job.variant)

    return _within(deals, budget, answer, lambda deal: {"deal": deal.number})


def filter_games(game: str, deals: list[GameDeal], time_limit: float, budget: float
                 ) -> list[dict[str, Any]]:
    """One result per deal of one of PySolFC's ten games, in order, as ``pyramids
    filter -V GAME`` decides it (:func:`pyramids.answers.family.check_game`, engine
    ``auto``: the search within the bulk runs' node limit, then CP-SAT on a deal it
    leaves there), each within ``time_limit`` and what is left of ``budget``; then
    ``unknown`` (batch time limit), as :func:`filter_deals`."""
    from pyramids.answers.family import check_game as check_rules
    from pyramids.bulk import GAME_NODE_LIMIT
    from pyramids.core.rules import GAMES

    rules = GAMES[game]

    def key(deal: GameDeal) -> dict[str, Any]:
        return {"deal": None, "pysolfc": deal.pysolfc, "game": game}

    def answer(deal: GameDeal, left: float) -> dict[str, Any]:
        verdict = check_rules(rules, deal.cards, node_limit=GAME_NODE_LIMIT,
                              time_limit=min(time_limit, left), engine="auto")
        return key(deal) | verdict.to_json_obj()

    return _within(deals, budget, answer, key)


D = TypeVar("D", Deal, GameDeal)


def _within(deals: list[D], budget: float, answer: Callable[[D, float], dict[str, Any]],
            key: Callable[[D], dict[str, Any]]) -> list[dict[str, Any]]:
    """``answer(deal, seconds left)`` for each deal while ``budget`` seconds last, then
    ``unknown`` (batch time limit) after the deal's ``key``; each with its ``line``."""
    t0 = time.monotonic()
    out: list[dict[str, Any]] = []
    for deal in deals:
        left = budget - (time.monotonic() - t0)
        if left <= 0:
            obj = key(deal) | {"status": "unknown", "engine": None, "certificate": None,
                               "reason": "batch time limit"}
        else:
            obj = answer(deal, left)
        obj["line"] = deal.line()
        out.append(obj)
    return out


def book(paths: list[str], deals: list[Deal], variant: Variant, variants: list[str] | None,
         grades: list[str] | None, count: int, title: str | None, page_size: str,
         time_limit: float, ids: list[str] | None = None, large_print: bool = False,
         per_page: int = 1, cover: tuple[str, str | None] | None = None) -> bytes:
    """A PDF book. With ``deals``: those deals under ``variant``, each solved here (a deal
    that is not proved winnable is an error, named). Otherwise ``count`` puzzles gathered
    from the collection files (``paths``) as ``pyramids book`` does, topped up on the fly.
    ``cover``: (paper, back text): the book's wrap-around cover instead of the book, for
    the page count of the book made here (its front draws the first puzzle)."""
    from pyramids.book import BookError, BookOptions, Puzzle, gather, read_jsonl, render_book
    from pyramids.book.puzzles import find_solver

    if deals:
        name, solve = find_solver()
        puzzles = []
        for i, deal in enumerate(deals, 1):
            label = f"deal {deal.label()}" if deal.number is not None or \
                deal.pysolfc is not None else f"deal #{i} (line)"
            verdict = solve(deal, variant, time_limit)
            if verdict.status != "winnable":
                why = f": {verdict.reason}" if verdict.reason else ""
                raise BookError(f"{label} is {verdict.status} under {variant.name}{why}; "
                                "a book prints winnable deals only")
            key = deal.number if deal.number is not None else (
                f"pysolfc-{deal.pysolfc}" if deal.pysolfc is not None else i)
            obj = {"id": f"{variant.name}-{key}", "pysolfc": deal.pysolfc,
                   "collection": "request", "deal": deal.number, "line": deal.line(),
                   "variant": variant.options(), "grade": "ungraded",
                   "solution": [str(m) for m in verdict.moves]}
            puzzles.append(Puzzle.from_json_obj(obj, f"{label} solved by {name}"))
    else:
        # read as far as choosing needs: the puzzles chosen are checked (gather does it)
        pool = [p for path in paths for p in read_jsonl(path, check=False)]
        if ids is not None:
            by_id = {p.id: p for p in pool}
            missing = [i for i in ids if i not in by_id]
            if missing:
                raise BookError(f"no puzzle {missing[0]!r} in the collections asked")
            puzzles = [by_id[i].checked() for i in ids]
        else:
            puzzles = gather(pool, variants, grades, count, on_the_fly=True,
                             time_limit=time_limit)
    opts = BookOptions(page_size=page_size, large_print=large_print, per_page=per_page)
    if title:
        opts = BookOptions(title=title, page_size=page_size, large_print=large_print,
                           per_page=per_page)
    data, info = render_book(puzzles, opts)
    if cover is not None:
        from pyramids.book.cover import render_cover

        paper, description = cover
        return render_cover(puzzles[0], page_size, info.pages, paper,
                            title or opts.title, description=description)
    return bytes(data)


def daily(date: str, preset: str) -> dict[str, Any]:
    """A day's challenges (:func:`pyramids.daily.day`), as ``pyramids daily --json``."""
    from pyramids import daily as dl

    return dl.day(dl.parse_date(date), preset).to_json()
