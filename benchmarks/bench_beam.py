"""Benchmark seeking "beam" (h76, :mod:`pyramids.engines.pairs.beam`): the general search
with and without it, on PySolFC's own numbered deals, in the same run.

    PYTHONPATH=src .venv/bin/python benchmarks/bench_beam.py [--limit 1000000]
        [--game NAME:LO-HI ...] [--share F] [--first F ...] [--config off|on ...]
        [--widths W,...]
        [--weights L,T,B,S,CAP,F;...]

Each ``--game`` names a game and its deals (pysolfc:LO..HI); by default Double Pyramid
101-200 (1-100 tuned the beam's weights), Two Pyramids and Up and Down 1-100. Per game and
setting (``off``: every pruning and seeking pass but "beam"; ``on``: all of them):
winnable / blocked / unknown, the nodes in all, the CPU seconds (``time.process_time``,
compile excluded), the median and slowest deal, and the deals winnable in one setting
and blocked in the other (contradictions: must be 0); then the deals won by one setting
only, and those with the same verdict, nodes and line both ways (every one on a one-deck
game, which never runs the beam). Every win is replayed by the
rules engine before it counts. ``--share``, ``--widths`` and ``--weights`` set
kernel.BEAM_SHARE_TWO_DECKS, beam.WIDTHS and beam.WEIGHTS for the run (tuning);
``--first F`` (repeatable) runs the setting ``on`` once per value of
kernel.BEAM_FIRST_TWO_DECKS, the usual order's share before the beam, all in one run.
Results: the end of bench_pairs_results.txt.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pyramids.core.board import line_of, replay
from pyramids.core.rules import GAMES
from pyramids.engines.pairs import beam, kernel, solve
from pyramids.pysolfc.family import game_deal
from pyramids.pysolfc.games import PySolFCGame

DEFAULT = ["pysolfc-double-pyramid:101-200", "pysolfc-two-pyramids:1-100",
           "pysolfc-up-and-down:1-100"]
CONFIGS = {"off": tuple(p for p in kernel.PRUNINGS + kernel.SEEKING if p != "beam"),
           "on": kernel.PRUNINGS + kernel.SEEKING}


FIRST = kernel.BEAM_FIRST_TWO_DECKS


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=1_000_000)
    ap.add_argument("--game", action="append")
    ap.add_argument("--share", type=float, help="BEAM_SHARE_TWO_DECKS")
    ap.add_argument("--first", action="append", type=lambda x: float(eval(x, {})),
                    help="BEAM_FIRST_TWO_DECKS (1/8, 1/256...): setting 'on' once per value")
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS))
    ap.add_argument("--widths", help="beam.WIDTHS, comma-separated")
    ap.add_argument("--weights", help="beam.WEIGHTS, comma-separated")
    args = ap.parse_args()
    if args.widths:
        beam.WIDTHS = tuple(int(w) for w in args.widths.split(","))
    if args.weights:
        beam.WEIGHTS = tuple(tuple(int(w) for w in ws.split(","))
                             for ws in args.weights.split(";"))
    if args.share is not None:
        kernel.BEAM_SHARE_TWO_DECKS = args.share
    rules = GAMES["pysolfc-double-pyramid"]  # compile/load, the beam too
    solve(rules, game_deal(PySolFCGame(1), rules).cards, node_limit=20_000, engine="kernel")
    print(f"# node limit {args.limit:,}; beam share {kernel.BEAM_SHARE_TWO_DECKS:g}, widths "
          f"{','.join(map(str, beam.WIDTHS))}, weights {beam.WEIGHTS}")
    for spec in args.game or DEFAULT:
        name, span = spec.rsplit(":", 1)
        lo, hi = (int(x) for x in span.split("-"))
        rules = GAMES[name]
        numbers = range(lo, hi + 1)
        deals = [game_deal(PySolFCGame(i), rules).cards for i in numbers]
        got: dict[str, list[str]] = {}
        answers: dict[str, list[tuple[object, ...]]] = {}
        runs = ([(label, CONFIGS[label], None) for label in args.config or list(CONFIGS)]
                if not args.first else
                [(f"on, first {f:g}", CONFIGS["on"], f) for f in args.first])
        for label, prune, first in runs:
            kernel.BEAM_FIRST_TWO_DECKS = first if first is not None else FIRST
            statuses, nodes, cpus = [], 0, []
            for cards in deals:
                t0 = time.process_time()
                out = solve(rules, cards, node_limit=args.limit, engine="kernel", prune=prune)
                cpus.append(time.process_time() - t0)
                if out.status == "winnable":
                    assert replay(rules, cards, line_of(rules, cards, list(out.moves))).is_won()
                statuses.append(out.status)
                nodes += out.nodes
                answers.setdefault(label, []).append((out.status, out.nodes, out.moves))
            got[label] = statuses
            flips = sum(1 for i in range(len(deals))
                        if {g[i] for g in got.values()} >= {"winnable", "blocked"})
            slow = max(range(len(deals)), key=lambda i: cpus[i])
            print(f"{name:24} {lo}-{hi} {label:3}  W {statuses.count('winnable'):3} "
                  f"B {statuses.count('blocked'):3} U {statuses.count('unknown'):3}  "
                  f"nodes {nodes:11,}  cpu {sum(cpus):6.1f} s  median "
                  f"{statistics.median(cpus):.3f} s  slowest {cpus[slow]:.2f} s "
                  f"(pysolfc:{numbers[slow]})  contradictions {flips}", flush=True)
        if "off" not in got or "on" not in got:
            continue
        won = [numbers[i] for i in range(len(deals))
               if got["on"][i] == "winnable" and got["off"][i] == "unknown"]
        lost = [numbers[i] for i in range(len(deals))
                if got["off"][i] == "winnable" and got["on"][i] == "unknown"]
        same = sum(a == b for a, b in zip(answers["off"], answers["on"], strict=True))
        print(f"#   won with the beam only: {len(won)} {won[:20]}; "
              f"won without it only: {len(lost)} {lost[:20]}; the same verdict, nodes and "
              f"line both ways: {same} of {len(deals)}", flush=True)


if __name__ == "__main__":
    main()
