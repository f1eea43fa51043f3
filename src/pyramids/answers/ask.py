"""``ask(deal, variant, goal)``: the one call that answers any question of a deal.

The plain verdict for the goal ``win`` (:func:`pyramids.answers.check.check`: winnable
with a replayed solution, blocked with a certificate, or unknown), else the goal's
answer (:func:`pyramids.answers.goals.answer`, a
:class:`~pyramids.answers.goals.GoalAnswer`); from the deal or from the position after
``start``, within ``time_limit`` seconds. The command line's ``check`` and ``solve``, the
service's check job and the bulk runs each ask here. The goal comes parsed and checked
against the rules (:meth:`~pyramids.answers.goals.Goal.validate`) by the caller that read
it: it is not read again.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyramids.answers.check import check
from pyramids.answers.goals import WIN, Goal, GoalAnswer, answer
from pyramids.core.deals import Deal
from pyramids.core.moves import Move
from pyramids.core.variants import Variant
from pyramids.core.verdict import Verdict


def ask(deal: Deal, variant: Variant, goal: Goal = WIN, *, start: Sequence[Move] = (),
        time_limit: float | None = None, engine: str = "auto") -> Verdict | GoalAnswer:
    """The answer to ``goal`` (checked against ``variant``: :meth:`Goal.validate`) for
    ``deal`` under ``variant``, after ``start``: a :class:`Verdict` for ``win``, else a
    :class:`GoalAnswer`. ``engine``: the exact engine of the verdict (``auto``: the
    portfolio). An illegal ``start`` raises the referee's error naming its step."""
    if goal.kind == "win":
        return check(deal, variant, engine=engine, time_limit=time_limit, start=start)
    return answer(deal, variant, goal, start=start, time_limit=time_limit, engine=engine)


__all__ = ["WIN", "Goal", "GoalAnswer", "ask"]
