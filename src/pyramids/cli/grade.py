"""``pyramids grade``: a deal's difficulty, from the solvers and from simulated players."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from pyramids.cli.options import DEAL, UserError, said, variant_options
from pyramids.core.deals import Deal
from pyramids.core.errors import PyramidsError
from pyramids.core.rules import Rules
from pyramids.core.variants import Variant
from pyramids.generator.grading import Grading, grade_deal, thresholds_for
from pyramids.generator.players import PLAYER_NAMES, get_player, players_for, win_rates
from pyramids.pysolfc.games import PySolFCGame


def _find_puzzle(ident: str, sources: tuple[Path, ...]) -> dict[str, Any] | None:
    """The entry with id ``ident`` in the collections (``sources``, else the shipped ones)."""
    from pyramids.book.puzzles import shipped_collections

    for path in sources or tuple(shipped_collections()):
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if f'"{ident}"' in line:
                obj = json.loads(line)
                if obj.get("id") == ident:
                    return dict(obj)
    return None


@click.command("grade")
@click.argument("deal", metavar="DEAL|PUZZLE-ID")
@variant_options
@click.option("--playouts", "-n", type=click.IntRange(1, 100_000), default=200,
              show_default=True, help="Games each simulated player plays.")
@click.option("--player", "players", multiple=True, type=click.Choice(PLAYER_NAMES),
              help="Only these players (repeat the option; default: all, the planners "
                   "in stock games without Par scoring).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the players' random choices.")
@click.option("--from", "sources", multiple=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Collections to look PUZZLE-ID up in (default: the shipped ones).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def grade_cmd(deal: str, variant: Variant | Rules, playouts: int, players: tuple[str, ...],
              seed: int, sources: tuple[Path, ...], as_json: bool) -> None:
    """Grade DEAL (a number, a one-line deal or a file; or the id of a puzzle in a
    collection, e.g. giza-expert-003): the score's components, the score, the grade,
    and how often each simulated player wins it (95 % Wilson intervals).

    A puzzle id takes its deal, rules and grading from its collection; a deal is
    graded with the rules given. One of PySolFC's ten other pyramid games (-V
    pysolfc-pharaohs, DEAL pysolfc:N) is graded by its own measure: the components,
    the score and, where the game has grade thresholds, the grade.
    """
    if isinstance(variant, Rules):  # one of PySolFC's games of core.rules
        _grade_game(deal, variant, as_json)
        return
    entry = _find_puzzle(deal, sources) if not deal.strip().isdigit() else None
    if entry is not None:
        variant = Variant.from_options(entry["variant"])
        the_deal = Deal.from_number(int(entry["deal"]))
        comps: dict[str, Any] = dict(entry["components"])
        score, grade = float(entry["score"]), str(entry["grade"])
        source = f"puzzle {entry['id']} ({entry.get('collection', '')} collection)"
    else:
        try:
            given = DEAL.convert(deal, None, None)
            the_deal = given.deal(variant) if isinstance(given, PySolFCGame) else given
        except click.BadParameter as e:
            raise UserError(f"{deal!r} is no puzzle id of the collections, and not a deal: "
                            f"{e.message}") from None
        except PyramidsError as e:
            raise UserError(said(e)) from None
        g = grade_deal(the_deal, variant)
        if not isinstance(g, Grading):
            named = the_deal.label() if the_deal.line() != the_deal.label() else ""
            raise UserError(f"deal {named} "
                            f"is not a puzzle under {variant.name}: {g.reason}"
                            + (f" ({g.detail})" if g.detail else ""))
        comps, score, grade = g.components, g.score, g.grade
        source = ("deal" if the_deal.label() == the_deal.line() else f"deal {the_deal.label()}")
    chosen = [get_player(n) for n in players] if players else players_for(variant)
    rates = win_rates(the_deal, variant, playouts, chosen, seed, comps.get("best_score"))
    th = thresholds_for(variant)
    if as_json:
        click.echo(json.dumps({
            "source": source, "deal": the_deal.number, "line": the_deal.line(),
            "variant": variant.options(), "components": comps, "score": score,
            "grade": grade, "thresholds": list(th), "playouts": playouts, "seed": seed,
            "players": {r.player: {"wins": r.wins, "games": r.games, "rate": r.rate,
                                   "ci95": list(r.interval)} for r in rates}}))
        return
    out = [f"{source}: {variant.describe()}",
           f"grade: {grade} (score {score:g}; medium from {th[0]:g}, hard from {th[1]:g}, "
           f"expert from {th[2]:g})", "components:"]
    out += [f"  {k}: {v}" for k, v in comps.items()]
    out.append(f"players ({playouts} games each, seed {seed}; win rate, 95 % interval):")
    out += [f"  {r.player:<12} {r.text()}" for r in rates]
    click.echo("\n".join(out))
    sys.stdout.flush()


#: ``grade``'s options for the classic presets' simulated players and collections
PLAYER_OPTIONS = {"playouts": "--playouts", "players": "--player", "seed": "--seed",
                  "sources": "--from"}


def _grade_game(deal: str, rules: Rules, as_json: bool) -> None:
    """``grade`` of a deal of one of PySolFC's games
    (:func:`pyramids.generator.family_grading.grade_game`): its components, score and,
    where the game has thresholds, grade; the classic presets' player options refused."""
    from pyramids.generator.family_grading import grade_game, thresholds_of
    from pyramids.pysolfc.family import game_deal

    ctx = click.get_current_context()
    given = [flag for name, flag in PLAYER_OPTIONS.items()
             if ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE]
    if given:
        raise click.UsageError(f"{', '.join(given)}: {rules.name} is graded by its own "
                               "measure, whose random player plays a fixed number of "
                               "seeded games (the option is for the classic presets)")
    try:
        the_deal = game_deal(DEAL.convert(deal, None, None), rules)
        g = grade_game(rules, the_deal.cards)
    except click.BadParameter as e:
        raise UserError(f"{deal!r} is not a deal: {e.message}") from None
    except PyramidsError as e:
        raise UserError(f"deal {deal}: {said(e)}") from None
    try:
        th: tuple[float, float, float] | None = thresholds_of(rules)
        why = ""
    except PyramidsError as e:
        th, why = None, said(e)
    source = f"deal {the_deal.label()}" if the_deal.label() else "deal"
    if as_json:
        click.echo(json.dumps({"source": source, "game": rules.name,
                               "pysolfc": the_deal.pysolfc, "line": the_deal.line()}
                              | g.to_json_obj() | {"thresholds": th and list(th)}))
        return
    if th is None:
        grade = f"grade: none (score {g.score:g})\n  {why}"
    else:
        grade = (f"grade: {g.grade} (score {g.score:g}; medium from {th[0]:g}, hard from "
                 f"{th[1]:g}, expert from {th[2]:g})")
    out = [f"{source}: {rules.describe()}", grade, "components:"]
    out += [f"  {k}: {v}" for k, v in g.components.items()]
    out.append(f"line walked ({len(g.line)} clicks): {' '.join(g.line)}")
    click.echo("\n".join(out))
