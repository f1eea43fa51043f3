"""The shipped collections (``pyramids/puzzles/*.jsonl``): solutions replay, sizes, spread,
and grades that a recomputation reproduces (on a sample: grading a deal takes a while)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from pyramids import puzzles
from pyramids.deals import Deal
from pyramids.generator.grading import GRADES, Grading, grade_deal
from pyramids.moves import Move
from pyramids.referee import replay
from pyramids.variants import Variant

PUZZLES = puzzles.folder()
MINIMUM = {"giza": 100, "giza-6x4": 50, "pyramid": 100, "par-pyramid": 30}


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
