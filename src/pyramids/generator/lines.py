"""How many essentially different winning lines a deal has, counted up to 2.

Two lines are *essentially the same* when they make the same set of discard moves (a
discard is the set of cards it removes): moves that commute, or deals interleaved
differently, give the same set. Given a first winning line with discard set ``D1``, a
second line exists iff some winning line has a discard set ``D2 != D1``.

* Open games with objective ``all`` (Giza 8x3, 6x4; any overlap setting): a CP-SAT model
  of the layout as a precedence-constrained matching (the same model as
  :mod:`pyramids.engines.cpsat.open_model`, restricted to slots), plus the no-good cut
  ``sum(x[p] for p in D1) <= |D1| - 1``. Every winning line discards every card, kings
  alone, so ``|D2| == |D1|`` and ``D2 != D1`` iff some pair of ``D1`` is not used.
  Infeasible: the line is unique. Feasible: the model's line is replayed by the referee
  and its discard set checked to differ. Deterministic: one worker and a deterministic
  time budget (``max_deterministic_time``), never a wall-clock limit.
* Stock games (and any other case): a depth-first search over the positions reachable
  with moves of ``D1`` only (discards in ``D1``, deals, redeals). Any second line makes
  a first discard outside ``D1`` from such a position ``P``; so the answer is 2 iff for
  some visited ``P`` and discard ``m`` not in ``D1``, the position after ``m`` is winnable
  (the oracle's winning line from there is appended and replayed, its set checked). Under
  Par scoring "winning" means reaching the best score; a visited position that already
  scores it with fewer cards removed than ``D1`` is a second line too. When every visited
  position has been settled exactly the line is unique; if the position budget runs out,
  the oracle query budget runs out, or the oracle answers ``unknown`` for some ``m``,
  the count is ``None`` (unknown).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pyramids.core.deals import Deal
from pyramids.core.game import Game, next_untried
from pyramids.core.moves import Move
from pyramids.core.referee import replay
from pyramids.core.variants import Variant
from pyramids.generator.oracle import Oracle

DiscardSet = frozenset[frozenset[int]]


def discard_set(moves: Sequence[Move]) -> DiscardSet:
    """The discard moves of a line as a set of card sets (deals, redeals dropped)."""
    return frozenset(frozenset(int(c) for c in m.cards) for m in moves if m.is_discard)


@dataclass(frozen=True)
class LineCount:
    count: int | None  # 1, 2 (meaning "at least 2") or None (not settled)
    method: str  # "cpsat" | "search"
    second: tuple[Move, ...] = ()  # a second line, verified by the referee
    detail: str = ""


def count_lines(deal: Deal, variant: Variant, line: Sequence[Move], *,
                oracle: Oracle | None = None, best: int | None = None,
                cpsat_budget: float = 20.0, position_budget: int = 4000,
                query_budget: int = 300) -> LineCount:
    """Count the essentially different winning lines of ``deal``, up to 2.

    ``line``: a winning line (under Par scoring: a line reaching the best score ``best``).
    ``cpsat_budget``: CP-SAT deterministic time; ``position_budget``: positions the
    restricted search may visit, ``query_budget``: new oracle queries it may make.
    """
    if variant.is_open and variant.rest == "tableau" and variant.objective == "all" \
            and variant.scoring == "none":
        return _cpsat_count(deal, variant, line, cpsat_budget)
    return _search_count(deal, variant, line, oracle or Oracle(deal, variant), best,
                         position_budget, query_budget)


# -- open games: CP-SAT with a no-good cut ---------------------------------------------

def _cpsat_count(deal: Deal, variant: Variant, line: Sequence[Move],
                 budget: float) -> LineCount:
    from ortools.sat.python import cp_model

    from pyramids.engines.cpsat.open_model import pair_vars
    from pyramids.engines.cpsat.slots import slots

    lay = slots(variant)
    n = lay.n
    cards = deal.cards[:n]
    slot_of = {int(c): i for i, c in enumerate(cards)}
    vals = [c % 13 + 1 for c in cards]
    overlap = variant.overlap
    d1 = discard_set(line)
    d1_pairs: set[tuple[int, int]] = set()
    for ds in d1:
        if len(ds) == 2:
            lo, hi = sorted(slot_of[c] for c in ds)
            d1_pairs.add((lo, hi))
    m = cp_model.CpModel()
    _, pairs, partners = pair_vars(m, lay, vals, [True] * n, overlap)
    for a in range(n):
        if vals[a] != 13:
            m.add_exactly_one(partners[a])
    t = [m.new_int_var(0, n - 1, f"t{a}") for a in range(n)]
    for a in range(n):
        for d in lay.direct[a]:
            xo = pairs.get((min(a, d), max(a, d)))
            if xo is not None:
                m.add(t[a] - t[d] + xo >= 1)
            else:
                m.add(t[a] >= t[d] + 1)
    for (a, b), x in pairs.items():
        m.add(t[a] == t[b]).only_enforce_if(x)
    missing = [p for p in d1_pairs if p not in pairs]
    if missing:  # cannot happen for a legal line; refuse to guess
        return LineCount(None, "cpsat", detail=f"first line pair {missing[0]} not in model")
    m.add(cp_model.LinearExpr.sum([pairs[p] for p in d1_pairs]) <= len(d1_pairs) - 1)
    solver = cp_model.CpSolver()
    prm = solver.parameters
    prm.num_workers = 1
    prm.random_seed = 0
    prm.max_deterministic_time = budget
    status = solver.solve(m)
    if status == cp_model.INFEASIBLE:
        return LineCount(1, "cpsat", detail="no winning line avoids the first line's pair set")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return LineCount(None, "cpsat", detail="CP-SAT budget spent")
    events: list[tuple[int, int, Move]] = []
    from pyramids.core.cards import Card

    for a in range(n):
        ca = Card(cards[a])
        if vals[a] == 13:
            events.append((solver.value(t[a]), a, Move.discard(ca)))
    for (a, b), x in pairs.items():
        if solver.boolean_value(x):
            events.append((solver.value(t[a]), a, Move.discard(Card(cards[a]), Card(cards[b]))))
    events.sort(key=lambda e: (e[0], e[1]))
    second = tuple(e[2] for e in events)
    replay(deal, variant, second, require_win=True)
    if discard_set(second) == d1:  # pragma: no cover - the cut forbids it
        raise AssertionError("CP-SAT second line repeats the first")
    return LineCount(2, "cpsat", second)


# -- stock games: search restricted to the first line's discards ------------------------

def _search_count(deal: Deal, variant: Variant, line: Sequence[Move], oracle: Oracle,
                  best: int | None, budget: int, query_budget: int) -> LineCount:
    par = variant.scoring == "par"
    d1 = discard_set(line)
    d1_removed = frozenset().union(*d1) if d1 else frozenset()
    game = Game(deal, variant)
    seen: set[tuple[object, ...]] = set()
    unsettled = False
    visited = 0
    q0 = oracle.queries

    def wins(res_status: str, score: int | None) -> bool:
        if par:
            return score is not None and best is not None and score >= best
        return res_status == "winnable"

    stack: list[list[Move]] = [game.legal_moves()[::-1]]
    seen.add(game.key())
    while stack:
        if visited >= budget:
            return LineCount(None, "search", detail=f"position budget {budget} spent")
        if oracle.queries - q0 >= query_budget:
            return LineCount(None, "search", detail=f"oracle budget {query_budget} spent")
        m = next_untried(game, stack)
        if m is None:
            break
        if m.is_discard and frozenset(int(c) for c in m.cards) not in d1:
            game.push(m)
            res = oracle.reach(game, best) if par and best is not None \
                else oracle.status_of(game)
            if res.exact and wins(res.status, res.score):
                second = tuple(game.moves) + res.moves
                rp = replay(deal, variant, second, require_win=not par)
                if discard_set(second) != d1 and (not par or (rp.score or 0) >= (best or 0)):
                    game.pop()
                    return LineCount(2, "search", second)
                unsettled = True  # pragma: no cover - an exact oracle line must differ
            elif not res.exact:
                unsettled = True
            game.pop()
            continue
        game.push(m)
        key = game.key()
        if key in seen:
            game.pop()
            continue
        seen.add(key)
        visited += 1
        if par and best is not None and game.par_score() >= best:
            removed = frozenset(int(c) for c in range(52) if game.is_removed(c))
            if removed != d1_removed:
                return LineCount(2, "search", tuple(game.moves))
        if not par and game.is_won():
            game.pop()
            continue
        stack.append(game.legal_moves()[::-1])
    if unsettled:
        return LineCount(None, "search", detail="some alternative discards were not settled")
    return LineCount(1, "search", detail=f"{visited} positions with first-line discards only")
