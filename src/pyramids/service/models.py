"""Request and response bodies (pydantic), and so the published schema.

A request model carries every constraint that validation applies and JSON Schema can
state (types, enums, patterns, ranges, lengths, item counts): a request the schema
allows is never refused for its shape. What JSON Schema cannot state is the library's to
check, with a 400 in the API's words: that a deal's text holds 52 distinct cards, that a
line of moves is legal, that rule options go together, that a goal fits the rules. The
bounds the server's config sets (``max_batch``, ``max_book_count``) are written into the
schema by the app (``x-bound``: :func:`pyramids.service.app.bound_schema`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError

from pyramids.answers.portfolio import EngineName
from pyramids.core.deals import Deal
from pyramids.core.errors import DealError, VariantError
from pyramids.core.messages import FIELDS, render
from pyramids.core.rules import GAMES, Rules
from pyramids.core.variants import (
    ALIASES,
    MAX_ROWS,
    MIN_ROWS,
    PRESETS,
    Objective,
    Scoring,
    StockTop,
    StockWaste,
    Variant,
    build_variant,
)
from pyramids.pysolfc import games as pysolfc

Engine = EngineName
MAX_DEAL = 2**64 - 1
#: The largest whole number every JSON reader keeps exactly (RFC 7493, I-JSON): a deal
#: number past it goes as text ("18446744073709551615").
MAX_JSON_INT = 2**53 - 1
#: A preset's name, an alias of one, or one of PySolFC's ten other pyramid games (the
#: names ``/v1/variants`` lists).
VARIANT_NAMES = (*PRESETS, *ALIASES, *GAMES)
if TYPE_CHECKING:
    VariantName = str
else:
    VariantName = Literal[VARIANT_NAMES]
#: ``rest``: stock, bouquet, tableau, or a tableau of C columns and R rows.
REST_PATTERN = r"^(stock|bouquet|tableau(:[1-9][0-9]?x[1-9][0-9]?)?)$"
#: ``goal``: as ``/v1/variants`` lists them (the score target and the rules' fit are the
#: library's to check: score:N up to the most a deal scores, score under MSC's scoring).
GOAL_PATTERN = r"^(win|board|moves|score(:[0-9]{1,6})?|cards:(A|[2-9]|10|T|J|Q|K):[1-4])$"
#: Query parameters are text: each is a pattern (a whole number as digits, not ``+1``,
#: ``1_0`` or `` 1``; ``true`` or ``false``, not ``yes`` or ``1``, which a lax parser
#: would read). ``passes``: a whole number of passes, or unlimited.
PASSES_PATTERN = r"^([1-9][0-9]{0,8}|unlimited)$"
ROWS_PATTERN = rf"^[{MIN_ROWS}-{MAX_ROWS}]$"
DRAW_PATTERN = r"^[13]$"
WHOLE_PATTERN = r"^[0-9]{1,9}$"
POSITIVE_PATTERN = r"^[1-9][0-9]{0,8}$"
BOOL_PATTERN = r"^(true|false)$"
#: A deal number as a path segment: up to 20 digits (up to 2^64-1: the library's check).
NUMBER_PATTERN = r"^[0-9]{1,20}$"
#: A shipped collection's name (:data:`pyramids.service.store.COLLECTION_NAME`).
COLLECTION_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,59}$"
GRADES = ("easy", "medium", "hard", "expert")
Grade = Literal["easy", "medium", "hard", "expert"]
EXAMPLE_LINE = Deal.from_number(42).line()


def _integral(value: object) -> object:
    """A JSON number without a fraction is a whole number (JSON Schema's integer: 7.0 is
    7); a bool or a string stays what it is, and is refused."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


#: After a whole number's constraints: ``7`` or ``7.0``, never ``true`` or ``"7"``.
INTEGRAL = BeforeValidator(_integral)


def one_or_three(value: int) -> int:
    """``draw``: 1 or 3 (an enum of integers, which a Literal would take ``true`` for)."""
    if value not in (1, 3):
        raise PydanticCustomError("enum", "Input should be 1 or 3")
    return value


