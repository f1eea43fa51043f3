"""Statistics over bulk records: the Wilson interval, a running tally, and the two
summary tables of ``pyramids stats --table``.

The win rate is taken over the *decided* deals (winnable + blocked). Unknown deals
(a limit was hit, or an engine failed) are never folded in: they are counted apart and
:meth:`Tally.bounds` gives the range the true rate could lie in if they went either way.
"""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from pyramids.core.errors import VariantError
from pyramids.core.rules import Rules
from pyramids.core.variants import Variant, get_variant

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials (``(0, 1)`` when n = 0).

    Unlike the normal approximation it never leaves [0, 1] and behaves at k = 0 or n.
    """
    if n < 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo, hi = max(0.0, centre - half), min(1.0, centre + half)
    if k == 0:
        lo = 0.0
    if k == n:
        hi = 1.0
    return (lo, hi)


def unknown_reason(reason: str | None) -> str:
    """Group unknowns: ``time limit``, ``node limit``, ``error``, or the reason itself."""
    r = (reason or "").lower()
    if r.startswith("error"):
        return "error"
    if "time" in r:
        return "time limit"
    if "node" in r:
        return "node limit"
    return reason or "unspecified"


@dataclass
class Tally:
    """Counts over records (dicts with ``status``, ``certificate``, ``reason``,
    ``seconds``); memory does not grow with the number of records."""

    deals: int = 0
    winnable: int = 0
    blocked: int = 0
    unknown: int = 0
    passed: int = 0  # quick mode: no instant certificate, not proven either way
    blocked_by: Counter[str] = field(default_factory=Counter)
    unknown_by: Counter[str] = field(default_factory=Counter)
    engine_seconds: float = 0.0
    max_seconds: float = 0.0
    score_sum: int = 0  # Par scoring: proven best scores (decided deals only)
    scored: int = 0
    # goal runs: the answers' moves (steps), how many were proven optimal / only bounds,
    # and whether the goal's target was reached
    steps: Counter[int] = field(default_factory=Counter)
    optimal: int = 0
    bounded: int = 0
    reached: int = 0
    missed: int = 0

    def add(self, record: Mapping[str, Any]) -> None:
        # each field read once: with many workers on cheap deals (the bouquet, ~100,000
        # deals a second) this runs in the one parent process for every deal
        get = record.get
        status = record["status"]
        self.deals += 1
        secs = float(get("seconds") or 0.0)
        self.engine_seconds += secs
        if secs > self.max_seconds:
            self.max_seconds = secs
        score, steps, optimal, reached = get("score"), get("steps"), get("optimal"), \
            get("reached")
        if score is not None and status in ("winnable", "blocked") and \
                isinstance(score, int) and optimal is not False:
            self.score_sum += score
            self.scored += 1
        if steps is not None and isinstance(steps, int):
            self.steps[steps] += 1
        if optimal is True:
            self.optimal += 1
        elif optimal is False:
            self.bounded += 1
        if reached is True:
            self.reached += 1
        elif reached is False:
            self.missed += 1
        if status == "winnable":
            self.winnable += 1
        elif status == "blocked":
            self.blocked += 1
            cert = get("certificate") or {}
            kind = cert.get("kind") if isinstance(cert, dict) else cert
            self.blocked_by[str(kind or "unspecified")] += 1
        elif status == "passed":
            self.passed += 1
        elif status == "unknown":
            self.unknown += 1
            self.unknown_by[unknown_reason(get("reason"))] += 1
        else:
            raise ValueError(f"unknown status {status!r} in record {get('i')}")

    def update(self, records: Iterable[Mapping[str, Any]]) -> Tally:
        for r in records:
            self.add(r)
        return self

    def merge(self, other: Tally) -> Tally:
        """Add another tally's counts to this one (a worker's chunk): the same as adding
        its records one by one."""
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            elif f.name == "max_seconds":
                self.max_seconds = max(mine, theirs)
            else:
                setattr(self, f.name, mine + theirs)
        return self

    def steps_summary(self) -> dict[str, float] | None:
        """Mean, median and largest number of moves over the answers with a line."""
        n = sum(self.steps.values())
        if not n:
            return None
        ordered = sorted(self.steps.elements())
        return {"answers": n, "mean": round(sum(ordered) / n, 3),
                "median": ordered[(n - 1) // 2], "max": ordered[-1]}

    @property
    def mean_score(self) -> float | None:
        """Mean best Par score over the deals scored (Par scoring only)."""
        return self.score_sum / self.scored if self.scored else None

    @property
    def decided(self) -> int:
        return self.winnable + self.blocked

    @property
    def win_rate(self) -> float | None:
        """Winnable over decided deals; ``None`` when nothing was decided, or in quick
        mode (passed deals make the decided ones a biased sample: see :meth:`bounds`)."""
        return self.winnable / self.decided if self.decided and not self.passed else None

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.winnable, self.decided)

    def bounds(self) -> tuple[float, float] | None:
        """The win rate if every unknown (and passed) deal were blocked, or all winnable."""
        if not self.deals:
            return None
        open_ = self.unknown + self.passed
        return (self.winnable / self.deals, (self.winnable + open_) / self.deals)

    def rate_without(self, certificate: str) -> tuple[float | None, tuple[float, float]]:
        """The win rate once deals with that certificate are set aside, and its interval."""
        n = self.decided - self.blocked_by.get(certificate, 0)
        return (self.winnable / n if n else None, wilson(self.winnable, n))

    def to_json_obj(self, variant: Variant | Rules, seconds: float, **extra: Any
                    ) -> dict[str, Any]:
        """The ``stats --json`` object (the keys issue 5 asks for, and a few more); for
        one of PySolFC's games (``Rules``), ``rules`` names the game and its PySolFC id."""
        rate = self.win_rate
        lo, hi = self.ci95
        obj: dict[str, Any] = {
            "variant": variant.name,
            "rules": variant.options() if isinstance(variant, Variant) else
            {"game": variant.name, "pysolfc_game_id": variant.pysolfc},
            "description": variant.describe(),
            "deals": self.deals,
            "winnable": self.winnable,
            "blocked": self.blocked,
            "unknown": self.unknown,
            "win_rate": None if rate is None else round(rate, 6),
            "ci95": None if rate is None else [round(lo, 6), round(hi, 6)],
            "blocked_by": dict(sorted(self.blocked_by.items())),
            "unknown_by": dict(sorted(self.unknown_by.items())),
            "seconds": round(seconds, 3),
        }
        if self.passed:
            obj["passed"] = self.passed
        if self.scored:
            obj["mean_score"] = round(self.score_sum / self.scored, 4)
            obj["scored"] = self.scored
        steps = self.steps_summary()
        if steps is not None or self.optimal or self.bounded:
            obj["steps"] = steps
            obj["optimal"] = self.optimal
            obj["not_proven_optimal"] = self.bounded
            if self.reached or self.missed:
                obj["goal_reached"] = self.reached
                obj["goal_missed"] = self.missed
        b = self.bounds()
        obj["win_rate_bounds"] = None if b is None else [round(b[0], 6), round(b[1], 6)]
        obj["engine_seconds"] = round(self.engine_seconds, 3)
        obj["max_deal_seconds"] = round(self.max_seconds, 3)
        obj.update(extra)
        return obj


