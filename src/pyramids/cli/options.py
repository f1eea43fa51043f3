"""Shared CLI plumbing: the variant options every command takes, deal parsing, errors."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from pyramids.answers.goals import GOAL_SYNTAX, Goal
from pyramids.core.deals import Deal
from pyramids.core.errors import PyramidsError, VariantError
from pyramids.core.messages import FLAGS
from pyramids.core.rules import get_rules, is_game
from pyramids.core.variants import (
    OBJECTIVES,
    SCORINGS,
    STOCK_TOPS,
    STOCK_WASTE,
    Variant,
    build_variant,
)
from pyramids.pysolfc.games import PySolFCGame, match_spec

F = TypeVar("F", bound=Callable[..., Any])


def said(e: PyramidsError) -> str:
    """A library error's message in the command line's words (its flags)."""
    return e.said(FLAGS)


class UserError(click.ClickException):
    """Bad input or an illegal request: the message, and exit status 2."""

    exit_code = 2


class PyramidsGroup(click.Group):
    """Turns every library error into a clean message with exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PyramidsError as e:
            raise UserError(said(e)) from None


class DealType(click.ParamType):  # type: ignore[type-arg]  # generic only in click >= 8.2
    """A deal number, ``pysolfc:N``, a one-line deal, a file holding a deal (any form), or
    ``-`` for stdin.

    A PySolFC game comes back as a :class:`~pyramids.pysolfc.games.PySolFCGame`: its cards
    depend on the variant, which :func:`variant_options` resolves it with."""

    name = "DEAL"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Deal | PySolFCGame:
        if isinstance(value, Deal | PySolFCGame):
            return value
        text = str(value)
        try:
            if text == "-":
                return _deal_or_game(sys.stdin.read())
            if text.strip().isdigit():
                return Deal.from_number(int(text))
            if len(text) < 4096 and os.path.isfile(text):
                with open(text, encoding="utf-8") as f:
                    return _deal_or_game(f.read())
            return _deal_or_game(text)
        except PyramidsError as e:
            self.fail(said(e), param, ctx)


def _deal_or_game(text: str) -> Deal | PySolFCGame:
    if match_spec(text) is not None:
        return PySolFCGame.parse(text)
    return Deal.parse(text)


def resolve_deals(kwargs: dict[str, Any], variant: Variant) -> None:
    """Deal the PySolFC games among a command's arguments for ``variant`` (in place);
    a variant PySolFC does not deal that way is a usage error (exit status 2)."""
    for key, value in kwargs.items():
        if isinstance(value, PySolFCGame):
            try:
                kwargs[key] = value.deal(variant)
            except PyramidsError as e:
                raise click.BadParameter(said(e), param_hint=f"'{key.upper()}' ({value})"
                                         ) from None


class PassesType(click.ParamType):  # type: ignore[type-arg]
    name = "N|unlimited"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        from pyramids.core.variants import parse_passes

        if value is None or isinstance(value, int):
            return value
        try:
            n = parse_passes(value)
        except VariantError as e:
            self.fail(said(e), param, ctx)
        return "unlimited" if n is None else n


class GoalType(click.ParamType):  # type: ignore[type-arg]
    """``board``, ``moves``, ``score``, ``score:N``, ``cards:RANK:N`` (or ``win``)."""

    name = "GOAL"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Goal:
        if isinstance(value, Goal):
            return value
        try:
            return Goal.parse(str(value))
        except PyramidsError as e:
            self.fail(said(e), param, ctx)


DEAL = DealType()
GOAL = GoalType()

goal_option = click.option(
    "--goal", type=GOAL, default="win", show_default=True,
    help=f"What to answer: {GOAL_SYNTAX}. win: can it be won (a line); board: the fewest "
         "moves that clear the pyramid; moves: the fewest that win; score: the highest MSC "
         "score in the fewest moves (score:N: the fewest moves to N points); cards:RANK:N: "
         "the fewest moves that discard N cards of RANK (or the most that can go).")

_VARIANT_KEYS = ("variant", "rows", "rest", "draw", "passes", "stock_waste", "overlap",
                 "objective", "scoring", "stock_top", "auto_deal")


