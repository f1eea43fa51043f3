"""The core commands: ``deal``, ``replay``, ``variants``."""

from __future__ import annotations

import json
import sys

import click

from pyramids.cli.options import DEAL, variant_options
from pyramids.core.deals import Deal
from pyramids.core.moves import parse_moves
from pyramids.core.referee import replay as referee_replay
from pyramids.core.variants import PRESETS, Variant


@click.command()
@click.argument("deal", type=DEAL)
@variant_options
@click.option("--format", "fmt", type=click.Choice(["pretty", "line", "json"]), default="pretty",
              show_default=True)
@click.option("--symbols", is_flag=True, help="Suit symbols (♣♦♥♠) in the pretty form.")
def deal(deal: Deal, variant: Variant, fmt: str, symbols: bool) -> None:
    """Show DEAL (a number, a one-line deal or a file) laid out for the variant."""
    if fmt == "line":
        click.echo(deal.line())
    elif fmt == "json":
        click.echo(deal.to_json(variant))
    else:
        click.echo(deal.pretty(variant, symbols=symbols))


@click.command()
@click.argument("deal", type=DEAL)
@click.argument("moves", nargs=-1)
@variant_options
@click.option("--file", "-f", "path", type=click.File("r"),
              help="Read the moves from a file ('-' for stdin).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def replay(deal: Deal, moves: tuple[str, ...], variant: Variant, path: click.File | None,
           as_json: bool) -> None:
    """Check a solution for DEAL: every move legal and the game won at the end.

    MOVES are given as arguments (KC 9H+4C deal ...), with --file, or on stdin.
    """
    if moves:
        text = " ".join(moves)
    elif path is not None:
        text = path.read()  # type: ignore[attr-defined]
    else:
        text = sys.stdin.read()
    result = referee_replay(deal, variant, parse_moves(text))
    if as_json:
        click.echo(json.dumps({"ok": True, "moves": result.moves, "won": result.won,
                               "cards_left": result.cards_left, "score": result.score}))
        return
    line = f"ok: {result.moves} moves, " + ("won" if result.won else
                                              f"{result.cards_left} cards left")
    if result.score is not None:
        line += f", par score {result.score}"
    click.echo(line)


@click.command()
@click.option("--json", "as_json", is_flag=True)
def variants(as_json: bool) -> None:
    """List the presets and their rules."""
    if as_json:
        click.echo(json.dumps([v.options() for v in PRESETS.values()], indent=1))
        return
    for v in PRESETS.values():
        click.echo(v.describe())
    click.echo("great-triangle: another name for pyramid")
