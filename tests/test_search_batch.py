"""The batch path of bulk runs: compiled deals, screens and searches give the verdicts of
the one-by-one path (``analyse_item``: ``check``, CP-SAT structural certificate, ``solve``)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from pyramids.answers.certificates import quick_certificate, structural_certificate
from pyramids.answers.check import check
from pyramids.bulk import Job, RangeSource, SourceItem, analyse_chunk, analyse_item
from pyramids.bulk.analysis import json_obj
from pyramids.core.deals import MAX_DEAL, Deal
from pyramids.core.variants import get_variant
from pyramids.engines.search import Searcher, batch, core, relaxation, solve


def test_compiled_shuffle_equals_the_python_one() -> None:
    rng = random.Random(14)
    numbers = [0, 1, 2, 51, 52, MAX_DEAL, MAX_DEAL - 1, 1 << 63, (1 << 63) - 1, 1 << 32]
    numbers += list(range(3, 500)) + [rng.randrange(MAX_DEAL + 1) for _ in range(1500)]
    out = np.zeros((len(numbers), 52), np.int64)
    batch.shuffle_numbers(np.array(numbers, np.uint64), out)
    for n, row in zip(numbers, out, strict=True):
        assert row.tolist() == [int(c) for c in Deal.from_number(n).cards], n


SCREENED: list[tuple[str, dict[str, Any]]] = [
    ("pyramid", {}), ("pyramid", {"overlap": True}), ("pyramid", {"objective": "pyramid"}),
    ("pyramid", {"stock_waste": "forbidden"}), ("king-tut", {}), ("giza", {}),
    ("giza", {"overlap": True}), ("bouquet", {}), ("bouquet", {"rows": 5}),
]


@pytest.mark.parametrize(("name", "opts"), SCREENED)
def test_quick_flags_are_the_instant_certificates(name: str, opts: dict[str, Any]) -> None:
    v = get_variant(name, **opts)
    n = 600
    cards = np.zeros((n, 52), np.int64)
    batch.shuffle_numbers(np.arange(n, dtype=np.uint64), cards)
    flags = np.zeros(n, np.int64)
    batch.quick_flags(cards, *batch.quick_masks(v), flags)
    kinds = {0: None, 1: "four-complement", 2: "stock-count"}
    for i in range(n):
        cert = quick_certificate(Deal.from_number(i), v)
        assert kinds[int(flags[i])] == (cert.kind if cert else None), (name, opts, i)


@pytest.mark.parametrize(("name", "opts"), [("pyramid", {}), ("pyramid", {"overlap": True}),
                                            ("giza", {}), ("pyramid", {"rows": 5})])
def test_the_relaxation_searched_is_the_structural_certificate(
        name: str, opts: dict[str, Any]) -> None:
    """Blocked in ``relaxation(v)`` exactly when the CP-SAT open model is infeasible."""
    v = get_variant(name, **opts)
    both = set()
    for n in range(120):
        deal = Deal.from_number(n)
        if quick_certificate(deal, v) is not None:
            continue
        by_search = solve(deal, relaxation(v)).status
        by_cpsat = structural_certificate(deal, v, engine="cpsat")
        assert by_search == ("blocked" if by_cpsat else "winnable"), (name, opts, n)
        both.add(by_search)
    assert both == {"blocked", "winnable"}


CHUNKED = [("pyramid", {}), ("bouquet", {}), ("giza-6x4", {}), ("king-tut", {}),
           ("pyramid", {"stock_waste": "automatic"}), ("cheops", {"rows": 5}), ("cheops", {}),
           ("msc", {}), ("msc", {"passes": 1, "objective": "all"})]
#: a deal past the portfolio's first budget, per preset with no options (others: deal 101):
#: Cheops 17 takes the search 229k nodes, past its 50,000, so CP-SAT answers it second
SECOND_STAGE = {"cheops": 17}


@pytest.mark.parametrize(("name", "opts"), CHUNKED)
def test_a_chunk_gets_the_records_of_one_by_one(name: str, opts: dict[str, Any]) -> None:
    """Same status, certificate (kind, detail, data), solution and nodes; only the time
    differs. Deals given as lines, and a bad line, go through too."""
    v = get_variant(name, **opts)
    job = Job(v)
    items = list(RangeSource(0, 40))
    items += [SourceItem(40, line=Deal.from_number(77).line()),
              SourceItem(41, number=101 if opts else SECOND_STAGE.get(name, 101)),
              SourceItem(42, line="not a deal")]
    fast = analyse_chunk(items, job)
    slow = [analyse_item(it, job) for it in items]
    for a, b in zip(fast, slow, strict=True):
        for r in (a, b):
            r.pop("seconds")
            for run in r.get("engines") or ():
                run.pop("seconds")
        assert a == b
    assert slow[-1]["status"] == "unknown" and "error" in slow[-1]["reason"]
    assert {r["status"] for r in slow[:40]} >= {"blocked"}
    if not opts and name in SECOND_STAGE:  # the batch path's hand-over to CP-SAT
        assert [run["engine"] for run in fast[41]["engines"]] == ["search", "cpsat"]


#: MSC deals whose batch search once found another line than check's (and 1-3 more
#: nodes): it searched the face-down game from before the deal that turns the shown top
#: into the hand, where check's search starts after it (benchmarks/classic_unchanged.py)
MSC_OTHER_LINE = (13, 19, 41, 46, 47, 65)


def test_msc_chunk_gives_checks_lines_and_nodes() -> None:
    """The batch path of MSC's face-up deck answers as ``check`` does, line and nodes."""
    v = get_variant("msc")
    items = [SourceItem(k, number=n) for k, n in enumerate(MSC_OTHER_LINE)]
    fast = analyse_chunk(items, Job(v))
    for n, record in zip(MSC_OTHER_LINE, fast, strict=True):
        one = check(Deal.from_number(n), v).to_json_obj()
        assert record["status"] == one["status"] == "winnable", n
        assert (record["moves"], record["nodes"]) == (one["moves"], one["nodes"]), n
        assert record["engine"] == one["engine"] == "search", n


def test_a_budget_gives_unknown_never_a_guess() -> None:
    """With a node budget, ``solve_many`` answers as ``solve(node_limit=budget)``: the
    deals it cannot finish are ``unknown``; with no budget every deal is decided."""
    v = get_variant("pyramid")
    cards = np.zeros((30, 52), np.int64)
    batch.shuffle_numbers(np.arange(30, dtype=np.uint64), cards)
    s = Searcher(table_bits=18)
    tight = s.solve_many(cards, list(range(30)), v, budget=500)
    full = s.solve_many(cards, list(range(30)), v)
    assert "unknown" in {t.status for t in tight if t is not None}
    assert None not in full and "unknown" not in {f.status for f in full if f is not None}
    for n, (t, f) in enumerate(zip(tight, full, strict=True)):
        one = solve(Deal.from_number(n), v, node_limit=500)
        assert t is not None and f is not None
        assert (t.status, t.nodes, t.reason, t.moves) == (one.status, one.nodes, one.reason,
                                                         one.moves)
        assert t.status == "unknown" or (t.status, t.nodes) == (f.status, f.nodes)
    res = s.run_many(cards, np.arange(30, dtype=np.int64), v, 500)
    assert core.S_PAUSED in set(res.status.tolist())


def test_json_obj_is_to_json_obj() -> None:
    for n in range(20):
        verdict = solve(Deal.from_number(n), get_variant("bouquet"))
        assert json_obj(verdict) == verdict.to_json_obj()
