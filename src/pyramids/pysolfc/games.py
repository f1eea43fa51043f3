"""PySolFC's numbered games: ``pysolfc:N`` as a deal, dealt exactly as PySolFC deals it.

PySolFC (the free solitaire collection) shows a game number for every deal. The number
seeds its shuffle: numbers below 32000, and any typed with its ``ms`` prefix, take the
Microsoft-compatible linear congruential generator (the deck first put in FreeCell's
order, A♣ A♦ A♥ A♠ 2♣ ...), the others Python's Mersenne Twister, at any length; both
come from the ``pysol-cards`` package, which PySolFC itself imports (``construct_random``
in PySolFC's ``pysolrandom.py``; :func:`parse_number` reads a number as it does). The shuffled cards
go onto the talon in list order, so the last one is on top, and every deal takes the
talon's top card: the layout is the shuffled list read backwards.

Each game then deals in its own order (``startGame`` in PySolFC's
``pysollib/games/pyramid.py``): Pyramid, Relaxed Pyramid and King Tut lay the 28 pyramid
cards row by row and leave the rest on the talon (dealt first to last in that same
order); Giza deals three rows of eight onto its reserves first, then the pyramid. The
project's layout order (docs/rules.md) puts the pyramid first, so a Giza deal is turned
round here. The rules of the four games, and where PySolFC's start has already moved
cards, are the ``pysolfc-*`` presets of :mod:`pyramids.core.variants` (see docs/rules.md,
*PySolFC's games*); their lines are PySolFC's clicks, and :func:`step_notes` says what a
player sees happen at each.
"""

from __future__ import annotations

import random
import re
import sys
from dataclasses import dataclass

from pyramids.core.cards import Card
from pyramids.core.deals import Deal
from pyramids.core.errors import DealError
from pyramids.core.variants import Variant

PREFIX = "pysolfc"
MIN_GAME = 1  # the Microsoft generator takes seeds from 1 (LCRandom31.setSeed)
MS_BELOW = 32000  # construct_random: 0 <= seed < 32000 -> LCRandom31, else MTRandom
MS_MAX = (1 << 33) - 1  # LCRandom31.MAX_SEED: the last number of ``msN`` (8,589,934,591)
#: A game as the project keeps it (``Deal.pysolfc``, records): an ``int`` for a number
#: dealt as PySolFC deals a plain number, ``"msN"`` for a number from 32000 up typed with
#: the ``ms`` prefix (Microsoft's generator, which plain numbers from 32000 up do not take)
GameKey = int | str
#: What PySolFC takes as a game number, for messages
ACCEPTS = ("PySolFC takes a game number from 1 up, of any length, as its status bar "
           "shows it or as typed (#00000000000000032000, 32000, 32,000: '#', spaces, "
           "'-', '_', '.' and ',' are ignored), or ms and a number from 1 to "
           f"{MS_MAX:,} for Microsoft's generator (ms123, #ms123)")
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


def _refuse(shown: str, why: str) -> DealError:
    return DealError(f"PySolFC game number {shown!r} {why}: {ACCEPTS}")


_MS = re.compile(r"#?\s*ms([0-9]+)", re.I)
_STRIP = re.compile(r"[\s#\-_.,]")


def parse_number(text: str) -> PySolFCGame:
    """A PySolFC game number as PySolFC takes it (``construct_random`` in
    pysollib/pysolrandom.py:68-89 at shlomif/PySolFC 7a3d146): ``ms`` and digits
    (``ms123``; also ``#ms123``, as its status bar shows one, and any case) is
    Microsoft's generator at that number, 1 to :data:`MS_MAX` (``LCRandom31``,
    pysol-cards); otherwise a trailing ``L`` is cut, ``#``, white space, ``-``, ``_``,
    ``.`` and ``,`` are removed anywhere, and what is left is the number, any length
    (``#00000000000000032000`` is game 32000; below 32000 Microsoft's generator deals it,
    from 32000 up the Mersenne Twister). 0, an ``ms`` number past its limit and anything
    that is not a number are refused (:class:`DealError`, quoting ``text`` and saying
    what PySolFC takes), as PySolFC refuses them ("Invalid game number")."""
    shown = text.strip()
    m = _MS.fullmatch(shown)
    if m is not None:
        n = int(m.group(1))
        if not MIN_GAME <= n <= MS_MAX:
            raise _refuse(shown, "is 0" if n == 0 else
                          f"is past Microsoft's generator's last number, ms{MS_MAX}")
        return PySolFCGame(n, ms=True)
    digits = _STRIP.sub("", re.sub(r"L$", "", shown).lower())
    if not digits:
        raise _refuse(shown, "is empty")
    if not re.fullmatch(r"\+?\d+", digits):
        raise _refuse(shown, "is not a number")
    if len(digits) > sys.get_int_max_str_digits() > 0:
        raise _refuse(shown[:20] + "...", f"has more than {sys.get_int_max_str_digits()} "
                      "digits, more than Python (and PySolFC) reads")
    n = int(digits)
    if n < MIN_GAME:
        raise _refuse(shown, "is 0 (PySolFC's numbers start at 1)")
    return PySolFCGame(n)


