"""Daily challenges: ``/v1/daily/{date}``, a day's set as ``pyramids daily --json`` gives
it. A set depends on the date and the preset alone, so each is made once (in the worker
pool) and kept."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi import Path as PathParam
from pydantic import BaseModel, Field

from pyramids import daily as dl
from pyramids.service.errors import documented
from pyramids.service.routes.deps import Config, Pool

router = APIRouter(tags=["daily"])
#: sets kept, by (date, preset): a few days of every preset
KEEP = 64
_kept: dict[tuple[str, str], dict[str, Any]] = {}


class EvidenceOut(BaseModel):
    games: int = Field(description="The simulated players' games")
    reached: int = Field(description="Those that reach the goal within the limit")
    rate: float
    slack: int | None = Field(description="Steps between par and limit (null: no limit)")
    first_moves: int = Field(description="First moves that still reach the goal in time")
    of_first_moves: int = Field(description="First moves in all")
    difficulty: float = Field(description="What the grade is read from (docs/usage.md)")


class ChallengeOut(BaseModel):
    level: str = Field(description="easy, medium, hard or expert")
    variant: str
    deal: str = Field(description="The 52 cards in layout order (a deal's line form)")
    number: int | None = Field(description="The deal's number")
    goal: str = Field(description="The goal, as /v1/check's goal field takes it (board, "
                                  "score:N, cards:RANK:N, moves)")
    limit: int | None = Field(description="Steps allowed (null: no limit)")
    solution: list[str] = Field(description="A line that reaches the goal in par steps, "
                                            "replayed by the referee")
    steps: int = Field(description="The par: the proven fewest steps to the goal")
    words: str = Field(description="The challenge in a player's words")
    evidence: EvidenceOut


class DailyOut(BaseModel):
    date: str
    variant: str
    version: int = Field(description="The generator's version: sets change with it")
    challenges: list[ChallengeOut]


@router.get("/v1/daily/{date}", response_model=DailyOut, responses=documented(
    400, 422, 503, 504, s400="A date the calendar does not have (2026-02-30, tomorrow), or "
                             "a preset without daily challenges"))
async def daily(date: Annotated[str, PathParam(max_length=40, description="YYYY-MM-DD",
                                               examples=["2026-03-01"])],
                cfg: Config, pool: Pool,
                variant: Annotated[str, Query(max_length=40, description=(
                    "A preset with daily challenges: " + ", ".join(dl.PRESETS)))] = "msc",
                ) -> Any:
    """The day's challenges, easy to expert: the same set as ``pyramids daily --date
    DATE -V VARIANT --json``. A date that is no calendar date (2026-02-30, tomorrow)
    or a preset without dailies is a 400 naming it."""
    day = dl.parse_date(date)
    dl.check_preset(variant)
    key = (day.isoformat(), variant)
    if key not in _kept:
        got = await pool.run("daily", cfg.book_time_limit + cfg.grace, date=key[0],
                             preset=variant)
        if len(_kept) >= KEEP:
            _kept.pop(next(iter(_kept)))
        _kept[key] = got
    return _kept[key]
