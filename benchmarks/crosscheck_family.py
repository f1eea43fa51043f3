"""Cross-check the two exact engines of PySolFC's pyramid games: the general search
(:mod:`pyramids.engines.pairs`, its numba kernel where the game fits it) and the CP-SAT
model of the rules (:mod:`pyramids.engines.cpsat.game_model`), on ``pysolfc:1..N``.

Neither engine is given the deal-start certificates: each answers from the deal alone.
Every CP-SAT winning line is replayed by the rules engine (:mod:`pyramids.core.board`).
A deal where both engines settle (winnable or blocked) and disagree is a bug.

Resumable: one out file per game (``OUT/<game>.jsonl``, one JSON object a deal, appended
and flushed as it goes); a rerun skips the deals already there. The games are taken in
chunks of ``--chunk`` deals, round robin in the order given (the fastest first), until
each has ``--count`` deals or ``--minutes`` of CPU have gone; the summary
(``--summary``) is rewritten from the out files at the end. Usage::

    python benchmarks/crosscheck_family.py [--count 2000] [--minutes 30] \\
        [--games pysolfc-pharaohs,...] [--out benchmarks/crosscheck_family]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

from pyramids.core.board import Board, line_of, replay
from pyramids.core.rules import GAMES, Rules
from pyramids.engines.cpsat.game_model import solve_game
from pyramids.engines.cpsat.game_rules import unsupported
from pyramids.engines.pairs import solve
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame

#: fastest first (CPU per deal of CP-SAT, measured on five deals each)
ORDER = ("pysolfc-pharaohs", "pysolfc-pyramid-dozen", "pysolfc-eleven-triangle",
         "pysolfc-triangle", "pysolfc-pyramid-thirteen", "pysolfc-cheops",
         "pysolfc-up-and-down", "pysolfc-double-pyramid", "pysolfc-two-pyramids")
HERE = Path(__file__).parent


def compare(rules: Rules, n: int, node_limit: int, deterministic: float) -> dict[str, Any]:
    """Both engines on ``pysolfc:n``: their statuses, CPU seconds and effort."""
    cards = family_cards(rules.pysolfc or 0, PySolFCGame(n))
    t = time.process_time()
    s = solve(rules, cards, node_limit=node_limit)
    s_cpu = time.process_time() - t
    t = time.process_time()
    c = solve_game(rules, cards, Board(rules, cards), deterministic=deterministic)
    c_cpu = time.process_time() - t
    replayed = None
    if c.status == "winnable":
        replayed = replay(rules, cards, line_of(rules, cards, list(c.moves))).is_won()
    if s.status == "winnable":
        replayed_s = replay(rules, cards, line_of(rules, cards, list(s.moves))).is_won()
        if not replayed_s:
            raise AssertionError(f"{rules.name} {n}: the search's line does not win")
    settled = s.status != "unknown" and c.status != "unknown"
    return {"deal": n, "search": s.status, "search_cpu": round(s_cpu, 4),
            "search_nodes": s.nodes, "cpsat": c.status, "cpsat_cpu": round(c_cpu, 4),
            "cpsat_branches": c.branches, "cpsat_replayed": replayed,
            "agree": (s.status == c.status) if settled else None}


def done(path: Path) -> dict[int, dict[str, Any]]:
    if not path.exists():
        return {}
    out = {}
    for line in path.read_text().splitlines():
        if line.strip():
            rec = json.loads(line)
            out[rec["deal"]] = rec
    return out


def summary(out: Path, games: list[str], meta: str) -> str:
    rows = [meta, "",
            f"{'game':26} {'deals':>6} {'agree':>6} {'disagree':>8} {'unknown':>16} "
            f"{'win':>5} {'blocked':>7} {'search ms':>9} {'cpsat ms':>9} {'cpsat max s':>11}",
            ""]
    bad: list[str] = []
    for g in games:
        recs = sorted(done(out / f"{g}.jsonl").values(), key=lambda r: r["deal"])
        if not recs:
            continue
        n = len(recs)
        agree = sum(1 for r in recs if r["agree"] is True)
        dis = [r["deal"] for r in recs if r["agree"] is False
               or r["cpsat_replayed"] is False]
        bad += [f"{g} pysolfc:{d}" for d in dis]
        su = sum(1 for r in recs if r["search"] == "unknown")
        cu = sum(1 for r in recs if r["cpsat"] == "unknown")
        win = sum(1 for r in recs if "winnable" in (r["search"], r["cpsat"]))
        blocked = sum(1 for r in recs if "blocked" in (r["search"], r["cpsat"]))
        s_ms = 1000 * sum(r["search_cpu"] for r in recs) / n
        c_ms = 1000 * sum(r["cpsat_cpu"] for r in recs) / n
        c_max = max(r["cpsat_cpu"] for r in recs)
        deals = f"1..{recs[-1]['deal']}" if recs[-1]["deal"] == n else f"{n} deals"
        rows.append(f"{g:26} {n:>6} {agree:>6} {len(dis):>8} "
                    f"{f'search {su}, cpsat {cu}':>16} {win:>5} {blocked:>7} "
                    f"{s_ms:>9.1f} {c_ms:>9.1f} {c_max:>11.2f}   ({deals})")
    rows += ["", "disagreements: " + (", ".join(bad) if bad else "none")]
    return "\n".join(rows) + "\n"


def notes(path: Path) -> str:
    """What an earlier summary holds after its table (notes added by hand: runs made
    apart, earlier models' rows), kept when the table is written again."""
    if not path.exists():
        return ""
    text = path.read_text()
    mark = text.find("\ndisagreements: ")
    if mark < 0:
        return ""
    end = text.find("\n", mark + 1)
    return text[end + 1:] if end >= 0 else ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--chunk", type=int, default=100)
    ap.add_argument("--minutes", type=float, default=30.0, help="CPU minutes in all")
    ap.add_argument("--games", default=",".join(ORDER))
    ap.add_argument("--node-limit", type=int, default=1_000_000)
    ap.add_argument("--deterministic", type=float, default=5.0,
                    help="CP-SAT's budget in its deterministic seconds (same answer each run)")
    ap.add_argument("--out", type=Path, default=HERE / "crosscheck_family")
    ap.add_argument("--summary", type=Path, default=HERE / "crosscheck_family_results.txt")
    args = ap.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    for g in games:
        if g not in GAMES or unsupported(GAMES[g]) is not None:
            raise SystemExit(f"{g}: not a game both engines play")
    args.out.mkdir(parents=True, exist_ok=True)
    t_end = time.process_time() + 60 * args.minutes
    progress = True
    while progress and time.process_time() < t_end:
        progress = False
        for g in games:
            path = args.out / f"{g}.jsonl"
            have = done(path)
            todo = [n for n in range(1, args.count + 1) if n not in have][: args.chunk]
            if not todo:
                continue
            progress = True
            with path.open("a") as fh:
                for n in todo:
                    if time.process_time() >= t_end:
                        break
                    rec = compare(GAMES[g], n, args.node_limit, args.deterministic)
                    fh.write(json.dumps(rec) + "\n")
                    fh.flush()
                    if rec["agree"] is False or rec["cpsat_replayed"] is False:
                        print(f"DISAGREE {g} pysolfc:{n}: {rec}", flush=True)
            print(f"{g}: {len(done(path))} deals", flush=True)
    meta = (f"crosscheck_family.py: the general search (kernel, node limit "
            f"{args.node_limit:,}) against the CP-SAT model of the rules (deterministic "
            f"limit {args.deterministic:g}, one worker) on pysolfc:1..N per game; "
            "CPU per deal of each engine (ms, mean); 'unknown': deals an engine left "
            "unknown at its limit (not compared). Apophis: CP-SAT does not state it "
            "(docs/architecture.md). The one-deck rows were made with the model as first "
            "stated (game_model.BASELINE; 100 deals of each rerun with the 2026-11-28 "
            "model gave the same answers); the two-deck rows were rerun from deal 1 with "
            "the 2026-11-28 model (GameOptions.for_rules: integer cursor, twin rule, "
            "greedy hint).")
    # every game with an out file, whichever games this run played
    text = summary(args.out, [g for g in ORDER if (args.out / f"{g}.jsonl").exists()], meta)
    text += notes(args.summary)
    tmp = args.summary.with_suffix(".tmp")
    tmp.write_text(text)
    os.replace(tmp, args.summary)
    print(text)


if __name__ == "__main__":
    main()
