"""A model of PySolFC's own stacks for its four Pyramid games, to replay a line click by
click as a PySolFC player would play it.

Written from PySolFC's source (shlomif/PySolFC at commit 7a3d146, the file and line
given for every rule and every automatic action below), independently of the project's
rules engine, which it checks: it imports nothing of :mod:`pyramids` but the errors, and
shuffles with pysol-cards as PySolFC does. A line is the notation of docs/rules.md
(*PySolFC's games*), each step one thing a player does:

* ``KC``: a click on a King (``Pyramid_StackMethods._dropKingClickHandler``,
  pysollib/games/pyramid.py:73-81, bound by the row, waste, talon and Giza reserve
  ``clickHandler`` s, pyramid.py:121-124, 146-150, 165-168, 338-341);
* ``9H+4C``: a drag of one card onto the other, whichever PySolFC lets the player drag
  (``OpenStack.releaseHandler``, pysollib/stack.py:2277-2305: the dragged card's stack
  must be able to move it, ``canMoveCards``, and the other must accept it,
  ``acceptsCards``); the pair goes to the foundation (``_dropPairMove``,
  pyramid.py:83-96);
* ``deal``: a click on the talon while it holds cards, ``redeal``: a click on the empty
  talon (``TalonStack.clickHandler`` -> ``Game.dealCards``, stack.py:1887-1888,
  pysollib/game/__init__.py:2309-2323).

Everything else is PySolFC's own doing, which the model does and counts: the opening
deal, the talon's next card turning face up, and with the *Auto deal* option (on by
default, pysollib/options.py:352) the deals it makes to an empty waste. *Auto drop* is
off by default (options.py:351): PySolFC drops no King by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyramids.core.errors import PyramidsError

RANKS = "A23456789TJQK"
SUITS = "CSHD"  # PySolFC's suit order: clubs, spades, hearts, diamonds
KING = 12  # PySolFC's ranks count from 0 (pysollib/util.py:65: KING = 12)
UNLIMITED = -1  # UNLIMITED_REDEALS (pysollib/util.py:79)

#: PySolFC's game ids and names (``registerGame``, pyramid.py:1914-1957)
GAMES = {38: "Pyramid", 193: "Relaxed Pyramid", 592: "Giza", 681: "King Tut"}


class ModelError(PyramidsError):
    """A step PySolFC would not play as the line says (names the step and why)."""


@dataclass
class _Card:
    rank: int  # 0 (Ace) to 12 (King)
    suit: int
    face_up: bool = False

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]


@dataclass(eq=False)
class _Stack:
    kind: str  # row, reserve, talon, waste, foundation
    cards: list[_Card] = field(default_factory=list)
    blockmap: list[_Stack] = field(default_factory=list)

    @property
    def top(self) -> _Card | None:
        return self.cards[-1] if self.cards else None

    def blocked(self) -> bool:
        """``Pyramid_RowStack.basicIsBlocked`` (pyramid.py:159-163): a stack of its
        blockmap (the two below it) holds a card. Other stacks never are."""
        return any(s.cards for s in self.blockmap)


def talon_cards(number: int, ms: bool, decks: int = 1) -> list[_Card]:
    """The talon after ``Game.shuffle`` (game/__init__.py:1243-1256), bottom first (the
    last card is on top), face down: the cards of ``Game.createCards``
    (game/__init__.py:1213-1237: deck by deck, suits in PySolFC's order, Ace to King, as
    pysol-cards' ``createCards`` makes them), rearranged for the Microsoft generator
    (``ms_rearrange``, which rearranges a 52-card deck only and returns two decks as they
    are), shuffled. The generator is ``construct_random``'s (pysollib/pysolrandom.py:
    68-89): ``LCRandom31`` for an ``ms`` number or one below 32000, else ``MTRandom``."""
    from pysol_cards.cards import createCards, ms_rearrange
    from pysol_cards.random import LCRandom31, MTRandom

    cards = createCards(decks)
    rnd: LCRandom31 | MTRandom
    if ms or number < 32000:
        rnd = LCRandom31(number)  # refuses 0 and numbers past 2**33 - 1
        cards = ms_rearrange(cards)
    else:
        rnd = MTRandom(number)
    rnd.reset()
    rnd.shuffle(cards)
    return [_Card(c.rank - 1, c.suit) for c in cards]


@dataclass(frozen=True)
class Replayed:
    """A line replayed: won, the player's clicks, and what PySolFC did by itself."""

    won: bool
    clicks: int
    automatic_deals: int
    flips: int


