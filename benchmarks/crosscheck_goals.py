"""The goals' answers against a second route: plain breadth-first search over every
reachable position (pyramids.engines.optimal.bfs, no pruning, no bound, its own move generator).

    python benchmarks/crosscheck_goals.py --check board --count 300
    python benchmarks/crosscheck_goals.py --check score-cards --count 300
    python benchmarks/crosscheck_goals.py --check moves --preset tuts-tomb --count 300

``board``: MSC (three passes), the fewest steps to a clear board (the search stops at the
first layer that has one). ``score-cards``: MSC in one pass (every position is visited,
so a small case: the issue allows "an exhaustive breadth-first search on small cases"),
the best score and the fewest steps to it, and the most Aces with and without the board
cleared and the fewest steps to each. ``moves``: the fewest moves to win (``--preset``).
Every answer must agree; deals whose search passes ``--limit`` positions are skipped and
counted. Prints one line per disagreement and a summary.
"""

from __future__ import annotations

import argparse
import sys
import time

from pyramids.answers.goals import Goal, answer
from pyramids.core.deals import Deal
from pyramids.core.variants import get_variant
from pyramids.engines.optimal.bfs import explore


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", choices=("board", "score-cards", "moves"), required=True)
    ap.add_argument("--preset", default=None, help="moves: the preset (default tuts-tomb)")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--limit", type=int, default=20_000_000,
                    help="positions a breadth-first search may hold before the deal is skipped")
    args = ap.parse_args()
    if args.check == "board":
        variant = get_variant("msc")
    elif args.check == "score-cards":
        variant = get_variant("msc", passes=1)
    else:
        variant = get_variant(args.preset or "tuts-tomb")
    compared = skipped = disagree = 0
    t0 = time.perf_counter()
    n = args.start
    while compared < args.count:
        deal = Deal.from_number(n)
        stop = args.check == "board" or (args.check == "moves"
                                         and variant.objective == "pyramid")
        ref = explore(deal, variant, rank=1, stop_at_board=stop, limit=args.limit)
        if ref.truncated:
            skipped += 1
            n += 1
            continue
        bad: list[str] = []
        if args.check in ("board", "moves"):
            goal = Goal.parse("board" if args.check == "board" else "moves")
            v = answer(deal, variant, goal)
            want = ref.board if variant.objective == "pyramid" else ref.all
            if not v.optimal or v.steps != want:
                bad.append(f"{goal}: {v.steps} (optimal {v.optimal}) against {want}")
        else:
            v = answer(deal, variant, Goal.parse("score"))
            if (v.score, v.steps) != ref.score or not v.optimal:
                bad.append(f"score: {v.score} in {v.steps} against {ref.score}")
            c = answer(deal, variant, Goal.parse("cards:A:4"))
            if (c.count, c.steps) != ref.most or not c.optimal:
                bad.append(f"cards:A:4: {c.count} in {c.steps} against {ref.most}")
            if not c.reached:  # then the most with the board cleared is answered too
                alt = c.alternatives[0]
                got = None if alt.count is None else (alt.count, alt.steps)
                if got != ref.most_board:
                    bad.append(f"cards:A:4 with the board cleared: {got} against "
                               f"{ref.most_board}")
        compared += 1
        if bad:
            disagree += 1
            print(f"deal {n}: " + "; ".join(bad), flush=True)
        if compared % 25 == 0:
            print(f"  {compared} compared, {skipped} skipped, {disagree} disagreements, "
                  f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
        n += 1
    print(f"{args.check} ({variant.describe()}): deals {args.start}..{n - 1}: {compared} "
          f"compared, {disagree} disagreements, {skipped} skipped (more than {args.limit:,} "
          f"positions), {time.perf_counter() - t0:.0f} s")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
