"""Position oracle: "is the position after these moves winnable?" (and its best Par score).

The grading asks this question for every alternative move along a winning line, so it
must be fast, exact when it answers, and deterministic (node budgets, never wall-clock
limits). Three back ends, chosen once per process:

1. ``pyramids.search.solve(deal, variant, start=...)`` when the search solver has the
   ``start`` keyword (planned by the lead);
2. otherwise the search solver's own ``Searcher.solve`` with its kernel wrapped so that
   the search starts from the position's state (``removed, k, pass, cleared``; see
   :mod:`pyramids.search.core`). This interim bridge over the solver's internals is used
   only while ``start`` is missing; tests check it against the brute force;
3. a plain brute force over :class:`pyramids.engine.Game` (tests, small cases), used
   when the numba kernel cannot be imported or ``backend="reference"`` is asked.

An answer is a :class:`PositionResult`: ``winnable``, ``blocked`` (proved: every reachable
position searched) or ``unknown`` (budget spent). Under Par scoring ``score`` is the best
Par score reachable from the position, exact unless ``status`` is ``unknown``.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..deals import Deal
from ..engine import Game
from ..moves import Move
from ..variants import Variant

Status = str  # "winnable" | "blocked" | "unknown"


@dataclass(frozen=True)
class PositionResult:
    status: Status
    score: int | None = None  # Par scoring: best score from here (exact unless unknown)
    nodes: int = 0
    moves: tuple[Move, ...] = ()  # winnable (kernel/reference): a line from the position

    @property
    def exact(self) -> bool:
        return self.status != "unknown"


def _has_start_keyword() -> bool:
    try:
        from ..search import solve
    except ImportError:  # pragma: no cover - numba missing
        return False
    return "start" in inspect.signature(solve).parameters


@dataclass
class Oracle:
    """Answers position queries for one deal, caching by position key.

    ``node_limit`` bounds each query (deterministic). ``backend``: ``auto`` (search with
    ``start`` if available, else the kernel bridge), ``kernel``, ``search`` or
    ``reference``.
    """

    deal: Deal
    variant: Variant
    node_limit: int = 300_000
    backend: str = "auto"
    queries: int = 0
    _cache: dict[tuple[object, ...], PositionResult] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.backend == "auto":
            if _has_start_keyword():
                self.backend = "search"
            else:
                try:
                    from ..search import core  # noqa: F401
                    self.backend = "kernel"
                except ImportError:  # pragma: no cover
                    self.backend = "reference"

    def status(self, start: Sequence[Move]) -> PositionResult:
        """The position after ``start`` (a legal sequence from the deal)."""
        game = Game(self.deal, self.variant)
        for m in start:
            game.push(m)
        return self.status_of(game)

    def status_of(self, game: Game) -> PositionResult:
        key = game.key()
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        self.queries += 1
        if self.backend == "search":
            res = _via_search(game, self.node_limit)
        elif self.backend == "kernel":
            res = _via_kernel(game, self.node_limit)
        else:
            res = _via_reference(game, self.node_limit)
        self._cache[key] = res
        return res


def _via_search(game: Game, node_limit: int) -> PositionResult:
    from ..search import solve

    start = tuple(game.moves)
    v = solve(game.deal, game.variant, start=start,  # type: ignore[call-arg]
              node_limit=node_limit)
    moves = tuple(v.moves)
    if moves[:len(start)] == start:  # a line from the deal: keep what follows the position
        moves = moves[len(start):]
    return PositionResult(v.status, v.score, v.nodes, moves)


# -- kernel bridge ----------------------------------------------------------------------

def kernel_state(game: Game) -> tuple[int, int, int, int]:
    """The search kernel's ``(removed slots, k, pass, cleared)`` for ``game``'s position."""
    deal, v = game.deal, game.variant
    slot = {c: i for i, c in enumerate(deal.cards)}
    npyr = v.pyramid_cards
    removed = 0
    k = 0
    replay = Game(deal, v)
    for m in game.moves:
        replay.push(m)
        if m.kind == "deal":
            last = replay.hand if v.draw == 1 else replay.waste[-1]
            assert last is not None
            k = slot[last] - npyr + 1
        elif m.kind == "redeal":
            k = 0
        else:
            for c in m.cards:
                removed |= 1 << slot[c]
    from ..search import core
    from ..search.tables import layout
    unlimited = int(layout(v).params[core.P_PASSES]) == 0
    ps = 1 if (unlimited or not v.is_stock) else game.pass_no
    cleared = (game.cleared_pass or 0) if v.scoring == "par" else 0
    return removed, k, ps, cleared


class _KernelDone(Exception):
    """Raised by the wrapped kernel to leave ``Searcher.solve`` before it reads the path as
    a line from the deal (ours starts at the position)."""


def _via_kernel(game: Game, node_limit: int) -> PositionResult:
    """Run the search's own ``Searcher.solve`` set-up (tables, prunings, budget) with the
    kernel wrapped so that the root state is the position's, then read the answer from
    the searcher's arrays. Only ``st[0, :4]`` (removed, k, pass, cleared), the ``C_*`` /
    ``S_*`` constants and the array names are relied on, not the kernel's arguments."""
    from ..search import core, default_searcher, to_moves

    s = default_searcher()
    a = s._arrays  # interim bridge, see the module docstring
    v, deal = game.variant, game.deal
    state = kernel_state(game)
    original = core.run
    ran = False

    def run(*args: object, **kwargs: object) -> None:
        nonlocal ran
        ran = True
        a["st"][0, :4] = state  # the DFS never writes st[0]: safe on every resumed chunk
        original(*args, **kwargs)
        ctx = a["ctx"]
        if int(ctx[core.C_STATUS]) != core.S_PAUSED or int(ctx[core.C_NODES]) >= node_limit:
            raise _KernelDone

    core.run = run  # type: ignore[assignment]
    try:
        s.solve(deal, v, node_limit=node_limit)
    except _KernelDone:
        pass
    finally:
        core.run = original
    if not ran:  # the solver answered without searching: do not trust it for a position
        return _via_reference(game, node_limit)
    ctx = a["ctx"]
    status = int(ctx[core.C_STATUS])
    nodes = int(ctx[core.C_NODES])
    par = v.scoring == "par"
    best = int(ctx[core.C_BEST]) if par and ctx[core.C_BEST] > -1000 else None
    if status in (core.S_PAUSED, core.S_DEPTH):
        return PositionResult("unknown", None, nodes)
    if par:
        n = int(ctx[core.C_BESTLEN])
        path = [(int(a["bestpath"][d, 0]), int(a["bestpath"][d, 1])) for d in range(n)]
        won = bool(ctx[core.C_WINSEEN])
        return PositionResult("winnable" if won else "blocked", best, nodes,
                              tuple(to_moves(deal, path)))
    if status == core.S_FOUND:
        depth = int(ctx[core.C_DEPTH])
        mvi = a["mvi"]
        path = [(int(a["mva"][d, mvi[d] - 1]), int(a["mvb"][d, mvi[d] - 1]))
                for d in range(depth)]
        return PositionResult("winnable", None, nodes, tuple(to_moves(deal, path)))
    return PositionResult("blocked", None, nodes)