class Player:
    """What the models of PySolFC's stacks share (this module's :class:`Table` and
    :class:`pyramids.pysolfc.family_model.FamilyTable`): a step dispatched as the click or
    drag it is, a deal through ``Game.dealCards``, cards sent to the foundation and
    ``autoPlay`` after the player's move. Each model says how its game deals, flips,
    fills, pairs and wins."""

    talon: _Stack
    foundation: _Stack
    automatic_deals: int
    flips: int

    def won(self) -> bool:
        raise NotImplementedError

    def _can_deal(self) -> bool:
        raise NotImplementedError

    def _talon_deal(self) -> None:
        raise NotImplementedError

    def _auto_play(self) -> None:
        raise NotImplementedError

    def _fill(self, stack: _Stack) -> None:
        raise NotImplementedError

    def _click_talon(self, word: str) -> None:
        raise NotImplementedError

    def _click_king(self, name: str) -> None:
        raise NotImplementedError

    def _drag(self, a: str, b: str) -> None:
        raise NotImplementedError

    def _game_deal(self) -> bool:
        """``Game.dealCards`` (game/__init__.py:2309-2323): if the talon can deal, deal,
        then unless the game is won ``autoPlay``. False if it could not."""
        if not self._can_deal():
            return False
        self._talon_deal()
        if not self.won():
            self._auto_play()
        return True

    def _after_move(self) -> None:
        """``Stack.playMoveMove`` (stack.py:661-677): after the player's move,
        ``autoPlay`` unless the game is won."""
        if not self.won():
            self._auto_play()

    def _to_foundation(self, *stacks: _Stack) -> None:
        """The top card of each of ``stacks`` to the foundation, then each stack filled
        (``moveMove``, pyramid.py:98-102; ``_dropPairMove``, pyramid.py:90-96), then the
        player's move ends (:meth:`_after_move`)."""
        for s in stacks:
            self.foundation.cards.append(s.cards.pop())
        for s in stacks:
            self._fill(s)
        self._after_move()

    def _deal_clicked(self, word: str, drops_king: bool) -> None:
        """A click on a talon that deals: ``deal`` while it holds cards, ``redeal`` once
        it is empty; where the click drops a King on top instead (``drops_king``:
        ``Pyramid_Talon.clickHandler``, pyramid.py:121-124) the line must say so; then
        ``Game.dealCards``."""
        if (word == "deal") != bool(self.talon.cards):
            raise ModelError(f"{word}: the talon {'holds' if self.talon.cards else 'is'} "
                             f"{len(self.talon.cards) or 'empty'}"
                             f"{' cards' if self.talon.cards else ''}")
        top = self.talon.top
        if drops_king and top is not None and top.face_up and top.rank == KING:
            raise ModelError(f"deal: a click on the talon discards its top card {top}, "
                             "a King; the line should say so")
        if not self._game_deal():
            raise ModelError(f"{word}: PySolFC deals nothing here"
                             + (" (no redeal left)" if not self.talon.cards else ""))

    def click(self, step: str) -> None:
        """Play one step of a line (``KC``, ``9H+4C``, ``deal``, ``redeal``) as the
        player's click or drag; :class:`ModelError` if PySolFC would not do it."""
        word = step.strip()
        if self.won():
            raise ModelError(f"{word}: the game is already won")
        if word in ("deal", "redeal"):
            self._click_talon(word)
        elif "+" in word:
            a, _, b = word.partition("+")
            self._drag(a.strip(), b.strip())
        else:
            self._click_king(word)

    def replayed(self, steps: list[str]) -> Replayed:
        """Play ``steps`` in turn; :class:`ModelError` names the first step PySolFC would
        not play as written."""
        for i, step in enumerate(steps, 1):
            try:
                self.click(step)
            except ModelError as e:
                raise ModelError(f"step {i}: {e}") from None
        return Replayed(self.won(), len(steps), self.automatic_deals, self.flips)


