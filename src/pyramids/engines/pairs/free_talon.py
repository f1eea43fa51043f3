"""The layout with the talon set free (h74): an easier game whose loss proves a position
of the real one lost, and the general search cut by it.

The easier game keeps the layout's cover order and makes every talon card free to pair
at any time: the talon is a bag of ranks. Every line of the real game is a line of this
one, so a position from which the easier game cannot clear the layout is lost:

* a pair of layout cards, or a layout card alone, is the same move here (a layout card
  is in play only when the places covering it are empty, here as there);
* a pair of a layout card with a talon card (from a waste, the talon's top or a hand)
  takes that card's rank out of the bag;
* a pair of two talon cards, or a talon card alone, changes no layout card and is put
  off to the end, when the bag's cards must pair off among themselves (:func:`pairs_off`).

A layout card that goes alone and pairs with no rank is taken at once (it only uncovers
cards). It holds for every game without overlap whose cards must all go.

Where it pays: Apophis (three wastes gathered for two more rounds), whose rounds reorder
the talon, so that the search's prunings know what lies on a talon card only in the last
round; many of its deals are lost in the layout whatever the talon does, which the search
cannot exhaust (game 18: 30,000,000 positions, unknown) and this game shows in a few
hundred positions. :func:`search` is the general search (:func:`pyramids.engines.pairs._search`)
with every position the easier game loses cut: it finds wins the compiled search misses
(it stops going down lost branches), and its exhaustion is a proof.
"""

from __future__ import annotations

import time

from pyramids.core.board import Play
from pyramids.core.cards import Card
from pyramids.core.rules import Rules
from pyramids.engines.pairs import Outcome, _prepare, _search

#: the most positions of the easier game one question may add to its table before it
#: gives up (no answer: no cut, no certificate); Apophis' deals take a few thousand
LIMIT = 200_000


def applies(rules: Rules) -> bool:
    """Every card must go and no card pairs with one lying on it (no overlap)."""
    return rules.objective == "all" and not rules.pairing.overlap


def pairs_off(bag: tuple[int, ...], rules: Rules, memo: dict[tuple[int, ...], bool]) -> bool:
    """Can the cards of ``bag`` (a count per rank 0..13) all go, alone or in pairs among
    themselves?"""
    if bag in memo:
        return memo[bag]
    r = next((q for q in range(1, 14) if bag[q]), 0)
    if r == 0:
        return True
    left = list(bag)
    left[r] -= 1
    ok = r in rules.pairing.alone and pairs_off(tuple(left), rules, memo)
    for q in range(r, 14):
        if not ok and left[q] and rules.pairing.goes_with(r, q):
            left[q] -= 1
            ok = pairs_off(tuple(left), rules, memo)
            left[q] += 1
    memo[bag] = ok
    return ok


class FreeTalon:
    """The easier game of one deal: :meth:`clears` from any position, its answers kept
    (a position is the layout's removed places and the bag)."""

    def __init__(self, rules: Rules, cards: tuple[Card, ...], limit: int = LIMIT) -> None:
        self.rules = rules
        self.ranks = [c % 13 + 1 for c in cards]
        self.places = rules.layout.size
        self.cover = [sum(1 << q for q in over) for over in rules.layout.covered_by]
        self.full = (1 << self.places) - 1
        self.limit = limit
        self.seen: dict[tuple[int, tuple[int, ...]], bool] = {}
        self.tail: dict[tuple[int, ...], bool] = {}
        self.positions = 0
        self._budget = limit

    def bag(self, removed: int) -> tuple[int, ...]:
        """The talon cards not in ``removed``, a count per rank."""
        out = [0] * 14
        for a in range(self.places, self.rules.cards):
            if not removed >> a & 1:
                out[self.ranks[a]] += 1
        return tuple(out)

    def clears(self, removed: int) -> bool | None:
        """Can the easier game clear the layout (and pair the bag off) from the position
        whose removed cards are ``removed``: True, False, or None when this question
        would take more than ``limit`` new positions."""
        self._budget = self.positions + self.limit
        return self._clears(removed & self.full, self.bag(removed))

    def _clears(self, gone: int, have: tuple[int, ...]) -> bool | None:
        if gone == self.full:
            return pairs_off(have, self.rules, self.tail)
        key = (gone, have)
        if key in self.seen:
            return self.seen[key]
        self.positions += 1
        if self.positions > self._budget:
            return None
        pairing, ranks = self.rules.pairing, self.ranks
        free = [p for p in range(self.places)
                if not gone >> p & 1 and self.cover[p] & ~gone == 0]
        safe = next((p for p in free if ranks[p] in pairing.alone
                     and not pairing.partners(ranks[p])), None)
        got: bool | None = False
        if safe is not None:
            got = self._clears(gone | 1 << safe, have)
        else:
            for i, p in enumerate(free):  # pairs of layout cards first, then the bag's
                for q in free[i + 1:]:
                    if got is False and pairing.goes_with(ranks[p], ranks[q]):
                        got = self._clears(gone | 1 << p | 1 << q, have)
            for p in free:
                if got is False and ranks[p] in pairing.alone:
                    got = self._clears(gone | 1 << p, have)
                for r in range(1, 14):
                    if got is False and have[r] and pairing.goes_with(ranks[p], r):
                        left = list(have)
                        left[r] -= 1
                        got = self._clears(gone | 1 << p, tuple(left))
        if got is not None:
            self.seen[key] = got
        return got


def search(rules: Rules, cards: tuple[Card, ...], *, start: tuple[Play, ...] = (),
           node_limit: int | None = None, time_limit: float | None = None) -> Outcome:
    """The general search in Python (:func:`pyramids.engines.pairs._search`: its order, its
    visited set, its dead-card test) with every position the easier game loses cut, from
    the position after ``start``: ``winnable`` with its moves, ``blocked`` (every
    position not cut seen, each cut one proved lost), or ``unknown`` at a limit."""
    t0 = time.process_time()
    ready = _prepare(rules, cards, start, t0)
    if isinstance(ready, Outcome):
        return ready
    board, needs = ready
    easier = FreeTalon(rules, cards)
    if easier.clears(board.removed) is False:
        return Outcome("blocked", (), 0, time.process_time() - t0,
                       "the layout cannot be cleared even with the talon free")
    return _search(board, needs, node_limit, time_limit, t0,
                   lost=lambda removed: easier.clears(removed) is False)
