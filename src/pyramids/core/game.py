"""The rules engine: a game state with legal moves, push/pop, won/lost and the Par score.

It follows docs/rules.md and has no I/O. It is the referee's engine, not the solvers':
it favours obvious correctness over speed. Readings the sources leave open (listed in
docs/rules.md), each pinned by a test in ``tests/test_rules.py``:

* ``stock_waste=automatic``: when the hand and the waste top sum to 13 the pair is
  *forced*: it is then the only legal move, and it is written in a solution like any
  other discard. A position with a forced pair pending is never won or lost.
* A redeal needs a card to turn over (hand or waste); a deal needs a stock card.
* The game is lost when it is not won and no move is legal. With unlimited passes a
  game can cycle without ever being lost; the solvers detect that, not the engine.
* A pair is two different available cards summing to 13; with overlap discards one of
  them may instead lie directly under the other (see :meth:`Game.overlap_partner`).
* ``stock_top=face-up`` (Microsoft Solitaire Collection): there is no hand; the stock's
  top card is available, a draw moves it onto the waste, and a recycle (allowed with
  the stock empty, the waste not, and a pass left) turns the waste into the stock. The
  game's stock moves are then written ``draw`` and ``recycle``; either word is taken.
"""

from __future__ import annotations

from functools import cache

from pyramids.core.cards import Card, complementary
from pyramids.core.deals import Deal
from pyramids.core.errors import IllegalMoveError
from pyramids.core.layout import Geometry, geometry
from pyramids.core.moves import Move, stock_words
from pyramids.core.variants import MSC_REMOVAL, MSC_ROW_BONUS, Variant

PAR_BASE = {1: 50, 2: 35, 3: 20}
_ALL = (1 << 52) - 1  # every card discarded


# what push() saves for pop(): removed, stock, hand, waste, pass_no, columns, cleared_pass
# (a plain tuple: a frozen dataclass per move would double the referee's time)
_Snapshot = tuple[int, tuple[Card, ...], Card | None, tuple[Card, ...], int, tuple[int, ...],
                  int | None]


@cache
def _slots(rows: int, rest: str) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[int, int], ...]]:
    """Per layout: (zone, index in the zone) of each of the 52 slots, and the (up to two)
    pyramid positions lying directly on each pyramid position (``n``, past the pyramid,
    for none), so that a new game only looks its cards up."""
    geo = Geometry(rows)
    n = geo.size
    where = tuple([("pyramid", p) for p in range(n)] + [(rest, i) for i in range(52 - n)])
    covers = tuple(((*geo.covered_by(p), n, n)[0], (*geo.covered_by(p), n, n)[1])
                   for p in range(n))
    return where, covers


