"""The referee: replay a solution step by step and check that it wins."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .deals import Deal
from .engine import Game
from .errors import IllegalMoveError, RefereeError
from .moves import Move
from .variants import Variant


@dataclass(frozen=True)
class Replay:
    """What a replayed solution reached."""

    moves: int
    won: bool
    cards_left: int
    pyramid_left: int
    score: int | None  # the Par score, for Par scoring


def play(game: Game, moves: Iterable[Move], label: str = "step") -> Iterator[Move]:
    """Push ``moves`` on ``game`` one by one, yielding each once played; an illegal one
    raises :class:`RefereeError` as ``"{label} N: ..."`` (N 1-based)."""
    for step, move in enumerate(moves, 1):
        try:
            game.push(move)
        except IllegalMoveError as e:
            raise RefereeError(f"{label} {step}: {e}", step) from None
        yield move


def replay(deal: Deal, variant: Variant, moves: Sequence[Move],
           require_win: bool | None = None) -> Replay:
    """Play ``moves`` from the start and check each one and the final win.

    ``require_win`` defaults to true except under Par scoring, where any line of
    play has a score. Raises :class:`RefereeError` naming the step (1-based).
    """
    if require_win is None:
        require_win = variant.scoring != "par"
    game = Game(deal, variant)
    for _ in play(game, moves):
        pass
    won = game.is_won()
    if require_win and not won:
        raise RefereeError(f"the game is not won after {len(moves)} moves: {left_text(game)}",
                           len(moves))
    return Replay(len(moves), won, game.cards_left(), len(game.pyramid_left()),
                  game.par_score() if variant.scoring == "par" else None)


def left_text(game: Game) -> str:
    z = game.zone_counts()
    parts = [f"{n} in the {zone}" for zone, n in z.items() if zone != "discarded" and n]
    return "cards left: " + ", ".join(parts) if parts else "no cards left"
