"""The shipped collections (``pyramids/data/puzzles/*.jsonl``): solutions replay, sizes, spread,
and grades that a recomputation reproduces (on a sample: grading a deal takes a while)."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pyramids.core.deals import Deal
from pyramids.core.moves import Move
from pyramids.core.referee import replay
from pyramids.core.variants import Variant
from pyramids.generator import collections as puzzles
from pyramids.generator.grading import GRADES, Grading, grade_deal

PUZZLES = puzzles.folder()
ROOT = Path(__file__).resolve().parent.parent
PER_GRADE = 250  # issue 26: collections large enough for real books
MINIMUM = {"giza": 4 * PER_GRADE, "giza-6x4": 4 * PER_GRADE, "pyramid": 4 * PER_GRADE,
           "par-pyramid": 4 * PER_GRADE}


def entries(name: str) -> list[dict[str, Any]]:
    path = PUZZLES / f"{name}.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def variant_of(e: dict[str, Any]) -> Variant:
    return Variant.from_options(e["variant"])


@pytest.mark.parametrize("name", sorted(MINIMUM))
def test_collection_size_spread_and_ids(name: str) -> None:
    es = entries(name)
    assert len(es) >= MINIMUM[name]
    grades = Counter(e["grade"] for e in es)
    assert set(grades) <= set(GRADES) and len(grades) >= 3, grades
    assert all(grades[g] >= PER_GRADE for g in GRADES), grades
    assert len({e["id"] for e in es}) == len(es)
    assert len({e["deal"] for e in es}) == len(es)
    for e in es:
        assert variant_of(e).name == name
        assert e["unique"] == (e["components"]["lines"] == 1)


@pytest.mark.parametrize("name", sorted(MINIMUM))
def test_every_shipped_solution_replays(name: str) -> None:
    for e in entries(name):
        v = variant_of(e)
        deal = Deal.from_number(e["deal"])
        assert deal.line() == e["line"], e["id"]
        moves = [Move.parse(m) for m in e["solution"]]
        if v.scoring == "par":
            r = replay(deal, v, moves, require_win=False)
            assert r.score == e["components"]["best_score"], e["id"]
        else:
            replay(deal, v, moves, require_win=True)


def _sample(name: str) -> list[dict[str, Any]]:
    """The first puzzle of each grade (a Par puzzle takes about a second to grade)."""
    first: dict[str, dict[str, Any]] = {}
    for e in entries(name):
        first.setdefault(e["grade"], e)
    return list(first.values())


@pytest.mark.parametrize("name", sorted(MINIMUM))
def test_grades_match_a_recomputation(name: str) -> None:
    for e in _sample(name):
        g = grade_deal(Deal.from_number(e["deal"]), variant_of(e))
        assert isinstance(g, Grading), e["id"]
        assert (g.grade, g.score, g.unique) == (e["grade"], e["score"], e["unique"]), e["id"]
        # everything but the oracle's own bookkeeping (how many queries it made, how many
        # ran out of budget), which a faster solver may legitimately change
        diag = {"unsettled", "oracle_queries"}
        assert {k: v for k, v in g.components.items() if k not in diag} == \
            {k: v for k, v in e["components"].items() if k not in diag}, e["id"]
        assert [str(m) for m in g.solution] == e["solution"], e["id"]


def test_king_tut_holds_every_fully_winnable_deal_of_the_results_page() -> None:
    listed = [int(x) for x in (ROOT / "docs/results/king-tut-all-wins.txt").read_text()
              .splitlines() if x.strip() and not x.startswith("#")]
    es = entries("king-tut")
    assert [e["deal"] for e in es] == listed
    for e in es:
        v = variant_of(e)
        assert v.name == "king-tut" and v.objective == "all" and e["grade"] in GRADES
        replay(Deal.from_number(e["deal"]), v, [Move.parse(m) for m in e["solution"]],
               require_win=True)


def test_manifest_says_how_each_collection_was_made() -> None:
    """collections.json: every shipped collection, its variant, what its scan kept and
    graded; and the collection is exactly what its chunk records (benchmarks/grades/
    collections/) give, the first puzzles of each grade in deal order, every deal of
    the range recorded once, in order."""
    from pyramids.generator.generate import Keeper, Outcome

    info = puzzles.manifest()
    assert sorted(info) == sorted(p.stem for p in puzzles.collections())
    for coll, m in info.items():
        es = entries(coll)
        assert m["file"] == f"{coll}.jsonl" and m["puzzles"] == len(es)
        assert all(e["variant"] == m["variant"] for e in es)
        assert Counter(e["grade"] for e in es) == Counter(
            {g: n for g, n in m["kept"].items() if n})
        keeper = Keeper.of(m["grades"], m["count"])
        seen = []
        for path in sorted((ROOT / m["records"]).glob("*.jsonl.gz")):
            with gzip.open(path, "rt") as f:
                for line in f:
                    r = json.loads(line)
                    if keeper.full():
                        break
                    seen.append(r["deal"])
                    keeper.offer(Outcome(r["deal"], reason=r["reason"]) if "reason" in r
                                 else Outcome(r["deal"], r))
        assert keeper.entries(coll) == es, coll
        assert keeper.summary.scanned == m["scanned"], coll
        if "deals" in m:
            assert m["deals"][0] == 0 and seen == list(range(m["deals"][1])), coll
            assert puzzles.scanned(variant_of(es[0])) == m["deals"][1]
