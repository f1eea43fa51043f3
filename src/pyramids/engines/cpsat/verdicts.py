"""Turn the CP-SAT models' answers into verdicts, replaying every solution."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pyramids.core.cards import Card
from pyramids.core.deals import Deal
from pyramids.core.errors import RefereeError
from pyramids.core.game import PAR_BASE
from pyramids.core.moves import Move
from pyramids.core.referee import replay
from pyramids.core.variants import Variant
from pyramids.core.verdict import Certificate, Verdict
from pyramids.engines.cpsat import open_model, stock_model
from pyramids.engines.cpsat.position import Position, position_at
from pyramids.engines.cpsat.slots import slots

ENGINE = "cpsat"


@dataclass(frozen=True)
class Limits:
    """``seconds``: wall-clock limit; ``deterministic``: CP-SAT deterministic seconds
    (the same work, hence the same answer, on every run and machine)."""

    seconds: float | None = None
    deterministic: float | None = None


#: Par: someone else's answer to "can all 52 cards go?" for the unscored rules (a settled
#: verdict: its status and certificate are taken), or ``None``/``unknown`` to let
#: CP-SAT's own model decide (see :func:`solve`)
WinQuestion = Callable[[Variant], "Verdict | None"]


def solve(deal: Deal, variant: Variant, *, start: Sequence[Move] = (),
          time_limit: float | None = None, presolve: bool = False,
          workers: int = 1, deterministic: float | None = None,
          win_question: WinQuestion | None = None) -> Verdict:
    t_cpu = time.process_time()
    wall = time.monotonic()

    def remaining() -> float | None:
        return None if time_limit is None else max(time_limit - (time.monotonic() - wall),
                                                   0.001)

    lim = Limits(time_limit, deterministic)

    pos = position_at(deal, variant, start) if start or variant.opening else Position()
    try:
        if pos.won:
            verdict = Verdict("winnable", ENGINE, pos.moves, score=pos.par_score,
                              reason="the position is already won")
        elif variant.is_open:
            verdict = _solve_open(deal, variant, pos, lim, presolve, workers)
        elif variant.scoring == "par":
            verdict = _solve_par(deal, variant, pos, remaining, lim, presolve, workers,
                                 win_question)
        else:
            verdict = _solve_stock(deal, variant, pos, lim, presolve, workers)
    except (RefereeError, stock_model.ModelError) as e:  # a model bug: never guess
        verdict = Verdict("unknown", ENGINE, reason=f"model solution failed replay: {e}")
    return Verdict(verdict.status, ENGINE, verdict.moves, verdict.certificate, verdict.score,
                   verdict.nodes, time.process_time() - t_cpu, verdict.reason, deal.number)


@dataclass(frozen=True)
class Reach:
    """Par: does some line from a position score at least a target (see :func:`reaches`)?"""

    answer: bool | None  # None: a limit ran out first
    score: int | None = None  # the score of the line found (answer True)
    moves: tuple[Move, ...] = ()  # that line, from the deal, replayed by the referee
    nodes: int = 0


def reaches(deal: Deal, variant: Variant, target: int, *, start: Sequence[Move] = (),
            deterministic: float | None = None, time_limit: float | None = None) -> Reach:
    if variant.scoring != "par":
        raise ValueError(f"reaches() is for Par scoring, not {variant.describe()}")
    pos = position_at(deal, variant, start)
    assert pos.par_score is not None
    if pos.won or pos.par_score >= target:  # stopping here scores par_score (rules.md)
        return Reach(pos.par_score >= target, pos.par_score, pos.moves)
    res = stock_model.solve_stock(deal, variant, time_limit=time_limit, pos=pos,
                                  deterministic=deterministic, at_least=target)
    if res.status == "infeasible":
        return Reach(False, nodes=res.branches)
    if res.status == "unknown":
        return Reach(None, nodes=res.branches)
    moves = tuple(res.moves)
    score = replay(deal, variant, moves, require_win=False).score
    if score is None or score < target:
        raise stock_model.ModelError(f"line scores {score}, asked for at least {target}")
    return Reach(True, score, moves, res.branches)


def _checked(deal: Deal, variant: Variant, moves: Sequence[Move]) -> tuple[Move, ...]:
    replay(deal, variant, moves)
    return tuple(moves)


def _from(pos: Position, detail: str, data: dict[str, object]) -> tuple[str, dict[str, object]]:
    """A certificate's words and data, naming the position when it is not the deal."""
    if pos.is_start:
        return detail, data
    return f"from {pos.label()}: {detail}", {**data, "start_moves": len(pos.moves)}


def _solve_open(deal: Deal, variant: Variant, pos: Position, lim: Limits,
                presolve: bool, workers: int) -> Verdict:
    lay = slots(variant)
    gone = {s for s, c in enumerate(deal.cards[: lay.n]) if Card(c) in pos.gone}
    bouquet = ([c for c in deal.cards[lay.n:] if Card(c) not in pos.gone]
               if variant.rest == "bouquet" else [])
    res = open_model.solve_layout(deal.cards[: lay.n], lay, bouquet, overlap=variant.overlap,
                                  objective=variant.objective, time_limit=lim.seconds,
                                  presolve=presolve, workers=workers, gone=gone,
                                  deterministic=lim.deterministic)
    if res.status == "feasible":
        return Verdict("winnable", ENGINE, _checked(deal, variant, [*pos.moves, *res.moves]),
                       nodes=res.branches)
    if res.status == "infeasible":
        if variant.rest == "bouquet":
            kind = "structural"
            detail, data = _from(pos, "the pyramid cannot be cleared with the bouquet "
                                 "(the open-bouquet CP-SAT model is infeasible)",
                                 {"model": "open-bouquet", "overlap": variant.overlap})
        else:
            kind = "exhaustive"
            detail, data = _from(pos, f"the CP-SAT model of {variant.describe()} "
                                 "is infeasible: no order of discards clears "
                                 + ("the pyramid" if variant.objective == "pyramid"
                                    else "all 52 cards"),
                                 {"model": "open-tableau", "overlap": variant.overlap})
        return Verdict("blocked", ENGINE, certificate=Certificate(kind, detail, data),
                       nodes=res.branches)
    return Verdict("unknown", ENGINE, nodes=res.branches,
                   reason=stock_model.limit_hit(lim.seconds, lim.deterministic, res.dtime))


