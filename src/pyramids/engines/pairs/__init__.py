"""The general search: any game of :mod:`pyramids.core.rules`, exactly.

A depth-first search over :class:`~pyramids.core.board.Board` positions that never visits
a position twice (its :meth:`~pyramids.core.board.Board.key` is everything that decides
the future), so that a search that runs out of moves has seen every reachable position:
the deal is then blocked, proven by exhaustion. A limit that runs out first leaves it
unknown, saying how far the search got. Its one pruning is argued where it is applied
(:func:`_safe_move`). The winning line it returns is replayed by the caller.

The same search compiled with numba (:mod:`pyramids.engines.pairs.kernel`) plays every
game whose talon has at most one waste, turned over on a redeal, or three gathered
PySolFC's way (Apophis, Eleven Triangle); :func:`solve` uses it there and this Python loop
elsewhere (or when asked).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Literal

from pyramids.core.board import Board, Play
from pyramids.core.cards import Card
from pyramids.core.errors import VariantError
from pyramids.core.rules import Rules

Engine = Literal["auto", "python", "kernel"]


@dataclass(frozen=True)
class Outcome:
    """What the search found: ``winnable`` with its moves, ``blocked`` (every position
    seen), or ``unknown`` (a limit ran out; ``reason`` says which)."""

    status: str
    moves: tuple[Play, ...]
    nodes: int
    seconds: float
    reason: str = ""


def _safe_move(board: Board, moves: list[Play]) -> Play | None:
    """A layout card that goes alone and pairs with no rank (a King under the sum 13):
    taking it now loses nothing. It is in play and nothing else can use it; removing it
    only uncovers layout cards, and leaves the talon and wastes as they were (so no
    automatic deal follows), so every line from the position before it can be played
    after it too, with this card gone earlier."""
    pairing = board.rules.pairing
    for m in moves:
        if m.kind == "alone" and m.at[0] < board.places:
            rank = board.ranks[m.at[0]]
            if not pairing.partners(rank):
                return m
    return None


class Needs:
    """Per deal position, as bit masks over positions: the cards it pairs with
    (``partners``) and the cards that must go before it can (``before``: the layout places
    lying on it, less the direct ones where overlap lets a card go with those); and the
    positions that must go for a win (``must``)."""

    def __init__(self, board: Board) -> None:
        rules = board.rules
        pairing, lay, ranks = rules.pairing, rules.layout, board.ranks
        n = rules.cards
        of_rank = [0] * 14
        for b in range(n):
            of_rank[ranks[b]] |= 1 << b
        with_rank = [0] + [sum(of_rank[r] for r in pairing.partners(q)) for q in range(1, 14)]
        self.partners = [with_rank[ranks[a]] & ~(1 << a) for a in range(n)]
        self.before = [0] * n
        for p in range(lay.size):
            over = lay.covering[p]
            if pairing.overlap:
                over = over - set(lay.covered_by[p])
            self.before[p] = sum(1 << q for q in over)
        must = range(n) if rules.objective == "all" else lay.pyramid
        self.check = [a for a in must if ranks[a] not in pairing.alone]

    def dead(self, removed: int) -> int | None:
        """A card that must go but whose partners are all gone or all lie on it (so each
        must go before it, with another card): no line from here wins. Its position, or
        ``None``. The deal-start case is the certificate "every partner of this card lies
        on top of it"."""
        for a in self.check:
            if not removed >> a & 1 and not self.partners[a] & ~removed & ~self.before[a]:
                return a
        return None


def _ordered(board: Board, moves: list[Play]) -> list[Play]:
    """Cards alone first, then pairs of layout cards, then pairs with talon or waste
    cards, then the stock move: the likeliest winning lines first (order changes the
    time a search takes, never what it proves)."""
    def rank(m: Play) -> int:
        if m.kind == "alone":
            return 0
        if m.is_stock:
            return 3
        return 1 if all(a < board.places for a in m.at) else 2
    return sorted(moves, key=rank)


