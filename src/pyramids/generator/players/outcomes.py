"""What a game at a table gives, whichever table played it (the reference
:class:`.lookahead.Table` through :mod:`.playouts`, or the numba
:class:`~pyramids.generator.fastplay.FastTable`): :class:`Playout` (:func:`.playouts.play`)
and :class:`Played` (:func:`.playouts.play_many`)."""

from __future__ import annotations

from dataclasses import dataclass

from pyramids.core.moves import Move


@dataclass(frozen=True)
class Playout:
    """One game: won (Par: reached ``best``), the moves played, the best Par score met."""

    won: bool
    moves: tuple[Move, ...]
    score: int | None = None


@dataclass(frozen=True)
class Played:
    """What :func:`.playouts.play_many` keeps of a game: won (Par: reached ``best``), the cards
    left at its end, and the best Par score met."""

    won: bool
    left: int
    score: int | None = None
