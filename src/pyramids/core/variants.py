"""Rule sets as data: a frozen :class:`Variant` with the presets of docs/rules.md.

Options that make no sense for a layout are ``None`` (a Giza game has no ``draw``);
setting one is an error rather than silently ignored.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from pyramids.core.errors import VariantError
from pyramids.core.messages import Opt

Rest = Literal["stock", "bouquet", "tableau"]
StockWaste = Literal["allowed", "forbidden", "automatic"]
Objective = Literal["all", "pyramid"]
Scoring = Literal["none", "par", "msc"]
StockTop = Literal["face-down", "face-up"]

REST_KINDS = ("stock", "bouquet", "tableau")
STOCK_WASTE = ("allowed", "forbidden", "automatic")
OBJECTIVES = ("all", "pyramid")
SCORINGS = ("none", "par", "msc")
STOCK_TOPS = ("face-down", "face-up")
MIN_ROWS, MAX_ROWS = 1, 9
STOCK_ONLY = ("draw", "passes", "stock_waste")
#: Options added after stored records began (puzzle collections, results chunks, bulk
#: files): :meth:`Variant.options` lists one only when it differs from its default, so
#: every record written before it still names the same variant, byte for byte.
LATER_OPTIONS: dict[str, object] = {"stock_top": "face-down", "opening": 0, "auto_deal": False}
#: The names of PySolFC's presets start with this: their stock is PySolFC's talon, whose
#: stock moves are written ``deal`` and ``redeal`` even with its top card face up
PYSOLFC_PREFIX = "pysolfc-"
OPTION_NAMES = ("rows", "rest", "columns", "tableau_rows", "draw", "passes", "stock_waste",
                "overlap", "objective", "scoring", *LATER_OPTIONS)
#: Microsoft Solitaire Collection's score: 5 points a removal (a King alone or a pair)
#: and a bonus for each pyramid row cleared, bottom row first (7 rows: at most 1,290)
MSC_REMOVAL = 5
MSC_ROW_BONUS = (25, 50, 75, 100, 150, 250, 500)
MSC_MAX_SCORE = MSC_REMOVAL * 28 + sum(MSC_ROW_BONUS)


def pyramid_size(rows: int) -> int:
    return rows * (rows + 1) // 2


@dataclass(frozen=True)
class Variant:
    """A complete rule set. Build one with :func:`get_variant` or :meth:`with_options`.

    ``passes`` is ``None`` for unlimited redeals in a stock game.
    ``stock_waste`` is ``None`` with draw 3 (there is no hand to match).
    ``stock_top``: ``face-down`` (a deal turns the next card into the hand) or
    ``face-up`` (Microsoft Solitaire Collection, PySolFC's Pyramid: the stock's top card
    shows and is available; a draw moves it onto the waste), draw 1 only.
    ``auto_deal``: PySolFC's *Auto deal* option: whenever the waste is empty and the
    stock is not (and the game is not won), a deal is made by itself, as part of the move
    that emptied the waste (stock games without a hand only).
    """

    name: str = "pyramid"
    rows: int = 7
    rest: Rest = "stock"
    columns: int | None = None
    tableau_rows: int | None = None
    draw: int | None = 1
    passes: int | None = 1
    stock_waste: StockWaste | None = "allowed"
    overlap: bool = False
    objective: Objective = "all"
    scoring: Scoring = "none"
    stock_top: StockTop = "face-down"
    opening: int = 0  # deals already made when play starts (PySolFC's games; see below)
    auto_deal: bool = False  # PySolFC's Auto deal: an empty waste is dealt to by itself

    def __post_init__(self) -> None:
        self.validate()

    # -- derived facts -------------------------------------------------
    @property
    def pyramid_cards(self) -> int:
        return pyramid_size(self.rows)

    @property
    def rest_cards(self) -> int:
        return 52 - self.pyramid_cards

    @property
    def is_stock(self) -> bool:
        return self.rest == "stock"

    @property
    def is_open(self) -> bool:
        """Is every card visible and the order of play free (bouquet, tableau)?"""
        return self.rest != "stock"

    @property
    def has_hand(self) -> bool:
        return self.is_stock and self.draw == 1 and self.stock_top == "face-down"

    @property
    def face_up(self) -> bool:
        """Is the stock's top card face up and available (MSC's deck)?"""
        return self.stock_top == "face-up"

    @property
    def pysolfc_talon(self) -> bool:
        """Is the stock PySolFC's talon (a ``pysolfc-*`` preset's)? Its stock moves are
        written ``deal`` and ``redeal``, and a click on its face-up top King discards the
        King (``Pyramid_Talon.clickHandler`` in PySolFC's ``pysollib/games/pyramid.py``)."""
        return self.is_stock and self.name.startswith(PYSOLFC_PREFIX)

    @property
    def msc_words(self) -> bool:
        """Are the stock moves written ``draw`` and ``recycle`` (MSC's face-up deck), not
        ``deal`` and ``redeal``?"""
        return self.face_up and not self.pysolfc_talon

    @property
    def move_unit(self) -> str:
        """What a line's moves are called: PySolFC's ``clicks``, MSC's ``steps``, else
        ``moves``."""
        return "clicks" if self.pysolfc_talon else "steps" if self.face_up else "moves"

    @property
    def redeals(self) -> int | None:
        """Redeals allowed (``None``: unlimited)."""
        return None if self.passes is None else self.passes - 1

    @property
    def opening_dealt(self) -> int:
        """Stock cards turned up by the opening deals (the stock pointer at the start)."""
        return min(self.opening * (self.draw or 0), self.rest_cards)

    def validate(self) -> None:
        """Raise :class:`VariantError` naming the first option that does not fit."""
        self._validate_opening()
        if not isinstance(self.rows, int) or not MIN_ROWS <= self.rows <= MAX_ROWS:
            raise VariantError(f"rows must be {MIN_ROWS} to {MAX_ROWS}, got {self.rows!r}")
        for option, choices in (("rest", REST_KINDS), ("objective", OBJECTIVES),
                                ("scoring", SCORINGS), ("stock_top", STOCK_TOPS)):
            if getattr(self, option) not in choices:
                raise VariantError.coded("option-choice", option=Opt(option),
                                         choices=", ".join(choices),
                                         got=repr(getattr(self, option)))
        if not isinstance(self.overlap, bool):
            raise VariantError(f"overlap must be true or false, got {self.overlap!r}")
        if self.rest == "stock":
            self._validate_stock()
        else:
            for opt in (*STOCK_ONLY, *(("stock_top",) if self.face_up else ())):
                if opt == "stock_top" or getattr(self, opt) is not None:
                    raise VariantError.coded("option-stock-only", option=Opt(opt),
                                             name=self.name, rest=self.rest)
        self._validate_auto_deal()
        if self.rest == "tableau":
            self._validate_tableau()
        elif self.columns is not None or self.tableau_rows is not None:
            raise VariantError(f"tableau columns and rows need a tableau, not a {self.rest}")
        if self.scoring == "par":
            if self.rest != "stock" or self.passes is None or self.passes > 3:
                raise VariantError("par scoring needs a stock game of 1 to 3 passes")
            if self.objective != "all":
                raise VariantError("par scoring plays on after the pyramid: objective must be all")
        if self.scoring == "msc" and self.rows != len(MSC_ROW_BONUS):
            raise VariantError(f"msc scoring gives a bonus for each of the 7 pyramid rows: "
                               f"it needs 7 rows, got {self.rows}")

    def _validate_opening(self) -> None:
        """``opening``: the deals a program has made before the player's first move
        (PySolFC turns one card onto the waste in Pyramid, three in King Tut); play, the
        solvers and the notation start after them."""
        if isinstance(self.opening, bool) or not isinstance(self.opening, int) \
                or self.opening < 0:
            raise VariantError(f"opening must be a whole number of deals >= 0, "
                               f"got {self.opening!r}")
        if self.opening and self.rest != "stock":
            raise VariantError(f"opening deals need a stock, and {self.name} has a "
                               f"{self.rest}")
        if self.opening and self.draw in (1, 3) and \
                self.opening > -(-(52 - pyramid_size(self.rows)) // self.draw):
            raise VariantError(f"opening of {self.opening} deals is more than the stock "
                               f"holds ({52 - pyramid_size(self.rows)} cards, draw {self.draw})")

    def _validate_auto_deal(self) -> None:
        """``auto_deal``: PySolFC deals to an empty waste by itself (``Game._autoDeal`` in
        its ``pysollib/game/__init__.py``); the project plays it where PySolFC's Pyramid
        games do, a stock without a hand (a face-up top, or draw 3)."""
        if not isinstance(self.auto_deal, bool):
            raise VariantError.coded("option-choice", option=Opt("auto_deal"),
                                     choices="true, false", got=repr(self.auto_deal))
        if not self.auto_deal:
            return
        if self.rest != "stock":
            raise VariantError.coded("option-stock-only", option=Opt("auto_deal"),
                                     name=self.name, rest=self.rest)
        if self.has_hand:
            raise VariantError.coded("auto-deal-needs-no-hand")

    def _validate_stock(self) -> None:
        if self.draw not in (1, 3):
            raise VariantError(f"draw must be 1 or 3, got {self.draw!r}")
        if self.passes is not None and (not isinstance(self.passes, int) or self.passes < 1):
            raise VariantError(f"passes must be a whole number >= 1 or unlimited, "
                               f"got {self.passes!r}")
        if self.draw == 3:
            if self.stock_waste is not None:
                raise VariantError.coded("waste-needs-draw-1", stock_waste=self.stock_waste)
        elif self.stock_waste not in STOCK_WASTE:
            raise VariantError.coded("option-choice", option=Opt("stock_waste"),
                                     choices=", ".join(STOCK_WASTE),
                                     got=repr(self.stock_waste))
        if self.face_up:
            if self.draw != 1:
                raise VariantError.coded("face-up-needs-draw-1")
            if self.stock_waste == "automatic":
                raise VariantError.coded("automatic-needs-face-down")

    def _validate_tableau(self) -> None:
        c, r = self.columns, self.tableau_rows
        if not isinstance(c, int) or not isinstance(r, int) or c < 1 or r < 1:
            raise VariantError(f"a tableau needs columns and rows >= 1, got {c}x{r}")
        if c * r != self.rest_cards:
            raise VariantError(
                f"a {c}x{r} tableau holds {c * r} cards, but a {self.rows}-row pyramid "
                f"leaves {self.rest_cards}")

    # -- building ------------------------------------------------------
    def with_options(self, **options: Any) -> Variant:
        """A copy with options replaced; ``None`` values mean "keep the preset's"."""
        changes: dict[str, Any] = {}
        for key, value in options.items():
            key = key.replace("-", "_")
            if key not in OPTION_NAMES:
                raise VariantError(f"unknown option {key!r}: options are {', '.join(OPTION_NAMES)}")
            if key == "passes" and isinstance(value, str):
                changes[key] = parse_passes(value)  # "unlimited" is an explicit None
            elif key == "rest" and isinstance(value, str) and value.startswith("tableau:"):
                changes.update(parse_rest(value))
            elif value is not None:
                changes[key] = value
        if changes.get("rest") == "tableau" and self.rest != "tableau":
            # plain "tableau": the Giza 8x3 shape unless columns and rows are given
            changes.setdefault("columns", 8)
            changes.setdefault("tableau_rows", 3)
        if "rest" in changes:
            changes.update(_rest_defaults(changes, self))
        if changes.get("draw") == 3 and "stock_waste" not in changes:
            changes["stock_waste"] = None
        if changes.get("draw") == 3 and "stock_top" not in changes:
            changes["stock_top"] = "face-down"
        if changes.get("draw") == 1 and self.stock_waste is None and "stock_waste" not in changes:
            changes["stock_waste"] = "allowed"
        if self.auto_deal and "auto_deal" not in changes:
            # PySolFC's Auto deal is kept where it still applies (a stock without a hand)
            probe = dataclasses.replace(self, **changes, auto_deal=False)
            if probe.has_hand or not probe.is_stock:
                changes["auto_deal"] = False
        return dataclasses.replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """Every option resolved, as plain JSON-able values (``passes: None`` = unlimited);
        an option of :data:`LATER_OPTIONS` (``stock_top``, ``opening``) only when it is not
        its default, so that records made before it read back."""
        return {"name": self.name} | {
            k: getattr(self, k) for k in OPTION_NAMES
            if k not in LATER_OPTIONS or getattr(self, k) != LATER_OPTIONS[k]}

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Variant:
        """The inverse of :meth:`options`: ``Variant.from_options(v.options()) == v``.

        Unlike :meth:`with_options`, ``None`` is taken literally (``passes: None`` is
        unlimited in a stock game), so a stored variant comes back exactly.
        """
        opts = {k.replace("-", "_"): v for k, v in options.items()}
        name = opts.pop("name", "pyramid")
        for key in opts:
            if key not in OPTION_NAMES:
                raise VariantError(f"unknown option {key!r}: options are {', '.join(OPTION_NAMES)}")
        base = get_variant(name)
        for key, default in LATER_OPTIONS.items():  # options() leaves out their defaults
            opts.setdefault(key, default)
        return dataclasses.replace(base, **opts)

    def rest_label(self) -> str:
        if self.rest == "tableau":
            return f"tableau {self.columns}x{self.tableau_rows}"
        return self.rest

    def describe(self) -> str:
        """One line: the preset and every option that matters for this layout."""
        parts = [f"{self.name}:", f"{self.rows} rows", self.rest_label()]
        if self.is_stock:
            passes = "unlimited passes" if self.passes is None else (
                "1 pass" if self.passes == 1 else f"{self.passes} passes")
            parts += [f"draw {self.draw}", passes]
            if self.face_up:
                parts.append("stock top face up")
            if self.stock_waste is not None:
                parts.append(f"stock-waste {self.stock_waste}")
        parts.append("overlap" if self.overlap else "no overlap")
        parts.append(f"objective {self.objective}")
        if self.scoring != "none":
            parts.append(f"{self.scoring} scoring")
        if self.opening:
            parts.append(f"play starts after {self.opening} deal{'s' if self.opening > 1 else ''}")
        if self.auto_deal:
            parts.append("auto deal")
        return " ".join(parts[:1]) + " " + ", ".join(parts[1:])

    @property
    def title(self) -> str:
        """The game's name as players know it (``Tut's Tomb``, not ``tuts-tomb``)."""
        return TITLES.get(self.name, self.name)

    @property
    def full_title(self) -> str:
        """:attr:`title`, with what an abbreviation stands for."""
        return FULL_TITLES.get(self.name, self.title)

    def in_words(self) -> str:
        """The rules in a player's words, a sentence each: what :meth:`describe` says in
        option names, for the web page (no option names, no flags)."""
        n, rest = self.pyramid_cards, self.rest_cards
        out = [f"A pyramid of {n} card{'s' if n > 1 else ''} in {self.rows} "
               f"row{'s' if self.rows > 1 else ''}."]
        if self.is_stock:
            out.append(self._stock_words(rest))
        elif self.rest == "tableau":
            out.append(f"The other {rest} cards lie face up below it in {self.columns} "
                       f"columns of {self.tableau_rows}; the last card of a column is in play.")
        else:
            out.append(f"The other {rest} cards lie face up beside it, every one in play.")
        out.append("Discard a King alone, or two cards in play that add up to 13 "
                   "(Ace 1, Jack 11, Queen 12)"
                   + (", or a card and the one covering it alone." if self.overlap else "."))
        out.append("Win by clearing the pyramid." if self.objective == "pyramid"
                   else "Win by discarding all 52 cards.")
        if self.scoring == "msc":
            out.append(f"Score: {MSC_REMOVAL} points a King or a pair, and a bonus for each "
                       f"row cleared ({MSC_MAX_SCORE:,} at most).")
        elif self.scoring == "par":
            out.append("Par score: 50, 35 or 20 points for clearing the pyramid in the first, "
                       "second or third pass, less a point a card left.")
        return " ".join(out)

    def _stock_words(self, rest: int) -> str:
        times = ("as often as you like" if self.passes is None
                 else _TIMES_THROUGH.get(self.passes, f"{self.passes} times through"))
        if self.pysolfc_talon and self.face_up:
            words = (f"The other {rest} cards are a talon with its top card face up and in "
                     f"play; a click on it deals that card onto the waste, {times}.")
        elif self.face_up:
            words = (f"The other {rest} cards are a deck with its top card face up and in "
                     f"play; draw it onto the waste one card at a time, {times}.")
        else:
            at = "one card" if self.draw == 1 else "three cards"
            words = (f"The other {rest} cards are a stock, dealt {at} at a time, {times}; "
                     + ("the dealt card and the waste's top card are in play."
                        if self.has_hand else "the waste's top card is in play."))
        if self.stock_waste == "forbidden":
            words += " Those two never pair with each other."
        elif self.stock_waste == "automatic":
            words += " When those two add up to 13 they go at once."
        if self.opening:
            words += (f" Play starts after {self.opening} deal{'s' if self.opening > 1 else ''},"
                      " as PySolFC starts it.")
        if self.auto_deal:
            words += (" When the waste is empty, the next card is dealt onto it by itself, "
                      "as PySolFC's Auto deal does.")
        return words

def _rest_defaults(changes: dict[str, Any], base: Variant) -> dict[str, Any]:
    """Fill in what a change of ``rest`` implies, unless given explicitly."""
    rest = changes["rest"]
    out: dict[str, Any] = {}
    if rest != "stock":
        for opt in STOCK_ONLY:
            out.setdefault(opt, changes.get(opt))
        out.setdefault("stock_top", changes.get("stock_top", "face-down"))
        out["opening"] = changes.get("opening", 0)
        out["auto_deal"] = changes.get("auto_deal", False)
        if base.scoring != "none" and "scoring" not in changes:
            out["scoring"] = "none"
    elif base.rest != "stock":
        out.setdefault("draw", changes.get("draw", 1))
        out.setdefault("passes", changes.get("passes", 1))
        out.setdefault("stock_waste", changes.get(
            "stock_waste", None if out["draw"] == 3 else "allowed"))
    if rest != "tableau":
        out["columns"] = changes.get("columns")
        out["tableau_rows"] = changes.get("tableau_rows")
    return out


# PySolFC's Pyramid family as PySolFC plays it with its default options (docs/rules.md,
# *PySolFC's games*, gives the line of PySolFC's source behind each option; read at
# shlomif/PySolFC 7a3d146). Pyramid's and Relaxed Pyramid's talon is a
# FaceUpWasteTalonStack (pysollib/games/pyramid.py:120, pysollib/stack.py:3175): its top
# card lies face up and pairs, the project's face-up stock top; their startGame deals the
# first card to the waste (pyramid.py:298): one deal. King Tut's talon deals three face
# down (pyramid.py:1660-1661), one deal of three to start. Auto deal, on by default
# (pysollib/options.py:352), deals to an empty waste by itself (game/__init__.py:2650-2655).
PYSOLFC_PRESETS = (
    Variant("pysolfc-pyramid", passes=3, stock_top="face-up", opening=1, auto_deal=True),
    Variant("pysolfc-relaxed-pyramid", passes=3, objective="pyramid", stock_top="face-up",
            opening=1, auto_deal=True),
    Variant("pysolfc-giza", rest="tableau", columns=8, tableau_rows=3, draw=None,
            passes=None, stock_waste=None),
    Variant("pysolfc-king-tut", draw=3, passes=None, stock_waste=None, objective="pyramid",
            opening=1, auto_deal=True),
)

PRESETS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("pyramid"),
        Variant("par-pyramid", passes=3, scoring="par"),
        Variant("cheops", passes=3),
        # Microsoft Solitaire Collection's Pyramid: the deck's top card shows, three
        # cycles through the deck, the board (pyramid) to clear, MSC's score
        Variant("msc", passes=3, objective="pyramid", stock_top="face-up", scoring="msc"),
        Variant("king-tut", draw=3, passes=1, stock_waste=None, objective="pyramid"),
        Variant("tuts-tomb", draw=3, passes=None, stock_waste=None, overlap=True,
                objective="pyramid"),
        Variant("giza", rest="tableau", columns=8, tableau_rows=3, draw=None, passes=None,
                stock_waste=None),
        Variant("giza-6x4", rest="tableau", columns=6, tableau_rows=4, draw=None, passes=None,
                stock_waste=None),
        Variant("bouquet", rest="bouquet", draw=None, passes=None, stock_waste=None),
        *PYSOLFC_PRESETS,
    )
}
ALIASES = {"great-triangle": "pyramid"}
_TIMES_THROUGH = {1: "once through", 2: "twice through", 3: "three times through",
                  4: "four times through", 5: "five times through"}