#: The commands that answer PySolFC's games of core.rules so far (the general engines)
GAME_COMMANDS = ("check", "solve_cmd", "filter_cmd", "stats_cmd", "grade_cmd")


def _game_command(f: Callable[..., Any], opts: dict[str, Any], args: Any,
                  kwargs: dict[str, Any]) -> Any:
    """Run ``f`` for one of PySolFC's games of :data:`pyramids.core.rules.GAMES`: the
    variant is its :class:`~pyramids.core.rules.Rules`, each deal a ``GameDeal``."""
    from pyramids.cli.family import check_rules_options
    from pyramids.pysolfc.family import game_deal

    rules = get_rules(opts["variant"])
    if f.__name__ not in GAME_COMMANDS:
        raise click.UsageError(f"-V {rules.name}: this command does not play PySolFC's "
                               f"{rules.title} yet (check, solve, stats, filter and "
                               "grade do)")
    check_rules_options(opts, rules)
    kwargs["variant"] = rules
    for key, value in kwargs.items():
        if isinstance(value, Deal | PySolFCGame):
            try:
                kwargs[key] = game_deal(value, rules)
            except PyramidsError as e:
                raise click.BadParameter(said(e), param_hint=f"'{key.upper()}'") from None
    return f(*args, **kwargs)


def variant_options(f: F) -> F:
    """Add ``--variant`` and every rule option; the command receives ``variant: Variant``."""
    decorators = [
        click.option("--variant", "-V", default="pyramid", show_default=True,
                     help="Preset: pyramid, par-pyramid, cheops, king-tut, tuts-tomb, giza, "
                          "giza-6x4, bouquet (great-triangle = pyramid), msc (Microsoft "
                          "Solitaire Collection's Pyramid); PySolFC's games: "
                          "pysolfc-pyramid, pysolfc-relaxed-pyramid, pysolfc-giza, "
                          "pysolfc-king-tut; with check, solve, stats, filter and grade "
                          "also "
                          "pysolfc-pyramid-thirteen, pysolfc-pharaohs, pysolfc-apophis, "
                          "pysolfc-cheops, pysolfc-two-pyramids, pysolfc-double-pyramid, "
                          "pysolfc-triangle, pysolfc-up-and-down, pysolfc-pyramid-dozen, "
                          "pysolfc-eleven-triangle (deals: pysolfc:N)."),
        click.option("--rows", type=click.IntRange(1, 9), help="Pyramid rows (default 7)."),
        click.option("--rest", help="Where the other cards go: stock, bouquet, tableau:CxR."),
        click.option("--draw", type=click.Choice(["1", "3"]), help="Stock cards per deal."),
        click.option("--passes", type=PassesType(),
                     help="Passes through the stock: 1, 3, ... or unlimited."),
        click.option("--stock-waste", type=click.Choice(STOCK_WASTE),
                     help="May hand and waste top be matched?"),
        click.option("--overlap/--no-overlap", default=None,
                     help="Overlap discards (a card with the sole card covering it)."),
        click.option("--objective", type=click.Choice(OBJECTIVES),
                     help="Discard all 52 cards, or just clear the pyramid."),
        click.option("--scoring", type=click.Choice(SCORINGS),
                     help="Par scoring, or MSC's (5 a removal, a bonus a row cleared)."),
        click.option("--stock-top", type=click.Choice(STOCK_TOPS),
                     help="face-up: the stock's top card shows and is available, a draw "
                          "moves it to the waste (MSC); face-down: a deal turns it into the "
                          "hand."),
        click.option("--auto-deal/--no-auto-deal", default=None,
                     help="PySolFC's Auto deal option (on in the pysolfc-* presets, as in "
                          "PySolFC): an empty waste is dealt to by itself, no move of the "
                          "line. --no-auto-deal for players who switched it off."),
    ]

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        opts = {k: kwargs.pop(k, None) for k in _VARIANT_KEYS}
        if is_game(opts["variant"] or ""):
            return _game_command(f, opts, args, kwargs)
        try:
            kwargs["variant"] = build_variant(**opts)
        except VariantError as e:
            raise click.UsageError(said(e)) from None
        resolve_deals(kwargs, kwargs["variant"])
        return f(*args, **kwargs)

    for d in reversed(decorators):
        wrapper = d(wrapper)
    return wrapper  # type: ignore[return-value]
