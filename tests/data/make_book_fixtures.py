"""Make the small puzzle collections the book tests use (tests/data/book-*.jsonl).

A plain depth-first search over the rules engine, with a node limit, finds a winning
line for a few deals per variant; each line is replayed by the referee on reading. The
grades written here are fixture labels cycled in order, not measured difficulty.

    .venv/bin/python tests/data/make_book_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pyramids import Deal, Game, Move, get_variant, replay
from pyramids.core.variants import Variant

GRADES = ("easy", "medium", "hard", "expert")


def dfs(deal: Deal, variant: Variant, node_limit: int) -> list[Move] | None:
    game = Game(deal, variant)
    seen: set[object] = set()
    nodes = 0

    def go() -> bool:
        nonlocal nodes
        if game.is_won():
            return True
        key = game.key()
        if key in seen or nodes >= node_limit:
            return False
        seen.add(key)
        nodes += 1
        for m in game.legal_moves():
            game.push(m)
            if go():
                return True
            game.pop()
        return False

    sys.setrecursionlimit(10000)
    return list(game.moves) if go() else None


def collect(name: str, count: int, node_limit: int, **options: object) -> list[dict]:
    variant = get_variant(name, **options)
    out: list[dict] = []
    n = 0
    while len(out) < count:
        deal = Deal.from_number(n)
        moves = dfs(deal, variant, node_limit)
        if moves is not None:
            replay(deal, variant, moves)
            out.append({"id": f"{name}{'-overlap' if variant.overlap else ''}-{n:03d}",
                        "collection": f"fixture-{name}", "deal": n, "line": deal.line(),
                        "variant": variant.options(), "grade": GRADES[len(out) % 4],
                        "score": float(len(moves)), "components": {"moves": len(moves)},
                        "unique": False, "solution": [str(m) for m in moves]})
            print(name, n, len(moves), file=sys.stderr)
        n += 1
    return out


def main() -> None:
    here = Path(__file__).parent
    sets = {
        "book-giza.jsonl": collect("giza", 6, 20000),
        "book-mixed.jsonl": (collect("pyramid", 2, 20000) + collect("par-pyramid", 1, 20000)
                             + collect("giza-6x4", 2, 20000)
                             + collect("giza", 1, 20000, overlap=True)),
    }
    for fname, entries in sets.items():
        (here / fname).write_text("".join(json.dumps(e) + "\n" for e in entries))


if __name__ == "__main__":
    main()
