"""The position after some moves, as the CP-SAT models read it (no OR-Tools import here).

A position of a Pyramid game is a function of the cards gone and, in a stock game, the
pass and a *pointer* (docs/rules.md): in a pass, once the deals have brought stock card
``s_k`` out, the surviving ``s_i`` with ``i <= k`` are the hand and waste in deal order
(draw 1: ``s_k`` is the hand when it is still there) and those with ``i > k`` the stock.
Par scoring adds the pass in which the pyramid was cleared. The models start from this
instead of the deal; the moves that led here come first in every solution they report.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pyramids.core.cards import Card
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.referee import play, reach
from pyramids.core.variants import Variant


@dataclass(frozen=True)
class Position:
    """Where ``moves`` (legal from the deal) lead.

    ``pointer``: the 1-based stock index of the last card dealt in the current pass
    (0: none dealt yet in this pass); ``pass_no`` counts from 1.
    """

    moves: tuple[Move, ...] = ()
    gone: frozenset[Card] = frozenset()
    pass_no: int = 1
    pointer: int = 0
    cleared_pass: int | None = None
    won: bool = False
    par_score: int | None = None
    rest_left: int | None = None  # cards of the rest (stock, tableau, bouquet) still there

    @property
    def is_start(self) -> bool:
        """The deal itself (nothing played, nothing dealt: a variant's opening deals make
        a position that is not the deal's)."""
        return not self.moves and self.pointer == 0 and self.pass_no == 1

    def label(self) -> str:
        """How a certificate or reason names the position."""
        n = len(self.moves)
        if not n:
            return "the start (after the variant's opening deals)"
        return f"the position after {n} move{'s' if n != 1 else ''}"


def position_at(deal: Deal, variant: Variant, start: Sequence[Move]) -> Position:
    """The position ``start`` reaches from ``deal``, from the referee's replay
    (:func:`pyramids.core.referee.reach`: once per start, whichever engine asks). An illegal
    move raises :class:`~pyramids.core.errors.RefereeError` as ``"start, step N: ..."`` (as the
    search)."""
    r = reach(deal, variant, start)
    gone = frozenset(Card(c) for c in range(52) if r.removed >> c & 1)
    par = r.par_score if variant.scoring == "par" else None
    return Position(tuple(start), gone, r.pass_no, r.pointer, r.cleared_pass, r.won, par,
                    r.rest_left)


def position_after(deal: Deal, variant: Variant, start: Sequence[Move]) -> tuple[Position, Game]:
    """:func:`position_at`, and a game standing there (a fresh one, to play on)."""
    game = Game(deal, variant)
    for _ in play(game, start, label="start, step"):
        pass
    return position_at(deal, variant, start), game


def random_line(deal: Deal, variant: Variant, rng: random.Random, max_moves: int = 150, *,
                start: Sequence[Move] = (), discards: float = 0.7) -> list[Move]:
    """``start`` then random legal moves until the game is over (or ``max_moves`` in
    all): a discard when one is legal with probability ``discards`` (so that unlimited
    redeals do not cycle on), else any legal move."""
    game = Game(deal, variant)
    for _ in play(game, start, label="start, step"):
        pass
    while len(game.moves) < max_moves and not game.is_won():
        legal = game.legal_moves()
        if not legal:
            break
        pairs = [m for m in legal if m.kind == "discard"]
        game.push(rng.choice(pairs if pairs and rng.random() < discards else legal))
    return list(game.moves)


def sample_starts(deal: Deal, variant: Variant, line: Sequence[Move], count: int,
                  rng: random.Random) -> list[int]:
    """Up to ``count`` prefix lengths of ``line`` to query, sorted: the deal itself, the
    position just after each redeal, the first with a hand card held and a non-empty
    waste, the first in a later pass, the first with the pyramid cleared, the first with
    a forced pair pending (stock-waste automatic), the end, and random others."""
    game = Game(deal, variant)
    wanted = {0, len(line)}
    marks = {"hand+waste": False, "later pass": False, "cleared": False, "forced": False}
    for i, _ in enumerate(play(game, line), 1):
        if game.forced_pair() is not None and not marks["forced"]:
            marks["forced"] = True
            wanted.add(i)
        if game.pyramid_cleared() and not marks["cleared"]:
            marks["cleared"] = True
            wanted.add(i)
        if line[i - 1].kind == "redeal" and game.pyramid_cleared():
            wanted.add(i + 1)  # in a pass after the one that cleared the pyramid
        if line[i - 1].kind == "redeal":
            wanted.add(i)
        if game.waste and (game.hand is not None or not variant.has_hand) \
                and not marks["hand+waste"]:
            marks["hand+waste"] = True
            wanted.add(i)
        if game.pass_no > 1 and not marks["later pass"] and game.waste:
            marks["later pass"] = True
            wanted.add(i)
    picked = sorted(i for i in wanted if i <= len(line))[:count]
    rest = [i for i in range(len(line) + 1) if i not in wanted]
    picked += rng.sample(rest, min(len(rest), count - len(picked)))
    return sorted(picked)
