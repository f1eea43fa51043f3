"""Measure each exact engine per preset and what the portfolio policies would cost.

    .venv/bin/python benchmarks/bench_portfolio.py [--count 200] [--start 0]
        [--presets pyramid,par-pyramid,...] [--options objective=pyramid,...] [--cap 10]
        [--out bench_portfolio_deals.jsonl] [--verify]

For every preset, with its overlap option as shipped and flipped, over deals
``start..start+count-1``, one process, one deal at a time:

1. the deal-start certificates (four-complement, stock-count, structural), as ``check``
   runs them; a deal they settle costs every policy the same and is counted apart;
2. the search alone and CP-SAT alone, each with a time limit of ``--cap`` seconds:
   status, CPU seconds (``time.process_time``) and nodes (search) per deal;
3. the candidate policies, costed from those per-deal figures: each engine alone;
   the search with a node budget B, then CP-SAT (cost: the search's CPU if it settled
   within B nodes, else its CPU scaled to B nodes plus CP-SAT's); CP-SAT first, then the
   search; and the race (both at once, the first to settle answers: CPU ~ 2 x the faster,
   on a machine whose cores are all busy with other deals that is what it costs);
4. with ``--verify``: the policy ``pyramids.answers.portfolio`` chose for the preset, run for real
   through ``check.run_engine(..., 'auto')`` on the same deals (CPU and unknowns).

Per-deal figures go to ``--out`` (JSON lines, appended; a rerun skips what is there, so
an interrupted run resumes). CPU seconds, not wall: the machine is shared and its load
(printed) moves wall figures. Prints one table per preset and option set.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from pyramids.answers.certificates import quick_certificate, structural_certificate
from pyramids.answers.check import run_engine
from pyramids.core.deals import Deal
from pyramids.core.variants import PRESETS, Variant, get_variant

BUDGETS = (2_000, 10_000, 50_000, 200_000, 1_000_000)  # search nodes before CP-SAT
CPSAT_FIRST = (0.05, 0.2, 1.0)  # CP-SAT seconds before the search


def cpu_of(fn: Any) -> tuple[Any, float]:
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


def measure(deal: Deal, variant: Variant, cap: float) -> dict[str, Any]:
    """One deal's certificate, search and CP-SAT figures."""
    rec: dict[str, Any] = {"deal": deal.number}
    if variant.scoring != "par":
        cert, c = cpu_of(lambda: quick_certificate(deal, variant) or (
            structural_certificate(deal, variant) if variant.rest != "bouquet" else None))
        rec["cert_cpu"] = round(c, 6)
        if cert is not None:
            rec["cert"] = cert.kind
            return rec
    for engine in ("search", "cpsat"):
        v, c = cpu_of(lambda: run_engine(deal, variant, engine, cap))  # noqa: B023
        rec[engine] = {"status": v.status, "cpu": round(c, 6), "nodes": v.nodes,
                       "score": v.score}
    return rec


def cost_budget_then(rec: dict[str, Any], budget: int) -> tuple[float, bool]:
    """Search with ``budget`` nodes, then CP-SAT: (CPU, settled)."""
    s, c = rec["search"], rec["cpsat"]
    if s["status"] != "unknown" and s["nodes"] <= budget:
        return s["cpu"], True
    spent = s["cpu"] * min(1.0, budget / max(1, s["nodes"]))
    return spent + c["cpu"], c["status"] != "unknown"


def cost_cpsat_then(rec: dict[str, Any], seconds: float) -> tuple[float, bool]:
    s, c = rec["search"], rec["cpsat"]
    if c["status"] != "unknown" and c["cpu"] <= seconds:
        return c["cpu"], True
    return seconds + s["cpu"], s["status"] != "unknown"


def cost_race(rec: dict[str, Any]) -> tuple[float, bool]:
    s, c = rec["search"], rec["cpsat"]
    done = [e["cpu"] for e in (s, c) if e["status"] != "unknown"]
    if not done:
        return s["cpu"] + c["cpu"], False
    return 2 * min(done), True


