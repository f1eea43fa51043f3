"""``check(deal, variant)``: the cheapest proof first, then the engines.

Order: ``four-complement`` and ``stock-count`` (pure Python, instant), ``structural``
(the pyramid alone with every other card free: the search on that relaxation, a
hundred-odd nodes, or CP-SAT's open model when the search leaves it open), then the full
engines: ``search`` (:mod:`pyramids.engines.search`), ``cpsat`` (:mod:`pyramids.engines.cpsat`), or
``auto``: the portfolio of :mod:`pyramids.answers.portfolio` (per variant, the engine order and
budgets measured to settle deals fastest). Under Par scoring the engines always run,
since the best score is wanted even for a deal that cannot be won.

``start``: moves already played from the deal. The verdict then answers for the
position after them, and a solution is ``start`` followed by the continuation (replayed
by the referee from the deal). The certificates (four-complement, stock-count,
structural) speak about the deal's start, so they are used only when ``start`` is empty;
the engines decide a position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from pyramids.answers import portfolio
from pyramids.answers.certificates import quick_certificate, structural_certificate
from pyramids.answers.portfolio import ENGINES, EngineName
from pyramids.core.deals import Deal
from pyramids.core.moves import Move
from pyramids.core.referee import reach
from pyramids.core.variants import Variant
from pyramids.core.verdict import Certificate, EngineRun, Verdict
from pyramids.engines import clock
from pyramids.engines.autodeal import manual, to_manual
from pyramids.engines.faceup import to_face_down


def _blocked(cert: Certificate, deal: Deal, start: float) -> Verdict:
    return Verdict("blocked", "certificate", certificate=cert,
                   seconds=clock.cpu() - start, deal_number=deal.number)


def check(deal: Deal, variant: Variant, *, engine: str = "auto",
          time_limit: float | None = None, start: Sequence[Move] = ()) -> Verdict:
    """Verdict for ``deal`` under ``variant`` (after ``start``, if given); ``unknown``
    only if ``time_limit`` (seconds) ran out. Raises
    :class:`~pyramids.core.errors.RefereeError` naming the step if ``start`` is not legal."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    cpu = clock.cpu()  # the clocks leave out a library's loading (OR-Tools), see clock.py
    wall = clock.wall()
    start = tuple(start)
    if start:  # replayed once here; the engines read the same replay (referee.reach)
        reach(deal, variant, start)

    def left() -> float | None:
        return None if time_limit is None else max(0.0, time_limit - (clock.wall() - wall))

    if variant.scoring != "par" and not start:
        cert = quick_certificate(deal, variant)
        if cert is not None:
            return _blocked(cert, deal, cpu)
        if variant.rest != "bouquet":
            cert = structural_certificate(deal, variant, time_limit=left())
            if cert is not None:
                return _blocked(cert, deal, cpu)
    if variant.face_up and start and not to_face_down(
            deal, manual(variant), to_manual(deal, variant, start))[1]:
        verdict = _face_up_only(deal, variant, start, left())
    else:
        verdict = run_engine(deal, variant, engine, left(), start=start)
    bound: Literal["exact", "lower"] | None = None
    if verdict.score is not None:
        bound = "lower" if verdict.status == "unknown" else "exact"
    return replace(verdict, seconds=clock.cpu() - cpu, deal_number=deal.number,
                   score_bound=bound)


def _face_up_only(deal: Deal, variant: Variant, start: tuple[Move, ...],
                  time_limit: float | None) -> Verdict:
    """A face-up position right after the stock's last card was drawn, which the exact
    engines' face-down game cannot hold (see :mod:`pyramids.engines.faceup`): the optimal solver,
    which plays the face-up game itself, decides it (a line found, or every position
    searched)."""
    from pyramids.engines import optimal

    got = optimal.shortest(deal, variant, "board" if variant.objective == "pyramid" else "all",
                           start=start, time_limit=time_limit)
    if got.status == "found":
        return Verdict("winnable", "optimal", (*start, *got.moves), nodes=got.nodes,
                       seconds=got.seconds, deal_number=deal.number)
    if got.status == "none":
        cert = Certificate("exhaustive", f"every reachable position searched "
                           f"({got.nodes:,}): no line of play wins", {"nodes": got.nodes})
        return Verdict("blocked", "optimal", certificate=cert, nodes=got.nodes,
                       seconds=got.seconds, deal_number=deal.number)
    return Verdict("unknown", "optimal", nodes=got.nodes, seconds=got.seconds,
                   reason=got.reason, deal_number=deal.number)


def run_engine(deal: Deal, variant: Variant, engine: str, time_limit: float | None, *,
               start: Sequence[Move] = ()) -> Verdict:
    """The full engines alone (no certificates), from the position after ``start``:
    ``search`` or ``cpsat`` alone, or ``auto``, the portfolio's policy for ``variant``.
    The verdict's ``engines`` lists what each engine run spent and reached."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    policy = portfolio.single(engine) if engine != "auto" else portfolio.policy_for(variant)
    return portfolio.run(deal, variant, policy, time_limit=time_limit, start=tuple(start))


__all__ = ["ENGINES", "EngineName", "EngineRun", "check", "run_engine"]