# -- brute force ------------------------------------------------------------------------

def _via_reference(game: Game, node_limit: int) -> PositionResult:
    """Exhaustive DFS from ``game``'s position (a copy), with a visited set."""
    g = game.copy()
    base = len(g.moves)
    par = g.variant.scoring == "par"
    seen: set[tuple[object, ...]] = set()
    nodes = 0
    best: int | None = None
    best_line: tuple[Move, ...] = ()
    won_any = False

    def key() -> tuple[object, ...]:
        k = g.key()
        return k if g.variant.passes is not None else (k[0], k[1], k[2], k[3], None, k[5])

    stack: list[list[Move]] = []

    def enter() -> bool | None:
        """None: won (stop); True: expand; False: skip."""
        nonlocal nodes, best, best_line, won_any
        nodes += 1
        if par:
            sc = g.par_score()
            if best is None or sc > best:
                best, best_line = sc, tuple(g.moves[base:])
            if g.cards_left() == 0:
                won_any = True
        elif g.is_won():
            return None
        k = key()
        if k in seen:
            return False
        seen.add(k)
        return True

    e = enter()
    if e is None:
        return PositionResult("winnable", None, nodes, ())
    if e:
        stack.append(g.legal_moves()[::-1])
    while stack:
        if nodes >= node_limit:
            return PositionResult("unknown", None, nodes)
        todo = stack[-1]
        if not todo:
            stack.pop()
            if len(g.moves) > base:
                g.pop()
            continue
        g.push(todo.pop())
        e = enter()
        if e is None:
            return PositionResult("winnable", None, nodes, tuple(g.moves[base:]))
        if e:
            stack.append(g.legal_moves()[::-1])
        else:
            g.pop()
    if par:
        return PositionResult("winnable" if won_any else "blocked", best, nodes, best_line)
    return PositionResult("blocked", None, nodes)
