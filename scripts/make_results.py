#!/usr/bin/env python3
"""Make ``docs/results.md`` and its figures: the exact win-rate tables, chunk by chunk.

Every table is a list of *cells* (one rule set each) with a target number of deals. A
cell is analysed in *chunks* of consecutive deal numbers from 0 up, through the project's
bulk runner (``pyramids.bulk``; ``--scheduler`` sends the work to a Dask cluster through
``pyramids.bulk.cluster.DaskRunner``). When a chunk is finished its summary is written as a
small JSON file::

    docs/results/chunks/<cell>/<start>-<stop>.json

(counts by status and certificate, the Par score histogram, the winnable deals with their
replayed solutions where the table lists them, engine CPU seconds, the code version). A
cell is named by its rule set, so two tables showing the same rule set share its chunks
(King Tut to discard all 52: the first 100,000 deals of the 10,000,000).
Those files are meant to be committed: they are the whole state of the run. The per-deal
records go to ``output/results/raw/`` (not committed) so that an interrupted chunk resumes
where it stopped. A run on a fresh machine reads the committed summaries, carries on from
the end of each cell's finished prefix, and rewrites the page from all the summaries.

    python scripts/make_results.py                      # every table to its full target
    python scripts/make_results.py --tables one-pass --max-chunks 1 --chunk 1000
    python scripts/make_results.py --render-only        # rewrite the page from the chunks
    python scripts/make_results.py --scheduler tcp://10.0.0.1:8786

A cell whose chunks do not reach its target is shown with its progress ("12,000 of
100,000 deals so far") and a provisional rate; a cell with unknown verdicts is marked
incomplete. Nothing is presented as final that is not.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import msc_goals_run
from run_common import code_version, src_version, write_json_atomic

from pyramids import bulk
from pyramids.answers.bounds import stock_count_fraction, stock_count_passing
from pyramids.answers.certificates import stock_count
from pyramids.bulk import BulkRunner, Interrupted, Job, OutFile, RangeSource, Record
from pyramids.bulk.stats import Tally, wilson
from pyramids.core.deals import Deal
from pyramids.core.moves import parse_moves
from pyramids.core.referee import replay
from pyramids.core.variants import Variant, get_variant
from pyramids.generator.grading import THRESHOLDS, grade_of, thresholds_for

ROOT = Path(__file__).resolve().parent.parent
FORMAT = 1
CERT_KINDS = ("four-complement", "stock-count", "structural", "exhaustive")


# -- what the tables are ------------------------------------------------------------------

@dataclass(frozen=True)
class Published:
    """A figure of the seed article: ``wins`` of ``deals`` (or a rate in % when the
    article gives only a rate), and where in the article it is."""

    percent: float
    where: str
    wins: int | None = None
    deals: int | None = None
    simple_blocks: int | None = None  # open bouquet: deals blocked by a four-complement

    @property
    def rate(self) -> float:
        return self.wins / self.deals if self.wins is not None and self.deals else \
            self.percent / 100


@dataclass(frozen=True)
class CellSpec:
    key: str
    label: str
    variant: Variant
    published: Published | None = None
    scores: bool = False  # Par: keep the histogram of best scores
    list_wins: bool = False  # keep every winnable deal and its solution


@dataclass(frozen=True)
class TableSpec:
    name: str
    title: str
    target: int
    chunk: int
    cells: tuple[CellSpec, ...]
    kind: str = "verdicts"  # or "stock-count": counting deals, no engine
    intro: str = ""


ONE_PASS_TABLE = "summary table of solver win rates (Thoughtful Pyramid)"


def _one_pass() -> tuple[CellSpec, ...]:
    # the seed article's table, and the counts its text gives for 1,000,000 deals
    pub = {
        ("pyramid", True, "allowed"): (21.30, 212_975), ("pyramid", False, "allowed"):
            (8.27, 82_735),
        ("pyramid", True, "forbidden"): (11.55, 115_484), ("pyramid", False, "forbidden"):
            (3.42, 34_242),
        ("pyramid", True, "automatic"): (18.64, 186_390), ("pyramid", False, "automatic"):
            (6.52, 65_234),
        ("all", True, "allowed"): (14.33, 143_310), ("all", False, "allowed"): (6.03, 60_268),
        ("all", True, "forbidden"): (0.11, 1119), ("all", False, "forbidden"): (0.07, 678),
        ("all", True, "automatic"): (12.81, 128_051), ("all", False, "automatic"):
            (4.81, 48_087),
    }
    cells = []
    for objective in ("all", "pyramid"):
        for overlap in (False, True):
            for sw in ("allowed", "forbidden", "automatic"):
                pct, wins = pub[(objective, overlap, sw)]
                label = (f"{'discard all 52' if objective == 'all' else 'clear the pyramid'}, "
                         f"{'overlap' if overlap else 'no overlap'}, stock-waste {sw}")
                cells.append(CellSpec(
                    f"pyramid-{objective}-{'ov' if overlap else 'noov'}-{sw}", label,
                    get_variant("pyramid", objective=objective, overlap=overlap,
                                stock_waste=sw),
                    Published(pct, ONE_PASS_TABLE, wins, 1_000_000)))
    return tuple(cells)


def _open() -> tuple[CellSpec, ...]:
    wins = {(5, True): 99_639_563, (5, False): 98_625_648, (6, True): 96_923_906,
            (6, False): 91_893_246, (7, True): 83_151_588, (7, False): 66_865_010,
            (8, True): 38_349_300, (8, False): 16_303_005, (9, True): 1_279_299,
            (9, False): 71_531}
    blocks = {(5, True): 206_435, (5, False): 459_637, (6, True): 1_501_149,
              (6, False): 2_592_145, (7, True): 7_167_001, (7, False): 10_659_494,
              (8, True): 25_275_626, (8, False): 33_593_656, (9, True): 63_905_021,
              (9, False): 75_562_119}
    cells = []
    for rows in range(5, 10):
        for overlap in (False, True):
            w = wins[(rows, overlap)]
            cells.append(CellSpec(
                f"bouquet-r{rows}-{'ov' if overlap else 'noov'}",
                f"open bouquet, {rows} rows, {'overlap' if overlap else 'no overlap'}",
                get_variant("bouquet", rows=rows, overlap=overlap),
                Published(100 * w / 1e8, "appendix, blocked pyramids of different sizes",
                          w, 100_000_000, blocks[(rows, overlap)])))
    giza = {("giza", False): (3_653_287, 10_000_000), ("giza", True): (5_928_825, 10_000_000),
            ("giza-6x4", False): (180_527, 1_000_000), ("giza-6x4", True): (384_911, 1_000_000)}
    for name in ("giza", "giza-6x4"):
        for overlap in (False, True):
            w, n = giza[(name, overlap)]
            cells.append(CellSpec(
                f"{name}-{'ov' if overlap else 'noov'}",
                f"{'Giza 8x3' if name == 'giza' else 'Giza 6x4'}, "
                f"{'overlap' if overlap else 'no overlap'}",
                get_variant(name, overlap=overlap),
                Published(100 * w / n, "section on Giza", w, n)))
    return tuple(cells)


def _redeal() -> tuple[CellSpec, ...]:
    return (
        CellSpec("cheops", "Cheops (3 passes, discard all 52)", get_variant("cheops")),
        CellSpec("tuts-tomb-pyramid", "Tut's Tomb (clear the pyramid)",
                 get_variant("tuts-tomb")),
        CellSpec("tuts-tomb-all", "Tut's Tomb, discard all 52",
                 get_variant("tuts-tomb", objective="all")),
        CellSpec("king-tut-pyramid", "King Tut (clear the pyramid)", get_variant("king-tut")),
        CellSpec("king-tut-all", "King Tut, discard all 52",
                 get_variant("king-tut", objective="all"), list_wins=True),
        CellSpec("par-pyramid", "Par Pyramid (3 passes, best Par score)",
                 get_variant("par-pyramid"), scores=True),
    )


STOCK_COUNT_VARIANT = get_variant("king-tut", objective="all")

TABLES: dict[str, TableSpec] = {t.name: t for t in (
    TableSpec("stock-count", "The stock-count bound", 2_000_000, 500_000,
              (CellSpec("king-tut-all-stock", "King Tut stock (24 cards) passes the test",
                        STOCK_COUNT_VARIANT,
                        Published(5.547, "section *Tutenkhamen's Curse*")),),
              kind="stock-count"),
    TableSpec("one-pass", "Thoughtful one-pass Pyramid: the rule options", 100_000, 5_000,
              _one_pass()),
    TableSpec("open", "Open games: the bouquet by pyramid size, and Giza", 1_000_000, 50_000,
              _open()),
    TableSpec("redeal", "Redeals and draw three: Cheops, Tut's Tomb, King Tut, Par Pyramid",
              100_000, 5_000, _redeal()),
    TableSpec("king-tut-52", "King Tut, all 52 cards", 10_000_000, 100_000,
              (CellSpec("king-tut-all", "King Tut, discard all 52",
                        get_variant("king-tut", objective="all"), list_wins=True),)),
)}


# -- chunk summaries ----------------------------------------------------------------------

# Chunks made in session 15 on the `docs` branch before it was rebased and landed: the
# commit each label stood for is gone, but its src/ is exactly that of this main commit
# (checked with git diff; "-dirty" marked edits to the script or the docs only).
REBASED = {"30b73e0": "4c6b4c1", "2bf57f3": "b0a08cb", "fcec77f": "b0a08cb",
           "8a4438c": "b0a08cb", "a95bec4": "4696e90"}


def code_note(codes: Iterable[str]) -> str:
    gone = sorted({c for c in codes if c.split("-")[0] in REBASED})
    if not gone:
        return ""
    return (" " + "; ".join(f"`{c}` ran the `src/` of main's `{REBASED[c.split('-')[0]]}`"
                            for c in gone)
            + " (commits of a branch rebased before it landed; `-dirty`: uncommitted edits "
            "to this script or the docs only).")


def chunk_path(chunks: Path, cell: str, start: int, stop: int) -> Path:
    return chunks / cell / f"{start:011d}-{stop:011d}.json"


def read_chunks(chunks: Path, cell: CellSpec) -> list[dict[str, Any]]:
    """The chunk summaries of a cell, by start; an overlap or a wrong rule set is an
    error naming the files (they would count deals twice)."""
    folder = chunks / cell.key
    out = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        obj = json.loads(path.read_text(encoding="utf-8"))
        if obj.get("format") != FORMAT or obj.get("variant") != cell.variant.options():
            raise SystemExit(f"{path}: not a chunk of {cell.variant.describe()}")
        obj["_path"] = str(path)
        out.append(obj)
    out.sort(key=lambda o: o["start"])
    for a, b in itertools.pairwise(out):
        if b["start"] < a["stop"]:
            raise SystemExit(f"overlapping chunks: {a['_path']} and {b['_path']}")
    return out


def done_prefix(summaries: Sequence[dict[str, Any]]) -> int:
    """The end of the run of chunks that starts at deal 0 without a gap."""
    end = 0
    for s in summaries:
        if s["start"] != end:
            break
        end = s["stop"]
    return end


@dataclass
class ChunkAcc:
    """What one chunk accumulates as its records come in (in any order)."""

    start: int
    stop: int
    tally: Tally = field(default_factory=Tally)
    scores: Counter[int] = field(default_factory=Counter)
    lower_scores: int = 0
    wins: list[tuple[int, str]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return bool(self.tally.deals >= self.stop - self.start)

    def add(self, rec: Record, cell: CellSpec) -> None:
        self.tally.add(rec)
        decided = rec["status"] in ("winnable", "blocked")
        if cell.scores and isinstance(rec.get("score"), int):
            if decided and rec.get("score_bound") in (None, "exact"):
                self.scores[rec["score"]] += 1
            else:
                self.lower_scores += 1
        if cell.list_wins and rec["status"] == "winnable":
            self.wins.append((rec["deal"], " ".join(rec["moves"])))

    def summary(self, table: str, cell: CellSpec, code: str, cpu: float | None,
                wall: float, time_limit: float | None = None) -> dict[str, Any]:
        t = self.tally
        for number, moves in self.wins:  # replayed once more before it is stored
            replay(Deal.from_number(number), cell.variant, parse_moves(moves))
        obj: dict[str, Any] = {
            "format": FORMAT, "table": table, "cell": cell.key, "variant":
                cell.variant.options(), "start": self.start, "stop": self.stop,
            "deals": t.deals, "winnable": t.winnable, "blocked": t.blocked,
            "blocked_by": dict(sorted(t.blocked_by.items())), "unknown": t.unknown,
            "unknown_by": dict(sorted(t.unknown_by.items())),
            "engine_seconds": round(t.engine_seconds, 3),
            "cpu_seconds": None if cpu is None else round(cpu, 3),
            "wall_seconds": round(wall, 3), "code": code, "src": SRC_VERSION[0],
            "time_limit": time_limit,
        }
        if cell.scores:
            obj["scores"] = {str(k): v for k, v in sorted(self.scores.items())}
            obj["scores_lower_bound_only"] = self.lower_scores
        if cell.list_wins:
            obj["wins"] = [{"deal": d, "solution": m} for d, m in sorted(self.wins)]
        return obj


# -- running ------------------------------------------------------------------------------

@dataclass
class RunOptions:
    chunks: Path
    raw: Path
    target: dict[str, int]
    chunk: int | None = None
    max_chunks: int | None = None
    cpu_budget: float | None = None
    workers: int = 1
    scheduler: str | None = None
    time_limit: float | None = None
    quiet: bool = False
    cells: frozenset[str] | None = None  # run only these cells (by key)
    spent: float = 0.0  # CPU seconds used by this run so far

    def over_budget(self) -> bool:
        return self.cpu_budget is not None and self.spent >= self.cpu_budget

    def say(self, text: str) -> None:
        if not self.quiet:
            print(text, file=sys.stderr, flush=True)


def table_target(spec: TableSpec, opts: RunOptions) -> int:
    return opts.target.get(spec.name, opts.target.get("*", spec.target))


def plan_chunks(start: int, target: int, size: int, max_chunks: int | None
                ) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    while start < target and (max_chunks is None or len(out) < max_chunks):
        stop = min(target, start + size)
        out.append((start, stop))
        start = stop
    return out


def make_runner(opts: RunOptions) -> BulkRunner:
    """The local pool, or the Dask cluster's workers (:func:`pyramids.bulk.make_runner`)."""
    return bulk.make_runner(None if opts.scheduler else opts.workers,
                            scheduler=opts.scheduler)


