"""``check`` and ``solve`` for PySolFC's pyramid games of :mod:`pyramids.core.rules`
(``-V pysolfc-pharaohs``...): the same commands, answered by the general engines."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click

from pyramids.answers.family import (
    GameEngine,
    GameGoalAnswer,
    GameVerdict,
    check_game,
    fewest_moves,
)
from pyramids.answers.goals import WIN, Goal
from pyramids.core.board import GameDeal, replay
from pyramids.core.deals import Deal
from pyramids.core.rules import Rules

#: ``--engine`` for the games: ``search`` the general search alone, ``cpsat`` the CP-SAT
#: model alone, anything else (``auto``) the search, then CP-SAT on what it leaves
GAME_ENGINE_OF: dict[str, GameEngine] = {"search": "pairs", "cpsat": "cpsat"}

#: the classic commands' rule options, which PySolFC's games fix themselves
RULE_OPTIONS = ("rows", "rest", "draw", "passes", "stock_waste", "overlap", "objective",
                "scoring", "stock_top", "auto_deal")


def check_rules_options(opts: dict[str, Any], rules: Rules) -> None:
    given = [k for k in RULE_OPTIONS if opts.get(k) is not None]
    if given:
        flags = ", ".join("--" + k.replace("_", "-") for k in given)
        raise click.UsageError(f"{flags}: {rules.name} plays PySolFC's rules as they are "
                               "(the rule options change the classic presets only)")


def run(deal: GameDeal, rules: Rules, *, after: str, node_limit: int | None,
        time_limit: float | None, as_json: bool, goal: Goal = WIN,
        engine: GameEngine = "auto") -> None:
    """Answer and print, as ``check`` and ``solve`` do for the classic presets: the
    verdict, or with ``--goal moves`` the fewest moves that win."""
    start = tuple(after.split())
    got: GameVerdict | GameGoalAnswer
    if goal.kind == "moves":
        got = fewest_moves(rules, deal.cards, start=start, node_limit=node_limit,
                           time_limit=time_limit)
    else:
        got = check_game(rules, deal.cards, start=start, node_limit=node_limit,
                         time_limit=time_limit, engine=engine)
    if as_json:
        click.echo(json.dumps(got.to_json_obj() | {
            "pysolfc": deal.pysolfc, "line": deal.line()}))
        return
    if isinstance(got, GameGoalAnswer):
        echo(deal, rules, got.verdict, goal_words(got))
    else:
        echo(deal, rules, got)


def goal_words(a: GameGoalAnswer) -> list[str]:
    """``--goal moves``' answer in words, as the classic presets' (goals.describe)."""
    out = ["goal moves: the fewest clicks that win"]
    if a.steps is not None and a.optimal:
        out.append(f"answer: {a.steps} clicks, proven the fewest")
    elif a.steps is not None:
        out.append(f"answer: {a.steps} clicks, the fewest found, not proven; at least "
                   f"{a.steps_bound} (proven)")
    elif a.verdict.status == "blocked":
        out.append("answer: none: the goal cannot be reached (proven)")
    else:
        out.append(f"answer: unknown; at least {a.steps_bound} clicks (proven)")
    return out


def echo(deal: GameDeal, rules: Rules, verdict: GameVerdict,
         goal: Sequence[str] = ()) -> None:
    name = f"deal {deal.label()}" if deal.label() else "deal"
    click.echo(f"{name}: {rules.describe()}")
    click.echo(f"verdict: {verdict.status} (engine {verdict.engine}, "
               f"{verdict.seconds * 1000:.1f} ms CPU, {verdict.nodes:,} "
               f"{'branches' if verdict.engine == 'cpsat' else 'positions'})")
    for line in goal:
        click.echo(line)
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
    rules, where it states the game), or the fewest moves (``--goal moves``)."""
    if goal.kind not in ("win", "moves"):
        raise click.UsageError(f"--goal {goal}: {rules.name} is answered for a win or the "
                               "fewest moves (--goal moves) so far")
    if engine == "cpsat" and goal.kind == "moves":
        raise click.UsageError("--goal moves: the fewest moves come from the general "
                               "search (A*); leave --engine out")
    if engine == "cpsat" and node_limit is not None:
        raise click.UsageError("--node-limit is the search's limit; CP-SAT takes --time-limit")
    assert isinstance(deal, GameDeal)
    run(deal, rules, after=after, node_limit=node_limit, time_limit=time_limit,
        as_json=as_json, goal=goal, engine=GAME_ENGINE_OF.get(engine, "auto"))
