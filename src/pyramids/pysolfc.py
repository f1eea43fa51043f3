"""PySolFC's numbered games: ``pysolfc:N`` as a deal, dealt exactly as PySolFC deals it.

PySolFC (the free solitaire collection) shows a game number for every deal. The number
seeds its shuffle: numbers below 32000 take the Microsoft-compatible linear congruential
generator (the deck first put in FreeCell's order, A♣ A♦ A♥ A♠ 2♣ ...), larger ones
Python's Mersenne Twister; both come from the ``pysol-cards`` package, which PySolFC
itself imports (``construct_random`` in PySolFC's ``pysolrandom.py``). The shuffled cards
go onto the talon in list order, so the last one is on top, and every deal takes the
talon's top card: the layout is the shuffled list read backwards.

Each game then deals in its own order (``startGame`` in PySolFC's
``pysollib/games/pyramid.py``): Pyramid, Relaxed Pyramid and King Tut lay the 28 pyramid
cards row by row and leave the rest on the talon (dealt first to last in that same
order); Giza deals three rows of eight onto its reserves first, then the pyramid. The
project's layout order (docs/rules.md) puts the pyramid first, so a Giza deal is turned
round here. The rules of the four games, and where PySolFC's start has already moved
cards, are the ``pysolfc-*`` presets of :mod:`pyramids.variants` (see docs/rules.md,
*PySolFC's games*).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from .cards import Card
from .deals import Deal
from .errors import DealError
from .variants import Variant

PREFIX = "pysolfc"
MIN_GAME = 1  # the Microsoft generator takes seeds from 1 (LCRandom31.setSeed)
MAX_GAME = 10**20 - 1  # PySolFC's game numbers have at most 20 digits (MTRandom.MAX_SEED)
MS_BELOW = 32000  # construct_random: 0 <= seed < 32000 -> LCRandom31, else MTRandom

# the presets for PySolFC's Pyramid family: (PySolFC game id, PySolFC's name)
GAMES: dict[str, tuple[int, str]] = {
    "pysolfc-pyramid": (38, "Pyramid"),
    "pysolfc-relaxed-pyramid": (193, "Relaxed Pyramid"),
    "pysolfc-giza": (592, "Giza"),
    "pysolfc-king-tut": (681, "King Tut"),
}

# PySolFC's deck before the shuffle: suits in its order (clubs, spades, hearts,
# diamonds), ranks ace to king within each (createCards)
_PYSOL_DECK: tuple[Card, ...] = tuple(Card.of(v, s) for s in "CSHD" for v in range(1, 14))
# the Microsoft order: for each rank, clubs, diamonds, hearts, spades (ms_rearrange)
_MS_DECK: tuple[Card, ...] = tuple(_PYSOL_DECK[i + j] for i in range(13) for j in (0, 39, 26, 13))

_SPEC = re.compile(r"^\s*pysolfc\s*:\s*(.*?)\s*$", re.I)


def check_number(number: object, where: str = "") -> int:
    """``number`` if it is a PySolFC game number, else :class:`DealError` saying why."""
    at = f" {where}" if where else ""
    if isinstance(number, bool) or not isinstance(number, int):
        raise DealError(f"a PySolFC game number{at} must be a whole number from {MIN_GAME} "
                        f"to {MAX_GAME}, got {number!r}")
    if not MIN_GAME <= number <= MAX_GAME:
        why = "is negative" if number < 0 else (
            "is 0 (PySolFC's numbers start at 1)" if number == 0 else "has more than 20 digits")
        raise DealError(f"PySolFC game number{at} {number} {why}: PySolFC deals games "
                        f"{MIN_GAME} to {MAX_GAME}")
    return number


def parse_number(text: str) -> int:
    """The game number of ``N`` (digits, ``_`` or ``,`` allowed as separators)."""
    t = text.strip().replace("_", "").replace(",", "")
    if not re.fullmatch(r"[+-]?\d+", t):
        raise DealError(f"a PySolFC game number must be a whole number from {MIN_GAME} to "
                        f"{MAX_GAME}, got {text.strip()!r}")
    return check_number(int(t))


def match_spec(text: str) -> str | None:
    """What follows ``pysolfc:`` in ``text`` (any case), or ``None`` if it is not one."""
    m = _SPEC.match(text)
    return None if m is None else m.group(1)


_PYSOL_IDS: tuple[int, ...] = tuple(int(c) for c in _PYSOL_DECK)
_MS_IDS: tuple[int, ...] = tuple(int(c) for c in _MS_DECK)


def _shuffled_ids(number: int) -> list[int]:
    """Game ``number``'s cards as card indices (``int(Card)``), talon top first.

    Below 32000 ``pysol_cards.random.LCRandom31`` shuffles. Above, the Mersenne Twister
    shuffle of ``pysol_cards.random.MTRandom`` is written out here: MTRandom is Python's
    ``random.Random`` seeded with the number, and its ``shuffle`` (``RandomBase.shuffle``)
    swaps item ``n`` with ``randint(0, n) = int(random() * (n + 1))`` for ``n`` from 51
    down to 1. Making an MTRandom copies the generator's state twice (``getstate`` for its
    ``reset``), 60% of a deal's cost in bulk runs; the same sequence from a plain
    ``random.Random`` costs a fifth of it. ``tests/test_pysolfc.py`` checks it against
    pysol-cards' own shuffle over many numbers."""
    if number < MS_BELOW:
        from pysol_cards.random import LCRandom31

        ids = list(_MS_IDS)
        LCRandom31(number).shuffle(ids)
    else:
        ids = list(_PYSOL_IDS)
        rnd = random.Random(number).random
        for n in range(51, 0, -1):
            j = int(rnd() * (n + 1))
            ids[n], ids[j] = ids[j], ids[n]
    ids.reverse()
    return ids


