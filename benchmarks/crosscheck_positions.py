"""CP-SAT against the search from positions of real lines (``start=``), and the time each
engine takes per position query.

For every configuration and deal: a real line (the search's winning or best-score line;
CP-SAT's when the search gives up; a random legal line for a deal without one) and, in
stock games, a detour (a prefix of that line, then only deals and redeals for a while,
then random play: positions off the winning line, in later passes, with a full waste).
At several prefixes of each (the deal, after each redeal, with a hand and a waste, in a
later pass, after the pyramid is cleared, the end, random others) both engines answer
for the position: the same status, and under Par the same best score, or it is listed
as a disagreement. Times are CPU seconds of this process per query (one CP-SAT worker,
the search's default searcher), median / p99 / max per configuration.

    .venv/bin/python benchmarks/crosscheck_positions.py                 # every config
    .venv/bin/python benchmarks/crosscheck_positions.py --only par-pyramid --deals 60
    .venv/bin/python benchmarks/crosscheck_positions.py --log pos.jsonl   # resumable

Each answered position is appended to ``--log`` (JSON lines) as it is done; a rerun with
the same log skips what it holds, so an interrupted run resumes. The summary goes to
stdout and, written atomically, to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pyramids import Deal, get_variant
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.variants import Variant
from pyramids.engines.cpsat import solve as cpsat_solve
from pyramids.engines.cpsat.position import position_after, random_line, sample_starts
from pyramids.engines.search import solve as search_solve

PRESETS = ["pyramid", "par-pyramid", "cheops", "king-tut", "tuts-tomb", "giza", "giza-6x4",
           "bouquet", "bouquet:rows=5", "bouquet:rows=6", "bouquet:rows=8", "bouquet:rows=9"]
EXTRA = ["pyramid:overlap=1", "par-pyramid:overlap=1", "cheops:overlap=1",
         "king-tut:overlap=1", "tuts-tomb:overlap=0", "giza:overlap=1", "giza-6x4:overlap=1",
         "bouquet:overlap=1", "pyramid:stock_waste=automatic",
         "cheops:stock_waste=automatic,objective=pyramid", "cheops:stock_waste=forbidden",
         "par-pyramid:stock_waste=automatic", "king-tut:passes=3,objective=all",
         "giza:objective=pyramid", "pyramid:passes=unlimited,draw=3"]


def parse_config(text: str) -> Variant:
    """``name`` or ``name:opt=val,opt=val`` (``overlap=1``/``0``)."""
    name, _, opts = text.partition(":")
    options: dict[str, Any] = {}
    for kv in filter(None, opts.split(",")):
        key, _, val = kv.partition("=")
        options[key] = (val == "1") if key == "overlap" else (
            int(val) if val.isdigit() else val)
    return get_variant(name, **options)


def real_line(deal: Deal, variant: Variant, rng: random.Random) -> tuple[str, list[Move]]:
    v = search_solve(deal, variant, time_limit=10)
    if v.status == "unknown":
        v = cpsat_solve(deal, variant, time_limit=30)
    if v.moves and v.status != "unknown":
        return f"{v.status} line", list(v.moves)
    return "random line", random_line(deal, variant, rng)


def detour(deal: Deal, variant: Variant, line: list[Move], rng: random.Random) -> list[Move]:
    """A prefix of ``line``, then deals and redeals only for a while, then random play."""
    game = Game(deal, variant)
    for m in line[: rng.randrange(len(line) + 1)]:
        game.push(m)
    for _ in range(rng.randrange(4, 30)):
        moves = [m for m in game.legal_moves() if m.kind != "discard"] or game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return random_line(deal, variant, rng, start=game.moves, max_moves=len(game.moves) + 60)


def features(deal: Deal, variant: Variant, start: list[Move]) -> list[str]:
    pos, game = position_after(deal, variant, start)
    out = []
    if pos.pass_no > 1:
        out.append("later pass")
    if game.waste:
        out.append("waste")
    if game.hand is not None:
        out.append("hand")
    if start and start[-1].kind == "redeal":
        out.append("after redeal")
    if pos.cleared_pass is not None and not pos.won:
        out.append("pyramid cleared")
    if game.forced_pair() is not None:
        out.append("forced pair")
    if not game.legal_moves() and not pos.won:
        out.append("no move")
    if pos.won:
        out.append("won")
    return out


def queries(config: str, variant: Variant, deals: range, per_line: int,
            done: set[tuple[str, int, str, int]]) -> Iterator[dict[str, Any]]:
    for n in deals:
        deal = Deal.from_number(n)
        rng = random.Random(n)
        kind, line = real_line(deal, variant, rng)
        lines = [(kind, line)]
        if variant.is_stock:
            lines.append(("detour", detour(deal, variant, line, rng)))
        for kind, moves in lines:
            for i in sample_starts(deal, variant, moves, per_line, rng):
                if (config, n, kind, i) in done:
                    continue
                start = moves[:i]
                t0 = time.process_time()
                s = search_solve(deal, variant, start=start, time_limit=20)
                t1 = time.process_time()
                c = cpsat_solve(deal, variant, start=start, time_limit=20)
                t2 = time.process_time()
                if c.moves:  # the line is the start and a continuation the referee took
                    assert list(c.moves[: len(start)]) == start
                yield {"config": config, "deal": n, "line": kind, "prefix": i,
                       "moves": " ".join(map(str, start)),
                       "features": features(deal, variant, start),
                       "search": s.status, "search_score": s.score, "search_s": t1 - t0,
                       "cpsat": c.status, "cpsat_score": c.score, "cpsat_s": t2 - t1,
                       "cpsat_reason": c.reason}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))] if xs else float("nan")


def summary(config: str, recs: list[dict[str, Any]]) -> list[str]:
    both = [r for r in recs if "unknown" not in (r["search"], r["cpsat"])]
    bad = [r for r in both if r["search"] != r["cpsat"] or r["search_score"] != r["cpsat_score"]]
    unk_s = sum(r["search"] == "unknown" for r in recs)
    unk_c = sum(r["cpsat"] == "unknown" for r in recs)
    status: dict[str, int] = {}
    feats: dict[str, int] = {}
    for r in both:
        status[r["cpsat"]] = status.get(r["cpsat"], 0) + 1
    for r in recs:
        for f in r["features"]:
            feats[f] = feats.get(f, 0) + 1
    out = [f"{config:<44} positions {len(recs):4}  compared {len(both):4}  "
           f"disagreements {len(bad)}  unknown search {unk_s} cpsat {unk_c}  {status}"]
    for eng in ("cpsat", "search"):
        ts = [r[f"{eng}_s"] * 1000 for r in recs]
        if ts:
            out.append(f"    {eng:<6} ms/position: median {statistics.median(ts):8.1f}  "
                       f"p99 {pct(ts, 0.99):8.1f}  max {max(ts):8.1f}")
    out.append(f"    positions with: {dict(sorted(feats.items()))}")
    for r in bad:
        out.append(f"    DISAGREE deal {r['deal']} {r['line']} prefix {r['prefix']}: search "
                   f"{r['search']} {r['search_score']} cpsat {r['cpsat']} {r['cpsat_score']} "
                   f"{r['cpsat_reason']}: {r['moves']}")
    return out


def write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40, help="Deals per preset.")
    ap.add_argument("--extra-deals", type=int, default=8,
                    help="Deals per extra option set (overlap flipped, stock-waste, ...).")
    ap.add_argument("--first", type=int, default=0, help="First deal number.")
    ap.add_argument("--per-line", type=int, default=6, help="Positions per line.")
    ap.add_argument("--only", action="append", help="Just these configs (name[:opts]).")
    ap.add_argument("--log", type=Path, help="JSON lines of every position (resumable).")
    ap.add_argument("--out", type=Path, help="Write the summary here too (atomically).")
    args = ap.parse_args()
    configs = [(c, args.deals) for c in PRESETS] + [(c, args.extra_deals) for c in EXTRA]
    if args.only:
        configs = [(c, args.deals) for c in args.only]
    old: list[dict[str, Any]] = []
    if args.log and args.log.exists():
        old = [json.loads(line) for line in args.log.read_text().splitlines() if line]
    done = {(r["config"], r["deal"], r["line"], r["prefix"]) for r in old}
    log = args.log.open("a") if args.log else None
    lines = [f"# crosscheck_positions {' '.join(sys.argv[1:])}: deals from {args.first}, "
             f"{args.per_line} positions per line; load at start: {os.getloadavg()[0]:.1f}"]
    print(lines[0], flush=True)
    try:
        for config, count in configs:
            variant = parse_config(config)
            warm = Deal.from_number(10**9)  # load the compiled search, build one model
            search_solve(warm, variant, time_limit=5)
            cpsat_solve(warm, variant, time_limit=5)
            recs = [r for r in old if r["config"] == config
                    and args.first <= r["deal"] < args.first + count]
            t0 = time.monotonic()
            for rec in queries(config, variant, range(args.first, args.first + count),
                               args.per_line, done):
                recs.append(rec)
                if log:
                    log.write(json.dumps(rec) + "\n")
                    log.flush()
                print(f"\r{config}: deal {rec['deal']}, {len(recs)} positions, "
                      f"{time.monotonic() - t0:.0f} s", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
            block = summary(config, recs)
            print("\n".join(block), flush=True)
            lines += block
    finally:
        if log:
            log.close()
    lines.append(f"# load at end: {os.getloadavg()[0]:.1f}")
    print(lines[-1])
    if args.out:
        write_atomic(args.out, "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
