"""Goal answers (pyramids.answers.goals) over many deals: time per deal, proven or not, on one core.

    python benchmarks/bench_goals.py --preset msc --goal board --count 1500
    python benchmarks/bench_goals.py --preset pyramid --goal moves --count 1000
    python benchmarks/bench_goals.py --goal cards:A:4 --count 1500 --seed 1   # issue 33

Each deal is answered by ``goals.answer`` as ``pyramids check --goal`` does (the exact
engines' verdict, then the optimal solver), in this one process, after a warm-up; the time
is the wall time of that call, and its CPU time too (this process's alone: on a shared
machine the wall time also holds the time other processes had the core). Prints the
median, 90th and 99th percentiles and the slowest deal, the deals per second, how many
answers are proven optimal and how many only bounds, the same for the CPU time, the mean
steps, and the peak resident memory of the process. ``--seed`` picks a
random set of deal numbers (the issue asks for "your own set of random deals") instead of
0..count-1.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import time

from pyramids.answers.goals import Goal, answer
from pyramids.core.deals import Deal
from pyramids.core.variants import get_variant


def _one_deal_a_line(obj: dict[str, object]) -> str:
    """The figures as JSON, each deal of ``per_deal`` on a line of its own (the files are
    committed: a re-run's diff then reads deal by deal)."""
    rows = obj["per_deal"]
    text = json.dumps({**obj, "per_deal": "@rows@"}, indent=1)
    lines = ",\n".join("  " + json.dumps(r) for r in rows)  # type: ignore[attr-defined]
    return text.replace('"@rows@"', "[\n" + lines + "\n ]") + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="msc")
    ap.add_argument("--goal", default="board")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", type=int, default=None,
                    help="random deal numbers from this seed instead of start..start+count")
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--slowest", type=int, default=5, help="list this many slowest deals")
    ap.add_argument("--json-out", help="also write the figures to this JSON file (for "
                    "docs/results.md: scripts/make_results.py reads docs/results/msc-goals/)")
    args = ap.parse_args()
    variant = get_variant(args.preset)
    goal = Goal.parse(args.goal)
    if args.seed is None:
        numbers = list(range(args.start, args.start + args.count))
    else:
        rng = random.Random(args.seed)
        numbers = [rng.randrange(2**64) for _ in range(args.count)]
    answer(Deal.from_number(1), variant, goal, time_limit=args.time_limit)  # warm-up
    times: list[tuple[float, int]] = []
    cpus: list[float] = []
    per_deal: list[list[object]] = []  # number, wall s, CPU s, proven
    proven = bounded = 0
    steps: list[int] = []
    statuses: dict[str, int] = {}
    t_all = time.perf_counter()
    for n in numbers:
        deal = Deal.from_number(n)
        t0, c0 = time.perf_counter(), time.process_time()
        v = answer(deal, variant, goal, time_limit=args.time_limit)
        times.append((time.perf_counter() - t0, n))
        cpus.append(time.process_time() - c0)
        per_deal.append([n, round(times[-1][0], 4), round(cpus[-1], 4), v.optimal])
        statuses[v.status] = statuses.get(v.status, 0) + 1
        if v.optimal:
            proven += 1
        else:
            bounded += 1
        if v.steps is not None:
            steps.append(v.steps)
    wall = time.perf_counter() - t_all
    secs = sorted(t for t, _ in times)
    q = statistics.quantiles(secs, n=100, method="inclusive")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    which = (f"seed {args.seed}" if args.seed is not None
             else f"{numbers[0]}..{numbers[-1]}")
    print(f"{args.preset} --goal {goal}: {len(numbers)} deals ({which}), "
          f"time limit {args.time_limit:g} s, one process")
    print(f"  statuses {statuses}; answers proven optimal {proven}, not proven {bounded}")
    print(f"  seconds per deal: median {statistics.median(secs) * 1000:.1f} ms, "
          f"p90 {q[89] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, max {secs[-1]:.3f} s; "
          f"mean {statistics.fmean(secs) * 1000:.1f} ms; {len(numbers) / wall:.1f} deals/s")
    cq = statistics.quantiles(sorted(cpus), n=100, method="inclusive")
    print(f"  CPU seconds per deal (this process's, apart from the machine's load): median "
          f"{statistics.median(cpus) * 1000:.1f} ms, p90 {cq[89] * 1000:.1f} ms, p99 "
          f"{cq[98] * 1000:.1f} ms, max {max(cpus):.3f} s; {len(numbers) / sum(cpus):.1f} "
          f"deals per CPU second; load average at the end {os.getloadavg()[0]:.2f}")
    if steps:
        print(f"  steps (answers with a line): mean {statistics.fmean(steps):.2f}, "
              f"median {statistics.median(steps)}, max {max(steps)}")
    print(f"  peak resident memory {rss:.0f} MiB")
    slow = sorted(times, reverse=True)[:args.slowest]
    print("  slowest: " + ", ".join(f"{n} ({t:.3f} s)" for t, n in slow))
    if args.json_out:
        obj = {"preset": args.preset, "goal": str(goal), "deals": len(numbers),
               "seed": args.seed, "start": args.start, "time_limit": args.time_limit,
               "statuses": statuses, "proven": proven, "not_proven": bounded,
               "median_ms": round(statistics.median(secs) * 1000, 2),
               "p90_ms": round(q[89] * 1000, 2), "p99_ms": round(q[98] * 1000, 2),
               "max_s": round(secs[-1], 4), "mean_ms": round(statistics.fmean(secs) * 1000, 2),
               "deals_per_second": round(len(numbers) / wall, 2),
               "cpu_median_ms": round(statistics.median(cpus) * 1000, 2),
               "cpu_p99_ms": round(cq[98] * 1000, 2),
               "mean_steps": round(statistics.fmean(steps), 3) if steps else None,
               "peak_rss_mib": round(rss), "slowest": [[n, round(t, 4)] for t, n in slow],
               "per_deal": per_deal,
               "machine": f"{platform.machine()}, {os.cpu_count()} cores, one process"}
        tmp = args.json_out + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(_one_deal_a_line(obj))
        os.replace(tmp, args.json_out)


if __name__ == "__main__":
    main()
