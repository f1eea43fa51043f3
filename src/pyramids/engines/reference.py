"""A plain brute-force reference solver over the rules engine, for cross-checks.

Complete depth-first search over :class:`pyramids.core.game.Game` with a visited
set and nothing else: no pruning, no move ordering, no cleverness. It is slow
(tens of thousands of positions per second) and meant for small cases: short
stocks (many pyramid rows), open games, or any deal with a node limit.

With unlimited passes the pass number is left out of the visited key (the engine
itself never declares such a game lost), so the search always terminates. Under
Par scoring it visits every reachable position and keeps the best Par score;
the status is ``winnable`` iff some line discards all 52 cards.
"""

from __future__ import annotations

import time

from pyramids.core.deals import Deal
from pyramids.core.game import Game, next_untried
from pyramids.core.moves import Move
from pyramids.core.referee import replay
from pyramids.core.variants import Variant
from pyramids.core.verdict import Certificate, Verdict

ENGINE = "reference"


def _key(game: Game) -> tuple[object, ...]:
    k = game.key()
    if game.variant.passes is None:
        return (k[0], k[1], k[2], k[3], None, k[5])
    return k


def solve(deal: Deal, variant: Variant, *, node_limit: int | None = None) -> Verdict:
    """Exhaustive search of ``deal``; ``unknown`` if ``node_limit`` positions are not enough."""
    t0 = time.perf_counter()
    game = Game(deal, variant)
    par = variant.scoring == "par"
    seen: set[tuple[object, ...]] = set()
    nodes = 0
    best: int | None = None
    best_line: list[Move] = []
    won_any = False
    # explicit stack of move iterators, so deep games need no recursion
    stack: list[list[Move]] = []

    def enter() -> bool:
        """Visit the current position; True if it should be expanded."""
        nonlocal nodes, best, best_line, won_any
        nodes += 1
        if par:
            score = game.par_score()
            if best is None or score > best:
                best, best_line = score, list(game.moves)
            if game.cards_left() == 0:
                won_any = True
        elif game.is_won():
            return False
        key = _key(game)
        if key in seen:
            return False
        seen.add(key)
        return True

    def finish(status: str, reason: str = "") -> Verdict:
        secs = time.perf_counter() - t0
        if status == "unknown":
            return Verdict("unknown", ENGINE, nodes=nodes, seconds=secs, reason=reason,
                           deal_number=deal.number)
        if par:
            moves = tuple(best_line)
            replay(deal, variant, moves, require_win=False)
            if won_any:
                return Verdict("winnable", ENGINE, moves, score=best, nodes=nodes, seconds=secs,
                               deal_number=deal.number)
            return Verdict("blocked", ENGINE, moves, certificate=_cert(nodes), score=best,
                           nodes=nodes, seconds=secs, deal_number=deal.number)
        if status == "winnable":
            moves = tuple(game.moves)
            replay(deal, variant, moves, require_win=True)
            return Verdict("winnable", ENGINE, moves, nodes=nodes, seconds=secs,
                           deal_number=deal.number)
        return Verdict("blocked", ENGINE, certificate=_cert(nodes), nodes=nodes, seconds=secs,
                       deal_number=deal.number)

    if not par and game.is_won():
        return finish("winnable")
    if enter():
        stack.append(game.legal_moves()[::-1])
    while stack:
        if node_limit is not None and nodes >= node_limit:
            return finish("unknown", f"node limit {node_limit} reached")
        move = next_untried(game, stack)
        if move is None:
            break
        game.push(move)
        if not par and game.is_won():
            nodes += 1
            return finish("winnable")
        if enter():
            stack.append(game.legal_moves()[::-1])
        else:
            game.pop()
    return finish("blocked")


def _cert(nodes: int) -> Certificate:
    return Certificate("exhaustive", f"brute force: all {nodes} reachable positions, none won",
                       {"nodes": nodes})
