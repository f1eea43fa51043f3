#!/usr/bin/env python3
"""Microsoft Solitaire Collection's goals over a range of deals, resumably, chunk by chunk.

The run behind issue 43's proof (``msc`` over deals 0..999,999 for the board goal, over
0..19,999 for the best score and four Aces): each chunk of consecutive deal numbers is
analysed through the project's bulk runner (``pyramids.bulk``: the local pool with
``-j``, or a Dask cluster with ``--scheduler``, whose chunks are sized from the measured
cost of a deal) and its summary written atomically as one small JSON file::

    docs/results/msc-goals-run/<goal>/<start>-<stop>.json

(the deals' statuses, how many reached the goal, the histogram of the fewest steps and of
the best score, the longest answer and its deal, how many answers are proven optimal,
the unknown deals, the engines' CPU seconds, the code version; since 2026-11-28 also the
machine and its load average when the chunk finished, keys a reader of older chunks
finds missing). Those files are meant to
be committed as they finish: a run stopped anywhere starts again with the first chunk
that has no file, and a chunk is never counted twice. ``--summary`` prints the totals of
the finished chunks (the rate with its 95% Wilson interval).

    python scripts/msc_goals_run.py --goal board --deals 0:1000000 --chunk 10000 -j 16
    python scripts/msc_goals_run.py --goal score --deals 0:20000 --scheduler tcp://10.0.0.1:8786
    python scripts/msc_goals_run.py --goal cards:A:4 --deals 0:20000 --max-chunks 2
    python scripts/msc_goals_run.py --goal board --deals 0:1000000 --summary
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_common import code_version, src_version, write_json_atomic

from pyramids.answers.goals import Goal
from pyramids.bulk import RangeSource, Record, make_runner, parse_range
from pyramids.bulk.analysis import Job
from pyramids.bulk.stats import wilson
from pyramids.core.variants import get_variant

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "results" / "msc-goals-run"
FORMAT = 1


def goal_dir(folder: Path, goal: Goal) -> Path:
    """``cards:A:4`` -> ``folder/cards-A-4``."""
    return folder / str(goal).replace(":", "-")


def chunk_file(folder: Path, goal: Goal, start: int, stop: int) -> Path:
    return goal_dir(folder, goal) / f"{start:09d}-{stop:09d}.json"


def plan(start: int, stop: int, size: int) -> list[tuple[int, int]]:
    """The chunks of ``start:stop``, ``size`` deals each (the last may be shorter)."""
    return [(lo, min(stop, lo + size)) for lo in range(start, stop, size)]


def summarise(records: Iterable[Record], goal: Goal, start: int, stop: int,
              code: tuple[str, str] | None = None) -> dict[str, Any]:
    """A chunk's summary from its records (slim: counts, steps, scores; no lines);
    ``code``, the commit and ``src/`` versions the records were made by (by default the
    checkout's now)."""
    status: Counter[str] = Counter()
    steps: Counter[int] = Counter()
    scores: Counter[int] = Counter()
    deals = reached = optimal = 0
    longest: tuple[int, int] | None = None  # steps, deal
    unknown: list[int] = []
    cpu = 0.0
    for r in records:
        deals += 1
        status[r["status"]] += 1
        cpu += float(r.get("seconds") or 0.0)
        optimal += bool(r.get("optimal"))
        if r["status"] == "unknown":
            unknown.append(int(r["deal"]))
        hit = r.get("reached")
        if hit is None:  # a goal without a target (score): every answer counts
            hit = r.get("steps") is not None
        if hit:
            reached += 1
            if r.get("steps") is not None:
                steps[int(r["steps"])] += 1
                if longest is None or (int(r["steps"]), -int(r["deal"])) > \
                        (longest[0], -longest[1]):
                    longest = (int(r["steps"]), int(r["deal"]))
        if r.get("score") is not None:
            scores[int(r["score"])] += 1
    if deals != stop - start:
        raise RuntimeError(f"chunk {start}:{stop} gave {deals} records")
    return {"format": FORMAT, "variant": "msc", "goal": str(goal), "start": start,
            "stop": stop, "deals": deals, "status": dict(sorted(status.items())),
            "reached": reached, "optimal": optimal,
            "steps": {str(k): v for k, v in sorted(steps.items())},
            "scores": {str(k): v for k, v in sorted(scores.items())},
            "longest": None if longest is None else {"steps": longest[0], "deal": longest[1]},
            "unknown": unknown, "engine_seconds": round(cpu, 3),
            "code": (code or (code_version(), src_version()))[0],
            "src": (code or (code_version(), src_version()))[1]}


def machine(scheduler: str | None, workers: int) -> str:
    """What ran a chunk, in words: this machine's system, CPUs and processor (Linux's
    ``/proc/cpuinfo`` model name), or a Dask cluster's worker count (its machines are
    elsewhere)."""
    if scheduler is not None:
        return f"a Dask cluster of {workers} workers"
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next((ln.split(":", 1)[1].strip() for ln in f
                          if ln.startswith("model name")), "")
    except OSError:
        pass
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs"
            + (f" ({model})" if model else "") + f", Python {platform.python_version()}")


