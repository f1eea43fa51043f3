"""Simulated players: how often does someone who plays this way win the deal?

The grade of a puzzle comes mostly from exact solver facts (:mod:`.grading`, which also
counts the games ``lookahead-3`` loses); these players check that the grade means
something at the table (``scripts/player_rates.py``, ``pyramids grade``). Each plays a
deal many times with seeded randomness (deterministic), and its win rate estimates how
hard the deal is for a person who plays like that:

``random``
    a uniformly random legal move (including dealing when a discard is there).
``casual``
    a King at once, else a uniformly random pair, and deals (or redeals) only when
    nothing can be discarded: never looks ahead.
``lookahead-k`` (k = 1, 2, 3)
    looks at every sequence of k moves (the whole deal is shown, as in the puzzles, so
    the stock's order is known) and plays the first move of a best one; ties broken
    uniformly at random. A sequence is worth the cards it discards (Par: the Par score
    it reaches); one that wins is worth most; worth least is one that runs out of
    moves before its end, or ends holding a card that can never be discarded (its
    remaining partners all lie on it or under it: :func:`stuck_rules`). The heuristic
    is deliberately plain: it counts cards, and sees a trap only when it closes
    within k moves.
``planner-k``
    the stock-aware look-ahead, for games whose stock order is shown: looks k
    *discards* ahead with any number of deals in between (so it plans across the stock:
    "deal three cards, then pair the hand with the 8 in the pyramid"), and judges the
    end of a plan by the cards a plain greedy play-out from there would discard
    (:meth:`Table.rollout`). A plan is worth least when it reaches a position proved
    lost (:meth:`Blocking.hopeless`: a card none of whose partners it can ever be
    discarded with, counting that two waste cards never pair once no redeal is left, or
    no pairing of all the cards left). Ties broken uniformly at random.

Under Par scoring a player *wins* when it reaches the deal's best score (given by the
caller: the puzzle's ``best_score``); otherwise when the game is won. Every player gives
up when it would redeal after a whole pass without a discard (the next pass would be the
same), and a game ends after ``MAX_PLIES`` moves at most.

Speed: every playout of a deal shares one :class:`Table`, which caches the legal moves and
the look-ahead values by position (:meth:`pyramids.core.game.Game.key`), so a position that
many playouts reach is searched once. Moves come from the engine's own ``legal_moves`` and
are applied with push/pop.

The package, one module a job: :mod:`.registry` (who plays: :class:`Player`, the
rosters, :func:`get_player`), :mod:`.lookahead` (the look-ahead and planner evaluation
of positions over the rules engine: :class:`Table`), :mod:`.deadends` (proving a
position lost: :func:`stuck_rules`, :class:`Blocking`), :mod:`.outcomes` (what a game
gives: :class:`Playout`, :class:`Played`) and :mod:`.playouts` (games and win rates:
:func:`play`, :func:`win_rates`). Their public names are importable from here.
"""

from __future__ import annotations

from pyramids.generator.players.deadends import RANK_PAIRS, Blocking, stuck_rules
from pyramids.generator.players.lookahead import LOSS, MAX_PLIES, WIN, Table, greedy_move
from pyramids.generator.players.outcomes import Played, Playout
from pyramids.generator.players.playouts import (
    AnyTable,
    WinRate,
    falls_grade_by_grade,
    make_table,
    play,
    play_each,
    play_many,
    rng_for,
    win_rates,
)
from pyramids.generator.players.registry import (
    KINDS,
    PLANNERS,
    PLAYER_NAMES,
    PLAYERS,
    Player,
    get_player,
    players_for,
)

__all__ = ["KINDS", "LOSS", "MAX_PLIES", "PLANNERS", "PLAYERS", "PLAYER_NAMES", "RANK_PAIRS",
           "WIN", "AnyTable", "Blocking", "Played", "Player", "Playout", "Table", "WinRate",
           "falls_grade_by_grade", "get_player", "greedy_move", "make_table", "play",
           "play_each", "play_many", "players_for", "rng_for", "stuck_rules", "win_rates"]