def run_cell(spec: TableSpec, cell: CellSpec, opts: RunOptions, runner: BulkRunner | None,
             code: str) -> int:
    """Analyse the next chunks of one cell; returns how many summaries were written."""
    summaries = read_chunks(opts.chunks, cell)
    start = done_prefix(summaries)
    if summaries and summaries[-1]["stop"] > start:
        opts.say(f"{spec.name}/{cell.key}: chunks after a gap at {start} are ignored "
                 "until the gap is filled")
    chunks = plan_chunks(start, table_target(spec, opts), opts.chunk or spec.chunk,
                         opts.max_chunks)
    if not chunks:
        return 0
    if spec.kind == "stock-count":
        return _count_stock_chunks(spec, cell, chunks, opts, code)
    assert runner is not None
    return _verdict_chunks(spec, cell, chunks, opts, runner, code)


def _count_stock_chunks(spec: TableSpec, cell: CellSpec, chunks: list[tuple[int, int]],
                        opts: RunOptions, code: str) -> int:
    written = 0
    for a, b in chunks:
        if opts.over_budget():
            break
        cpu0, wall0 = time.process_time(), time.perf_counter()
        passed = sum(stock_count(Deal.from_number(n), cell.variant) is None
                     for n in range(a, b))
        cpu = time.process_time() - cpu0
        opts.spent += cpu
        write_json_atomic(chunk_path(opts.chunks, cell.key, a, b), {
            "format": FORMAT, "table": spec.name, "cell": cell.key,
            "variant": cell.variant.options(), "start": a, "stop": b, "deals": b - a,
            "passed": passed, "cpu_seconds": round(cpu, 3),
            "wall_seconds": round(time.perf_counter() - wall0, 3), "code": code,
            "src": SRC_VERSION[0]})
        written += 1
        opts.say(f"{spec.name}/{cell.key} {a}:{b}: {passed} pass ({cpu:.1f} s CPU)")
    return written


def _verdict_chunks(spec: TableSpec, cell: CellSpec, chunks: list[tuple[int, int]],
                    opts: RunOptions, runner: BulkRunner, code: str) -> int:
    """One bulk run over the chunks' range (its raw out file resumable), cut into chunk
    summaries as the records come back."""
    first, last = chunks[0][0], chunks[-1][1]
    source = RangeSource(first, last)
    job = Job(cell.variant, "exact", "auto", opts.time_limit)
    # one raw file per run, named by where it starts: a run interrupted and started again
    # starts at the same place and resumes it, and no run re-reads the records of older ones
    raw = opts.raw / cell.key / f"{first:011d}.jsonl"
    out = OutFile(raw, job, source, resume=True)
    accs = {a: ChunkAcc(a, b) for a, b in chunks}
    starts = [a for a, _ in chunks]
    local = opts.scheduler is None and opts.workers == 1
    cpu0, wall0 = time.process_time(), time.perf_counter()
    written = 0
    records: Iterator[Record] = runner.run(source, job, out)
    try:
        for rec in records:
            key = rec["i"]
            a = max(s for s in starts if s <= key)
            acc = accs[a]
            acc.add(rec, cell)
            if not acc.complete:
                continue
            cpu = time.process_time() - cpu0 if local else None
            wall = time.perf_counter() - wall0
            opts.spent += cpu if cpu is not None else acc.tally.engine_seconds
            write_json_atomic(chunk_path(opts.chunks, cell.key, a, acc.stop),
                              acc.summary(spec.name, cell, code, cpu, wall,
                                          opts.time_limit))
            written += 1
            t = acc.tally
            opts.say(f"{spec.name}/{cell.key} {a}:{acc.stop}: {t.winnable} winnable, "
                     f"{t.blocked} blocked, {t.unknown} unknown "
                     f"({wall:.1f} s{'' if cpu is None else f', {cpu:.1f} s CPU'})")
            del accs[a]
            cpu0, wall0 = time.process_time(), time.perf_counter()
            if not accs or opts.over_budget():
                break
    finally:
        close = getattr(records, "close", None)
        if close is not None:
            close()
    return written


SRC_VERSION = ["unknown"]


def run_tables(names: Sequence[str], opts: RunOptions) -> None:
    code = code_version()
    SRC_VERSION[0] = src_version()
    needs_runner = any(TABLES[n].kind != "stock-count" for n in names)
    runner = make_runner(opts) if needs_runner else None
    try:
        for name in names:
            spec = TABLES[name]
            for cell in spec.cells:
                if opts.cells is not None and cell.key not in opts.cells:
                    continue
                if opts.over_budget():
                    opts.say(f"CPU budget of {opts.cpu_budget:g} s spent: stopping")
                    return
                run_cell(spec, cell, opts, runner, code)
    finally:
        if runner is not None:
            runner.close()


# -- aggregating and rendering -----------------------------------------------------------

@dataclass
class CellResult:
    """A cell's finished prefix of chunks, summed."""

    spec: CellSpec
    target: int
    kind: str = "verdicts"
    deals: int = 0
    winnable: int = 0
    blocked: int = 0
    unknown: int = 0
    passed: int = 0
    blocked_by: Counter[str] = field(default_factory=Counter)
    scores: Counter[int] = field(default_factory=Counter)
    lower_scores: int = 0
    wins: list[dict[str, Any]] = field(default_factory=list)
    cpu_seconds: float = 0.0
    cpu_deals: int = 0  # deals whose chunk measured its CPU time
    engine_seconds: float = 0.0
    codes: set[str] = field(default_factory=set)

    @property
    def complete(self) -> bool:
        return self.deals >= self.target and self.unknown == 0

    @property
    def decided(self) -> int:
        return self.winnable + self.blocked

    def rate(self) -> tuple[float | None, tuple[float, float]]:
        if self.kind == "stock-count":
            if not self.deals:
                return None, (0.0, 1.0)
            return self.passed / self.deals, wilson(self.passed, self.deals)
        if not self.decided:
            return None, (0.0, 1.0)
        return self.winnable / self.decided, wilson(self.winnable, self.decided)

    def seconds_per_deal(self) -> float | None:
        if self.cpu_deals:
            return self.cpu_seconds / self.cpu_deals
        return self.engine_seconds / self.deals if self.deals else None


def aggregate(chunks: Path, spec: TableSpec, cell: CellSpec, target: int) -> CellResult:
    res = CellResult(cell, target, spec.kind)
    summaries = read_chunks(chunks, cell)
    end = done_prefix(summaries)
    for s in summaries:
        if s["stop"] > end:
            break
        res.deals += s["deals"]
        res.codes.add(s["code"])
        if spec.kind == "stock-count":
            res.passed += s["passed"]
        else:
            res.winnable += s["winnable"]
            res.blocked += s["blocked"]
            res.unknown += s["unknown"]
            res.blocked_by.update(s["blocked_by"])
            res.scores.update({int(k): v for k, v in s.get("scores", {}).items()})
            res.lower_scores += s.get("scores_lower_bound_only", 0)
            res.wins += s.get("wins", [])
            res.engine_seconds += s.get("engine_seconds", 0.0)
        if s.get("cpu_seconds") is not None:
            res.cpu_seconds += s["cpu_seconds"]
            res.cpu_deals += s["deals"]
    return res


def pct(x: float | None, digits: int = 2) -> str:
    return "–" if x is None else f"{100 * x:.{digits}f}%"


def n(x: int) -> str:
    return f"{x:,}"


def rate_text(r: CellResult, digits: int | None = None) -> str:
    """``6.03% (5.88–6.18)``: enough decimals to show the interval (more for tiny rates),
    in italics unless the cell is complete."""
    rate, (lo, hi) = r.rate()
    return interval_text(rate, lo, hi, r.complete, digits)


def interval_text(rate: float | None, lo: float, hi: float, final: bool = True,
                  digits: int | None = None) -> str:
    """A rate and its interval as the page writes them, ``6.03% (5.88–6.18)``: enough
    decimals to show the interval (more for tiny rates), in italics unless ``final``."""
    if rate is None:
        return "–"
    if digits is None:
        digits = 2 if hi >= 0.01 else 3 if hi >= 0.001 else 4
    text = f"{pct(rate, digits)} ({100 * lo:.{digits}f}–{100 * hi:.{digits}f})"
    return text if final else f"*{text}*"


def progress_text(r: CellResult) -> str:
    if r.deals >= r.target:
        return n(r.deals)
    return f"{n(r.deals)} of {n(r.target)} so far"


def status_note(r: CellResult) -> str:
    if r.unknown:
        return f"incomplete: {n(r.unknown)} unknown"
    if r.deals < r.target:
        return "provisional" if r.deals else "not run yet"
    return "final"


def compare_sentence(r: CellResult, table: str) -> str:
    """Where the project's figure and the seed article's differ, say so and why."""
    pub = r.spec.published
    rate, _ = r.rate()
    if pub is None or rate is None:
        return ""
    p = pub.rate
    fig = f"the article's {100 * p:.2f}%"
    state = "" if r.complete else "; provisional, on the deals so far"
    if agrees(r, pub):
        return f"agrees with {fig} (the 95% intervals overlap{state})"
    state = f" ({state[2:]})" if state else ""
    if table == "one-pass":
        if p < rate:  # why: ONE_PASS_ABOVE, said once under the table
            return f"above {fig}{state}, {rate / p:.2f} times it"
        why = ("the project forces the pair the moment it shows (docs/rules.md, reading "
               "7), a stricter reading than the programs the article describes, which "
               "can only lower the rate"
               if r.spec.variant.stock_waste == "automatic"
               else "unexpected for a lower bound: to be looked into")
        return f"below {fig}{state}: {why}"
    side = "above" if p < rate else "below"
    return (f"{side} {fig}{state}, outside the sampling error of both: to be looked "
            "into")


#: Why an exact one-pass figure can stand above the article's (said once under the table).
ONE_PASS_ABOVE = ("Where a figure here is above the article's, the article does not say why: "
                  "it gives its solver's counts (thoughtful play, the order of the stock "
                  "known, one sample of a million deals) and not what that solver did with "
                  "a deal it could not settle. That its one-pass searches stopped on some "
                  "hard deals and counted them as losses, which would make its one-pass "
                  "figures lower bounds, is not in the article: it is what the notes listing "
                  "the project's source documents say, without evidence, so here it is a "
                  "guess. It is the guess the rows above fit (exact figures at or above a "
                  "lower bound, while the open games, which a search settles far more "
                  "easily, agree with the article within sampling error), but they do not "
                  "prove it: a difference of rules the article does not describe would "
                  "show the same way. Every deal here was settled: the winnable ones with "
                  "a solution the referee replayed, the blocked ones with a certificate.")


