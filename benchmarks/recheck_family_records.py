"""Recheck a sample of committed full-run records of PySolFC's games with the general
search: the same status on every game both settle (0 contradictions), node counts beside.

    PYTHONPATH=src .venv/bin/python benchmarks/recheck_family_records.py [--sample 1000]
        [--seed 62] [--node-limit 1000000] [--dir output/family] GAME ...

GAME names a stats run's record file ``DIR/GAME-100k.jsonl`` (``triangle``,
``pyramid-thirteen``, ...: one JSON line a game after the header, from ``stats --out``);
``--sample`` of its games, drawn with ``random.Random(seed)``, are dealt again and
answered by :func:`pyramids.answers.family.check_game` with the search alone
(``engine="pairs"``). A change to the search that keeps its verdicts shows 0
contradictions here; one that keeps its positions shows the record's node counts too
where the record was made by the same search.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from pyramids.answers.family import check_game
from pyramids.core.rules import GAMES
from pyramids.pysolfc.family import game_deal
from pyramids.pysolfc.games import PySolFCGame


def recheck(path: Path, sample: int, seed: int, node_limit: int) -> str:
    """One game's line of the report (contradictions printed as they are found)."""
    lines = path.read_text().splitlines()
    records = [json.loads(line) for line in lines[1:]]
    stem = path.name.removesuffix("-100k.jsonl")
    rules = GAMES["pysolfc-" + stem]
    picked = random.Random(seed).sample(records, min(sample, len(records)))
    same = contra = unknown = same_nodes = both_search = 0
    cpu = 0.0
    for rec in picked:
        cards = game_deal(PySolFCGame(int(rec["pysolfc"])), rules).cards
        t0 = time.process_time()
        got = check_game(rules, cards, node_limit=node_limit, engine="pairs")
        cpu += time.process_time() - t0
        if "unknown" in (got.status, rec["status"]):
            unknown += 1
        elif got.status == rec["status"]:
            same += 1
        else:
            contra += 1
            print(f"CONTRADICTION {stem} pysolfc:{rec['pysolfc']}: record {rec['status']}, "
                  f"now {got.status}", flush=True)
        if rec.get("engine") == "pairs" and got.engine == "pairs":
            both_search += 1
            same_nodes += rec.get("nodes") == got.nodes
    return (f"{stem:18} sample {len(picked)}: same status {same}, contradictions {contra}, "
            f"unknown on either side {unknown}; same nodes as the record "
            f"{same_nodes}/{both_search} (both by the search); search CPU {cpu:.1f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="+")
    ap.add_argument("--sample", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=62)
    ap.add_argument("--node-limit", type=int, default=1_000_000)
    ap.add_argument("--dir", type=Path, default=Path("output/family"))
    args = ap.parse_args()
    for game in args.games:
        print(recheck(args.dir / f"{game}-100k.jsonl", args.sample, args.seed,
                      args.node_limit), flush=True)


if __name__ == "__main__":
    main()
