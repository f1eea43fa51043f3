"""``pyramids filter`` and ``pyramids stats``: bulk analysis over ranges or deal files."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

import click

from pyramids.answers.goals import Goal
from pyramids.bulk import (
    ENGINES,
    GAME_NODE_LIMIT,
    MODES,
    BulkError,
    BulkRunner,
    DealSource,
    Grader,
    Interrupted,
    Job,
    PySolFCRangeSource,
    Record,
    Run,
    check_source,
    consume,
    default_workers,
    game_job,
    make_runner,
    parse_source,
    run_job_tally,
    run_table,
    start_run,
)
from pyramids.bulk.stats import Tally, format_tally, render_csv, render_markdown, table_cells
from pyramids.cli.options import goal_option, said, variant_options
from pyramids.core.deals import Deal
from pyramids.core.errors import PyramidsError
from pyramids.core.rules import Rules
from pyramids.core.variants import Variant
from pyramids.pysolfc.games import MS_BELOW

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")


scheduler_option = click.option(
    "--scheduler", metavar="tcp://HOST:PORT",
    help="Run on this Dask scheduler's workers instead of local processes "
         "(needs pip install 'pyramids[cluster]' here and on the workers).")


def check_scheduler(workers: int | None, scheduler: str | None) -> None:
    if scheduler and workers:
        raise click.UsageError("--workers counts local processes: with --scheduler the "
                               "cluster's workers do the work")


def bulk_options(f: F) -> F:
    """The options shared by ``filter`` and ``stats``."""
    decorators = [
        click.option("--deals", "-d", "deals", metavar="A:B|FILE|-",
                     help="Deal numbers A to B-1 (or A:+N), a file of one-line deals or "
                          "numbers, or '-' for stdin (the default when stdin is piped)."),
        click.option("--mode", type=click.Choice(MODES), default="exact", show_default=True,
                     help="exact: prove every deal; quick: instant certificates only "
                          "(four-complement, stock-count), everything else passes."),
        click.option("--engine", type=click.Choice(ENGINES), default="auto",
                     show_default=True, help="Exact engine."),
        click.option("--time-limit", type=click.FloatRange(min=0, min_open=True),
                     metavar="SECONDS",
                     help="Per-deal limit; deals that hit it are counted as unknown."),
        click.option("--node-limit", type=click.IntRange(min=1), metavar="N",
                     help="PySolFC's games (-V pysolfc-pharaohs...): give up on a deal "
                          f"(unknown) after N positions (default {GAME_NODE_LIMIT:,}; "
                          "counted in positions, so a run gives the same verdicts on any "
                          "machine)."),
        click.option("--workers", "-j", type=click.IntRange(min=1),
                     help=f"Worker processes (default: all cores, here {default_workers()})."),
        click.option("--chunk", type=click.IntRange(min=1),
                     help="Deals per task (default: sized from the measured cost of a "
                          "deal, ~0.1 s of work locally, ~0.5 s on a cluster)."),
        scheduler_option,
        click.option("--out", "-o", type=click.Path(dir_okay=True),
                     help="Stream per-deal JSON-lines results to this file (with --table, "
                          "a directory: one file per cell)."),
        click.option("--resume", is_flag=True,
                     help="Continue the run recorded in --out: the deals done are read back "
                     "(filter writes them again, first), the others analysed."),
        click.option("--progress/--no-progress", default=None,
                     help="Progress bar on stderr (default: when stderr is a terminal)."),
        goal_option,
    ]

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if kwargs["resume"] and not kwargs["out"]:
            raise click.UsageError("--resume needs --out FILE (the run to continue)")
        check_scheduler(kwargs["workers"], kwargs["scheduler"])
        return f(*args, **kwargs)

    for d in reversed(decorators):
        wrapper = d(wrapper)
    return wrapper  # type: ignore[return-value]


def _source(spec: str | None, required_msg: str) -> DealSource:
    if spec is None:
        if sys.stdin.isatty():
            raise click.UsageError(required_msg)
        spec = "-"
    try:
        return parse_source(spec)
    except BulkError as e:
        raise click.BadParameter(said(e), param_hint="'--deals'") from None


def _start(runner: BulkRunner, source: DealSource, job: Job, out: str | None,
           resume: bool, progress: bool | None, label: str = "") -> Run:
    """The run (:func:`pyramids.bulk.start_run`); a source that does not fit the job
    (:func:`pyramids.bulk.check_source`) is a bad --deals."""
    _fits(source, job)
    return start_run(runner, source, job, out, resume, progress, label)


def _fits(source: DealSource, job: Job) -> None:
    """A source that does not fit ``job`` (:func:`pyramids.bulk.check_source`: its
    variant, or PySolFC's game numbers for one of PySolFC's games) is a bad --deals."""
    try:
        check_source(source, job)
    except BulkError as e:
        raise click.BadParameter(said(e), param_hint="'--deals'") from None


def _job(variant: Variant | Rules, mode: str, engine: str, time_limit: float | None,
         node_limit: int | None, goal: Goal, slim: bool = False,
         grader: Grader | None = None) -> Job:
    """The job of ``filter`` or ``stats``: for one of PySolFC's games, the exact search
    (:func:`pyramids.bulk.game_job`; with ``grader``, each winnable deal graded by the
    workers), whose other options are refused by name."""
    if not isinstance(variant, Rules):
        if node_limit is not None:
            raise click.UsageError("--node-limit bounds the search of PySolFC's games "
                                   "(-V pysolfc-pharaohs...); the classic presets take "
                                   "--time-limit")
        return Job(variant, mode, engine, time_limit,  # type: ignore[arg-type]
                   slim=slim, goal=goal)
    refused = [(mode != "exact", f"--mode {mode}", "is answered exactly only"),
               (engine != "auto", f"--engine {engine}", "is answered by the search alone"),
               (goal.kind not in ("win", "moves"), f"--goal {goal}",
                "is answered for a win or the fewest moves (--goal moves) so far")]
    for bad, flag, why in refused:
        if bad:
            raise click.UsageError(f"{flag}: {variant.name} {why}")
    if grader is not None and goal.kind != "win":
        raise click.UsageError(f"--grade: {variant.name}'s deals are graded along the "
                               f"line of their verdict: leave out --goal {goal}")
    return game_job(variant, GAME_NODE_LIMIT if node_limit is None else node_limit,
                    time_limit, slim=slim, goal=goal, grader=grader)


def _run_all(workers: int | None, chunk: int | None, scheduler: str | None,
             work: Callable[[BulkRunner], R]) -> R:
    """``work`` done on the runner asked for (:func:`pyramids.bulk.make_runner`); an
    interruption exits 130 saying how to continue."""
    try:
        with make_runner(workers, chunk, scheduler) as runner:
            return work(runner)
    except Interrupted as e:
        raise interrupted_run(e) from None


class InterruptedRun(click.ClickException):
    """A run stopped by Ctrl-C or SIGTERM: exit status 130, and how to continue."""

    exit_code = 130


def interrupted_run(e: Interrupted) -> InterruptedRun:
    """How many deals were done, why the run stopped, and how to continue it."""
    why = str(e) if str(e) != "interrupted" else ""
    where = (f"; finished deals are in {e.out}: continue with --resume" if e.out
             else "; use --out FILE to keep results across interruptions")
    return InterruptedRun(f"interrupted after {e.done} deals{f' ({why})' if why else ''}"
                          f"{where}")


def _consume(run: Run, each: Callable[[Record], None]) -> None:
    """Feed every record to ``each`` (:func:`pyramids.bulk.consume`); an interruption
    closes the run, which saves the finished deals, and exits 130."""
    try:
        consume(run, each)
    except Interrupted as e:
        raise interrupted_run(e) from None


@click.command("filter")
@variant_options
@bulk_options
@click.option("--keep", type=click.Choice(["winnable", "blocked"]), default="winnable",
              show_default=True, help="Which deals to write.")
@click.option("--json", "as_json", is_flag=True,
              help="Write JSON lines with the verdict and certificate instead of the deals.")
@click.option("--unknowns", type=click.File("w"),
              help="Write the deals left undecided (time limit, errors) to this file.")
@click.option("--format", "fmt", type=click.Choice(["lines", "pysolfc-seeds"]),
              default="lines", show_default=True,
              help="lines: each kept deal as given; pysolfc-seeds: at the end, a Python "
                   "module with SOLVABLE_SEEDS as PySolFC's Klondike list has it (give "
                   "PySolFC games from 32000 up: --deals pysolfc:32000:+N).")
@click.option("--grade", "grades", multiple=True,
              type=click.Choice(["easy", "medium", "hard", "expert"]),
              help="Keep only winnable deals of this grade (repeat for several): each "
                   "is graded as 'pyramids grade' does, which costs far more than solving "
                   "(PySolFC's games with grade thresholds: graded by the workers).")
def filter_cmd(variant: Variant | Rules, deals: str | None, mode: str, engine: str,
               time_limit: float | None, node_limit: int | None, workers: int | None,
               chunk: int | None,
               scheduler: str | None, out: str | None, resume: bool,
               progress: bool | None, goal: Goal, keep: str,
               as_json: bool, unknowns: TextIO | None, fmt: str,
               grades: tuple[str, ...]) -> None:
    """Write the winnable deals (or, with --keep blocked, the blocked ones).

    Deals come from --deals (A:B, a file, or stdin), one per line, as deal numbers or
    52-card lines; each kept deal is written as it was given, in the order given.
    Unknown deals (time limit) are never kept or dropped silently: they are counted on
    stderr and written to --unknowns. In quick mode only the instant certificates are
    used: deals without one pass through as not blocked. With --goal, each deal's
    answer (steps, score, optimal) goes into the --json records and --out file; a goal
    with a target (score:N, cards:RANK:N) keeps the deals where it is reached (--keep
    blocked: proven out of reach; not proven either way: unknown).
    """
    source = _source(deals, "give --deals A:B, a file, or pipe deals on stdin")
    seeds_out = fmt == "pysolfc-seeds"
    if seeds_out or grades:
        _check_seed_options(source, mode, keep, as_json, seeds_out, grades)
    grader = None
    if isinstance(variant, Rules) and grades:  # graded in the workers, with the verdict
        from pyramids.generator.family_grading import grade_record, thresholds_of

        try:
            thresholds_of(variant)
        except PyramidsError as e:
            raise click.UsageError(f"--grade: {said(e)}") from None
        grader = grade_record
    job = _job(variant, mode, engine, time_limit, node_limit, goal, grader=grader)
    keep_status = {"winnable": ("winnable", "passed"), "blocked": ("blocked",)}[keep]
    tally = Tally()
    seeds: list[int] = []
    graded: dict[str, int] = {}
    with make_runner(workers, chunk, scheduler) as runner:
        run = _start(runner, source, job, out, resume, progress, "filter")

        kept_n = [0]

        def each(rec: Record) -> None:
            tally.add(rec)
            status = _goal_status(rec, goal)
            if status in keep_status:
                kept_n[0] += 1
            rec = rec | {"status": status} if status != rec["status"] else rec
            if rec["status"] in keep_status and grades:
                # a game's record carries its grade (the workers graded it)
                grade = str(rec.get("grade")) if job.game is not None \
                    else _grade(rec, job.variant)
                graded[grade] = graded.get(grade, 0) + 1
                if grade not in grades:
                    return
            if rec["status"] in keep_status and seeds_out:
                seeds.append(_seed(rec))
            elif rec["status"] in keep_status:
                click.echo(json.dumps(rec) if as_json else _label(rec))
            elif rec["status"] == "unknown" and unknowns is not None:
                unknowns.write((json.dumps(rec) if as_json else _label(rec)) + "\n")

        try:
            _consume(run, each)
        finally:
            if unknowns is not None:
                unknowns.flush()
    kept = kept_n[0]
    what = keep
    if goal.kind in ("score", "cards") and goal.target is not None:
        what = f"{goal} " + ("reached" if keep == "winnable" else "out of reach")
    parts = [f"filter: {tally.deals} deals, {kept} kept ({what}"
             + (", or not certified blocked" if mode == "quick" and keep == "winnable" else "")
             + f"), {tally.deals - kept - tally.unknown} dropped"]
    if tally.unknown:
        reasons = ", ".join(f"{k} {n}" for k, n in sorted(tally.unknown_by.items()))
        where = f"written to {unknowns.name}" if unknowns is not None else \
            "not written: use --unknowns FILE"
        parts.append(f"{tally.unknown} unknown ({reasons}; {where})")
    else:
        parts.append("0 unknown")
    if grades:
        parts.append("graded " + ", ".join(f"{g} {n}" for g, n in sorted(graded.items())))
    click.echo(", ".join(parts), err=True)
    if seeds_out:
        _write_seeds(seeds, source, job.game or job.variant, grades, tally.unknown)


def _goal_status(rec: Record, goal: Goal) -> str:
    """What filter keeps a record by: its status, or for a goal with a target whether the
    target was reached ("winnable"), proven out of reach ("blocked"), or neither."""
    if goal.kind not in ("score", "cards") or goal.target is None:
        return str(rec["status"])
    reached = rec.get("reached")
    return "winnable" if reached is True else "blocked" if reached is False else "unknown"


def _check_seed_options(source: DealSource, mode: str, keep: str, as_json: bool,
                        seeds_out: bool, grades: tuple[str, ...]) -> None:
    """--format pysolfc-seeds and --grade keep proved winnable deals only."""
    what = "--format pysolfc-seeds" if seeds_out else "--grade"
    if mode != "exact" or keep != "winnable":
        raise click.UsageError(f"{what} lists proved winnable deals: use --mode exact and "
                               "--keep winnable")
    if seeds_out and as_json:
        raise click.UsageError("--format pysolfc-seeds writes a Python module: drop --json")
    if seeds_out and source.kind not in ("pysolfc", "lines", "stdin"):
        raise click.UsageError("--format pysolfc-seeds needs PySolFC games: --deals "
                               f"pysolfc:32000:+N, not {source.description}")
    if seeds_out and isinstance(source, PySolFCRangeSource) and source.start < MS_BELOW:
        raise click.UsageError(
            f"--format pysolfc-seeds lists games from {MS_BELOW} up (below, PySolFC deals "
            f"with its Microsoft-compatible generator): start the range at "
            f"pysolfc:{MS_BELOW}, not {source.description}")


def _grade(rec: Record, variant: Variant) -> str:
    """The grade of a winnable record's deal ('pyramids grade'), or why it has none."""
    from pyramids.generator.grading import Grading, grade_deal
    from pyramids.pysolfc.games import PySolFCGame

    if rec.get("deal") is not None:
        deal = Deal.from_number(int(rec["deal"]))
    elif rec.get("pysolfc") is not None:
        deal = PySolFCGame(int(rec["pysolfc"])).deal(variant)
    else:
        deal = Deal.parse_line(str(rec["line"]))
    res = grade_deal(deal, variant)
    return res.grade if isinstance(res, Grading) else f"ungraded ({res.reason})"