#: The presets' names as players know them (the web page's words).
TITLES = {
    "pyramid": "Pyramid", "par-pyramid": "Par Pyramid", "cheops": "Cheops",
    "msc": "MSC Pyramid", "king-tut": "King Tut",
    "tuts-tomb": "Tut's Tomb", "giza": "Giza", "giza-6x4": "Giza 6x4",
    "bouquet": "Open bouquet", "pysolfc-pyramid": "PySolFC's Pyramid",
    "pysolfc-relaxed-pyramid": "PySolFC's Relaxed Pyramid", "pysolfc-giza": "PySolFC's Giza",
    "pysolfc-king-tut": "PySolFC's King Tut",
}
#: Where a short title needs saying in full (the page's menu of games).
FULL_TITLES = {"msc": "MSC Pyramid (Microsoft Solitaire Collection)"}


def preset_names() -> list[str]:
    return list(PRESETS) + list(ALIASES)


def get_variant(name: str = "pyramid", **options: Any) -> Variant:
    """The preset ``name`` (case and ``_``/space insensitive) with option overrides."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        raise VariantError(f"unknown variant {name!r}: choose one of {', '.join(preset_names())}")
    return PRESETS[key].with_options(**options) if options else PRESETS[key]


def parse_passes(text: str | int | None) -> int | None:
    """``1``, ``3``, ``unlimited`` (or ``inf``) -> int or None."""
    if text is None or isinstance(text, int):
        return text
    t = text.strip().lower()
    if t in ("unlimited", "inf", "infinite", "none"):
        return None
    try:
        n = int(t)
    except ValueError:
        raise VariantError(f"passes must be a whole number or 'unlimited', got {text!r}") from None
    if n < 1:
        raise VariantError(f"passes must be >= 1, got {text!r}")
    return n


def parse_rest(text: str) -> dict[str, Any]:
    """``stock``, ``bouquet``, ``tableau`` or ``tableau:8x3`` -> option dict."""
    t = text.strip().lower()
    if t in ("stock", "bouquet"):
        return {"rest": t}
    if t.startswith("tableau"):
        dims = t[len("tableau"):].lstrip(":= ")
        if not dims:
            return {"rest": "tableau", "columns": 8, "tableau_rows": 3}
        try:
            c, r = (int(x) for x in dims.split("x"))
        except ValueError:
            raise VariantError(f"tableau size must look like 8x3, got {text!r}") from None
        return {"rest": "tableau", "columns": c, "tableau_rows": r}
    raise VariantError(f"rest must be stock, bouquet or tableau:CxR, got {text!r}")


# -- a variant from a front end's options ----------------------------------------------

def build_variant(variant: str = "pyramid", **opts: Any) -> Variant:
    """The preset ``variant`` with rule options as the command line and the service take
    them (``None``: not given): ``rest`` as text (``tableau:8x3``), ``draw`` as text or a
    number, ``passes`` a number or ``unlimited``; the others as :meth:`Variant.with_options`
    takes them. Raises :class:`~pyramids.core.errors.VariantError` naming a bad option."""
    options: dict[str, Any] = {}
    if opts.get("rest"):
        options.update(parse_rest(opts.pop("rest")))
    opts.pop("rest", None)
    if opts.get("draw") is not None:
        opts["draw"] = int(opts["draw"])
    options.update({k: v for k, v in opts.items() if v is not None})
    return get_variant(variant, **options)