def run(goal: Goal, start: int, stop: int, size: int, folder: Path, workers: int | None,
        scheduler: str | None, max_chunks: int | None, quiet: bool) -> int:
    """Analyse every chunk of ``start:stop`` that has no summary yet; return how many
    chunks were written."""
    variant = get_variant("msc")
    job = Job(variant, goal=goal, slim=True)
    todo = [c for c in plan(start, stop, size)
            if not chunk_file(folder, goal, *c).is_file()][:max_chunks]
    if not quiet:
        print(f"{goal}: {len(todo)} chunks to run of {len(plan(start, stop, size))}",
              file=sys.stderr)
    written = 0
    code = (code_version(), src_version())  # the code this process loaded, not a later one
    with make_runner(workers, None, scheduler) as runner:
        for lo, hi in todo:
            t0 = time.perf_counter()
            summary = summarise(runner.run(RangeSource(lo, hi), job), goal, lo, hi, code)
            summary["wall_seconds"] = round(time.perf_counter() - t0, 3)
            summary["workers"] = runner.workers
            summary["machine"] = machine(scheduler, runner.workers)
            summary["load"] = round(os.getloadavg()[0], 2)
            write_json_atomic(chunk_file(folder, goal, lo, hi), summary)
            written += 1
            if not quiet:
                print(f"  {lo}:{hi} in {summary['wall_seconds']:.1f} s", file=sys.stderr)
    return written


def read(folder: Path, goal: Goal, start: int, stop: int) -> list[dict[str, Any]]:
    """The finished chunks inside ``start:stop``, in order; overlapping ones refused."""
    chunks = []
    for path in sorted(goal_dir(folder, goal).glob("*.json")):
        s = json.loads(path.read_text(encoding="utf-8"))
        if s.get("format") != FORMAT or s.get("goal") != str(goal):
            raise ValueError(f"{path}: not a chunk of goal {goal}")
        if start <= s["start"] and s["stop"] <= stop:
            chunks.append(s)
    chunks.sort(key=lambda s: s["start"])
    for a, b in itertools.pairwise(chunks):
        if b["start"] < a["stop"]:
            raise ValueError(f"chunks {a['start']}:{a['stop']} and {b['start']}:{b['stop']} "
                             "overlap: delete one")
    return chunks


def totals(chunks: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The finished chunks added up: counts, histograms, the longest answer, the rate of
    reaching the goal over the decided deals with its 95% Wilson interval."""
    status: Counter[str] = Counter()
    steps: Counter[int] = Counter()
    scores: Counter[int] = Counter()
    out: dict[str, Any] = {"chunks": len(chunks), "deals": 0, "reached": 0, "optimal": 0,
                           "unknown": [], "engine_seconds": 0.0, "longest": None}
    for s in chunks:
        out["deals"] += s["deals"]
        out["reached"] += s["reached"]
        out["optimal"] += s["optimal"]
        out["unknown"] += s["unknown"]
        out["engine_seconds"] += s["engine_seconds"]
        status.update(s["status"])
        steps.update({int(k): v for k, v in s["steps"].items()})
        scores.update({int(k): v for k, v in s["scores"].items()})
        lg = s["longest"]
        if lg is not None and (out["longest"] is None or lg["steps"] > out["longest"]["steps"]):
            out["longest"] = lg
    decided = out["deals"] - len(out["unknown"])
    lo, hi = wilson(out["reached"], decided) if decided else (0.0, 0.0)
    out.update(status=dict(sorted(status.items())), decided=decided,
               rate=out["reached"] / decided if decided else None, ci95=[lo, hi],
               steps={str(k): v for k, v in sorted(steps.items())},
               scores={str(k): v for k, v in sorted(scores.items())},
               engine_seconds=round(out["engine_seconds"], 3))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goal", required=True, help="board, score, cards:A:4 ...")
    ap.add_argument("--deals", required=True, help="A:B, the deal numbers (B excluded)")
    ap.add_argument("--chunk", type=int, default=10_000, help="deals per summary file")
    ap.add_argument("-j", "--workers", type=int, help="local worker processes")
    ap.add_argument("--scheduler", help="a Dask scheduler's address instead")
    ap.add_argument("--max-chunks", type=int, help="stop after this many chunks")
    ap.add_argument("--folder", type=Path, default=FOLDER, help="where the summaries go")
    ap.add_argument("--summary", action="store_true", help="print the finished chunks' totals")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    goal = Goal.parse(args.goal)
    goal.validate(get_variant("msc"))
    source = parse_range(args.deals)
    if source is None:
        ap.error(f"--deals takes a range A:B, got {args.deals!r}")
    if args.chunk < 1:
        ap.error("--chunk must be at least 1")
    if args.summary:
        print(json.dumps(totals(read(args.folder, goal, source.start, source.stop)), indent=1))
        return 0
    run(goal, source.start, source.stop, args.chunk, args.folder, args.workers,
        args.scheduler, args.max_chunks, args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