#: Stock cards per deal: the integer 1 or 3 (not ``true``, not ``1.0``).
Draw = Annotated[StrictInt, INTEGRAL, AfterValidator(one_or_three),
                 WithJsonSchema({"type": "integer", "enum": [1, 3]})]
DealSpec = Annotated[
    Annotated[StrictInt, Field(ge=0, le=MAX_JSON_INT), INTEGRAL]
    | Annotated[StrictStr, Field(min_length=1, max_length=4000)],
    Field(description="A deal number as a JSON number (0 to 2^53-1: the numbers JSON "
                      "carries exactly), or a deal as text: a number (0 to 2^64-1), its "
                      "line (52 cards), any form `/v1/deals` gives (pretty, JSON) or "
                      "a PySolFC game, pysolfc:N, N as PySolFC shows or takes it (32000, "
                      "#00000000000000032000, 32 000, ms123, #ms123). Text that is not a "
                      "deal is a 400 naming what is wrong.",
          examples=[42, EXAMPLE_LINE]),
]
TimeLimit = Annotated[StrictFloat, Field(gt=0, allow_inf_nan=False,
                                         description="Seconds per deal; capped by the server.")]
Title = Annotated[StrictStr, Field(max_length=200)]


#: The rule options on top of a preset (the JSON bodies' and the query's names).
RULE_OPTIONS = ("rows", "rest", "draw", "passes", "stock_waste", "overlap", "objective",
                "scoring", "stock_top", "auto_deal")


class VariantOptions(BaseModel):
    """A preset and rule options on top of it (``null`` or absent: the preset's). Options
    that do not go together (draw 3 with ``stock_waste``, a score under a game that keeps
    none) are a 400 naming them."""

    model_config = ConfigDict(extra="forbid")

    variant: VariantName = Field("pyramid", description="A preset (see /v1/variants)")
    rows: Annotated[StrictInt, Field(ge=MIN_ROWS, le=MAX_ROWS), INTEGRAL] | None = None
    rest: Annotated[StrictStr, Field(pattern=REST_PATTERN)] | None = Field(
        None, description="stock, bouquet, tableau or tableau:CxR (C x R = the cards the "
                          "pyramid leaves)")
    draw: Draw | None = None
    passes: Annotated[StrictInt, Field(ge=1), INTEGRAL] | Literal["unlimited"] | None = Field(
        None, description="1, 3, ... or 'unlimited'")
    stock_waste: StockWaste | None = None
    overlap: StrictBool | None = None
    objective: Objective | None = None
    scoring: Scoring | None = None
    stock_top: StockTop | None = Field(
        None, description="face-down or face-up (MSC: the stock's top card shows)")
    auto_deal: StrictBool | None = Field(
        None, description="PySolFC's Auto deal (on in the pysolfc-* presets): an empty "
                          "waste is dealt to by itself; false for players who switched it "
                          "off")

    def build(self) -> Variant:
        """The Variant, validated by the library (raises VariantError with its message;
        one of the ten games of ``GAMES``, which only some routes play, is a VariantError
        naming the routes that do)."""
        opts = {k: getattr(self, k) for k in RULE_OPTIONS}
        if self.variant in GAMES:
            raise VariantError(f"variant {self.variant}: PySolFC's {GAMES[self.variant].title} "
                               "is played by /v1/check, /v1/position, /v1/filter and "
                               "/v1/deals so far")
        if isinstance(opts["passes"], int):
            opts["passes"] = str(opts["passes"])
        return build_variant(self.variant, **opts)

    def game(self) -> Rules | None:
        """One of PySolFC's ten games (:data:`pyramids.core.rules.GAMES`), or ``None`` for
        a classic preset; a game with a rule option is a VariantError naming it."""
        rules = GAMES.get(self.variant)
        if rules is not None:
            given = [k for k in RULE_OPTIONS if getattr(self, k) is not None]
            if given:
                raise VariantError(f"{', '.join(given)}: {rules.name} plays PySolFC's rules "
                                   "as they are (the rule options change the classic "
                                   "presets only)")
        return rules


