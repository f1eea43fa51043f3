"""The score and cards goals beside mchung94's Java solver (solitaire-player), the same
decks in the same run, one core each in turn.

    python benchmarks/bench_java_goals.py --goal cards --count 40 --seed 1 \\
        --classpath CLASSES:RES:/usr/share/java/trove4j.jar:/usr/share/java/jackson-databind.jar:...

mchung94/solitaire-player's Pyramid solvers answer MSC's challenges as ``pyramids check
--goal`` does: ``CardChallengeSolver(4, 'A', 0)`` the fewest steps to clear four Aces (or
the most that can go, with and without the board cleared), ``ScoreChallengeSolver(1290,
0)`` the best score in the fewest steps (a breadth-first search that stops at 1,290
points, the most there are). ``benchmarks/mchung94/Bench.java`` times one solve per deck
(after a warm-up, a deck given up at ``--time-limit``). To build it: the solver's sources
(github.com/mchung94/solitaire-player, ``src/main/java/.../solvers/pyramid``) and
Bench.java compiled with ``javac`` against Debian's ``libtrove3-java`` and
``libjackson2-databind-java``; its ``Pyramid/Pyramid.json`` resource must be on the class
path (``src/main/resources``), or the solver stops with "needs to be on the classpath as
a resource". The JVM is held to one processor (``-XX:ActiveProcessorCount=1``, serial GC).

Then this project's ``goals.answer`` (``cards:A:4`` or ``score``) on the same decks in
this process, as benchmarks/bench_goals.py does. Prints for each the wall and CPU
time per deal (the solving thread's, this process's: the machine is shared): median, 90th
percentile, slowest; the deals given up (Java) or not proven (this project), and the
steps where both answer (Java's longest line of the ones it returns).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from pyramids.answers.goals import Goal, answer
from pyramids.core.deals import Deal
from pyramids.core.variants import get_variant


def _stats(ms: list[float]) -> str:
    s = sorted(ms)
    q = statistics.quantiles(s, n=100, method="inclusive") if len(s) > 1 else s * 99
    return (f"median {statistics.median(s):.1f} ms, p90 {q[89]:.1f} ms, "
            f"slowest {s[-1] / 1000:.3f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goal", choices=("cards", "score"), required=True)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--classpath", required=True,
                    help="the compiled solver and Bench, its resources, trove4j, jackson")
    ap.add_argument("--java", default="java")
    ap.add_argument("--heap", default="4g")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    numbers = [rng.randrange(2**64) for _ in range(args.count)]
    goal = Goal.parse("cards:A:4" if args.goal == "cards" else "score")
    limit_ms = int(args.time_limit * 1000)

    with tempfile.TemporaryDirectory() as tmp:
        decks = os.path.join(tmp, "decks.tsv")
        with open(decks, "w", encoding="utf-8") as f:
            for n in numbers:
                cards = " ".join(c[0] + c[1].lower() for c in Deal.from_number(n).line().split())
                f.write(f"{n}\t{cards}\n")  # mchung94's Deck: "2c Js 3c Td ..."
        t0 = time.perf_counter()
        out = subprocess.run(
            [args.java, f"-Xmx{args.heap}", "-XX:ActiveProcessorCount=1",
             "-XX:+UseSerialGC", "-cp", args.classpath, "Bench", args.goal, decks,
             str(limit_ms)], capture_output=True, text=True, check=True).stdout
        jvm_wall = time.perf_counter() - t0
    java: dict[int, tuple[float, float, int]] = {}  # wall ms, CPU ms, steps
    for line in out.splitlines():
        num, ms, cpu, steps = line.split("\t")
        java[int(num)] = (float(ms), float(cpu), int(steps))
    assert set(java) == set(numbers), "Java answered other decks"

    variant = get_variant("msc")
    answer(Deal.from_number(1), variant, goal, time_limit=args.time_limit)  # warm-up
    ours: dict[int, tuple[float, float, int | None, bool]] = {}  # wall, CPU ms, steps
    t0 = time.perf_counter()
    for n in numbers:
        t1, c1 = time.perf_counter(), time.process_time()
        v = answer(Deal.from_number(n), variant, goal, time_limit=args.time_limit)
        ours[n] = ((time.perf_counter() - t1) * 1000, (time.process_time() - c1) * 1000,
                   v.steps, v.optimal)
    our_wall = time.perf_counter() - t0

    gave_up = [n for n in numbers if java[n][0] < 0]
    # a deck Java gives up on counts at the limit (its medians are then lower bounds)
    java_wall = [java[n][0] if java[n][0] >= 0 else float(limit_ms) for n in numbers]
    java_cpu = [java[n][1] if java[n][0] >= 0 else float(limit_ms) for n in numbers]
    print(f"msc --goal {goal}: {len(numbers)} decks (seed {args.seed}), time limit "
          f"{args.time_limit:g} s (wall), load {os.getloadavg()[0]:.2f} at the end")
    print(f"  mchung94 Java: wall {_stats(java_wall)}; CPU {_stats(java_cpu)} (decks given "
          f"up counted at the limit); given up {len(gave_up)}; the JVM's run {jvm_wall:.1f} s")
    unproven = sum(1 for *_, ok in ours.values() if not ok)
    print(f"  pyramids:      wall {_stats([o[0] for o in ours.values()])}; CPU "
          f"{_stats([o[1] for o in ours.values()])}; not proven {unproven}; "
          f"{len(numbers) / our_wall:.2f} deals/s")
    both = [n for n in numbers if java[n][0] >= 0 and ours[n][2] is not None]
    same = sum(1 for n in both if java[n][2] == ours[n][2])
    faster = sum(1 for i, n in enumerate(numbers) if ours[n][1] < java_cpu[i])
    print(f"  steps where both answer: the same on {same} of {len(both)} (Java's longest "
          f"line of those it returns); pyramids' CPU less on {faster} of {len(numbers)}")
    for n in both:
        if java[n][2] != ours[n][2]:
            print(f"    deck {n}: Java {java[n][2]} steps, pyramids {ours[n][2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
