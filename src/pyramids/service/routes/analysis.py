"""Analysis: ``/v1/check`` (a verdict or a goal's answer), ``/v1/position`` (a line
replayed), ``/v1/filter`` (a verdict per deal), each for the classic presets and for
PySolFC's ten other pyramid games. Solving runs in the worker pool."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from pyramids.answers.goals import Goal
from pyramids.bulk import Job
from pyramids.core.errors import VariantError
from pyramids.core.rules import Rules
from pyramids.service import family
from pyramids.service import models as m
from pyramids.service.errors import BODY, POOLED, ServiceError, documented
from pyramids.service.play import position as play_position
from pyramids.service.pool import note_answer
from pyramids.service.routes.deps import Config, Pool, moves_of

router = APIRouter(tags=["analysis"])
#: The 400s of a deal, its rules and moves: what JSON Schema cannot state.
DEAL_400 = ("A deal whose text is not 52 distinct cards (or a pysolfc:N the variant does "
            "not deal), rule options that do not go together, a move that cannot be read "
            "or is not legal where it is played (naming its step)")


@router.post("/v1/check", response_model=m.CheckOut, response_model_exclude_unset=True,
             responses=documented(400, *BODY, *POOLED, s400=(
                 f"{DEAL_400}, or a goal the rules do not fit (the score goals need MSC's "
                 "scoring; a score target up to 1,290)")))
async def check(req: m.CheckRequest, cfg: Config, pool: Pool) -> Any:
    """Winnable (with a replayed solution), blocked (with a certificate) or unknown
    (a limit was hit): the same result as ``pyramids check --json``. An illegal ``start``
    is a 400 naming its step (the solver process replays it, once, before any search).
    One of PySolFC's ten games is answered by the general search (a win only), its line
    in the project's notation, which is PySolFC's clicks, replayed by the rules engine and,
    for a PySolFC game number, click by click in the model of PySolFC's stacks."""
    rules = req.game()
    if rules is not None:
        return await _check_game(req, rules, cfg, pool)
    variant = req.build()
    deal = m.parse_deal(req.deal, variant)
    start = moves_of(req.start)
    goal = Goal.parse(req.goal)
    goal.validate(variant)  # a bad goal is a 400 before any work; the job takes it as read
    t = cfg.time_limit(req.time_limit)
    answer = await pool.run("check", t + cfg.grace, deal=deal, variant=variant,
                            engine=req.engine, time_limit=t, start=start, goal=goal)
    note_answer(answer.get("engine"), answer.get("status"))
    return answer


async def _check_game(req: m.CheckRequest, rules: Rules, cfg: Config, pool: Pool) -> Any:
    deal = family.deal_of(req.deal, rules)
    if req.goal != "win":
        raise VariantError(f"goal {req.goal}: {rules.name} is answered for a win so far")
    if req.engine != "auto":
        raise VariantError(f"engine {req.engine}: {rules.name} is answered by the general "
                           "search (engine auto)")
    t = cfg.time_limit(req.time_limit)
    start = req.start.split() if isinstance(req.start, str) else list(req.start)
    answer = await pool.run("check_game", t + cfg.grace, game=rules.name, deal=deal,
                            time_limit=t, start=start)
    note_answer(answer.get("engine"), answer.get("status"))
    return answer


@router.post("/v1/position", response_model=m.PositionOut, response_model_exclude_none=True,
             responses=documented(400, *BODY, s400=DEAL_400))
def position(req: m.PositionRequest) -> dict[str, Any]:
    """The position after ``moves`` from the deal, replayed by the referee: every
    card's place, the legal moves, won or lost, the Par score so far. An illegal move
    is a 400 with the referee's reason, naming its step. One of PySolFC's ten games is
    replayed by the general rules engine (``ids``: the cards by id, two copies apart)."""
    rules = req.game()
    if rules is not None:
        moves = req.moves.split() if isinstance(req.moves, str) else list(req.moves)
        return family.position(rules, family.deal_of(req.deal, rules), moves, req.steps)
    variant = req.build()
    deal = m.parse_deal(req.deal, variant)
    return play_position(deal, variant, moves_of(req.moves), steps=req.steps)


@router.post("/v1/filter", response_model=m.FilterOut,
             responses=documented(400, *BODY, *POOLED, s400=(
                 f"{DEAL_400}, or a goal the rules do not fit"), s413=(
                 "Body over the server's byte bound, or more deals than its bound (the "
                 "schema's maxItems)")))
async def filter_(req: m.FilterRequest, cfg: Config, pool: Pool) -> dict[str, Any]:
    """A verdict per deal: ``quick`` (cheap certificates) or ``exact`` (full check).
    One of PySolFC's ten games (``variant`` ``pysolfc-pharaohs``..., deals ``pysolfc:N``)
    is answered exactly (``mode`` left out or ``exact``), each deal as ``pyramids
    filter`` answers it: the general search within 1,000,000 positions, then CP-SAT on
    a deal it leaves there, within the time limit."""
    if len(req.deals) > cfg.max_batch:
        raise ServiceError(413, f"at most {cfg.max_batch} deals per request, "
                                f"got {len(req.deals)}", "BatchTooLarge")
    rules = req.game()
    if rules is not None:
        return await _filter_game(req, rules, cfg, pool)
    variant = req.build()
    deals = [m.parse_deal(d, variant) for d in req.deals]
    t = cfg.time_limit(req.time_limit)
    # a bad goal: a 400 (the job checks it against the rules once, here)
    job = Job(variant, req.mode, req.engine, time_limit=t, goal=Goal.parse(req.goal))
    results = await pool.run("filter_deals", cfg.filter_budget + cfg.grace, deals=deals,
                             job=job, budget=cfg.filter_budget)
    return {"mode": req.mode, "variant": variant.options(),
            "time_limit": t if req.mode == "exact" else None, "counts": _counts(results),
            "results": results}


async def _filter_game(req: m.FilterRequest, rules: Rules, cfg: Config, pool: Pool,
                       ) -> dict[str, Any]:
    """``/v1/filter`` of one of PySolFC's ten games: what it does not answer is a 400
    naming it, before any work; each deal read as ``/v1/check`` reads a game's."""
    refused = [("mode" in req.model_fields_set and req.mode != "exact",
                f"mode {req.mode}", "is answered exactly only (mode exact)"),
               (req.goal != "win", f"goal {req.goal}", "is filtered for a win so far"),
               (req.engine != "auto", f"engine {req.engine}",
                "is answered by the general search, then CP-SAT (engine auto)")]
    for bad, what, why in refused:
        if bad:
            raise VariantError(f"{what}: {rules.name} {why}")
    deals = [family.deal_of(d, rules) for d in req.deals]
    t = cfg.time_limit(req.time_limit)
    results = await pool.run("filter_games", cfg.filter_budget + cfg.grace, game=rules.name,
                             deals=deals, time_limit=t, budget=cfg.filter_budget)
    return {"mode": "exact", "variant": family.variant_json(rules), "time_limit": t,
            "counts": _counts(results), "results": results}


def _counts(results: list[dict[str, Any]]) -> dict[str, int]:
    """The results by status (winnable, blocked and unknown always present)."""
    counts: dict[str, int] = {"winnable": 0, "blocked": 0, "unknown": 0}
    for r in results:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    return counts