def published_interval(pub: Published) -> tuple[float, float]:
    """The article's 95% Wilson interval when it gives counts, else its rounding."""
    if pub.wins is not None and pub.deals:
        lo, hi = wilson(pub.wins, pub.deals)
        return lo, hi
    half = 0.0005 / 100  # a rate given to three decimals of a percent
    return pub.rate - half, pub.rate + half


def agrees(r: CellResult, pub: Published) -> bool:
    """Do the project's and the article's 95% intervals overlap?"""
    rate, (lo, hi) = r.rate()
    if rate is None:
        return False
    plo, phi = published_interval(pub)
    return lo <= phi and plo <= hi


def cert_cells(r: CellResult) -> list[str]:
    return [n(r.blocked_by.get(k, 0)) for k in CERT_KINDS]


#: Small counts written as words.
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def owner_of(key: str) -> str:
    """The table a cell's deals are counted in when several tables show it: the one with
    the largest target (its other tables show the same chunks)."""
    return max((t for t in TABLES.values() if any(c.key == key for c in t.cells)),
               key=lambda t: t.target).name


def render_shared(name: str, results: list[CellResult]) -> list[str]:
    """Say under a table which of its rows is another table's cell, shown here too."""
    lines = []
    for r in results:
        owner = owner_of(r.spec.key)
        if owner != name:
            lines += ["", f"The row *{r.spec.label}* is the cell of the table *"
                      f"{TABLES[owner].title}* below (one set of chunks serves both), so it "
                      f"shows every deal of that cell, {n(r.deals)}, not this table's "
                      f"{n(r.target)}; its cost is counted once, on that table's line of "
                      "the last section."]
    return lines


