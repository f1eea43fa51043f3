"""Games as data: a layout (its places and which place covers which), a pairing rule and a
talon, the three values every engine of the general family reads.

A deal of a game is its cards in *layout order*: the layout's places first, in the order
the layout numbers them, then the talon's cards in the order they will be dealt. A card is
known by its position in that order (two-deck games hold every card twice), so a place, a
talon card and a card of a move are all small integers.

``GAMES`` holds PySolFC's ten pyramid games that the classic engines cannot express (a
cover graph of several or inverted pyramids, reserve piles, two decks, three wastes, sums
other than 13); :func:`rules_of` writes every preset of :mod:`pyramids.core.variants` in
the same terms, so that one general rules engine (:mod:`pyramids.core.board`) and one
general search play them all. docs/rules.md cites PySolFC's source for each game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from pyramids.core.errors import VariantError

if TYPE_CHECKING:
    from pyramids.core.variants import Variant

RANK_NAMES = "A23456789TJQK"
Gather = Literal["turn", "reserves"]
Objective = Literal["all", "pyramid"]


# -- layouts -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Layout:
    """The places of a game's layout and which places lie directly on each.

    ``covered_by[p]``: the places that must be empty before the card on ``p`` is in play.
    ``names[p]``: the place as a line names it (PySolFC's ``r<i>`` for its row stacks,
    ``v<i>`` for a reserve pile, whose cards share the name: only its top is ever in play).
    ``pyramid``: the places that belong to a pyramid (what a "clear the pyramid" game
    must empty). ``spots[p]``: where the place is drawn, in card widths and heights.
    ``face_down``: places dealt face down (shown turned over; the verdicts stay
    thoughtful: every card is known to the solver)."""

    covered_by: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    pyramid: frozenset[int]
    spots: tuple[tuple[float, float], ...]
    words: str
    face_down: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        n = len(self.covered_by)
        if not (len(self.names) == len(self.spots) == n):
            raise VariantError(f"a layout needs a name and a spot for each of its {n} places")
        for p, over in enumerate(self.covered_by):
            for q in over:
                if not 0 <= q < n or q == p:
                    raise VariantError(f"place {p} is covered by {q}, not a place of the "
                                       f"layout (0..{n - 1}) other than itself")
        self._check_acyclic()

    def _check_acyclic(self) -> None:
        state = [0] * len(self.covered_by)  # 0 new, 1 on the path, 2 done
        for start in range(len(self.covered_by)):
            stack = [(start, iter(self.covered_by[start]))]
            if state[start]:
                continue
            state[start] = 1
            while stack:
                p, it = stack[-1]
                q = next(it, None)
                if q is None:
                    state[p] = 2
                    stack.pop()
                elif state[q] == 1:
                    raise VariantError(f"places {p} and {q} cover each other (a cycle)")
                elif state[q] == 0:
                    state[q] = 1
                    stack.append((q, iter(self.covered_by[q])))

    @property
    def size(self) -> int:
        return len(self.covered_by)

    @cached_property
    def covers(self) -> tuple[tuple[int, ...], ...]:
        """``covers[q]``: the places that ``q`` lies directly on."""
        out: list[list[int]] = [[] for _ in range(self.size)]
        for p, over in enumerate(self.covered_by):
            for q in over:
                out[q].append(p)
        return tuple(tuple(x) for x in out)

    @cached_property
    def covering(self) -> tuple[frozenset[int], ...]:
        """``covering[p]``: every place lying on ``p``, directly or through others."""
        memo: dict[int, frozenset[int]] = {}

        def above(p: int) -> frozenset[int]:
            if p not in memo:
                acc: set[int] = set()
                for q in self.covered_by[p]:
                    acc.add(q)
                    acc |= above(q)
                memo[p] = frozenset(acc)
            return memo[p]

        # deepest places last: their covering sets are built from the ones above
        for p in sorted(range(self.size), key=lambda p: -len(self.covered_by[p])):
            above(p)
        return tuple(above(p) for p in range(self.size))

    def beside(self, other: Layout, gap: float = 0.5) -> Layout:
        """This layout and ``other`` side by side, neither covering the other."""
        width = max((x for x, _ in self.spots), default=-1.0) + 1 + gap
        return self._joined(other, width, 0.0)

    def below(self, other: Layout, dx: float = 0.0, gap: float = 0.25) -> Layout:
        """This layout with ``other`` under it (shifted right by ``dx``), apart."""
        depth = max((y for _, y in self.spots), default=-1.0) + 1 + gap
        return self._joined(other, dx, depth)

    def _joined(self, other: Layout, dx: float, dy: float) -> Layout:
        n = self.size
        return Layout(
            covered_by=self.covered_by + tuple(tuple(q + n for q in over)
                                               for over in other.covered_by),
            names=_joined_names(self.names, other.names),
            pyramid=self.pyramid | {p + n for p in other.pyramid},
            spots=self.spots + tuple((x + dx, y + dy) for x, y in other.spots),
            words=f"{self.words} and {other.words}",
            face_down=self.face_down | {p + n for p in other.face_down})

    def turned_face_down(self, places: Iterable[int]) -> Layout:
        return Layout(self.covered_by, self.names, self.pyramid, self.spots, self.words,
                      frozenset(places))


def _joined_names(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    """``a`` then ``b``, the row stacks ``r<i>`` and reserve piles ``v<i>`` of ``b``
    numbered on from ``a``'s (PySolFC's ``s.rows`` and ``s.reserves`` lists)."""
    rows = sum(1 for n in a if n.startswith("r"))
    piles = len({n for n in a if n.startswith("v")})
    return a + tuple(f"{n[0]}{int(n[1:]) + (rows if n[0] == 'r' else piles)}" for n in b)


def pyramid(rows: int) -> Layout:
    """A pyramid of ``rows`` rows, row by row from the top (PySolFC's ``_createPyramid``):
    each card lies under the two cards of the next row beside it."""
    covered: list[tuple[int, ...]] = []
    spots: list[tuple[float, float]] = []
    p = 0
    for r in range(rows):
        for i in range(r + 1):
            covered.append((p + r + 1, p + r + 2) if r < rows - 1 else ())
            spots.append(((rows - 1 - r) / 2 + i, r / 2))
            p += 1
    n = len(covered)
    return Layout(tuple(covered), tuple(f"r{p}" for p in range(n)), frozenset(range(n)),
                  tuple(spots), f"a pyramid of {rows} rows")


def inverted_pyramid(rows: int) -> Layout:
    """A pyramid upside down (PySolFC's ``_createInvertedPyramid``): the top row holds
    ``rows`` cards, each row one fewer, and each card lies under the one or two cards of
    the row below it (an end card under one)."""
    covered: list[tuple[int, ...]] = []
    spots: list[tuple[float, float]] = []
    n = 0
    for r in range(rows):
        width = rows - r
        for j in range(width):
            k = n + width
            if r == rows - 1:
                covered.append(())
            elif j == 0:
                covered.append((k,))
            elif j == width - 1:
                covered.append((k - 1,))
            else:
                covered.append((k - 1, k))
            spots.append((r / 2 + j, r / 2))
            n += 1
    return Layout(tuple(covered), tuple(f"r{p}" for p in range(n)), frozenset(range(n)),
                  tuple(spots), f"an upside-down pyramid of {rows} rows")


def piles(count: int, depth: int, y: float = 0.0) -> Layout:
    """``count`` reserve piles of ``depth`` cards, each pile bottom card first, each card
    covered by the one dealt on it (only a pile's top card is in play)."""
    covered: list[tuple[int, ...]] = []
    spots: list[tuple[float, float]] = []
    names: list[str] = []
    for c in range(count):
        for d in range(depth):
            p = c * depth + d
            covered.append((p + 1,) if d < depth - 1 else ())
            spots.append((float(c), y + d * 0.25))
            names.append(f"v{c}")
    return Layout(tuple(covered), tuple(names), frozenset(), tuple(spots),
                  f"{count} piles of {depth}")


def tableau(columns: int, rows: int, y: float = 0.0) -> Layout:
    """The classic tableau (Giza's 8x3): ``columns`` columns dealt ``rows`` deep, row by
    row, so card ``t`` lies under card ``t + columns`` (only a column's last card is in
    play)."""
    n = columns * rows
    return Layout(tuple((t + columns,) if t + columns < n else () for t in range(n)),
                  tuple(f"v{t % columns}" for t in range(n)), frozenset(),
                  tuple((float(t % columns), y + t // columns * 0.25) for t in range(n)),
                  f"{columns} columns of {rows}")


def free_cards(count: int) -> Layout:
    """``count`` cards each in play from the start (the open bouquet)."""
    return Layout(tuple(() for _ in range(count)), tuple(f"v{c}" for c in range(count)),
                  frozenset(), tuple((float(c % 8), c // 8 * 1.0) for c in range(count)),
                  f"{count} free cards")


# -- pairing rules -----------------------------------------------------------------------

@dataclass(frozen=True)
class Pairing:
    """Which two ranks go together (1 Ace .. 13 King), which ranks go alone, and whether a
    card may go with the one card lying alone on it (Tut's Tomb's overlap)."""

    pairs: frozenset[tuple[int, int]]
    alone: frozenset[int]
    words: str
    overlap: bool = False

    def __post_init__(self) -> None:
        for a, b in self.pairs:
            if not (1 <= a <= b <= 13):
                raise VariantError(f"a rank pair is two ranks 1..13, low first, got {(a, b)}")
        for r in self.alone:
            if not 1 <= r <= 13:
                raise VariantError(f"a rank going alone is 1..13, got {r}")

    def goes_with(self, a: int, b: int) -> bool:
        """Do ranks ``a`` and ``b`` make a pair?"""
        return (a, b) in self.pairs or (b, a) in self.pairs

    def partners(self, rank: int) -> frozenset[int]:
        """The ranks that pair with ``rank``."""
        return frozenset(b for b in range(1, 14) if self.goes_with(rank, b))

    @cached_property
    def matrix(self) -> tuple[tuple[bool, ...], ...]:
        """``matrix[a][b]`` for ranks 0..13 (row and column 0 unused): the kernels' table."""
        return tuple(tuple(a > 0 and b > 0 and self.goes_with(a, b) for b in range(14))
                     for a in range(14))

    def with_overlap(self) -> Pairing:
        return Pairing(self.pairs, self.alone, self.words + "; or a card with the one card "
                       "lying alone on it", overlap=True)


def _ranks(pairs: Iterable[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    return frozenset((min(a, b), max(a, b)) for a, b in pairs)


def sums(*totals: int, alone: Iterable[int] = (), words: str = "") -> Pairing:
    """Two cards whose ranks add up to one of ``totals`` (Ace 1, Jack 11, Queen 12)."""
    pairs = _ranks((a, t - a) for t in totals for a in range(1, 14) if 1 <= t - a <= 13)
    alone = frozenset(alone)
    said = words or ("two cards adding up to " + " or ".join(map(str, totals))
                     + _alone_words(alone))
    return Pairing(pairs, alone, said)


def _alone_words(alone: frozenset[int]) -> str:
    if not alone:
        return "; no card goes alone"
    names = ", ".join({13: "King", 12: "Queen", 11: "Jack", 1: "Ace"}.get(r, str(r))
                      for r in sorted(alone))
    return f"; a {names} alone"


#: Pyramid's rule: two cards adding up to 13, a King alone
THIRTEEN = sums(13, alone=(13,))


# -- talons ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Talon:
    """The cards left after the layout and how they come into play.

    ``wastes``: 0 for no talon (an open game), 1 for one waste, 3 for Apophis' three
    (each deal puts one card on each waste, in order). ``draw``: cards a deal puts on the
    waste (one waste only). ``rounds``: times through the talon (``None``: unlimited).
    ``top_face_up``: the talon's top card shows and is in play (PySolFC's
    ``FaceUpWasteTalonStack``, MSC's deck). ``hand``: a deal turns the next card into a
    hand of its own, in play beside the waste top until the next deal (the classic
    face-down stock, draw 1). ``stock_waste``: may the hand (or the face-up top) pair with
    the waste top (``allowed``), never (``forbidden``), or at once (``automatic``)?
    ``opening``: deals made before play starts. ``auto_deal``: an empty waste is dealt to
    by itself (PySolFC's option). ``gather``: how a redeal puts the wastes back: ``turn``
    (the waste turned over, dealt again in the same order) or ``reserves`` (PySolFC's
    ``DealReserveRedealTalonStack``: each waste from its top onto the talon, waste 0 first,
    so the last waste's bottom card is dealt first)."""

    wastes: int = 1
    draw: int = 1
    rounds: int | None = 1
    top_face_up: bool = False
    hand: bool = False
    stock_waste: Literal["allowed", "forbidden", "automatic"] = "allowed"
    opening: int = 0
    auto_deal: bool = False
    gather: Gather = "turn"

    def __post_init__(self) -> None:
        if self.wastes not in (0, 1, 3):
            raise VariantError(f"a talon deals to 0, 1 or 3 wastes, got {self.wastes}")
        if self.draw < 1 or (self.wastes == 3 and self.draw != 1):
            raise VariantError(f"draw must be >= 1 (1 with three wastes), got {self.draw}")
        if self.rounds is not None and self.rounds < 1:
            raise VariantError(f"rounds must be >= 1 or unlimited, got {self.rounds}")
        if self.hand and (self.top_face_up or self.draw != 1 or self.wastes != 1):
            raise VariantError("a hand needs one waste, draw 1 and a face-down talon")
        if self.auto_deal and (self.hand or self.wastes != 1):
            raise VariantError("auto deal needs one waste and no hand")

    @property
    def exists(self) -> bool:
        return self.wastes > 0


NO_TALON = Talon(wastes=0, rounds=None)


# -- games -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rules:
    """A game: its layout, pairing rule, talon, decks and what wins (``all`` cards gone,
    or the ``pyramid`` places cleared). ``pysolfc``: PySolFC's game id, when it is one of
    PySolFC's games; ``title``: the name players know; ``citation``: where PySolFC's
    source says so (docs/rules.md gives the lines)."""

    name: str
    title: str
    layout: Layout
    pairing: Pairing
    talon: Talon
    decks: int = 1
    objective: Objective = "all"
    pysolfc: int | None = None
    citation: str = ""
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.decks not in (1, 2):
            raise VariantError(f"a game is played with 1 or 2 decks, got {self.decks}")
        if self.layout.size > self.cards:
            raise VariantError(f"{self.name}: the layout has {self.layout.size} places, "
                               f"more than the {self.cards} cards")
        if self.talon_cards and not self.talon.exists:
            raise VariantError(f"{self.name}: {self.talon_cards} cards left over and no talon")

    @property
    def cards(self) -> int:
        return 52 * self.decks

    @property
    def talon_cards(self) -> int:
        return self.cards - self.layout.size

    def describe(self) -> str:
        """One line: the game and its rules in short."""
        t = self.talon
        parts = [self.layout.words, self.pairing.words]
        if t.exists:
            rounds = "unlimited rounds" if t.rounds is None else (
                "1 round" if t.rounds == 1 else f"{t.rounds} rounds")
            where = "3 wastes" if t.wastes == 3 else f"draw {t.draw}"
            parts.append(f"talon of {self.talon_cards}, {where}, {rounds}"
                         + (", top face up" if t.top_face_up else ""))
        if self.decks == 2:
            parts.append("2 decks")
        parts.append("clear the pyramid" if self.objective == "pyramid"
                     else f"discard all {self.cards} cards")
        return f"{self.name}: " + ", ".join(parts)


def _game(name: str, title: str, pysolfc: int, layout: Layout, pairing: Pairing,
          talon: Talon, *, decks: int = 1, citation: str = "") -> Rules:
    return Rules(name, title, layout, pairing, talon, decks=decks, pysolfc=pysolfc,
                 citation=citation)


#: PySolFC's Pyramid talon (``Pyramid_Talon``, a ``FaceUpWasteTalonStack``): its top card
#: shows and pairs, the first card is dealt to the waste at the start, Auto deal is on.
def _pysolfc_talon(rounds: int) -> Talon:
    return Talon(rounds=rounds, top_face_up=True, opening=1, auto_deal=True)


_SEVEN = pyramid(7)

#: PySolFC's ten pyramid games beyond the classic engines, by preset name
#: (pysollib/games/pyramid.py at shlomif/PySolFC 7a3d146; docs/rules.md cites each line)
GAMES: dict[str, Rules] = {r.name: r for r in (
    _game("pysolfc-pyramid-thirteen", "Pyramid Thirteen", 44,
          _SEVEN.turned_face_down(range(21)), THIRTEEN, _pysolfc_talon(1),
          citation="pyramid.py:416-427 (Thirteen)"),
    _game("pysolfc-pharaohs", "Pharaohs", 655,
          pyramid(2).beside(pyramid(7)).below(pyramid(6), dx=2.5), THIRTEEN, NO_TALON,
          citation="pyramid.py:1209-1250 (Pharaohs)"),
    _game("pysolfc-apophis", "Apophis", 658, _SEVEN, THIRTEEN,
          Talon(wastes=3, rounds=3, opening=1, gather="reserves"),
          citation="pyramid.py:1324-1405 (Apophis)"),
    _game("pysolfc-cheops", "Cheops (PySolFC)", 659, _SEVEN,
          Pairing(_ranks((a, b) for a in range(1, 14) for b in range(a, min(a + 1, 13) + 1)),
                  frozenset(), "two cards of the same rank or ranks one apart (no wrap); "
                  "no card goes alone"),
          _pysolfc_talon(1), citation="pyramid.py:1453-1488 (Cheops)"),
    _game("pysolfc-two-pyramids", "Two Pyramids", 677, _SEVEN.beside(_SEVEN), THIRTEEN,
          _pysolfc_talon(3), decks=2, citation="pyramid.py:1606-1644 (TwoPyramids)"),
    _game("pysolfc-double-pyramid", "Double Pyramid", 699, pyramid(9), THIRTEEN,
          _pysolfc_talon(3), decks=2, citation="pyramid.py:1682-1688 (DoublePyramid)"),
    _game("pysolfc-triangle", "Triangle", 700, inverted_pyramid(7), THIRTEEN,
          _pysolfc_talon(3), citation="pyramid.py:1691-1727 (Triangle)"),
    _game("pysolfc-up-and-down", "Up and Down", 701, _SEVEN.beside(inverted_pyramid(7)),
          THIRTEEN, _pysolfc_talon(3), decks=2, citation="pyramid.py:1730-1774 (UpAndDown)"),
    _game("pysolfc-pyramid-dozen", "Pyramid Dozen", 846,
          _SEVEN.below(piles(6, 4), dx=0.5), sums(12, 25), NO_TALON,
          citation="pyramid.py:362-413 (PyramidDozen)"),
    _game("pysolfc-eleven-triangle", "Eleven Triangle", 969, inverted_pyramid(7),
          Pairing(sums(11).pairs | {(11, 11), (12, 12), (13, 13)}, frozenset(),
                  "two cards adding up to 11, or two Jacks, two Queens or two Kings; "
                  "no card goes alone"),
          Talon(wastes=3, rounds=1, opening=1, gather="reserves"),
          citation="pyramid.py:1412-1450 (ElevenTriangle)"),
)}


def get_rules(name: str) -> Rules:
    """The game ``name`` (case, ``_`` and space insensitive) of :data:`GAMES`."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in GAMES:
        raise VariantError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    return GAMES[key]


def is_game(name: str) -> bool:
    """Is ``name`` one of :data:`GAMES` (not a classic preset)?"""
    return name.strip().lower().replace("_", "-").replace(" ", "-") in GAMES


def rules_of(variant: Variant) -> Rules:
    """A classic preset (any :class:`~pyramids.core.variants.Variant`) in the family's
    terms, for its win question: a pyramid of its rows, its stock as a talon (a hand for
    the face-down draw-1 stock), its tableau or bouquet as places, the sum 13 with a King
    alone (and Tut's Tomb's overlap). Scoring is not part of the rules here: the general
    engines answer whether a deal can be won, the classic ones its score."""
    n = variant.pyramid_cards
    layout = pyramid(variant.rows)
    if variant.rest == "tableau":
        layout = layout.below(tableau(variant.columns or 0, variant.tableau_rows or 0))
    elif variant.rest == "bouquet":
        layout = layout.below(free_cards(52 - n))
    talon = NO_TALON
    if variant.is_stock:
        talon = Talon(draw=variant.draw or 1, rounds=variant.passes,
                      top_face_up=variant.face_up, hand=variant.has_hand,
                      stock_waste=variant.stock_waste or "allowed", opening=variant.opening,
                      auto_deal=variant.auto_deal)
    pairing = THIRTEEN.with_overlap() if variant.overlap else THIRTEEN
    return Rules(variant.name, variant.title, layout, pairing, talon,
                 objective=variant.objective)
