"""The fewest moves that win any game of :mod:`pyramids.core.rules`: A* over
:class:`~pyramids.core.board.Board` positions.

A move is what :meth:`Board.legal_moves` gives and a line writes: a card alone, a pair, a
deal, a redeal (PySolFC's clicks: what the talon does by itself, an automatic deal, is no
move). Every move costs one, so A* with a consistent bound pops the positions in order
of moves-so-far plus bound, and the first won position it pops is reached in the fewest
moves. :func:`bound` is that bound, argued where it is made; a position from which no
line wins (:meth:`Needs.dead`) is dropped, and with ``upper`` (the length of a line
already found) so is every position that cannot lead to a shorter one, so a search that
empties its queue proves that line the shortest. A limit that runs out first leaves the
least f popped: a proven lower bound on the moves.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pyramids.core.board import Board, Play
from pyramids.core.cards import Card
from pyramids.core.rules import Rules
from pyramids.engines.pairs import Needs

#: positions A* keeps, each with its parent and its queue entry (Cheops' games 1-5: a peak
#: of 1.3 kB per position expanded, a few kept for each: some 1 GiB at the cap,
#: ``benchmarks/bench_family_goals.py --memory``); a search that needs more stops
MAX_POSITIONS = 2_000_000

# a position as the search stores it: removed, talon, wastes, hand, round
_State = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], int | None, int]


@dataclass(frozen=True)
class Fewest:
    """What A* found: ``found`` (``moves`` win in the fewest moves), ``none`` (no line
    wins, or with ``upper`` none shorter than it: every position that could was
    searched), or ``limit`` (``lower``: the proven least number of moves). ``moves``
    are from the position searched."""

    status: Literal["found", "none", "limit"]
    moves: tuple[Play, ...]
    lower: int
    nodes: int
    seconds: float
    reason: str = ""


def bound(board: Board) -> Callable[[Board], int]:
    """A consistent lower bound on the moves that win from a position of ``board``'s game.

    The cards that must go (every card, or the pyramid's): one whose rank pairs with no
    rank goes by a move of its own, any other shares its move with at most one more
    (a pair). Where the talon's top is face down and no deal is automatic, a talon card
    leaves the talon only by a deal (a redeal refills an empty talon, never empties it),
    which takes ``k`` cards (the draw, or one for each of three wastes), so every card
    still in the talon needs ``ceil(talon / k)`` deals more; deals discard nothing, so
    the two counts add. A move takes one from either count at most, so the bound falls
    by one a move at most: consistent."""
    rules = board.rules
    pairing, t = rules.pairing, rules.talon
    must = range(rules.cards) if rules.objective == "all" else rules.layout.pyramid
    lone = sum(1 << a for a in must if not pairing.partners(board.ranks[a]))
    other = sum(1 << a for a in must) & ~lone
    k = t.wastes if t.wastes == 3 else t.draw
    deals = rules.objective == "all" and t.exists and not t.top_face_up and not t.auto_deal

    def h(b: Board) -> int:
        left = ~b.removed
        out = (lone & left).bit_count() + ((other & left).bit_count() + 1) // 2
        if deals:
            out += -(-len(b.talon) // k)
        return out

    return h


def _state(b: Board) -> _State:
    return b.removed, b.talon, b.wastes, b.hand, b.round


def _load(b: Board, s: _State) -> None:
    b.removed, b.talon, b.wastes, b.hand, b.round = s


def shortest(rules: Rules, cards: tuple[Card, ...], *, start: tuple[Play, ...] = (),
             upper: int | None = None, node_limit: int | None = None,
             time_limit: float | None = None) -> Fewest:
    """The fewest moves that win ``cards`` under ``rules`` from the position after
    ``start`` (A*; see the module docstring). ``upper``: the length of a winning line
    already known: only shorter ones are looked for (``none`` then proves it the
    shortest). ``node_limit``: positions expanded; ``time_limit``: CPU seconds; and at
    most :data:`MAX_POSITIONS` positions kept."""
    t0 = time.process_time()
    board = Board(rules, cards)
    for m in start:
        board.push(m)
    needs = Needs(board)
    h = bound(board)
    cap = upper if upper is not None else None
    if needs.dead(board.removed) is not None or (cap is not None and h(board) >= cap):
        return Fewest("none", (), h(board), 0, time.process_time() - t0,
                      "a card that must go has no partner left that can reach it"
                      if cap is None else f"no line shorter than {cap} moves")
    root = board.key()
    states: dict[tuple[object, ...], _State] = {root: _state(board)}
    best: dict[tuple[object, ...], int] = {root: 0}
    parent: dict[tuple[object, ...], tuple[tuple[object, ...], Play]] = {}
    order = itertools.count()
    queue = [(h(board), 0, next(order), root)]
    done: set[tuple[object, ...]] = set()
    expanded = 0
    lower = h(board)

    def stop(why: str) -> Fewest:
        return Fewest("limit", (), lower, expanded, time.process_time() - t0,
                      f"{why} reached after {expanded:,} positions")

    while queue:
        f, neg, _, key = heapq.heappop(queue)
        g = -neg
        if key in done or best[key] < g:
            continue
        lower = max(lower, f)
        _load(board, states[key])
        if board.is_won():
            line: list[Play] = []
            while key != root:
                key, move = parent[key]
                line.append(move)
            return Fewest("found", tuple(reversed(line)), g, expanded,
                          time.process_time() - t0)
        if node_limit is not None and expanded >= node_limit:
            return stop(f"node limit {node_limit:,}")
        if time_limit is not None and expanded % 256 == 0 \
                and time.process_time() - t0 > time_limit:
            return stop(f"time limit {time_limit:g} s")
        if len(best) > MAX_POSITIONS:
            return stop(f"memory cap of {MAX_POSITIONS:,} positions kept")
        done.add(key)
        expanded += 1
        for move in board.legal_moves():
            board.push_unchecked(move)
            child = board.key()
            if child not in done and g + 1 < best.get(child, g + 2) \
                    and needs.dead(board.removed) is None:
                fc = g + 1 + h(board)
                if cap is None or fc < cap:
                    best[child] = g + 1
                    states[child] = _state(board)
                    parent[child] = (key, move)
                    heapq.heappush(queue, (fc, -(g + 1), next(order), child))
            board.pop()
    return Fewest("none", (), lower, expanded, time.process_time() - t0,
                  f"every position that could win searched ({expanded:,})"
                  if cap is None else
                  f"every position that could win in fewer than {cap} moves searched "
                  f"({expanded:,})")