def render_verdict_table(spec: TableSpec, results: list[CellResult]) -> list[str]:
    head = ["rule set", "deals", "winnable", *CERT_KINDS, "unknown", "win rate (95% CI)",
            "seed article", "status"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    notes = []
    for r in results:
        pub = r.spec.published
        pub_text = "–" if pub is None else f"{100 * pub.rate:.2f}%"
        lines.append("| " + " | ".join([
            r.spec.label, progress_text(r), n(r.winnable), *cert_cells(r), n(r.unknown),
            rate_text(r), pub_text, status_note(r)]) + " |")
        sentence = compare_sentence(r, spec.name)
        if sentence and r.deals:
            notes.append(f"- {r.spec.label}: {sentence}.")
    lines.append("")
    lines.append("Win rate over decided deals (winnable + blocked), 95% Wilson interval in "
                 "brackets; blocked deals by the kind of certificate that proved them. "
                 "*Italic* rates are provisional (fewer deals than the target, or unknown "
                 "verdicts). Seed article column: " + _where(results) + ".")
    if notes:
        lines += ["", *notes]
    if spec.name == "one-pass" and any(" times it" in note for note in notes):
        lines += ["", ONE_PASS_ABOVE]
    return lines


def _where(results: list[CellResult]) -> str:
    where = sorted({r.spec.published.where for r in results if r.spec.published})
    return ("Keller and Masten, *Pyramid and Giza*: " + "; ".join(where)) if where else \
        "no published figure"


def render_open_extra(results: list[CellResult]) -> list[str]:
    """The bouquet's four-complement blocks beside the article's simple blocks."""
    lines = ["", "Four-complement blocks (a card under all four of its partners) in the "
             "open bouquet, beside the article's *simple blocks* over 100,000,000 deals:", "",
             "| rule set | four-complement (project) | share | article's simple blocks | "
             "share |", "|---|---|---|---|---|"]
    for r in results:
        pub = r.spec.published
        if pub is None or pub.simple_blocks is None or not r.deals:
            continue
        fc = r.blocked_by.get("four-complement", 0)
        lines.append(f"| {r.spec.label} | {n(fc)} | {pct(fc / r.deals)} | "
                     f"{n(pub.simple_blocks)} | {pct(pub.simple_blocks / (pub.deals or 1))} |")
    return lines


def render_par(r: CellResult) -> list[str]:
    if not r.scores:
        return []
    total = sum(r.scores.values())
    mean = sum(k * v for k, v in r.scores.items()) / total
    # 50: all 52 cards gone in the first pass. 35 and 20 are the best scores of a deal
    # whose pyramid is first cleared in the second or third pass (every card gone), but a
    # score can also come from an earlier pass with cards left (50 - 15 = 35)
    bands: list[tuple[str, Callable[[int], bool]]] = [
        ("50", lambda s: s == 50), ("36 to 49", lambda s: 36 <= s <= 49),
        ("35", lambda s: s == 35), ("21 to 34", lambda s: 21 <= s <= 34),
        ("20", lambda s: s == 20), ("1 to 19", lambda s: 1 <= s <= 19),
        ("0 or less", lambda s: s <= 0)]
    lines = ["", f"Best Par score over {n(total)} deals whose best score is proved"
             + ("" if r.complete else " (provisional)") + f": mean {mean:.2f}, "
             f"median {_median(r.scores)}.", "", "| best score | deals | share |",
             "|---|---|---|"]
    lines += [f"| {label} | {n(c)} | {pct(c / total)} |"
              for label, test in bands
              for c in [sum(v for k, v in r.scores.items() if test(k))]]
    lines += ["", "50 means all 52 cards went in the first pass; 35 and 20 are the best a "
              "deal can score when its pyramid is first cleared in the second or third pass "
              "(every card gone by the end), though the same totals can also come from an "
              "earlier pass with cards left over (50 − 15 = 35). A pyramid never cleared "
              "scores minus the cards left."]
    missing = r.decided - total - r.lower_scores
    if missing:
        many = missing != 1
        lines.append(f"\n{n(missing)} decided deal{'s' if many else ''} "
                     f"carr{'y' if many else 'ies'} no best score: blocked "
                     "by an instant certificate, on which the bulk runner (`bulk.analyse`) "
                     "does not run the engines even under Par scoring. Their pyramid can "
                     "never be cleared, so their scores are negative: leaving them out makes "
                     "the distribution above lean high. Those chunks are to be run again once "
                     "the runner scores them.")
    if r.lower_scores:
        lines.append(f"\n{n(r.lower_scores)} deals have only a lower bound on their best "
                     "score (a limit was hit) and are left out of the distribution.")
    return lines


def render_crosschecks(all_results: dict[str, list[CellResult]]) -> list[str]:
    """Two cells that count the same deals another way, each settled by another engine's
    policy (Par: CP-SAT first; Cheops and one-pass Pyramid: the search first): Par
    Pyramid's winnable deals are Cheops' (the same game, three passes, all 52 cards), and
    every one-pass win scores 50 under Par (all 52 gone in the first pass), so Par's
    50s are at least the one-pass wins. Said only over the same deals (from deal 0)."""
    cells = {r.spec.key: r for rs in all_results.values() for r in rs}
    par, cheops = cells.get("par-pyramid"), cells.get("cheops")
    one = cells.get("pyramid-all-noov-allowed")
    lines = []
    if par and cheops and par.deals and par.deals == cheops.deals and not (
            par.unknown or cheops.unknown):
        same = par.winnable == cheops.winnable
        lines.append(
            f"- Par Pyramid can be won (all 52 cards gone) on {n(par.winnable)} of its "
            f"{n(par.deals)} deals and Cheops, the same game without the score, on "
            f"{n(cheops.winnable)}: " + ("the same count, from two runs that ask different "
                                         "engines first." if same else
                                         "the counts differ: to be looked into."))
    if par and cheops and par.deals and par.deals == cheops.deals and not (
            par.unknown or cheops.unknown) and par.blocked == cheops.blocked:
        used = {k: v for k in CERT_KINDS if (v := cheops.blocked_by.get(k, 0))}
        kinds = ", ".join(f"{k} {n(v)}" for k, v in used.items())
        count = ("one kind" if len(used) == 1 else
                 f"{NUMBER_WORDS.get(len(used), str(len(used)))} kinds")
        par_only = set(par.blocked_by) == {"exhaustive"}
        lines.append(
            f"- The {n(par.blocked)} deals Par Pyramid cannot win are Cheops' "
            f"{n(cheops.blocked)} (the same deals: a Par win is a Cheops win). Cheops' are "
            f"proved by {count} of certificate ({kinds}), Par's "
            + ("all by exhaustive ones" if par_only else
               "by " + ", ".join(f"{k} {n(v)}" for k, v in sorted(par.blocked_by.items())))
            + ": under Par scoring the instant and structural tests are skipped, because "
            "the best score is wanted even for a deal that cannot be won (docs/rules.md, "
            "*Par scoring*), so an engine plays every such deal out, and what it proves "
            "covers every line of play: mostly CP-SAT's proof that the best score is below "
            "what any win would score, else a proof that no line discards all 52 cards "
            "(both `exhaustive`).")
    if par and one and par.deals and par.deals == one.deals and not (
            par.unknown or one.unknown or par.lower_scores):
        fifty = par.scores.get(50, 0)
        if fifty == one.winnable:
            how = ("exactly as many, so they are the same deals: each deal that can score "
                   "50 can be won in one pass.")
        elif fifty > one.winnable:
            how = ("more: on the rest the pyramid goes in the first pass and the last "
                   "stock cards in a later one.")
        else:
            how = "fewer, which cannot be: to be looked into."
        lines.append(
            f"- Best Par score 50 on {n(fifty)} deals; one-pass Pyramid (discard all 52, "
            f"no overlap) is won on {n(one.winnable)} of the same deals, each of which "
            f"scores 50: {how}")
    return ["", "Cross-checks between cells:", "", *lines] if lines else []


def _median(scores: Counter[int]) -> int:
    total = sum(scores.values())
    seen = 0
    for k in sorted(scores):
        seen += scores[k]
        if 2 * seen >= total:
            return k
    return 0


def render_stock_count(r: CellResult) -> list[str]:
    exact = stock_count_fraction(7)
    rate, (lo, hi) = r.rate()
    inside = rate is not None and lo <= float(exact) <= hi
    lines = [
        "The stock-count test (docs/rules.md, *Thoughtful play and verdicts*): when stock "
        "cards can never be discarded together (draw 3, or stock-waste forbidden) and all 52 "
        "cards must go, no rank pair may have more than 4 of its 8 cards among the 24 of "
        "the stock. The share of deals that pass it bounds the win rate of King Tut played "
        "to discard all 52.", "",
        "| figure | value |", "|---|---|",
        f"| exact share, combinatorial (`pyramids.answers.bounds.stock_count_fraction`) | "
        f"{exact.numerator:,}/{exact.denominator:,} = **{100 * float(exact):.4f}%** |",
        f"| passing stocks / all stocks | {stock_count_passing(24):,} / "
        f"{math.comb(52, 24):,} |",
        f"| counted over deal numbers (`certificates.stock_count`) | {n(r.passed)} pass of "
        f"deals 0 to {n(r.deals - 1) if r.deals else '–'}"
        f"{'' if r.deals >= r.target else f' ({n(r.target)} planned)'}: "
        f"{rate_text(r, 3)} |",
        "| seed article | 5.547% (a combinatorial calculation), and \"slightly above "
        "5.5 percent\" in a simulation of two million deals |", "",
        f"The exact share {100 * float(exact):.3f}% confirms the article's 5.547%. "
        + ("The count over deal numbers agrees with it within its 95% interval."
           if inside else "The count over deal numbers is outside the 95% interval of the "
           "exact share: to be looked into." if rate is not None else ""),
    ]
    return lines


def render_wins(r: CellResult, wins_file: Path) -> list[str]:
    if not r.deals:
        return []
    lines = ["", f"Fully winnable deals found: **{n(r.winnable)}** among the first "
             f"{n(r.deals)} deals (target {n(r.target)}: {status_note(r)}); the win rate is "
             f"{rate_text(r, 4)}."]
    if r.wins:
        first = r.wins[0]["deal"]
        lines += ["", "The seed article (section *Tutenkhamen's Curse*) asks whether anyone "
                  "has \"a deal number\" of King Tut (Pretty Good Solitaire's game, whose deal "
                  "numbers are that program's own) that can be won by discarding all 52 "
                  "cards, and sets a ceiling on the win rate: it \"can't imagine the win rate "
                  "being more than about half a percent, and perhaps much less\". There are "
                  f"such deals. The numbers here are this project's deal numbers "
                  "(docs/rules.md, *Deal numbers*), not Pretty Good Solitaire's, which this "
                  f"project cannot deal: deal {first} is the first, and each deal below "
                  "comes with a solution the referee has replayed (`pyramids replay "
                  f"{first} -V king-tut --objective all MOVES...`). The rate is far under "
                  "the article's ceiling: the stock-count test alone leaves "
                  f"{100 * float(stock_count_fraction(7)):.2f}% of deals, and nearly "
                  "all of those are blocked all the same (the table above says by what)."]
    if r.wins:
        lines += ["", "| deal | solution (replayed by the referee) |", "|---|---|"]
        lines += [f"| {w['deal']} | `{w['solution']}` |" for w in r.wins[:20]]
        if len(r.wins) > 20:
            lines.append(f"\n…and {len(r.wins) - 20} more in `{wins_file}`.")
    lines += ["", f"Every deal found is listed, one number a line, in `{wins_file}`. Every one "
              "of them is graded in the collection the book can print as bonus puzzles: "
              f"`pyramids generate -V king-tut --objective all --deals docs/{wins_file} "
              "--grade any --count 1000 --out src/pyramids/data/puzzles/king-tut.jsonl`."]
    return lines


def plan_lines(all_results: dict[str, list[CellResult]]) -> list[str]:
    lines = ["| table | deals done | deals to go | CPU ms per deal, by cell (measured) | "
             "CPU-hours to go |", "|---|---|---|---|---|"]
    for name, results in all_results.items():
        results = [r for r in results if owner_of(r.spec.key) == name]
        done = sum(min(r.deals, r.target) for r in results)
        togo = sum(max(0, r.target - r.deals) for r in results)
        hours, unmeasured = 0.0, 0
        for r in results:
            spd = r.seconds_per_deal()
            if spd is None:
                unmeasured += max(0, r.target - r.deals)
            else:
                hours += spd * max(0, r.target - r.deals) / 3600
        rates = [x for x in (r.seconds_per_deal() for r in results) if x is not None]
        rate_txt = ("–" if not rates else f"{1000 * min(rates):.2g} to {1000 * max(rates):.2g}"
                    if len(rates) > 1 else f"{1000 * rates[0]:.2g}")
        h = f"{hours:,.2f}" + (f" + {n(unmeasured)} deals not measured yet" if unmeasured
                                else "")
        lines.append(f"| {name} | {n(done)} | {n(togo)} | {rate_txt} | {h} |")
    return lines


PYSOLFC_GAMES = (("pysolfc-pyramid", "Pyramid", 38), ("pysolfc-relaxed-pyramid",
                 "Relaxed Pyramid", 193), ("pysolfc-giza", "Giza", 592),
                 ("pysolfc-king-tut", "King Tut", 681))
PYSOLFC_TARGET = 50_000  # seeds per game (scripts/make_pysolfc_seeds.py --target)


def chunk_counts(cs: Sequence[dict[str, Any]]) -> tuple[int, int, int, int, Counter[str]]:
    """``make_pysolfc_seeds.py``'s chunks added up: games, winnable, blocked, unknown and
    the blocked games by certificate."""
    certs: Counter[str] = Counter()
    for c in cs:
        certs.update(c["certificates"])
    return (sum(c["games"] for c in cs), sum(c["winnable"] for c in cs),
            sum(c["blocked"] for c in cs), sum(c["unknown"] for c in cs), certs)


def render_pysolfc(root: Path) -> list[str]:
    """The section on PySolFC's games from ``scripts/make_pysolfc_seeds.py``'s chunk
    files under ``root`` (``GAME/START-STOP.json``); nothing when there are none."""
    rows = []
    for game, name, gid in PYSOLFC_GAMES:
        cs = [json.loads(p.read_text(encoding="utf-8")) for p in (root / game).glob("*.json")]
        if not cs:
            continue
        games, wins, blocked, unknown, certs = chunk_counts(cs)
        lo, hi = wilson(wins, wins + blocked)
        first = min(c["start"] for c in cs)
        last = max(c["stop"] for c in cs) - 1
        cpu = sum(c["cpu_seconds"] for c in cs)
        rate = f"{100 * wins / (wins + blocked):.2f}% ({100 * lo:.2f}–{100 * hi:.2f})"
        if wins < PYSOLFC_TARGET or unknown:
            rate = f"*{rate}*"
        state = "final" if wins >= PYSOLFC_TARGET and not unknown else \
            f"{n(wins)} of {n(PYSOLFC_TARGET)} seeds"
        rows.append(f"| {name} ({gid}) | `{game}` | {first}–{last} | {n(games)} | {n(wins)} | "
                    f"{n(blocked)} | " + ", ".join(f"{k} {n(v)}" for k, v in sorted(
                        certs.items())) + f" | {unknown} | {rate} | "
                    f"{1000 * cpu / games:.2f} | {state} |")
    if not rows:
        return []
    return [
        "", "## PySolFC's games", "",
        "PySolFC's Pyramid family under PySolFC's own rules (the `pysolfc-*` presets, "
        "docs/rules.md, *PySolFC's games*), over PySolFC's game numbers from 32000 up, "
        "dealt as PySolFC deals them. The winnable games are the shipped solvable-seed "
        "lists, `src/pyramids/data/pysolfc_seeds/` (each proved with a solution the referee "
        "replayed); chunk records under `results/pysolfc/`, made by "
        "`python scripts/make_pysolfc_seeds.py run GAME` (one worker, chunks of 10,000 "
        "games, resumable) and `... assemble`.", "",
        "| game | preset | games | tried | winnable | blocked | blocked by | unknown | "
        "win rate (95% CI) | CPU ms per game | state |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
        *rows, "",
        "PySolFC's Pyramid has the rules of the project's `cheops` preset (not PySolFC's "
        "own Cheops, game 659, another game) and its Giza those of the project's Giza, "
        "on other deals: their rates above agree with the Cheops and Giza 8x3 rows of "
        "this page within the intervals. The three games with a talon were settled "
        "again under the presets of issue 31 (the face-up talon, automatic deals, lines "
        "in PySolFC's clicks): the same winnable games, chunk for chunk; their CPU "
        "figures were measured beside other jobs (nice 15, 2 shared cores), as much as "
        "3 to 7 times those of the first runs on a quiet machine.",
        *render_pysolfc_grades(root),
        *render_pysolfc_family(root),
    ]


FAMILY_SEEDS_TARGET = 20_000  # games settled per list (issue 41: a solvable-seed list)


def render_pysolfc_family(root: Path) -> list[str]:
    """The seed lists of PySolFC's ten other pyramid games (``make_pysolfc_seeds.py``'s
    chunks ``GAME/START-STOP.json`` and ``GAME/grades/*.json`` under ``root``): what each
    run settled, and how the graded seeds spread; nothing when there are none."""
    from pyramids.core.rules import GAMES
    from pyramids.generator.family_grading import THRESHOLDS as FAMILY_THRESHOLDS

    rows, grade_rows = [], []
    for game, rules in GAMES.items():
        cs = [json.loads(p.read_text(encoding="utf-8")) for p in (root / game).glob("*.json")]
        if not cs:
            continue
        games, wins, blocked, unknown, certs = chunk_counts(cs)
        lo, hi = wilson(wins, wins + blocked)
        rate = f"{100 * wins / (wins + blocked):.2f}% ({100 * lo:.2f}–{100 * hi:.2f})"
        if unknown:
            rate += " of the settled"
        settled = wins + blocked
        if settled < FAMILY_SEEDS_TARGET or unknown:
            rate = f"*{rate}*"
        # CPU only where a chunk ran in one process (with -j N the workers' CPU is elsewhere)
        alone = [c for c in cs if c.get("workers", 1) == 1]
        cpu_games = sum(c["games"] for c in alone)
        cpu = (f"{1000 * sum(c['cpu_seconds'] for c in alone) / cpu_games:.2f}"
               if cpu_games else "–")
        if alone and cpu_games < games:
            cpu += f" (over {n(cpu_games)} games run in one process)"
        state = ("target met" if settled >= FAMILY_SEEDS_TARGET
                 else f"{n(settled)} of {n(FAMILY_SEEDS_TARGET)} settled")
        first = min(c["start"] for c in cs)
        last = max(c["stop"] for c in cs) - 1
        by = " / ".join(n(certs.get(k, 0)) for k in ("exhaustive", "partners")) + "".join(
            f"; {k} {n(v)}" for k, v in sorted(certs.items())
            if k not in ("exhaustive", "partners"))  # free-talon (Apophis), stock-count
        rows.append(f"| {rules.title} ({rules.pysolfc}) | `{game}` | {first}–{last} | "
                    f"{n(games)} | {n(wins)} | {n(blocked)} ({by}) | {n(unknown)} | {rate} | "
                    f"{cpu} | {state} |")
        gs = [json.loads(p.read_text(encoding="utf-8"))
              for p in (root / game / "grades").glob("*.json")]
        th = FAMILY_THRESHOLDS.get(game)
        if not gs or th is None:
            continue
        seeds = sum(len(g["seeds"]) for g in gs)
        got = [grade_of(float(x), th) for g in gs for x in g["scores"] if x is not None]
        count = {k: got.count(k) for k in ("easy", "medium", "hard", "expert")}
        tried = sum(g["stop"] - g["start"] for g in gs)
        gcpu = sum(g["cpu_seconds"] for g in gs)
        grade_rows.append(
            f"| {rules.title} ({rules.pysolfc}) | {min(g['start'] for g in gs)}–"
            f"{max(g['stop'] for g in gs) - 1} | {n(tried)} | {n(seeds)} | "
            + " | ".join(n(v) for v in count.values())
            + f" | {seeds - sum(count.values())} | {th[0]:g} / {th[1]:g} / {th[2]:g} | "
            f"{gcpu / seeds:.2f} |")
    if not rows:
        return []
    lines = [
        "", "### PySolFC's ten other pyramid games", "",
        "The same lists for the games of `core.rules.GAMES` (docs/usage.md, *Seed lists for "
        "PySolFC's ten other pyramid games*): each game settled by "
        "`answers.family.check_game` (the general search), at most 1,000,000 positions a "
        "game (a game it leaves `unknown` is counted, never listed), from 32000 up; chunks "
        "under `results/pysolfc/GAME/`, made by `python scripts/make_pysolfc_seeds.py run "
        "GAME` on the shared build machine (2 cores, loaded by other work: wall times 5 to "
        "10 times the CPU times), or imported from a 100,000-game `pyramids stats` run's "
        "records (`make_pysolfc_seeds.py import GAME RECORDS`: Triangle and Eleven "
        "Triangle, engine auto, every line replayed again; their CPU is in those runs' rows "
        "below). A list's target is 20,000 games settled; a rate with "
        "unknowns is of the settled games (a winnable game is found sooner than a blocked "
        "one is proved, so the unknowns are likelier blocked) and in *italics*.", "",
        "| game | preset | games | tried | winnable | blocked (exhaustive / partners) | "
        "unknown | win rate (95% CI) | CPU ms per game | state |",
        "|---|---|---|---|---|---|---|---|---|---|",
        *rows,
    ]
    if grade_rows:
        lines += [
            "", "Graded with `pyramids.generator.family_grading` (deterministic; each game's "
            "thresholds the 40th, 70th and 90th percentiles of the scores of its graded "
            "seeds, `python scripts/make_pysolfc_seeds.py thresholds GAME`, kept in "
            "`family_grading.THRESHOLDS`), one list per grade beside the full one:", "",
            "| game | games | tried | solvable seeds | easy | medium | hard | expert | "
            "ungraded | thresholds (medium / hard / expert from) | CPU s per seed |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
            *grade_rows,
        ]
    return lines


FAMILY_TARGET = 100_000  # games per row (issue 41: a win-rate row over >= 100,000 deals)


FAMILY_SUMS = ("deals", "winnable", "blocked", "unknown", "engine_seconds")


def chained_family(folder: Path) -> dict[str, Any] | None:
    """One game's chunk summaries (``scripts/family_run.py``: ``pyramids stats --json`` over
    ``pysolfc:A:B``, one file a chunk) added up from game 1 for as long as each chunk starts
    where the one before stopped and plays the same engine and node limit: a gap or a
    changed setting ends the row there. ``None`` when there is no chunk from game 1."""
    chunks: dict[int, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.json")):
        s = json.loads(path.read_text(encoding="utf-8"))
        start, stop = (int(x) for x in s["source"].split(":")[1:3])
        chunks[start] = s | {"file": path.name, "stop": stop}
    parts: list[dict[str, Any]] = []
    start = 1
    while start in chunks:
        s = chunks[start]
        if parts and (s["engine"], s["node_limit"]) != (parts[0]["engine"],
                                                        parts[0]["node_limit"]):
            break
        parts.append(s)
        start = s["stop"]
    if not parts:
        return None
    total: dict[str, Any] = {k: sum(p[k] for p in parts) for k in FAMILY_SUMS}
    blocked_by: Counter[str] = Counter()
    for p in parts:
        blocked_by.update(p["blocked_by"])
    files = (f"{folder.name}/{parts[0]['file']}" if len(parts) == 1 else
             f"{folder.name}/{parts[0]['file']} … {parts[-1]['file']} ({len(parts)} chunks)")
    return total | {"variant": parts[0]["variant"], "blocked_by": dict(blocked_by),
                    "node_limit": parts[0]["node_limit"], "source": f"pysolfc:1:{start}",
                    "file": f"chunks/{files}"}


#: ``pyramids stats``'s default node limit for PySolFC's games (a row run with another says so)
FAMILY_NODE_LIMIT = 1_000_000


def render_family(root: Path) -> list[str]:
    """The section on PySolFC's ten other pyramid games from the ``pyramids stats --json``
    summaries under ``root`` (``docs/results/family/*.json``, and the chunks under
    ``chunks/GAME/`` added up): per game, the summary over the most games; nothing when
    there are none."""
    from pyramids.core.rules import GAMES

    best: dict[str, dict[str, Any]] = {}
    for path in sorted(root.glob("*.json")):
        s = json.loads(path.read_text(encoding="utf-8"))
        game = s.get("variant")
        if game in GAMES and s["deals"] > best.get(game, {"deals": -1})["deals"]:
            best[game] = s | {"file": path.name}
    for game in GAMES:
        s = chained_family(root / "chunks" / game)
        if s is not None and s["deals"] > best.get(game, {"deals": -1})["deals"]:
            best[game] = s
    rows = []
    for game, rules in GAMES.items():
        s = best.get(game)
        if s is None:
            continue
        wins, blocked, unknown = s["winnable"], s["blocked"], s["unknown"]
        lo, hi = wilson(wins, wins + blocked) if wins + blocked else (0.0, 0.0)
        rate = (f"{100 * wins / (wins + blocked):.2f}% ({100 * lo:.2f}–{100 * hi:.2f})"
                if wins + blocked else "–")
        final = s["deals"] >= FAMILY_TARGET and not unknown
        if not final:
            rate = f"*{rate}*"
        first, stop = (int(x) for x in s["source"].split(":")[1:3])
        by = ", ".join(f"{k} {n(v)}" for k, v in sorted(s["blocked_by"].items()))
        state = "final" if final else f"{n(s['deals'])} of {n(FAMILY_TARGET)} games" + (
            f", {n(unknown)} unknown" if unknown else "")
        limit = s.get("node_limit", FAMILY_NODE_LIMIT)
        if limit != FAMILY_NODE_LIMIT:
            state += f"; node limit {n(limit)}"
        rows.append(f"| {rules.title} ({rules.pysolfc}) | `{game}` | {first}–{stop - 1} | "
                    f"{n(s['deals'])} | {n(wins)} | {n(blocked)} | {by} | {n(unknown)} | "
                    f"{rate} | {1000 * s['engine_seconds'] / s['deals']:.2f} | {state} | "
                    f"`{s['file']}` |")
    if not rows:
        return []
    return [
        "", "## Win rates of PySolFC's ten other pyramid games", "",
        "The games of PySolFC's `pyramid.py` that are not the classic Pyramid (docs/rules.md, "
        "*PySolFC's ten other pyramid games*; docs/pysolfc-games.md), over PySolFC's game "
        "numbers from 1, dealt as PySolFC deals them (1 to 31999 are its FreeCell-compatible "
        "numbers). Each game settled by the engine `auto`: the general search "
        "(`engines/pairs`), then on a deal it leaves at its limit CP-SAT (or, for "
        "Apophis, which CP-SAT does not state, the search cut by the free-talon test): "
        "*winnable* with a line `core.board` replayed, *blocked* with a certificate "
        "(`partners`, `stock-count`, `free-talon`) or an exhausted search; each deal's "
        "search bounded by `--node-limit` (default 1,000,000 positions; a row run with "
        "another says so), an *unknown* when every engine runs out. Rows "
        "from the `pyramids stats --json` summaries in `results/family/` (a slow game's "
        "in chunks, `results/family/chunks/GAME/`, added up from game 1; commands, "
        "machine and CPU in its README); a row short of 100,000 games or with unknowns is "
        "in *italics*.", "",
        "| game | preset | games | tried | winnable | blocked | blocked by | unknown | "
        "win rate (95% CI) | engine CPU ms per game | state | summary |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
        *rows,
    ]


def render_pysolfc_grades(root: Path) -> list[str]:
    """The graded seeds (``make_pysolfc_seeds.py grade``'s ``GAME/grades/*.json``): how
    the solvable seeds of the games graded so far spread over the grades."""
    grades = ("easy", "medium", "hard", "expert")
    rows = []
    for game, name, gid in PYSOLFC_GAMES:
        cs = [json.loads(p.read_text(encoding="utf-8"))
              for p in (root / game / "grades").glob("*.json")]
        if not cs:
            continue
        seeds = sum(len(c["seeds"]) for c in cs)
        # each seed's grade from its score and the game's thresholds, as the lists have it
        th = thresholds_for(get_variant(game))
        got = [grade_of(float(x), th) for c in cs for x in c["scores"] if x is not None]
        count = {g: got.count(g) for g in grades}
        ungraded = seeds - sum(count.values())
        first = min(c["start"] for c in cs)
        last = max(c["stop"] for c in cs) - 1
        games = sum(c["stop"] - c["start"] for c in cs)
        cpu = sum(c["cpu_seconds"] for c in cs)
        rows.append(f"| {name} ({gid}) | {first}–{last} | {n(games)} | {n(seeds)} | "
                    + " | ".join(f"{n(count[g])} ({100 * count[g] / seeds:.1f}%)"
                                 for g in grades)
                    + f" | {ungraded} | {th[0]:g} / {th[1]:g} / {th[2]:g} | "
                    f"{cpu / seeds:.2f} |")
    if not rows:
        return []
    return [
        "", "### Graded seeds, for a harder mode", "",
        "The solvable seeds of these games graded as `pyramids grade` grades a deal "
        "(deterministic; the thresholds are those `pyramids.generator.grading` gives the "
        "preset: for PySolFC's Giza the project's Giza thresholds, the same rules, drawn "
        "at the 40th, 70th and 90th percentiles of Giza's winnable deals, "
        "src/pyramids/data/puzzles/README.md; for the other three their own, the 40th, 70th "
        "and 90th percentiles of the scores of the seeds graded here, "
        "`python scripts/make_pysolfc_seeds.py thresholds GAME`), one list per grade "
        "shipped beside the full one "
        "(`src/pyramids/data/pysolfc_seeds/NAME_GRADE_solvable_seeds.py`); made by "
        "`python scripts/make_pysolfc_seeds.py grade GAME` (resumable, parts of 5,000 "
        "games; Giza's of 10,000) and `... assemble`. "
        "The three games with a talon were graded on 2026-11-25 under the clicks presets "
        "(CPU per seed measured beside other jobs on 2 shared cores); their grades split "
        "the seeds 40/30/20/10 by construction, their thresholds being those percentiles "
        "of the same seeds. Relaxed Pyramid's are low: it is won by clearing the pyramid "
        "alone, which leaves most of its seeds easy for the grading player (93% fell "
        "below the stock games' fallback thresholds).", "",
        "| game | games | tried | solvable seeds | easy | medium | hard | expert | ungraded "
        "| thresholds (medium / hard / expert from) | CPU s per seed |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
        *rows,
    ]


def render(out_dir: Path, chunks: Path, targets: dict[str, int], names: Sequence[str],
           figures: bool = True) -> Path:
    """Write ``results.md`` (and figures) under ``out_dir`` from the chunk summaries."""
    all_results: dict[str, list[CellResult]] = {}
    for name in names:
        spec = TABLES[name]
        target = targets.get(name, targets.get("*", spec.target))
        all_results[name] = [aggregate(chunks, spec, c, target) for c in spec.cells]
    rel = os.path.relpath(chunks, out_dir)
    figs = make_figures(out_dir, all_results) if figures else {}
    lines = [
        "# Exact win rates for the Pyramid family", "",
        "Made by `python scripts/make_results.py` from the chunk summaries under "
        f"`{rel}/` (one small JSON file per finished chunk of deals). Each deal was "
        "settled exactly: *winnable* with a solution the referee replayed, or *blocked* "
        "with a certificate (docs/rules.md, *Thoughtful play and verdicts*). Unknown "
        "verdicts are counted apart and never in a rate; a row with unknowns, or with "
        "fewer deals than its target, is marked and its rate shown in *italics*. Deals are "
        "numbered from 0 (docs/rules.md, *Deal numbers*), so anyone can check any of them "
        "with `pyramids check N`. The code version that made each table's chunks is "
        "written under it.",
    ]
    for name, results in all_results.items():
        spec = TABLES[name]
        lines += ["", f"## {spec.title}", ""]
        if spec.kind == "stock-count":
            lines += render_stock_count(results[0])
        else:
            lines += render_verdict_table(spec, results)
            if name == "open":
                lines += render_open_extra(results)
            for r in results:
                if r.spec.scores:
                    lines += render_par(r)
            lines += render_shared(name, results)
            if name == "redeal":
                lines += render_crosschecks(all_results)
            if name == "king-tut-52":
                lines += render_wins(results[0], Path(rel).parent / "king-tut-all-wins.txt")
        for key in FIGURES_OF.get(name, ()):
            if key in figs:
                lines += ["", f"![{FIGURE_TITLES[key]}]({figs[key]})"]
        table_codes = sorted({c for r in results for c in r.codes})
        lines += ["", "Code version of these chunks (`git describe`): "
                  + (", ".join(f"`{c}`" for c in table_codes) or "none yet") + "."
                  + code_note(table_codes)]
        lines += ["", f"Full run: `python scripts/make_results.py --tables {name}` "
                  f"(targets: {_targets_text(results)}; chunks of "
                  f"{n(spec.chunk)} deals; add `--scheduler tcp://HOST:PORT` for a Dask "
                  "cluster). Resumes from the committed chunks."]
    lines += render_msc_goals(Path(rel).parent / "msc-goals", out_dir)
    lines += render_msc_run(chunks.parent / "msc-goals-run", out_dir, figures)
    if "collections" in figs:
        coll = collection_scores()
        sizes = ", ".join(f"{name} {len(entries)}" for name, entries in coll.items())
        lines += ["", "## Grades of the shipped puzzle collections", "",
                  "How the difficulty scores of each shipped collection spread "
                  f"(`src/pyramids/data/puzzles/*.jsonl`; puzzles: {sizes}): one panel per "
                  "collection, a histogram of its puzzles' scores (the number `pyramids "
                  "generate` grades a winnable deal by: traps, losing moves, failed "
                  "strategies, the simulated players' losses...; docs/puzzles.md, "
                  "*Difficulty*), stacked by grade: easy, medium, hard, expert. A grade is "
                  "the band of scores between two of its variant's thresholds, so in each "
                  "panel the colours follow each other from left to right and meet at those "
                  "thresholds; the panels' scales differ because each variant's score has "
                  "its own weights and thresholds" + fallback_note() + ".",
                  "",
                  f"![{FIGURE_TITLES['collections']}]({figs['collections']})"]
    lines += render_pysolfc(chunks.parent / "pysolfc")
    lines += render_family(chunks.parent / "family")
    finished = all(r.deals >= r.target and not r.unknown
                   for rs in all_results.values() for r in rs)
    title = ("What the runs cost" if finished
             else "What is left, and how long it takes at today's speed")
    lines += ["", f"## {title}", "",
              "CPU seconds per deal are measured on the finished chunks (whole process CPU "
              "time where a chunk ran in one process, else the engines' own CPU time); the "
              "machine that measured them was shared, so they are rough.", "",
              *plan_lines(all_results), ""]
    if finished:
        lines.append(
            "Every table is at its target with no unknown deal. To take a table further, "
            "raise its target (`python scripts/make_results.py --tables open --target "
            "open=2000000`; `-j N` for N local processes, `--scheduler tcp://HOST:PORT` for a "
            "Dask cluster), then commit `docs/results.md`, `docs/results/` and "
            "`docs/figures/`: it carries on from the end of each cell's committed chunks.")
    else:
        lines.append(
            "To carry on, on any machine with this repository: `python "
            "scripts/make_results.py` (every table to its target; `-j N` for N local "
            "processes, `--scheduler tcp://HOST:PORT` for a Dask cluster, `--cpu-budget S` to "
            "stop starting chunks after S CPU seconds), then commit `docs/results.md`, "
            "`docs/results/` and `docs/figures/`. It carries on from the end of each cell's "
            "committed chunks; an interrupted chunk resumes from `output/results/raw/` on the "
            "same machine, or starts again on another. There is no time limit by default, so "
            "a very hard deal holds its cell up until it is settled; with `--time-limit S` "
            "such deals are counted unknown instead and their row stays incomplete until "
            "that chunk's summary is deleted and the chunk run again without a limit.")
    write_wins_file(out_dir, all_results)
    path = out_dir / "results.md"
    text = "\n".join(lines) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".md")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


#: the peer tools' own published figures (their READMEs), quoted beside this project's
PEERS = (
    ("mchung94/pyramid-solver (Common Lisp, A*)", "board: a fewest-steps line, or none",
     "1,500 random decks: mean 754 ms, median 141 ms, slowest 44 s; \"some decks use a "
     "few GB of RAM\""),
    ("mchung94/solitaire-player (Java, breadth-first)", "board, score and card challenges",
     "a search per challenge; no figures published"),
)
# benchmarks/crosscheck_goals_results.txt, in words
CROSSCHECK_TEXT = (
    "A second, independent route agrees with every optimum it could reach: a plain "
    "breadth-first search over every reachable position (`benchmarks/crosscheck_goals.py`, "
    "figures in `benchmarks/crosscheck_goals_results.txt`) against the optimal solver, on "
    "300 deals per goal: the board goal under MSC's three passes, the score and card goals "
    "under one pass (where the search can hold every position), the fewest moves in "
    "Pyramid and Tut's Tomb.")
GOAL_ROWS = (("msc", "board", "MSC board: fewest steps"),
             ("msc", "score", "MSC score: best, then fewest steps"),
             ("msc", "cards", "MSC four Aces: fewest steps, or the most"),
             ("pyramid", "moves", "Pyramid, fewest moves"),
             ("cheops", "moves", "Cheops, fewest moves"),
             ("tuts-tomb", "moves", "Tut's Tomb, fewest moves"))


def render_msc_goals(folder: Path, out_dir: Path) -> list[str]:
    """The goals' section: ``benchmarks/bench_goals.py --json-out`` figures (one file per
    preset and goal under ``folder``, relative to ``out_dir``) beside the peer tools'."""
    base = folder if folder.is_absolute() else (out_dir / folder).resolve()
    rows: list[str] = []
    short: list[str] = []
    for preset, goal, label in GOAL_ROWS:
        path = base / f"{preset}-{goal}.json"
        if not path.is_file():
            continue
        r = json.loads(path.read_text(encoding="utf-8"))
        where = (f"{n(r['deals'])} random deals (seed {r['seed']})" if r.get("seed") is not None
                 else f"deals {n(r['start'])}..{n(r['start'] + r['deals'] - 1)}")
        p99 = f"{r['p99_ms']:.0f} ms" if r["p99_ms"] < 1000 else f"{r['p99_ms'] / 1000:.2f} s"
        rows.append(f"| {label} | {where} | {r['median_ms']:.1f} ms | {p99} | "
                    f"{r['max_s']:.2f} s | {n(r['proven'])} of {n(r['deals'])} | "
                    f"{r['peak_rss_mib']} MiB |")
        if r["proven"] < r["deals"]:
            short.append(f"{label}: {n(r['deals'] - r['proven'])} of {n(r['deals'])} not "
                         f"proven within {r['time_limit']:g} s")
    if not rows:
        return []
    return [
        "", "## Microsoft Solitaire Collection's challenges, and the fewest moves", "",
        "The questions MSC's players ask of a deal (docs/rules.md, *Microsoft Solitaire "
        "Collection* and *Goals*): the fewest steps that clear the board, the best score, "
        "the most cards of a rank; and the fewest moves that win any preset. Each answer "
        "below is proven optimal unless the table says otherwise, with a line the referee "
        "replayed, timed per deal on one core of this 2-core machine (whole answer: the "
        "exact engines' verdict, then the optimal solver), by `benchmarks/bench_goals.py`; "
        "the figures are in `docs/results/msc-goals/`.", "",
        "| goal | deals | median | 99th percentile | slowest | proven optimal | peak memory |",
        "|---|---|---|---|---|---|---|", *rows, "",
        *([("; ".join(short) + ". Such an answer gives the best line found, labelled a "
            "bound, never the optimum (`benchmarks/bench_goals_results.txt` names the deals)."),
           ""] if short else []),
        "The tools MSC's players find today, with their own published figures (not "
        "measured here):", "",
        "| tool | answers | its figures |", "|---|---|---|",
        *(f"| {a} | {b} | {c} |" for a, b, c in PEERS), "",
        "On this machine, when the work was planned, the Java solver took 834 ms a deck for "
        "the board goal (it also finds the shortest line); this project had then proven the "
        "board's verdicts, 1,500 of 1,500 the same as the Lisp solver's, at 1.3 ms a deck, "
        "without the shortest line.", "",
        CROSSCHECK_TEXT,
    ]


# -- MSC's Pyramid over a million deals (issue 43's proof run) ------------------------------

#: the proof run's parts: scripts/msc_goals_run.py's goal, the deals 0..target-1 it covers,
#: and the part's heading
MSC_RUN_PARTS = (("board", 1_000_000, "Clearing the board"),
                 ("score", 20_000, "The best score"),
                 ("cards:A:4", 20_000, "Four Aces"))
#: mchung94/pyramid-solver's README, *Performance*: of 1,500 random decks, 998 solvable
#: (its board goal; 502 unsolvable)
MCHUNG94_SOLVABLE = (998, 1_500)
#: steps per row of the fewest steps' tables
STEP_BAND = 5


def msc_run_module() -> Any:
    """``scripts/msc_goals_run.py``: its summaries are what the MSC section renders."""
    return msc_goals_run


def covered(chunks: Sequence[dict[str, Any]]) -> list[tuple[int, int]]:
    """The deal ranges the chunks cover (``start``, ``stop``), adjacent chunks merged."""
    out: list[tuple[int, int]] = []
    for c in chunks:
        if out and out[-1][1] == c["start"]:
            out[-1] = (out[-1][0], c["stop"])
        else:
            out.append((c["start"], c["stop"]))
    return out


def ranges_text(ranges: Sequence[tuple[int, int]]) -> str:
    """``0–119,999 and 130,000–139,999``."""
    parts = [f"{n(a)}–{n(b - 1)}" for a, b in ranges]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def gaps(ranges: Sequence[tuple[int, int]], start: int = 0) -> list[tuple[int, int]]:
    """The deals between ``start`` and the last covered one that no chunk covers."""
    out, at = [], start
    for a, b in ranges:
        if a > at:
            out.append((at, a))
        at = b
    return out


def mean_of(hist: Counter[int]) -> float:
    return sum(k * v for k, v in hist.items()) / sum(hist.values())


def steps_table(steps: Counter[int], what: str) -> list[str]:
    """The fewest steps in bands of :data:`STEP_BAND`: deals, share, cumulative share."""
    total = sum(steps.values())
    first = min(steps) // STEP_BAND * STEP_BAND
    lines = [f"| {what} | deals | share | cumulative |", "|---|---|---|---|"]
    seen = 0
    for lo in range(first, max(steps) + 1, STEP_BAND):
        c = sum(v for k, v in steps.items() if lo <= k < lo + STEP_BAND)
        seen += c
        lines.append(f"| {lo} to {lo + STEP_BAND - 1} | {n(c)} | {pct(c / total)} | "
                     f"{pct(seen / total)} |")
    return lines


def score_bands(scores: Counter[int]) -> list[tuple[str, Callable[[int], bool]]]:
    """The best score's bands: every card gone (the most a deal scores), the board cleared
    with cards left (above the most a deal scores without the top card), then the boards
    not cleared in bands of 100 points, from the highest such score seen down to 0."""
    from pyramids.answers.goals import BOARDLESS_MOST
    from pyramids.core.variants import MSC_MAX_SCORE

    top, cleared = MSC_MAX_SCORE, BOARDLESS_MOST
    bands: list[tuple[str, Callable[[int], bool]]] = [
        (f"{n(top)}: every card gone", lambda s: s == top),
        (f"{n(cleared + 5)} to {n(top - 5)}: the board cleared, cards left",
         lambda s: cleared < s < top)]
    highest = max((k for k in scores if k <= cleared), default=0)
    for lo in range(highest // 100 * 100, -1, -100):
        hi = min(lo + 95, cleared)
        bands.append((f"{lo} to {hi}", between(lo, hi)))
    return bands


def between(lo: int, hi: int) -> Callable[[int], bool]:
    """Whether a score lies in ``lo..hi``."""
    return lambda s: lo <= s <= hi


@dataclass
class MscPart:
    """One goal of the proof run: its finished chunks inside its deals, and their totals
    (``msc_goals_run.totals``)."""

    goal: str
    target: int
    title: str
    chunks: list[dict[str, Any]]
    totals: dict[str, Any]

    @property
    def deals(self) -> int:
        return int(self.totals["deals"])

    @property
    def final(self) -> bool:
        return self.deals >= self.target and not self.totals["unknown"]

    def hist(self, key: str) -> Counter[int]:
        return Counter({int(k): v for k, v in self.totals[key].items()})

    def command(self) -> str:
        sizes = Counter(c["stop"] - c["start"] for c in self.chunks)
        workers = Counter(c["workers"] for c in self.chunks if c.get("workers"))
        size = max(sizes) if sizes else 10_000
        return (f"python scripts/msc_goals_run.py --goal {self.goal} --deals "
                f"0:{self.target} --chunk {size}"
                + (f" -j {workers.most_common(1)[0][0]}" if workers else ""))

    def progress(self) -> str:
        """How far this part has got, its gaps and its unknowns, in words."""
        ranges = covered(self.chunks)
        text = (f"**{n(self.deals)} of {n(self.target)} deals** "
                f"({100 * self.deals / self.target:.3g}%) in {n(len(self.chunks))} chunk"
                f"{'' if len(self.chunks) == 1 else 's'}: deals {ranges_text(ranges)}.")
        holes = gaps(ranges)
        if holes:
            text += (f" Not yet run between them: deals {ranges_text(holes)} (a chunk not "
                     "yet committed, or deleted: the run does the first chunk without a "
                     "summary first, so it fills the gap next).")
        unknown = self.totals["unknown"]
        if not unknown:
            text += " No deal left unknown."
        elif len(unknown) <= 20:
            text += (f" {n(len(unknown))} unknown (not counted in any rate): deal"
                     f"{'' if len(unknown) == 1 else 's'} "
                     + ", ".join(str(u) for u in unknown) + ".")
        else:
            text += (f" {n(len(unknown))} unknown (not counted in any rate; their numbers "
                     "are in the chunk summaries' `unknown`).")
        unproven = self.deals - int(self.totals["optimal"])
        if unproven:
            text += (f" {n(unproven)} answer{'s are' if unproven != 1 else ' is'} not "
                     "proven optimal (a limit was hit): each is the best line found, a "
                     "bound.")
        return text


def read_msc_run(folder: Path) -> list[MscPart]:
    """The proof run's parts from ``msc_goals_run.py``'s chunk summaries under ``folder``;
    chunks that overlap are refused, naming them."""
    gr = msc_run_module()
    parts = []
    for goal, target, title in MSC_RUN_PARTS:
        g = gr.Goal.parse(goal)
        try:
            chunks = gr.read(folder, g, 0, target) if gr.goal_dir(folder, g).is_dir() else []
        except ValueError as e:
            raise SystemExit(f"{gr.goal_dir(folder, g)}: {e}") from None
        parts.append(MscPart(goal, target, title, chunks, gr.totals(chunks)))
    return parts


def rate_of(part: MscPart) -> str:
    lo, hi = part.totals["ci95"]
    return interval_text(part.totals["rate"], lo, hi, part.final)


def provisional(part: MscPart) -> str:
    return "" if part.final else \
        f" (provisional: {n(part.deals)} of {n(part.target)} deals so far)"


def render_msc_run(folder: Path, out_dir: Path, figures: bool = True) -> list[str]:
    """The section on issue 43's proof run from ``msc_goals_run.py``'s chunk summaries
    under ``folder`` (``GOAL/START-STOP.json``): each goal's rate, its fewest steps or best
    scores (tables, and figures under ``out_dir/figures`` unless ``figures`` is false),
    beside mchung94's published count, and the run's commands, time and machines. A goal
    with no chunk yet is one line; so is the whole run before its first chunk."""
    parts = read_msc_run(folder)
    rel = os.path.relpath(folder, out_dir)
    lines = [
        "", "## Microsoft Solitaire Collection's Pyramid over a million deals", "",
        "Issue 43's proof run: MSC's Pyramid (`-V msc`; docs/rules.md, *Microsoft "
        "Solitaire Collection*) asked its challenges deal by deal, each answered exactly "
        "(`pyramids.answers.goals`, no time limit: a line the referee replayed, proven the "
        "fewest steps or the best score, or a proof that the board cannot be cleared): "
        "clearing the board over deals 0 to 999,999, the best score and four Aces over "
        "deals 0 to 19,999. `scripts/msc_goals_run.py` runs it a chunk of consecutive deals "
        f"at a time and writes each chunk's summary to `{rel}/GOAL/`; this section adds up "
        "the summaries committed so far, so it says how far the run has got. Rates are over "
        "the settled deals with their 95% Wilson interval, in *italics* while a part is "
        "short of its deals or has unknowns.",
    ]
    if not any(p.chunks for p in parts):
        return [*lines, "", "Not started yet: no chunk summary under "
                f"`{rel}/` (the commands are `{'`, `'.join(p.command() for p in parts)}`)."]
    plt = pyplot() if figures else None
    board, score = parts[0], parts[1]
    for p in parts:
        lines += ["", f"### {p.title}, deals 0 to {n(p.target - 1)}", ""]
        if not p.chunks:
            lines.append(f"Not run yet: no chunk summary under `{rel}/` (`{p.command()}`).")
            continue
        lines.append(p.progress())
        if p is board:
            lines += render_msc_board(p, out_dir, plt)
        elif p is score:
            lines += render_msc_scores(p, out_dir, plt)
        else:
            lines += render_msc_cards(p, out_dir, plt)
    lines += msc_cross_checks(parts)
    lines += render_msc_run_cost(parts)
    return lines


def render_msc_board(p: MscPart, out_dir: Path, plt: Any) -> list[str]:
    t, steps = p.totals, p.hist("steps")
    k, m = MCHUNG94_SOLVABLE
    mlo, mhi = wilson(k, m)
    lo, hi = t["ci95"]
    lines = ["", f"The board can be cleared on **{n(t['reached'])}** of the {n(t['decided'])} "
             f"deals settled: {rate_of(p)}{provisional(p)}.", "",
             f"mchung94's Common Lisp solver (github.com/mchung94/pyramid-solver, README, "
             f"*Performance*) found {n(k)} of {n(m)} random decks solvable ({n(m - k)} "
             f"unsolvable): {interval_text(k / m, mlo, mhi)}. Its rules are this project's "
             "`msc` preset's (its README, *Rules*: the 28 pyramid cards to clear, whatever "
             "is left in the deck and the waste; the deck's top card showing and in play; "
             "a King alone or two cards making 13; three cycles through the deck, two "
             "recycles; a draw and a recycle each a step, as here), so the two rates "
             "estimate the same thing from different samples: "
             + ("the two 95% intervals overlap, so they agree within sampling error."
                if lo <= mhi and mlo <= hi else
                "the two 95% intervals do not overlap, a difference beyond sampling error "
                "of two samples of the same game: to be looked into.")]
    if not steps:
        return lines
    lines += ["", f"The fewest steps that clear the board, over the {n(sum(steps.values()))} "
              f"deals where it can be cleared{provisional(p)}: mean {mean_of(steps):.2f}, "
              f"median {_median(steps)}, shortest {min(steps)}.", "",
              *steps_table(steps, "fewest steps")]
    lg = t["longest"]
    if lg is not None:
        lines += ["", f"The longest of the fewest-steps answers: **{lg['steps']} steps**, deal "
                  f"{lg['deal']} (`pyramids solve {lg['deal']} -V msc --goal board`; the "
                  "lowest-numbered deal of that length). Answers proven optimal: "
                  f"{n(t['optimal'])} of {n(p.deals)} (a board that cannot be cleared: "
                  "the proof that it cannot)."]
    if plt is not None:
        from matplotlib.ticker import MaxNLocator

        lines += msc_figure(plt, p, out_dir, "msc-board-steps", steps, 0.9, "tab:blue",
                            "fewest steps that clear the board", "deals",
                            lambda ax: ax.yaxis.set_major_locator(MaxNLocator(integer=True)))
    return lines


def msc_figure(plt: Any, p: MscPart, out_dir: Path, key: str, hist: Counter[int],
               width: float, colour: str, xlabel: str, ylabel: str,
               style: Callable[[Any], object]) -> list[str]:
    """A bar per value of ``hist`` as ``figures/KEY.png`` (``style`` sets the axes' own
    scales); the page's line showing it."""
    fig, ax = plt.subplots(figsize=(6, 3.4))
    ks = sorted(hist)
    ax.bar(ks, [hist[x] for x in ks], width=width, color=colour)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    style(ax)
    ax.set_title(MSC_FIGURES[key] + _msc_prov(p))
    return ["", f"![{MSC_FIGURES[key]}]({save_figure(plt, fig, out_dir, key)})"]


MSC_FIGURES = {"msc-board-steps": "MSC's Pyramid: the fewest steps that clear the board",
               "msc-best-scores": "MSC's Pyramid: the best score",
               "msc-four-aces-steps": "MSC's Pyramid: the fewest steps that clear four Aces"}


def _msc_prov(p: MscPart) -> str:
    return "" if p.final else f"\n(provisional: {n(p.deals)} of {n(p.target)} deals)"


def render_msc_scores(p: MscPart, out_dir: Path, plt: Any) -> list[str]:
    from pyramids.answers.goals import BOARDLESS_MOST
    from pyramids.core.variants import MSC_MAX_SCORE

    scores = p.hist("scores")
    if not scores:
        return []
    total = sum(scores.values())
    every = scores.get(MSC_MAX_SCORE, 0)
    lo, hi = wilson(every, total)
    bound = p.deals > p.totals["optimal"]
    lines = ["", f"The best score (MSC's scoring: 5 points a removal, a bonus for each row "
             f"cleared; docs/rules.md) over {n(total)} deals{provisional(p)}: mean "
             f"{mean_of(scores):.1f}, median {n(_median(scores))}.", "",
             "| best score | deals | share |", "|---|---|---|"]
    lines += [f"| {label} | {n(c)} | {pct(c / total)} |" for label, test in score_bands(scores)
              for c in [sum(v for k, v in scores.items() if test(k))]]
    lines += ["", f"Every card can go on **{n(every)}** of the {n(total)} deals"
              + (" at least (some answers are bounds)" if bound else "")
              + f": {interval_text(every / total, lo, hi, p.final and not bound)}. Scores of "
              f"{BOARDLESS_MOST} or less are boards that cannot be cleared (at most 27 "
              "removals and the six lower rows); a deal "
              f"scores {n(MSC_MAX_SCORE)}, the most, exactly when every card goes: 5 points a "
              "removal and 1,150 for the rows, and only 4 Kings and 24 pairs make 28 "
              "removals, so the summaries' histogram of the best score tells it (no other "
              "key needed)."]
    if plt is not None:
        from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

        def log_scale(ax: Any) -> None:  # counts of one beside thousands
            ax.set_yscale("log")
            ax.set_ylim(0.5, 2 * max(scores.values()))
            ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}" if v >= 1
                                                       else ""))
            ax.yaxis.set_minor_formatter(NullFormatter())
            ax.axvline(BOARDLESS_MOST + 2.5, color="tab:gray", linestyle=":", linewidth=1)
            ax.text(BOARDLESS_MOST, ax.get_ylim()[1], "board cleared →  ", ha="right",
                    va="top", fontsize=7, color="tab:gray")

        lines += msc_figure(plt, p, out_dir, "msc-best-scores", scores, 4, "tab:green",
                            f"best score ({n(MSC_MAX_SCORE)}: every card gone)",
                            "deals (log scale)", log_scale)
    return lines