def solve(rules: Rules, cards: tuple[Card, ...], *, start: tuple[Play, ...] = (),
          node_limit: int | None = None, time_limit: float | None = None,
          engine: Engine = "auto", prune: bool | Collection[str] = True) -> Outcome:
    """Can ``cards`` dealt under ``rules`` (after ``start``) be won? ``engine``: the
    compiled search where the game fits it (``auto``), or either one forced (``kernel``
    raises :class:`VariantError` for a game it cannot play). ``prune``: the kernel's own
    prunings and win-seeking passes (restarts, move order), all (``True``), none
    (``False``: it then visits the Python search's positions exactly) or those named
    (:data:`kernel.PRUNINGS`, :data:`kernel.SEEKING`)."""
    from pyramids.engines.pairs import beam, kernel

    t0 = time.process_time()
    if engine not in ("auto", "python", "kernel"):
        raise VariantError(f"unknown engine {engine!r}: choose auto, python or kernel")
    ready = _prepare(rules, cards, start, t0)
    if isinstance(ready, Outcome):
        return ready
    board, needs = ready
    if engine == "kernel" or (engine == "auto" and kernel.supports(rules)):
        tables = kernel.Tables(rules, cards, needs.partners, needs.before, needs.check)
        found = kernel.search(tables, board, node_limit=node_limit, time_limit=time_limit,
                              t0=t0, prune=kernel.PRUNINGS + kernel.SEEKING if prune is True
                              else () if prune is False else prune, seek=beam.seek)
        return Outcome(found.status, found.moves, found.nodes, time.process_time() - t0,
                       _reason(found.status, found.limit, found.seen, node_limit,
                               time_limit, found.others))
    return _search(board, needs, node_limit, time_limit, t0)


def _prepare(rules: Rules, cards: tuple[Card, ...], start: tuple[Play, ...],
             t0: float) -> tuple[Board, Needs] | Outcome:
    """The board after ``start`` and its Needs, or the Outcome already known there (won,
    or a card that must go with no partner left that can reach it)."""
    board = Board(rules, cards)
    for m in start:
        board.push(m)
    if board.is_won():
        return Outcome("winnable", (), 0, time.process_time() - t0)
    needs = Needs(board)
    if needs.dead(board.removed) is not None:
        return Outcome("blocked", (), 0, time.process_time() - t0,
                       "a card that must go has no partner left that can reach it")
    return board, needs


def _reason(status: str, limit: str, seen: int, node_limit: int | None,
            time_limit: float | None, others: int = 0) -> str:
    """The Outcome's reason, in the Python search's words; ``others``: the nodes the
    beams and restarts spent beside the search in the usual order, whose positions
    ``seen`` counts."""
    if status == "blocked":
        return f"every reachable position seen ({seen:,})"
    if status == "winnable":
        return ""
    if limit == "nodes" and others:
        return (f"node limit {node_limit:,} reached after {seen:,} positions in the usual "
                f"order and {others:,} nodes of beams and restarts")
    if limit == "nodes":
        return f"node limit {node_limit:,} reached after {seen:,} positions"
    return f"time limit {time_limit:g} s reached after {seen:,} positions"


def _search(board: Board, needs: Needs, node_limit: int | None, time_limit: float | None,
            t0: float, lost: Callable[[int], bool] | None = None) -> Outcome:
    """The search in plain Python from ``board`` (not won, no dead card). ``lost``: a
    proof that no line wins from a position's removed cards, applied as the dead-card
    test is (:mod:`pyramids.engines.pairs.free_talon`)."""
    base = len(board.moves)
    seen: set[tuple[object, ...]] = set()
    nodes = 0
    stack: list[Iterator[Play]] = []

    def children() -> Iterator[Play]:
        moves = board.legal_moves()
        safe = _safe_move(board, moves)
        return iter([safe] if safe is not None else _ordered(board, moves))

    def at_limit() -> Outcome | None:
        """The answer once ``node_limit`` nodes are counted (the kernel's ``at_limit``,
        asked at the same places: after each node, a dead one too, and before a move)."""
        if node_limit is None or nodes < node_limit:
            return None
        return Outcome("unknown", (), nodes, time.process_time() - t0,
                       f"node limit {node_limit:,} reached after {len(seen):,} positions")

    seen.add(board.key())
    stack.append(children())
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if len(board.moves) > base:
                board.pop()
            continue
        if (done := at_limit()) is not None:
            return done
        board.push_unchecked(move)
        key = board.key()
        if key in seen:
            board.pop()
            continue
        seen.add(key)
        nodes += 1
        if needs.dead(board.removed) is not None or (lost is not None
                                                      and lost(board.removed)):
            board.pop()
            if (done := at_limit()) is not None:
                return done  # a dead node counts: never one past the limit
            continue
        if board.is_won():
            return Outcome("winnable", tuple(board.moves[base:]), nodes,
                           time.process_time() - t0)
        if (done := at_limit()) is not None:
            return done
        if time_limit is not None and nodes % 1024 == 0 \
                and time.process_time() - t0 > time_limit:
            return Outcome("unknown", (), nodes, time.process_time() - t0,
                           f"time limit {time_limit:g} s reached after {len(seen):,} "
                           "positions")
        stack.append(children())
    return Outcome("blocked", (), nodes, time.process_time() - t0,
                   f"every reachable position seen ({len(seen):,})")
