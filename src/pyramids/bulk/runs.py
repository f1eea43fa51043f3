"""Runs as the front ends make them: a runner (local processes or a Dask cluster), a run
with its out file and progress line, and a table of runs over the same deals.

:func:`make_runner` picks the runner (Dask is imported only when a scheduler is given);
:func:`start_run` opens one run (its out file, resumed if asked, and its progress line);
:func:`consume` feeds its records to a callback, turning Ctrl-C, SIGTERM or a lost worker
into :class:`~pyramids.bulk.errors.Interrupted` after the finished deals are saved;
:func:`retry_unknown` answers again the records of an out file that a limit left unknown;
:func:`run_table` runs every cell of a ``sizes`` or ``rules`` table
(:func:`pyramids.bulk.stats.table_cells`) over the same deals, as ``pyramids stats --table``
does, and :func:`run_tally` one variant, as ``pyramids stats`` does.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyramids.answers.goals import Goal
from pyramids.bulk.analysis import Analyser, Engine, Job, Mode, Record, check_game_source
from pyramids.bulk.errors import BulkError, Interrupted
from pyramids.bulk.outfile import OutFile
from pyramids.bulk.pool import BulkRunner, RunState
from pyramids.bulk.progress import Progress
from pyramids.bulk.sources import DealSource, KeysSource, check_variant, parse_source
from pyramids.bulk.stats import Cell, Tally, cell_obj, table_cells
from pyramids.core.variants import Variant, get_variant


def make_runner(workers: int | None = None, chunk: int | None = None,
                scheduler: str | None = None) -> BulkRunner:
    """The local process pool (``workers`` processes, default all cores), or with
    ``scheduler`` (``tcp://HOST:PORT``) a :class:`~pyramids.bulk.cluster.DaskRunner` on that
    cluster's workers; ``chunk``: deals per task (default: per job). Use it as a context
    manager. Raises :class:`BulkError` when both ``workers`` and ``scheduler`` are given
    (the cluster's workers do the work), :class:`~pyramids.bulk.cluster.ClusterError` when the
    scheduler cannot be reached or Dask is not installed."""
    if scheduler is None:
        return BulkRunner(workers, chunk_size=chunk)
    if workers:
        raise BulkError("workers counts local processes: with a scheduler the cluster's "
                        "workers do the work")
    from pyramids.bulk.cluster import (
        DaskRunner,  # not at the top: cluster's bulk imports run bulk/__init__
    )

    return DaskRunner(scheduler, chunk)


def run_records(source: DealSource | str, variant: Variant | str = "pyramid", *,
                mode: Mode = "exact", engine: Engine = "auto", time_limit: float | None = None,
                workers: int | None = None, chunk_size: int | None = None,
                scheduler: str | None = None, out: str | Path | None = None,
                resume: bool = False, analyser: Analyser | None = None) -> Iterator[Record]:
    """All records of a run, for library use: ``run_records('0:100', 'giza')``; on a Dask
    cluster with ``scheduler`` (see :func:`make_runner`).

    With more than one worker the pool forks its processes (``forkserver`` when this
    process runs other threads): a script calling this should still guard its entry
    point with ``if __name__ == "__main__":``."""
    src = parse_source(source) if isinstance(source, str) else source
    v = get_variant(variant) if isinstance(variant, str) else variant
    job = Job(v, mode, engine, time_limit, analyser)
    outfile = OutFile(out, job, src, resume) if out is not None else None
    with make_runner(workers, chunk_size, scheduler) as runner:
        yield from runner.run(src, job, outfile)


def check_source(source: DealSource, job: Job) -> None:
    """Does ``source`` fit ``job``? Its variant (:func:`check_variant`), or for a game job
    PySolFC's game numbers (:func:`~pyramids.bulk.analysis.check_game_source`)."""
    if job.game is not None:
        check_game_source(source, job.game)
    else:
        check_variant(source, job.variant)


@dataclass
class Run:
    """One run under way: its records (in source order, as they come), its counters and
    its progress line."""

    records: Iterator[Record]
    state: RunState
    bar: Progress
    out: str | None = None


def start_run(runner: BulkRunner, source: DealSource, job: Job, out: str | None = None,
              resume: bool = False, progress: bool | None = None, label: str = "") -> Run:
    """Open a run of ``job`` over ``source`` on ``runner``: with ``out``, its records are
    streamed to that JSON-lines file (``resume``: the deals it holds are read back, not
    analysed again); ``progress``: the progress line on stderr (default: when stderr is a
    terminal). Raises :class:`BulkError` when the source does not fit the variant or the
    out file does not fit the run."""
    check_source(source, job)
    outfile = OutFile(out, job, source, resume) if out else None
    state = RunState()
    bar = Progress(source.total, label, enabled=progress, state=state)
    if hasattr(runner, "report"):  # a cluster runner: lost workers are reported above the bar
        runner.report = bar.note
    return Run(runner.run(source, job, outfile, state), state, bar, out)


@dataclass(frozen=True)
class Retried:
    """What :func:`retry_unknown` did: the unknown records it found, how many it answered
    again (fewer when interrupted) and how many of those are settled now."""

    unknown: int
    retried: int
    settled: int


def retry_unknown(runner: BulkRunner, source: DealSource, job: Job, out: str,
                  progress: bool | None = None, note: Callable[[str], None] | None = None
                  ) -> Retried:
    """Answer again, under ``job`` (the run's own settings: the header must match), the
    records of ``out`` whose status is ``unknown``, and rewrite the file with each in
    place (:meth:`OutFile.replace`: atomic, same order, header unchanged), before the run
    goes on as ``--resume`` does (``pyramids stats --retry-unknown``). ``note``: told how
    many are retried. Interrupted, the records answered so far are written, then
    :class:`Interrupted` is raised; the others stay unknown for the next retry."""
    if source.kind == "stdin":
        raise BulkError("retrying the unknown records reads the deals twice: give a range "
                        "or a file, not stdin")
    check_source(source, job)
    outfile = OutFile(out, job, source, resume=True)
    keys = outfile.unknown_keys()
    if note is not None:
        note(f"retrying {len(keys)} unknown record{'s' * (len(keys) != 1)} of {out}")
    if not keys:
        return Retried(0, 0, 0)
    got: dict[int, Record] = {}
    state = RunState()
    bar = Progress(len(keys), "retry", enabled=progress, state=state)
    try:
        for rec in runner.run(KeysSource(source, keys), job, None, state):
            got[rec["i"]] = rec
            bar.update()
    except (Interrupted, KeyboardInterrupt) as e:
        bar.close()
        outfile.replace(got)
        why = str(e) if isinstance(e, Interrupted) else "interrupted"
        raise Interrupted(len(got), why, out) from None
    bar.close()
    outfile.replace(got)
    settled = sum(rec["status"] != "unknown" for rec in got.values())
    return Retried(len(keys), len(got), settled)


def consume(run: Run, each: Callable[[Record], None]) -> None:
    """Feed every record of ``run`` to ``each``, ticking the progress line. An interruption
    (Ctrl-C, SIGTERM, a lost worker: in the runner or in ``each``) closes the run, which
    saves the finished deals to its out file, and raises :class:`Interrupted` with how
    many deals were done and why (``interrupted`` for Ctrl-C or SIGTERM)."""
    try:
        for rec in run.records:
            each(rec)
            run.bar.update()
    except (Interrupted, KeyboardInterrupt) as e:
        run.records.close()  # type: ignore[attr-defined]
        run.bar.close()
        if isinstance(e, Interrupted):
            raise Interrupted(e.done, str(e), run.out) from None
        raise Interrupted(run.bar.done, out=run.out) from None
    run.bar.close()


@dataclass(frozen=True)
class TallyRun:
    """What :func:`run_tally` counted: the tally, the seconds it took, the deals analysed
    by this run and those read back from the out file, the workers that did it; with
    ``retry``, what :func:`retry_unknown` did first."""

    tally: Tally
    seconds: float
    analysed: int
    read_back: int
    workers: int
    retried: Retried | None = None


def run_tally(runner: BulkRunner, source: DealSource, variant: Variant, *,
              mode: Mode = "exact", engine: Engine = "auto", time_limit: float | None = None,
              goal: Goal | None = None, out: str | None = None, resume: bool = False,
              progress: bool | None = None, label: str = "stats") -> TallyRun:
    """Every deal of ``source`` under ``variant`` counted (``pyramids stats``): without
    an out file the workers send back slim records (counts only)."""
    job = Job(variant, mode, engine, time_limit, slim=out is None, goal=goal)
    return run_job_tally(runner, source, job, out=out, resume=resume, progress=progress,
                         label=label)


def run_job_tally(runner: BulkRunner, source: DealSource, job: Job, *,
                  out: str | None = None, resume: bool = False, progress: bool | None = None,
                  label: str = "stats", retry: bool = False,
                  note: Callable[[str], None] | None = None) -> TallyRun:
    """Every deal of ``source`` counted under ``job`` (:func:`run_tally`; a game job,
    :func:`~pyramids.bulk.analysis.game_job`, for PySolFC's games): make ``job`` slim
    when no out file is kept. ``retry`` (with ``resume``): first answer again the records
    of ``out`` a limit left unknown (:func:`retry_unknown`, told ``note``), so the tally
    counts as a fresh run would."""
    start = time.perf_counter()
    if retry and not (out and resume):
        raise BulkError("retrying the unknown records needs the out file of a resumed run")
    if out is None:
        tally, state = count_run(runner, source, job, progress, label)
        return TallyRun(tally, time.perf_counter() - start, state.new, 0, runner.workers)
    retried = (retry_unknown(runner, source, job, out, progress, note)
               if retry and Path(out).exists() else None)
    tally = Tally()
    run = start_run(runner, source, job, out, resume, progress, label)
    consume(run, tally.add)
    return TallyRun(tally, time.perf_counter() - start, run.state.new, run.state.prior,
                    runner.workers, retried)


def count_run(runner: BulkRunner, source: DealSource, job: Job, progress: bool | None = None,
              label: str = "") -> tuple[Tally, RunState]:
    """The tally of ``job`` over ``source`` when no out file is kept: the workers send
    back one tally a chunk (:meth:`BulkRunner.tally`), with the progress line; an
    interruption raises :class:`Interrupted` as :func:`consume` does."""
    check_source(source, job)
    state = RunState()
    bar = Progress(source.total, label, enabled=progress, state=state)
    if hasattr(runner, "report"):  # a cluster runner: lost workers are reported above the bar
        runner.report = bar.note
    try:
        tally = runner.tally(source, job, state, tick=bar.update)
    finally:
        bar.close()
    return tally, state


@dataclass(frozen=True)
class TableRun:
    """A table run by :func:`run_table`: each cell with its tally (``None``: a cell whose
    rules do not exist), the seconds, the deals analysed and those read back."""

    kind: str
    source: str
    mode: str
    engine: str
    time_limit: float | None
    results: list[tuple[Cell, Tally | None]] = field(default_factory=list)
    seconds: float = 0.0
    analysed: int = 0
    read_back: int = 0

    def to_json_obj(self) -> dict[str, Any]:
        """As ``pyramids stats --table KIND --json`` prints it."""
        return {"table": self.kind, "source": self.source, "mode": self.mode,
                "engine": self.engine, "time_limit": self.time_limit,
                "seconds": round(self.seconds, 3), "analysed": self.analysed,
                "read_back": self.read_back,
                "cells": [cell_obj(self.kind, c, t) for c, t in self.results]}


def cell_file(cell: Cell) -> str:
    """The name of a table cell's out file in the ``out`` directory of :func:`run_table`."""
    v = cell.variant
    if v is None:
        raise ValueError(f"cell {cell.row}, {cell.column} has no rules: no file")
    parts = [v.name, f"r{v.rows}", v.objective, "ov" if v.overlap else "noov"]
    if v.stock_waste:
        parts.append(f"sw-{v.stock_waste}")
    return "_".join(parts) + ".jsonl"


def run_table(kind: str, runner: BulkRunner, source: DealSource, *, mode: Mode = "exact",
              engine: Engine = "auto", time_limit: float | None = None,
              out: str | None = None, resume: bool = False,
              progress: bool | None = None) -> TableRun:
    """Every cell of table ``kind`` (``sizes``: the open bouquet by pyramid size;
    ``rules``: the 7-row game by objective, overlap and layout) over the same deals, on
    one runner; with ``out``, a directory holding one resumable out file per cell
    (:func:`cell_file`). The source is read once per cell, so it cannot be stdin."""
    if source.kind == "stdin":
        raise BulkError("a table reads its deals several times: give a range or a file, "
                        "not stdin")
    cells = table_cells(kind)
    results: list[tuple[Cell, Tally | None]] = []
    start = time.perf_counter()
    read_back = analysed = 0
    for n, cell in enumerate(cells, 1):
        if cell.variant is None:
            results.append((cell, None))
            continue
        path = str(Path(out) / cell_file(cell)) if out else None
        job = Job(cell.variant, mode, engine, time_limit, slim=path is None)
        label = f"{kind} {n}/{len(cells)} {cell.row}, {cell.column}"
        if path is None:
            tally, state = count_run(runner, source, job, progress, label)
        else:
            run = start_run(runner, source, job, path, resume, progress, label)
            tally = Tally()
            consume(run, tally.add)
            state = run.state
        results.append((cell, tally))
        read_back += state.prior
        analysed += state.new
    return TableRun(kind, source.description, mode, engine, time_limit, results,
                    time.perf_counter() - start, analysed, read_back)
