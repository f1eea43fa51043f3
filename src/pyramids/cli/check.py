"""``pyramids check DEAL``: winnable, blocked (with its certificate) or unknown."""

from __future__ import annotations

import json

import click

from pyramids.answers.ask import ask
from pyramids.answers.check import ENGINES
from pyramids.answers.goals import Goal, GoalAnswer, describe
from pyramids.cli.family import answer
from pyramids.cli.options import DEAL, goal_option, variant_options
from pyramids.cli.solve import compile_first, numbered_line
from pyramids.core.deals import Deal
from pyramids.core.moves import parse_moves
from pyramids.core.rules import Rules
from pyramids.core.variants import Variant
from pyramids.pysolfc.notes import notes_json


@click.command()
@click.argument("deal", type=DEAL)
@variant_options
@click.option("--engine", type=click.Choice(ENGINES), default="auto", show_default=True,
              help="Full engine after the certificates: exact search, CP-SAT, or auto.")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds; when it runs out the verdict is 'unknown', never 'blocked'.")
@click.option("--after", "after", metavar="MOVES", default="",
              help="Check the position after these moves from the deal ('KC 9H+4C deal').")
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
@goal_option
def check(deal: Deal, variant: Variant, engine: str, time_limit: float | None, after: str,
          as_json: bool, goal: Goal) -> None:
    """Prove DEAL (a number, a one-line deal or a file) winnable or blocked.

    Certificates are tried cheapest first (four-complement, stock-count, structural),
    then the full engines (auto: the portfolio, per variant the order and budgets
    measured fastest); a winning line is replayed by the referee before it is shown.
    With --after, the verdict is that of the position after those moves (no deal-start
    certificates), and a solution is those moves followed by the rest of the line.
    With --goal, the answer to that question (the fewest moves, the best score, the
    most cards of a rank), proven optimal or labelled as the best found.
    """
    if isinstance(variant, Rules):  # one of PySolFC's games of core.rules
        answer(deal, variant, goal, engine, time_limit=time_limit, node_limit=None,
               after=after, as_json=as_json)
        return
    goal.validate(variant)  # once, here: the answer takes it as read
    compile_first(variant, goal)  # the kernels: the time printed is the analysis alone
    verdict = ask(deal, variant, goal, engine=engine, time_limit=time_limit,
                  start=parse_moves(after))
    if as_json:
        obj = verdict.to_json_obj() | {"variant": variant.options(), "line": deal.line()} \
            | notes_json(deal, variant, verdict.moves)
        click.echo(json.dumps(obj))
        return
    name = "deal" if deal.number is None and deal.pysolfc is None else f"deal {deal.label()}"
    click.echo(f"{name}: {variant.describe()}")
    click.echo(f"verdict: {verdict.status} (engine {verdict.engine}, "
               f"{verdict.seconds * 1000:.1f} ms CPU)")
    if isinstance(verdict, GoalAnswer):
        for line in describe(verdict, goal, variant):
            click.echo(line)
    elif verdict.score is not None:
        if verdict.score_bound == "lower":
            click.echo(f"best par score found: {verdict.score} (a lower bound, not proven "
                       "the best)")
        else:
            click.echo(f"best par score: {verdict.score}")
    if len(verdict.engines) > 1 or (verdict.engines and verdict.status == "unknown"):
        for run in verdict.engines:
            budget = f" (budget {run.budget})" if run.budget else ""
            click.echo(f"  {run.engine}{budget}: {run.status}, {run.seconds:.3f} s, "
                       f"{run.nodes} nodes: {run.reached}")
    if verdict.certificate is not None:
        click.echo(f"certificate: {verdict.certificate.kind}: {verdict.certificate.detail}")
    if verdict.reason:
        click.echo(f"reason: {verdict.reason}")
    if verdict.moves:
        label = "solution" if verdict.status == "winnable" and variant.scoring != "par" \
            and not isinstance(verdict, GoalAnswer) else "line"
        click.echo(f"{label} ({len(verdict.moves)} {variant.move_unit}):")
        click.echo(numbered_line(deal, variant, verdict.moves))
    for alt in verdict.alternatives if isinstance(verdict, GoalAnswer) else ():
        if alt.moves:
            click.echo(f"line, {alt.label} ({len(alt.moves)} {variant.move_unit}):")
            click.echo(numbered_line(deal, variant, alt.moves))

