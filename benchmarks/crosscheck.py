"""Agreement of the CP-SAT engine with the search solver, deal by deal.

For every preset, with overlap discards off and on, deals ``start .. start+count-1``
are solved by both engines. Every ``winnable`` line (and every Par best line) is
replayed by the referee here, again; a disagreement is a status that differs (or a Par
score that differs) where neither engine said ``unknown``. Prints one line per preset
and option, the disagreements by deal number, and exits 1 if there was any.

    .venv/bin/python benchmarks/crosscheck.py                 # 2000 deals per preset
    .venv/bin/python benchmarks/crosscheck.py --count 100 --preset giza --overlap off
    .venv/bin/python benchmarks/crosscheck.py --preset king-tut --set passes=3 --set objective=all
"""

from __future__ import annotations

import argparse
import sys
import time

from pyramids import Deal, replay
from pyramids.cpsat import solve as cpsat_solve
from pyramids.variants import PRESETS, Variant
from pyramids.verdict import Verdict


def check_line(deal: Deal, variant: Variant, v: Verdict) -> str | None:
    """Replay a verdict's line; return the problem in words, if any."""
    if not v.moves:
        return None
    try:
        r = replay(deal, variant, v.moves)
    except Exception as e:  # report any failure of the line
        return f"{v.engine} line fails: {e}"
    if variant.scoring == "par" and r.score != v.score:
        return f"{v.engine} line scores {r.score}, verdict says {v.score}"
    return None


def parse_option(text: str) -> tuple[str, object]:
    """``passes=3`` -> ("passes", 3); ``passes=unlimited`` -> ("passes", None)."""
    key, _, value = text.partition("=")
    if value == "unlimited":
        return key, None
    return key, int(value) if value.isdigit() else value


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--preset", action="append", choices=list(PRESETS),
                    help="Preset(s) to check (default: all).")
    ap.add_argument("--overlap", choices=["off", "on", "both"], default="both")
    ap.add_argument("--time-limit", type=float, default=60.0,
                    help="Per engine and deal, seconds (an unknown is reported, not counted "
                         "as a disagreement).")
    ap.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                    help="Rule option on top of each preset, e.g. passes=3, draw=3, "
                         "stock_waste=forbidden, objective=all (passes=unlimited).")
    args = ap.parse_args(argv)
    extra = dict(parse_option(o) for o in args.set)
    from pyramids.search import solve as search_solve

    presets = args.preset or list(PRESETS)
    overlaps = {"off": [False], "on": [True], "both": [False, True]}[args.overlap]
    total_bad = 0
    print(f"deals {args.start}..{args.start + args.count - 1}; time limit {args.time_limit} s")
    print(f"{'variant':<22} {'deals':>6} {'winnable':>8} {'blocked':>8} {'unknown':>8} "
          f"{'disagree':>8} {'cpsat ms med':>12} {'search ms med':>13}")
    for name in presets:
        for overlap in overlaps:
            variant = PRESETS[name].with_options(**extra, overlap=overlap)
            counts = {"winnable": 0, "blocked": 0, "unknown": 0}
            bad: list[str] = []
            t_c: list[float] = []
            t_s: list[float] = []
            for n in range(args.start, args.start + args.count):
                deal = Deal.from_number(n)
                t0 = time.process_time()
                a = cpsat_solve(deal, variant, time_limit=args.time_limit)
                t_c.append(time.process_time() - t0)
                t0 = time.process_time()
                b = search_solve(deal, variant, time_limit=args.time_limit)
                t_s.append(time.process_time() - t0)
                for v in (a, b):
                    problem = check_line(deal, variant, v)
                    if problem:
                        bad.append(f"deal {n}: {problem}")
                if "unknown" in (a.status, b.status):
                    counts["unknown"] += 1
                    continue
                counts[a.status] += 1
                if a.status != b.status or (variant.scoring == "par" and a.score != b.score):
                    bad.append(f"deal {n}: cpsat {a.status} score {a.score} / "
                               f"search {b.status} score {b.score}")
            t_c.sort()
            t_s.sort()
            label = f"{name}{' +overlap' if overlap else ''}" + "".join(
                f" {k}={v}" for k, v in extra.items())
            print(f"{label:<22} {args.count:>6} {counts['winnable']:>8} {counts['blocked']:>8} "
                  f"{counts['unknown']:>8} {len(bad):>8} {t_c[len(t_c) // 2] * 1000:>12.1f} "
                  f"{t_s[len(t_s) // 2] * 1000:>13.1f}", flush=True)
            for line in bad:
                print("   ", line)
            total_bad += len(bad)
    print(f"total disagreements: {total_bad}")
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main())
