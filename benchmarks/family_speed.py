"""Each of PySolFC's ten other games' speed, read from the records of runs already made.

    python benchmarks/family_speed.py output/family/pharaohs-100k.jsonl ... \\
        [benchmarks/crosscheck_family/pysolfc-cheops.jsonl ...] [--slowest 5] [--out FILE]

Issue 41 asks for each new game's deals per CPU second and its slowest deals, and a
profile for a game whose median deal takes over 100 ms of CPU. The 100,000-game
``pyramids stats --json`` runs already hold that: every record has the deal's engine CPU
seconds (``seconds``: ``time.process_time`` around ``answers.family.check_game``, the
certificates, the search and CP-SAT where ``auto`` went on to it), its ``nodes``,
``status`` and ``engine``. This script summarises such files without running anything.

Two kinds of file are read, told apart line by line:

* ``stats`` records (``pyramids stats -V GAME ... -o FILE``): a header line
  (``pyramids_bulk``) and one record a game, in the order the workers finished them;
* ``crosscheck_family.py`` out files (``search``, ``search_cpu``, ``search_nodes``): the
  general search alone at its node limit, without the deal-start certificates, for the
  games that have no 100,000-game run.

A file still being written (a run under way) may end in half a line: that last line is
left out and the summary says so; a bad line anywhere else is an error naming the file
and line. Per file it prints the deals, deals per CPU second (deals over the sum of their
CPU seconds: the engine's time, not the pool's dealing and bookkeeping), the median,
mean and 99th percentile in ms, the statuses, and the slowest games (number, status,
seconds, nodes, engine); a median over 100 ms is flagged.

``--profile GAME:N`` (repeatable) runs instead, for one deal of a slow game: cProfile's
top functions of ``check_game`` (engine ``pairs``, ``--node-limit``), then the kernel
with each of its prunings and the restarts switched off in turn, the CPU per node of
each: where a slow game's time goes.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: a game whose median deal takes more CPU than this gets a profile (issue 41, "Speed")
SLOW_MEDIAN_MS = 100.0


@dataclass(frozen=True)
class Deal:
    """One game's figures: its number, status, engine, CPU seconds and nodes."""

    number: int
    status: str
    engine: str
    seconds: float
    nodes: int


@dataclass
class Records:
    """The deals read from one file, the game they belong to and how they were made."""

    path: Path
    game: str
    kind: str  # "stats" or "crosscheck"
    deals: list[Deal] = field(default_factory=list)
    partial_tail: bool = False  # the last line was cut short (the file is still growing)


def _deal(obj: dict[str, Any]) -> tuple[str, Deal] | None:
    """The deal a parsed line holds and its kind, or ``None`` for a header line."""
    if "pyramids_bulk" in obj:
        return None
    if "search_cpu" in obj:
        return "crosscheck", Deal(int(obj["deal"]), str(obj["search"]), "pairs",
                                  float(obj["search_cpu"]), int(obj.get("search_nodes") or 0))
    number = obj["pysolfc"] if obj.get("pysolfc") is not None else obj["i"]
    return "stats", Deal(int(number), str(obj["status"]), str(obj.get("engine") or "-"),
                         float(obj["seconds"]), int(obj.get("nodes") or 0))


def read_records(path: Path) -> Records:
    """The deals of ``path`` (either kind of file). Raises ``ValueError`` naming the file
    and line for a line that is neither, except a cut-short last line."""
    lines = path.read_text(encoding="utf-8").split("\n")
    ends_whole = lines[-1] == ""
    if ends_whole:
        lines.pop()
    out = Records(path, "", "")
    game = ""
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            got = _deal(obj)
        except (ValueError, KeyError, TypeError) as e:
            if no == len(lines) and not ends_whole:
                out.partial_tail = True
                break
            raise ValueError(f"{path}:{no}: not a stats record nor a crosscheck line "
                             f"({type(e).__name__}: {e})") from None
        game = game or str(obj.get("game") or "")
        if got is None:
            continue
        kind, deal = got
        if out.kind and kind != out.kind:
            raise ValueError(f"{path}:{no}: a {kind} line in a file of {out.kind} lines")
        out.kind = kind
        out.deals.append(deal)
    if not out.deals:
        raise ValueError(f"{path}: no deals in it")
    out.game = game or path.stem.split(".")[0]
    return out


def summary(rec: Records, slowest: int = 5) -> dict[str, Any]:
    """The figures of one file: deals, deals per CPU second, median/mean/p99 ms, max,
    statuses, engines and the ``slowest`` games, slowest first (ties by number)."""
    secs = sorted(d.seconds for d in rec.deals)
    total = sum(secs)
    p99 = statistics.quantiles(secs, n=100, method="inclusive")[98] if len(secs) > 1 \
        else secs[0]
    statuses: dict[str, int] = {}
    engines: dict[str, int] = {}
    for d in rec.deals:
        statuses[d.status] = statuses.get(d.status, 0) + 1
        engines[d.engine] = engines.get(d.engine, 0) + 1
    slow = sorted(rec.deals, key=lambda d: (-d.seconds, d.number))[:slowest]
    median_ms = statistics.median(secs) * 1000
    return {"game": rec.game, "kind": rec.kind, "file": str(rec.path),
            "deals": len(secs), "first": min(d.number for d in rec.deals),
            "last": max(d.number for d in rec.deals), "partial_tail": rec.partial_tail,
            "cpu_s": total, "per_cpu_s": len(secs) / total if total > 0 else float("inf"),
            "median_ms": median_ms, "mean_ms": total / len(secs) * 1000,
            "p99_ms": p99 * 1000, "max_s": secs[-1], "slow_median": median_ms > SLOW_MEDIAN_MS,
            "statuses": dict(sorted(statuses.items())), "engines": dict(sorted(engines.items())),
            "slowest": [[d.number, d.status, round(d.seconds, 4), d.nodes, d.engine]
                        for d in slow]}


