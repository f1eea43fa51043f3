"""The referee: replay a solution step by step and check that it wins."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from pyramids.core.deals import Deal
from pyramids.core.errors import IllegalMoveError, RefereeError
from pyramids.core.game import Game
from pyramids.core.layout import geometry
from pyramids.core.moves import Move
from pyramids.core.variants import Variant

_ALL = (1 << 52) - 1


@dataclass(frozen=True)
class Replay:
    """What a replayed line reached."""

    moves: int
    won: bool
    cards_left: int
    pyramid_left: int
    score: int | None  # the score under the variant's scoring (Par or MSC)
    msc_score: int = 0  # MSC's score, whatever the variant's scoring
    removed: int = 0  # the discarded cards as card bits (bit ``c`` for card code ``c``)


def play(game: Game, moves: Iterable[Move], label: str = "step") -> Iterator[Move]:
    """Push ``moves`` on ``game`` one by one, yielding each once played; an illegal one
    raises :class:`RefereeError` as ``"{label} N: ..."`` (N 1-based)."""
    for step, move in enumerate(moves, 1):
        try:
            game.push(move)
        except IllegalMoveError as e:
            raise RefereeError(f"{label} {step}: {e}", step) from None
        yield game.moves[-1]  # as the game records it (a stock move in its own words)


@dataclass(frozen=True)
class Reached:
    """The position after moves played from a deal (``start``), as the engines start from
    it: replayed by the referee once (:func:`reach`), then read by each engine that asks.

    ``removed``: the discarded cards as card bits (bit ``c`` for card code ``c``);
    ``pointer``: the rest card dealt last in this pass, counted from 1 in
    :meth:`~pyramids.core.deals.Deal.rest` (0: none dealt yet in this pass; the variant's
    opening deals count); ``cleared_pass``: the pass in which the pyramid was cleared.
    """

    moves: tuple[Move, ...]  # as the game records them (a stock move in its own words)
    removed: int
    pointer: int
    pass_no: int
    cleared_pass: int | None
    won: bool
    par_score: int  # the Par score so far (the score under Par scoring)
    msc_score: int  # the MSC score so far (the score under MSC scoring)
    rest_left: int  # cards of the rest (stock, tableau, bouquet) still in play

    def removed_slots(self, deal: Deal) -> int:
        """The discarded cards as slot bits (bit ``i`` for ``deal.cards[i]``)."""
        return sum(1 << i for i, c in enumerate(deal.cards) if self.removed >> c & 1)


def reach(deal: Deal, variant: Variant, start: Sequence[Move]) -> Reached:
    """The position after ``start``, replayed by the rules engine once for each deal,
    variant and start (the last few asked are kept): the check, each engine the
    portfolio runs and each of their searches read the same replay, Par's unscored
    questions too (scoring changes no move: the replay is keyed without it). An illegal
    move raises :class:`RefereeError` as ``"start, step N: ..."``."""
    return _reach(deal, replace(variant, scoring="none"), tuple(start))


@lru_cache(maxsize=32)
def _reach(deal: Deal, variant: Variant, start: tuple[Move, ...]) -> Reached:
    return _replay_start(deal, variant, start)


def _replay_start(deal: Deal, variant: Variant, start: tuple[Move, ...]) -> Reached:
    game = Game(deal, variant)
    index = {c: i for i, c in enumerate(deal.rest(variant), 1)}
    # the variant's opening deals come before ``start`` (and an automatic deal, if any)
    pointer = variant.opening_dealt
    if game.auto_at_start:
        pointer = index[game.waste[-1]]
    for m in play(game, start, label="start, step"):
        if m.is_redeal:
            pointer = 0
        if m.is_deal or game.automatic[-1]:  # a deal made by the move, or by itself
            last = game.hand if game.hand is not None else game.waste[-1]
            pointer = index[last]
    left = sum(1 for c in deal.rest(variant) if not game.is_removed(c))
    return Reached(tuple(game.moves), game.removed, pointer, game.pass_no,
                   game.cleared_pass, game.is_won(), game.par_score(), game.msc_score(), left)


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
    return _end(game, len(moves))


def replayed(deal: Deal, variant: Variant, moves: Sequence[Move]) -> Replay:
    """What the line ``moves`` from the deal reaches (won, scores, cards left), won or
    not, replayed by the rules engine once for each deal, variant and line (the last
    few asked are kept): the optimal solver that found a goal's line checks it, the
    answer that gives it reads its end, from the same replay. An illegal move raises
    :class:`RefereeError` naming the step (1-based)."""
    return _played(deal, variant, tuple(moves))


@lru_cache(maxsize=32)
def _played(deal: Deal, variant: Variant, moves: tuple[Move, ...]) -> Replay:
    return _replay_line(deal, variant, moves)


def _replay_line(deal: Deal, variant: Variant, moves: tuple[Move, ...]) -> Replay:
    game = Game(deal, variant)
    for _ in play(game, moves):
        pass
    return _end(game, len(moves))


def _end(game: Game, moves: int) -> Replay:
    return Replay(moves, game.is_won(), game.cards_left(), len(game.pyramid_left()),
                  game.score(), game.msc_score(), game.removed)


def left_text(game: Game) -> str:
    z = game.zone_counts()
    parts = [f"{n} in the {zone}" for zone, n in z.items() if zone != "discarded" and n]
    return "cards left: " + ", ".join(parts) if parts else "no cards left"


@cache
def _bouquet_covers(variant: Variant) -> tuple[tuple[int, ...], int] | None:
    """The open bouquet's layout by slot (the deal's layout order): for each slot the
    slots lying directly on it (none for a bouquet card), and the pyramid's slots; None
    for any other layout."""
    if variant.rest != "bouquet":
        return None
    geo = geometry(variant)
    n = variant.pyramid_cards
    covers = [sum(1 << q for q in geo.covered_by(p)) for p in range(n)]
    return (*covers, *[0] * (52 - n)), (1 << n) - 1


def bouquet_line_wins(cards: Sequence[int], variant: Variant, moves: Sequence[Move]) -> bool:
    """True if ``moves`` are legal one after the other from the deal whose 52 cards, in
    layout order, are ``cards``, and win it, in the open bouquet; False if any move is
    not one this check accepts, or the line does not win.

    The bouquet's fast path for checking many solutions (bulk runs): each discard needs
    its cards left and uncovered (a bouquet card is never covered) and a King alone or
    two cards summing to 13, and no move may follow a win. It accepts only lines
    :func:`replay` accepts (tested against it on legal and broken lines) and is not the
    last word on a line it refuses: an overlap discard, which it does not know, or a
    real error. Callers then ask :func:`replay`, which names the step.
    """
    lay = _bouquet_covers(variant)
    if lay is None:
        return False
    covers, pyramid = lay
    done = pyramid if variant.objective == "pyramid" else _ALL
    slot = [0] * 52
    for s, c in enumerate(cards):
        slot[c] = s
    removed = 0
    for move in moves:
        if removed & done == done:
            return False  # the game was already won
        cs = move.cards
        if len(cs) == 1:
            a = cs[0]
            sa = slot[a]
            if a % 13 != 12 or removed >> sa & 1 or covers[sa] & ~removed:
                return False
            removed |= 1 << sa
        elif len(cs) == 2:
            a, b = cs
            sa, sb = slot[a], slot[b]
            if (a % 13 + b % 13 != 11 or (removed >> sa | removed >> sb) & 1
                    or (covers[sa] | covers[sb]) & ~removed):
                return False
            removed |= 1 << sa | 1 << sb
        else:
            return False  # deal or redeal: no stock in the bouquet
    return removed & done == done
