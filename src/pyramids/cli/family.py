"""``check`` and ``solve`` for PySolFC's pyramid games of :mod:`pyramids.core.rules`
(``-V pysolfc-pharaohs``...): the same commands, answered by the general engines."""

from __future__ import annotations

import json
from typing import Any

import click

from pyramids.answers.family import GameEngine, GameVerdict, check_game
from pyramids.answers.goals import Goal
from pyramids.core.board import GameDeal, replay
from pyramids.core.cards import parse_cards
from pyramids.core.deals import Deal
from pyramids.core.errors import DealError
from pyramids.core.rules import Rules
from pyramids.pysolfc.games import PySolFCGame

#: the classic commands' rule options, which PySolFC's games fix themselves
RULE_OPTIONS = ("rows", "rest", "draw", "passes", "stock_waste", "overlap", "objective",
                "scoring", "stock_top", "auto_deal")


def game_deal(value: Any, rules: Rules) -> GameDeal:
    """A command's DEAL for ``rules``: ``pysolfc:N`` dealt as PySolFC deals game N, or the
    cards as they lie (one deck's 52 in layout order)."""
    if isinstance(value, PySolFCGame):
        from pyramids.pysolfc.family import family_cards

        assert rules.pysolfc is not None
        return GameDeal(family_cards(rules.pysolfc, value), pysolfc=value.key)
    if isinstance(value, Deal):
        if value.number is not None and value.line() == Deal.from_number(value.number).line():
            raise DealError(f"{rules.name} is dealt by PySolFC's game numbers: write "
                            f"pysolfc:{max(value.number, 1)}, not {value.number}")
        if rules.cards != 52:
            raise DealError(f"{rules.name} is dealt {rules.cards} cards; write pysolfc:N")
        return GameDeal(tuple(parse_cards(value.line())))
    raise DealError(f"not a deal of {rules.name}: {value!r}")


def check_rules_options(opts: dict[str, Any], rules: Rules) -> None:
    given = [k for k in RULE_OPTIONS if opts.get(k) is not None]
    if given:
        flags = ", ".join("--" + k.replace("_", "-") for k in given)
        raise click.UsageError(f"{flags}: {rules.name} plays PySolFC's rules as they are "
                               "(the rule options change the classic presets only)")


def run(deal: GameDeal, rules: Rules, *, after: str, node_limit: int | None,
        time_limit: float | None, as_json: bool, engine: GameEngine = "pairs") -> None:
    """Answer and print, as ``check`` and ``solve`` do for the classic presets."""
    start = tuple(after.split())
    verdict = check_game(rules, deal.cards, start=start, node_limit=node_limit,
                         time_limit=time_limit, engine=engine)
    if as_json:
        click.echo(json.dumps(verdict.to_json_obj() | {
            "pysolfc": deal.pysolfc, "line": deal.line()}))
        return
    echo(deal, rules, verdict)


def echo(deal: GameDeal, rules: Rules, verdict: GameVerdict) -> None:
    name = f"deal {deal.label()}" if deal.label() else "deal"
    click.echo(f"{name}: {rules.describe()}")
    click.echo(f"verdict: {verdict.status} (engine {verdict.engine}, "
               f"{verdict.seconds * 1000:.1f} ms CPU, {verdict.nodes:,} "
               f"{'branches' if verdict.engine == 'cpsat' else 'positions'})")
    if verdict.certificate is not None:
        click.echo(f"certificate: {verdict.certificate.kind}: {verdict.certificate.detail}")
    if verdict.reason:
        click.echo(f"reason: {verdict.reason}")
    if verdict.line:
        board = replay(rules, deal.cards, [])
        click.echo(f"solution ({len(verdict.line)} clicks):")
        width = len(str(len(verdict.line)))
        for i, step in enumerate(verdict.line, 1):
            move = board.parse(step)
            board.push(move)
            auto = "  (the talon deals to the empty waste by itself)" \
                if board.automatic[-1] else ""
            click.echo(f"{i:>{width}}. {step}{auto}")


def answer(deal: Deal | GameDeal, rules: Rules, goal: Goal, engine: str, *,
           time_limit: float | None, node_limit: int | None, after: str,
           as_json: bool) -> None:
    """``check``/``solve`` of one of PySolFC's games: the general engines' verdict
    (``auto`` and ``search``: the general search; ``cpsat``: the CP-SAT model of the
    rules, where it states the game)."""
    if goal.kind != "win":
        raise click.UsageError(f"--goal {goal}: {rules.name} is answered for a win so far")
    if engine == "cpsat" and node_limit is not None:
        raise click.UsageError("--node-limit is the search's limit; CP-SAT takes --time-limit")
    assert isinstance(deal, GameDeal)
    run(deal, rules, after=after, node_limit=node_limit, time_limit=time_limit,
        as_json=as_json, engine="cpsat" if engine == "cpsat" else "pairs")
