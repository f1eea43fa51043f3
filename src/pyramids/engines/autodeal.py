"""PySolFC's talon played by the exact engines: its automatic deals, and its King.

Two things PySolFC's Pyramid games do that the exact engines (the search, CP-SAT) do not
model, and how their lines are turned into lines a PySolFC player clicks:

* **Auto deal** (``Variant.auto_deal``, on by default in PySolFC): whenever the waste is
  empty and the talon is not, PySolFC deals by itself (``Game._autoDeal``). The engines
  play the same rules without it (:func:`manual`). The two games have the same verdicts:
  an automatic deal is made only onto an empty waste, so it covers no card; the card it
  deals stays available (the waste top, where it was the stock's top or in a draw of
  three the only stock card in play: none) and the next one shows. A line of the manual
  game is played in the automatic one (:func:`to_clicks`) by keeping the automatic game
  level with it or one deal ahead: a deal the automatic game has already made is not
  clicked; every other move is clicked as it is.
* **A click on a King on the talon discards it** (PySolFC's ``Pyramid_Talon
  .clickHandler``): with the talon's top card face up (Pyramid, Relaxed Pyramid), a
  click on the talon deals only when its top card is not a King. Where a manual line
  deals a King off the talon, the player's click discards the King instead: it then lies
  nowhere instead of on the waste, which only bares the card under it; the manual line's
  later moves with that King (its discard, dealing it again after a redeal) are not
  clicked, and a redeal with nothing but it to turn over is not clicked either.

:func:`solve_manual` answers a deal with an engine of the manual game and translates its
line; the referee replays the translation under the variant's own rules (automatic deals
included), so a line that does not play raises :class:`~pyramids.core.errors.RefereeError`.
A start given in the variant's own moves is written out for the engines by
:func:`to_manual` (each automatic deal as a deal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache

from pyramids.core.deals import Deal
from pyramids.core.errors import RefereeError
from pyramids.core.game import Game
from pyramids.core.moves import DEAL, REDEAL, Move
from pyramids.core.referee import left_text, play, replay
from pyramids.core.variants import Variant
from pyramids.core.verdict import Verdict


def king_clicks(variant: Variant) -> bool:
    """Does a click on the stock's face-up top King discard it (PySolFC's talon)?"""
    return variant.pysolfc_talon and variant.face_up


def translates(variant: Variant) -> bool:
    """Do the engines' lines need translating into this variant's moves?"""
    return variant.auto_deal or king_clicks(variant)


def manual(variant: Variant) -> Variant:
    """The same rules without automatic deals: the game the exact engines play."""
    return replace(variant, auto_deal=False) if variant.auto_deal else variant


def to_manual(deal: Deal, variant: Variant, moves: Sequence[Move]) -> tuple[Move, ...]:
    """A line of ``variant``'s game as the manual game plays it: each automatic deal
    written out as a deal after the move that made it (and first, for one made at the
    start). Translated once per line (the last few are kept)."""
    return _to_manual(deal, variant, tuple(moves))


@lru_cache(maxsize=32)
def _to_manual(deal: Deal, variant: Variant, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    game = Game(deal, variant)
    out: list[Move] = [DEAL] if game.auto_at_start else []
    for move in play(game, moves, label="start, step"):
        out.append(move)
        if game.automatic[-1]:
            out.append(DEAL)
    return tuple(out)


def _behind(game: Game, level: Game) -> bool:
    """Has ``level`` dealt, in this pass, a card ``game`` still holds in its stock?"""
    stock = set(level.stock)
    return any(c not in stock and not level.is_removed(c) for c in game.stock)


def to_clicks(deal: Deal, variant: Variant, moves: Sequence[Move],
              after: tuple[Sequence[Move], Sequence[Move]] = ((), ()),
              require_win: bool = False) -> list[Move]:
    """A line of the manual game (:func:`manual`) as ``variant`` plays it (see the module
    docstring). ``after``: a start in ``variant``'s moves and its :func:`to_manual`
    translation, when ``moves`` continue from them. Each move of both lines is checked
    by the rules engine as it is played (the referee's check: an illegal one raises
    :class:`~pyramids.core.errors.RefereeError` naming it), and with ``require_win`` the
    line returned must win. The line returned is ``variant``'s, the start first."""
    start, manual_start = after
    game = Game(deal, variant)
    level = Game(deal, manual(variant))
    for _ in play(game, start, label="start, step"):
        pass
    for _ in play(level, manual_start, label="start, step"):
        pass
    out: list[Move] = list(start)
    kings = king_clicks(variant)

    def click(move: Move) -> None:
        for _ in play(game, [move], label=f"click {len(out) + 1}:"):
            pass
        out.append(move)

    for step, move in enumerate(moves, 1):
        for _ in play(level, [move], label="engine step"):
            pass
        if move.is_discard:
            left = [c for c in move.cards if not game.is_removed(c)]
            if left:  # (none left: a King the talon's click discarded already)
                click(Move.discard(*left))
        elif move.is_deal:
            if _behind(game, level):
                top = game.stock[0]
                click(Move.discard(top) if kings and top.is_king else DEAL)
        elif game.waste or game.hand is not None:  # a redeal, with cards to turn over
            click(REDEAL)
        if _behind(game, level):  # pragma: no cover - the translation's own check
            raise AssertionError(f"autodeal: the clicks fell behind the line at step {step}")
    if require_win and not game.is_won():
        raise RefereeError(f"the game is not won after {len(out)} moves: {left_text(game)}",
                           len(out))
    return out


def solve_manual(solve: Callable[..., Verdict], deal: Deal, variant: Variant,
                 start: Sequence[Move], **kwargs: object) -> Verdict:
    """Answer ``deal`` under ``variant`` (after ``start``) with ``solve``, an engine of
    the manual game, and translate its line into ``variant``'s moves (replayed by the
    referee as it is made; a Par score is that of the line translated, never lower)."""
    man = manual(variant)
    man_start = to_manual(deal, variant, start)
    v = solve(deal, man, start=man_start, **kwargs)
    if not v.moves:
        return v
    if tuple(v.moves[:len(man_start)]) != man_start:
        raise AssertionError("autodeal: the engine's line does not begin with the start")
    moves = to_clicks(deal, variant, v.moves[len(man_start):], (start, man_start),
                      require_win=v.status == "winnable" and variant.scoring != "par")
    if v.score is None:
        return replace(v, moves=tuple(moves))
    return replace(v, moves=tuple(moves), score=replay(deal, variant, moves).score)
