"""check(): certificates first, then an engine; CP-SAT agrees with search; the CLI."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pyramids import Deal, get_variant, replay
from pyramids.answers.check import check
from pyramids.cli import main
from pyramids.engines.search import solve as SEARCH

# The search's budget: nodes, not seconds, so that the comparison does not depend on the
# machine's load (about a second of CPU; Par deals beyond it are skipped).
SEARCH_NODES = 5_000_000

# Deals per preset for the agreement test: ~100 where CP-SAT takes milliseconds, fewer
# where the redeal models take tenths of a second (benchmarks/crosscheck.py does 2000).
SAMPLE = {"bouquet": 100, "giza": 100, "giza-6x4": 100, "pyramid": 100, "king-tut": 100,
          "cheops": 100, "par-pyramid": 15, "tuts-tomb": 30}


@pytest.mark.parametrize("name", list(SAMPLE))
def test_cpsat_check_agrees_with_search(name: str) -> None:
    """CP-SAT decides every deal; wherever search decides too, they agree."""
    variant = get_variant(name)
    compared = 0
    for n in range(SAMPLE[name]):
        deal = Deal.from_number(n)
        mine = check(deal, variant, engine="cpsat")
        assert mine.status != "unknown", (name, n, mine.reason)
        if mine.moves:
            replay(deal, variant, mine.moves)
        theirs = SEARCH(deal, variant, node_limit=SEARCH_NODES)
        if theirs.status == "unknown":
            continue
        compared += 1
        assert mine.status == theirs.status, (name, n, mine.certificate)
        if variant.scoring == "par":
            assert mine.score == theirs.score, (name, n)
    assert compared >= SAMPLE[name] // 4


# The same with the preset's overlap option flipped (fewer deals: it is the second look).
FLIPPED = {"bouquet": 40, "giza": 40, "giza-6x4": 40, "pyramid": 40, "king-tut": 40,
           "cheops": 10, "par-pyramid": 4, "tuts-tomb": 10}


@pytest.mark.parametrize("name", list(FLIPPED))
def test_cpsat_agrees_with_search_with_overlap_flipped(name: str) -> None:
    variant = get_variant(name)
    variant = variant.with_options(overlap=not variant.overlap)
    compared = 0
    for n in range(FLIPPED[name]):
        deal = Deal.from_number(n)
        mine = check(deal, variant, engine="cpsat")
        assert mine.status != "unknown", (name, n, mine.reason)
        theirs = SEARCH(deal, variant, node_limit=SEARCH_NODES)
        if theirs.status != "unknown":
            compared += 1
            assert mine.status == theirs.status, (name, n)
            if variant.scoring == "par":
                assert mine.score == theirs.score, (name, n)
    assert compared >= FLIPPED[name] // 4


def test_certificates_come_first() -> None:
    variant = get_variant("king-tut", objective="all")
    kinds = set()
    for n in range(30):
        v = check(Deal.from_number(n), variant, engine="cpsat")
        if v.status == "blocked":
            assert v.certificate is not None
            kinds.add(v.certificate.kind)
    # draw 3, all cards: the stock-count certificate is the usual reason
    assert "stock-count" in kinds


def test_par_runs_the_engine_even_when_blocked() -> None:
    v = check(Deal.from_number(1), get_variant("par-pyramid"), engine="cpsat")
    assert v.engine == "cpsat" and v.score is not None and v.moves


def test_unknown_engine_is_an_error() -> None:
    with pytest.raises(ValueError, match="engine"):
        check(Deal.from_number(1), get_variant("giza"), engine="magic")


# -- the command line --------------------------------------------------------------
def test_cli_check_number_prints_verdict_and_solution() -> None:
    out = CliRunner().invoke(main, ["check", "5", "-V", "giza", "--engine", "cpsat"])
    assert out.exit_code == 0, out.output
    assert "verdict: winnable (engine cpsat" in out.output
    assert "solution (" in out.output and "ms CPU" in out.output


def test_cli_check_json_and_one_line_deal(tmp_path: object) -> None:
    line = Deal.from_number(3).line()
    out = CliRunner().invoke(main, ["check", line, "-V", "bouquet", "--engine", "cpsat",
                                    "--json"])
    assert out.exit_code == 0, out.output
    obj = json.loads(out.output)
    assert obj["status"] in ("winnable", "blocked") and obj["line"] == line
    if obj["status"] == "blocked":
        assert obj["certificate"]["kind"]


def test_cli_check_file_and_certificate(tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "deal.txt"
    for n in range(40):
        v = check(Deal.from_number(n), get_variant("king-tut", objective="all"),
                  engine="cpsat")
        if v.certificate is not None and v.certificate.kind == "stock-count":
            break
    path.write_text(Deal.from_number(n).line())
    out = CliRunner().invoke(main, ["check", str(path), "-V", "king-tut", "--objective",
                                    "all", "--engine", "cpsat"])
    assert out.exit_code == 0, out.output
    assert "verdict: blocked" in out.output and "certificate: stock-count" in out.output


def test_cli_check_bad_deal_exits_2() -> None:
    out = CliRunner().invoke(main, ["check", "AC AC", "--engine", "cpsat"])
    assert out.exit_code == 2