def _stock_cert(variant: Variant, pos: Position, passes: int) -> Certificate:
    detail, data = _from(pos, f"the CP-SAT model of {variant.describe()} is "
                         "infeasible: no line of play clears "
                         + ("the pyramid" if variant.objective == "pyramid" else "all 52 cards"),
                         {"model": "stock", "passes_modelled": passes})
    return Certificate("exhaustive", detail, data)


def _solve_stock(deal: Deal, variant: Variant, pos: Position, lim: Limits,
                 presolve: bool, workers: int) -> Verdict:
    res = stock_model.solve_stock(deal, variant, time_limit=lim.seconds, presolve=presolve,
                                  workers=workers, pos=pos, deterministic=lim.deterministic)
    if res.status in ("feasible", "optimal"):
        return Verdict("winnable", ENGINE, _checked(deal, variant, res.moves),
                       nodes=res.branches)
    if res.status == "infeasible":
        return Verdict("blocked", ENGINE, certificate=_stock_cert(variant, pos, res.passes),
                       nodes=res.branches)
    return Verdict("unknown", ENGINE, nodes=res.branches, reason=res.reason or "time limit")


def lowest_win_score(variant: Variant) -> int:
    """The least a line discarding all 52 cards can score under Par scoring: the pyramid
    then went in some pass, at the latest the last, and nothing is left."""
    return PAR_BASE[variant.passes or max(PAR_BASE)]


def _par_cert(variant: Variant, pos: Position, best: int, floor: int) -> Certificate:
    """Blocked because the proven best Par score is below what any win would score."""
    detail, data = _from(pos, f"the best Par score of {variant.describe()} is {best} "
                         f"(proven optimal by the CP-SAT model), and a line discarding all 52 "
                         f"cards would score at least {floor}",
                         {"model": "stock", "best_score": best, "win_scores_at_least": floor})
    return Certificate("exhaustive", detail, data)


def _solve_par(deal: Deal, variant: Variant, pos: Position,
               remaining: Callable[[], float | None], lim: Limits, presolve: bool,
               workers: int, win_question: WinQuestion | None = None) -> Verdict:
    """Best Par score and a line reaching it; status: can all 52 cards be discarded?"""
    best = stock_model.solve_stock(deal, variant, time_limit=remaining(), presolve=presolve,
                                   workers=workers, pos=pos, deterministic=lim.deterministic)
    if best.status != "optimal":
        hit = stock_model.limit_hit(lim.seconds, lim.deterministic, best.dtime)
        return Verdict("unknown", ENGINE, nodes=best.branches, score=best.score,
                       reason=f"{hit} before the best Par score was proven"
                       + (" (score: a lower bound)" if best.score is not None else ""))
    moves = tuple(best.moves)
    result = replay(deal, variant, moves)
    if result.score != best.score:
        raise stock_model.ModelError(f"line scores {result.score}, model says {best.score}")
    if result.won:
        return Verdict("winnable", ENGINE, moves, score=best.score, nodes=best.branches)
    floor = lowest_win_score(variant)
    if best.score is not None and best.score < floor:
        return Verdict("blocked", ENGINE, moves, _par_cert(variant, pos, best.score, floor),
                       score=best.score, nodes=best.branches)
    asked = win_question(variant.with_options(scoring="none")) if win_question else None
    if asked is not None and asked.status == "winnable":
        return Verdict("winnable", ENGINE, moves, score=best.score, nodes=best.branches)
    if asked is not None and asked.status == "blocked":
        return Verdict("blocked", ENGINE, moves, asked.certificate, score=best.score,
                       nodes=best.branches)
    dleft = None if lim.deterministic is None else lim.deterministic - best.dtime
    if dleft is not None and dleft <= 0:
        return Verdict("unknown", ENGINE, moves, score=best.score, nodes=best.branches,
                       reason=f"deterministic limit {lim.deterministic} before deciding "
                       "whether all cards can go")
    win = stock_model.solve_stock(deal, variant.with_options(scoring="none"),
                                  time_limit=remaining(), presolve=presolve, workers=workers,
                                  pos=pos, deterministic=dleft)
    nodes = best.branches + win.branches
    if win.status in ("feasible", "optimal"):
        return Verdict("winnable", ENGINE, moves, score=best.score, nodes=nodes)
    if win.status == "infeasible":
        return Verdict("blocked", ENGINE, moves, _stock_cert(variant, pos, win.passes),
                       score=best.score, nodes=nodes)
    hit = stock_model.limit_hit(lim.seconds, lim.deterministic, best.dtime + win.dtime)
    return Verdict("unknown", ENGINE, moves, score=best.score, nodes=nodes,
                   reason=f"{hit} before deciding whether all cards can go")
