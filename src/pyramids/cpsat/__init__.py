"""The OR-Tools CP-SAT engine: ``solve(deal, variant) -> Verdict`` for every variant.

Open games (bouquet, Giza) use :mod:`.open_model`, stock games :mod:`.stock_model`;
:mod:`.engine` turns their answers into verdicts after the referee has replayed every
solution. OR-Tools is imported lazily, so ``pyramids.cpsat.slots`` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..deals import Deal
    from ..variants import Variant
    from ..verdict import Verdict


def solve(deal: Deal, variant: Variant, *, time_limit: float | None = None,
          presolve: bool = False, workers: int = 1) -> Verdict:
    """Solve ``deal`` under ``variant`` with CP-SAT (one worker by default: deterministic).

    ``winnable`` with a replayed line, ``blocked`` with an ``exhaustive`` (or, for the
    bouquet, ``structural``) certificate, or ``unknown`` when ``time_limit`` (seconds)
    ran out. Under Par scoring ``score`` is the best Par score and ``moves`` a line
    reaching it; the status says whether all 52 cards can be discarded.
    """
    from .engine import solve as _solve

    return _solve(deal, variant, time_limit=time_limit, presolve=presolve, workers=workers)


__all__ = ["solve"]