def render_msc_cards(p: MscPart, out_dir: Path, plt: Any) -> list[str]:
    t, steps = p.totals, p.hist("steps")
    lines = ["", f"Four Aces can be cleared on **{n(t['reached'])}** of the {n(t['decided'])} "
             f"deals settled: {rate_of(p)}{provisional(p)}."]
    if steps:
        lg = t["longest"]
        lines += ["", f"In how few steps, over those {n(sum(steps.values()))} deals: mean "
                  f"{mean_of(steps):.2f}, median {_median(steps)}, shortest {min(steps)}, "
                  f"longest {lg['steps']} (deal {lg['deal']}, `pyramids solve {lg['deal']} "
                  "-V msc --goal cards:A:4`).", "", *steps_table(steps, "fewest steps")]
        if plt is not None:
            from matplotlib.ticker import MaxNLocator

            lines += msc_figure(plt, p, out_dir, "msc-four-aces-steps", steps, 0.9,
                                "tab:orange", "fewest steps that clear four Aces", "deals",
                                lambda ax: ax.yaxis.set_major_locator(
                                    MaxNLocator(integer=True)))
    return lines


def msc_cross_checks(parts: Sequence[MscPart]) -> list[str]:
    """The parts' own verdicts (each answer carries the deal's: can the board be cleared)
    held against each other over the deals two parts share, where the board's chunks cover
    exactly the other part's."""
    board = parts[0]
    lines = []
    for p in parts[1:]:
        ranges = covered(p.chunks)
        inside = [c for c in board.chunks
                  if any(a <= c["start"] and c["stop"] <= b for a, b in ranges)]
        if not p.chunks or covered(inside) != ranges:
            continue
        mine = p.totals["status"].get("winnable", 0)
        theirs = sum(c["status"].get("winnable", 0) for c in inside)
        lines.append(f"- Over deals {ranges_text(ranges)}, the board can be cleared on "
                     f"{n(theirs)} deals by the board part's answers and on {n(mine)} by the "
                     f"verdicts the {p.goal} part's answers carry: "
                     + ("the same count." if mine == theirs else
                        "the counts differ: to be looked into."))
    return ["", "Cross-checks between the parts:", "", *lines] if lines else []


