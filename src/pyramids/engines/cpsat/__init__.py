"""The OR-Tools CP-SAT engine: ``solve(deal, variant, start=moves) -> Verdict`` for every
variant, from the deal or from any position a legal line reaches.

Open games (bouquet, Giza) use :mod:`.open_model`, stock games :mod:`.stock_model`;
:mod:`.engine` turns their answers into verdicts after the referee has replayed every
solution. OR-Tools is imported lazily, where CP-SAT first runs (so ``pyramids.engines.cpsat.slots``
stays light, and a command that never runs CP-SAT never loads it); the time that import
takes is left out of the clocks an analysis is timed by (:mod:`pyramids.engines.clock`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pyramids.core.deals import Deal
    from pyramids.core.moves import Move
    from pyramids.core.variants import Variant
    from pyramids.core.verdict import Verdict
    from pyramids.engines.cpsat.verdicts import Reach, WinQuestion


def solve(deal: Deal, variant: Variant, *, start: Sequence[Move] = (),
          time_limit: float | None = None, presolve: bool = False,
          workers: int = 1, deterministic: float | None = None,
          win_question: WinQuestion | None = None) -> Verdict:
    """Solve ``deal`` under ``variant`` with CP-SAT (one worker by default: deterministic).

    ``winnable`` with a replayed line, ``blocked`` with an ``exhaustive`` (or, for the
    bouquet, ``structural``) certificate, or ``unknown`` when ``time_limit`` (seconds)
    ran out. Under Par scoring ``score`` is the best Par score and ``moves`` a line
    reaching it; the status says whether all 52 cards can be discarded.

    ``start``: legal moves from the deal; the answer is for the position after them
    (cards gone, pass, stock pointer, hand and waste; Par: the pass that cleared the
    pyramid), as :func:`pyramids.engines.search.solve` gives it: a solution is ``start``
    followed by the continuation, replayed by the referee from the deal; a Par score
    is that of the whole line; a certificate says it holds from that position. An
    illegal ``start`` raises :class:`~pyramids.core.errors.RefereeError` naming the step
    (``"start, step N: ..."``).

    ``deterministic``: a budget in CP-SAT's deterministic seconds (its own measure of
    work, summed over the solves of one query): unlike ``time_limit`` the same deal,
    position and budget give the same answer on every run and machine. ``unknown``
    says which limit was hit.

    ``win_question`` (Par): when the best line stops short of a win with a score a win
    could beat, whether all 52 cards can go is a second question; this callable, given
    the unscored rules, may answer it first (the portfolio asks the search, ~3 ms where
    CP-SAT's model takes ~40); a settled answer's status and certificate are taken.
    """
    from pyramids.engines.autodeal import solve_manual, translates

    kwargs = {"time_limit": time_limit, "presolve": presolve, "workers": workers,
              "deterministic": deterministic, "win_question": win_question}
    if translates(variant):  # PySolFC's talon: the manual game, the line in its clicks
        return solve_manual(_solve_rules, deal, variant, start, **kwargs)
    return _solve_rules(deal, variant, start=start, **kwargs)


def _solve_rules(deal: Deal, variant: Variant, *, start: Sequence[Move] = (),
                 **kwargs: Any) -> Verdict:
    """:func:`solve` for a game without automatic deals."""
    from pyramids.engines.clock import loading

    with loading():  # OR-Tools: not the analysis's time
        from pyramids.engines.cpsat.verdicts import solve as _solve

    if variant.face_up:  # MSC's deck: the face-down game, the line translated back
        from pyramids.engines.faceup import solve_face_down

        return solve_face_down(_solve, deal, variant, start, "cpsat", **kwargs)
    return _solve(deal, variant, start=start, **kwargs)


def reaches(deal: Deal, variant: Variant, target: int, *, start: Sequence[Move] = (),
            deterministic: float | None = None, time_limit: float | None = None) -> Reach:
    """Par scoring: can play from the position after ``start`` score at least ``target``?

    A decision rather than :func:`solve`'s optimisation (the puzzle grader asks, for each
    alternative move, whether the best score is still reachable): ``Reach.answer`` is
    ``True`` with a line reaching it (replayed by the referee), ``False`` when the model
    proves no line does, ``None`` when a limit ran out."""
    from dataclasses import replace

    from pyramids.engines.autodeal import manual, to_clicks, to_manual, translates
    from pyramids.engines.clock import loading

    with loading():  # OR-Tools: not the analysis's time
        from pyramids.engines.cpsat.verdicts import reaches as _reaches

    if not translates(variant):
        return _reaches(deal, variant, target, start=start, deterministic=deterministic,
                        time_limit=time_limit)
    # PySolFC's talon: the manual game (the same scores), the line in its clicks
    man_start = to_manual(deal, variant, start)
    got = _reaches(deal, manual(variant), target, start=man_start,
                   deterministic=deterministic, time_limit=time_limit)
    if not got.moves:
        return got
    return replace(got, moves=tuple(to_clicks(deal, variant, got.moves[len(man_start):],
                                              (start, man_start))))


def clears_with(deal: Deal, variant: Variant, removals: int, *,
                time_limit: float | None = None) -> tuple[bool | None, tuple[Move, ...]]:
    """Objective ``pyramid``, from the deal: can a line clear the pyramid with at least
    ``removals`` removals (Kings and pairs) made by then? Under MSC's score that is a
    line to ``1150 + 5 * removals`` points or more. ``(True, line)``: the model's line,
    in the rules' own moves for a face-down stock, in the face-down game's moves for a
    face-up one (the same game, see docs/rules.md: translate with
    :func:`pyramids.engines.faceup.to_face_up`); ``(False, ())``: the model proves there is none;
    ``(None, ())``: ``time_limit`` ran out, or the rules are not a stock game the model
    plays from the deal (automatic deals, an opening deal)."""
    from pyramids.engines.autodeal import translates
    from pyramids.engines.clock import loading

    if (variant.rest != "stock" or variant.objective != "pyramid" or translates(variant)
            or variant.opening or variant.scoring == "par"):
        return None, ()
    with loading():  # OR-Tools: not the analysis's time
        from pyramids.engines.cpsat.stock_model import StockModel, horizon

    from pyramids.engines.faceup import face_down

    down = face_down(variant) if variant.face_up else variant
    res = StockModel(deal, down, horizon(down), removals=removals).solve(
        time_limit, presolve=False, workers=1, lp=True)
    if res.status == "infeasible":
        return False, ()
    if res.status in ("feasible", "optimal"):
        return True, tuple(res.moves)
    return None, ()


def msc_reaches(deal: Deal, variant: Variant, score: int, *,
                time_limit: float | None = None, uncleared: bool = False,
                presolve: bool = False, never: int = 0, rows: int | None = None,
                ) -> tuple[bool | None, tuple[Move, ...]]:
    """MSC's score from the deal (objective ``pyramid``, a stock): can a line score
    ``score`` or more? As :func:`clears_with` answers (the line in the face-down game's
    moves for MSC's face-up deck). Above 785 points the board must be cleared: that
    question, with the removals the score needs; up to 785 every card is optional and
    the rows count as cleared from the bottom; ``uncleared``: the caller proved that no
    line clears the board (the model then leaves its top card alone)."""
    from pyramids.engines.autodeal import translates
    from pyramids.engines.clock import loading

    if score > 785:
        removals = max(0, -(-(score - 1150) // 5))
        return clears_with(deal, variant, removals, time_limit=time_limit)
    if (variant.rest != "stock" or variant.objective != "pyramid" or translates(variant)
            or variant.opening or variant.scoring != "msc"):
        return None, ()
    with loading():  # OR-Tools: not the analysis's time
        from pyramids.engines.cpsat.stock_model import StockModel, horizon

    from pyramids.engines.faceup import face_down

    down = face_down(variant) if variant.face_up else variant
    res = StockModel(deal, down, horizon(down), msc=score, uncleared=uncleared,
                     never=never, rows_cap=rows).solve(
        time_limit, presolve=presolve, workers=1, lp=True)
    if res.status == "infeasible":
        return False, ()
    if res.status in ("feasible", "optimal"):
        return True, tuple(res.moves)
    return None, ()


def discards(deal: Deal, variant: Variant, slots: int, n: int, *, board: bool = False,
             time_limit: float | None = None, uncleared: bool = False, never: int = 0,
             ) -> tuple[bool | None, tuple[Move, ...]]:
    """Objective ``pyramid``, from the deal: can a line discard ``n`` of the cards in
    ``slots`` (a slot mask) before the game ends (``board``: and clear the pyramid)? As
    :func:`msc_reaches` answers; ``never``: pyramid slots the caller proved never go."""
    from pyramids.engines.autodeal import translates
    from pyramids.engines.clock import loading

    if (variant.rest != "stock" or variant.objective != "pyramid" or translates(variant)
            or variant.opening or variant.scoring == "par" or variant.rows != 7):
        return None, ()
    with loading():  # OR-Tools: not the analysis's time
        from pyramids.engines.cpsat.stock_model import StockModel, horizon

    from pyramids.engines.faceup import face_down

    down = face_down(variant) if variant.face_up else variant
    res = StockModel(deal, down, horizon(down), msc=0, uncleared=uncleared, never=never,
                     cards=(slots, n), cleared=board).solve(time_limit, presolve=False,
                                                            workers=1, lp=True)
    if res.status == "infeasible":
        return False, ()
    if res.status in ("feasible", "optimal"):
        return True, tuple(res.moves)
    return None, ()


__all__ = ["clears_with", "discards", "msc_reaches", "reaches", "solve"]
