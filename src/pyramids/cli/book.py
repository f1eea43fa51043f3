"""``pyramids book``: typeset puzzles and their solutions as a PDF."""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from pyramids.book import BookOptions, gather, read_jsonl, shipped_collections, write_book
from pyramids.book import puzzles as book_puzzles
from pyramids.book.cover import write_cover
from pyramids.book.pages import PAGE_SIZES, TRIMS
from pyramids.book.puzzles import GRADES, Puzzle
from pyramids.book.text import variant_title
from pyramids.bulk import default_workers
from pyramids.cli.bulk import check_scheduler, scheduler_option
from pyramids.core.variants import Variant


class Stopped(click.ClickException):
    """Ctrl-C or SIGTERM while generating: exit status 130."""

    exit_code = 130


def _make(hook: Callable[..., list[dict[str, Any]]], workers: int, mapper: Any,
          progress: bool | None, variant: Variant, count: int,
          grades: Sequence[str] | None, exclude: set[int]) -> list[dict[str, Any]]:
    """The generator's book hook with this command's workers, cluster and progress."""
    return hook(variant, count, grades, exclude, workers=workers, mapper=mapper,
                progress=progress)


@dataclass(frozen=True)
class Printing:
    """The print options ``pyramids book`` and ``pyramids daily --book`` share
    (:func:`print_options`): the page, large print, density and the cover."""

    size: str
    large_print: bool
    per_page: int
    cover: Path | None
    paper: str
    description: str | None

    def options(self, **more: Any) -> BookOptions:
        """The book's options: these, and ``more`` (title, author, subtitle)."""
        return BookOptions(page_size=self.size, large_print=self.large_print,
                           per_page=self.per_page, **more)

    def write_cover(self, puzzle: Puzzle, pages: int, title: str, author: str,
                    subtitle: str) -> None:
        """Write the cover asked with ``--cover`` (nothing when none was)."""
        if self.cover is None:
            return
        write_cover(self.cover, puzzle, self.size, pages, self.paper, title, author,
                    self.description, subtitle)
        click.echo(f"wrote {self.cover}: the cover for {pages} pages on {self.paper} paper")


def print_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """Add the print options to a command; it gets them as one ``printing`` argument
    (:class:`Printing`). ``--trim`` and ``--page-size`` together is a usage error."""

    @functools.wraps(f)
    def run(*args: Any, trim: str | None, page_size: str | None, large_print: bool,
            per_page: str, cover: Path | None, paper: str, description: str | None,
            **kwargs: Any) -> Any:
        if trim is not None and page_size is not None:
            raise click.UsageError("give --trim or --page-size, not both (--page-size "
                                   "letter is --trim 8.5x11)")
        printing = Printing(trim or page_size or "a4", large_print, int(per_page), cover,
                            paper, description)
        return f(*args, printing=printing, **kwargs)

    options = [
        click.option("--trim", type=click.Choice(list(TRIMS)), default=None,
                     help="Trim size for print on demand, in inches or A5/A4: mirrored "
                          "margins, the inside one growing with the page count (KDP's "
                          "gutter table). Default: a4."),
        click.option("--page-size", type=click.Choice(list(PAGE_SIZES)), default=None,
                     help="a4 or letter (the older name of the 8.5x11 trim); not with "
                          "--trim."),
        click.option("--large-print", is_flag=True,
                     help="Large print: every text at least 16 pt, cards at least 53 pt "
                          "wide; needs a large trim (8.5x11, A4)."),
        click.option("--per-page", type=click.Choice(["1", "2", "4"]), default="1",
                     show_default=True,
                     help="Puzzles a page (the cards at least 24 pt wide: an error names "
                          "the options if they would not be)."),
        click.option("--cover", type=click.Path(dir_okay=False, path_type=Path),
                     default=None,
                     help="Also write a wrap-around cover PDF (back, spine, front, bleed) "
                          "sized for the book's page count."),
        click.option("--paper", type=click.Choice(["white", "cream"]), default="white",
                     show_default=True, help="The paper printed on: sets the spine."),
        click.option("--description", default=None,
                     help="The back cover's text (default: a sentence about the book)."),
    ]
    for option in reversed(options):
        run = option(run)
    return run


@click.command("book")
@click.option("--variant", "-V", "variants", multiple=True,
              help="Variant(s) in the book, e.g. giza, pyramid, par-pyramid, giza-6x4 "
                   "(repeat the option; default: every variant the collections hold).")
@click.option("--grade", "grades", multiple=True, type=click.Choice(GRADES),
              help="Keep only these grades (repeat the option for several). Default: each "
                   "variant's puzzles climb from easy to expert (1:1:2:2).")
@click.option("--count", "-n", default=24, show_default=True, type=click.IntRange(1, 1000),
              help="Number of puzzles, shared evenly between the variants.")
@click.option("--from", "sources", multiple=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Puzzle collection (JSON lines); repeat for several. "
                   "Default: the collections of --puzzles-dir.")
@click.option("--puzzles-dir", default=None,
              type=click.Path(file_okay=False, path_type=Path),
              help="Folder of collections (*.jsonl). Default: those shipped with pyramids.")