def _seed(rec: Record) -> int:
    if rec.get("pysolfc") is None:
        raise click.UsageError(f"--format pysolfc-seeds lists PySolFC games, and deal "
                               f"{_label(rec)} is not one (write it pysolfc:N)")
    return int(rec["pysolfc"])


def _write_seeds(seeds: list[int], source: DealSource, variant: Variant | Rules,
                 grades: tuple[str, ...], unknown: int) -> None:
    from pyramids.pysolfc.seedlists import SeedList, SeedListError, runs, seeds_module

    if unknown:
        raise click.ClickException(f"{unknown} deals are unknown: a seed list is written "
                                   "only when every deal tried is settled")
    tried = ((source.start, source.stop - 1),) if isinstance(source, PySolFCRangeSource) \
        else tuple(runs(seeds))
    command = (f"pyramids filter --deals {source.description} -V {variant.name} "
               + "".join(f"--grade {g} " for g in grades) + "--format pysolfc-seeds")
    try:
        click.echo(seeds_module(SeedList(tuple(seeds), tried, variant, command, grades)),
                   nl=False)
    except SeedListError as e:
        raise click.UsageError(str(e)) from None


def _label(rec: Record) -> str:
    if rec.get("deal") is not None:
        return str(rec["deal"])
    if rec.get("pysolfc") is not None:
        return f"pysolfc:{rec['pysolfc']}"
    return str(rec.get("line"))


