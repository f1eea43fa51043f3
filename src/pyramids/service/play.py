"""Positions for the web page: replay a line with the referee and describe where every card is.

The page draws what this returns and never decides legality itself: a move it sends is
played here by the rules engine, and an illegal one raises the referee's
:class:`~pyramids.core.errors.RefereeError` (``"step 3: 9H+4C: 4C is covered by 7D"``). Where
each card lies is :mod:`pyramids.core.placement`'s, the layout the book prints.
"""

from __future__ import annotations

from typing import Any

from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.placement import View, page_board, page_frame
from pyramids.core.referee import play
from pyramids.core.variants import Variant


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def describe(game: Game, frame: dict[str, float]) -> dict[str, Any]:
    """Where every card of ``game`` lies now, what may be played, and how it stands.

    ``board`` is the layout the page draws (the book's, from :mod:`pyramids.core.placement`):
    the board's size for the whole deal (``frame``: the same at every move, so that the
    board never resizes: :func:`~pyramids.core.placement.page_frame` of the deal as dealt), each
    card's top-left corner, the empty places, the captions and the stock's numbers.
    """
    legal = game.legal_moves()
    won = game.is_won()
    forced = game.forced_pair()
    return {
        "pyramid": [None if game.is_removed(c) else str(c) for c in game.pyramid_layout],
        "stock": _cards(game.stock),
        "hand": None if game.hand is None else str(game.hand),
        "waste": _cards(game.waste),
        "columns": [_cards(game.column_cards(i)) for i in range(len(game.columns))],
        "bouquet": _cards(game.bouquet()),
        "pass": game.pass_no,
        "available": _cards(game.available()),
        "legal": [str(m) for m in legal],
        "forced": None if forced is None else str(forced),
        "won": won,
        "lost": not won and not legal,
        "cards_left": game.cards_left(),
        "score": game.score(),
        "steps": len(game.moves),
        "board": {**frame, **page_board(View.of(game))},
    }


def stock_moves(variant: Variant) -> list[str]:
    """The words of the stock's two moves in this game's lines: MSC's face-up deck draws
    and recycles; a face-down stock, and PySolFC's talon (its top face up too), deal and
    redeal. Empty without a stock."""
    if not variant.is_stock:
        return []
    return ["draw", "recycle"] if variant.msc_words else ["deal", "redeal"]


def position(deal: Deal, variant: Variant, moves: list[Move],
             steps: bool = False) -> dict[str, Any]:
    """The position after ``moves`` (replayed by the referee: an illegal one raises
    ``RefereeError`` naming its step); with ``steps`` also every position on the way
    (``positions[k]`` is the one after ``k`` moves), for stepping through a solution."""
    game = Game(deal, variant)
    frame = page_frame(View.of(game))
    trail = [describe(game, frame)] if steps else []
    for _ in play(game, moves):
        if steps:
            trail.append(describe(game, frame))
    out: dict[str, Any] = {
        "deal": deal.number, "pysolfc": deal.pysolfc, "line": deal.line(),
        "variant": variant.options(),
        "description": variant.describe(),
        "title": variant.title, "rules": variant.in_words(),
        "stock_moves": stock_moves(variant),
        "moves": [str(m) for m in moves],
        "position": trail[-1] if steps else describe(game, frame),
    }
    if steps:
        out["positions"] = trail
    return out
