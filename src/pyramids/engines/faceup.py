"""A face-up stock top (MSC's deck) played through the face-down game, and back.

With the stock's top face up, the top card is available before it is drawn; with it
face down, a deal turns the next card into the hand, which is available. The two games
are the same game seen one deal apart: a face-up position whose stock is not empty
plays exactly as the face-down position whose hand is that top card (the rest of the
stock and the waste alike). Only one face-up move has no face-down counterpart: drawing
the last card of the stock onto the waste, which leaves one card fewer available; it
only ever precedes a recycle (the face-down redeal) or a discard of that card.

So the exact engines, which know the face-down game, decide a face-up deal: the start
is translated (:func:`to_face_down`), the engine answers, and its line is translated
back (:func:`to_face_up`) and replayed by the referee under the face-up rules. Both
translations replay their lines with the rules engine, so a line that is not legal
raises :class:`~pyramids.core.errors.RefereeError` naming its step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache

from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import DEAL, DRAW, RECYCLE, REDEAL, Move
from pyramids.core.referee import play, replay
from pyramids.core.variants import Variant
from pyramids.core.verdict import Verdict


def face_down(variant: Variant) -> Variant:
    """The same rules with the stock's top face down (the game the engines solve). A
    face-up game that starts after ``k`` draws (PySolFC's Pyramid: one) starts after
    ``k + 1`` deals face down: the card showing on the stock is the hand."""
    if variant.auto_deal:  # the automatic deals are translated first (pyramids.engines.autodeal)
        raise ValueError(f"face_down: {variant.name} deals by itself; translate its "
                         "lines with pyramids.engines.autodeal first")
    opening = min(variant.opening + 1, variant.rest_cards) if variant.opening else 0
    return variant.with_options(stock_top="face-down", opening=opening)


def face_down_root(variant: Variant) -> tuple[Variant, tuple[Move, ...]]:
    """The face-down game whose start is the position :func:`solve_face_down` searches
    from when asked a face-up deal's start, and the face-down start that game folds in.

    :func:`to_face_down` of the empty face-up line deals the shown top into the hand
    (one ``DEAL``) when the face-up game makes no opening deals (MSC); otherwise
    :func:`face_down`'s opening already holds that deal and the start is empty. That
    deal made an opening deal, a search from the game's start has the same root as
    :func:`solve_face_down`'s, hence the same nodes and line: what a search of many
    deals from their start (``Searcher.solve_many``) needs to answer as ``check`` does.
    Its lines translate back by :func:`to_face_up` with ``after=((), start)``."""
    down = face_down(variant)
    start: tuple[Move, ...] = () if variant.opening or not variant.rest_cards else (DEAL,)
    return (down.with_options(opening=down.opening + len(start)) if start else down), start


def to_face_down(deal: Deal, variant: Variant, moves: Sequence[Move],
                 ) -> tuple[list[Move], bool]:
    """A face-up line as a face-down one, and whether the two positions reached are the
    same game (False only right after the stock's last card was drawn onto the waste:
    the face-down position then also has the card under it available). Translated once
    per line (the last few are kept): the check and each engine ask for the same start."""
    down, exact = _to_face_down(deal, variant, tuple(moves))
    return list(down), exact


@lru_cache(maxsize=32)
def _to_face_down(deal: Deal, variant: Variant, moves: tuple[Move, ...],
                  ) -> tuple[tuple[Move, ...], bool]:
    return _translate_down(deal, variant, moves)


def _translate_down(deal: Deal, variant: Variant, moves: tuple[Move, ...],
                    ) -> tuple[tuple[Move, ...], bool]:
    up = Game(deal, variant)
    down = Game(deal, face_down(variant))
    out: list[Move] = []

    def deal_the_top() -> None:
        # (not once the game is won: a win that takes the shown top leaves it so)
        if down.hand is None and down.stock and not down.is_won():
            down.push(DEAL)
            out.append(DEAL)

    deal_the_top()
    drawn_last = False  # the face-up game drew its last stock card; face-down holds it
    for m in play(up, moves):
        if m.is_deal:
            if up.stock:  # a draw with cards behind the top
                down.push(DEAL)
                out.append(DEAL)
            else:
                drawn_last = True
        elif m.is_redeal:
            down.push(REDEAL)
            out.append(REDEAL)
            drawn_last = False
            deal_the_top()
        else:
            down.push(m)
            out.append(m)
            if drawn_last and down.hand is None:
                drawn_last = False
            deal_the_top()
    return tuple(out), not drawn_last


def to_face_up(deal: Deal, variant: Variant, moves: Sequence[Move],
               after: tuple[Sequence[Move], Sequence[Move]] = ((), ()),
               check: bool = True) -> list[Move]:
    """A face-down line as the face-up line that plays it, replayed by the referee: a
    deal without a hand only turns up the card already showing (no move); a redeal with
    a hand is a draw of the stock's last card, then a recycle. ``after``: the face-up
    start and its :func:`to_face_down` translation, when ``moves`` continue from them.
    ``check=False``: the caller replays the face-up line itself (the face-down one is
    replayed here all the same)."""
    up_start, down_start = after
    down = Game(deal, face_down(variant))
    for _ in play(down, down_start, label="start, step"):
        pass
    out: list[Move] = list(up_start)
    for m in moves:
        had_hand = down.hand is not None
        for _ in play(down, [m], label=f"step {len(out) + 1}:"):
            pass
        if m.is_deal:
            if had_hand:
                out.append(DRAW)
        elif m.is_redeal:
            if had_hand:
                out.append(DRAW)
            out.append(RECYCLE)
        else:
            out.append(m)
    if check:
        replay(deal, variant, out, require_win=False)
    return out


def solve_face_down(solve: Callable[..., Verdict], deal: Deal, variant: Variant,
                    start: Sequence[Move], engine: str, **kwargs: object) -> Verdict:
    """Answer a face-up deal (after ``start``) with ``solve``, an engine of the face-down
    game, and translate its line back (replayed by the referee). When ``start`` ends
    right after the stock's last card was drawn, the face-down game cannot hold the
    position: ``unknown``, saying so (the optimal solver plays the face-up game itself)."""
    down_start, exact = to_face_down(deal, variant, start)
    if not exact:
        return Verdict("unknown", engine, deal_number=deal.number, reason=(
            "the position follows a draw of the stock's last card, which the face-down "
            "game the exact engines play cannot hold; asked for a goal (the fewest moves), the "
            "optimal solver plays the face-up game itself"))
    v = solve(deal, face_down(variant), start=down_start, **kwargs)
    if not v.moves:
        return v
    if tuple(v.moves[:len(down_start)]) != tuple(down_start):
        raise AssertionError("face-up translation: the line does not begin with the start")
    moves = to_face_up(deal, variant, v.moves[len(down_start):], (start, down_start))
    if v.status == "winnable":
        replay(deal, variant, moves, require_win=True)
    return replace(v, moves=tuple(moves))