@click.command("stats")
@variant_options
@bulk_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--table", type=click.Choice(["sizes", "rules"]),
              help="Instead of one variant: the open bouquet by pyramid size (sizes), or "
                   "the 7-row game by objective, overlap and layout (rules).")
@click.option("--format", "fmt", type=click.Choice(["markdown", "csv"]), default="markdown",
              show_default=True, help="Table format.")
@click.option("--retry-unknown", is_flag=True,
              help="With --resume: first answer again the records of --out that a limit "
                   "left unknown (with the run's own settings), rewriting them in place.")
def stats_cmd(variant: Variant | Rules, deals: str | None, mode: str, engine: str,
              time_limit: float | None, node_limit: int | None, workers: int | None,
              chunk: int | None,
              scheduler: str | None, out: str | None, resume: bool,
              progress: bool | None, goal: Goal, as_json: bool, table: str | None,
              fmt: str, retry_unknown: bool) -> None:
    """Count winnable, blocked and unknown deals; the win rate with its 95% Wilson
    interval; the blocked deals by certificate; the time taken.

    The win rate is over decided deals; unknowns are reported apart. With --goal,
    also the answers' moves (mean, median, most), how many are proven optimal, and
    (MSC) the mean best score.
    """
    source = _source(deals, "give --deals A:B (or a file, or pipe deals on stdin)")
    if table and isinstance(variant, Rules):
        raise click.UsageError(f"--table counts the classic presets' tables, not "
                               f"{variant.name}")
    if table and goal.kind != "win":
        raise click.UsageError("--table counts win rates: it takes no --goal")
    if retry_unknown and (not resume or table or source.kind == "stdin"):
        raise click.UsageError(
            "--retry-unknown answers again the unknown records of the run in --out: "
            + ("it needs --resume" if not resume else "not with --table" if table
               else "give the deals as a range or a file, not stdin"))
    if table:
        _table(table, source, mode, engine, time_limit, workers, chunk, scheduler, out,
               resume, progress, as_json, fmt)
        return
    job = _job(variant, mode, engine, time_limit, node_limit, goal,
               slim=out is None)
    _fits(source, job)
    got = _run_all(workers, chunk, scheduler, lambda runner: run_job_tally(
        runner, source, job, out=out, resume=resume, progress=progress,
        retry=retry_unknown, note=lambda text: click.echo(text, err=True)))
    if got.retried is not None and got.retried.unknown:
        click.echo(f"retried {got.retried.retried}: {got.retried.settled} settled, "
                   f"{got.retried.retried - got.retried.settled} still unknown", err=True)
    seconds = got.seconds
    if as_json:
        limits: dict[str, Any] = {"node_limit": job.node_limit} if job.game is not None else {}
        if got.retried is not None:
            limits["retried"] = got.retried.retried
        obj = got.tally.to_json_obj(variant, seconds, mode=mode, engine=engine,
                                    time_limit=time_limit, **limits, workers=got.workers,
                                    source=source.description, analysed=got.analysed,
                                    resumed=got.read_back,
                                    deals_per_second=round(got.analysed / seconds, 2)
                                    if seconds > 0 else None)
        click.echo(json.dumps(obj))
    else:
        click.echo(format_tally(got.tally, variant, seconds, got.analysed, got.workers))
        if got.read_back:
            click.echo(f"(resumed: {got.read_back} deals read back from {out})")


