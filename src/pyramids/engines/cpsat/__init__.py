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


__all__ = ["reaches", "solve"]
