"""Wilson intervals, tallies and the summary tables."""

from __future__ import annotations

import csv
import io
import math

import pytest

from pyramids.bulk.stats import (
    CSV_FIELDS,
    Tally,
    format_tally,
    render_csv,
    render_markdown,
    rules_cells,
    sizes_cells,
    unknown_reason,
    wilson,
)
from pyramids.core.variants import get_variant


@pytest.mark.parametrize(("k", "n", "lo", "hi"), [
    # Published values (Wilson 1927; Newcombe 1998, Stat. Med. 17:857, table I;
    # Brown, Cai & DasGupta 2001), 95%, 4 decimals.
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (29, 29, 0.8830, 1.0),
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
])
def test_wilson_known_values(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson(k, n)
    assert got[0] == pytest.approx(lo, abs=6e-5)
    assert got[1] == pytest.approx(hi, abs=6e-5)


def test_wilson_properties() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    for k, n in [(0, 1), (1, 1), (3, 7), (500, 1000), (999_999, 1_000_000)]:
        lo, hi = wilson(k, n)
        assert 0.0 <= lo <= k / n <= hi <= 1.0
    # symmetric: k successes <-> n-k failures
    lo, hi = wilson(3, 17)
    lo2, hi2 = wilson(14, 17)
    assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    # narrows like 1/sqrt(n)
    w1 = wilson(100, 1000)[1] - wilson(100, 1000)[0]
    w2 = wilson(10_000, 100_000)[1] - wilson(10_000, 100_000)[0]
    assert w1 / w2 == pytest.approx(math.sqrt(100), rel=0.02)
    with pytest.raises(ValueError):
        wilson(5, 3)


def _rec(status: str, kind: str | None = None, reason: str | None = None) -> dict[str, object]:
    return {"status": status, "certificate": {"kind": kind} if kind else None,
            "reason": reason, "seconds": 0.5}


def test_tally_counts_and_rate() -> None:
    t = Tally().update([_rec("winnable")] * 3 + [_rec("blocked", "four-complement")] * 2
                       + [_rec("blocked", "exhaustive")] * 4
                       + [_rec("unknown", reason="time limit 1 s")]
                       + [_rec("unknown", reason="error: boom")])
    assert (t.deals, t.winnable, t.blocked, t.unknown) == (11, 3, 6, 2)
    assert t.blocked_by == {"four-complement": 2, "exhaustive": 4}
    assert t.unknown_by == {"time limit": 1, "error": 1}
    assert t.win_rate == pytest.approx(3 / 9)  # unknowns are not in the denominator
    assert t.ci95 == wilson(3, 9)
    assert t.bounds() == (3 / 11, 5 / 11)
    rate, ci = t.rate_without("four-complement")
    assert rate == pytest.approx(3 / 7) and ci == wilson(3, 7)
    obj = t.to_json_obj(get_variant("pyramid"), 2.0)
    for key in ("variant", "rules", "deals", "winnable", "blocked", "unknown", "win_rate",
                "ci95", "blocked_by", "seconds"):
        assert key in obj
    assert obj["rules"]["stock_waste"] == "allowed" and len(obj["ci95"]) == 2
    text = format_tally(t, get_variant("pyramid"), 2.0, 11, 2)
    assert "unknown        2" in text and "time limit 1" in text and "33.33%" in text


def test_tally_quick_mode_has_no_win_rate() -> None:
    t = Tally().update([_rec("passed")] * 8 + [_rec("blocked", "stock-count")] * 2)
    assert t.win_rate is None and t.bounds() == (0.0, 0.8)
    assert t.to_json_obj(get_variant("pyramid"), 1.0)["win_rate"] is None
    assert "at most 80.00%" in format_tally(t, get_variant("pyramid"), 1.0, 10, 1)
    with pytest.raises(ValueError, match="status"):
        Tally().add({"status": "maybe"})


def test_unknown_reasons() -> None:
    assert unknown_reason("time limit (2 s)") == "time limit"
    assert unknown_reason("node limit 1000") == "node limit"
    assert unknown_reason("error: ValueError: x") == "error"
    assert unknown_reason(None) == "unspecified"


def test_table_cells() -> None:
    sizes = sizes_cells()
    assert len(sizes) == 10
    assert {(c.variant.rows, c.variant.overlap) for c in sizes if c.variant} == {
        (r, o) for r in range(5, 10) for o in (False, True)}
    assert all(c.variant is not None and c.variant.rest == "bouquet" for c in sizes)
    rules = rules_cells()
    assert len(rules) == 24
    by = {(c.row, c.column): c.variant for c in rules}
    v = by[("discard all, overlap", "one pass, stock-waste automatic")]
    assert v is not None
    assert (v.rows, v.passes, v.stock_waste, v.overlap, v.objective) == (
        7, 1, "automatic", True, "all")
    g = by[("clear pyramid, no overlap", "Giza 6x4")]
    assert g is not None and (g.columns, g.tableau_rows, g.objective) == (6, 4, "pyramid")


def test_render_tables() -> None:
    t = Tally().update([_rec("winnable")] * 30 + [_rec("blocked", "four-complement")] * 10
                       + [_rec("blocked", "exhaustive")] * 60)
    sizes = [(c, t) for c in sizes_cells()]
    md = render_markdown("sizes", sizes)
    lines = md.splitlines()
    assert lines[0].startswith("| pyramid | overlap |") and len(lines) == 12
    assert "| 5 rows | no overlap | 100 | 30 | 30.00% (" in md
    assert "| 10 | 33.33% (" in md  # 30 wins over the 90 deals without a 4-complement
    rows = list(csv.DictReader(io.StringIO(render_csv("sizes", sizes))))
    assert len(rows) == 10 and tuple(rows[0]) == CSV_FIELDS
    assert rows[0]["four_complement"] == "10" and float(rows[0]["win_rate"]) == 0.3
    rules = [(c, t) for c in rules_cells()]
    rules[0] = (rules[0][0], None)  # a cell not run stays blank
    md = render_markdown("rules", rules)
    head = md.splitlines()[0]
    assert "open bouquet" in head and "Giza 6x4" in head
    assert md.splitlines()[2].startswith("| clear pyramid, no overlap |  | 30.00% (")
    rows = list(csv.DictReader(io.StringIO(render_csv("rules", rules))))
    assert len(rows) == 24 and rows[0]["deals"] == "" and rows[1]["deals"] == "100"


def test_tally_par_scores_count_only_proven_ones() -> None:
    t = Tally().update([{"status": "winnable", "score": 40, "moves": ["KC"]},
                        {"status": "blocked", "score": -12, "certificate": {"kind": "x"}},
                        {"status": "unknown", "score": 30, "reason": "time limit"}])
    assert t.mean_score == 14 and t.scored == 2
    obj = t.to_json_obj(get_variant("par-pyramid"), 1.0)
    assert obj["mean_score"] == 14 and obj["scored"] == 2
    assert "par score 14.00 on average" in format_tally(t, get_variant("par-pyramid"), 1, 3, 1)
