"""Request and response bodies (pydantic). Rule options are loosely typed on purpose: the
library validates them, so a bad value gets the same message as on the command line."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from ..deals import Deal
from ..errors import DealError
from ..portfolio import EngineName
from ..variants import Variant, build_variant

Engine = EngineName
DealSpec = Annotated[
    StrictInt | Annotated[StrictStr, Field(max_length=4000)],
    Field(description="A deal number (0 to 2^64-1) or a deal in line form (52 cards), "
                      "or any form `pyramids deal` prints (pretty, JSON); or a PySolFC "
                      "game, pysolfc:N, N as PySolFC shows or takes it (32000, "
                      "#00000000000000032000, 32 000, ms123, #ms123).",
          examples=[42, "KC 9H 4C ..."]),
]
TimeLimit = Annotated[float, Field(gt=0, allow_inf_nan=False,
                                   description="Seconds per deal; capped by the server.")]


class VariantOptions(BaseModel):
    """A preset and rule options on top of it (``null`` or absent: the preset's)."""

    model_config = ConfigDict(extra="forbid")

    variant: Annotated[StrictStr, Field(max_length=40)] = "pyramid"
    rows: StrictInt | None = None
    rest: Annotated[StrictStr, Field(max_length=40)] | None = Field(
        None, description="stock, bouquet, tableau or tableau:CxR")
    draw: StrictInt | None = None
    passes: StrictInt | Annotated[StrictStr, Field(max_length=20)] | None = Field(
        None, description="1, 3, ... or 'unlimited'")
    stock_waste: Annotated[StrictStr, Field(max_length=20)] | None = None
    overlap: StrictBool | None = None
    objective: Annotated[StrictStr, Field(max_length=20)] | None = None
    scoring: Annotated[StrictStr, Field(max_length=20)] | None = None
    stock_top: Annotated[StrictStr, Field(max_length=20)] | None = Field(
        None, description="face-down or face-up (MSC: the stock's top card shows)")
    auto_deal: StrictBool | None = Field(
        None, description="PySolFC's Auto deal (on in the pysolfc-* presets): an empty "
                          "waste is dealt to by itself; false for players who switched it "
                          "off")

    def build(self) -> Variant:
        """The Variant, validated by the library (raises VariantError with its message)."""
        opts = {k: getattr(self, k) for k in ("rows", "rest", "draw", "passes", "stock_waste",
                                              "overlap", "objective", "scoring", "stock_top",
                                              "auto_deal")}
        if isinstance(opts["passes"], int):
            opts["passes"] = str(opts["passes"])
        return build_variant(self.variant, **opts)


def parse_deal(spec: int | str, variant: Variant | None = None) -> Deal:
    """A deal number, ``pysolfc:N`` (dealt for ``variant``: PySolFC deals each game its
    own way) or a deal as text (never a file name: this is a network service)."""
    if isinstance(spec, int):
        return Deal.from_number(spec)
    if not spec.strip():
        raise DealError("empty deal")
    try:
        return Deal.parse(spec, variant)
    except DealError:
        raise
    except (TypeError, AttributeError, KeyError, ValueError, RecursionError) as e:
        # A JSON deal of the wrong shape (e.g. "pyramid": 5) that the parser does not
        # catch itself: still bad input, so still a 400 with a message.
        raise DealError(f"cannot read the deal {spec[:60]!r}: {e}") from None


MovesSpec = Annotated[
    Annotated[list[Annotated[StrictStr, Field(max_length=20)]], Field(max_length=2000)]
    | Annotated[StrictStr, Field(max_length=20_000)],
    Field(description="Moves in the CLI's notation, as a list or one string: "
                      "KC, 9H+4C, deal, redeal.",
          examples=[["KC", "9H+4C", "deal"], "KC 9H+4C deal"]),
]


GoalSpec = Annotated[StrictStr, Field(
    max_length=40, description="win (the verdict), board, moves, score, score:N or "
    "cards:RANK:N: see `pyramids check --goal`", examples=["board", "score:1200", "cards:A:4"])]


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
    deals: list[DealSpec] = Field(description="The deals; the server bounds how many.")
    goal: GoalSpec = "win"
    mode: Literal["quick", "exact"] = Field(
        "quick", description="quick: cheap certificates only (blocked or unknown); "
                             "exact: the full check of each deal within its time limit.")
    engine: Engine = "auto"
    time_limit: TimeLimit | None = None


class BookRequest(VariantOptions):
    """Either ``deals`` (solved under the variant and its options), or ``count`` puzzles
    from the shipped collections (``collection``, else all), for the variant if one is
    given, of the ``grades`` asked; deals are solved on the fly if a collection runs short."""

    deals: list[DealSpec] | None = Field(None, description="Deals to print.")
    collection: Annotated[StrictStr, Field(max_length=60)] | None = None
    count: StrictInt | None = Field(None, description="How many puzzles; the server bounds it.")
    grades: list[Literal["easy", "medium", "hard", "expert"]] | None = None
    ids: list[Annotated[StrictStr, Field(max_length=80)]] | None = Field(
        None, description="Exactly these puzzles (by id, in this order) from the "
                          "collection(s), instead of a selection by variant and grade.")
    title: Annotated[StrictStr, Field(max_length=200)] | None = None
    page_size: Literal["a4", "letter"] = "a4"
    time_limit: TimeLimit | None = None


class ErrorOut(BaseModel):
    """Every error: the message (as the CLI gives it), its kind, the HTTP status."""

    error: str
    kind: str
    status: int


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


class VariantsOut(BaseModel):
    presets: list[dict[str, Any]]
    aliases: dict[str, str]
    options: dict[str, Any]


class HealthOut(BaseModel):
    status: str
    version: str
    workers: int
    capacity: int
    in_flight: int
    completed: int
    backends: dict[str, bool]
