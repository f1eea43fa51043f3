#!/usr/bin/env python3
"""A win-rate run of one of PySolFC's ten other pyramid games, resumably, chunk by chunk.

Issue 41's rows are ``pyramids stats`` over PySolFC's games 1..100,000; for the slower
games that is more CPU than one session has. Each chunk of consecutive game numbers is one
``pyramids stats -V GAME --deals pysolfc:A:B --out OUT --resume --json`` (the project's own
command, its records in ``output/family/chunks/GAME/A-Z.jsonl``) and its printed summary
is written atomically to::

    docs/results/family/chunks/GAME/A-Z.json

(Z = B - 1), with the code version beside it. Those files are meant to be committed as
they finish; ``scripts/make_results.py`` adds a game's chunks up from game 1 into its
results.md row (``chained_family``). A run stopped anywhere starts again at the first chunk
without a summary, and a chunk half done resumes from its records.

``--records FILE`` seeds a chunk's records from an earlier single run's out file (a
``pyramids stats --out`` file of the same game, engine and node limit): the games it
holds are read back, not played again, and ``--resume`` plays the rest. Arguments after
``--`` go to ``pyramids stats`` (``-- --retry-unknown``, where the command has it).

    python scripts/family_run.py pysolfc-pyramid-thirteen --deals 1:100001 --chunk 5000
    python scripts/family_run.py pysolfc-cheops --deals 1:100001 -j 2 --max-chunks 1
    python scripts/family_run.py pysolfc-pyramid-thirteen --deals 1:100001 \\
        --records output/family/pyramid-thirteen-100k.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_common import code_version, src_version, write_json_atomic

from pyramids.core.rules import GAMES

ROOT = Path(__file__).resolve().parent.parent
SUMMARIES = ROOT / "docs" / "results" / "family" / "chunks"
RECORDS = ROOT / "output" / "family" / "chunks"


def chunks(start: int, stop: int, size: int) -> list[tuple[int, int]]:
    """``[start, stop)`` cut into ``size``-game chunks aligned on ``start``."""
    return [(a, min(a + size, stop)) for a in range(start, stop, size)]


def seed_records(records: Path, game: str, start: int, stop: int, out: Path) -> int:
    """Write ``out`` (a ``stats --out`` file for ``pysolfc:start:stop``) from an earlier
    run's records of the chunk's games (``stats --resume`` then plays the others); the
    number of records written, 0 when there are none (``out`` is then left alone)."""
    with records.open(encoding="utf-8") as f:
        header = json.loads(f.readline())
        if header.get("game") != game:
            raise SystemExit(f"{records}: records of {header.get('game')!r}, not {game!r}")
        keep: dict[int, str] = {}
        for line in f:
            if not line.endswith("\n"):
                break  # a growing file's last line, cut short
            n = json.loads(line)["pysolfc"]
            if start <= n < stop:
                keep[n] = line
    if not keep:
        return 0
    header["source"] = f"pysolfc:{start}:{stop}"
    text = json.dumps(header) + "\n" + "".join(keep[n] for n in sorted(keep))
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=".tmp-", suffix=".jsonl")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, out)
    return len(keep)


def run_chunk(game: str, start: int, stop: int, jobs: int, extra: Sequence[str],
              out: Path) -> dict[str, Any]:
    """``pyramids stats`` over the chunk, resuming its out file; its ``--json`` summary.
    ``--retry-unknown`` in ``extra`` is passed only where the out file is there to resume
    (a chunk not begun has no unknown record, and stats refuses it without ``--resume``)."""
    if not out.exists():
        extra = [x for x in extra if x != "--retry-unknown"]
    cmd = [sys.executable, "-c", "from pyramids.cli import main; main()", "stats", "-V",
           game, "--deals", f"pysolfc:{start}:{stop}", "-j", str(jobs), "--no-progress",
           "--out", str(out), "--json", *extra]
    if out.exists():
        cmd.append("--resume")
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"pyramids stats stopped (exit {done.returncode}) on {start}-{stop - 1}")
    summary: dict[str, Any] = json.loads(done.stdout)
    return summary


def main(argv: Sequence[str] | None = None) -> None:
    args_in = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in args_in:
        at = args_in.index("--")
        args_in, extra = args_in[:at], args_in[at + 1:]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("--deals", default="1:100001", help="A:B, PySolFC's games A..B-1")
    ap.add_argument("--chunk", type=int, default=5000)
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--records", type=Path, help="an earlier run's out file to seed chunks")
    ap.add_argument("--max-chunks", type=int, default=None)
    ap.add_argument("--summaries", type=Path, default=SUMMARIES)
    ap.add_argument("--out", type=Path, default=RECORDS, help="where the chunks' records go")
    args = ap.parse_args(args_in)
    try:
        start, stop = (int(x) for x in args.deals.split(":"))
    except ValueError:
        ap.error(f"--deals {args.deals!r}: write A:B (PySolFC's games A..B-1)")
    if not 1 <= start < stop or args.chunk < 1:
        ap.error(f"--deals {args.deals!r} / --chunk {args.chunk}: an empty or bad range")
    ran = 0
    code = {"commit": code_version(), "src": src_version()}  # the code this process loaded
    for a, b in chunks(start, stop, args.chunk):
        summary_path = args.summaries / args.game / f"{a}-{b - 1}.json"
        if summary_path.exists():
            continue
        if args.max_chunks is not None and ran >= args.max_chunks:
            break
        out = args.out / args.game / f"{a}-{b - 1}.jsonl"
        if args.records is not None and not out.exists():
            seeded = seed_records(args.records, args.game, a, b, out)
            if seeded:
                print(f"{args.game} {a}-{b - 1}: {seeded} records from {args.records}",
                      file=sys.stderr, flush=True)
        summary = run_chunk(args.game, a, b, args.jobs, extra, out)
        summary["code"] = code
        write_json_atomic(summary_path, summary)
        ran += 1
        print(f"{args.game} {a}-{b - 1}: {summary['winnable']} winnable, "
              f"{summary['blocked']} blocked, {summary['unknown']} unknown, "
              f"{summary['engine_seconds']:.0f} engine s -> {summary_path}",
              file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
