"""The ``pyramids`` command line: thin commands over the library."""

from __future__ import annotations

import click

from .. import __version__
from . import book, bulk, core, serve
from .check import check as check_cmd
from .daily import daily_cmd
from .generate import generate_cmd
from .grade import grade_cmd
from .options import PyramidsGroup
from .solve import solve_cmd


@click.group(cls=PyramidsGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog="The rules played, the notation and the deal numbers: docs/rules.md "
                    "in the pyramids source repository.")
@click.version_option(__version__, prog_name="pyramids")
def main() -> None:
    """Solve, filter, count and typeset the Pyramid family of solitaires."""


for _command in (core.deal, core.replay, core.variants, serve.serve,
                 bulk.filter_cmd, bulk.stats_cmd, book.book,
                 generate_cmd, grade_cmd, check_cmd, solve_cmd, daily_cmd):
    main.add_command(_command)
