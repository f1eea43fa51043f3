"""Check the ``free-talon`` certificate (:class:`pyramids.engines.pairs.free_talon.FreeTalon`,
h74) against committed full-run records of PySolFC's games: it must never call a deal
that a record shows won "blocked" (0 contradictions), and in the games without a talon
(Pharaohs, Pyramid Dozen), where its easier game is the game itself, it must give every
settled record's verdict.

    PYTHONPATH=src .venv/bin/python benchmarks/free_talon_records.py [--sample 2000]
        [--seed 74] [--dir output/family] FILE ...

FILE is a record file of ``stats --out`` (one JSON line a game after the header:
``DIR/triangle-100k.jsonl``, ``DIR/chunks/pysolfc-cheops/1-5000.jsonl``); ``--sample``
of its games, drawn with ``random.Random(seed)``, are dealt again. Per file: the
records' winnable / blocked, what the certificate said of each (blocked, not proved,
gave up at its position limit), contradictions, and its CPU (``time.process_time``).
Results: benchmarks/bench_pairs_results.txt (h74).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from pathlib import Path

from pyramids.core.rules import GAMES
from pyramids.engines.pairs.free_talon import FreeTalon
from pyramids.pysolfc.family import game_deal
from pyramids.pysolfc.games import PySolFCGame


def check(path: Path, sample: int, seed: int) -> str:
    """One file's line of the report (contradictions printed as they are found)."""
    lines = path.read_text().splitlines()
    rules = GAMES[json.loads(lines[0])["game"]]
    records = [json.loads(line) for line in lines[1:]]
    picked = random.Random(seed).sample(records, min(sample, len(records)))
    said: Counter[tuple[str, str]] = Counter()
    contra = mismatch = 0
    cpu = 0.0
    exact = not rules.talon.exists
    for rec in picked:
        cards = game_deal(PySolFCGame(int(rec["pysolfc"])), rules).cards
        t0 = time.process_time()
        clears = FreeTalon(rules, cards).clears(0)
        cpu += time.process_time() - t0
        got = {False: "blocked", True: "clears", None: "gave-up"}[clears]
        said[rec["status"], got] += 1
        if rec["status"] == "winnable" and clears is False:
            contra += 1
            print(f"CONTRADICTION {rules.name} pysolfc:{rec['pysolfc']}: record winnable, "
                  "free-talon blocked", flush=True)
        if exact and rec["status"] == "blocked" and clears is True:
            mismatch += 1
            print(f"MISMATCH {rules.name} pysolfc:{rec['pysolfc']}: no talon, record "
                  "blocked, free-talon clears", flush=True)
    counts = ", ".join(f"{s} {g} {n}" for (s, g), n in sorted(said.items()))
    return (f"{rules.name:24} {path.name:22} sample {len(picked)}: {counts}; "
            f"contradictions {contra}" + (f", no-talon mismatches {mismatch}" if exact else "")
            + f"; CPU {cpu:.1f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--sample", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=74)
    args = ap.parse_args()
    for path in args.files:
        print(check(path, args.sample, args.seed), flush=True)


if __name__ == "__main__":
    main()
