"""Agreement of the CP-SAT engine with the search solver, deal by deal.

For every preset, with overlap discards off and on, deals ``start .. start+count-1``
are solved by both engines. Every ``winnable`` line (and every Par best line) is
replayed by the referee here, again; a disagreement is a status that differs (or a Par
score that differs) where neither engine said ``unknown``. Prints one line per preset
and option, the disagreements by deal number, and exits 1 if there was any. Creating the
``--stop-file`` (or Ctrl-C between solves) stops the run and still prints the line for
the deals done so far.

    .venv/bin/python benchmarks/crosscheck.py                 # 2000 deals per preset
    .venv/bin/python benchmarks/crosscheck.py --count 100 --preset giza --overlap off
    .venv/bin/python benchmarks/crosscheck.py --preset king-tut --set passes=3 --set objective=all
    .venv/bin/python benchmarks/crosscheck.py --preset pysolfc-king-tut --overlap off --start 32000

The ``pysolfc-*`` presets deal PySolFC game numbers (``pysolfc:N``, dealt as PySolFC
deals that game) instead of the project's deal numbers.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from pyramids import Deal, replay
from pyramids.core.variants import PRESETS, Variant
from pyramids.core.verdict import Verdict
from pyramids.engines.cpsat import solve as cpsat_solve
from pyramids.pysolfc.games import PySolFCGame


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
    ap.add_argument("--start", type=int, default=0,
                    help="First deal number (PySolFC presets: first game number, from 1).")
    ap.add_argument("--preset", action="append", choices=list(PRESETS),
                    help="Preset(s) to check (default: all).")
    ap.add_argument("--overlap", choices=["off", "on", "both"], default="both")
    ap.add_argument("--time-limit", type=float, default=60.0,
                    help="Per engine and deal, seconds (an unknown is reported, not counted "
                         "as a disagreement).")
    ap.add_argument("--search-nodes", type=int, default=None,
                    help="Node limit for the search instead of its time limit (a budget "
                         "that does not depend on the machine's load).")
    ap.add_argument("--stop-file", help="Stop (and report the deals done) once this file "
                    "exists: for runs cut short by the clock.")
    ap.add_argument("--progress", type=int, default=100,
                    help="Print running counts to stderr every N deals.")
    ap.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                    help="Rule option on top of each preset, e.g. passes=3, draw=3, "
                         "stock_waste=forbidden, objective=all (passes=unlimited).")
    args = ap.parse_args(argv)
    extra = dict(parse_option(o) for o in args.set)
    from pyramids.engines.search import solve as search_solve

    presets = args.preset or list(PRESETS)
    overlaps = {"off": [False], "on": [True], "both": [False, True]}[args.overlap]
    total_bad = 0
    stopped = False
    budget = f"; search node limit {args.search_nodes}" if args.search_nodes else ""
    print(f"deals {args.start}..{args.start + args.count - 1}; time limit {args.time_limit} s"
          + budget)
    print(f"{'variant':<22} {'deals':>6} {'winnable':>8} {'blocked':>8} {'unknown':>8} "
          f"{'disagree':>8} {'cpsat ms med':>12} {'search ms med':>13}")
    for name in presets:
        for overlap in overlaps:
            variant = PRESETS[name].with_options(**extra, overlap=overlap)
            counts = {"winnable": 0, "blocked": 0, "unknown": 0}
            bad: list[str] = []
            t_c: list[float] = []
            t_s: list[float] = []
            label = f"{name}{' +overlap' if overlap else ''}" + "".join(
                f" {k}={v}" for k, v in extra.items())
            unknown_by = {"cpsat": 0, "search": 0}
            unknown_deals: list[int] = []
            try:
                for n in range(args.start, args.start + args.count):
                    done = n - args.start
                    if done and done % args.progress == 0:
                        print(f"  ... {label}: {done} deals, {counts}, {len(bad)} disagreements, "
                              f"unknown by {unknown_by}", file=sys.stderr, flush=True)
                    if args.stop_file and os.path.exists(args.stop_file):
                        stopped = True
                        break
                    deal = (PySolFCGame(n).deal(variant) if name.startswith("pysolfc-")
                            else Deal.from_number(n))
                    t0 = time.process_time()
                    a = cpsat_solve(deal, variant, time_limit=args.time_limit)
                    t_c.append(time.process_time() - t0)
                    t0 = time.process_time()
                    if args.search_nodes:
                        b = search_solve(deal, variant, node_limit=args.search_nodes)
                    else:
                        b = search_solve(deal, variant, time_limit=args.time_limit)
                    t_s.append(time.process_time() - t0)
                    for v in (a, b):
                        problem = check_line(deal, variant, v)
                        if problem:
                            bad.append(f"deal {n}: {problem}")
                    if "unknown" in (a.status, b.status):
                        counts["unknown"] += 1
                        for v in (a, b):
                            unknown_by[v.engine] += v.status == "unknown"
                        unknown_deals.append(n)
                        continue
                    counts[a.status] += 1
                    if a.status != b.status or (variant.scoring == "par" and a.score != b.score):
                        bad.append(f"deal {n}: cpsat {a.status} score {a.score} / "
                                   f"search {b.status} score {b.score}")
            except KeyboardInterrupt:  # stop early, still report the deals done
                stopped = True
            done = sum(counts.values())
            del t_c[done:], t_s[done:]
            t_c.sort()
            t_s.sort()
            t_c.append(float("nan"))  # a median of nothing, if stopped before any deal
            t_s.append(float("nan"))
            print(f"{label:<22} {done:>6} {counts['winnable']:>8} {counts['blocked']:>8} "
                  f"{counts['unknown']:>8} {len(bad):>8} {t_c[(len(t_c) - 1) // 2] * 1000:>12.1f} "
                  f"{t_s[(len(t_s) - 1) // 2] * 1000:>13.1f}"
                  + (" (interrupted)" if stopped else ""), flush=True)
            if counts["unknown"]:
                print(f"    unknown: cpsat {unknown_by['cpsat']}, search {unknown_by['search']}; "
                      f"deals {' '.join(map(str, unknown_deals))}")
            for line in bad:
                print("   ", line)
            total_bad += len(bad)
            if stopped:
                break
        if stopped:
            break
    print(f"total disagreements: {total_bad}")
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main())
