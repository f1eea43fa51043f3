"""``pyramids generate``: graded puzzle collections (JSON lines; see the README.md of
the shipped collections, src/pyramids/data/puzzles/)."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Sequence

import click

from pyramids.bulk import BulkError, RangeSource, default_workers, parse_source
from pyramids.cli.bulk import check_scheduler, scheduler_option
from pyramids.cli.options import said, variant_options
from pyramids.core.variants import Variant
from pyramids.generator.generate import (
    ANY,
    Keeper,
    ScanInterrupted,
    collection_name,
    scan,
    write_atomic,
)
from pyramids.generator.grading import GRADES, Budgets
from pyramids.generator.progress import ScanProgress


def _grades(text: str) -> list[str]:
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if parts in (["all"], [ANY]):
        return parts
    bad = [p for p in parts if p not in GRADES]
    if bad or not parts:
        raise click.BadParameter(
            f"unknown grade {bad[0] if bad else text!r}: use {', '.join(GRADES)} (comma "
            "separated), 'all' (each grade) or 'any'", param_hint="'--grade'")
    return sorted(set(parts), key=GRADES.index)


def _numbers(spec: str) -> Sequence[int]:
    """``A:B`` / ``A:+N``, or a file of deal numbers (one a line, ``#`` comments), in order."""
    try:
        src = parse_source(spec)
        if isinstance(src, RangeSource):
            return range(src.start, src.stop)
        out = []
        for item in src:
            if item.number is None:
                raise click.BadParameter(f"{item.where}: generate needs deal numbers, not cards",
                                         param_hint="'--deals'")
            out.append(item.number)
        return out
    except BulkError as e:
        raise click.BadParameter(said(e), param_hint="'--deals'") from None


@click.command("generate")
@variant_options
@click.option("--count", "-n", type=click.IntRange(min=0), default=10, show_default=True,
              help="Puzzles per grade asked (with --grade any: in all).")
@click.option("--grade", "-g", "grade_text", default="any", show_default=True,
              help="easy, medium, hard, expert, a comma list, 'all' (COUNT of each) or 'any'.")
@click.option("--deals", "-d", "deals", default="0:100000", show_default=True, metavar="A:B",
              help="Deal numbers to scan, in order: A to B-1 (or A:+N), or a file of numbers.")
@click.option("--out", "-o", type=click.Path(dir_okay=False),
              help="JSON-lines file, written atomically (default: stdout).")
@click.option("--collection", help="Collection name in the entries (default: the variant).")
@click.option("--workers", "-j", type=click.IntRange(min=1),
              help=f"Worker processes (default: all cores, here {default_workers()}).")
@scheduler_option
@click.option("--oracle-nodes", type=click.IntRange(min=1000),
              default=Budgets.oracle_nodes, show_default=True,
              help="Node budget per position query (tempting losing moves).")
@click.option("--solve-nodes", type=click.IntRange(min=1000),
              default=Budgets.solve_nodes, show_default=True,
              help="Node budget for proving a deal winnable (or its best Par score).")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: when stderr is a terminal).")
def generate_cmd(variant: Variant, count: int, grade_text: str, deals: str, out: str | None,
                 collection: str | None, workers: int | None, scheduler: str | None,
                 oracle_nodes: int, solve_nodes: int, progress: bool | None) -> None:
    """Scan deals in order, prove them winnable, grade them, keep COUNT of each grade.

    Same arguments, same file. The summary (kept, graded, rejected by reason) goes to
    stderr.
    """
    check_scheduler(workers, scheduler)
    grades = _grades(grade_text)
    numbers = _numbers(deals)
    budgets = Budgets(solve_nodes=solve_nodes, oracle_nodes=oracle_nodes)
    keeper = Keeper.of(grades, count)
    bar = ScanProgress(collection or collection_name(variant), keeper, len(numbers),
                       enabled=progress)
    with contextlib.ExitStack() as stack:
        mapper = None
        if scheduler:  # Dask is imported only here
            from pyramids.bulk.cluster import cluster_mapper

            mapper = stack.enter_context(cluster_mapper(scheduler, bar.note))
        try:
            entries = scan(variant, numbers, keeper, collection=collection,
                           workers=workers or default_workers(), budgets=budgets,
                           on_deal=lambda o, s: bar.update(), mapper=mapper)
        except ScanInterrupted as e:
            bar.close()
            click.echo(e.summary.text(), err=True)
            raise Stopped("interrupted: nothing written (the scan keeps the first puzzles "
                          "in deal order, so run it again, or give --deals from "
                          f"{(e.summary.last_deal or 0) + 1} on for more)") from None
    bar.close()
    summary = keeper.summary
    if out:
        write_atomic(out, entries)
    else:
        for line in entries:
            click.echo(json.dumps(line))
    click.echo(summary.text(), err=True)
    missing = [g for g in (list(GRADES) if grades == ["all"] else grades)
               if g != ANY and summary.kept[g] < count]
    if grades == [ANY] and sum(summary.kept.values()) < count:
        missing = [ANY]
    if missing:
        click.echo(f"warning: fewer than {count} puzzles for {', '.join(missing)} in "
                   f"{deals}", err=True)
    sys.stderr.flush()


class Stopped(click.ClickException):
    """Ctrl-C or SIGTERM: exit status 130."""

    exit_code = 130
