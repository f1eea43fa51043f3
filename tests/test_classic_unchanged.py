"""The classic presets answer exactly as before issue 41 (main at 53037a8): the first deals
of each preset recomputed and compared with the fingerprints 53037a8 wrote
(``tests/data/classic_before_41``, by ``benchmarks/classic_unchanged.py``, which compares
2,000 deals a preset); and the general search over ``rules_of(preset)`` gives the same
verdicts on a sample of them."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

from pyramids.core.variants import PRESETS

ROOT = Path(__file__).resolve().parent.parent
BEFORE = ROOT / "tests" / "data" / "classic_before_41"


sys.path.insert(0, str(ROOT / "benchmarks"))
cu = importlib.import_module("classic_unchanged")  # a script, not a package module
#: deals recomputed per preset (the script compares all the file holds)
SAMPLE = 100
#: deals per preset the general search is asked (1,000,000 nodes each: a deal it leaves
#: unknown costs the most, 2 or 3 of the first 10 in Par, Cheops, MSC and the bouquet)
GENERAL_SAMPLE = 10


def before(name: str) -> list[Any]:
    prints = cu.read_prints(BEFORE / f"{name}.txt")
    return [prints[n] for n in sorted(prints)]


def test_fingerprints_were_committed_for_every_preset() -> None:
    for name in PRESETS:
        prints = before(name)
        assert len(prints) >= SAMPLE, name
        assert [p.deal for p in prints] == list(range(1, len(prints) + 1)), name
        assert {p.status for p in prints} <= {"winnable", "blocked"}, name


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_first_deals_answer_as_at_53037a8(name: str) -> None:
    """Status, engine, certificate kind and the hash of line, certificate, score and
    reason; and the search's nodes."""
    prints = before(name)[:SAMPLE]
    now = {p.deal: cu.Print.parse(cu.answer(name, p.deal)) for p in prints}
    diff = cu.compare({p.deal: p for p in prints}, now, name)
    assert diff.compared == len(prints)
    assert diff.answers == [], f"{name}: answers differ on deals {diff.answers}"
    assert diff.nodes == [], f"{name}: nodes differ on deals {diff.nodes}"


#: deals per preset answered as ``stats --out`` answers them (``--via stats``)
STATS_SAMPLE = 50


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_bulk_records_answer_as_check(name: str) -> None:
    """``stats --out``'s records (the batch search where it applies) give the committed
    ``check`` answers and nodes: MSC's gave another line on deals 13, 19, 41, 46, 47 and
    1-3 more nodes on most deals until its batch search began where check's does."""
    prints = before(name)[:STATS_SAMPLE]
    deals = range(1, STATS_SAMPLE + 1)
    now = {p.deal: p for p in map(cu.Print.parse, cu.run_fingerprints(name, deals, "stats"))}
    diff = cu.compare({p.deal: p for p in prints}, now, name)
    assert diff.compared == len(prints)
    assert diff.answers == [], f"{name}: answers differ on deals {diff.answers}"
    assert diff.nodes == [], f"{name}: nodes differ on deals {diff.nodes}"


def test_a_changed_answer_is_found() -> None:
    """The comparison is not blind: a status, a line's hash or a node count that
    differs is reported by deal."""
    prints = {p.deal: p for p in before("pyramid")[:3]}
    first = prints[1]
    other = dict(prints) | {1: cu.Print(1, first.status, first.engine, first.certificate,
                                        "0" * 12, first.nodes),
                            3: cu.Print(3, prints[3].status, prints[3].engine,
                                        prints[3].certificate, prints[3].digest,
                                        prints[3].nodes + 1)}
    diff = cu.compare(prints, other, "pyramid")
    assert (diff.compared, diff.answers, diff.nodes) == (3, [1], [3])


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_general_search_agrees_with_the_classic_verdicts(name: str) -> None:
    got = cu.agreement(name, before(name)[:GENERAL_SAMPLE])
    assert got.disagree == [], f"{name}: the general search disagrees on {got.disagree}"
    assert got.agree + got.unknown == GENERAL_SAMPLE
    assert got.agree >= GENERAL_SAMPLE - 3, f"{name}: {got.unknown} unknown"
