"""``pyramids solve``: the exact engines on one deal (the portfolio by default)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import click

from pyramids.answers.ask import ask
from pyramids.answers.goals import Goal, GoalAnswer, describe
from pyramids.answers.portfolio import ENGINES
from pyramids.cli.options import DEAL, goal_option, variant_options
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move, format_moves, parse_moves
from pyramids.core.rules import Rules
from pyramids.core.variants import Variant
from pyramids.core.verdict import Verdict
from pyramids.pysolfc.notes import notes_json, step_notes


def draw_position(game: Game) -> str:
    """The position as text: the pyramid (``..`` for a discarded card) and the rest."""
    v = game.variant
    lines = []
    width = v.rows * 4
    for r in range(1, v.rows + 1):
        first = r * (r - 1) // 2
        cells = []
        for p in range(first, first + r):
            c = game.pyramid_layout[p]
            cells.append(".." if game.is_removed(c) else str(c))
        lines.append("  ".join(cells).center(width).rstrip())
    if v.rest == "tableau":
        cols = [" ".join(map(str, game.column_cards(c))) or "--" for c in range(len(game.columns))]
        lines.append("tableau: " + " | ".join(cols))
    elif v.rest == "bouquet":
        lines.append("bouquet: " + (" ".join(map(str, game.bouquet())) or "--"))
    else:
        stock = " ".join(map(str, game.stock)) or "--"
        waste = " ".join(map(str, game.waste)) or "--"
        lines.append(f"stock: {stock}" + ("   (the first card shows)" if v.face_up and
                                           game.stock else ""))
        lines.append(f"waste: {waste}" + (f"   hand: {game.hand}" if v.has_hand else "")
                     + f"   pass {game.pass_no}")
    return "\n".join(lines)


def show_solution(deal: Deal, variant: Variant, moves: tuple[Move, ...], every: int) -> str:
    """Numbered moves, with the position drawn at the start and after every ``every`` moves."""
    game = Game(deal, variant)
    out = [draw_position(game), ""]
    for i, m in enumerate(moves, 1):
        game.push(m)
        out.append(f"{i:3d}. {m}")
        if i % every == 0 or i == len(moves):
            out += ["", draw_position(game), ""]
    return "\n".join(out).rstrip()


def numbered_line(deal: Deal, variant: Variant, moves: Sequence[Move]) -> str:
    """One numbered move a line; under a PySolFC preset with a talon, each click with
    what the player sees happen (:func:`pyramids.pysolfc.notes.step_notes`)."""
    notes = step_notes(deal, variant, moves)
    if not notes:
        return format_moves(moves, numbered=True)
    width = len(str(len(moves)))
    return "\n".join(f"{i:>{width}}. {m!s:<7}  {n}".rstrip()
                     for i, (m, n) in enumerate(zip(moves, notes, strict=True), 1))


def compile_first(variant: Variant, goal: Goal) -> None:
    """The kernels a solve of ``variant`` runs, compiled before it is timed (loaded from
    numba's cache in a few hundredths of a second, or compiled once after install: then
    said on stderr, so that a wait of seconds is explained and not counted as solving)."""
    from pyramids.warmup import ready  # (numba and the kernels: not for every command)

    said: list[bool] = []

    def notice() -> None:
        said.append(True)
        click.echo("pyramids: compiling the solver (once after install, about 10 s)...",
                   err=True)

    spent = ready(variant, goal=goal.kind != "win", notice=notice)
    if said:
        click.echo(f"pyramids: solver compiled in {spent:.1f} s (not counted in the time "
                   "shown)", err=True)


@click.command("solve")
@click.argument("deal", type=DEAL)
@variant_options
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
@click.option("--show", is_flag=True, help="Draw the position every few moves.")
@click.option("--every", type=click.IntRange(1), default=5, show_default=True,
              help="With --show: moves between drawings.")
@click.option("--after", "after", metavar="MOVES", default="",
              help="Solve the position after these moves from the deal ('KC 9H+4C deal').")
@click.option("--engine", type=click.Choice(ENGINES), default="auto",
              show_default=True,
              help="The search, CP-SAT, or auto (the engine portfolio: per variant, the "
                   "order and budgets measured fastest).")
@click.option("--node-limit", type=click.IntRange(1),
              help="Give up (unknown) after N positions (the search alone).")
@click.option("--time-limit", type=click.FloatRange(0, min_open=True),
              help="Give up (unknown) after S seconds; with --goal, the best line found "
                   "then, labelled as not proven.")
@goal_option
def solve_cmd(deal: Deal, variant: Variant, as_json: bool, show: bool, every: int, after: str,
              engine: str, node_limit: int | None, time_limit: float | None,
              goal: Goal) -> None:
    """Solve DEAL exactly (thoughtful play): winnable with a solution, blocked, or unknown.

    With --after, the verdict is that of the position after those moves, and a solution
    is those moves followed by the rest of the line. A node limit is the search's.
    """
    if isinstance(variant, Rules):  # one of PySolFC's games of core.rules
        from pyramids.cli.family import answer

        answer(deal, variant, goal, engine, time_limit=time_limit, node_limit=node_limit,
               after=after, as_json=as_json)
        return
    start = parse_moves(after)
    goal.validate(variant)  # once, here: the answer takes it as read
    if node_limit is not None and goal.kind != "win":
        raise click.UsageError("--node-limit bounds the search of the plain verdict; "
                               "with --goal give --time-limit")
    if node_limit is not None and engine == "cpsat":
        raise click.UsageError("--node-limit bounds the search, not CP-SAT "
                               "(use --time-limit)")
    compile_first(variant, goal)
    verdict: Verdict | GoalAnswer
    if node_limit is not None:
        from pyramids.engines.search import solve

        verdict = solve(deal, variant, start=start, node_limit=node_limit,
                        time_limit=time_limit)
    elif goal.kind == "win":  # the engines alone (no certificates): what solve shows
        from pyramids.answers.check import run_engine

        verdict = run_engine(deal, variant, engine, time_limit, start=start)
    else:
        verdict = ask(deal, variant, goal, engine=engine, time_limit=time_limit,
                      start=start)
    if as_json:
        obj = verdict.to_json_obj() | {"variant": variant.options()} | notes_json(
            deal, variant, verdict.moves)
        click.echo(json.dumps(obj))
        return
    name = "deal" if deal.number is None and deal.pysolfc is None else f"deal {deal.label()}"
    head = f"{name} ({variant.describe()}): {verdict.status}"
    if verdict.score is not None and not isinstance(verdict, GoalAnswer):
        head += f", best par score {verdict.score}"
    head += f" [{verdict.nodes} nodes, {verdict.seconds:.3f}s]"
    click.echo(head)
    if verdict.certificate is not None:
        click.echo(f"certificate ({verdict.certificate.kind}): {verdict.certificate.detail}")
    if verdict.reason:
        click.echo(verdict.reason)
    if isinstance(verdict, GoalAnswer):
        for line in describe(verdict, goal, variant):
            click.echo(line)
    if verdict.moves:
        if show:
            click.echo(show_solution(deal, variant, verdict.moves, every))
        else:
            click.echo(numbered_line(deal, variant, verdict.moves))
