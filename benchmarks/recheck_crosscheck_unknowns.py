"""The deals a cross-check's search left unknown, searched again with today's code.

``benchmarks/crosscheck_family.py`` keeps each deal's record (``crosscheck_family/
GAME.jsonl``); where the search of its day stopped at the node limit, only CP-SAT
answered. After a change to the search (h76's beam), this searches those deals again at
the same limit, replays every win on the rules engine (``core.board``) and compares the
verdict with CP-SAT's in the record: a disagreement is a bug. Nothing is written; the
printed line goes to the notes of ``crosscheck_family_results.txt``. Usage::

    PYTHONPATH=src .venv/bin/python benchmarks/recheck_crosscheck_unknowns.py GAME ...
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from pyramids.core.board import line_of, replay
from pyramids.core.rules import GAMES
from pyramids.engines.pairs import solve
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame

HERE = Path(__file__).parent / "crosscheck_family"


def recheck(game: str, node_limit: int) -> str:
    """One game's line: the deals left unknown, and now agreeing, disagreeing, settled
    where CP-SAT was unknown too, still unknown, with the search's CPU."""
    rules = GAMES[game]
    with open(HERE / f"{game}.jsonl") as f:
        records = [json.loads(line) for line in f if line.strip()]
    unknown = [r for r in records if r["search"] == "unknown"]
    agree = still = alone = 0
    disagree: list[int] = []
    cpu = 0.0
    for r in unknown:
        cards = family_cards(rules.pysolfc or 0, PySolFCGame(r["deal"]))
        t = time.process_time()
        out = solve(rules, cards, node_limit=node_limit)
        cpu += time.process_time() - t
        if out.status == "unknown":
            still += 1
            continue
        line = line_of(rules, cards, list(out.moves))
        if out.status == "winnable" and not replay(rules, cards, line).is_won():
            raise SystemExit(f"{game} pysolfc:{r['deal']}: the search's line does not win")
        if r["cpsat"] == "unknown":
            alone += 1  # settled now by the search only: nothing to compare
        elif out.status == r["cpsat"]:
            agree += 1
        else:
            disagree.append(r["deal"])
    ms = 1000 * cpu / max(1, len(unknown))
    return (f"{game}: {len(unknown)} of {len(records)} deals the search left unknown, "
            f"searched again at {node_limit:,}: agree {agree}, disagree {len(disagree)}"
            f"{' ' + str(disagree) if disagree else ''}, CP-SAT unknown {alone}, "
            f"still unknown {still}; "
            f"{cpu:.1f} CPU s ({ms:.0f} ms a deal)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", choices=sorted(GAMES))
    ap.add_argument("--node-limit", type=int, default=1_000_000)
    args = ap.parse_args()
    solve(GAMES[args.games[0]], family_cards(GAMES[args.games[0]].pysolfc or 0,
                                             PySolFCGame(1)), node_limit=1_000)  # compile
    for game in args.games:
        print(recheck(game, args.node_limit), flush=True)


if __name__ == "__main__":
    main()
