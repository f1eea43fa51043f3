"""``check(deal, variant)``: the cheapest proof first, then a full engine.

Order: ``four-complement`` and ``stock-count`` (pure Python, instant), ``structural``
(the open-bouquet CP-SAT model of the pyramid alone, a few milliseconds), then the full
engine: ``search`` (:mod:`pyramids.search`), ``cpsat`` (:mod:`pyramids.cpsat`), or
``auto`` (search when it is installed, CP-SAT otherwise or when search gives up within
the time left). Under Par scoring the engine always runs, since the best score is wanted
even for a deal that cannot be won.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Literal

from .certificates import quick_certificate, structural_certificate
from .deals import Deal
from .variants import Variant
from .verdict import Certificate, Verdict

EngineName = Literal["auto", "search", "cpsat"]
ENGINES = ("auto", "search", "cpsat")


SearchSolve = Callable[..., Verdict]


def search_solver() -> SearchSolve | None:
    """``pyramids.search.solve`` if that package is importable, else ``None``."""
    try:
        from .search import solve
    except ImportError:
        return None
    fn: SearchSolve = solve
    return fn


def _blocked(cert: Certificate, deal: Deal, start: float) -> Verdict:
    return Verdict("blocked", "certificate", certificate=cert,
                   seconds=time.process_time() - start, deal_number=deal.number)


def check(deal: Deal, variant: Variant, *, engine: str = "auto",
          time_limit: float | None = None) -> Verdict:
    """Verdict for ``deal`` under ``variant``; ``unknown`` only if ``time_limit`` ran out."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    start = time.process_time()
    wall = time.monotonic()

    def left() -> float | None:
        return None if time_limit is None else max(0.0, time_limit - (time.monotonic() - wall))

    if variant.scoring != "par":
        cert = quick_certificate(deal, variant)
        if cert is not None:
            return _blocked(cert, deal, start)
        if variant.rest != "bouquet":
            cert = structural_certificate(deal, variant, time_limit=left())
            if cert is not None:
                return _blocked(cert, deal, start)
    verdict = run_engine(deal, variant, engine, left())
    return Verdict(verdict.status, verdict.engine, verdict.moves, verdict.certificate,
                   verdict.score, verdict.nodes, time.process_time() - start,
                   verdict.reason, deal.number)


def run_engine(deal: Deal, variant: Variant, engine: str,
               time_limit: float | None) -> Verdict:
    """The full engine alone (no certificates)."""
    wall = time.monotonic()
    search = search_solver() if engine in ("auto", "search") else None
    if engine == "search":
        if search is None:
            return Verdict("unknown", "search", reason="pyramids.search is not installed")
        return search(deal, variant, time_limit=time_limit)
    if search is not None:
        verdict = search(deal, variant, time_limit=time_limit)
        if verdict.status != "unknown":
            return verdict
        if time_limit is not None:
            time_limit = time_limit - (time.monotonic() - wall)
            if time_limit <= 0:
                return verdict
    from .cpsat import solve

    return solve(deal, variant, time_limit=time_limit)