def _table(kind: str, source: DealSource, mode: str, engine: str, time_limit: float | None,
           workers: int | None, chunk: int | None, scheduler: str | None, out: str | None,
           resume: bool, progress: bool | None, as_json: bool, fmt: str) -> None:
    """Run every cell of a table over the same deals (:func:`pyramids.bulk.run_table`);
    with --out, one file per cell."""
    if source.kind == "stdin":
        raise click.UsageError("--table reads its deals several times: give a range or a file")
    for cell in table_cells(kind):
        if cell.variant is not None:
            _fits(source, Job(cell.variant))
    got = _run_all(workers, chunk, scheduler, lambda runner: run_table(
        kind, runner, source, mode=mode,  # type: ignore[arg-type]
        engine=engine, time_limit=time_limit,  # type: ignore[arg-type]
        out=out, resume=resume, progress=progress))
    if as_json:
        click.echo(json.dumps(got.to_json_obj()))
    elif fmt == "csv":
        click.echo(render_csv(kind, got.results))
    else:
        click.echo(render_markdown(kind, got.results))
        click.echo(f"\n{source.description}, mode {mode}, engine {engine}"
                   + (f", time limit {time_limit:g} s" if time_limit else "")
                   + f"; {got.analysed} deals analysed in {got.seconds:.1f} s"
                   + (f", {got.read_back} read back from {out}" if got.read_back else ""))
