"""A model of PySolFC's own stacks for its ten other pyramid games, to replay a line click
by click as a PySolFC player would play it.

The companion of :mod:`pyramids.pysolfc.model` (Pyramid, Relaxed Pyramid, Giza, King Tut),
written the same way: from PySolFC's source (shlomif/PySolFC at commit 7a3d146, file and
line given for every rule), independently of the project's rules engine. It imports
nothing of :mod:`pyramids` but the errors and that model's cards, stacks and shuffle.
The games (PySolFC id, class in pysollib/games/pyramid.py): Pyramid Thirteen (44,
``Thirteen``), Pharaohs (655), Apophis (658), Cheops (659), Two Pyramids (677), Double
Pyramid (699), Triangle (700), Up and Down (701), Pyramid Dozen (846), Eleven Triangle
(969). A line's steps (docs/rules.md, *PySolFC's games*):

* ``KC``: a click on a King, where the game sends one alone
  (``Pyramid_StackMethods._dropKingClickHandler``, pyramid.py:73-81; Cheops, Pyramid
  Dozen and Eleven Triangle send none: pyramid.py:1464-1476, 372-373, 1423-1424);
* ``9H+4C``: a drag of one card onto the other, whichever PySolFC lets the player drag
  (``OpenStack.releaseHandler``, stack.py:2277-2305: the dragged card's stack can move it
  and the other stack accepts it; then ``_dropPairMove``, pyramid.py:83-96, asks the
  dragged card's stack to accept the other card too, else nothing moves);
* ``deal``: a click on the talon while it holds cards; ``redeal``: a click on the empty
  talon (``TalonStack.clickHandler`` -> ``Game.dealCards``, stack.py:1887-1888,
  game/__init__.py:2309-2323).

A card may carry its place, which a two-deck game needs when both copies are on top of
a stack: ``9H@r12`` (``s.rows[12]``), ``9H@v3`` (reserve pile 3 of Pyramid Dozen),
``9H@t`` (the talon's top card), ``9H@w`` (the waste), ``9H@w2`` (Apophis's and Eleven
Triangle's third waste: places count from 0, as PySolFC's lists do).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pyramids.pysolfc.model import (
    KING,
    ModelError,
    Player,
    Replayed,
    _Card,
    _Stack,
    talon_cards,
)

__all__ = ["GAMES", "FamilyTable", "ModelError", "Replayed", "pyramid", "replay_family"]

Pairs = Callable[[int, int], bool]  # acceptsCards' test on (dragged rank, top rank), from 0


def _sum13(a: int, b: int) -> bool:
    """``Pyramid_StackMethods.acceptsCards`` (pyramid.py:65-71) and
    ``Apophis_RowStack.acceptsCards`` (pyramid.py:1339-1345): ranks (from 0) adding to
    11, values adding to 13."""
    return a + b == 11


def _cheops(a: int, b: int) -> bool:
    """``Cheops_StackMethods.acceptsCards`` (pyramid.py:1454-1461): ``abs(cards[0].rank -
    c.rank) in (0, 1)``, ranks equal or one apart (no wrap: K and A do not pair)."""
    return abs(a - b) in (0, 1)


def _dozen(a: int, b: int) -> bool:
    """``PyramidDozen_StackMethods.acceptsCards`` (pyramid.py:363-370): ranks adding to
    10 or 23, values adding to 12, or a Queen and a King."""
    return a + b in (10, 23)


def _eleven(a: int, b: int) -> bool:
    """``ElevenTriangle_StackMethods.acceptsCards`` (pyramid.py:1413-1421): ranks adding
    to 9 (values to 11), or the dragged card above a Ten (J, Q, K) and the same rank."""
    return a + b == 9 or (a > 9 and a == b)


@dataclass(frozen=True)
class _Rules:
    """One game as its PySolFC class builds it.

    ``talon``: ``"face-up"`` (``Pyramid_Talon`` or ``Cheops_Talon``, a
    ``FaceUpWasteTalonStack`` dealing one card to ``s.waste``, its top card face up and
    pairable), ``"wastes"`` (``DealReserveRedealTalonStack`` dealing one card to each of
    three ``Pyramid_Waste`` reserves), ``"initial"`` (``InitialDealTalonStack``: only the
    start). ``reserves``: piles of ``reserve_cards`` dealt before the pyramid."""

    name: str
    decks: int
    pyramids: tuple[tuple[int, bool], ...]  # (size, inverted), in createGame's order
    pairs: Pairs
    pairs_text: str
    king_alone: bool
    talon: str
    max_rounds: int = 1
    reserves: int = 0
    reserve_cards: int = 0
    face_down: int = 0  # rows[:face_down] dealt with flip=0


GAMES: dict[int, _Rules] = {
    # Thirteen(Pyramid): Talon_Class = StackWrapper(Pyramid_Talon, max_rounds=1, ...);
    # startGame: dealRow(rows=self.s.rows[:21], flip=0), dealRow(rows[21:]), dealCards()
    # (pyramid.py:416-423)
    44: _Rules("Pyramid Thirteen", 1, ((7, False),), _sum13, "values adding to 13", True,
               "face-up", 1, face_down=21),
    # Pharaohs(Pyramid): RowStack_Class = Pyramid_RowStack, pyramids of 2, 7 and 6,
    # InitialDealTalonStack, no waste (pyramid.py:1209-1246)
    655: _Rules("Pharaohs", 1, ((2, False), (7, False), (6, False)), _sum13,
                "values adding to 13", True, "initial"),
    # Apophis(Pharaohs): Apophis_RowStack, DealReserveRedealTalonStack(max_rounds=3), three
    # Pyramid_Waste reserves (pyramid.py:1338-1402)
    658: _Rules("Apophis", 1, ((7, False),), _sum13, "values adding to 13", True,
                "wastes", 3),
    # Cheops(Pyramid): Cheops_Talon max_rounds=1, rows and waste with Cheops_StackMethods,
    # their clickHandlers skipping the King drop (pyramid.py:1453-1487)
    659: _Rules("Cheops", 1, ((7, False),), _cheops, "ranks equal or one apart", False,
                "face-up", 1),
    # TwoPyramids(Pyramid): two pyramids of 7 (pyramid.py:1606-1640); Pyramid's talon,
    # max_rounds=3 (pyramid.py:187)
    677: _Rules("Two Pyramids", 2, ((7, False), (7, False)), _sum13, "values adding to 13",
                True, "face-up", 3),
    # DoublePyramid(Pyramid): Pyramid.createGame(self, pyramid_len=9) (pyramid.py:1682-1684)
    699: _Rules("Double Pyramid", 2, ((9, False),), _sum13, "values adding to 13", True,
                "face-up", 3),
    # Triangle(Pyramid): _createInvertedPyramid(layout, x, y, 7) (pyramid.py:1691-1723)
    700: _Rules("Triangle", 1, ((7, True),), _sum13, "values adding to 13", True,
                "face-up", 3),
    # UpAndDown(Pyramid): a pyramid of 7, then an inverted one (pyramid.py:1730-1770)
    701: _Rules("Up and Down", 2, ((7, False), (7, True)), _sum13, "values adding to 13",
                True, "face-up", 3),
    # PyramidDozen(Giza): PyramidDozen_RowStack and _Reserve, six reserves dealt four
    # rows before the pyramid, InitialDealTalonStack (pyramid.py:362-402)
    846: _Rules("Pyramid Dozen", 1, ((7, False),), _dozen,
                "values adding to 12, or a Queen and a King", False, "initial",
                reserves=6, reserve_cards=4),
    # ElevenTriangle(Apophis): INVERT = True, MAX_ROUNDS = 1, ElevenTriangle_RowStack and
    # _Waste (pyramid.py:1412-1445)
    969: _Rules("Eleven Triangle", 1, ((7, True),), _eleven,
                "values adding to 11, or two Jacks, two Queens or two Kings", False,
                "wastes", 1),
}

_PLACE = re.compile(r"^(?P<card>[^@]+)(?:@(?P<kind>[rvw]|t)(?P<index>\d+)?)?$")


def pyramid(size: int, inverted: bool = False) -> list[_Stack]:
    """One pyramid's stacks, row by row from the top, left to right, with their
    blockmaps: ``Pyramid._createPyramid`` (pyramid.py:197-214: stack ``n`` of row ``i``
    is blocked by ``n+i+1`` and ``n+i+2``) or ``_createInvertedPyramid``
    (pyramid.py:216-238: rows of ``size`` down to 1 card; stack ``n``, ``j``-th of row
    ``i``, is blocked by ``k-1`` and ``k`` where ``k = n + size - i``, only ``k`` at the
    row's left end, only ``k-1`` at its right end; the last row is free)."""
    rows = [_Stack("row") for _ in range(size * (size + 1) // 2)]
    n = 0
    for i in range(size - 1):
        width = size - i if inverted else i + 1
        for j in range(width):
            if inverted:
                k = n + size - i
                # the left end has no k-1 below it, the right end no k
                rows[n].blockmap = ([rows[k - 1]] if j > 0 else []) + (
                    [rows[k]] if j < width - 1 else [])
            else:
                k = n + i + 1
                rows[n].blockmap = [rows[k], rows[k + 1]]
            n += 1
    return rows


class FamilyTable(Player):
    """PySolFC's stacks for game ``game_id`` (one of :data:`GAMES`), game number
    ``number`` (``ms``: typed with the ``ms`` prefix), dealt as ``newGame`` deals it
    (game/__init__.py:825-887): shuffled, ``startGame``, then ``autoPlay``."""

    def __init__(self, game_id: int, number: int, *, ms: bool = False,
                 auto_deal: bool = True) -> None:
        rules = GAMES.get(game_id)
        if rules is None:
            raise ModelError(f"the model plays PySolFC's games {sorted(GAMES)}, "
                             f"not {game_id}")
        self.game_id, self.rules, self.auto_deal = game_id, rules, auto_deal
        self.automatic_deals = self.flips = 0
        self.round = 1  # TalonStack.resetGame (stack.py:1872-1875)
        # s.rows: each pyramid's stacks appended in createGame's order; the blockmaps
        # stay within a pyramid (each _createPyramid call computes its own)
        self.rows = [s for size, inv in rules.pyramids for s in pyramid(size, inv)]
        self.talon = _Stack("talon", talon_cards(number, ms, rules.decks))
        self.reserves = [_Stack("reserve") for _ in range(rules.reserves)]
        # s.waste (Pyramid.createGame(waste=True), pyramid.py:266-268) or Apophis's three
        # Pyramid_Waste stacks in s.reserves (pyramid.py:1385-1389)
        wastes = {"face-up": 1, "wastes": 3, "initial": 0}[rules.talon]
        self.wastes = [_Stack("waste") for _ in range(wastes)]
        self.foundation = _Stack("foundation")
        self._start()

    # -- the deal ----------------------------------------------------------------------
    def _deal_row(self, stacks: list[_Stack], flip: bool = True) -> None:
        """``dealToStacks`` (stack.py:1728-1747): for each stack in order, move the
        talon's top card there, turned face up unless ``flip=0``."""
        for s in stacks:
            card = self.talon.cards.pop()
            card.face_up = flip
            s.cards.append(card)

    def _start(self) -> None:
        """``startGame``: Pyramid Dozen deals four rows onto its reserves, then the
        pyramid (pyramid.py:398-402); Pharaohs the rows only (pyramid.py:1244-1246);
        Pyramid Thirteen ``rows[:21]`` face down and the rest face up, then one deal
        (pyramid.py:419-423); the others the rows and one deal (``Pyramid.startGame``,
        pyramid.py:295-298; ``Apophis.startGame``, pyramid.py:1399-1402;
        ``UpAndDown.startGame``, pyramid.py:1767-1770). ``newGame`` then runs
        ``autoPlay`` (game/__init__.py:881-882)."""
        r = self.rules
        for _ in range(r.reserve_cards):
            self._deal_row(self.reserves)
        self._deal_row(self.rows[:r.face_down], flip=False)
        self._deal_row(self.rows[r.face_down:])
        if r.talon != "initial":
            self._talon_deal()
        self._auto_play()

    # -- what PySolFC checks -----------------------------------------------------------
    def won(self) -> bool:
        """``Game.isGameWon`` (game/__init__.py:2546-2549), which none of the ten games
        overrides: every card (``52 * decks``) on the foundation."""
        return len(self.foundation.cards) == 52 * self.rules.decks

    def _can_deal(self) -> bool:
        """Whether the talon deals: ``WasteTalonStack.canDealCards`` (stack.py:3127-3134)
        and ``Pyramid_Talon``'s ``not isGameWon()`` (pyramid.py:132-135);
        ``DealRowRedealTalonStack.canDealCards`` on the wastes (stack.py:2100-2108,
        2146-2148): cards on the talon, or on the wastes with a round left; an
        ``InitialDealTalonStack`` is empty after the start (stack.py:1894-1895)."""
        if self.rules.talon == "initial":
            return False
        if self.rules.talon == "face-up" and self.won():
            return False
        if self.talon.cards:
            return True
        return any(w.cards for w in self.wastes) and self.round != self.rules.max_rounds

    def _accepts(self, stack: _Stack, src: _Stack, card: _Card) -> bool:
        """``acceptsCards`` of the stacks that pair (rows, wastes, reserves, the face-up
        talon): not blocked (``basicIsBlocked``; Apophis's rows by way of
        ``basicAcceptsCards``, stack.py:537-562), another stack, a card on it, both face
        up, and the game's ranks (:data:`GAMES`). The foundation and a face-down talon
        take nothing."""
        if stack.kind == "foundation" or (stack.kind == "talon"
                                          and self.rules.talon != "face-up"):
            return False
        top = stack.top
        if stack.blocked() or src is stack or top is None:
            return False
        return top.face_up and card.face_up and self.rules.pairs(card.rank, top.rank)

    @staticmethod
    def _can_move(stack: _Stack) -> bool:
        """``OpenStack.canMoveCards`` (stack.py:2201-2207, 564-576): the top card, face
        up, the stack not blocked; a talon's card is never dragged (``Stack.canMoveCards``,
        stack.py:586-588)."""
        top = stack.top
        return (stack.kind != "talon" and top is not None and top.face_up
                and not stack.blocked())

    # -- what PySolFC does by itself ---------------------------------------------------
    def _fill(self, stack: _Stack) -> None:
        """``FaceUpWasteTalonStack.fillStack`` (stack.py:3179-3182): the face-up talon
        turns its next card face up; no other stack of these games fills."""
        if stack is self.talon and self.rules.talon == "face-up":
            top = stack.top
            if top is not None and not top.face_up:
                top.face_up = True
                self.flips += 1

    def _talon_deal(self) -> None:
        """The talon's ``dealCards``. A face-up talon: ``WasteTalonStack.dealCards``
        (stack.py:3136-3169), one card to the waste, or with the talon empty the waste
        turned over onto it (its bottom card on top, face down) and the round counted;
        then its top card turned face up (``FaceUpWasteTalonStack.dealCards``,
        stack.py:3184-3191). Three wastes: ``DealRowRedealTalonStack.dealCards``
        (stack.py:2110-2126): with the talon empty, ``_redeal`` (stack.py:1817-1833)
        first moves each waste's cards onto the talon, waste 0 first, each waste's top
        card first, turned face down (so waste 2's bottom card ends on top) and counts
        the round; then ``dealRowAvail`` (stack.py:1715-1726) one card face up to each
        waste in order, as far as the talon's cards go."""
        if self.rules.talon == "face-up":
            waste = self.wastes[0]
            if self.talon.cards:
                card = self.talon.cards.pop()
                card.face_up = True
                waste.cards.append(card)
                self._fill(self.talon)
            elif waste.cards and self.round != self.rules.max_rounds:
                self.talon.cards = waste.cards[::-1]
                waste.cards = []
                for c in self.talon.cards:
                    c.face_up = False
                self.round += 1
            self._fill(self.talon)
            return
        if not self.talon.cards:
            for w in self.wastes:
                while w.cards:
                    card = w.cards.pop()
                    card.face_up = False
                    self.talon.cards.append(card)
            self.round += 1
        self._deal_row(self.wastes[:len(self.talon.cards)])

    def _auto_play(self) -> None:
        """``Game._autoPlay`` with PySolFC's default options (game/__init__.py:2603-2648;
        options.py:350-352: autofaceup on, autodrop off, autodeal on): until nothing
        changes, turn face up each top card that can be (``OpenStack.canFlipCard``, not
        blocked, stack.py:2209-2213: Pyramid Thirteen's face-down rows once uncovered;
        the face-up talon's, stack.py:3176-3177), then ``_autoDeal``
        (game/__init__.py:2650-2655): deal when ``s.waste`` is empty and the talon can
        deal. Apophis and Eleven Triangle have no ``s.waste`` (their wastes are
        ``s.reserves``): *Auto deal* never deals there. Stop once the game is won."""
        changed = True
        while changed:
            changed = False
            for s in (*self.rows, *self.reserves, *self.wastes, self.talon):
                top = s.top
                if top is not None and not top.face_up and not s.blocked() and (
                        s.kind != "talon" or self.rules.talon == "face-up"):
                    top.face_up = True
                    self.flips += 1
                    changed = True
            if (self.auto_deal and self.rules.talon == "face-up"
                    and not self.wastes[0].cards and self._game_deal()):
                self.automatic_deals += 1
                changed = True
            if self.won():
                return

    # -- the player's clicks -----------------------------------------------------------
    def _places(self) -> dict[str, _Stack]:
        """Every stack a card can be named on, by its place in a line."""
        named = {f"r{i}": s for i, s in enumerate(self.rows)}
        named |= {f"v{i}": s for i, s in enumerate(self.reserves)}
        if len(self.wastes) == 1:
            named["w"] = self.wastes[0]
        else:
            named |= {f"w{i}": s for i, s in enumerate(self.wastes)}
        named["t"] = self.talon
        return named

    def _place_ranges(self) -> str:
        """The places, in short: ``r0-r27, w0-w2, t``."""
        spans = [("r", len(self.rows)), ("v", len(self.reserves))]
        if len(self.wastes) > 1:
            spans.append(("w", len(self.wastes)))
        out = [f"{k}0-{k}{n - 1}" for k, n in spans if n]
        return ", ".join(out + (["w"] if len(self.wastes) == 1 else []) + ["t"])

    def _where(self, text: str) -> tuple[str, _Stack]:
        """The card and stack of ``9H@r12`` (the stack named), or of ``9H``: the copy a
        player can play, face up on top of a stack that is not blocked (or, if neither
        copy can be, the one face up on top, which the move then refuses as covered).
        Two copies that could both be played need the place."""
        m = _PLACE.match(text)
        if m is None:
            raise ModelError(f"{text!r} is not a card, nor a card and its place (9H@r12)")
        name = m.group("card")
        places = self._places()
        shown = {p: s for p, s in places.items()
                 if s.top is not None and s.top.face_up and str(s.top) == name}
        if m.group("kind") is None:
            if not shown:
                raise ModelError(f"{name} is not the top card of any stack, face up")
            free = {p: s for p, s in shown.items() if not s.blocked()} or shown
            if len(free) > 1:
                where = " and ".join(free)
                raise ModelError(f"{name} can be played from {where}: say which "
                                 f"({name}@{next(iter(free))})")
            return name, next(iter(free.values()))
        place = m.group("kind") + (m.group("index") or "")
        if place not in places:
            raise ModelError(f"{text}: {self.rules.name} has no place {place} "
                             f"(its places: {self._place_ranges()})")
        if place not in shown:
            top = places[place].top
            on = "nothing" if top is None else (str(top) if top.face_up else "a face-down card")
            raise ModelError(f"{text}: {name} is not face up on top of {place} "
                             f"({on} is)")
        return name, places[place]

    def _click_talon(self, word: str) -> None:
        """A click on the talon: ``Pyramid_Talon.clickHandler`` first drops a King on
        top (pyramid.py:121-124; not ``Cheops_Talon``'s, pyramid.py:1465-1466), else
        ``Game.dealCards``; an ``InitialDealTalonStack`` takes no clicks (its
        ``initBindings`` binds nothing, stack.py:2077-2080)."""
        r = self.rules
        if r.talon == "initial":
            raise ModelError(f"{word}: {r.name} has no talon to click (every card is "
                             "dealt at the start)")
        self._deal_clicked(word, r.talon == "face-up" and r.king_alone)

    def _click_king(self, text: str) -> None:
        """``_dropKingClickHandler`` (pyramid.py:73-81): a King, face up, its stack not
        blocked, goes to the foundation, and its stack fills (``moveMove``,
        pyramid.py:98-102)."""
        name, stack = self._where(text)
        card = stack.top
        assert card is not None
        if not self.rules.king_alone:
            raise ModelError(f"{text}: {self.rules.name} sends no card to the foundation "
                             f"alone (its pairs: {self.rules.pairs_text})")
        if card.rank != KING:
            raise ModelError(f"{text}: a click moves a King alone, and {name} is not one")
        if stack.kind == "talon" and self.rules.talon != "face-up":  # pragma: no cover
            raise ModelError(f"{text}: the talon is face down")
        if stack.blocked():
            raise ModelError(f"{text}: {name} is covered")
        self._to_foundation(stack)

    def _drag(self, a: str, b: str) -> None:
        """A pair: ``a`` dragged onto ``b``, or ``b`` onto ``a`` if only that is
        allowed; both cards go to the foundation and both stacks fill
        (``_dropPairMove``, pyramid.py:83-96)."""
        (na, sa), (nb, sb) = self._where(a), self._where(b)
        if sa is sb:
            raise ModelError(f"{a}+{b}: both on one stack")
        for src, dst in ((sa, sb), (sb, sa)):
            card, other = src.top, dst.top
            assert card is not None and other is not None
            if (self._can_move(src) and self._accepts(dst, src, card)
                    and self._accepts(src, dst, other)):
                self._to_foundation(src, dst)
                return
        covered = [n for n, s in ((na, sa), (nb, sb)) if s.blocked()]
        if covered:
            why = f"{' and '.join(covered)} {'is' if len(covered) == 1 else 'are'} covered"
        elif sa.kind == sb.kind == "talon":  # pragma: no cover - one talon per game
            why = "both on the talon"
        elif not self.rules.pairs(sa.top.rank, sb.top.rank):  # type: ignore[union-attr]
            why = f"{self.rules.name} pairs {self.rules.pairs_text}"
        else:  # pragma: no cover - every case above covers the ten games
            why = "neither card can be dragged onto the other"
        raise ModelError(f"{a}+{b}: {why}")


def replay_family(game_id: int, number: int, steps: list[str], ms: bool = False, *,
                  auto_deal: bool = True) -> Replayed:
    """Replay ``steps`` click by click in PySolFC game ``game_id`` number ``number``;
    :class:`ModelError` names the first step PySolFC would not play as written."""
    return FamilyTable(game_id, number, ms=ms, auto_deal=auto_deal).replayed(steps)