def pct(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{100 * x:.{digits}f}%"


def format_tally(t: Tally, variant: Variant | Rules, seconds: float, new: int,
                 workers: int) -> str:
    """The human-readable ``stats`` report."""
    lo, hi = t.ci95
    w = max(6, len(str(t.deals)))
    lines = [variant.describe(), f"deals     {t.deals:>{w}}"]
    if t.win_rate is not None:
        lines.append(f"winnable  {t.winnable:>{w}}  win rate {pct(t.win_rate)} "
                     f"(95% CI {pct(lo)} to {pct(hi)}, over {t.decided} decided deals)")
    else:
        lines.append(f"winnable  {t.winnable:>{w}}")
    lines.append(f"blocked   {t.blocked:>{w}}")
    for kind, n in sorted(t.blocked_by.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"  {kind:<18}{n:>{w}}")
    if t.passed:
        most = t.bounds()
        lines.append(f"passed    {t.passed:>{w}}  (no instant certificate, not proven; "
                     f"win rate at most {pct(most[1] if most else None)})")
    reasons = ", ".join(f"{k} {n}" for k, n in sorted(t.unknown_by.items()))
    lines.append(f"unknown   {t.unknown:>{w}}" + (f"  ({reasons}; not in the win rate)"
                                                   if t.unknown else ""))
    if t.mean_score is not None:
        msc = isinstance(variant, Variant) and variant.scoring == "msc"
        what = "msc score" if msc else "par score"
        lines.append(f"{what} {t.mean_score:.2f} on average (best play, {t.scored} deals)")
    steps = t.steps_summary()
    if steps is not None:
        unit = variant.move_unit if isinstance(variant, Variant) else "clicks"
        lines.append(f"{unit:<10}{steps['mean']:.2f} on average, median {steps['median']}, "
                     f"at most {steps['max']} ({steps['answers']} lines; answers proven "
                     f"optimal {t.optimal}, only bounds {t.bounded})")
    if t.reached or t.missed:
        lines.append(f"goal      reached on {t.reached} deals, out of reach on {t.missed}")
    rate = f", {new / seconds:,.1f} deals/s" if seconds > 0 and new else ""
    lines.append(f"time      {seconds:.2f} s for {new} deals analysed{rate}, "
                 f"{workers} worker{'s' if workers != 1 else ''}")
    return "\n".join(lines)


# -- tables -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Cell:
    """One cell of a summary table: its row and column labels and its rule set
    (``None`` where the combination makes no sense: the cell stays blank)."""

    row: str
    column: str
    variant: Variant | None


SIZES_ROWS = (5, 6, 7, 8, 9)
RULES_COLUMNS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("open bouquet", "bouquet", {}),
    ("one pass", "pyramid", {}),
    ("one pass, stock-waste forbidden", "pyramid", {"stock_waste": "forbidden"}),
    ("one pass, stock-waste automatic", "pyramid", {"stock_waste": "automatic"}),
    ("Giza 8x3", "giza", {}),
    ("Giza 6x4", "giza-6x4", {}),
)
OBJECTIVE_LABEL = {"pyramid": "clear pyramid", "all": "discard all"}