def shuffled(number: int) -> list[Card]:
    """Game ``number``'s 52 cards in the order PySolFC's talon deals them (top first)."""
    check_number(number)
    return [Card(i) for i in _shuffled_ids(number)]


def dealing_order(variant: Variant) -> str:
    """``"stock"`` or ``"giza"``: how PySolFC deals ``variant``'s layout; :class:`DealError`
    when PySolFC deals no game that way (another pyramid size, a bouquet, a 6x4 tableau)."""
    if variant.rows == 7 and variant.rest == "stock":
        return "stock"
    if variant.rows == 7 and variant.rest == "tableau" and (
            variant.columns, variant.tableau_rows) == (8, 3):
        return "giza"
    games = ", ".join(f"{name} ({gid})" for gid, name in GAMES.values())
    raise DealError(
        f"PySolFC does not deal {variant.describe()}: its games ({games}) lay a 7-row "
        "pyramid with a stock, or with an 8x3 tableau (Giza); use a pysolfc-* preset")


def layout_ids(number: int, variant: Variant) -> list[int]:
    """Game ``number``'s card indices in the project's layout order for ``variant`` (the
    bulk runs' form: no :class:`Card` made)."""
    check_number(number)
    order = dealing_order(variant)
    ids = _shuffled_ids(number)
    if order == "giza":  # reserves first in PySolFC, the pyramid first here
        rest = 52 - variant.pyramid_cards
        ids = ids[rest:] + ids[:rest]
    return ids


def layout(number: int, variant: Variant) -> tuple[Card, ...]:
    """Game ``number``'s cards in the project's layout order for ``variant``."""
    return tuple(Card(i) for i in layout_ids(number, variant))


@dataclass(frozen=True)
class PySolFCGame:
    """A PySolFC game number before the variant is known (``str`` gives ``pysolfc:N``).

    The cards depend on the game's dealing order, so the command line and the service
    keep the number until the variant is built, then call :meth:`deal`."""

    number: int

    def __post_init__(self) -> None:
        check_number(self.number)

    @classmethod
    def parse(cls, text: str) -> PySolFCGame:
        rest = match_spec(text)
        if rest is None:
            raise DealError(f"a PySolFC game is written pysolfc:N, got {text!r}")
        return cls(parse_number(rest))

    def deal(self, variant: Variant) -> Deal:
        return Deal(layout(self.number, variant), pysolfc=self.number)

    def __str__(self) -> str:
        return f"{PREFIX}:{self.number}"


def preset_game(variant: Variant) -> tuple[int, str] | None:
    """PySolFC's (game id, name) of a ``pysolfc-*`` preset, ``None`` for other variants."""
    return GAMES.get(variant.name)