class Table(Player):
    """One PySolFC game of ``game_id`` (38, 193, 592, 681), game number ``number``
    (``ms``: typed with PySolFC's ``ms`` prefix, Microsoft's generator at any number),
    dealt as PySolFC's ``newGame`` deals it (game/__init__.py:825-887)."""

    def __init__(self, game_id: int, number: int, *, ms: bool = False,
                 auto_deal: bool = True) -> None:
        if game_id not in GAMES:
            raise ModelError(f"the model plays PySolFC's games {sorted(GAMES)}, "
                             f"not {game_id}")
        self.game_id = game_id
        self.auto_deal = auto_deal
        self.automatic_deals = 0
        self.flips = 0
        self.round = 1  # TalonStack.resetGame (stack.py:1872-1875)
        giza = game_id == 592
        king_tut = game_id == 681
        # Pyramid.Talon_Class (pyramid.py:187): Pyramid_Talon, a FaceUpWasteTalonStack
        # of 3 rounds, num_deal 1; King Tut: WasteTalonStack(max_rounds=
        # UNLIMITED_REDEALS, num_deal=3) (pyramid.py:1660-1661); Giza:
        # InitialDealTalonStack (pyramid.py:345), only the opening deal
        self.face_up_talon = not giza and not king_tut
        self.max_rounds = UNLIMITED if king_tut else 3
        self.num_deal = 3 if king_tut else 1
        self.rows = self._pyramid(7)
        self.talon = _Stack("talon", self._shuffled(number, ms))
        self.waste = None if giza else _Stack("waste")  # createGame(waste=False) for Giza
        self.reserves = [_Stack("reserve") for _ in range(8 if giza else 0)]
        self.foundation = _Stack("foundation")
        # sg.dropstacks = rows + reserves + waste (pysollib/layout.py:267), which
        # getAutoStacks returns as the stacks to flip (pyramid.py:300-301); Pyramid's
        # createGame adds the talon (pyramid.py:286-287); King Tut's does not
        # (pyramid.py:1674-1675)
        self.flipstacks: list[_Stack] = [*self.rows, *self.reserves]
        if self.waste is not None:
            self.flipstacks.append(self.waste)
        if not king_tut:
            self.flipstacks.append(self.talon)
        self._start(giza)

    # -- the deal ----------------------------------------------------------------------
    @staticmethod
    def _shuffled(number: int, ms: bool) -> list[_Card]:
        """The talon after ``Game.shuffle``: :func:`talon_cards` for one deck."""
        return talon_cards(number, ms)

    def _pyramid(self, size: int) -> list[_Stack]:
        """``Pyramid._createPyramid`` (pyramid.py:197-214): rows from the top, left to
        right; stack ``n`` of row ``i`` is blocked by stacks ``n+i+1`` and ``n+i+2``."""
        rows = [_Stack("row") for _ in range(size * (size + 1) // 2)]
        n = 0
        for i in range(size - 1):
            for _ in range(i + 1):
                k = n + i + 1
                rows[n].blockmap = [rows[k], rows[k + 1]]
                n += 1
        return rows

    def _deal_row(self, stacks: list[_Stack]) -> None:
        """``dealToStacks`` (stack.py:1728-1747): for each stack in order, flip the
        talon's top card and move it there."""
        for s in stacks:
            card = self.talon.cards.pop()
            card.face_up = True
            s.cards.append(card)

    def _start(self, giza: bool) -> None:
        """``startGame``: Giza deals three rows onto its reserves, then the pyramid
        (pyramid.py:351-355); the others the pyramid, then ``talon.dealCards()``, "deal
        first card to WasteStack" (pyramid.py:295-298, inherited by Relaxed Pyramid and
        King Tut). ``newGame`` then runs ``autoPlay`` (game/__init__.py:881-882)."""
        if giza:
            for _ in range(3):
                self._deal_row(self.reserves)
            self._deal_row(self.rows)
        else:
            self._deal_row(self.rows)
            self._talon_deal()
        self._auto_play()

    # -- what PySolFC checks -----------------------------------------------------------
    def won(self) -> bool:
        """``Game.isGameWon`` (game/__init__.py:2546-2549): every card on the
        foundation; Relaxed Pyramid's (pyramid.py:329-330), which King Tut inherits
        (pyramid.py:1647): the pyramid's stacks all empty."""
        if self.game_id in (193, 681):
            return not any(s.cards for s in self.rows)
        return len(self.foundation.cards) == 52

    def _can_deal(self) -> bool:
        """``WasteTalonStack.canDealCards`` (stack.py:3127-3134): cards to deal, or a
        waste to turn over and a round left; Pyramid's talon adds ``not isGameWon()``
        (pyramid.py:132-135)."""
        if self.waste is None:  # Giza: InitialDealTalonStack deals nothing in play
            return False
        if self.face_up_talon and self.won():
            return False
        if self.talon.cards:
            return True
        return bool(self.waste.cards) and self.round != self.max_rounds

    def _accepts(self, stack: _Stack, src: _Stack, card: _Card) -> bool:
        """``Pyramid_StackMethods.acceptsCards`` (pyramid.py:65-71) on the stacks that
        have it (rows, waste, reserves, Pyramid's talon): not blocked, another stack,
        one card, both face up, ranks (from 0) summing to 11."""
        if stack.kind == "foundation" or (stack.kind == "talon" and not self.face_up_talon):
            return False
        top = stack.top
        if stack.blocked() or src is stack or top is None:
            return False
        return top.face_up and card.face_up and card.rank + top.rank == 11

    @staticmethod
    def _can_move(stack: _Stack) -> bool:
        """``OpenStack.canMoveCards`` -> ``basicCanMoveCards`` (stack.py:2201-2207,
        564-576): the top card alone (max_move 1), face up, the stack not blocked. A
        talon is no OpenStack: its card is never dragged (``Stack.canMoveCards``,
        stack.py:586-588)."""
        top = stack.top
        return (stack.kind in ("row", "reserve", "waste") and top is not None
                and top.face_up and not stack.blocked())

    # -- what PySolFC does by itself ---------------------------------------------------
    def _fill(self, stack: _Stack) -> None:
        """``fillStack`` after a card leaves a stack (``moveMove``, stack.py:629-633;
        pyramid.py:95-96, 102): Pyramid's talon turns its next card face up
        (``FaceUpWasteTalonStack.fillStack``, stack.py:3179-3182); the others do
        nothing (``Game.fillStack``, game/__init__.py:2326-2327)."""
        if stack is self.talon and self.face_up_talon:
            top = stack.top
            if top is not None and not top.face_up:
                top.face_up = True
                self.flips += 1

    def _talon_deal(self) -> None:
        """``WasteTalonStack.dealCards`` (stack.py:3136-3169): ``num_deal`` cards to the
        waste, each turned face up (``flipAndMoveMove``) and the talon filled after each;
        with the talon empty, the waste turned over onto it (``turnStackMove``: the
        waste's bottom card ends on top, face down; pysollib/move.py:237-260) and the
        round counted (``nextRoundMove``). Pyramid's talon then turns its top card face
        up (``FaceUpWasteTalonStack.dealCards``, stack.py:3184-3191)."""
        assert self.waste is not None
        if self.talon.cards:
            for _ in range(min(len(self.talon.cards), self.num_deal)):
                card = self.talon.cards.pop()
                card.face_up = True
                self.waste.cards.append(card)
                self._fill(self.talon)
        elif self.waste.cards and self.round != self.max_rounds:
            while self.waste.cards:
                card = self.waste.cards.pop()
                card.face_up = False
                self.talon.cards.append(card)
            self.round += 1
        self._fill(self.talon)

    def _auto_play(self) -> None:
        """``Game._autoPlay`` with PySolFC's default options (game/__init__.py:2603-2648;
        options.py:350-352: autofaceup on, autodrop off, autodeal on unless switched
        off): until nothing changes, turn face up the top card of each stack that can
        (``canFlipCard``: an OpenStack's top face down and not blocked, stack.py:
        2209-2213; Pyramid's talon, stack.py:3176-3177), then ``_autoDeal``
        (game/__init__.py:2650-2655): deal when the waste is empty and the talon can
        deal; stop once the game is won (``checkForWin``)."""
        changed = True
        while changed:
            changed = False
            for s in self.flipstacks:
                top = s.top
                if top is not None and not top.face_up and not s.blocked() and (
                        s.kind != "talon" or self.face_up_talon):
                    top.face_up = True
                    self.flips += 1
                    changed = True
                    if self.won():
                        return
            if (self.auto_deal and self.waste is not None and not self.waste.cards
                    and self._game_deal()):
                self.automatic_deals += 1
                changed = True
                if self.won():
                    return

    # -- the player's clicks -----------------------------------------------------------
    def _where(self, name: str) -> _Stack:
        """The stack whose top card is ``name``, face up (a card a player can see)."""
        for s in (*self.rows, *self.reserves, self.talon, self.waste):
            if s is not None and s.top is not None and s.top.face_up and str(s.top) == name:
                return s
        raise ModelError(f"{name} is not the top card of any stack, face up")

    def _click_talon(self, word: str) -> None:
        """A click on the talon: Pyramid's talon first drops a King on top
        (``Pyramid_Talon.clickHandler``, pyramid.py:121-124), else ``Game.dealCards``."""
        if self.waste is None:
            raise ModelError(f"{word}: {GAMES[self.game_id]} has no talon to click")
        self._deal_clicked(word, self.face_up_talon)

    def _click_king(self, name: str) -> None:
        stack = self._where(name)
        card = stack.top
        assert card is not None
        if card.rank != KING:
            raise ModelError(f"{name}: a click moves a King alone, and {name} is not one")
        if stack.kind == "talon" and not self.face_up_talon:  # pragma: no cover
            raise ModelError(f"{name}: King Tut's talon is face down")
        if stack.blocked():
            raise ModelError(f"{name} is covered")
        self._to_foundation(stack)

    def _drag(self, a: str, b: str) -> None:
        """A pair: drag ``a`` onto ``b``, or ``b`` onto ``a`` if only that is allowed."""
        sa, sb = self._where(a), self._where(b)
        for src, dst in ((sa, sb), (sb, sa)):
            card = src.top
            assert card is not None
            if self._can_move(src) and self._accepts(dst, src, card):
                self._to_foundation(src, dst)
                return
        raise ModelError(f"{a}+{b}: neither card can be dragged onto the other "
                         "(a covered card, a talon card on the talon, or not 13)")


def replay(game_id: int, number: int, steps: list[str], *, ms: bool = False,
           auto_deal: bool = True) -> Replayed:
    """Replay ``steps`` click by click in PySolFC game ``game_id`` number ``number``;
    :class:`ModelError` names the first step PySolFC would not play as written."""
    return Table(game_id, number, ms=ms, auto_deal=auto_deal).replayed(steps)