class Game:
    """A position of ``deal`` under ``variant``. Mutable: :meth:`push` and :meth:`pop`."""

    def __init__(self, deal: Deal, variant: Variant) -> None:
        self.deal = deal
        self.variant = variant
        self.geo: Geometry = geometry(variant)
        n = variant.pyramid_cards
        self.pyramid_layout: tuple[Card, ...] = deal.cards[:n]
        rest = deal.cards[n:]
        where, covers = _slots(variant.rows, variant.rest)
        # _where[card]: (zone, index in the zone) of each card
        self._where: dict[Card, tuple[str, int]] = dict(zip(deal.cards, where, strict=True))
        self._rest = rest
        # _cover_mask[p]: the cards lying directly on pyramid position p, as card bits,
        # so that "p is exposed" is one mask test on ``removed`` (bit n: no card)
        bits = [1 << c for c in self.pyramid_layout]
        bits.append(0)
        self._cover_mask: tuple[int, ...] = tuple(bits[a] | bits[b] for a, b in covers)
        self._pyramid_mask = sum(bits)
        self._objective_pyramid = variant.objective == "pyramid"
        self._automatic = variant.stock_waste == "automatic"
        self._face_up = variant.face_up
        self._auto = variant.auto_deal
        self._deal_move, self._redeal_move = stock_words(variant.msc_words)
        self.removed = 0  # bit mask of discarded cards
        self.stock: tuple[Card, ...] = rest if variant.is_stock else ()
        self.hand: Card | None = None
        self.waste: tuple[Card, ...] = ()
        self.pass_no = 1
        self.columns: tuple[int, ...] = (
            (variant.tableau_rows or 0,) * (variant.columns or 0) if variant.rest == "tableau"
            else ())
        self.cleared_pass: int | None = None
        self.moves: list[Move] = []
        #: automatic[i]: did move i make an automatic deal (``auto_deal``) as well?
        self.automatic: list[bool] = []
        self._undo: list[_Snapshot] = []
        for _ in range(variant.opening):  # deals made before play starts (PySolFC's games)
            self._deal()
        #: did the start make an automatic deal (``auto_deal`` with an empty waste)?
        self.auto_at_start = self._auto_deal()

    # -- what is where ---------------------------------------------------
    def is_removed(self, card: int) -> bool:
        return bool(self.removed >> card & 1)

    def pyramid_cleared(self) -> bool:
        return self.removed & self._pyramid_mask == self._pyramid_mask

    def pyramid_left(self) -> list[Card]:
        return [c for c in self.pyramid_layout if not self.is_removed(c)]

    def cards_left(self) -> int:
        return 52 - self.removed.bit_count()

    def column_cards(self, c: int) -> tuple[Card, ...]:
        """Tableau column ``c`` as it stands, deepest first, exposed card last."""
        idx = self.geo.column(c)[: self.columns[c]]
        return tuple(self._rest[t] for t in idx)

    def bouquet(self) -> list[Card]:
        if self.variant.rest != "bouquet":
            return []
        return [c for c in self._rest if not self.is_removed(c)]

    def waste_top(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    def stock_top(self) -> Card | None:
        """The stock's top card when it is face up and available (MSC), else ``None``."""
        return self.stock[0] if self._face_up and self.stock else None

    def pyramid_exposed(self, p: int) -> bool:
        """No card is left on pyramid position ``p``."""
        m = self._cover_mask[p]
        return self.removed & m == m

    def covering_cards(self, p: int) -> list[Card]:
        """The cards still lying directly on pyramid position ``p``."""
        return [self.pyramid_layout[q] for q in self.geo.covered_by(p)
                if not self.is_removed(self.pyramid_layout[q])]

    def available(self) -> list[Card]:
        """Cards that may be discarded now (without overlap), in a fixed order."""
        removed = self.removed
        out = [c for c, m in zip(self.pyramid_layout, self._cover_mask, strict=True)
               if not removed >> c & 1 and removed & m == m]
        for col in range(len(self.columns)):
            cards = self.column_cards(col)
            if cards:
                out.append(cards[-1])
        out += self.bouquet()
        if self.hand is not None:
            out.append(self.hand)
        if self._face_up and self.stock:
            out.append(self.stock[0])
        if self.waste:
            out.append(self.waste[-1])
        return out

    def is_available(self, card: Card) -> bool:
        """``card`` is in :meth:`available` (may be discarded now, without overlap)."""
        if self.removed >> card & 1:
            return False
        zone, i = self._where[card]
        if zone == "pyramid":
            m = self._cover_mask[i]  # pyramid_exposed(i), inline: the referee's hot path
            return self.removed & m == m
        if zone == "tableau":
            col, depth = self.geo.column_of(i)
            return self.columns[col] == depth + 1
        if zone == "bouquet":
            return True
        if self._face_up and self.stock and card == self.stock[0]:
            return True
        return card == self.hand or (bool(self.waste) and card == self.waste[-1])

    def overlap_partner(self, card: Card) -> Card | None:
        """The exposed card lying directly, and alone, on ``card`` (overlap discards)."""
        zone, i = self._where[card]
        if self.is_removed(card):
            return None
        if zone == "pyramid":
            over = self.covering_cards(i)
            if len(over) == 1:
                p = self._where[over[0]][1]
                return over[0] if self.pyramid_exposed(p) else None
            return None
        if zone == "tableau":
            col, depth = self.geo.column_of(i)
            if self.columns[col] == depth + 2:
                return self.column_cards(col)[-1]
        return None

    def forced_pair(self) -> Move | None:
        """With ``stock_waste=automatic``: the hand + waste-top pair that must go now."""
        if (self._automatic and self.hand is not None and self.waste
                and complementary(self.hand, self.waste[-1])):
            return Move.discard(self.hand, self.waste[-1])
        return None

    # -- outcome ---------------------------------------------------------
    def is_won(self) -> bool:
        if self.forced_pair() is not None:
            return False
        if self.variant.objective == "pyramid":
            return self.pyramid_cleared()
        return self.removed == (1 << 52) - 1 or self.cards_left() == 0

    def is_lost(self) -> bool:
        return not self.is_won() and not self.legal_moves()

    def is_over(self) -> bool:
        return self.is_won() or not self.legal_moves()

    def score(self) -> int | None:
        """The score under the variant's scoring (Par or MSC), ``None`` without one."""
        if self.variant.scoring == "par":
            return self.par_score()
        if self.variant.scoring == "msc":
            return self.msc_score()
        return None

    def removals(self) -> int:
        """Discard moves made so far: a King alone or a pair is one removal each."""
        kings = sum(1 for s in range(4) if self.removed >> (s * 13 + 12) & 1)
        return kings + (self.removed.bit_count() - kings) // 2

    def rows_cleared(self) -> int:
        """Pyramid rows with every card gone, counted from the bottom row up (a row is
        cleared only after the one below it: its cards lie under that row's)."""
        n = 0
        for r in range(self.variant.rows, 0, -1):
            first = r * (r - 1) // 2
            if any(not self.is_removed(c) for c in self.pyramid_layout[first:first + r]):
                break
            n += 1
        return n

    def msc_score(self) -> int:
        """Microsoft Solitaire Collection's score so far: 5 a removal and each cleared
        row's bonus (25 for the bottom row, ..., 500 for the top card)."""
        return MSC_REMOVAL * self.removals() + sum(MSC_ROW_BONUS[:self.rows_cleared()])

    def par_score(self) -> int:
        """The Par score if play stopped here (dealing on without discarding changes nothing)."""
        if self.cleared_pass is not None:
            return PAR_BASE.get(self.cleared_pass, 0) - self.cards_left()
        return -self.cards_left()

    # -- moves -------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move, kings first, then pairs, then deal or redeal."""
        if self.is_won_fast():
            return []
        forced = self.forced_pair()
        if forced is not None:
            return [forced]
        avail = self.available()
        moves = [Move.discard(c) for c in avail if c.is_king]
        for i, a in enumerate(avail):
            for b in avail[i + 1:]:
                if complementary(a, b) and not self._stock_waste_forbidden(a, b):
                    moves.append(Move.discard(a, b))
        if self.variant.overlap:
            for c in self.pyramid_left() + [x for col in range(len(self.columns))
                                            for x in self.column_cards(col)]:
                partner = self.overlap_partner(c)
                if partner is not None and complementary(c, partner):
                    moves.append(Move.discard(c, partner))
        if self.stock:
            moves.append(self._deal_move)
        elif self._can_redeal():
            moves.append(self._redeal_move)
        return moves

    def is_won_fast(self) -> bool:
        if self._objective_pyramid:
            return self.pyramid_cleared() and self.forced_pair() is None
        return self.removed == _ALL

    def _stock_waste_forbidden(self, a: Card, b: Card) -> bool:
        first = self.stock[0] if self._face_up and self.stock else self.hand
        return (self.variant.stock_waste == "forbidden" and first is not None
                and bool(self.waste) and {a, b} == {first, self.waste[-1]})

    def _can_redeal(self) -> bool:
        v = self.variant
        if not v.is_stock or self.stock or (self.hand is None and not self.waste):
            return False
        return v.passes is None or self.pass_no < v.passes

    def why_illegal(self, move: Move) -> str | None:
        """``None`` if ``move`` is legal here, else the reason in words."""
        if self.is_won_fast():
            return "the game is already won"
        forced = self.forced_pair()
        if forced is not None and move != forced:
            return (f"the hand {forced.cards[0]} and the waste top {forced.cards[1]} "
                    "must be discarded first (stock-waste automatic)")
        if move.is_deal:
            return self._why_not_deal()
        if move.is_redeal:
            return self._why_not_redeal()
        return self._why_not_discard(move)

    def _why_not_deal(self) -> str | None:
        if not self.variant.is_stock:
            return f"{self.variant.name} has no stock"
        if not self.stock:
            return "the stock is empty" + (f"; {self._redeal_move} instead"
                                           if self._can_redeal() else "")
        return None

    def _why_not_redeal(self) -> str | None:
        v = self.variant
        if not v.is_stock:
            return f"{v.name} has no stock"
        if self.stock:
            return f"the stock is not empty ({len(self.stock)} cards left to deal)"
        if v.passes is not None and self.pass_no >= v.passes:
            return f"no redeal left ({v.passes} pass{'es' if v.passes > 1 else ''})"
        if self.hand is None and not self.waste:
            return f"there is no card to {self._redeal_move}"
        return None

    def _why_not_discard(self, move: Move) -> str | None:
        cards = move.cards
        if len(cards) == 1:
            if cards[0] % 13 != 12:  # not a King (value 13)
                return f"{cards[0]} is not a king: it needs a partner summing to 13"
        elif not complementary(*cards):
            return f"{cards[0]} and {cards[1]} do not sum to 13"
        if self.is_available(cards[0]) and (len(cards) == 1 or self.is_available(cards[1])):
            if len(cards) == 2 and self._stock_waste_forbidden(*cards):
                first = "stock top" if self._face_up else "hand"
                return f"the {first} and the waste top may not be matched (stock-waste forbidden)"
            return None
        if len(cards) == 2 and self.variant.overlap:
            for low, high in (cards, cards[::-1]):
                if self.overlap_partner(low) == high:
                    return None
        for c in cards:
            if not self.is_available(c):
                return self._why_unavailable(c, cards)
        return "not available"  # pragma: no cover - every branch above names a card

    def _why_unavailable(self, card: Card, move_cards: tuple[Card, ...]) -> str:
        if self.is_removed(card):
            return f"{card} is already discarded"
        zone, i = self._where[card]
        if zone == "pyramid":
            over = self.covering_cards(i)
            text = f"{card} is covered by {' and '.join(map(str, over))}"
            if len(over) == 1 and over[0] in move_cards and not self.variant.overlap:
                text += " (overlap discards are off)"
            return text
        if zone == "tableau":
            col, _ = self.geo.column_of(i)
            below = self.column_cards(col)
            under = below[below.index(card) + 1:]
            text = f"{card} is covered by {' and '.join(map(str, under))} in column {col + 1}"
            if len(under) == 1 and under[0] in move_cards and not self.variant.overlap:
                text += " (overlap discards are off)"
            return text
        if card in self.stock:
            if self._face_up:
                return f"{card} is in the stock under {self.stock[0]}"
            return f"{card} is still in the stock"
        if card in self.waste:
            return f"{card} is in the waste under {self.waste[-1]}"
        return f"{card} is not available"  # pragma: no cover

    def push(self, move: Move) -> None:
        """Play ``move``; raise :class:`IllegalMoveError` saying why it is illegal. A
        stock move is recorded in the game's own words (``deal`` or ``draw``...)."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(f"{move}: {reason}")
        self._undo.append((self.removed, self.stock, self.hand, self.waste,
                           self.pass_no, self.columns, self.cleared_pass))
        if move.is_deal:
            self.moves.append(self._deal_move)
            self._deal()
        elif move.is_redeal:
            self.moves.append(self._redeal_move)
            self._redeal()
        else:
            self.moves.append(move)
            for c in move.cards:
                self._remove(c)
            if self.cleared_pass is None and self.pyramid_cleared():
                self.cleared_pass = self.pass_no
        self.automatic.append(self._auto_deal())

    def pop(self) -> Move:
        """Undo the last move and return it."""
        (self.removed, self.stock, self.hand, self.waste, self.pass_no, self.columns,
         self.cleared_pass) = self._undo.pop()
        self.automatic.pop()
        return self.moves.pop()

    def _auto_deal(self) -> bool:
        """``auto_deal``: deal by itself to an empty waste (PySolFC's ``Game._autoDeal``,
        called after each move by ``Game.autoPlay`` unless the move won the game)."""
        if self._auto and not self.waste and self.stock and not self.is_won_fast():
            self._deal()
            return True
        return False

    def _deal(self) -> None:
        if self._face_up:
            self.waste, self.stock = (*self.waste, self.stock[0]), self.stock[1:]
        elif self.variant.draw == 1:
            if self.hand is not None:
                self.waste = (*self.waste, self.hand)
            self.hand, self.stock = self.stock[0], self.stock[1:]
        else:
            k = self.variant.draw or 1
            self.waste, self.stock = self.waste + self.stock[:k], self.stock[k:]

    def _redeal(self) -> None:
        if self.hand is not None:
            self.waste = (*self.waste, self.hand)
            self.hand = None
        self.stock, self.waste = self.waste, ()
        self.pass_no += 1

    def _remove(self, card: Card) -> None:
        self.removed |= 1 << card
        if self._face_up and self.stock and card == self.stock[0]:
            self.stock = self.stock[1:]
        elif card == self.hand:
            self.hand = None
        elif self.waste and card == self.waste[-1]:
            self.waste = self.waste[:-1]
        zone, i = self._where[card]
        if zone == "tableau":
            col, _ = self.geo.column_of(i)
            cols = list(self.columns)
            cols[col] -= 1
            self.columns = tuple(cols)

    # -- identity ----------------------------------------------------------
    def key(self) -> tuple[object, ...]:
        """Everything that decides the future of the game (for counting positions)."""
        return (self.removed, self.stock, self.hand, self.waste, self.pass_no,
                self.cleared_pass if self.variant.scoring == "par" else None)

    def zone_counts(self) -> dict[str, int]:
        """How many cards are in each zone; they always add up to 52."""
        return {"pyramid": len(self.pyramid_left()), "stock": len(self.stock),
                "hand": int(self.hand is not None), "waste": len(self.waste),
                "tableau": sum(self.columns), "bouquet": len(self.bouquet()),
                "discarded": self.removed.bit_count()}

    def copy(self) -> Game:
        g = Game(self.deal, self.variant)
        for m in self.moves:
            g.push(m)
        return g


def next_untried(game: Game, stack: list[list[Move]]) -> Move | None:
    """One step of a depth-first walk over ``game`` with an explicit stack (no recursion):
    ``stack[d]`` holds the moves not yet tried from the walk's position at depth ``d``,
    the last one first, and the game stands at the last. The next move to try (taken off
    the stack), after taking back (``game.pop()``) each position whose moves have all
    been tried; None when none is left (the stack is empty)."""
    while stack:
        todo = stack[-1]
        if todo:
            return todo.pop()
        stack.pop()
        if game.moves:
            game.pop()
    return None