def parse_deal(spec: int | str, variant: Variant | None = None) -> Deal:
    """A deal number, ``pysolfc:N`` (dealt for ``variant``: PySolFC deals each game its
    own way) or a deal as text (never a file name: this is a network service)."""
    if isinstance(spec, int):
        return Deal.from_number(spec)
    if not spec.strip():
        raise DealError("empty deal")
    try:
        return pysolfc.parse_deal(spec, variant)
    except DealError:
        raise
    except (TypeError, AttributeError, KeyError, ValueError, RecursionError) as e:
        # A JSON deal of the wrong shape (e.g. "pyramid": 5) that the parser does not
        # catch itself: still bad input, so still a 400 with a message.
        raise DealError(f"cannot read the deal {spec[:60]!r}: {e}") from None


MovesSpec = Annotated[
    Annotated[list[Annotated[StrictStr, Field(max_length=20)]], Field(max_length=2000)]
    | Annotated[StrictStr, Field(max_length=20_000)],
    Field(description="Moves in the notation of docs/rules.md, as a list or one string: "
                      "KC, 9H+4C, deal, redeal. A move that cannot be read, or is not legal "
                      "where it is played, is a 400 naming its step.",
          examples=[["TH+3C", "QC+AS"], "TH+3C QC+AS KH deal"]),
]


GoalSpec = Annotated[StrictStr, Field(
    pattern=GOAL_PATTERN,
    description="win (the verdict), board (the fewest moves that clear the pyramid), "
                "moves (the fewest that win), score (the best MSC score; score:N, the "
                "fewest moves to N points), cards:RANK:N (the fewest moves that discard N "
                "cards of RANK). The score goals need MSC's scoring (a 400 otherwise).",
    examples=["board", "score:1200", "cards:A:4"])]


class CheckRequest(VariantOptions):
    deal: DealSpec
    engine: Engine = "auto"
    time_limit: TimeLimit | None = None
    goal: GoalSpec = "win"
    start: MovesSpec = Field(
        default_factory=list,
        description="Moves already played: the verdict is for the position they reach "
                    "(an illegal one is a 400 naming its step); the solution returned is "
                    "these moves followed by the continuation.")


class PositionRequest(VariantOptions):
    """A deal, its rules and a line of play from the deal to replay."""

    deal: DealSpec
    moves: MovesSpec = Field(default_factory=list)
    steps: StrictBool = Field(False, description="Also return the position after each move.")


class FilterRequest(VariantOptions):
    """Deals to sort: a verdict each, or a goal's answer each (``mode`` exact). For one
    of PySolFC's ten other pyramid games (``variant`` ``pysolfc-pharaohs``...), its
    deals as ``/v1/check`` takes a game's (``pysolfc:N``), each answered exactly (a win
    only: ``mode`` left out or ``exact``, ``goal`` win, ``engine`` auto)."""

    # a goal other than win needs mode exact (as the validator below says)
    model_config = ConfigDict(json_schema_extra={
        "if": {"properties": {"mode": {"const": "quick"}}},
        "then": {"properties": {"goal": {"const": "win"}}}})

    deals: Annotated[list[DealSpec], Field(
        min_length=1, description="The deals, at most the server's bound (413 over it).",
        json_schema_extra={"x-bound": {"maxItems": "max_batch"}})]
    goal: GoalSpec = "win"
    mode: Literal["quick", "exact"] = Field(
        "quick", description="quick: cheap certificates only (blocked or unknown), the "
                             "verdict only; exact: the full check of each deal within its "
                             "time limit. PySolFC's ten other games: exact (left out, "
                             "exact; quick is a 400).")
    engine: Engine = "auto"
    time_limit: TimeLimit | None = None

    @model_validator(mode="after")
    def _goal_needs_exact(self) -> FilterRequest:
        if self.mode == "quick" and self.goal != "win":
            raise PydanticCustomError("goal_needs_exact", render(
                "goal-needs-exact", {"goal": self.goal}, FIELDS))
        return self