def render_msc_run_cost(parts: Sequence[MscPart]) -> list[str]:
    """The run's commands, time, machines and code versions, from the chunks."""
    rows = []
    for p in parts:
        secs = float(p.totals["engine_seconds"])
        wall = sum(float(c.get("wall_seconds", 0.0)) for c in p.chunks)
        per = secs / p.deals if p.deals else None
        togo = ("–" if per is None else
                f"{per * (p.target - p.deals) / 3600:,.1f}")
        rows.append(f"| {p.goal} | {n(p.deals)} of {n(p.target)} | `{p.command()}` | "
                    f"{secs / 3600:,.2f} | {wall / 3600:,.2f} | "
                    + ("–" if per is None else f"{1000 * per:.1f}") + f" | {togo} |")
    chunks = [c for p in parts for c in p.chunks]
    machines = Counter(c["machine"] for c in chunks if c.get("machine"))
    unrecorded = len(chunks) - sum(machines.values())
    loads = [float(c["load"]) for c in chunks if c.get("load") is not None]
    where = "; ".join(f"{m} ({n(c)} chunk{'' if c == 1 else 's'})"
                      for m, c in sorted(machines.items()))
    if unrecorded:
        where += ("; " if where else "") + (
            f"not recorded in {n(unrecorded)} chunk{'' if unrecorded == 1 else 's'} "
            "(made before `msc_goals_run.py` wrote the machine down)")
    codes = sorted({f"`{c['code']}` (src `{c.get('src', 'unknown')}`)" for c in chunks})
    return [
        "", "### The run", "",
        "Each part is a command that carries on from its committed chunks (run it again "
        "to go on; `--scheduler tcp://HOST:PORT` sends the deals to a Dask cluster). "
        "Answer hours are the summaries' `engine_seconds` added up: each deal's answer "
        "time as its worker measured it (the wall clock of the whole answer, so on a loaded "
        "machine more than its CPU time); wall hours are the chunks' elapsed times (with "
        "N workers, about 1/N of the answer hours on an idle machine); the hours to go are "
        "the answer time a deal has taken so far times the deals left.", "",
        "| goal | deals | command | answer hours | wall hours | ms a deal | answer hours "
        "to go |", "|---|---|---|---|---|---|---|", *rows, "",
        f"Machine: {where}."
        + (f" Load average when a chunk finished: {min(loads):.1f} to {max(loads):.1f}."
           if loads else ""),
        "", "Code versions of these chunks (`git describe`, and the tree of `src/`): "
        + ", ".join(codes) + "." + code_note(c["code"] for c in chunks),
        "", "Then `python scripts/make_results.py --render-only` rewrites this page from the "
        "summaries; commit the new summaries, `docs/results.md` and `docs/figures/`.",
    ]


