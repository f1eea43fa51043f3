"""Position oracle: "is the position after these moves winnable?" (and its best Par score).

The grading asks this question for every alternative move along a winning line, so it
must be fast, exact when it answers, and deterministic (node budgets, never wall-clock
limits). Three back ends:

1. ``search`` (the default): the exact search solver started from the position,
   ``pyramids.engines.search.solve(deal, variant, start=moves)``; under Par scoring with the
   score bound (the same best score in fewer positions: Par deals 1 and 14 graded in
   0.62 s CPU instead of 1.02 s, 5 of 10 unsettled positions settled);
2. ``cpsat`` (the default under Par scoring): CP-SAT
   from the position, one worker, a budget in CP-SAT's deterministic seconds (the same
   answer on every machine; an exhausted budget gives ``unknown``). Measured on 279
   alternative positions along the best lines
   of Par deals 1, 5, 6, 10, 12: CP-SAT alone 7.68 s CPU and every position settled; the
   search within 5k / 20k / 100k nodes, then CP-SAT for the rest, 7.96 / 7.94 / 9.38 s;
   on 170 of them the search at the grader's 300k nodes took as long as CP-SAT and left
   44 unsettled;
3. ``reference``: a plain brute force over :class:`pyramids.core.game.Game` (tests, small
   cases).

An answer is a :class:`PositionResult`: ``winnable``, ``blocked`` (proved: every reachable
position searched) or ``unknown`` (budget spent). Under Par scoring ``score`` is the best
Par score reachable from the position, exact unless ``status`` is ``unknown``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.variants import Variant
from pyramids.core.verdict import Verdict

Status = str  # "winnable" | "blocked" | "unknown"
BACKENDS = ("search", "cpsat", "reference")
CPSAT_BUDGET = 5.0  # CP-SAT deterministic seconds per position query (~10-50 s CPU)


@dataclass(frozen=True)
class PositionResult:
    status: Status
    score: int | None = None  # Par scoring: best score from here (exact unless unknown)
    nodes: int = 0
    moves: tuple[Move, ...] = ()  # winnable (kernel/reference): a line from the position

    @property
    def exact(self) -> bool:
        return self.status != "unknown"


@dataclass
class Oracle:
    """Answers position queries for one deal, caching by position key.

    ``node_limit`` bounds each search query (deterministic). ``backend``: ``auto``
    (``cpsat`` under Par scoring, else ``search``), ``search``, ``cpsat`` or
    ``reference``.
    """

    deal: Deal
    variant: Variant
    node_limit: int = 300_000
    backend: str = "auto"
    queries: int = 0
    _cache: dict[tuple[object, ...], PositionResult] = field(default_factory=dict)
    _reach: dict[tuple[object, int], PositionResult] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.backend == "auto":
            self.backend = "cpsat" if self.variant.scoring == "par" else "search"
        if self.backend not in BACKENDS:
            raise ValueError(f"unknown oracle backend {self.backend!r}: "
                             f"choose from auto, {', '.join(BACKENDS)}")

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
        elif self.backend == "cpsat":
            res = _via_cpsat(game)
        else:
            res = _via_reference(game, self.node_limit)
        self._cache[key] = res
        return res

    def at_least(self, game: Game, target: int) -> bool | None:
        """Par: can play from ``game``'s position score at least ``target``? ``None``:
        not settled within budget (see :meth:`reach`)."""
        return {"winnable": True, "blocked": False}.get(self.reach(game, target).status)

    def reach(self, game: Game, target: int) -> PositionResult:
        """Par: ``winnable`` if some line from ``game``'s position scores at least
        ``target`` (``moves``: how it goes on from the position), ``blocked`` if none
        does, ``unknown`` if not settled within budget.

        The grader asks this of every alternative move (is the best score still
        reachable?); the ``cpsat`` backend answers it as a decision, which costs about
        a third less than the best score and skips the question whether all 52 cards
        can go; the other back ends compare the best score."""
        key = game.key()
        known = self._cache.get(key)
        if known is None and self.backend != "cpsat":
            known = self.status_of(game)
        if known is not None:
            if known.score is None:
                return PositionResult("unknown", None, known.nodes)
            return replace(known, status="winnable" if known.score >= target else "blocked")
        hit = self._reach.get((key, target))
        if hit is not None:
            return hit
        from pyramids.engines import cpsat

        self.queries += 1
        proved = par_proof(game, target)
        if proved is not None:
            self._reach[(key, target)] = proved
            return proved
        start = tuple(game.moves)
        r = cpsat.reaches(game.deal, game.variant, target, start=start,
                          deterministic=CPSAT_BUDGET)
        status = {True: "winnable", False: "blocked", None: "unknown"}[r.answer]
        moves = r.moves[len(start):] if r.moves[:len(start)] == start else r.moves
        res = PositionResult(status, r.score, r.nodes, moves)
        self._reach[(key, target)] = res
        return res


PROOF_NODES = 100_000  # node budget of each search of par_proof (deterministic)


def par_proof(game: Game, target: int, node_limit: int = PROOF_NODES) -> PositionResult | None:
    """Par: settle "can play from ``game`` score at least ``target``?" with the (much
    cheaper) exact search of the unscored rules where that suffices; ``None`` when it
    does not, and CP-SAT is asked.

    A Par score is ``PAR_BASE[c] - left``, ``c`` the pass in which the pyramid was
    cleared and ``left`` the cards left at the end (the game goes on after the pyramid),
    else ``-left``. So for ``target > 0`` the pyramid must be cleared in a pass ``c``
    with ``PAR_BASE[c] >= target``; let ``p`` be the last such pass.

    * *Reached*: a line that discards every card within ``p`` passes; or one that
      clears the pyramid within ``p`` passes (the search with objective pyramid), then
      discards every card left within the passes there are (the search from there);
      or one that discards every card and happens to clear the pyramid in time;
      replayed under the Par rules, its score is at least ``target``. Any line
      reaching ``target`` answers the question, as CP-SAT's would.
    * *Not reached*: no pass can score enough; or the pyramid cannot be cleared within
      ``p`` passes; or, where ``PAR_BASE[p] == target`` (clearing in pass ``p`` then
      needs every card to go), not every card can go at all and the pyramid cannot be
      cleared within the pass before.

    Once the pyramid is clear: reached if the score already is, or if every card can
    still go; not if ``PAR_BASE[c] < target``, nor if ``PAR_BASE[c] == target`` and some
    card must stay. Each search stops at ``node_limit`` nodes
    (deterministic); an unsettled search proves nothing."""
    from pyramids.core.game import PAR_BASE
    from pyramids.core.referee import replay
    from pyramids.engines.search import solve

    v = game.variant
    if v.scoring != "par" or v.passes is None or target <= 0:
        return None
    start = tuple(game.moves)
    nodes = 0

    def search(first: tuple[Move, ...], passes: int, objective: str) -> Verdict:
        nonlocal nodes
        r = solve(game.deal, v.with_options(passes=passes, scoring="none",
                                            objective=objective),
                  start=first, node_limit=node_limit)
        nodes += r.nodes
        return r

    def reached(line: tuple[Move, ...]) -> PositionResult | None:
        score = replay(game.deal, v, line, require_win=False).score
        if score is None or score < target:
            return None
        return PositionResult("winnable", score, nodes, line[len(start):])

    def lost() -> PositionResult:
        return PositionResult("blocked", None, nodes)

    if game.cleared_pass is not None:
        if game.par_score() >= target:
            return PositionResult("winnable", game.par_score(), 0, ())
        if PAR_BASE.get(game.cleared_pass, 0) < target:
            return lost()
        r = search(start, v.passes, "all")
        if r.status == "winnable":
            return reached(tuple(r.moves))
        if r.status == "blocked" and PAR_BASE[game.cleared_pass] == target:
            return lost()  # some card stays: the score is below PAR_BASE[c]
        return None
    passes = [c for c in range(game.pass_no, v.passes + 1) if PAR_BASE.get(c, 0) >= target]
    if not passes:
        return lost()
    p = passes[-1]
    if p < v.passes:  # every card within p passes: the pyramid too
        quick = search(start, p, "all")
        if quick.status == "winnable":
            return reached(tuple(quick.moves))
    clear = search(start, p, "pyramid")
    if clear.status == "blocked":
        return lost()
    if clear.status == "winnable":
        then = search(tuple(clear.moves), v.passes, "all")
        if then.status == "winnable":
            found = reached(tuple(then.moves))
            if found is not None:
                return found
    if PAR_BASE[p] == target:
        every = search(start, v.passes, "all")
        if every.status == "winnable":
            return reached(tuple(every.moves))
        if every.status == "blocked" and (
                len(passes) == 1 or search(start, passes[-2], "pyramid").status == "blocked"):
            return lost()
    return None


def _result(v: Verdict, start: tuple[Move, ...], nodes: int) -> PositionResult:
    moves = tuple(v.moves)
    if moves[:len(start)] == start:  # a line from the deal: keep what follows the position
        moves = moves[len(start):]
    score = v.score if v.status != "unknown" else None
    return PositionResult(v.status, score, nodes, moves)


def _via_search(game: Game, node_limit: int) -> PositionResult:
    from pyramids.engines.search import solve

    start = tuple(game.moves)
    # Par: the score bound (the same best score, fewer positions); the Par thresholds
    # were re-measured with it
    v = solve(game.deal, game.variant, start=start, node_limit=node_limit, bound=True)
    return _result(v, start, v.nodes)


def _via_cpsat(game: Game) -> PositionResult:
    """CP-SAT from the position (one worker, deterministic; see the module docstring)."""
    from pyramids.engines import cpsat

    start = tuple(game.moves)
    v = cpsat.solve(game.deal, game.variant, start=start, deterministic=CPSAT_BUDGET)
    return _result(v, start, v.nodes)


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
