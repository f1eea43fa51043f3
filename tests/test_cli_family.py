"""``pyramids check``/``solve``/``grade`` with PySolFC's games of core.rules
(``-V pysolfc-*``)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pyramids.cli import main
from pyramids.core.board import replay
from pyramids.core.deals import Deal
from pyramids.core.rules import GAMES
from pyramids.generator.family_grading import THRESHOLDS, grade_game
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame

LINE = Deal.from_number(5).line()


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_check_a_one_deck_game_from_its_cards() -> None:
    code, out = run("check", LINE, "-V", "pysolfc-apophis")
    assert code == 0, out
    assert "verdict: winnable (engine pairs" in out
    assert "solution (" in out and " 1. " in out


def test_solve_json_gives_a_line_the_referee_accepts() -> None:
    code, out = run("solve", LINE, "-V", "pysolfc-triangle", "--json")
    assert code == 0, out
    obj = json.loads(out)
    assert obj["game"] == "pysolfc-triangle" and obj["status"] == "winnable"
    cards = tuple(Deal.from_number(5).cards)
    assert replay(GAMES["pysolfc-triangle"], cards, obj["moves"]).is_won()


def test_a_blocked_game_says_why() -> None:
    code, out = run("check", LINE, "-V", "pysolfc-pharaohs")
    assert code == 0, out
    assert "verdict: blocked" in out and "certificate: exhaustive" in out


def test_after_moves_and_a_node_limit() -> None:
    code, out = run("solve", LINE, "-V", "pysolfc-apophis", "--after", "KC",
                    "--node-limit", "1")
    assert code == 0, out
    assert "verdict: unknown" in out and "node limit 1 reached" in out


def test_misuse_exits_2_naming_the_option() -> None:
    code, out = run("check", "5", "-V", "pysolfc-pharaohs")
    assert code == 2 and "write pysolfc:5" in out
    code, out = run("check", LINE, "-V", "pysolfc-pharaohs", "--rows", "6")
    assert code == 2 and "--rows: pysolfc-pharaohs plays PySolFC's rules" in out
    code, out = run("check", LINE, "-V", "pysolfc-pharaohs", "--goal", "board")
    assert code == 2 and "answered for a win or the fewest moves (--goal moves)" in out
    code, out = run("generate", "-V", "pysolfc-pharaohs", "-n", "1", "--deals", "0:5")
    assert code == 2 and "check, solve, stats, filter and grade do" in out
    code, out = run("check", LINE, "-V", "pysolfc-two-pyramids")
    assert code == 2 and "is dealt 104 cards; write pysolfc:N" in out
    code, out = run("check", LINE, "-V", "pysolfc-apophis", "--after", "QQ")
    assert code == 2 and "step 1: QQ" in out


def test_pysolfc_games_lines_replay_in_pysolfcs_own_stacks() -> None:
    """The answers for PySolFC's numbered one-deck games: every winning line the CLI
    prints is played click by click in the model of PySolFC's stacks
    (pysolfc.family_model) and wins there; each game gets a win among the numbers
    tried."""
    from pyramids.pysolfc.family_model import replay_family

    for name, rules in GAMES.items():
        if rules.decks == 2:
            continue  # most of their deals run past any small limit (see bench_pairs)
        won = 0
        for number in [*range(1, 40), 216]:  # 216: a Pharaohs win (its 5 in 1..1000)
            code, out = run("solve", f"pysolfc:{number}", "-V", name, "--json",
                            "--node-limit", "20000")
            assert code == 0, out
            obj = json.loads(out)
            if obj["status"] == "winnable":
                assert rules.pysolfc is not None
                assert replay_family(rules.pysolfc, number, obj["moves"]).won, (name, number)
                won += 1
                if won == 2:
                    break
        assert won, name


def test_auto_asks_cpsat_where_the_search_stops_at_its_node_limit() -> None:
    """``solve`` (auto): the search, then CP-SAT on a deal the search leaves at its node
    limit; ``--engine search`` is the search alone, its unknown saying which limit."""
    code, out = run("solve", "pysolfc:2", "-V", "pysolfc-pyramid-dozen", "--node-limit",
                    "300", "--engine", "search")
    assert code == 0, out
    assert "verdict: unknown (engine pairs" in out and "node limit 300 reached" in out
    code, out = run("solve", "pysolfc:2", "-V", "pysolfc-pyramid-dozen", "--node-limit",
                    "300")
    assert code == 0, out
    assert "verdict: blocked (engine cpsat" in out
    code, out = run("check", "pysolfc:2", "-V", "pysolfc-pyramid-dozen", "--engine", "cpsat")
    assert code == 0 and "verdict: blocked (engine cpsat" in out


def test_grade_a_game_prints_its_grade_score_and_components() -> None:
    rules = GAMES["pysolfc-pharaohs"]
    assert rules.pysolfc is not None
    cards = family_cards(rules.pysolfc, PySolFCGame(216))  # winnable (test_service_family)
    want = grade_game(rules, cards)
    th = THRESHOLDS[rules.name]
    assert want.grade is not None
    code, out = run("grade", "pysolfc:216", "-V", rules.name)
    assert code == 0, out
    assert out.startswith(f"deal pysolfc:216: {rules.describe()}\n")
    assert f"grade: {want.grade} (score {want.score:g}; medium from {th[0]:g}, hard from " \
        f"{th[1]:g}, expert from {th[2]:g})" in out
    for k, v in want.components.items():
        assert f"\n  {k}: {v}\n" in out
    assert f"line walked ({len(want.line)} clicks): {' '.join(want.line)}" in out
    code, out = run("grade", "pysolfc:216", "-V", rules.name, "--json")
    assert code == 0, out
    obj = json.loads(out)
    assert (obj["game"], obj["pysolfc"], obj["grade"], obj["score"], obj["components"],
            obj["thresholds"]) == (rules.name, 216, want.grade, want.score, want.components,
                                   list(th))
    assert replay(rules, cards, obj["moves"]).is_won()


def test_grade_a_game_without_thresholds_gives_a_score_and_no_grade(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a game whose thresholds are not pasted yet (taken out of the table here, so that
    # the test does not move each time a game gets its grades)
    rules = GAMES["pysolfc-apophis"]
    monkeypatch.delitem(THRESHOLDS, rules.name, raising=False)
    assert rules.pysolfc is not None
    want = grade_game(rules, family_cards(rules.pysolfc, PySolFCGame(1)))
    code, out = run("grade", "pysolfc:1", "-V", rules.name)
    assert code == 0, out
    assert f"grade: none (score {want.score:g})" in out
    assert "pysolfc-apophis has no grade thresholds yet" in out
    code, out = run("grade", "pysolfc:1", "-V", rules.name, "--json")
    assert code == 0, out
    obj = json.loads(out)
    assert obj["grade"] is None and obj["thresholds"] is None
    assert obj["score"] == want.score and obj["components"] == want.components


@pytest.mark.parametrize(("args", "message"), [
    (["pysolfc:1"], "deal pysolfc:1: pysolfc-pharaohs: only a deal proved winnable is "
                    "graded; this one is blocked"),
    (["5"], "write pysolfc:5"),
    (["pysolfc:0"], "'pysolfc:0' is not a deal: PySolFC game number '0'"),
    (["pysolfc:216", "--playouts", "5", "--player", "random"],
     "--playouts, --player: pysolfc-pharaohs is graded by its own measure"),
    (["pysolfc:216", "--rows", "6"], "--rows: pysolfc-pharaohs plays PySolFC's rules"),
])
def test_grade_a_game_refuses_bad_input_naming_it(args: list[str], message: str) -> None:
    code, out = run("grade", *args, "-V", "pysolfc-pharaohs")
    assert code == 2 and message in out, out
