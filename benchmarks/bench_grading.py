"""Where a grade's time goes, per variant and component, and before/after in one run.

    .venv/bin/python benchmarks/bench_grading.py --deals 100 --variants giza,pyramid
    .venv/bin/python benchmarks/bench_grading.py --compare /work/wt26-base/src ...

grades deals ``START .. START+N-1`` of each variant with ``grading.grade_deal`` (the
default budgets, one process) and times each part of it in CPU seconds
(``time.process_time``): ``solve`` (proving the deal winnable or blocked), ``traps``
(the oracle's position queries along the line, and the rest of ``measure``),
``strategies`` (greedy and mobility), ``lines`` (the second winning line), ``lookahead``
(the grading player's 50 games) and ``planners`` (one-pass Pyramid: 150 games). It prints
the CPU per deal scanned (mean and median) and per graded deal, and the share of each
part.

With ``--compare SRC`` the same measurement runs first in a child process whose
``pyramids`` is imported from ``SRC`` (e.g. ``src`` of an untouched checkout of main), then
here, on the same deals, alternating per variant; then the speed-up per variant and
whether every deal got the same verdict, grade, score, components and solution (the
oracle's query count aside, which is bookkeeping), so a faster grader is checked to
change no grade. The numba kernels of both trees are compiled before the clock starts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

PARTS = ("solve", "traps", "strategies", "lines", "lookahead", "planners")
DIAG = {"oracle_queries"}  # the oracle's bookkeeping, not a fact about the deal


def measure_variant(name: str, start: int, n: int) -> dict[str, Any]:
    """Grade deals start..start+n-1; per-deal records with each part's CPU seconds."""
    from pyramids.core.deals import Deal
    from pyramids.core.variants import get_variant
    from pyramids.generator import grading
    from pyramids.generator.grading import Rejection, grade_deal

    spent: dict[str, float] = defaultdict(float)

    def timed(part: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*a: Any, **k: Any) -> Any:
            t = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                spent[part] += time.process_time() - t
        return wrapper

    saved = {}
    for attr, part in (("solve_deal", "solve"), ("strategy_result", "strategies"),
                       ("count_lines", "lines"), ("lookahead_losses", "lookahead"),
                       ("lookahead_par", "lookahead"), ("planner_games", "planners")):
        if hasattr(grading, attr):
            saved[attr] = getattr(grading, attr)
            setattr(grading, attr, timed(part, saved[attr]))
    v = get_variant(name)
    for number in range(start, start + 100):  # imports and first calls off the clock
        if not isinstance(grade_deal(Deal.from_number(number), v), Rejection):
            break
    records = []
    try:
        for number in range(start, start + n):
            spent.clear()
            t = time.process_time()
            r = grade_deal(Deal.from_number(number), v)
            total = time.process_time() - t
            parts = dict(spent)
            parts["traps"] = total - sum(parts.values())  # measure's own loop and oracle
            if isinstance(r, Rejection):
                rec: dict[str, Any] = {"deal": number, "reason": r.reason}
            else:
                rec = {"deal": number, "grade": r.grade, "score": r.score,
                       "components": {k: x for k, x in r.components.items()
                                      if k not in DIAG},
                       "solution": [str(m) for m in r.solution]}
            rec["cpu"] = total
            rec["parts"] = parts
            records.append(rec)
    finally:
        for attr, fn in saved.items():
            setattr(grading, attr, fn)
    return {"variant": name, "records": records}


def report(label: str, res: dict[str, Any]) -> None:
    recs = res["records"]
    graded = [r for r in recs if "grade" in r]
    cpu = [r["cpu"] for r in recs]
    total = sum(cpu)
    parts: dict[str, float] = defaultdict(float)
    for r in recs:
        for k, x in r["parts"].items():
            parts[k] += x
    lo, hi = recs[0]["deal"], recs[-1]["deal"]
    print(f"  {label}: {res['variant']} deals {lo}..{hi}: {len(graded)} graded of {len(recs)}; "
          f"CPU {total:.2f} s = {1000 * total / len(recs):.1f} ms per deal scanned "
          f"(median {1000 * statistics.median(cpu):.1f} ms), "
          f"{1000 * sum(r['cpu'] for r in graded) / max(1, len(graded)):.0f} ms per graded deal")
    print("    " + ", ".join(f"{p} {parts[p]:.2f} s ({100 * parts[p] / total:.0f} %)"
                             for p in PARTS if parts.get(p)))


def same(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """Deals on which two runs disagree (verdict, grade, score, components, solution)."""
    out = []
    for x, y in zip(a["records"], b["records"], strict=True):
        keys = ("reason", "grade", "score", "components", "solution")
        if any(x.get(k) != y.get(k) for k in keys):
            out.append(str(x["deal"]))
    return out


def child(src: str, name: str, start: int, n: int) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=src)
    cmd = [sys.executable, __file__, "--variants", name, "--start", str(start),
           "--deals", str(n), "--json"]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[-1])


def warm(src: str | None) -> None:
    """Compile (or load) the numba kernels of a tree before anything is timed."""
    env = dict(os.environ, PYTHONPATH=src) if src else None
    subprocess.run([sys.executable, "-m", "pyramids.warmup"], env=env, check=True,
                   capture_output=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variants", default="giza,giza-6x4,pyramid,par-pyramid")
    ap.add_argument("--deals", type=int, default=60, help="deals per variant")
    ap.add_argument("--par-deals", type=int, help="deals for par-pyramid (default --deals)")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--compare", metavar="SRC", help="also time the pyramids of SRC (before)")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # child mode
    a = ap.parse_args()
    names = [x for x in a.variants.split(",") if x]
    if a.json:
        print(json.dumps(measure_variant(names[0], a.start, a.deals)))
        return
    import pyramids

    print(f"# bench_grading.py --deals {a.deals} --start {a.start}; here: "
          f"{os.path.dirname(pyramids.__file__)}; load average {os.getloadavg()[0]:.2f}")
    if a.compare:
        warm(a.compare)
    warm(None)
    for name in names:
        n = a.par_deals if name == "par-pyramid" and a.par_deals else a.deals
        print(f"\n== {name}")
        before = child(a.compare, name, a.start, n) if a.compare else None
        if before is not None:
            report("before", before)
        after = child(os.path.dirname(os.path.dirname(pyramids.__file__)), name, a.start, n)
        report("after " if before else "here", after)
        if before is not None:
            tb = sum(r["cpu"] for r in before["records"])
            ta = sum(r["cpu"] for r in after["records"])
            mb = statistics.median(r["cpu"] for r in before["records"])
            ma = statistics.median(r["cpu"] for r in after["records"])
            diff = same(before, after)
            print(f"  speed-up: {tb / ta:.2f}x in CPU per deal scanned (median {mb / ma:.2f}x); "
                  + ("every deal graded the same" if not diff
                     else f"DIFFERENT on deals {', '.join(diff)}"))
        sys.stdout.flush()
    print(f"\n# load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
