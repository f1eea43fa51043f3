"""Random legal play (hypothesis) never breaks the engine's invariants.

Besides the bookkeeping invariants (52 cards, push/pop, why_illegal agreeing with
legal_moves, the referee agreeing with the game), every position is checked against
``Reference``: a second, deliberately naive reading of docs/rules.md written from the text,
which recomputes hand, waste and availability from scratch ("after dealing k cards, the
hand card is card k if not yet discarded; the waste top is the last card of 1..k-1 not
yet discarded"; with the stock's top face up: "the top card is the first of the pile from
k+1 on not yet discarded, the waste top the last of 1..k not yet discarded").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from pyramids.core.cards import DECK, Card
from pyramids.core.deals import Deal
from pyramids.core.errors import IllegalMoveError, RefereeError
from pyramids.core.game import Game
from pyramids.core.moves import DEAL, DRAW, RECYCLE, REDEAL, Move
from pyramids.core.referee import replay
from pyramids.core.variants import PRESETS, Variant, get_variant

VARIANTS: list[Variant] = [
    *PRESETS.values(),
    get_variant("pyramid", draw=3),
    get_variant("cheops", draw=3),
    get_variant("cheops", passes="unlimited"),
    get_variant("pyramid", stock_waste="forbidden"),
    get_variant("cheops", stock_waste="forbidden"),
    get_variant("pyramid", stock_waste="automatic"),
    get_variant("cheops", stock_waste="automatic", objective="pyramid"),
    get_variant("pyramid", overlap=True),
    get_variant("king-tut", overlap=True, passes=3),
    get_variant("giza", overlap=True),
    get_variant("giza-6x4", overlap=True),
    get_variant("pyramid", objective="pyramid"),
    get_variant("giza", objective="pyramid"),
    get_variant("bouquet", objective="pyramid", overlap=True),
    get_variant("par-pyramid", stock_waste="automatic"),
    *(get_variant("bouquet", rows=r) for r in range(5, 10)),
    get_variant("pyramid", rows=5, passes=2),
    get_variant("msc", stock_waste="forbidden"),
    get_variant("msc", passes=1, objective="all"),
    get_variant("msc", passes="unlimited", overlap=True),
    get_variant("pyramid", stock_top="face-up"),
    get_variant("pysolfc-pyramid", auto_deal=False),
    get_variant("pysolfc-king-tut", passes=2, objective="all"),
    get_variant("msc", auto_deal=True, opening=0),
    get_variant("cheops", draw=3, auto_deal=True, stock_waste=None),
]

CANDIDATES: list[Move] = [DEAL, REDEAL, DRAW, RECYCLE] + [Move.discard(c) for c in DECK] + [
    Move.discard(a, b) for a in DECK for b in DECK if a < b and a.value + b.value == 13
] + [Move.parse(t) for t in ("9H+5C", "QS+QH", "KC+AS", "2D+2H")]


def complementary(a: Card, b: Card) -> bool:
    return a.value + b.value == 13


@dataclass
class Reference:
    """docs/rules.md read literally; rebuilt state, no undo, no speed."""

    deal: Deal
    v: Variant
    removed: set[Card] = field(default_factory=set)
    pass_no: int = 1
    dealt: int = 0  # cards dealt in this pass
    cleared_pass: int | None = None

    def __post_init__(self) -> None:
        n = self.v.rows * (self.v.rows + 1) // 2
        self.pyr = list(self.deal.cards[:n])
        self.rest = list(self.deal.cards[n:])
        self.pile = list(self.rest) if self.v.rest == "stock" else []
        for _ in range(self.v.opening):  # deals made before play starts (PySolFC's games)
            self.play(DEAL)
        self.auto_deal()

    def auto_deal(self) -> None:
        """Auto deal (PySolFC's): the waste empty, the stock not, the game not won: deal."""
        if self.v.auto_deal and not self.waste() and self.stock() and not self.won():
            self.play(DEAL)

    def words(self) -> tuple[Move, Move]:
        """MSC's face-up deck draws and recycles; every other stock deals and redeals
        (PySolFC's talon too, face up or not)."""
        msc = self.face_up() and not self.v.name.startswith("pysolfc-")
        return (DRAW, RECYCLE) if msc else (DEAL, REDEAL)

    # positions as (row, i), row 1 at the top
    def pyr_card(self, r: int, i: int) -> Card:
        return self.pyr[r * (r - 1) // 2 + i]

    def covers_of(self, r: int, i: int) -> list[Card]:
        if r == self.v.rows:
            return []
        return [c for c in (self.pyr_card(r + 1, i), self.pyr_card(r + 1, i + 1))
                if c not in self.removed]

    def exposed_pyramid(self) -> list[Card]:
        return [self.pyr_card(r, i) for r in range(1, self.v.rows + 1) for i in range(r)
                if self.pyr_card(r, i) not in self.removed and not self.covers_of(r, i)]

    def columns(self) -> list[list[Card]]:
        if self.v.rest != "tableau":
            return []
        cols = self.v.columns or 0
        return [[c for c in self.rest[k::cols] if c not in self.removed] for k in range(cols)]

    def face_up(self) -> bool:
        return self.v.stock_top == "face-up"

    def hand(self) -> Card | None:
        if self.v.draw != 1 or self.dealt == 0 or self.face_up():
            return None
        c = self.pile[self.dealt - 1]
        return None if c in self.removed else c

    def waste(self) -> list[Card]:
        under = self.dealt - 1 if self.v.draw == 1 and not self.face_up() else self.dealt
        return [c for c in self.pile[:max(under, 0)] if c not in self.removed]

    def stock(self) -> list[Card]:
        return [c for c in self.pile[self.dealt:] if c not in self.removed]

    def forced(self) -> Move | None:
        h, w = self.hand(), self.waste()
        if self.v.stock_waste == "automatic" and h is not None and w and complementary(h, w[-1]):
            return Move.discard(h, w[-1])
        return None

    def won(self) -> bool:
        if self.v.objective == "pyramid":
            return all(c in self.removed for c in self.pyr) and self.forced() is None
        return len(self.removed) == 52

    def legal(self) -> set[Move]:
        if self.won():
            return set()
        forced = self.forced()
        if forced is not None:
            return {forced}
        avail = self.exposed_pyramid() + [col[-1] for col in self.columns() if col]
        if self.v.rest == "bouquet":
            avail += [c for c in self.rest if c not in self.removed]
        h, w = self.hand(), self.waste()
        if self.face_up() and self.stock():
            h = self.stock()[0]  # the face-up top plays the hand's part
        avail += [h] if h is not None else []
        avail += [w[-1]] if w else []
        out = {Move.discard(c) for c in avail if c.value == 13}
        for a in avail:
            for b in avail:
                if a != b and complementary(a, b):
                    if self.v.stock_waste == "forbidden" and {a, b} == {h, w[-1] if w else None}:
                        continue
                    out.add(Move.discard(a, b))
        if self.v.overlap:
            for r in range(1, self.v.rows):
                for i in range(r):
                    low = self.pyr_card(r, i)
                    over = self.covers_of(r, i)
                    if low in self.removed or len(over) != 1:
                        continue
                    hi = over[0]
                    if hi in self.exposed_pyramid() and complementary(low, hi):
                        out.add(Move.discard(low, hi))
            for col in self.columns():
                if len(col) >= 2 and complementary(col[-1], col[-2]):
                    out.add(Move.discard(col[-1], col[-2]))
        if self.v.rest == "stock":
            deal, redeal = self.words()
            if self.stock():
                out.add(deal)
            elif (self.v.passes is None or self.pass_no < self.v.passes) and (
                    h is not None or w):
                out.add(redeal)
        return out

    def play(self, m: Move) -> None:
        if m in (DRAW, DEAL) and self.face_up():
            top = self.stock()[0]
            self.dealt = self.pile.index(top) + 1
        elif m in (DEAL, DRAW):
            self.dealt = min(self.dealt + (self.v.draw or 1), len(self.pile))
        elif m in (REDEAL, RECYCLE):
            self.pile = [c for c in self.pile if c not in self.removed]
            self.dealt, self.pass_no = 0, self.pass_no + 1
        else:
            self.removed |= set(m.cards)
            if self.cleared_pass is None and all(c in self.removed for c in self.pyr):
                self.cleared_pass = self.pass_no

    def zones(self) -> dict[str, int]:
        pyr = sum(c not in self.removed for c in self.pyr)
        bouquet = sum(c not in self.removed for c in self.rest) if self.v.rest == "bouquet" else 0
        return {"pyramid": pyr, "stock": len(self.stock()), "hand": int(self.hand() is not None),
                "waste": len(self.waste()), "tableau": sum(map(len, self.columns())),
                "bouquet": bouquet, "discarded": len(self.removed)}

    def par(self) -> int:
        left = 52 - len(self.removed)
        return {1: 50, 2: 35, 3: 20}[self.cleared_pass] - left if self.cleared_pass else -left

    def msc(self) -> int:
        """5 a removal (a King, or two cards), 25 ... 500 for each row cleared from the bottom."""
        kings = sum(1 for c in self.removed if c.value == 13)
        score = 5 * (kings + (len(self.removed) - kings) // 2)
        for bonus, r in zip((25, 50, 75, 100, 150, 250, 500), range(self.v.rows, 0, -1),
                            strict=False):
            if any(self.pyr_card(r, i) not in self.removed for i in range(r)):
                break
            score += bonus
        return score


def snapshot(g: Game) -> tuple[object, ...]:
    return (g.key(), g.zone_counts(), g.removed, g.stock, g.hand, g.waste, g.pass_no,
            g.columns, g.cleared_pass, tuple(g.moves), tuple(g.available()),
            tuple(g.legal_moves()), g.par_score())


def check_position(g: Game, ref: Reference, all_candidates: bool) -> list[Move]:
    moves = g.legal_moves()
    assert len(set(moves)) == len(moves), "a legal move is listed twice"
    assert set(moves) == ref.legal(), (g.moves, set(moves) ^ ref.legal())
    z = g.zone_counts()
    assert sum(z.values()) == 52 and z == ref.zones()
    assert (g.hand, list(g.waste), list(g.stock)) == (ref.hand(), ref.waste(), ref.stock())
    assert g.is_won() == ref.won()
    assert g.is_lost() == (not ref.won() and not moves)
    if g.variant.scoring == "par":
        assert g.par_score() == ref.par()
    if g.variant.scoring == "msc":
        assert g.msc_score() == ref.msc()
    for m in moves:
        assert g.why_illegal(m) is None
    # the one-card test agrees with the list (the referee relies on it)
    assert {c for c in DECK if g.is_available(c)} == set(g.available())
    if all_candidates:
        legal = set(moves)
        # a stock move in the other words names the same move (draw = deal ...)
        same = ({DEAL: DRAW, REDEAL: RECYCLE} if g.variant.msc_words
                else {DRAW: DEAL, RECYCLE: REDEAL})
        for m in CANDIDATES:
            if same.get(m, m) not in legal:
                reason = g.why_illegal(m)
                assert reason, m
            else:
                assert g.why_illegal(m) is None, m
    return moves


def choice_list(seed: int, length: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(2**16) for _ in range(length)]


# variant, deal number, and the choices of a long random line (up to 200 moves)
game_plans = st.tuples(
    st.sampled_from(VARIANTS),
    st.integers(0, 2**64 - 1),
    st.builds(choice_list, st.integers(0, 2**32), st.integers(1, 200)),
)


def pick(moves: list[Move], choice: int) -> Move:
    """A move chosen by ``choice``, preferring discards 3 times in 4 so that games go deep."""
    discards = [m for m in moves if m.is_discard]
    if discards and choice % 4:
        return discards[(choice >> 2) % len(discards)]
    return moves[(choice >> 2) % len(moves)]


@settings(max_examples=60, deadline=None)
@given(game_plans)
def test_random_play_keeps_every_invariant(plan: tuple[Variant, int, list[int]]) -> None:
    v, number, choices = plan
    deal = Deal.from_number(number)
    g, ref = Game(deal, v), Reference(deal, v)
    history = [snapshot(g)]
    for step, choice in enumerate(choices):
        moves = check_position(g, ref, all_candidates=step % 7 == 0)
        if not moves:
            break
        # try another legal move and take it back: the position must not change
        other = moves[(choice >> 8) % len(moves)]
        g.push(other)
        assert g.pop() == other
        assert snapshot(g) == history[-1]
        m = pick(moves, choice)
        g.push(m)
        ref.play(m)
        ref.auto_deal()
        history.append(snapshot(g))
    check_position(g, ref, all_candidates=True)

    # the referee reaches the same result from the same line
    line = list(g.moves)
    result = replay(deal, v, line, require_win=False)
    assert (result.moves, result.won, result.cards_left, result.pyramid_left) == (
        len(line), g.is_won(), g.cards_left(), len(g.pyramid_left()))
    assert result.score == {"par": g.par_score(), "msc": g.msc_score()}.get(v.scoring)
    if not g.is_won():
        try:
            replay(deal, v, line, require_win=True)
        except RefereeError as e:
            assert "not won" in str(e) and e.step == len(line)
        else:
            raise AssertionError("an unfinished game passed the referee")

    # undo everything, step by step, back to the deal
    while g.moves:
        history.pop()
        g.pop()
        assert snapshot(g) == history[-1]
    assert len(history) == 1


@settings(max_examples=30, deadline=None)
@given(game_plans, st.sampled_from(CANDIDATES))
def test_illegal_push_raises_and_changes_nothing(plan: tuple[Variant, int, list[int]],
                                                 candidate: Move) -> None:
    v, number, choices = plan
    g = Game(Deal.from_number(number), v)
    for choice in choices[:40]:
        moves = g.legal_moves()
        if not moves:
            break
        g.push(pick(moves, choice))
    before = snapshot(g)
    reason = g.why_illegal(candidate)
    if reason is None:
        same = {DEAL: DRAW, REDEAL: RECYCLE, DRAW: DEAL, RECYCLE: REDEAL}
        legal = g.legal_moves()
        assert candidate in legal or same.get(candidate) in legal
        return
    try:
        g.push(candidate)
    except IllegalMoveError as e:
        assert str(e) == f"{candidate}: {reason}"
    else:
        raise AssertionError(f"{candidate} was pushed though {reason}")
    assert snapshot(g) == before
