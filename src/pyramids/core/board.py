"""The general rules engine: any game of :mod:`pyramids.core.rules` played move by move.

A :class:`Board` is a position of a deal (its cards in layout order, 52 or 104) under a
game's :class:`~pyramids.core.rules.Rules`. Cards are known by their position in the
deal, so two copies of a card in a two-deck game are never confused; a line names them
by card, with the place added (``9H@r12``) where another copy is in play too. Like
:class:`pyramids.core.game.Game`, it favours being plainly right over being fast, has no
I/O, and is what every line of the general search is replayed on.

A line's moves: ``KC`` (a card going alone), ``9H+4C`` (a pair), ``deal`` and
``redeal``. Places: a layout place by its name (``r12`` PySolFC's row stack 12, ``v3`` a
reserve pile), ``t`` the talon's face-up top, ``h`` the hand, ``w`` the waste (``w0`` to
``w2`` for three wastes). Where a game's talon gathers its wastes PySolFC's way
(``DealReserveRedealTalonStack``), ``redeal`` also deals, as PySolFC's click does.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyramids.core.cards import Card
from pyramids.core.errors import CardError, DealError, IllegalMoveError, MoveError, RefereeError
from pyramids.core.rules import Rules

DEAL, REDEAL = "deal", "redeal"


@dataclass(frozen=True)
class Play:
    """A move: ``kind`` is ``alone``, ``pair``, ``deal`` or ``redeal``; ``at`` the deal
    positions of its cards (none for a stock move)."""

    kind: str
    at: tuple[int, ...] = ()

    @property
    def is_stock(self) -> bool:
        return self.kind in (DEAL, REDEAL)


_DEAL, _REDEAL = Play(DEAL), Play(REDEAL)
# what push() saves for pop(): removed, talon, wastes, hand, round
_Snapshot = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], int | None, int]


def check_cards(rules: Rules, cards: tuple[Card, ...]) -> None:
    """Raise :class:`DealError` unless ``cards`` are ``rules``' decks exactly once each."""
    if len(cards) != rules.cards:
        raise DealError(f"{rules.name} is dealt {rules.cards} cards, got {len(cards)}")
    seen: dict[int, int] = {}
    for i, c in enumerate(cards):
        seen[c] = seen.get(c, 0) + 1
        if seen[c] > rules.decks:
            times = "twice" if rules.decks == 1 else f"{seen[c]} times"
            raise DealError(f"duplicate card {str(c)!r} at position {i + 1} "
                            f"({times} in a {rules.decks}-deck game)")


