"""PySolFC's two open pyramid games settled by a search written apart from the model, and
every win replayed click by click in the model of PySolFC's stacks.

Pharaohs (655) and Pyramid Dozen (846) deal every card face up at the start (no talon to
play), so a depth-first search over the set of cards gone, with a table of the sets seen,
settles a game exactly: *winnable* (a line found) or *blocked* (every position reached,
none won); *unknown* only where ``--nodes`` runs out. The search here reads the games
from :mod:`pyramids.pysolfc.family` (``family_cards``: the cards in the layout order;
``covers``: which places lie on which) and states their rules again on its own: Pharaohs,
values adding to 13 and a King alone; Pyramid Dozen, values adding to 12 or a Queen and a
King, the top card of each of its six reserves free. Each line it finds is replayed in
:mod:`pyramids.pysolfc.family_model` (PySolFC's stacks, written from its source, which
deals by moving cards off a shuffled talon): a failure is a step the model refuses, or
a line that does not win there. Each game is also settled by the project's general
search (:mod:`pyramids.engines.pairs` on :data:`pyramids.core.rules.GAMES`), and a verdict
it gives otherwise is a failure too. Prints a line a game and the failures; exits 1 if
any.

    .venv/bin/python benchmarks/replay_family.py --games 1:1001
"""

from __future__ import annotations

import argparse
import sys
import time

from pyramids.core.rules import GAMES
from pyramids.engines.pairs import solve
from pyramids.pysolfc.family import PRESETS, SHAPES, covers, family_cards
from pyramids.pysolfc.family_model import ModelError, replay_family
from pyramids.pysolfc.games import PySolFCGame


class OutOfNodes(Exception):
    pass


def settle(game_id: int, number: int, nodes: int) -> tuple[str, list[str]]:
    """``("winnable", line)``, ``("blocked", [])`` or ``("unknown", [])``."""
    cards = family_cards(game_id, PySolFCGame(number))
    on = covers(game_id)
    shape = SHAPES[game_id]
    places = shape.places
    depth = shape.reserve_cards
    # a reserve pile is a column: its card k is free once the cards above it are gone
    for pile in range(shape.reserves):
        first = places + pile * depth
        on += tuple(tuple(range(first + k + 1, first + depth)) for k in range(depth))
    value = [c.value for c in cards]
    name = [str(c) for c in cards]
    if game_id == 655:
        def pairs(a: int, b: int) -> bool:
            return a + b == 13
        alone = {13}
    else:
        def pairs(a: int, b: int) -> bool:
            return a + b == 12 or {a, b} == {12, 13}
        alone = set()
    seen: set[frozenset[int]] = set()

    def search(gone: frozenset[int], line: list[str]) -> list[str] | None:
        if len(gone) == len(cards):
            return line
        if gone in seen:
            return None
        seen.add(gone)
        if len(seen) > nodes:
            raise OutOfNodes
        free = [p for p in range(len(cards)) if p not in gone
                and all(q in gone for q in on[p])]
        for p in free:
            if value[p] in alone:
                got = search(gone | {p}, [*line, name[p]])
                if got is not None:
                    return got
        for i, p in enumerate(free):
            for q in free[i + 1:]:
                if pairs(value[p], value[q]):
                    got = search(gone | {p, q}, [*line, f"{name[p]}+{name[q]}"])
                    if got is not None:
                        return got
        return None

    sys.setrecursionlimit(10_000)
    try:
        line = search(frozenset(), [])
    except OutOfNodes:
        return "unknown", []
    return ("blocked", []) if line is None else ("winnable", line)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="1:1001", help="numbers FROM:TO (TO not included)")
    ap.add_argument("--nodes", type=int, default=2_000_000,
                    help="positions a game may reach before it is left unknown")
    args = ap.parse_args()
    start, stop = (int(x) for x in args.games.split(":"))
    failures: list[str] = []
    print("game             games  winnable  blocked  unknown  replayed  won  seconds"
          "  engine agrees  engine s")
    preset = {gid: name for name, gid in PRESETS.items()}
    for game_id in (655, 846):
        counts = {"winnable": 0, "blocked": 0, "unknown": 0}
        won = replayed = agrees = 0
        t0 = time.process_time()
        engine = 0.0
        for number in range(start, stop):
            verdict, line = settle(game_id, number, args.nodes)
            counts[verdict] += 1
            e0 = time.process_time()
            theirs = solve(GAMES[preset[game_id]],
                           family_cards(game_id, PySolFCGame(number))).status
            engine += time.process_time() - e0
            if theirs == verdict:
                agrees += 1
            else:
                failures.append(f"{game_id} game {number}: {verdict} here, {theirs} "
                                "by engines.pairs")
            if verdict != "winnable":
                continue
            replayed += 1
            try:
                got = replay_family(game_id, number, line)
            except ModelError as e:
                failures.append(f"{game_id} game {number}: {e}")
                continue
            if got.won:
                won += 1
            else:
                failures.append(f"{game_id} game {number}: the line does not win")
        seconds = time.process_time() - t0 - engine
        print(f"{SHAPES[game_id].name:15} {stop - start:6} {counts['winnable']:9} "
              f"{counts['blocked']:8} {counts['unknown']:8} {replayed:9} {won:4} "
              f"{seconds:8.1f} {agrees:14} {engine:9.1f}")
    print(f"failures: {len(failures)}")
    for f in failures[:10]:
        print("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
