"""Win rates of the simulated players (pyramids.generator.players) per collection and grade.

    .venv/bin/python scripts/player_rates.py --playouts 200 --out benchmarks/player_rates.jsonl \\
        [--collections giza,giza-6x4,pyramid] [--from FILE.jsonl ...] [--seed 0]
    .venv/bin/python scripts/player_rates.py --report benchmarks/player_rates.jsonl

Plays every puzzle of the collections (default: the shipped ones) ``--playouts`` times per
player, one process, and appends one JSON line per puzzle to ``--out`` as it goes: an
interrupted run resumes where it stopped (puzzles already there with the same playouts
and seed are skipped). Progress on stderr. ``--report`` prints, per collection and grade,
each player's pooled win rate with its 95 % Wilson interval (playouts of one puzzle are
not independent of each other, so the interval is narrower than a puzzle-level one would
be), the share of puzzles it won at least once, and whether the rates fall grade by grade.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from pyramids.bulk.stats import wilson
from pyramids.core.deals import Deal
from pyramids.core.variants import Variant
from pyramids.generator import collections as puzzles
from pyramids.generator.grading import GRADES
from pyramids.generator.players import (
    PLAYER_NAMES,
    PLAYERS,
    falls_grade_by_grade,
    get_player,
    win_rates,
)


def entries(paths: list[Path]) -> list[dict[str, Any]]:
    out = []
    for p in paths:
        out += [json.loads(x) for x in p.read_text().splitlines() if x.strip()]
    return out


def done(out: Path, playouts: int, seed: int) -> set[str]:
    if not out.exists():
        return set()
    have = set()
    for line in out.read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            if r["playouts"] == playouts and r["seed"] == seed:
                have.add(r["id"])
    return have


def run(paths: list[Path], out: Path, playouts: int, seed: int, players: list[str]) -> None:
    es = entries(paths)
    skip = done(out, playouts, seed)
    todo = [e for e in es if e["id"] not in skip]
    print(f"{len(es)} puzzles, {len(es) - len(todo)} already in {out}, {len(todo)} to play",
          file=sys.stderr)
    chosen = [get_player(n) for n in players]
    t0 = time.process_time()
    with out.open("a", encoding="utf-8") as f:
        for i, e in enumerate(todo, 1):
            t = time.process_time()
            rates = win_rates(Deal.from_number(e["deal"]), Variant.from_options(e["variant"]),
                              playouts, chosen, seed, e["components"].get("best_score"))
            rec = {"id": e["id"], "collection": e["collection"], "grade": e["grade"],
                   "score": e["score"], "playouts": playouts, "seed": seed,
                   "wins": {r.player: r.wins for r in rates},
                   "cpu": round(time.process_time() - t, 2)}
            f.write(json.dumps(rec) + "\n")
            f.flush()
            os.fsync(f.fileno())
            print(f"[{i}/{len(todo)}] {e['id']}: {rec['wins']} ({rec['cpu']} s CPU, "
                  f"{time.process_time() - t0:.0f} s in all)", file=sys.stderr, flush=True)


def report(path: Path) -> str:
    recs = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    cells: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    cpu: dict[str, float] = defaultdict(float)
    ids: dict[tuple[str, str], set[str]] = defaultdict(set)
    for r in recs:
        ids[(r["collection"], r["grade"])].add(r["id"])
        cpu[r["collection"]] += r["cpu"]
        for name, w in r["wins"].items():
            c = cells[(r["collection"], r["grade"], name)]
            c[0] += w
            c[1] += r["playouts"]
            c[2] += w > 0
            c[3] += 1
    count = {k: len(v) for k, v in ids.items()}  # puzzles (a puzzle may have a record
    # per group of players, e.g. the planners with fewer playouts)
    names = [n for n in PLAYER_NAMES if any(k[2] == n for k in cells)]
    names += sorted({k[2] for k in cells} - set(names))
    lines = []
    for coll in dict.fromkeys(r["collection"] for r in recs):
        playouts = sorted({r["playouts"] for r in recs if r["collection"] == coll})
        lines.append(f"### {coll} ({sum(v for k, v in count.items() if k[0] == coll)} "
                     f"puzzles, {'/'.join(map(str, playouts))} playouts per puzzle and "
                     f"player, {cpu[coll]:.0f} s CPU)\n")
        lines.append("| player | " + " | ".join(
            f"{g} ({count.get((coll, g), 0)})" for g in GRADES)
            + " | falls grade by grade | hard vs expert | Spearman(score, wins) |")
        lines.append("|---" * (len(GRADES) + 4) + "|")
        mine = [r for r in recs if r["collection"] == coll]
        present = {n for r in mine for n in r["wins"]}
        for n in [x for x in names if x in present]:
            row, rates, ci = [], [], {}
            for g in GRADES:
                w, games, won_any, puz = cells[(coll, g, n)]
                if not games:
                    row.append("")
                    continue
                lo, hi = wilson(w, games)
                rates.append(w / games)
                ci[g] = (lo, hi)
                row.append(f"{100 * w / games:.2f} % [{100 * lo:.2f}, {100 * hi:.2f}] "
                           f"({won_any}/{puz})")
            apart = ("intervals apart" if "hard" in ci and "expert" in ci
                     and ci["expert"][1] < ci["hard"][0] else "overlap")
            played = [r for r in mine if n in r["wins"]]
            rho = spearman([r["score"] for r in played],
                           [r["wins"][n] / r["playouts"] for r in played])
            lines.append(f"| {n} | " + " | ".join(row)
                         + f" | {falls(rates)} | {apart} | {rho:+.2f} |")
        lines.append("")
    return "\n".join(lines)


def ranks(xs: list[float]) -> list[float]:
    """Ranks from 0, ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in order[i:j + 1]:
            out[k] = (i + j) / 2
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (Pearson's on the ranks); 0 when either is constant."""
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else 0.0


def falls(rates: list[float]) -> str:
    """``yes`` when each grade is won less often than the one before, until no wins at all
    (:func:`falls_grade_by_grade`); ``no wins`` for a player that never wins."""
    if not any(rates):
        return "no wins"
    return "yes" if falls_grade_by_grade(rates) else "NO"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--collections", default="giza,giza-6x4,pyramid",
                    help="shipped collections (comma list)")
    ap.add_argument("--from", dest="sources", nargs="*", type=Path, default=[],
                    help="collection files instead of shipped ones")
    ap.add_argument("--players", default=",".join(p.name for p in PLAYERS))
    ap.add_argument("--out", type=Path)
    ap.add_argument("--report", type=Path, help="print the tables of a records file")
    a = ap.parse_args()
    if a.report:
        print(report(a.report))
        return
    if a.out is None:
        ap.error("--out is needed to play")
    paths = a.sources or [puzzles.folder() / f"{c}.jsonl" for c in a.collections.split(",")]
    run(paths, a.out, a.playouts, a.seed, a.players.split(","))
    print(report(a.out))


if __name__ == "__main__":
    main()