class Board:
    """A position of ``cards`` under ``rules``. Mutable: :meth:`push` and :meth:`pop`."""

    def __init__(self, rules: Rules, cards: tuple[Card, ...]) -> None:
        check_cards(rules, cards)
        self.rules = rules
        self.cards = cards
        self.ranks = tuple(c % 13 + 1 for c in cards)
        lay = rules.layout
        self.places = lay.size
        self._cover_bits = tuple(sum(1 << q for q in over) for over in lay.covered_by)
        self._pyramid_bits = sum(1 << p for p in lay.pyramid)
        self._all = (1 << rules.cards) - 1
        t = rules.talon
        self.removed = 0
        self.talon: tuple[int, ...] = tuple(range(self.places, rules.cards))
        self.wastes: tuple[tuple[int, ...], ...] = ((),) * t.wastes
        self.hand: int | None = None
        self.round = 1
        self.moves: list[Play] = []
        self.automatic: list[bool] = []
        self._undo: list[_Snapshot] = []
        for _ in range(t.opening):
            self._deal()
        self.auto_at_start = self._auto_deal()

    # -- what is where -----------------------------------------------------------------
    def exposed(self, p: int) -> bool:
        """Is layout place ``p`` holding a card with nothing left on it?"""
        m = self._cover_bits[p]
        return not self.removed >> p & 1 and self.removed & m == m

    def talon_top(self) -> int | None:
        """The talon's top card when it shows and is in play (a face-up talon)."""
        return self.talon[0] if self.rules.talon.top_face_up and self.talon else None

    def in_play(self) -> list[int]:
        """The positions of the cards that may go now (without overlap), in a fixed
        order: layout, hand, talon top, waste tops."""
        out = [p for p in range(self.places) if self.exposed(p)]
        if self.hand is not None:
            out.append(self.hand)
        top = self.talon_top()
        if top is not None:
            out.append(top)
        out += [w[-1] for w in self.wastes if w]
        return out

    def place_of(self, pos: int) -> str:
        """Where the card at deal position ``pos`` lies now, as a line names it."""
        if pos < self.places:
            return self.rules.layout.names[pos]
        if pos == self.hand:
            return "h"
        if self.talon and pos == self.talon[0]:
            return "t"
        for i, w in enumerate(self.wastes):
            if pos in w:
                return "w" if len(self.wastes) == 1 else f"w{i}"
        return "talon"

    def overlap_partner(self, p: int) -> int | None:
        """The exposed place lying directly, and alone, on layout place ``p``."""
        if p >= self.places or self.removed >> p & 1:
            return None
        left = [q for q in self.rules.layout.covered_by[p] if not self.removed >> q & 1]
        return left[0] if len(left) == 1 and self.exposed(left[0]) else None

    def forced_pair(self) -> Play | None:
        """With ``stock_waste=automatic``: the hand and waste top that must go now."""
        t = self.rules.talon
        if (t.stock_waste == "automatic" and self.hand is not None and self.wastes[0]
                and self.rules.pairing.goes_with(self.ranks[self.hand],
                                                 self.ranks[self.wastes[0][-1]])):
            return Play("pair", (self.hand, self.wastes[0][-1]))
        return None

    # -- outcome -----------------------------------------------------------------------
    def is_won(self) -> bool:
        if self.forced_pair() is not None:
            return False
        if self.rules.objective == "pyramid":
            return self.removed & self._pyramid_bits == self._pyramid_bits
        return self.removed == self._all

    def cards_left(self) -> int:
        return self.rules.cards - self.removed.bit_count()

    def can_redeal(self) -> bool:
        t = self.rules.talon
        if not t.exists or self.talon or (self.hand is None and not any(self.wastes)):
            return False
        return t.rounds is None or self.round < t.rounds

    # -- moves -------------------------------------------------------------------------
    def legal_moves(self) -> list[Play]:
        """Every legal move: cards alone, then pairs, then deal or redeal."""
        if self.is_won():
            return []
        forced = self.forced_pair()
        if forced is not None:
            return [forced]
        pairing = self.rules.pairing
        avail = self.in_play()
        ranks = self.ranks
        moves = [Play("alone", (a,)) for a in avail if ranks[a] in pairing.alone]
        for i, a in enumerate(avail):
            for b in avail[i + 1:]:
                if pairing.goes_with(ranks[a], ranks[b]) and not self._forbidden(a, b):
                    moves.append(Play("pair", (a, b)))
        if pairing.overlap:
            for p in range(self.places):
                q = self.overlap_partner(p)
                if q is not None and pairing.goes_with(ranks[p], ranks[q]):
                    moves.append(Play("pair", (p, q)))
        if self.talon:
            moves.append(_DEAL)
        elif self.can_redeal():
            moves.append(_REDEAL)
        return moves

    def _forbidden(self, a: int, b: int) -> bool:
        t = self.rules.talon
        if t.stock_waste != "forbidden" or not self.wastes or not self.wastes[0]:
            return False
        first = self.talon_top() if t.top_face_up else self.hand
        return first is not None and {a, b} == {first, self.wastes[0][-1]}

    def why_illegal(self, move: Play) -> str | None:
        """``None`` if ``move`` is legal here, else the reason in words."""
        if self.is_won():
            return "the game is already won"
        forced = self.forced_pair()
        if forced is not None and move != forced:
            return "the hand and the waste top must go first (stock-waste automatic)"
        if move.kind == DEAL:
            return None if self.talon else "the talon is empty" + (
                "; redeal instead" if self.can_redeal() else "")
        if move.kind == REDEAL:
            return self._why_not_redeal()
        return self._why_not_discard(move)

    def _why_not_redeal(self) -> str | None:
        t = self.rules.talon
        if not t.exists:
            return f"{self.rules.name} has no talon"
        if self.talon:
            return f"the talon is not empty ({len(self.talon)} cards left to deal)"
        if not self.can_redeal():
            if t.rounds is not None and self.round >= t.rounds:
                return f"no redeal left ({t.rounds} round{'s' if t.rounds > 1 else ''})"
            return "there is no card to redeal"
        return None

    def _why_not_discard(self, move: Play) -> str | None:
        pairing, ranks = self.rules.pairing, self.ranks
        at = move.at
        if move.kind == "alone":
            if ranks[at[0]] not in pairing.alone:
                return f"{self.cards[at[0]]} does not go alone ({pairing.words})"
        elif len(at) != 2 or at[0] == at[1]:
            return "a pair is two cards"
        elif not pairing.goes_with(ranks[at[0]], ranks[at[1]]):
            return (f"{self.cards[at[0]]} and {self.cards[at[1]]} do not pair "
                    f"({pairing.words})")
        avail = self.in_play()
        if all(a in avail for a in at):
            if len(at) == 2 and self._forbidden(*at):
                return "the talon's card and the waste top may not pair (stock-waste forbidden)"
            return None
        if len(at) == 2 and pairing.overlap:
            for low, high in (at, at[::-1]):
                if self.overlap_partner(low) == high:
                    return None
        for a in at:
            if a not in avail:
                return self.why_not_in_play(a)
        return "not in play"  # pragma: no cover - every branch above names a card

    def why_not_in_play(self, pos: int) -> str:
        """Why the card at ``pos`` cannot go now, in words."""
        card = self.cards[pos]
        if self.removed >> pos & 1:
            return f"{card} is already discarded"
        if pos < self.places:
            over = [q for q in self.rules.layout.covered_by[pos] if not self.removed >> q & 1]
            return f"{card} is covered by {' and '.join(str(self.cards[q]) for q in over)}"
        for w in self.wastes:
            if pos in w:
                return f"{card} is in the waste under {self.cards[w[-1]]}"
        return f"{card} is still in the talon"

    def push(self, move: Play) -> None:
        """Play ``move``; raise :class:`IllegalMoveError` saying why it is illegal."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(f"{self.format(move)}: {reason}")
        self.push_unchecked(move)

    def push_unchecked(self, move: Play) -> None:
        """Play a move :meth:`legal_moves` gave (the search's step: no reasons)."""
        self._undo.append((self.removed, self.talon, self.wastes, self.hand, self.round))
        if move.kind == DEAL:
            self._deal()
        elif move.kind == REDEAL:
            self._redeal()
        else:
            for a in move.at:
                self._remove(a)
        self.moves.append(move)
        self.automatic.append(self._auto_deal())

    def pop(self) -> Play:
        """Undo the last move and return it."""
        self.removed, self.talon, self.wastes, self.hand, self.round = self._undo.pop()
        self.automatic.pop()
        return self.moves.pop()

    def _auto_deal(self) -> bool:
        """PySolFC's Auto deal (``Game._autoDeal``): an empty waste is dealt to by
        itself after a move, unless the game is won."""
        if (self.rules.talon.auto_deal and not self.wastes[0] and self.talon
                and not self.is_won()):
            self._deal()
            return True
        return False

    def _deal(self) -> None:
        t = self.rules.talon
        if t.hand:
            if self.hand is not None:
                self.wastes = ((*self.wastes[0], self.hand),)
            self.hand, self.talon = self.talon[0], self.talon[1:]
        elif t.wastes == 1:
            k = t.draw
            self.wastes = (self.wastes[0] + self.talon[:k],)
            self.talon = self.talon[k:]
        else:  # one card onto each waste, the first ones when fewer are left
            k = min(t.wastes, len(self.talon))
            self.wastes = tuple((*w, self.talon[i]) if i < k else w
                                for i, w in enumerate(self.wastes))
            self.talon = self.talon[k:]

    def _redeal(self) -> None:
        t = self.rules.talon
        if t.gather == "reserves":
            # PySolFC's _redeal: each waste from its top onto the talon, waste 0 first;
            # the talon deals from its top, the last card put there
            pushed = [c for w in self.wastes for c in reversed(w)]
            self.talon = tuple(reversed(pushed))
            self.wastes = ((),) * t.wastes
            self.round += 1
            self._deal()  # DealRowRedealTalonStack.dealCards: the same click deals
            return
        waste = self.wastes[0] + ((self.hand,) if self.hand is not None else ())
        self.hand = None
        self.talon, self.wastes = waste, ((),)
        self.round += 1

    def _remove(self, pos: int) -> None:
        self.removed |= 1 << pos
        if pos == self.hand:
            self.hand = None
        elif self.talon and pos == self.talon[0]:
            self.talon = self.talon[1:]
        else:
            self.wastes = tuple(w[:-1] if w and w[-1] == pos else w for w in self.wastes)

    # -- identity and notation ----------------------------------------------------------
    def key(self) -> tuple[object, ...]:
        """Everything that decides the future of the game (the search's position)."""
        return (self.removed, self.talon, self.wastes, self.hand,
                self.round if self.rules.talon.rounds is not None else 0)

    def format(self, move: Play) -> str:
        """``move`` as a line writes it here (before it is played)."""
        if move.is_stock:
            return move.kind
        avail = self.in_play()
        parts = []
        for a in move.at:
            text = str(self.cards[a])
            twins = [b for b in avail if b != a and self.cards[b] == self.cards[a]]
            if twins:
                text += "@" + self.place_of(a)
            parts.append(text)
        return "+".join(parts)

    def parse(self, text: str) -> Play:
        """One move of a line, read in this position (:class:`MoveError` if unreadable)."""
        t = text.strip()
        low = t.lower()
        if low in (DEAL, "draw"):
            return _DEAL
        if low in (REDEAL, "recycle"):
            return _REDEAL
        tokens = t.split("+")
        if len(tokens) > 2 or not all(tokens):
            raise MoveError(f"unknown move {text!r}: write KC, 9H+4C, 9H@r12+4C, deal or redeal")
        at = tuple(self._position(tok) for tok in tokens)
        return Play("alone" if len(at) == 1 else "pair", at)

    def _position(self, token: str) -> int:
        name, _, place = token.partition("@")
        card = Card.parse(name)
        where = [i for i, c in enumerate(self.cards) if c == card]
        if place:
            here = [i for i in where if self.place_of(i) == place.strip().lower()]
            if not here:
                raise MoveError(f"{card} is not at {place!r} (it is at "
                                f"{', '.join(self.place_of(i) for i in where)})")
            return here[0]
        avail = [i for i in where if i in self.in_play()]
        if len(avail) > 1:
            spots = " and ".join(self.place_of(i) for i in avail)
            raise MoveError(f"{card} is in play at {spots}: write {card}@{self.place_of(avail[0])}")
        if avail:
            return avail[0]
        left = [i for i in where if not self.removed >> i & 1]
        return (left or where)[0]


def replay(rules: Rules, cards: tuple[Card, ...], line: list[str] | str) -> Board:
    """Play ``line`` from the deal; the board at its end, or :class:`RefereeError`
    naming the step (``step 12: 9H+4C: 4C is covered by 7D``)."""
    steps = line.split() if isinstance(line, str) else list(line)
    board = Board(rules, cards)
    for i, step in enumerate(steps, 1):
        try:
            board.push(board.parse(step))
        except (CardError, IllegalMoveError, MoveError) as e:
            raise RefereeError(f"step {i}: {step}: {e}" if not str(e).startswith(step)
                               else f"step {i}: {e}") from None
    return board


def line_of(rules: Rules, cards: tuple[Card, ...], moves: list[Play]) -> list[str]:
    """``moves`` from the deal, written as a line (each in the position it is played)."""
    board = Board(rules, cards)
    out = []
    for m in moves:
        out.append(board.format(m))
        board.push(m)
    return out


@dataclass(frozen=True)
class GameDeal:
    """A deal of a game of :mod:`pyramids.core.rules`: its cards in layout order, and the
    PySolFC game number it was dealt from (``None`` for cards given as they lie)."""

    cards: tuple[Card, ...]
    pysolfc: int | str | None = None

    def label(self) -> str:
        return "" if self.pysolfc is None else f"pysolfc:{self.pysolfc}"

    def line(self) -> str:
        return " ".join(map(str, self.cards))
