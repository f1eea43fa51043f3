"""The ``pyramids`` command line: thin commands over the library.

Each command's module is imported when that command runs (or when ``--help`` lists
them), so that a command loads only what it needs: ``pyramids check 17`` loads neither
the book's reportlab, nor the service, nor Dask (``tests/test_startup.py``).
"""

from __future__ import annotations

import importlib

import click

from pyramids import __version__
from pyramids.cli.options import PyramidsGroup

#: Every command: its name -> ``module:attribute`` in this package.
COMMANDS: dict[str, str] = {
    "book": "book:book",
    "check": "check:check",
    "daily": "daily:daily_cmd",
    "deal": "core:deal",
    "filter": "bulk:filter_cmd",
    "generate": "generate:generate_cmd",
    "grade": "grade:grade_cmd",
    "preflight": "book:preflight_cmd",
    "replay": "core:replay",
    "serve": "serve:serve",
    "solve": "solve:solve_cmd",
    "stats": "bulk:stats_cmd",
    "variants": "core:variants",
}


class LazyGroup(PyramidsGroup):
    """A group whose commands are imported by name when asked for (:data:`COMMANDS`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands or cmd_name not in COMMANDS:
            return super().get_command(ctx, cmd_name)
        module, attribute = COMMANDS[cmd_name].split(":")
        command = getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
        assert isinstance(command, click.Command) and command.name == cmd_name, command
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog="The rules played, the notation and the deal numbers: docs/rules.md "
                    "in the pyramids source repository.")
@click.version_option(__version__, prog_name="pyramids")
def main() -> None:
    """Solve, filter, count and typeset the Pyramid family of solitaires."""