def render(rows: list[dict[str, Any]]) -> str:
    """The summaries as a table, then each game's slowest deals."""
    head = (f"{'game':26s} {'kind':10s} {'deals':>7s} {'deals/cpu-s':>11s} {'median ms':>9s} "
            f"{'mean ms':>8s} {'p99 ms':>8s} {'max s':>7s}  statuses")
    out = [head]
    for r in rows:
        flag = "  median over 100 ms" if r["slow_median"] else ""
        tail = ", last line cut short (a run under way)" if r["partial_tail"] else ""
        sts = " ".join(f"{k} {v}" for k, v in r["statuses"].items())
        out.append(f"{r['game']:26s} {r['kind']:10s} {r['deals']:7d} {r['per_cpu_s']:11.1f} "
                   f"{r['median_ms']:9.2f} {r['mean_ms']:8.2f} {r['p99_ms']:8.1f} "
                   f"{r['max_s']:7.3f}  {sts}{flag}{tail}")
    out.append("")
    for r in rows:
        eng = ", ".join(f"{k} {v}" for k, v in r["engines"].items())
        out.append(f"{r['game']} ({r['kind']}, games {r['first']}..{r['last']}, "
                   f"{r['cpu_s']:.1f} CPU s in all; engines: {eng}); slowest:")
        for n, status, s, nodes, engine in r["slowest"]:
            out.append(f"  game {n:>6d}  {status:8s} {s:8.3f} s  {nodes:>9,d} nodes  {engine}")
    return "\n".join(out) + "\n"


def profile(game: str, number: int, node_limit: int) -> str:
    """Where one deal's CPU goes: cProfile of ``check_game`` (the search alone; its CPU
    time, after an untimed first run), then the kernel with each switch off in turn
    (status, nodes, CPU, microseconds a node)."""
    import cProfile
    import io
    import pstats
    import time

    from pyramids.answers.family import check_game
    from pyramids.core.rules import get_rules
    from pyramids.engines.pairs import solve
    from pyramids.engines.pairs.kernel import PRUNINGS, SEEKING
    from pyramids.pysolfc.family import family_cards
    from pyramids.pysolfc.games import PySolFCGame

    rules = get_rules(game)
    cards = family_cards(rules.pysolfc or 0, PySolFCGame(number))
    # once untimed: the kernel's functions loaded from numba's cache (or compiled)
    check_game(rules, cards, node_limit=node_limit, engine="pairs")
    prof = cProfile.Profile(time.process_time)  # CPU time: the load skews wall time
    t0 = time.process_time()
    prof.enable()
    v = check_game(rules, cards, node_limit=node_limit, engine="pairs")
    prof.disable()
    cpu = time.process_time() - t0
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(6)
    top = [ln for ln in buf.getvalue().splitlines() if ln.strip()][-7:]
    out = [f"{game} game {number}, node limit {node_limit:,}: check_game {v.status}, "
           f"{v.nodes:,} nodes, {cpu:.2f} CPU s; cProfile, top functions by own time:",
           *("    " + ln for ln in top)]
    everything = (*PRUNINGS, *SEEKING)
    for off in ("", *everything):
        on = tuple(x for x in everything if x != off)
        t0 = time.process_time()
        found = solve(rules, cards, node_limit=node_limit, prune=on)
        cpu = time.process_time() - t0
        per = cpu / max(found.nodes, 1) * 1e6
        out.append(f"  kernel, {'all on' if not off else off + ' off':14s}: {found.status:8s} "
                   f"{found.nodes:>9,d} nodes {cpu:6.2f} CPU s {per:5.2f} us a node")
    return "\n".join(out) + "\n"


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file beside it."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path,
                    help="stats records (.jsonl) or crosscheck_family out files")
    ap.add_argument("--profile", action="append", default=[], metavar="GAME:N",
                    help="profile PySolFC game N of GAME instead (repeatable)")
    ap.add_argument("--node-limit", type=int, default=1_000_000,
                    help="the search's node limit for --profile (stats' default)")
    ap.add_argument("--slowest", type=int, default=5, help="list this many slowest games")
    ap.add_argument("--out", type=Path, help="also write the table to this file")
    args = ap.parse_args(argv)
    if args.profile:
        text = "".join(profile(g, int(n), args.node_limit)
                       for g, _, n in (p.rpartition(":") for p in args.profile))
    elif not args.files:
        ap.error("give records files, or --profile GAME:N")
    else:
        try:
            rows = [summary(read_records(p), args.slowest) for p in args.files]
        except (OSError, ValueError) as e:
            print(f"family_speed: {e}", file=sys.stderr)
            return 2
        text = render(rows)
    sys.stdout.write(text)
    if args.out:
        write_atomic(args.out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