def game_of(key: object, where: str = "") -> PySolFCGame:
    """The game of a stored key (``Deal.pysolfc``, a record's ``pysolfc``): a whole
    number from 1, or text PySolFC takes (``"ms40000"``); :class:`DealError` otherwise."""
    if isinstance(key, str):
        return parse_number(key)
    if isinstance(key, bool) or not isinstance(key, int) or key < MIN_GAME:
        at = f" {where}" if where else ""
        raise DealError(f"a PySolFC game number{at} must be a whole number from {MIN_GAME} "
                        f"or text PySolFC takes, got {key!r}: {ACCEPTS}")
    return PySolFCGame(key)


def match_spec(text: str) -> str | None:
    """What follows ``pysolfc:`` in ``text`` (any case), or ``None`` if it is not one."""
    m = _SPEC.match(text)
    return None if m is None else m.group(1)


_PYSOL_IDS: tuple[int, ...] = tuple(int(c) for c in _PYSOL_DECK)
_MS_IDS: tuple[int, ...] = tuple(int(c) for c in _MS_DECK)


def _shuffled_ids(number: int, ms: bool = False) -> list[int]:
    """Game ``number``'s cards as card indices (``int(Card)``), talon top first.

    Below 32000, or with ``ms`` (the ``ms`` prefix: any number to :data:`MS_MAX`),
    ``pysol_cards.random.LCRandom31`` shuffles. Above, the Mersenne Twister
    shuffle of ``pysol_cards.random.MTRandom`` is written out here: MTRandom is Python's
    ``random.Random`` seeded with the number, and its ``shuffle`` (``RandomBase.shuffle``)
    swaps item ``n`` with ``randint(0, n) = int(random() * (n + 1))`` for ``n`` from 51
    down to 1. Making an MTRandom copies the generator's state twice (``getstate`` for its
    ``reset``), 60% of a deal's cost in bulk runs; the same sequence from a plain
    ``random.Random`` costs a fifth of it. ``tests/test_pysolfc.py`` checks it against
    pysol-cards' own shuffle over many numbers."""
    if ms or number < MS_BELOW:
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


def shuffled(number: int, ms: bool = False) -> list[Card]:
    """Game ``number``'s 52 cards in the order PySolFC's talon deals them (top first)."""
    PySolFCGame(number, ms)
    return [Card(i) for i in _shuffled_ids(number, ms)]


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


def layout_ids(number: int, variant: Variant, ms: bool = False) -> list[int]:
    """Game ``number``'s card indices in the project's layout order for ``variant`` (the
    bulk runs' form: no :class:`Card` made)."""
    PySolFCGame(number, ms)
    order = dealing_order(variant)
    ids = _shuffled_ids(number, ms)
    if order == "giza":  # reserves first in PySolFC, the pyramid first here
        rest = 52 - variant.pyramid_cards
        ids = ids[rest:] + ids[:rest]
    return ids


def layout(number: int, variant: Variant, ms: bool = False) -> tuple[Card, ...]:
    """Game ``number``'s cards in the project's layout order for ``variant``."""
    return tuple(Card(i) for i in layout_ids(number, variant, ms))


@dataclass(frozen=True)
class PySolFCGame:
    """A PySolFC game number before the variant is known (``str`` gives ``pysolfc:N``,
    or ``pysolfc:msN`` for Microsoft's generator from 32000 up).

    ``ms``: typed with the ``ms`` prefix, Microsoft's generator at any number to
    :data:`MS_MAX`; below 32000 PySolFC deals a plain number so too, and ``ms`` is then
    dropped (the same game). The cards depend on the game's dealing order, so the
    command line and the service keep the number until the variant is built, then call
    :meth:`deal`."""

    number: int
    ms: bool = False

    def __post_init__(self) -> None:
        n = self.number
        if isinstance(n, bool) or not isinstance(n, int) or n < MIN_GAME or (
                self.ms and n > MS_MAX):
            raise _refuse(f"{'ms' if self.ms else ''}{n}", "is not one")
        if self.ms and n < MS_BELOW:
            object.__setattr__(self, "ms", False)

    @classmethod
    def parse(cls, text: str) -> PySolFCGame:
        """``pysolfc:N`` with N as :func:`parse_number` takes it."""
        rest = match_spec(text)
        if rest is None:
            raise DealError(f"a PySolFC game is written pysolfc:N, got {text!r}")
        return parse_number(rest)

    @property
    def key(self) -> GameKey:
        """The game as the project keeps it: the number, or ``"msN"``."""
        return f"ms{self.number}" if self.ms else self.number

    def deal(self, variant: Variant) -> Deal:
        return Deal(layout(self.number, variant, self.ms), pysolfc=self.key)

    def __str__(self) -> str:
        return f"{PREFIX}:{self.key}"


def parse_deal(text: str, variant: Variant | None = None) -> Deal:
    """:meth:`Deal.parse`'s forms, and ``pysolfc:N`` dealt for ``variant`` (which it
    needs: PySolFC deals each game its own way)."""
    s = text.strip()
    if s.lower().startswith("pysolfc"):
        game = PySolFCGame.parse(s)
        if variant is None:
            raise DealError(f"{game} needs the variant: PySolFC deals each game its own way")
        return game.deal(variant)
    return Deal.parse(text, variant)


def preset_game(variant: Variant) -> tuple[int, str] | None:
    """PySolFC's (game id, name) of a ``pysolfc-*`` preset, ``None`` for other variants."""
    return GAMES.get(variant.name)
