"""Solvable-seed lists for PySolFC's Pyramid family, computed in resumable chunks.

    python scripts/make_pysolfc_seeds.py run pysolfc-pyramid --target 50000 [--chunk 10000]
    python scripts/make_pysolfc_seeds.py grade pysolfc-giza [--chunks K]
    python scripts/make_pysolfc_seeds.py assemble [GAME ...]

``run`` settles PySolFC games from 32000 up, ``--chunk`` at a time, under the game's
preset (exact, engine auto, one worker unless ``-j``), until the chunks hold ``--target``
winnable games; each finished chunk is written (atomically) to
``docs/results/pysolfc/GAME/START-STOP.json``: the winnable game numbers (every one with a
solution the referee replayed) and the counts of every verdict. A chunk already there is
skipped, so an interrupted run carries on where it stopped; commit the chunk files as
they come. ``assemble`` writes each game's list, ``src/pyramids/pysolfc_seeds/
NAME_solvable_seeds.py``, from its chunks (:func:`pyramids.seedlists.seeds_module`), and
prints the win rates for docs/results.md. ``grade`` grades the seeds of a game's chunks,
one chunk at a time (``pyramids grade``'s grading: deterministic, about 0.1 to 1 CPU second
a seed), into ``docs/results/pysolfc/GAME/grades/START-STOP.json`` (each seed's grade and
score), skipping chunks already graded; ``assemble`` then also writes one list per grade,
``NAME_GRADE_solvable_seeds.py`` (``giza_hard_solvable_seeds.py``: a harder mode), over
the games whose chunks are graded. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from pathlib import Path
from typing import Any

from pyramids.bulk import PySolFCRangeSource, run_records
from pyramids.generator.grading import Grading, grade_deal, thresholds_for
from pyramids.pysolfc import GAMES, MS_BELOW, PySolFCGame
from pyramids.pysolfc_seeds import GRADES
from pyramids.seedlists import SeedList, seeds_module
from pyramids.stats import wilson
from pyramids.variants import get_variant

ROOT = Path(__file__).resolve().parent.parent
CHUNKS = ROOT / "docs" / "results" / "pysolfc"
LISTS = ROOT / "src" / "pyramids" / "pysolfc_seeds"


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(tmp, 0o644)  # mkstemp makes it private; these are shipped files
    os.replace(tmp, path)


def list_name(game: str) -> str:
    return game.removeprefix("pysolfc-").replace("-", "_") + "_solvable_seeds.py"


def chunks(game: str) -> list[dict[str, Any]]:
    out = [json.loads(p.read_text()) for p in (CHUNKS / game).glob("*.json")]
    return sorted(out, key=lambda c: int(c["start"]))


def graded_chunks(game: str) -> list[dict[str, Any]]:
    out = [json.loads(p.read_text()) for p in (CHUNKS / game / "grades").glob("*.json")]
    return sorted(out, key=lambda c: int(c["start"]))


def code_version() -> str:
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                             capture_output=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "src"], cwd=ROOT, text=True,
                               capture_output=True, check=True).stdout.strip()
        return rev + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def run_chunk(game: str, start: int, stop: int, workers: int) -> dict[str, Any]:
    variant = get_variant(game)
    counts: Counter[str] = Counter()
    certs: Counter[str] = Counter()
    wins: list[int] = []
    t0, c0 = time.perf_counter(), time.process_time()
    records = run_records(PySolFCRangeSource(start, stop), variant, workers=workers)
    for done, rec in enumerate(records, 1):
        status = str(rec["status"])
        counts[status] += 1
        if status == "winnable":
            if not rec.get("moves"):
                raise SystemExit(f"game {rec['pysolfc']}: winnable without a solution")
            wins.append(int(rec["pysolfc"]))
        elif status == "blocked":
            certs[str((rec.get("certificate") or {}).get("kind"))] += 1
        if done % 500 == 0 or done == stop - start:
            rate = done / max(time.perf_counter() - t0, 1e-9)
            print(f"\r{game} {start}..{stop - 1}: {done}/{stop - start} games, "
                  f"{counts['winnable']} winnable, {rate:.0f} games/s", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return {"game": game, "variant": variant.options(), "start": start, "stop": stop,
            "games": stop - start, "winnable": counts["winnable"],
            "blocked": counts["blocked"], "unknown": counts["unknown"],
            "certificates": dict(sorted(certs.items())), "seeds": wins,
            "wall_seconds": round(time.perf_counter() - t0, 1),
            "cpu_seconds": round(time.process_time() - c0, 1), "workers": workers,
            "code": code_version()}


def run(game: str, target: int, size: int, workers: int, limit: int | None) -> None:
    done = chunks(game)
    have = sum(int(c["winnable"]) for c in done)
    ran = 0
    start = MS_BELOW
    while have < target and (limit is None or ran < limit):
        stop = start + size
        path = CHUNKS / game / f"{start}-{stop - 1}.json"
        if path.exists():
            start = stop
            continue
        res = run_chunk(game, start, stop, workers)
        if res["unknown"]:
            raise SystemExit(f"{path}: {res['unknown']} unknown games: not written")
        write_atomic(path, json.dumps(res) + "\n")
        have += int(res["winnable"])
        ran += 1
        print(f"{path.relative_to(ROOT)}: {res['winnable']} winnable; {have} of {target}",
              file=sys.stderr)
        start = stop


def grade_chunk(game: str, chunk: dict[str, Any]) -> dict[str, Any]:
    """Each seed of a chunk graded as ``pyramids grade`` grades it."""
    variant = get_variant(game)
    seeds = [int(n) for n in chunk["seeds"]]
    grades: list[str] = []
    scores: list[float | None] = []
    count: Counter[str] = Counter()
    t0, c0 = time.perf_counter(), time.process_time()
    for done, n in enumerate(seeds, 1):
        res = grade_deal(PySolFCGame(n).deal(variant), variant)
        if isinstance(res, Grading):
            grades.append(res.grade)
            scores.append(round(res.score, 2))
        else:  # a seed proved winnable that grading could not settle in its budgets
            grades.append(f"ungraded: {res.reason}")
            scores.append(None)
        count[grades[-1]] += 1
        if done % 50 == 0 or done == len(seeds):
            rate = done / max(time.perf_counter() - t0, 1e-9)
            print(f"\r{game} grades {chunk['start']}..{int(chunk['stop']) - 1}: "
                  f"{done}/{len(seeds)} seeds, "
                  + ", ".join(f"{g} {count[g]}" for g in GRADES)
                  + f", {rate:.1f} seeds/s", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return {"game": game, "variant": variant.options(), "start": chunk["start"],
            "stop": chunk["stop"], "seeds": seeds, "grades": grades, "scores": scores,
            "counts": dict(sorted(count.items())),
            "thresholds": list(thresholds_for(variant)),
            "wall_seconds": round(time.perf_counter() - t0, 1),
            "cpu_seconds": round(time.process_time() - c0, 1), "code": code_version()}


def grade(game: str, limit: int | None) -> None:
    ran = 0
    for chunk in chunks(game):
        if limit is not None and ran >= limit:
            break
        path = CHUNKS / game / "grades" / f"{chunk['start']}-{int(chunk['stop']) - 1}.json"
        if path.exists():
            continue
        res = grade_chunk(game, chunk)
        write_atomic(path, json.dumps(res) + "\n")
        ran += 1
        print(f"{path.relative_to(ROOT)}: {res['counts']}", file=sys.stderr)


def tried_ranges(cs: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """The chunks' game numbers as inclusive ranges, consecutive chunks merged."""
    tried: list[tuple[int, int]] = []
    for c in cs:
        a, b = int(c["start"]), int(c["stop"]) - 1
        if tried and tried[-1][1] + 1 == a:
            tried[-1] = (tried[-1][0], b)
        else:
            tried.append((a, b))
    return tried


