"""The work done in solver processes. Each job imports its backend lazily, so that the service
starts (and its other endpoints work) whether or not a backend has been built, and so that
the event loop's process never loads a solver. Jobs return plain JSON-able values or bytes.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Sequence
from typing import Any

from ..deals import Deal
from ..moves import Move
from ..variants import Variant


class BackendMissing(Exception):
    """The module or function a job needs is not in this build."""


def backend(module: str, name: str) -> Any:
    """``module.name``, or :class:`BackendMissing` saying which is not there."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        # The backend, or a part of this project it needs, is not built yet. (A missing
        # third-party package is a broken install, not "not yet": let that surface.)
        if e.name and (e.name == "pyramids" or e.name.startswith("pyramids.")):
            raise BackendMissing(f"{module} is not available yet ({e.name} is missing)") from None
        raise
    fn = getattr(mod, name, None)
    if fn is None:
        raise BackendMissing(f"{module}.{name} is not available yet")
    return fn


def warm() -> None:
    """Load the solvers (and numba's compiled code) when a worker starts, so that the first
    request does not pay for it. Whatever is not built yet is skipped."""
    for module in ("pyramids.certificates", "pyramids.search", "pyramids.check"):
        try:
            importlib.import_module(module)
        except Exception:  # a backend being built may not import yet: serve without it
            continue
    try:
        from ..variants import get_variant

        solve = backend("pyramids.search", "solve")
        solve(Deal.from_number(0), get_variant("bouquet"), time_limit=2.0)
    except Exception:
        pass
    try:  # the optimal solver's kernels (goals)
        from ..optimal import most, shortest
        from ..variants import get_variant

        shortest(Deal.from_number(2), get_variant("msc"), "board", time_limit=5.0)
        most(Deal.from_number(2), get_variant("msc"), "score", node_limit=2000)
    except Exception:
        pass
    try:  # OR-Tools and the CP-SAT models: the portfolio's first engine on Par deals
        from ..variants import get_variant

        cpsat = backend("pyramids.cpsat", "solve")
        cpsat(Deal.from_number(0), get_variant("par-pyramid"), time_limit=2.0)
    except Exception:
        pass


def ping() -> str:
    return "pong"


def sleep(seconds: float) -> float:
    """For tests of the pool's limits: occupy a worker for ``seconds``."""
    time.sleep(seconds)
    return seconds


def fail(message: str) -> None:
    """For tests of the pool: a user error raised in a worker."""
    from ..errors import DealError

    raise DealError(message)


def check(deal: Deal, variant: Variant, engine: str, time_limit: float,
          start: Sequence[Move] = (), goal: str = "win") -> dict[str, Any]:
    """``pyramids.check.check`` on one deal, as the JSON object of ``pyramids check --json``;
    with ``start``, for the position those moves reach (solution = start + continuation);
    with a ``goal``, its answer (``pyramids check --goal``)."""
    from ..goals import Goal, answer

    g = Goal.parse(goal)
    if g.kind != "win":
        verdict = answer(deal, variant, g, engine=engine, time_limit=time_limit,
                         start=tuple(start))
        return verdict_json(verdict, deal, variant) | {"variant": variant.options(),
                                                        "line": deal.line()}
    fn = backend("pyramids.check", "check")
    verdict = fn(deal, variant, engine=engine, time_limit=time_limit, start=tuple(start))
    # exactly what `pyramids check --json` prints
    return verdict_json(verdict, deal, variant) | {"variant": variant.options(),
                                                    "line": deal.line()}


def verdict_json(verdict: Any, deal: Deal, variant: Variant) -> dict[str, Any]:
    """The verdict's JSON object, with the deal number (when known) filled in."""
    obj: dict[str, Any] = verdict.to_json_obj()
    if obj.get("deal") is None:
        obj["deal"] = deal.number
    return obj


def quick(deal: Deal, variant: Variant) -> dict[str, Any]:
    """Cheap certificates only: ``blocked`` with one, else ``unknown``."""
    fn = backend("pyramids.certificates", "quick_certificate")
    t0 = time.perf_counter()
    cert = fn(deal, variant)
    return {
        "deal": deal.number,
        "status": "blocked" if cert is not None else "unknown",
        "engine": "quick",
        "certificate": cert.to_json_obj() if cert is not None else None,
        "seconds": round(time.perf_counter() - t0, 6),
        "reason": None if cert is not None else "no quick certificate",
    }


