"""``pyramids daily``: the day's challenges (a deal, a goal, a limit; a proven par)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import click

from pyramids import daily as dl
from pyramids.cli.book import Printing, Stopped, print_options
from pyramids.cli.options import UserError, said


def _progress(t0: float) -> Any:
    def show(i: int, n: int, obj: dict[str, Any]) -> None:
        secs = time.perf_counter() - t0
        eta = secs / i * (n - i)
        click.echo(f"\rday {i:,} of {n:,} ({obj['date']}), {secs:.0f} s, about "
                   f"{eta:.0f} s to go ", err=True, nl=i == n)
    return show


def _read_done(path: Path, preset: str) -> dict[str, dict[str, Any]]:
    """The days already made for ``preset`` in ``path`` (JSON lines; a line cut short
    by an interrupt, or made by another version, is made again)."""
    done: dict[str, dict[str, Any]] = {}
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict) and obj.get("variant") == preset and \
                obj.get("version") == dl.VERSION:
            done[str(obj["date"])] = obj
    return done


@click.command("daily")
@click.option("--date", "date_text", required=True, metavar="YYYY-MM-DD",
              help="The day (the first of --days).")
@click.option("--variant", "-V", "preset", default="msc", show_default=True,
              help=f"Preset: {', '.join(dl.PRESETS)}.")
@click.option("--json", "as_json", is_flag=True, help="Print the set as JSON.")
@click.option("--days", type=int, default=1, show_default=True,
              help=f"Days from --date (1 to {dl.MAX_DAYS:,}).")
@click.option("--book", "book", type=click.Path(dir_okay=False, path_type=Path),
              help="Write a PDF of the days: each challenge drawn with its goal and "
                   "limit, the solutions and pars at the back. The days made are kept in "
                   "FILE.jsonl as they come: run again to resume.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes making days.")
@print_options
def daily_cmd(date_text: str, preset: str, as_json: bool, days: int, book: Path | None,
              jobs: int, printing: Printing) -> None:
    """The daily challenges of a date: one per level, easy to expert, each a deal, a
    goal (clear the board, a score, N cards of a rank) and a step limit or none, with a
    solution the referee replayed and its par, the proven fewest steps. The same date
    gives the same set on every machine.
    """
    try:
        first = dl.parse_date(date_text)
        dl.check_days(days)
        dl.check_preset(preset)
    except dl.DailyError as e:
        raise UserError(said(e)) from None
    t0 = time.perf_counter()
    keep = book.with_name(book.name + ".jsonl") if book is not None else None
    done = _read_done(keep, preset) if keep is not None else {}
    show = _progress(t0) if days > 1 else None
    sets = []
    out = keep.open("a", encoding="utf-8") if keep is not None else None
    try:
        for obj in dl.days(first, days, preset, jobs, done, show):
            if out is not None and obj["date"] not in done:
                out.write(json.dumps(obj, separators=(",", ":")) + "\n")
                out.flush()
            sets.append(obj)
    except KeyboardInterrupt:
        kept = f"; the days made are kept in {keep}: run again to resume" if keep else ""
        raise Stopped(f"interrupted after {len(sets)} days{kept}") from None
    finally:
        if out is not None:
            out.close()
    if book is not None:
        made = [dl.Day.from_json(o) for o in sets]  # each solution replayed again
        info = dl.write_book(made, str(book), printing.options())
        click.echo(f"wrote {book}: {days} days, {info.puzzles} challenges, {info.pages} "
                   f"pages in {time.perf_counter() - t0:.1f} s")
        title = dl.book_title(made)
        printing.write_cover(dl.puzzles(made)[0], info.pages, title, "pyramids",
                             f"{info.puzzles} daily challenges with their pars")
        return
    if as_json:
        click.echo(json.dumps(sets[0] if days == 1 else sets))
        return
    for obj in sets:
        click.echo(_text(obj))


def _text(obj: dict[str, Any]) -> str:
    out = [f"{obj['date']}: daily challenges ({obj['variant']})"]
    for c in obj["challenges"]:
        ev = c["evidence"]
        out.append(f"  {c['level']:<7} {c['words']}: deal {c['number']}, par {c['steps']} "
                   f"(players {ev['reached']}/{ev['games']}, first moves "
                   f"{ev['first_moves']}/{ev['of_first_moves']})")
        out.append(f"          solution: {' '.join(c['solution'])}")
    return "\n".join(out)