def assemble_graded(game: str) -> None:
    """One list per grade from the graded chunks, over the games those chunks tried."""
    gs = graded_chunks(game)
    if not gs:
        return
    variant = get_variant(game)
    tried = tried_ranges(gs)
    desc = ", ".join(f"pysolfc:{a}:{b + 1}" for a, b in tried)
    th = thresholds_for(variant)
    ungraded = sum(1 for c in gs for g in c["grades"] if g not in GRADES)
    total = sum(len(c["seeds"]) for c in gs)
    for g in GRADES:
        seeds = tuple(n for c in gs for n, gr in zip(c["seeds"], c["grades"], strict=True)
                      if gr == g)
        spread = ", ".join(f"{x} {sum(1 for c in gs for y in c['grades'] if y == x)}"
                           for x in GRADES)
        notes = tuple(textwrap.wrap(
            "Grades as 'pyramids grade' gives them (deterministic): a score of the traps, "
            "losing moves, failed simple strategies and a look-ahead player's losses; easy "
            f"below {th[0]}, medium from {th[0]}, hard from {th[1]}, expert from {th[2]}. "
            f"Of the {total} solvable seeds of these games: {spread}, ungraded {ungraded}.",
            76))
        cmd = (f"pyramids filter --deals {desc} -V {game} --grade {g} --format pysolfc-seeds "
               f"(in chunks: scripts/make_pysolfc_seeds.py grade {game})")
        text = seeds_module(SeedList(seeds, tuple(tried), variant, cmd, (g,), notes))
        write_atomic(LISTS / list_name(game).replace("_solvable", f"_{g}_solvable"), text)
        print(f"{game} {g}: {len(seeds)} seeds of {total} graded", file=sys.stderr)