@click.option("--title", default="Pyramid Solitaire Puzzles", show_default=True)
@click.option("--author", default="pyramids", show_default=True)
@click.option("--out", "-o", default="output/book.pdf", show_default=True,
              type=click.Path(dir_okay=False, path_type=Path))
@click.option("--on-the-fly/--no-on-the-fly", default=True, show_default=True,
              help="Make up for puzzles the collections lack: with the puzzle generator "
                   "(graded) if installed, else by solving deals (ungraded).")
@click.option("--solve-only", is_flag=True,
              help="On the fly, only solve deals (ungraded, faster than generating).")
@click.option("--time-limit", default=5.0, show_default=True, type=float,
              help="Seconds per deal when solving on the fly.")
@click.option("--workers", "-j", type=click.IntRange(min=1),
              help="Worker processes generating on the fly (default: all cores, here "
                   f"{default_workers()}).")
@scheduler_option
@print_options
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr while generating on the fly (default: when "
                   "stderr is a terminal).")
def book(variants: tuple[str, ...], grades: tuple[str, ...], count: int,
         sources: tuple[Path, ...], puzzles_dir: Path | None, title: str, author: str,
         printing: Printing, out: Path, on_the_fly: bool, solve_only: bool,
         time_limit: float, workers: int | None, scheduler: str | None,
         progress: bool | None) -> None:
    """Make a PDF puzzle book: title page, rules, contents, puzzles, solutions.

    By default: 24 puzzles from the shipped collections, shared between their variants,
    each variant's climbing from easy to expert in order of difficulty. When the
    collections hold too few of what is asked, the puzzle generator makes the rest
    (graded, on all cores, with a progress bar; Ctrl-C stops it, and nothing is written).
    """
    check_scheduler(workers, scheduler)
    t0 = time.perf_counter()
    files = list(sources) or shipped_collections(puzzles_dir)
    pool: list[Puzzle] = []
    for f in files:
        pool += read_jsonl(f, check=False)  # the puzzles chosen are checked by gather
    with contextlib.ExitStack() as stack:
        maker = None
        hook = book_puzzles.find_maker() if on_the_fly and not solve_only else None
        if hook is not None:
            mapper = None
            if scheduler:  # Dask is imported only here
                from pyramids.bulk.cluster import cluster_mapper

                mapper = stack.enter_context(cluster_mapper(
                    scheduler, lambda msg: click.echo(msg, err=True)))
            maker = functools.partial(_make, hook, workers or default_workers(), mapper,
                                      progress)
        try:
            chosen = gather(pool, list(variants) or None, list(grades) or None, count,
                            on_the_fly=on_the_fly, time_limit=time_limit,
                            use_generator=not solve_only, maker=maker,
                            progress=lambda msg: click.echo(msg, err=True))
        except KeyboardInterrupt as e:
            summary = getattr(e, "summary", None)
            done = f" after {summary.scanned} deals" if summary is not None else ""
            raise Stopped(f"interrupted{done}: no book written") from None
    if len(chosen) < count:
        click.echo(f"note: only {len(chosen)} puzzles available ({count} asked)", err=True)
    info = write_book(chosen, out, printing.options(title=title, author=author))
    per: dict[str, int] = {}
    for p in chosen:
        per[variant_title(p.variant)] = per.get(variant_title(p.variant), 0) + 1
    parts = ", ".join(f"{k} {n}" for k, n in per.items())
    noun = "puzzle" if info.puzzles == 1 else "puzzles"
    click.echo(f"wrote {out}: {info.puzzles} {noun} ({parts}), {info.pages} pages, "
               f"{info.bytes // 1024} KiB in {time.perf_counter() - t0:.1f} s")
    printing.write_cover(chosen[0], info.pages, title, author,
                         f"{info.puzzles} {noun} with solutions")


@click.command("preflight")
@click.argument("book_pdf", metavar="BOOK.pdf",
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--cover", "cover_pdf", metavar="COVER.pdf", default=None,
              type=click.Path(dir_okay=False, path_type=Path),
              help="The book's wrap-around cover: its size must be the interior's.")
def preflight_cmd(book_pdf: Path, cover_pdf: Path | None) -> None:
    """Check a book's PDF (any PDF) as a print-on-demand service would: fonts embedded,
    a known trim, at least 24 pages and an even count, nothing outside the margins its
    page count asks (KDP's), and the cover's size. Exit 0 when clean, 1 with each
    problem named by page."""
    from pyramids.book.preflight import preflight

    report = preflight(book_pdf, cover_pdf)
    for problem in report.problems:
        click.echo(str(problem))
    what = f"{report.pages} pages, trim {report.trim or 'unknown'}"
    if report.clean:
        checked = " and its cover" if cover_pdf is not None else ""
        click.echo(f"{book_pdf}{checked}: clean ({what}, every font embedded)")
        return
    n = len(report.problems)
    click.echo(f"{book_pdf}: {n} problem{'s' if n != 1 else ''} ({what})", err=True)
    raise SystemExit(1)
