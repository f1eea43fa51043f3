"""PySolFC's ten other pyramid games, dealt exactly as PySolFC deals their numbered games.

Beside the four games of :mod:`pyramids.pysolfc.games` (Pyramid, Relaxed Pyramid, Giza,
King Tut), PySolFC's ``pysollib/games/pyramid.py`` (shlomif/PySolFC at commit 7a3d146;
the file and line for each game in :data:`SHAPES`) deals ten more games on pyramids:
several pyramids, inverted ones, two decks, three wastes, reserves, face-down cards.
:func:`family_cards` gives game N's cards of one of them in the project's layout order:

1. the tableau places in the order of PySolFC's ``s.rows`` (``_createPyramid`` and
   ``_createInvertedPyramid``, pyramid.py:197-238, append each pyramid's stacks row by
   row from the top, left to right; several pyramids in the order ``createGame`` makes
   them);
2. the reserve piles dealt at the start (Pyramid Dozen's six), pile by pile in
   ``s.reserves`` order, each from its bottom card (dealt first) to its top;
3. the talon, in the order it deals (first dealt first), the cards ``startGame`` already
   deals to the waste (or Apophis's three wastes) first: :attr:`Shape.opening` says how
   many deals that is.

The shuffle is PySolFC's (``Game.shuffle``, game/__init__.py:1243-1256, with
pysol-cards' generators: :func:`pyramids.pysolfc.model.talon_cards`); a two-deck game
shuffles 104 cards, each card twice, and ``ms_rearrange`` leaves them in PySolFC's order
(it rearranges 52 cards only). Every deal takes the talon's top card (``dealToStacks``,
stack.py:1728-1747), so the cards come off the shuffled list from its end. Every game
but Pyramid Dozen deals the tableau first and the rest stays on the talon: the layout
order is the dealing order. Pyramid Dozen deals four rows of six onto its reserves
first (pyramid.py:398-402), then the pyramid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyramids.core.board import GameDeal
from pyramids.core.cards import Card, parse_cards
from pyramids.core.deals import Deal
from pyramids.core.errors import DealError
from pyramids.core.rules import Rules
from pyramids.pysolfc.games import PySolFCGame
from pyramids.pysolfc.model import talon_cards

_SUITS = "CSHD"  # PySolFC's suit order (``Card.suit`` 0 to 3)


@dataclass(frozen=True)
class Shape:
    """How PySolFC lays out and deals one game.

    ``pyramids``: (rows, inverted) for each pyramid, in the order ``createGame`` makes
    them; ``reserves`` piles of ``reserve_cards`` dealt before the pyramid (Pyramid
    Dozen); ``face_down``: the first this many tableau places are dealt face down;
    ``wastes``: 0 where the talon only deals the start (``InitialDealTalonStack``), 1
    for a waste, 3 for Apophis's three; ``max_rounds``: the talon's passes;
    ``opening``: the talon deals ``startGame`` makes (each puts ``wastes`` cards out)."""

    name: str
    preset: str
    decks: int
    pyramids: tuple[tuple[int, bool], ...]
    source: str  # pyramid.py's lines of the game's class
    reserves: int = 0
    reserve_cards: int = 0
    face_down: int = 0
    wastes: int = 1
    max_rounds: int = 1
    opening: int = 1

    @property
    def places(self) -> int:
        """The tableau's stacks (``len(s.rows)``)."""
        return sum(n * (n + 1) // 2 for n, _ in self.pyramids)

    @property
    def cards(self) -> int:
        return 52 * self.decks

    @property
    def talon(self) -> int:
        """The cards left on the talon once the tableau and the reserves are dealt."""
        return self.cards - self.places - self.reserves * self.reserve_cards


#: The ten games by PySolFC id (``registerGame``, pyramid.py:1920-1993).
SHAPES: dict[int, Shape] = {
    # Thirteen(Pyramid): Pyramid_Talon with max_rounds=1; startGame deals rows[:21]
    # with flip=0, rows[21:] face up, then one card to the waste (pyramid.py:416-423)
    44: Shape("Pyramid Thirteen", "pysolfc-pyramid-thirteen", 1, ((7, False),),
              "416-423", face_down=21),
    # Pharaohs: pyramids of 2, 7 and 6 (pyramid.py:1227-1231), InitialDealTalonStack,
    # startGame deals the rows only (pyramid.py:1244-1246)
    655: Shape("Pharaohs", "pysolfc-pharaohs", 1, ((2, False), (7, False), (6, False)),
               "1209-1250", wastes=0, opening=0),
    # Apophis: one pyramid, DealReserveRedealTalonStack(max_rounds=3) onto three
    # Pyramid_Waste reserves; startGame deals the rows, then one card to each waste
    # (pyramid.py:1371-1402)
    658: Shape("Apophis", "pysolfc-apophis", 1, ((7, False),), "1348-1405", wastes=3,
               max_rounds=3),
    # Cheops(Pyramid): Cheops_Talon max_rounds=1 (pyramid.py:1482), Pyramid.startGame
    659: Shape("Cheops", "pysolfc-cheops", 1, ((7, False),), "1479-1487"),
    # TwoPyramids(Pyramid): two pyramids of 7 (pyramid.py:1618-1621), Pyramid's talon
    # (max_rounds=3, pyramid.py:187) and startGame; two decks (pyramid.py:1952-1954)
    677: Shape("Two Pyramids", "pysolfc-two-pyramids", 2, ((7, False), (7, False)),
               "1606-1640", max_rounds=3),
    # DoublePyramid(Pyramid): Pyramid.createGame(pyramid_len=9) (pyramid.py:1682-1684)
    699: Shape("Double Pyramid", "pysolfc-double-pyramid", 2, ((9, False),), "1682-1684",
               max_rounds=3),
    # Triangle(Pyramid): an inverted pyramid of 7 (pyramid.py:1704), Pyramid's talon
    700: Shape("Triangle", "pysolfc-triangle", 1, ((7, True),), "1691-1723", max_rounds=3),
    # UpAndDown(Pyramid): a pyramid of 7, then an inverted one (pyramid.py:1743-1745)
    701: Shape("Up and Down", "pysolfc-up-and-down", 2, ((7, False), (7, True)),
               "1730-1770", max_rounds=3),
    # PyramidDozen(Giza): six reserves (pyramid.py:394-396), dealt four rows before the
    # pyramid (pyramid.py:398-402); Giza's InitialDealTalonStack (pyramid.py:345)
    846: Shape("Pyramid Dozen", "pysolfc-pyramid-dozen", 1, ((7, False),), "389-402",
               reserves=6, reserve_cards=4, wastes=0, opening=0),
    # ElevenTriangle(Apophis): INVERT = True, MAX_ROUNDS = 1 (pyramid.py:1435-1441)
    969: Shape("Eleven Triangle", "pysolfc-eleven-triangle", 1, ((7, True),), "1435-1445",
               wastes=3),
}

#: PySolFC id -> PySolFC's name, for the ten games
FAMILY: dict[int, str] = {gid: shape.name for gid, shape in SHAPES.items()}
#: preset name -> PySolFC id
PRESETS: dict[str, int] = {shape.preset: gid for gid, shape in SHAPES.items()}


def shape(game_id: int) -> Shape:
    """The :class:`Shape` of PySolFC game ``game_id``; :class:`DealError` naming the ten
    games for another id."""
    got = SHAPES.get(game_id)
    if got is None:
        games = ", ".join(f"{name} ({gid})" for gid, name in FAMILY.items())
        raise DealError(f"PySolFC game {game_id!r} is not one of the ten pyramid games "
                        f"dealt here: {games}")
    return got


def family_cards(game_id: int, game: PySolFCGame) -> tuple[Card, ...]:
    """Game ``game`` of PySolFC game ``game_id`` (a :data:`FAMILY` id), its
    ``52 * decks`` cards in the project's layout order (the module's docstring)."""
    s = shape(game_id)
    shuffled = talon_cards(game.number, game.ms, s.decks)
    dealt = [Card.of(c.rank + 1, _SUITS[c.suit]) for c in reversed(shuffled)]
    held = s.reserves * s.reserve_cards
    if not held:
        return tuple(dealt)
    # dealRow(rows=s.reserves) ``reserve_cards`` times: deal i goes to pile i % reserves
    piles = [dealt[p:held:s.reserves] for p in range(s.reserves)]
    return tuple(dealt[held:] + [c for pile in piles for c in pile])


def covers(game_id: int) -> tuple[tuple[int, ...], ...]:
    """For each tableau place (``s.rows`` order), the places lying on it: PySolFC's
    ``blockmap`` (``_createPyramid``, pyramid.py:207-213: place ``n`` of row ``i`` under
    ``n+i+1`` and ``n+i+2``; ``_createInvertedPyramid``, pyramid.py:226-237: rows of
    ``size`` down to 1, place ``n``, ``j``-th of row ``i``, under ``k-1`` and ``k`` of
    the row below, ``k = n + size - i``, the left end under ``k`` only and the right end
    under ``k-1`` only), each pyramid within itself, offset by the places before it.
    Pyramid Dozen's reserves are no tableau places: only their top card is free."""
    out: list[tuple[int, ...]] = []
    for size, inverted in shape(game_id).pyramids:
        base = len(out)
        for i in range(size):
            width = size - i if inverted else i + 1
            for j in range(width):
                n = len(out) - base
                if i == size - 1:
                    out.append(())
                elif inverted:
                    k = base + n + size - i
                    out.append(tuple(m for m, keep in ((k - 1, j > 0), (k, j < width - 1))
                                     if keep))
                else:
                    out.append((base + n + i + 1, base + n + i + 2))
    return tuple(out)


def face_down_places(game_id: int) -> frozenset[int]:
    """The layout places PySolFC deals face down (Pyramid Thirteen's 21, pyramid.py:421)."""
    return frozenset(range(shape(game_id).face_down))


def talon_size(game_id: int) -> int:
    """The talon's cards in the layout (the opening deals' cards included); 0 where the
    talon only deals the start."""
    return shape(game_id).talon


def game_deal(value: Any, rules: Rules) -> GameDeal:
    """A deal of ``rules`` (one of :data:`pyramids.core.rules.GAMES`): ``pysolfc:N``
    (a :class:`PySolFCGame`) dealt as PySolFC deals game N, or a :class:`Deal`'s cards as
    they lie (one deck's 52 in layout order); a deal number is refused, naming
    ``pysolfc:N`` (these games are dealt by PySolFC's numbers). The command line's DEAL
    and the service's ``deal``."""
    if isinstance(value, PySolFCGame):
        assert rules.pysolfc is not None
        return GameDeal(family_cards(rules.pysolfc, value), pysolfc=value.key)
    if isinstance(value, Deal):
        if value.number is not None and value.line() == Deal.from_number(value.number).line():
            raise DealError(f"{rules.name} is dealt by PySolFC's game numbers: write "
                            f"pysolfc:{max(value.number, 1)}, not {value.number}")
        if rules.cards != 52:
            raise DealError(f"{rules.name} is dealt {rules.cards} cards; write pysolfc:N")
        return GameDeal(tuple(parse_cards(value.line())))
    raise DealError(f"not a deal of {rules.name}: {value!r}")