def assemble(games: list[str]) -> None:
    for game in games:
        cs = chunks(game)
        if not cs:
            print(f"{game}: no chunks", file=sys.stderr)
            continue
        seeds = tuple(s for c in cs for s in c["seeds"])
        tried = tried_ranges(cs)
        variant = get_variant(game)
        desc = ", ".join(f"pysolfc:{a}:{b + 1}" for a, b in tried)
        cmd = (f"pyramids filter --deals {desc} -V {game} --format pysolfc-seeds "
               f"(in chunks: scripts/make_pysolfc_seeds.py run {game})")
        text = seeds_module(SeedList(seeds, tuple(tried), variant, cmd))
        write_atomic(LISTS / list_name(game), text)
        n = sum(int(c["games"]) for c in cs)
        wins = sum(int(c["winnable"]) for c in cs)
        blocked = sum(int(c["blocked"]) for c in cs)
        unknown = sum(int(c["unknown"]) for c in cs)
        lo, hi = wilson(wins, wins + blocked)
        gid, name = GAMES[game]
        cpu = sum(float(c["cpu_seconds"]) for c in cs)
        print(f"| {name} ({gid}) | `{game}` | {n:,} | {wins:,} | {blocked:,} | {unknown} | "
              f"{100 * wins / (wins + blocked):.2f}% ({100 * lo:.2f}–{100 * hi:.2f}) | "
              f"{1000 * cpu / n:.2f} |")
        assemble_graded(game)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("game", choices=sorted(GAMES))
    r.add_argument("--target", type=int, default=50_000)
    r.add_argument("--chunk", type=int, default=10_000)
    r.add_argument("-j", "--workers", type=int, default=1)
    r.add_argument("--chunks", type=int, help="stop after this many new chunks")
    g = sub.add_parser("grade")
    g.add_argument("game", choices=sorted(GAMES))
    g.add_argument("--chunks", type=int, help="stop after grading this many chunks")
    a = sub.add_parser("assemble")
    a.add_argument("games", nargs="*", default=sorted(GAMES))
    args = ap.parse_args()
    if args.cmd == "run":
        run(args.game, args.target, args.chunk, args.workers, args.chunks)
    elif args.cmd == "grade":
        grade(args.game, args.chunks)
    else:
        assemble(args.games)


if __name__ == "__main__":
    main()