def _maybe(name: str, **options: Any) -> Variant | None:
    try:
        return get_variant(name, **options)
    except VariantError:
        return None


def sizes_cells(rows: Iterable[int] = SIZES_ROWS) -> list[Cell]:
    """The open bouquet for each pyramid size, without and with overlap discards."""
    return [Cell(f"{r} rows", "overlap" if ov else "no overlap",
                 _maybe("bouquet", rows=r, overlap=ov))
            for r in rows for ov in (False, True)]


def rules_cells() -> list[Cell]:
    """The 7-row game: objective x overlap by layout and stock rules."""
    cells = []
    for objective in ("pyramid", "all"):
        for ov in (False, True):
            row = f"{OBJECTIVE_LABEL[objective]}, {'overlap' if ov else 'no overlap'}"
            for label, name, opts in RULES_COLUMNS:
                cells.append(Cell(row, label, _maybe(name, objective=objective, overlap=ov,
                                                     **opts)))
    return cells


def table_cells(kind: str) -> list[Cell]:
    if kind == "sizes":
        return sizes_cells()
    if kind == "rules":
        return rules_cells()
    raise ValueError(f"unknown table {kind!r}: sizes or rules")


def _rate_ci(t: Tally) -> str:
    if t.win_rate is None:
        return "-"
    lo, hi = t.ci95
    return f"{pct(t.win_rate)} ({100 * lo:.2f}–{100 * hi:.2f})"