class BookRequest(VariantOptions):
    """Either ``deals`` (solved under the variant and its options), or ``count`` puzzles
    from the shipped collections (``collection``, else all), for the variant if one is
    given, of the ``grades`` asked; deals are solved on the fly if a collection runs short."""

    deals: Annotated[list[DealSpec], Field(
        json_schema_extra={"x-bound": {"maxItems": "max_book_count"}})] | None = Field(
        None, description="Deals to print (each must be winnable: a 400 otherwise).")
    collection: Annotated[StrictStr, Field(pattern=COLLECTION_PATTERN)] | None = Field(
        None, description="A shipped collection (see /v1/puzzles; 404 if there is none "
                          "of that name).")
    count: Annotated[StrictInt, Field(ge=1, json_schema_extra={
        "x-bound": {"maximum": "max_book_count"}}), INTEGRAL] | None = Field(
        None, description="How many puzzles, at most the server's bound (413 over it).")
    grades: list[Grade] | None = None
    ids: Annotated[list[Annotated[StrictStr, Field(max_length=80)]], Field(
        min_length=1, json_schema_extra={"x-bound": {"maxItems": "max_book_count"}})
    ] | None = Field(None, description="Exactly these puzzles (by id, in this order) from "
                                       "the collection(s), instead of a selection by variant "
                                       "and grade; not with deals.")
    title: Title | None = None
    page_size: Literal["a4", "letter"] = "a4"
    trim: Literal["5x8", "5.5x8.5", "6x9", "7x10", "8x10", "8.5x11", "a5", "a4"] | None = Field(
        None, description="A print-on-demand trim (mirrored margins, the gutter by page "
                          "count); not with page_size.")
    large_print: StrictBool = Field(
        False, description="Every text at least 16 pt; needs a large trim (8.5x11, a4).")
    per_page: Literal[1, 2, 4] = Field(
        1, description="Puzzles a page (a 400 when the cards would be under 24 pt wide).")
    part: Literal["book", "cover"] = Field(
        "book", description="The interior (book), or its wrap-around cover (back, spine, "
                            "front, 0.125 in of bleed a side), sized for the page count of the "
                            "book the same request makes; a cover needs a trim.")
    paper: Literal["white", "cream"] = Field(
        "white", description="The cover's paper: its spine is 0.002252 in a page on white, "
                             "0.0025 in on cream (part cover only).")
    description: Annotated[StrictStr, Field(min_length=1, max_length=600)] | None = Field(
        None, description="The back cover's text (part cover only).")
    time_limit: TimeLimit | None = None


class ErrorOut(BaseModel):
    """Every error: what is wrong and where, in the API's words (its fields, never a
    command-line flag); its kind (the library's error class, or ValidationError,
    MalformedJSON, NotFound, BodyTooLarge, BatchTooLarge, SlowBody, Saturated,
    WorkerCrashed, Unavailable, Timeout); the HTTP status."""

    error: str = Field(examples=["deals.0: Input should be greater than or equal to 0"])
    kind: str = Field(examples=["ValidationError"])
    status: int = Field(examples=[422])


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class CertificateOut(_Open):
    kind: str
    detail: str
    data: dict[str, Any] = {}


class EngineRunOut(_Open):
    """One engine run behind a verdict: what it spent (wall seconds, nodes or CP-SAT
    branches), its budget, and what it reached (Par: ``score``, a lower bound unless
    the run settled the deal)."""

    engine: str
    status: Literal["winnable", "blocked", "unknown"]
    seconds: float | None = None
    nodes: int | None = None
    budget: str | None = None
    reached: str | None = None
    score: float | None = None


class VerdictOut(_Open):
    """As ``pyramids check --json`` prints it. ``engine``: the engine that answered;
    ``engines``: every engine run, in order; ``score_bound``: ``exact`` when ``score``
    is the proven best Par score, ``lower`` when a limit cut the engines short."""

    deal: int | None = None
    status: Literal["winnable", "blocked", "unknown"]
    engine: str | None = None
    moves: list[str] = []
    certificate: CertificateOut | None = None
    score: int | None = None
    nodes: int | None = None
    seconds: float | None = None
    reason: str | None = None
    score_bound: Literal["exact", "lower"] | None = None
    engines: list[EngineRunOut] = []
    goal: str | None = Field(None, description="The goal answered (absent: the verdict).")
    steps: int | None = Field(None, description="Moves of the answer from the position asked.")
    optimal: bool | None = Field(None, description="Proven the fewest moves / the best score "
                                 "or count; false: the best found when a limit ran out.")
    steps_bound: int | None = Field(None, description="Proven least number of moves, when "
                                    "the answer is not proven optimal.")
    reached: bool | None = None
    count: int | None = Field(None, description="cards:RANK:N: the cards of RANK gone.")
    label: str | None = None
    alternatives: list[VerdictOut] = []
    notes: list[str] | None = Field(None, description="PySolFC's games with a talon: for "
                                    "each click of the line, what the player sees happen "
                                    "beyond the cards it discards (the cards a deal turns "
                                    "over, the talon's next card turning face up, PySolFC's "
                                    "automatic deals, the win); '' where nothing more.")


