"""The simulated players on the numba kernels of :mod:`.playcore`: the same games as the
reference :class:`~pyramids.generator.players.Table`, faster.

:func:`pyramids.generator.players.make_table` hands out a :class:`FastTable` when the
kernels can be used (their random generator draws as ``random.Random.randrange`` does on
this Python: checked once, :func:`available`), else the reference table. Both play a
deal's games through ``players.play`` / ``players.play_many`` and share their caches
between the games and players of one table in the same way, so the games, and so the
grades, do not depend on which one played.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from pyramids.core.cards import DECK
from pyramids.core.deals import Deal
from pyramids.core.layout import geometry
from pyramids.core.moves import DEAL, REDEAL, Move
from pyramids.core.variants import Variant
from pyramids.generator import playcore as core
from pyramids.generator.players.deadends import RANK_PAIRS, Blocking, stuck_rules
from pyramids.generator.players.outcomes import Played, Playout
from pyramids.generator.players.registry import Player

KINDS = {"random": core.KIND_RANDOM, "casual": core.KIND_CASUAL,
         "lookahead": core.KIND_LOOKAHEAD, "planner": core.KIND_PLANNER}


def layout(deal: Deal, variant: Variant) -> np.ndarray:
    """The kernels' description of ``deal`` under ``variant`` (see :mod:`.playcore`)."""
    L = np.zeros(core.LSIZE, np.int64)
    geo = geometry(variant)
    n = variant.pyramid_cards
    cards = [int(c) for c in deal.cards]
    L[core.P_NPYR] = n
    L[core.P_R] = 52 - n
    L[core.P_REST] = {"stock": core.REST_STOCK, "tableau": core.REST_TABLEAU,
                      "bouquet": core.REST_BOUQUET}[variant.rest]
    L[core.P_DRAW] = variant.draw or 1
    L[core.P_PASSES] = (variant.passes or 0) if variant.is_stock else 0  # 0: unlimited
    L[core.P_SW] = {"forbidden": core.SW_FORBIDDEN, "automatic": core.SW_AUTOMATIC}.get(
        variant.stock_waste or "", core.SW_ALLOWED)
    L[core.P_OVERLAP] = variant.overlap
    L[core.P_OBJPYR] = variant.objective == "pyramid"
    L[core.P_PAR] = variant.scoring == "par"
    L[core.P_NCOLS] = variant.columns or 0
    L[core.P_TROWS] = variant.tableau_rows or 0
    L[core.P_PYRMASK] = sum(1 << c for c in cards[:n])
    L[core.O_CARD:core.O_CARD + 52] = cards
    for p in range(n):
        over = geo.covered_by(p)
        L[core.O_COV + p] = sum(1 << cards[q] for q in over)
        for s in range(2):
            L[core.O_CBY + 2 * p + s] = over[s] if s < len(over) else -1
    blocks = Blocking.of(deal, variant) if not variant.overlap and \
        variant.scoring != "par" else None
    L[core.P_BLOCKS] = blocks is not None
    if blocks is not None:
        L[core.O_OVER:core.O_OVER + 52] = blocks.over
        L[core.O_REL:core.O_REL + 52] = blocks.related
        L[core.O_PART:core.O_PART + 52] = blocks.partners
    stuck = stuck_rules(deal, variant)
    L[core.P_NSTUCK] = len(stuck)
    for i, rule in enumerate(stuck):
        L[core.O_STUCK + 3 * i:core.O_STUCK + 3 * i + 3] = rule
    L[core.O_RP:core.O_RP + 6] = RANK_PAIRS
    return L


def move_of(code: int) -> Move:
    """The move a kernel's ``code`` stands for."""
    if code == core.DEAL:
        return DEAL
    if code == core.REDEAL:
        return REDEAL
    a, b = divmod(code, 53)
    return Move.discard(DECK[a]) if b == 52 else Move.discard(DECK[a], DECK[b])


@cache
def available() -> bool:
    """Do the kernels draw as ``random.Random.randrange`` does on this Python (its
    algorithm is CPython's, not a promise)? If not, the reference table plays."""
    rng = random.Random("pyramids fastplay self-check")
    ns = np.array([2 + i % 60 for i in range(3000)], np.int64)
    mt, st = _state(rng)
    got = core.draws(mt, st, ns)
    return [int(x) for x in got] == [rng.randrange(int(n)) for n in ns]


def _state(rng: random.Random) -> tuple[np.ndarray, np.ndarray]:
    version, words, _gauss = rng.getstate()
    if version != 3 or len(words) != 625:  # pragma: no cover - another generator
        raise ValueError("not CPython's Mersenne Twister")
    return np.array(words[:624], np.int64), np.array([words[624]], np.int64)


def _restore(rng: random.Random, mt: np.ndarray, st: np.ndarray) -> None:
    version, _words, gauss = rng.getstate()
    rng.setstate((version, (*(int(x) for x in mt), int(st[0])), gauss))


@dataclass
class FastTable:
    """One deal under one variant, with the caches its games share (as
    :class:`~pyramids.generator.players.Table`'s, by the engine's position key)."""

    deal: Deal
    variant: Variant
    _L: np.ndarray = field(init=False, repr=False)
    _caches: tuple[Any, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._L = layout(self.deal, self.variant)
        # values (look-ahead), plans, play-outs, lost positions
        self._caches = (core.new_cache(), core.new_cache(), core.new_cache(),
                        core.new_cache("bool"))

    @property
    def par(self) -> bool:
        return self.variant.scoring == "par"

    def games(self, player: Player, rng: random.Random, games: int, best: int | None,
              record: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Play ``games`` games drawing on ``rng`` (its state carried on): per game
        (won, cards discarded, best Par score met), and with ``record`` the moves."""
        mt, st = _state(rng)
        moves = np.zeros((games, core.MAX_PLIES) if record else (1, 1), np.int64)
        nmoves = np.zeros(games, np.int64)
        result = np.zeros((games, 3), np.int64)
        vc, pc, rc, hc = self._caches
        core.play(self._L, vc, pc, rc, hc, KINDS[player.kind], player.depth, mt, st, games,
                  best if best is not None else 0, best is not None, record, moves, nmoves,
                  result)
        _restore(rng, mt, st)
        return result, moves, nmoves

    def play(self, player: Player, rng: random.Random, best: int | None) -> Playout:
        return self.play_each(player, rng, 1, best)[0]

    def play_each(self, player: Player, rng: random.Random, games: int, best: int | None
                  ) -> list[Playout]:
        """``games`` games with their moves in one kernel call: what as many calls of
        :meth:`play` give, without a generator state's round trip per game."""
        result, moves, nmoves = self.games(player, rng, games, best, True)
        out = []
        for g in range(games):
            line = tuple(map(move_of, moves[g, :nmoves[g]].tolist()))
            won, _, top = (int(x) for x in result[g])
            out.append(Playout(bool(won), line, top if self.par else None))
        return out

    def play_many(self, player: Player, rng: random.Random, games: int,
                  best: int | None) -> list[Played]:
        result, _, _ = self.games(player, rng, games, best, False)
        return [Played(bool(w), 52 - int(d), int(t) if self.par else None)
                for w, d, t in result]