def _unknown_note(t: Tally) -> str:
    return f" [{t.unknown} unknown]" if t.unknown else ""


def render_markdown(kind: str, results: list[tuple[Cell, Tally | None]]) -> str:
    """The table as GitHub markdown; rates are % with the 95% Wilson interval."""
    if kind == "sizes":
        head = ["pyramid", "overlap", "deals", "wins", "win rate (95% CI)",
                "four-complement blocks", "win rate without them (95% CI)", "unknown"]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for cell, t in results:
            if t is None or cell.variant is None:
                lines.append(f"| {cell.row} | {cell.column} |" + " |" * (len(head) - 2))
                continue
            fc = t.blocked_by.get("four-complement", 0)
            rate, (lo, hi) = t.rate_without("four-complement")
            without = "-" if rate is None else f"{pct(rate)} ({100 * lo:.2f}–{100 * hi:.2f})"
            lines.append(f"| {cell.row} | {cell.column} | {t.deals} | {t.winnable} | "
                         f"{_rate_ci(t)} | {fc} | {without} | {t.unknown} |")
        return "\n".join(lines)
    columns = list(dict.fromkeys(c.column for c, _ in results))
    rows = list(dict.fromkeys(c.row for c, _ in results))
    grid = {(c.row, c.column): t if c.variant is not None else None for c, t in results}
    lines = ["| rules | " + " | ".join(columns) + " |", "|" + "---|" * (len(columns) + 1)]
    for row in rows:
        cells = []
        for col in columns:
            t = grid.get((row, col))
            cells.append("" if t is None else _rate_ci(t) + _unknown_note(t))
        lines.append(f"| {row} | " + " | ".join(cells) + " |")
    deals = {t.deals for _, t in results if t is not None}
    lines.append("")
    lines.append(f"Win rate over decided deals, 95% Wilson interval in brackets; "
                 f"{'/'.join(map(str, sorted(deals)))} deals per cell.")
    return "\n".join(lines)


CSV_FIELDS = ("table", "row", "column", "variant", "rows", "rest", "stock_waste", "overlap",
              "objective", "deals", "winnable", "blocked", "unknown", "four_complement",
              "win_rate", "ci95_low", "ci95_high", "win_rate_without_four_complement")


def cell_obj(kind: str, cell: Cell, t: Tally | None) -> dict[str, Any]:
    """One cell as a flat dict (a CSV row, or an element of ``--json`` table output)."""
    v = cell.variant
    obj: dict[str, Any] = {"table": kind, "row": cell.row, "column": cell.column,
                           "variant": v.name if v else None}
    if v is not None:
        obj.update(rows=v.rows, rest=v.rest_label(), stock_waste=v.stock_waste,
                   overlap=v.overlap, objective=v.objective)
    if v is not None and t is not None:
        lo, hi = t.ci95
        rate = t.win_rate
        without, _ = t.rate_without("four-complement")
        obj.update(deals=t.deals, winnable=t.winnable, blocked=t.blocked, unknown=t.unknown,
                   four_complement=t.blocked_by.get("four-complement", 0),
                   win_rate=None if rate is None else round(rate, 6),
                   ci95_low=round(lo, 6), ci95_high=round(hi, 6),
                   win_rate_without_four_complement=None if without is None
                   else round(without, 6),
                   blocked_by=dict(t.blocked_by), rules=v.options())
    return obj


def render_csv(kind: str, results: list[tuple[Cell, Tally | None]]) -> str:
    """One CSV row per cell (tidy form); blank cells have empty counts."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for cell, t in results:
        w.writerow({k: ("" if v is None else v) for k, v in cell_obj(kind, cell, t).items()})
    return buf.getvalue().rstrip("\n")