class CheckOut(VerdictOut):
    """``pyramids check --json``: the verdict, the rules it was found under, the deal."""

    variant: dict[str, Any]
    line: str


class FilterItem(VerdictOut):
    line: str


class FilterOut(BaseModel):
    mode: str
    variant: dict[str, Any]
    time_limit: float | None
    counts: dict[str, int]
    results: list[FilterItem]


class DealOut(BaseModel):
    """A deal laid out: ``number`` (a PySolFC game number for the ten games), the rules,
    its cards in layout order (``line``), a text picture and a JSON form."""

    number: int
    variant: dict[str, Any]
    line: str
    pretty: str
    json_form: dict[str, Any] = Field(alias="json")

    model_config = ConfigDict(populate_by_name=True)


class PositionOut(BaseModel):
    """Where every card lies after ``moves`` (``positions[k]``: after ``k`` moves, when
    ``steps`` was asked): pyramid (``null`` for a discarded card) in layout order, stock
    (next card first), hand, waste (top last), tableau columns (exposed card last),
    bouquet; the available cards, the legal moves, won/lost and the Par score so far."""

    deal: int | None
    pysolfc: int | str | None = None  # a pysolfc:N deal's game: N, or "msN" from 32000 up
    line: str
    variant: dict[str, Any]
    description: str
    title: str  # the game's name as players know it ("Tut's Tomb")
    rules: str  # the rules in a player's words (the web page's)
    stock_moves: list[str] = Field(
        [], description="The stock's two moves as this game's lines write them: "
                        "[\"draw\", \"recycle\"] for MSC's face-up deck, [\"deal\", \"redeal\"] "
                        "for a face-down stock and PySolFC's talon; [] without a stock.")
    moves: list[str]
    position: dict[str, Any]
    positions: list[dict[str, Any]] | None = None
    ids: list[str] | None = Field(
        None, description="PySolFC's ten games: each card's id in layout order (its code, "
                          "2 added for a two-deck game's second copy), the keys of "
                          "position.board.cards")


class VariantsOut(BaseModel):
    """The classic presets, their aliases and options; ``games``: PySolFC's ten other
    pyramid games, each with its layout (``places``: name, spot ``x``/``y`` in card widths
    and heights, ``covered_by``: the places lying on it, ``pyramid``, ``face_down``) and
    its talon (cards, wastes, draw, rounds; ``null`` without one)."""

    presets: list[dict[str, Any]]
    aliases: dict[str, str]
    options: dict[str, Any]
    games: list[dict[str, Any]] = []


class PuzzleOut(_Open):
    """A puzzle entry as its collection holds it (docs/architecture.md, Puzzle entries):
    ``id``, ``line`` (the deal), ``variant``, ``grade``, ``solution`` and the grading's
    figures."""

    id: str
    line: str
    collection: str | None = None
    deal: int | None = None
    variant: dict[str, Any] | None = None
    grade: str | None = None
    solution: list[str] | None = None


class CollectionCount(BaseModel):
    name: str
    count: int


class CollectionsOut(BaseModel):
    collections: list[CollectionCount]


class CollectionOut(BaseModel):
    """A page of a collection: ``count`` puzzles match, ``puzzles`` from ``offset``."""

    collection: str
    count: int
    offset: int
    puzzles: list[PuzzleOut]


class HealthOut(BaseModel):
    status: str
    version: str
    workers: int
    capacity: int
    in_flight: int
    completed: int
    backends: dict[str, bool]
