"""Benchmark ``--goal moves`` on PySolFC's ten other pyramid games: the fewest moves that
win from the deal (:func:`pyramids.answers.family.fewest_moves`: the general search, then
A*), on PySolFC's games 1 to N of each.

    PYTHONPATH=src .venv/bin/python benchmarks/bench_family_goals.py [--games 5]
        [--node-limit 100000] [--game NAME ...]

Per game: how many answers are proven the fewest (``optimal``), lines found but not
proven (a limit ran out: the proven bound beside them), blocked, unknown; the mean and
most clicks of the proven lines; the gap between the search's line and the shortest
(how many clicks A* saved); the CPU seconds (median, slowest); with ``--memory``, the
bytes a position A* expanded costs (``tracemalloc``'s peak over the positions, the
answer run again under it, untimed).
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

from pyramids.answers.family import check_game, fewest_moves
from pyramids.core.rules import GAMES
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--node-limit", type=int, default=100_000)
    ap.add_argument("--game", action="append", choices=sorted(GAMES))
    ap.add_argument("--memory", action="store_true")
    args = ap.parse_args()
    print(f"games 1..{args.games} of each, --node-limit {args.node_limit:,} (each search)")
    print(f"{'game':<26}{'proven':>7}{'bound':>6}{'blocked':>8}{'unknown':>8}"
          f"{'clicks':>8}{'saved':>7}{'cpu med':>9}{'cpu max':>9}{'B/pos':>7}")
    for name in args.game or sorted(GAMES):
        rules = GAMES[name]
        assert rules.pysolfc is not None
        counts = {"proven": 0, "bound": 0, "blocked": 0, "unknown": 0}
        clicks, saved, cpu, per_pos = [], [], [], []
        for n in range(1, args.games + 1):
            cards = family_cards(rules.pysolfc, PySolFCGame(n))
            first = check_game(rules, cards, node_limit=args.node_limit)
            t0 = time.process_time()
            a = fewest_moves(rules, cards, node_limit=args.node_limit)
            cpu.append(time.process_time() - t0)
            if args.memory and a.verdict.nodes > first.nodes:
                tracemalloc.start()
                fewest_moves(rules, cards, node_limit=args.node_limit)
                peak = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
                per_pos.append(peak / (a.verdict.nodes - first.nodes))
            if a.verdict.status == "blocked":
                counts["blocked"] += 1
            elif a.steps is not None and a.optimal:
                counts["proven"] += 1
                clicks.append(a.steps)
                saved.append(len(first.line) - a.steps if first.line else 0)
            elif a.steps is not None:
                counts["bound"] += 1
            else:
                counts["unknown"] += 1
        mean = f"{statistics.mean(clicks):.1f}" if clicks else "-"
        gain = f"{statistics.mean(saved):.1f}" if saved else "-"
        mem = f"{statistics.median(per_pos):.0f}" if per_pos else "-"
        print(f"{name:<26}{counts['proven']:>7}{counts['bound']:>6}{counts['blocked']:>8}"
              f"{counts['unknown']:>8}{mean:>8}{gain:>7}{statistics.median(cpu):>9.2f}"
              f"{max(cpu):>9.2f}{mem:>7}", flush=True)


if __name__ == "__main__":
    main()