def _targets_text(results: list[CellResult]) -> str:
    targets = sorted({r.target for r in results})
    return " / ".join(n(t) for t in targets) + " deals per cell"


def write_wins_file(out_dir: Path, all_results: dict[str, list[CellResult]]) -> None:
    """The fully winnable King Tut deals, one number a line (``pyramids generate --deals``
    reads it to grade them into a collection)."""
    rs = all_results.get("king-tut-52")
    if not rs or not rs[0].deals:
        return
    path = out_dir / "results" / "king-tut-all-wins.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    body = "".join(f"{w['deal']}\n" for w in sorted(rs[0].wins, key=lambda w: w["deal"]))
    path.write_text(f"# King Tut, discard all 52: winnable deals among 0..{rs[0].deals - 1}\n"
                    + body, encoding="utf-8")


# -- figures --------------------------------------------------------------------------------

FIGURE_TITLES = {
    "bouquet": "Open bouquet: win rate against pyramid rows",
    "one-pass": "One-pass Pyramid: the rule options beside the seed article",
    "par": "Par Pyramid: distribution of the best score",
    "collections": "Grade scores of the shipped puzzle collections",
}
FIGURES_OF = {"open": ("bouquet",), "one-pass": ("one-pass",), "redeal": ("par",)}


def pyplot() -> Any | None:
    """matplotlib's pyplot, drawing to files (Agg) with the page's settings; ``None``
    without matplotlib (the ``docs`` extra): then no figure is made."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    plt.rcParams.update({"font.size": 9, "svg.hashsalt": "pyramids"})
    return plt


def save_figure(plt: Any, fig: Any, out_dir: Path, key: str) -> str:
    """``fig`` as ``out_dir/figures/KEY.png``, written atomically and with the same bytes
    for the same figure (no software name, no date in the metadata); returns its path
    relative to ``out_dir``."""
    fig_dir = out_dir / "figures"
    fig_dir.mkdir(parents=True, exist_ok=True)
    path = fig_dir / f"{key}.png"
    fig.tight_layout()
    fd, tmp = tempfile.mkstemp(dir=fig_dir, prefix=".tmp-", suffix=".png")
    with os.fdopen(fd, "wb") as f:
        fig.savefig(f, format="png", dpi=110, metadata={"Software": None})
    os.replace(tmp, path)
    plt.close(fig)
    return os.path.relpath(path, out_dir)


def make_figures(out_dir: Path, all_results: dict[str, list[CellResult]]) -> dict[str, str]:
    """PNG files under ``out_dir/figures``; returns their paths relative to ``out_dir``.
    Needs matplotlib (the ``docs`` extra); without it no figure is made."""
    plt = pyplot()
    if plt is None:
        return {}
    from matplotlib.ticker import MaxNLocator

    made: dict[str, str] = {}

    def save(fig: Any, key: str) -> None:
        made[key] = save_figure(plt, fig, out_dir, key)

    if "open" in all_results:
        rs = [r for r in all_results["open"] if r.spec.variant.rest == "bouquet" and r.deals]
        if rs:
            fig, ax = plt.subplots(figsize=(6, 3.6))
            for overlap, colour in ((False, "tab:blue"), (True, "tab:orange")):
                sel = [r for r in rs if r.spec.variant.overlap == overlap]
                xs = [r.spec.variant.rows for r in sel]
                ys = [100 * (r.rate()[0] or 0) for r in sel]
                err = [[y - 100 * r.rate()[1][0] for y, r in zip(ys, sel, strict=True)],
                       [100 * r.rate()[1][1] - y for y, r in zip(ys, sel, strict=True)]]
                name = "overlap" if overlap else "no overlap"
                ax.errorbar(xs, ys, yerr=err, marker="o", color=colour, capsize=3,
                            label=f"project, {name}")
                ax.plot(xs, [100 * r.spec.published.rate for r in sel if r.spec.published],
                        "x", color=colour, markersize=8, label=f"seed article, {name}")
            ax.set_xlabel("pyramid rows")
            ax.set_ylabel("win rate (%)")
            ax.set_xticks(range(5, 10))
            ax.set_title(FIGURE_TITLES["bouquet"] + _prov(rs))
            ax.legend(fontsize=7)
            save(fig, "bouquet")
    if "one-pass" in all_results:
        rs = [r for r in all_results["one-pass"] if r.deals]
        if rs:
            fig, ax = plt.subplots(figsize=(7.5, 4.2))
            ys = list(range(len(rs)))
            vals = [100 * (r.rate()[0] or 0) for r in rs]
            err = [[v - 100 * r.rate()[1][0] for v, r in zip(vals, rs, strict=True)],
                   [100 * r.rate()[1][1] - v for v, r in zip(vals, rs, strict=True)]]
            ax.barh([y + 0.2 for y in ys], vals, height=0.4, xerr=err, capsize=2,
                    color="tab:blue", label="project (exact, 95% CI)")
            ax.barh([y - 0.2 for y in ys], [100 * (r.spec.published.rate if r.spec.published
                                                   else 0) for r in rs],
                    height=0.4, color="tab:gray", label="seed article")
            ax.set_yticks(ys, [r.spec.label for r in rs], fontsize=7)
            ax.invert_yaxis()
            ax.set_xlabel("win rate (%)")
            ax.set_title(FIGURE_TITLES["one-pass"] + _prov(rs))
            ax.legend(fontsize=7, loc="upper right")
            save(fig, "one-pass")
    for r in all_results.get("redeal", []):
        if r.spec.scores and r.scores:
            fig, ax = plt.subplots(figsize=(6, 3.4))
            ks = sorted(r.scores)
            ax.bar(ks, [r.scores[k] for k in ks], width=0.9, color="tab:green")
            ax.set_xlabel("best Par score")
            ax.set_ylabel("deals")
            ax.set_title(FIGURE_TITLES["par"] + _prov([r]))
            save(fig, "par")
    coll = collection_scores()
    if coll:
        fig, axes = plt.subplots(len(coll), 1, figsize=(6, 1.5 + 1.4 * len(coll)),
                                 squeeze=False)
        grades = ("easy", "medium", "hard", "expert")
        colours = ("tab:green", "tab:blue", "tab:orange", "tab:red")
        for ax, (name, entries) in zip(axes[:, 0], coll.items(), strict=True):
            lo = min(s for _, s in entries)
            hi = max(s for _, s in entries)
            bins = [lo + (hi - lo) * i / 20 for i in range(21)] if hi > lo else 10
            ax.hist([[s for g, s in entries if g == grade] for grade in grades], bins=bins,
                    stacked=True, color=colours, label=list(grades))
            ax.set_title(f"{name} ({len(entries)} puzzles)", fontsize=8)
            ax.set_ylabel("puzzles")
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        axes[-1, 0].set_xlabel("grade score")
        axes[0, 0].legend(fontsize=7)
        save(fig, "collections")
    return made


def _prov(rs: Iterable[CellResult]) -> str:
    return "" if all(r.complete for r in rs) else "\n(provisional: fewer deals than the target)"


def collection_scores() -> dict[str, list[tuple[str, float]]]:
    """(grade, score) of every puzzle of each shipped collection, by collection name."""
    folders = [ROOT / "src" / "pyramids" / "puzzles", ROOT / "puzzles"]
    out: dict[str, list[tuple[str, float]]] = {}
    for folder in folders:
        for path in sorted(folder.glob("*.jsonl")) if folder.is_dir() else []:
            if path.stem in out:
                continue
            entries = []
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    e = json.loads(line)
                    entries.append((str(e["grade"]), float(e["score"])))
            if entries:
                out[path.stem] = entries
    return out


def fallback_note() -> str:
    """Which shipped collections are graded with the fallback thresholds (their variant has
    none of its own), said beside the collections figure."""
    names = []
    for folder in (ROOT / "src" / "pyramids" / "puzzles", ROOT / "puzzles"):
        for path in sorted(folder.glob("*.jsonl")) if folder.is_dir() else []:
            first = next((ln for ln in path.read_text(encoding="utf-8").splitlines()
                          if ln.strip()), None)
            if (first is not None and path.stem not in names
                    and json.loads(first)["variant"]["name"] not in THRESHOLDS):
                names.append(path.stem)
    if not names:
        return ""
    return (f" ({', '.join(names)}: no thresholds of {'its' if len(names) == 1 else 'their'}"
            " variant's own, so the fallback ones, `FALLBACK_THRESHOLDS` in "
            "`pyramids.generator.grading`)")


# -- command line ---------------------------------------------------------------------------

def parse_targets(items: Sequence[str]) -> dict[str, int]:
    """``--target 300`` (every table) or ``--target open=1000`` (one table)."""
    out: dict[str, int] = {}
    for item in items:
        name, _, value = item.rpartition("=")
        name = name or "*"
        if name != "*" and name not in TABLES:
            raise SystemExit(f"--target {item!r}: no table {name!r} ({', '.join(TABLES)})")
        try:
            out[name] = int(value.replace("_", "").replace(",", ""))
        except ValueError:
            raise SystemExit(f"--target {item!r}: not a number of deals") from None
        if out[name] < 0:
            raise SystemExit(f"--target {item!r}: must be >= 0")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", default="all",
                    help=f"comma-separated tables to run, or all: {', '.join(TABLES)} "
                         "(the page always shows every table)")
    ap.add_argument("--target", action="append", default=[], metavar="[TABLE=]DEALS",
                    help="deals per cell instead of the table's target (repeatable)")
    ap.add_argument("--chunk", type=int, help="deals per chunk summary (default: per table)")
    ap.add_argument("--max-chunks", type=int, help="at most this many new chunks per cell")
    ap.add_argument("--cells", metavar="KEY,KEY", help="run only these cells (the names of "
                    "their folders under results/chunks/); the page still shows every cell")
    ap.add_argument("--cpu-budget", type=float, metavar="SECONDS",
                    help="stop starting chunks once this much CPU time is spent")
    ap.add_argument("--workers", "-j", type=int, default=1, help="local worker processes")
    ap.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="a Dask scheduler")
    ap.add_argument("--time-limit", type=float, metavar="SECONDS",
                    help="per-deal limit (deals that hit it are unknown: the row stays "
                         "incomplete)")
    ap.add_argument("--out-dir", type=Path, default=ROOT / "docs",
                    help="where results.md, figures/ and results/chunks/ go")
    ap.add_argument("--raw-dir", type=Path, default=ROOT / "output" / "results" / "raw",
                    help="per-deal records (not committed)")
    ap.add_argument("--render-only", action="store_true", help="only rewrite the page")
    ap.add_argument("--no-figures", action="store_true")
    ap.add_argument("--quiet", "-q", action="store_true")
    args = ap.parse_args(argv)
    names = list(TABLES) if args.tables == "all" else [t.strip() for t in args.tables.split(",")]
    for name in names:
        if name not in TABLES:
            ap.error(f"no table {name!r}: choose from {', '.join(TABLES)}")
    keys = {c.key for name in names for c in TABLES[name].cells}
    for key in (args.cells or "").split(","):
        if key.strip() and key.strip() not in keys:
            ap.error(f"no cell {key.strip()!r} in {', '.join(names)}: {', '.join(sorted(keys))}")
    if args.scheduler and args.workers != 1:
        ap.error("--workers counts local processes: with --scheduler the cluster works")
    targets = parse_targets(args.target)
    chunks = args.out_dir / "results" / "chunks"
    opts = RunOptions(chunks, args.raw_dir, targets, args.chunk, args.max_chunks,
                      args.cpu_budget, args.workers, args.scheduler, args.time_limit,
                      args.quiet, None if args.cells is None
                      else frozenset(c.strip() for c in args.cells.split(",")))
    if not args.render_only:
        try:
            run_tables(names, opts)
        except (KeyboardInterrupt, Interrupted):
            print("interrupted: finished chunks are saved; run again to carry on",
                  file=sys.stderr)
            return 130
    # the page shows every table, whichever were run: a run of one table must not drop
    # the others from docs/results.md
    path = render(args.out_dir, chunks, targets, list(TABLES), figures=not args.no_figures)
    opts.say(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