def summarise(label: str, costs: list[tuple[float, bool]], certs: float) -> str:
    cpu = [c for c, _ in costs]
    unknown = sum(1 for _, ok in costs if not ok)
    total = sum(cpu) + certs
    n = len(costs)
    return (f"  {label:<28} CPU total {total:8.2f} s  mean {1000 * total / max(1, n):8.1f} ms"
            f"  median {1000 * statistics.median(cpu) if cpu else 0:7.1f} ms"
            f"  max {max(cpu) if cpu else 0:6.2f} s  unknown {unknown}")


def load(path: Path) -> dict[tuple[str, bool, int], dict[str, Any]]:
    got: dict[tuple[str, bool, int], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue  # a truncated last line
            got[(r["preset"], r["overlap"], r["deal"])] = r
    return got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--cap", type=float, default=10.0)
    ap.add_argument("--out", default="benchmarks/bench_portfolio_deals.jsonl")
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--options", default="", metavar="KEY=VALUE,...",
                    help="rule options on top of each preset (objective=pyramid, "
                         "stock_waste=automatic, ...)")
    args = ap.parse_args(argv)
    options = {k.strip(): int(v) if v.strip().isdigit() else v.strip()
               for k, v in (kv.split("=", 1) for kv in args.options.split(",") if kv)}
    path = Path(args.out)
    done = load(path)
    print(f"load average {os.getloadavg()[0]:.2f} at start; {os.cpu_count()} cores; "
          f"deals {args.start}..{args.start + args.count - 1}, cap {args.cap:g} s per engine",
          flush=True)
    for name in args.presets.split(","):
        for flip in (False, True):
            base = get_variant(name, **options)
            variant = base.with_options(overlap=not base.overlap) if flip else base
            measure(Deal.from_number(args.start), variant, args.cap)  # imports and JIT
            recs = []
            with path.open("a") as out:
                for n in range(args.start, args.start + args.count):
                    key = (name + args.options, variant.overlap, n)
                    if key not in done:
                        r = measure(Deal.from_number(n), variant, args.cap)
                        r |= {"preset": name + args.options, "overlap": variant.overlap}
                        out.write(json.dumps(r) + "\n")
                        out.flush()
                        done[key] = r
                    recs.append(done[key])
                    print(f"\r{name} overlap={variant.overlap} {n}", end="", file=sys.stderr)
            print(file=sys.stderr)
            report(name + (f" {args.options}" if args.options else ""), variant, recs, args)
    return 0


def report(name: str, variant: Variant, recs: list[dict[str, Any]],
           args: argparse.Namespace) -> None:
    from pyramids.answers.portfolio import policy_for

    certs = sum(r.get("cert_cpu", 0.0) for r in recs)
    ncert = sum(1 for r in recs if "cert" in r)
    eng = [r for r in recs if "search" in r]
    print(f"{name} overlap={variant.overlap}: {len(recs)} deals, {ncert} settled by a "
          f"certificate ({certs:.2f} s CPU for all), {len(eng)} need an engine; "
          f"load {os.getloadavg()[0]:.2f}")
    rows = [("search alone", [(r["search"]["cpu"], r["search"]["status"] != "unknown")
                              for r in eng]),
            ("cpsat alone", [(r["cpsat"]["cpu"], r["cpsat"]["status"] != "unknown")
                             for r in eng])]
    rows += [(f"search {b} nodes, cpsat", [cost_budget_then(r, b) for r in eng])
             for b in BUDGETS]
    rows += [(f"cpsat {s:g} s, search", [cost_cpsat_then(r, s) for r in eng])
             for s in CPSAT_FIRST]
    rows.append(("race (modelled 2x faster)", [cost_race(r) for r in eng]))
    for label, costs in rows:
        print(summarise(label, costs, certs))
    disagree = [r["deal"] for r in eng if "unknown" not in (r["search"]["status"],
                r["cpsat"]["status"]) and (r["search"]["status"] != r["cpsat"]["status"]
                or r["search"]["score"] != r["cpsat"]["score"])]
    print(f"  engines disagree on: {disagree or 'none'}")
    policy = policy_for(variant)
    print(f"  policy: {' -> '.join(f'{s.engine}[{s.budget()}]' for s in policy.stages)}")
    if args.verify:
        costs = []
        for r in eng:
            d = Deal.from_number(r["deal"])
            v, c = cpu_of(lambda: run_engine(d, variant, "auto", args.cap))  # noqa: B023
            costs.append((c, v.status != "unknown"))
        print(summarise("policy, run for real", costs, certs))
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
