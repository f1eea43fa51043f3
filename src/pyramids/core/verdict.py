"""The answer every engine gives: ``winnable`` with a replayed solution, ``blocked`` with a
certificate, or ``unknown`` when a limit was hit. Never ``blocked`` on a guess."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pyramids.core.moves import Move

Status = Literal["winnable", "blocked", "unknown"]
CERTIFICATES = ("four-complement", "stock-count", "structural", "exhaustive", "partners",
                "free-talon")


@dataclass(frozen=True)
class Certificate:
    """Why a deal is blocked: ``kind`` is one of :data:`CERTIFICATES`; ``detail`` in words;
    ``data`` the facts behind it (cards, counts) as JSON-able values."""

    kind: str
    detail: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json_obj(self) -> dict[str, Any]:
        return {"kind": self.kind, "detail": self.detail, "data": self.data}


@dataclass(frozen=True)
class EngineRun:
    """What one engine did for a verdict: its ``status``, the ``seconds`` (wall) and
    ``nodes`` (search nodes or CP-SAT branches) it spent, the ``budget`` it was given,
    and what it ``reached`` (in words; ``score``: the best Par score it found, a lower
    bound unless it proved it)."""

    engine: str
    status: Status
    seconds: float = 0.0
    nodes: int = 0
    budget: str = ""
    reached: str = ""
    score: int | None = None

    def to_json_obj(self) -> dict[str, Any]:
        return {"engine": self.engine, "status": self.status,
                "seconds": round(self.seconds, 6), "nodes": self.nodes,
                "budget": self.budget or None, "reached": self.reached or None,
                "score": self.score}


@dataclass(frozen=True)
class Verdict:
    """The outcome of analysing one deal under one variant (the answer to a goal beyond
    winning rests on one: :class:`pyramids.answers.goals.GoalAnswer`)."""

    status: Status
    engine: str
    moves: tuple[Move, ...] = ()
    certificate: Certificate | None = None
    score: int | None = None  # best Par score under Par scoring
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""  # for unknown: which limit was hit
    deal_number: int | None = None
    engines: tuple[EngineRun, ...] = ()  # each engine run, in order (check's portfolio)
    # Par: "exact" when ``score`` is the proven best, "lower" when a limit cut the search
    # short and ``score`` is only the best found so far (never the optimum then)
    score_bound: Literal["exact", "lower"] | None = None

    def __post_init__(self) -> None:
        if self.status == "blocked" and self.certificate is None:
            raise ValueError("a blocked verdict needs a certificate")
        if self.status == "winnable" and not self.moves:
            raise ValueError("a winnable verdict needs its solution")

    @property
    def winnable(self) -> bool:
        return self.status == "winnable"

    def to_json_obj(self) -> dict[str, Any]:
        return {
            "deal": self.deal_number,
            "status": self.status,
            "engine": self.engine,
            "moves": [str(m) for m in self.moves],
            "certificate": self.certificate.to_json_obj() if self.certificate else None,
            "score": self.score,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "reason": self.reason or None,
            "score_bound": self.score_bound,
            "engines": [e.to_json_obj() for e in self.engines],
        }


def untimed(obj: dict[str, Any]) -> dict[str, Any]:
    """A verdict's JSON object (or a bulk record) without its timings (``seconds``, and
    each engine run's): what two runs of the same deal and options must agree on."""
    out = {k: v for k, v in obj.items() if k != "seconds"}
    if isinstance(out.get("engines"), list):
        out["engines"] = [{k: v for k, v in e.items() if k != "seconds"}
                          for e in out["engines"]]
    return out
