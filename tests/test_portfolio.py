"""check(start=...): verdicts for positions; the portfolio's engine runs in the verdict."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pyramids import DEAL, Deal, Game, get_variant, replay
from pyramids.answers.check import check, run_engine
from pyramids.cli import main
from pyramids.core.errors import RefereeError
from pyramids.engines.search import solve as search


def _winnable(name: str, first: int = 0) -> tuple[Deal, tuple]:  # type: ignore[type-arg]
    variant = get_variant(name)
    for n in range(first, first + 50):
        v = check(Deal.from_number(n), variant, engine="search")
        if v.status == "winnable" and len(v.moves) > 6:
            return Deal.from_number(n), v.moves
    raise AssertionError(f"no winnable {name} deal in {first}..{first + 49}")


@pytest.mark.parametrize("engine", ["auto", "search"])
def test_start_answers_for_the_position(engine: str) -> None:
    variant = get_variant("pyramid")
    deal, line = _winnable("pyramid")
    start = line[:5]
    v = check(deal, variant, engine=engine, start=start)
    assert v.status == "winnable"
    assert v.moves[:5] == start and len(v.moves) > 5
    assert replay(deal, variant, v.moves).won
    assert v.engines and v.engines[-1].status == "winnable"


def test_start_position_that_is_lost() -> None:
    """A winnable deal whose first move throws the win away: blocked by the engine
    (exhaustive), not by a deal-start certificate, and the same as the search alone."""
    variant = get_variant("pyramid")
    for n in range(60):
        deal = Deal.from_number(n)
        if check(deal, variant, engine="search").status != "winnable":
            continue
        for move in Game(deal, variant).legal_moves():
            v = check(deal, variant, start=(move,))
            if v.status == "blocked":
                assert v.certificate is not None and v.certificate.kind == "exhaustive"
                assert v.engine != "certificate"
                assert search(deal, variant, start=(move,)).status == "blocked"
                return
    raise AssertionError("no losing first move found on pyramid deals 0..59")


def test_start_skips_the_deal_start_certificates() -> None:
    """A deal blocked by a stock-count certificate: after one deal from the stock the
    verdict comes from an engine that searched the position."""
    variant = get_variant("king-tut", objective="all")
    for n in range(40):
        v = check(Deal.from_number(n), variant)
        if v.certificate is not None and v.certificate.kind == "stock-count":
            break
    else:
        raise AssertionError("no stock-count certificate on deals 0..39")
    w = check(Deal.from_number(n), variant, start=(DEAL,))
    assert w.status == "blocked" and w.engine in ("search", "cpsat")
    assert w.certificate is not None and w.certificate.kind == "exhaustive"


def test_illegal_start_names_the_step() -> None:
    deal, line = _winnable("pyramid")
    with pytest.raises(RefereeError, match="start, step 2"):
        check(deal, get_variant("pyramid"), start=(line[0], line[0]))


def test_par_start_best_score_agrees_with_search() -> None:
    variant = get_variant("par-pyramid")
    deal = Deal.from_number(1)
    base = check(deal, variant, engine="search")
    start = base.moves[:4]
    v = check(deal, variant, start=start)
    assert v.score == search(deal, variant, start=start).score
    assert v.score_bound == "exact" and v.moves[:4] == start
    assert replay(deal, variant, v.moves).score == v.score


def test_cpsat_with_start() -> None:
    """CP-SAT answers for positions."""
    variant = get_variant("pyramid")
    deal, line = _winnable("pyramid")
    v = run_engine(deal, variant, "cpsat", None, start=line[:5])
    assert v.status == "winnable" and v.moves[:5] == line[:5]


def test_par_blocked_deal_gets_best_line() -> None:
    """A Par deal that cannot be won still gets its best score and a line reaching it."""
    variant = get_variant("par-pyramid")
    for n in range(20):
        v = check(Deal.from_number(n), variant)
        if v.status == "blocked":
            assert v.moves and v.score is not None and v.score_bound == "exact"
            assert replay(Deal.from_number(n), variant, v.moves).score == v.score
            return
    raise AssertionError("no blocked Par deal in 0..19")


def test_limit_gives_unknown_with_each_engines_reach() -> None:
    """Tut's Tomb deal 151 (13M search nodes, 0.3 s of CP-SAT): 0.05 s gives unknown and
    every stage of the policy listed with what it reached (or that it did not run)."""
    v = check(Deal.from_number(151), get_variant("tuts-tomb"), time_limit=0.05)
    assert v.status == "unknown" and v.certificate is None and not v.moves
    assert [r.engine for r in v.engines] == ["search", "cpsat", "search"]
    assert all(r.status == "unknown" and r.reached for r in v.engines)
    assert v.engines[0].budget == "1000000 nodes"
    obj = v.to_json_obj()
    assert [e["engine"] for e in obj["engines"]] == ["search", "cpsat", "search"]
    assert obj["score_bound"] is None


def test_par_limit_gives_a_lower_bound() -> None:
    """Par deal 16 takes the search over 100M nodes: after 2 s it has a best score so
    far, reported as a lower bound, never as the best."""
    v = check(Deal.from_number(16), get_variant("par-pyramid"), engine="search",
              time_limit=2.0)
    assert v.status == "unknown" and v.score is not None and v.score_bound == "lower"
    assert v.engines[0].score == v.score and "lower bound" in v.engines[0].reached
    out = CliRunner().invoke(main, ["check", "16", "-V", "par-pyramid", "--engine", "search",
                                    "--time-limit", "2"])
    assert "a lower bound, not proven the best" in out.output


def test_cli_json_carries_engines() -> None:
    out = CliRunner().invoke(main, ["check", "5", "-V", "giza", "--json"])
    assert out.exit_code == 0, out.output
    obj = json.loads(out.output)
    assert obj["status"] in ("winnable", "blocked")
    assert "engines" in obj and "score_bound" in obj
    if obj["engine"] != "certificate":
        assert obj["engines"][-1]["engine"] == obj["engine"]
        assert obj["engines"][-1]["status"] == obj["status"]


def test_cli_check_after_and_illegal_after() -> None:
    deal, line = _winnable("pyramid")
    after = " ".join(str(m) for m in line[:3])
    out = CliRunner().invoke(main, ["check", str(deal.number), "--after", after, "--json"])
    assert out.exit_code == 0, out.output
    obj = json.loads(out.output)
    assert obj["status"] == "winnable" and obj["moves"][:3] == after.split()
    bad = CliRunner().invoke(main, ["check", str(deal.number), "--after", f"{line[0]} {line[0]}"])
    assert bad.exit_code == 2 and "start, step 2" in bad.output


def test_cli_solve_engines() -> None:
    for engine in ("auto", "cpsat", "search"):
        out = CliRunner().invoke(main, ["solve", "3", "-V", "giza", "--engine", engine, "--json"])
        assert out.exit_code == 0, out.output
        obj = json.loads(out.output)
        assert obj["engines"][-1]["engine"] == (obj["engine"] if engine == "auto" else engine)
    out = CliRunner().invoke(main, ["solve", "3", "--engine", "cpsat", "--node-limit", "5"])
    assert out.exit_code == 2 and "node-limit" in out.output


# -- the policy per preset (benchmarks/bench_portfolio.py chose it) ------------------------
# (preset, deal, the engines run in order, the engine that answers). Deals picked with a
# wide margin: cheops 17 takes the search 229k nodes (budget 50k), Tut's Tomb 151 13M
# nodes (budget 1M); giza 0 a few hundred. Pyramid 101 takes 95k nodes: past the 50,000
# nodes that sent it to CP-SAT before one-pass games got their own budget, inside the
# 200,000 they have now (no deal of 0..2999 needs more than 150k nodes).
PINNED = [
    ("par-pyramid", 16, ["cpsat"], "cpsat"),
    ("cheops", 17, ["search", "cpsat"], "cpsat"),
    ("pyramid", 101, ["search"], "search"),
    ("tuts-tomb", 151, ["search", "cpsat"], "cpsat"),
    ("giza", 0, ["search"], "search"),
    ("bouquet", 0, ["search"], "search"),
]


@pytest.mark.parametrize(("name", "number", "runs", "answers"), PINNED)
def test_policy_per_preset(name: str, number: int, runs: list[str], answers: str) -> None:
    variant = get_variant(name)
    v = run_engine(Deal.from_number(number), variant, "auto", None)
    assert [r.engine for r in v.engines] == runs
    assert v.engine == answers and v.status != "unknown"
    assert all(r.status == "unknown" for r in v.engines[:-1])
    assert v.engines[-1].status == v.status
    if v.moves:
        replay(Deal.from_number(number), variant, v.moves, require_win=variant.scoring != "par")


@pytest.mark.parametrize("engine", ["search", "cpsat"])
def test_explicit_engine_runs_alone(engine: str) -> None:
    """engine='search' / 'cpsat' run that engine alone, without a budget."""
    v = check(Deal.from_number(17), get_variant("cheops"), engine=engine)
    assert v.engine == engine and [r.engine for r in v.engines] == [engine]
    assert v.engines[0].budget == "" and v.status == "winnable"


@pytest.mark.parametrize(("number", "asked", "status"),
                         [(71, "winnable", "winnable"), (305, "unknown", "blocked")])
def test_par_status_question_goes_to_the_search(number: int, asked: str, status: str) -> None:
    """Par deals whose best line stops short of a win with a score a win could beat
    (deal 71: best 31, won in a later pass; 305: best 31, no win at all, which the search
    needs 190k nodes to prove): auto asks the search (50,000 nodes) whether all 52 cards
    can go, and says so; when it runs out, CP-SAT's own model answers. CP-SAT alone
    always uses its model; both give the same status, score and best line."""
    deal, variant = Deal.from_number(number), get_variant("par-pyramid")
    auto = check(deal, variant)
    alone = check(deal, variant, engine="cpsat")
    assert [r.engine for r in auto.engines] == ["cpsat", "search"]
    assert auto.engines[1].status == asked and "can all 52 cards go" in auto.engines[1].reached
    assert [r.engine for r in alone.engines] == ["cpsat"]
    assert (auto.status, auto.score, auto.moves) == (alone.status, alone.score, alone.moves)
    assert auto.status == status and auto.score == 31
    assert replay(deal, variant, auto.moves, require_win=False).score == 31
    if status == "blocked":
        assert auto.certificate is not None and auto.certificate.kind == "exhaustive"


def test_a_win_question_budget_is_for_cpsat_stages() -> None:
    from pyramids.answers.portfolio import Stage

    with pytest.raises(ValueError, match="win_nodes is for CP-SAT"):
        Stage("search", win_nodes=10)


def test_a_stage_budget_reads_as_what_it_spends() -> None:
    from pyramids.answers.portfolio import Stage

    assert Stage("search", nodes=20000).budget() == "20000 nodes"
    assert Stage("cpsat", seconds=2, win_nodes=50000).budget() == (
        "2 s, whether all 52 cards can go: the search first, 50000 nodes")


def test_policy_table_is_data() -> None:
    from pyramids.answers.portfolio import POLICIES, features, policy_for

    for name in ("pyramid", "par-pyramid", "cheops", "tuts-tomb", "giza", "bouquet"):
        variant = get_variant(name)
        first = next(r for r in POLICIES if r.matches(features(variant)))
        assert policy_for(variant) is first.policy
    assert policy_for(get_variant("pyramid", scoring="par")).stages[0].engine == "cpsat"


# -- the grader's engines -------------------------------------------------------------------

def test_par_grader_solves_every_deal() -> None:
    """The grader's Par solve goes through the portfolio (CP-SAT first): no deal of 0..11
    rejected as unknown (the search at 5M nodes left 7 of these 12 unknown), and each line
    replays to the best score CP-SAT proves."""
    from pyramids.generator.grading import Budgets, Rejection, solve_deal

    variant = get_variant("par-pyramid")
    for n in range(12):
        deal = Deal.from_number(n)
        got = solve_deal(deal, variant, Budgets())
        if isinstance(got, Rejection):
            assert got.reason == "not-cleared", (n, got)
        else:
            best = check(deal, variant, engine="cpsat").score
            assert replay(deal, variant, got, require_win=False).score == best


def test_oracle_cpsat_backend_agrees_with_search() -> None:
    """Par positions along a best line: the CP-SAT oracle settles each one, with the best
    score the search finds wherever the search settles it too."""
    from pyramids.generator.oracle import Oracle

    variant = get_variant("par-pyramid")
    deal = Deal.from_number(1)
    line = check(deal, variant).moves
    cp = Oracle(deal, variant)
    assert cp.backend == "cpsat"
    se = Oracle(deal, variant, backend="search")
    compared = 0
    game = Game(deal, variant)
    for move in line[:12]:
        for alt in game.legal_moves():
            if alt == move:
                continue
            game.push(alt)
            a, b = cp.status_of(game), se.status_of(game)
            game.pop()
            assert a.exact
            if b.exact:
                compared += 1
                assert (a.status, a.score) == (b.status, b.score)
        game.push(move)
    assert compared >= 5