def filter_deals(deals: list[Deal], variant: Variant, mode: str, engine: str,
                 time_limit: float, budget: float, goal: str = "win") -> list[dict[str, Any]]:
    """One result per deal, in order, as ``pyramids filter`` decides it (``bulk.analyse``:
    instant certificates, then in exact mode the full check). Once ``budget`` seconds are
    spent, the deals not yet looked at are reported ``unknown`` (batch time limit)."""
    try:
        analyse, job_class = backend("pyramids.bulk", "analyse"), backend("pyramids.bulk", "Job")
    except BackendMissing:
        analyse = job_class = None
    t0 = time.monotonic()
    out: list[dict[str, Any]] = []
    for deal in deals:
        left = budget - (time.monotonic() - t0)
        if left <= 0:
            obj: dict[str, Any] = {"deal": deal.number, "status": "unknown", "engine": None,
                                   "certificate": None, "reason": "batch time limit"}
        elif analyse is not None:
            limit = min(time_limit, left)
            from ..goals import Goal

            obj = verdict_json(analyse(deal, job_class(variant, mode=mode, engine=engine,
                                                       time_limit=limit,
                                                       goal=Goal.parse(goal))), deal, variant)
        elif mode == "quick":
            obj = quick(deal, variant)
        else:
            obj = check(deal, variant, engine, min(time_limit, left))
        obj["line"] = deal.line()
        out.append(obj)
    return out


def book(paths: list[str], deals: list[Deal], variant: Variant, variants: list[str] | None,
         grades: list[str] | None, count: int, title: str | None, page_size: str,
         time_limit: float, ids: list[str] | None = None) -> bytes:
    """A PDF book. With ``deals``: those deals under ``variant``, each solved here (a deal
    that is not proved winnable is an error, named). Otherwise ``count`` puzzles gathered
    from the collection files (``paths``) as ``pyramids book`` does, topped up on the fly."""
    render_book = backend("pyramids.book", "render_book")
    book_options = backend("pyramids.book", "BookOptions")
    puzzle_class = backend("pyramids.book", "Puzzle")
    book_error = backend("pyramids.book", "BookError")
    if deals:
        solver = backend("pyramids.book.puzzles", "find_solver")()
        if solver is None:
            raise BackendMissing("no solver is available yet to solve the deals")
        name, solve = solver
        puzzles = []
        for i, deal in enumerate(deals, 1):
            label = f"deal {deal.label()}" if deal.number is not None or \
                deal.pysolfc is not None else f"deal #{i} (line)"
            verdict = solve(deal, variant, time_limit)
            if verdict.status != "winnable":
                why = f": {verdict.reason}" if verdict.reason else ""
                raise book_error(f"{label} is {verdict.status} under {variant.name}{why}; "
                                 "a book prints winnable deals only")
            key = deal.number if deal.number is not None else (
                f"pysolfc-{deal.pysolfc}" if deal.pysolfc is not None else i)
            obj = {"id": f"{variant.name}-{key}", "pysolfc": deal.pysolfc,
                   "collection": "request", "deal": deal.number, "line": deal.line(),
                   "variant": variant.options(), "grade": "ungraded",
                   "solution": [str(m) for m in verdict.moves]}
            puzzles.append(puzzle_class.from_json_obj(obj, f"{label} solved by {name}"))
    else:
        read_jsonl = backend("pyramids.book", "read_jsonl")
        gather = backend("pyramids.book", "gather")
        # read as far as choosing needs: the puzzles chosen are checked (gather does it)
        pool = [p for path in paths for p in read_jsonl(path, check=False)]
        if ids is not None:
            by_id = {p.id: p for p in pool}
            missing = [i for i in ids if i not in by_id]
            if missing:
                raise backend("pyramids.book", "BookError")(
                    f"no puzzle {missing[0]!r} in the collections asked")
            puzzles = [by_id[i].checked() for i in ids]
        else:
            puzzles = gather(pool, variants, grades, count, on_the_fly=True,
                             time_limit=time_limit)
    opts = book_options(page_size=page_size, **({"title": title} if title else {}))
    data, _info = render_book(puzzles, opts)
    return bytes(data)
