"""Build the shipped puzzle collections in chunks, resumably (src/pyramids/data/puzzles/).

    .venv/bin/python scripts/build_collections.py giza [--workers 2] [--chunks N]
    .venv/bin/python scripts/build_collections.py --list
    .venv/bin/python scripts/build_collections.py --summary   # the README's table

A collection is the first COUNT graded deals of each grade in deal order (``--grade all``),
exactly what ``pyramids generate`` writes for the same arguments; this script makes it in
chunks of deals (``SPECS``): each chunk is graded (``generator.generate.outcomes``, a
process pool) and its records, every deal's outcome (the puzzle entry with its solution,
or why it was rejected), are written to
``benchmarks/grades/collections/<name>/<first>-<end>.jsonl.gz`` before the next chunk
starts. A chunk already there is read back, not graded again, so an interrupted build
(Ctrl-C loses the chunk in progress only) goes on where it stopped, and the records can
be committed chunk by chunk. Once the records hold COUNT puzzles of each grade (or the
deal list is done), the collection is written (each solution replayed by the referee
once more), and ``collections.json`` says how it was made: the deals its scan graded,
which ``pyramids book`` starts after when it generates more on the fly.

``--chunks N`` stops after grading N chunks (run again to go on); ``--max-load L``
(default 3) grades a chunk with one worker when the load average is above L, as the
machine is shared. ``--check FILE`` compares every graded deal with the records of an
earlier scan (``benchmarks/bench_generate.py --out``): the same verdict and components
(the score and grade follow from them), or the build stops.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyramids.bulk import Progress, RunState
from pyramids.core.variants import Variant, get_variant
from pyramids.generator import collections as puzzles
from pyramids.generator.generate import (
    Keeper,
    Outcome,
    collection_name,
    outcomes,
    write_atomic,
)
from pyramids.generator.grading import GRADES, Budgets

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "benchmarks" / "grades" / "collections"


@dataclass(frozen=True)
class Spec:
    """One collection: its variant, what it keeps, where its deals come from."""

    preset: str
    options: dict[str, Any] = field(default_factory=dict)
    grades: tuple[str, ...] = ("all",)
    count: int = 250
    deals: str | None = None  # a file of deal numbers (else 0, 1, 2, ... in chunks)
    chunk: int = 1000

    @property
    def variant(self) -> Variant:
        return get_variant(self.preset, **self.options)

    def command(self, end: int | None) -> str:
        opts = "".join(f" --{k} {v}" for k, v in self.options.items())
        src = self.deals or f"0:{end}"
        return (f"pyramids generate --variant {self.preset}{opts} --grade "
                f"{','.join(self.grades)} --count {self.count} --deals {src} "
                f"--out src/pyramids/data/puzzles/{collection_name(self.variant)}.jsonl")


SPECS: dict[str, Spec] = {
    "giza": Spec("giza", chunk=1000),
    "giza-6x4": Spec("giza-6x4", chunk=2000),
    "pyramid": Spec("pyramid", chunk=5000),
    "par-pyramid": Spec("par-pyramid", chunk=500),
    # every fully winnable King Tut deal of docs/results.md, graded
    "king-tut": Spec("king-tut", {"objective": "all"}, ("any",), 1000,
                     "docs/results/king-tut-all-wins.txt", chunk=1000),
}


def read_records(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def write_records(path: Path, records: list[dict[str, Any]]) -> None:
    """Atomically: a chunk file is whole or absent. (gzip without a timestamp, so the
    same records make the same bytes.)"""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    data = "".join(json.dumps(r) + "\n" for r in records).encode("utf-8")
    with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0,
                                              filename="") as f:
        f.write(data)
    os.replace(tmp, path)


def record_of(o: Outcome) -> dict[str, Any]:
    return {"deal": o.deal, "reason": o.reason} if o.entry is None else dict(o.entry)


def outcome_of(r: dict[str, Any]) -> Outcome:
    if "reason" in r:
        return Outcome(r["deal"], reason=r["reason"])
    return Outcome(r["deal"], dict(r))


def chunks(spec: Spec) -> Iterator[list[int]]:
    if spec.deals is not None:
        text = (ROOT / spec.deals).read_text(encoding="utf-8")
        numbers = [int(x.split("#")[0]) for x in text.splitlines()
                   if x.split("#")[0].strip()]
        for i in range(0, len(numbers), spec.chunk):
            yield numbers[i:i + spec.chunk]
        return
    for a in range(0, 10_000_000, spec.chunk):
        yield list(range(a, a + spec.chunk))


def chunk_path(name: str, spec: Spec, numbers: list[int]) -> Path:
    if spec.deals is not None:
        return RECORDS / name / f"list-{numbers[0]}-{len(numbers)}.jsonl.gz"
    return RECORDS / name / f"{numbers[0]:07d}-{numbers[-1] + 1:07d}.jsonl.gz"


def grade_chunk(name: str, v: Variant, numbers: list[int], workers: int
                ) -> list[dict[str, Any]]:
    bar = Progress(len(numbers), f"{name} {numbers[0]}..{numbers[-1]} ({workers} worker"
                   f"{'s' if workers > 1 else ''})", state=RunState())
    out = []
    for o in outcomes(numbers, v, Budgets(), workers):
        out.append(record_of(o))
        bar.state.new += 1
        bar.update()
    bar.close()
    return out


def compare(records: list[dict[str, Any]], earlier: dict[int, dict[str, Any]]) -> int:
    """Deals that an earlier scan graded otherwise: another verdict, or other components
    (the score and grade follow from them, under the weights and thresholds of the
    time)."""
    bad = 0
    for r in records:
        e = earlier.get(r["deal"])
        if e is None or "reason" in r or "reason" in e:
            if e is not None and ("reason" in r) != ("reason" in e):
                print(f"  deal {r['deal']}: {r.get('reason', 'graded')} here, "
                      f"{e.get('reason', 'graded')} then", file=sys.stderr)
                bad += 1
            continue
        if r["components"] != e["components"]:
            diff = sorted(k for k in {*r["components"], *e["components"]}
                          if r["components"].get(k) != e["components"].get(k))
            print(f"  deal {r['deal']}: {', '.join(diff)} differ", file=sys.stderr)
            bad += 1
    return bad


def build(name: str, workers: int, max_chunks: int | None, max_load: float,
          check: Path | None) -> bool:
    """Go on with collection ``name``; True once it is written."""
    spec = SPECS[name]
    v = spec.variant
    keeper = Keeper.of(spec.grades, spec.count)
    earlier = {}
    if check is not None:
        earlier = {r["deal"]: r for r in read_records(check)}
    graded = checked = 0
    end = None
    for numbers in chunks(spec):
        if not numbers:
            break
        path = chunk_path(name, spec, numbers)
        if path.exists():
            records = read_records(path)
        else:
            if max_chunks is not None and graded >= max_chunks:
                print(f"{name}: stopped after {graded} chunk(s); run again to go on",
                      file=sys.stderr)
                return False
            load = os.getloadavg()[0]
            w = 1 if load > max_load else workers
            t0, c0 = time.perf_counter(), _cpu()
            records = grade_chunk(name, v, numbers, w)
            write_records(path, records)
            graded += 1
            print(f"{name}: wrote {path.relative_to(ROOT)} ({len(records)} deals, "
                  f"{time.perf_counter() - t0:.0f} s wall, {_cpu() - c0:.0f} s CPU, "
                  f"{w} worker(s), load average {load:.1f} before)", file=sys.stderr)
        if earlier:
            checked += sum(1 for r in records if r["deal"] in earlier)
            bad = compare(records, earlier)
            if bad:
                raise SystemExit(f"{name}: {bad} deals of {path.name} differ from {check}")
        for r in records:
            keeper.offer(outcome_of(r))
            if keeper.full():
                end = r["deal"] + 1
                break
        if keeper.full():
            break
    else:
        end = None
    if spec.deals is None and not keeper.full():  # pragma: no cover - ten million deals
        return False
    if earlier:
        print(f"{name}: {checked} deals compared with {check}: all the same", file=sys.stderr)
    coll = collection_name(v)
    entries = keeper.entries(coll)
    from pyramids.core.deals import Deal
    from pyramids.core.moves import parse_moves
    from pyramids.core.referee import replay

    for e in entries:  # the referee once more, on exactly what is written
        replay(Deal.from_number(e["deal"]), v, parse_moves(" ".join(e["solution"])),
               require_win=v.scoring != "par")
    out = puzzles.folder() / f"{coll}.jsonl"
    write_atomic(out, entries)
    s = keeper.summary
    info = {"file": out.name, "variant": v.options(), "grades": list(spec.grades),
            "count": spec.count, "puzzles": len(entries),
            "kept": {g: s.kept[g] for g in ("easy", "medium", "hard", "expert")},
            "scanned": s.scanned, "graded": {g: s.graded[g] for g in GRADES},
            "rejected": dict(sorted(s.rejected.items())),
            "records": str(RECORDS.relative_to(ROOT) / name),
            "command": spec.command(end)}
    if spec.deals is None:
        info["deals"] = [0, end]
    else:
        info["deal_list"] = spec.deals
    manifest = puzzles.folder() / puzzles.MANIFEST
    data = json.loads(manifest.read_text()) if manifest.exists() else {}
    data[coll] = info
    manifest.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n")
    print(f"{name}: wrote {out.relative_to(ROOT)}: {len(entries)} puzzles "
          f"({', '.join(f'{g} {n}' for g, n in info['kept'].items())}) from "
          f"{s.scanned} deals", file=sys.stderr)
    return True


def summary() -> None:
    """The shipped collections as a markdown table (for src/pyramids/data/puzzles/README.md)."""
    print("| file | puzzles | easy / medium / hard / expert | deals graded | winnable | "
          "scores per grade (min to max) | unique line |")
    print("|---|---|---|---|---|---|---|")
    for info in puzzles.manifest().values():
        path = puzzles.folder() / info["file"]
        es = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        by = {g: sorted(e["score"] for e in es if e["grade"] == g) for g in GRADES}
        scores = ", ".join(f"{by[g][0]:g} to {by[g][-1]:g}" if by[g] else "-" for g in GRADES)
        graded = sum(info["graded"].values())
        where = (f"{info['deals'][0]}..{info['deals'][1] - 1}" if "deals" in info
                 else f"the {info['scanned']} of `{info['deal_list']}`")
        print(f"| `{info['file']}` | {len(es)} | "
              f"{' / '.join(str(len(by[g])) for g in GRADES)} | {where} | "
              f"{graded} ({100 * graded / info['scanned']:.1f} %) | {scores} | "
              f"{sum(1 for e in es if e['unique'])} |")


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help=f"collections: {', '.join(SPECS)}")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--chunks", type=int, help="grade at most N chunks, then stop")
    ap.add_argument("--max-load", type=float, default=3.0)
    ap.add_argument("--check", type=Path, help="earlier records to compare with")
    ap.add_argument("--list", action="store_true", help="the collections and their commands")
    ap.add_argument("--summary", action="store_true", help="a markdown table of the shipped")
    a = ap.parse_args()
    if a.summary:
        summary()
        return
    if a.list or not a.names:
        for name, spec in SPECS.items():
            print(f"{name}: {spec.command(None)} (chunks of {spec.chunk})")
        return
    done = True
    for name in a.names:
        if name not in SPECS:
            raise SystemExit(f"unknown collection {name!r}: one of {', '.join(SPECS)}")
        done = build(name, a.workers, a.chunks, a.max_load, a.check) and done
    sys.exit(0 if done else 3)


if __name__ == "__main__":
    main()
