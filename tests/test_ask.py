"""The one front door for answers (:func:`pyramids.answers.ask.ask`): a verdict or a goal's
answer from one call; the goal parsed and checked against the rules once, where it is read
(the command line, the service's route, the bulk job), and taken as read after; the
answer's line replayed once by the referee, its end carried by the answer; a goal answer's
JSON the verdict's, then the goal's fields."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from pyramids.answers import goals
from pyramids.answers.ask import WIN, ask
from pyramids.answers.check import check
from pyramids.answers.goals import Goal, GoalAnswer, answer
from pyramids.bulk import Job, analyse
from pyramids.cli import main
from pyramids.core import referee
from pyramids.core.deals import Deal
from pyramids.core.game import Game
from pyramids.core.moves import Move
from pyramids.core.referee import play
from pyramids.core.variants import Variant, get_variant
from pyramids.core.verdict import Verdict
from pyramids.core.verdict import untimed as untimed_top
from pyramids.engines import clock
from pyramids.pysolfc.notes import notes_json

#: (preset, deal, goal): the plain verdict (a search's line, a certificate, Par's best
#: score) and each kind of goal, one answered in its first A*, one proven out of reach
CASES = [
    ("giza", 5, "win"),
    ("pyramid", 0, "win"),
    ("par-pyramid", 1, "win"),
    ("msc", 2, "board"),
    ("msc", 0, "board"),
    ("giza", 1, "moves"),
    ("msc", 2, "score:1200"),
    ("msc", 1, "cards:A:4"),
    ("msc", 3, "cards:A:4"),
]

GOAL_FIELDS = ["goal", "steps", "optimal", "steps_bound", "reached", "count"]


def count_calls(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str,
                *, fail: bool = False) -> list[Any]:
    """Patch ``owner.name`` to note each call (its first argument) before making it
    (``fail``: to raise instead: it must not be called)."""
    calls: list[Any] = []
    real: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        if fail:
            raise AssertionError(f"{name} called again with {args}")
        calls.append(args[0] if args else None)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def untimed(obj: dict[str, Any]) -> dict[str, Any]:
    """The JSON object without its timings, its alternatives' too."""
    out = untimed_top(obj)
    if "alternatives" in out:
        out["alternatives"] = [untimed(a) for a in out["alternatives"]]
    return out


def goal_answer_json(a: GoalAnswer) -> dict[str, Any]:
    """A goal answer's JSON object as the goal's Verdict worded it before the two types
    were split: the verdict's fields, then the goal's (label and alternatives only when
    there are some)."""
    out = a.verdict.to_json_obj() | {f: getattr(a, f) for f in GOAL_FIELDS}
    if a.label:
        out["label"] = a.label
    if a.alternatives:
        out["alternatives"] = [goal_answer_json(x) for x in a.alternatives]
    return out


@pytest.mark.parametrize(("preset", "number", "text"), CASES)
def test_ask_gives_the_verdict_for_win_and_the_answer_for_a_goal(
        preset: str, number: int, text: str) -> None:
    """``ask`` answers as ``check`` does for ``win`` and as ``goals.answer`` for any other
    goal (the same JSON but for the timings), a type each; the bulk runs' ``analyse``
    gives the same records."""
    deal, variant, goal = Deal.from_number(number), get_variant(preset), Goal.parse(text)
    goal.validate(variant)
    got = ask(deal, variant, goal, time_limit=60)
    if goal.kind == "win":
        assert type(got) is Verdict
        direct: Verdict | GoalAnswer = check(deal, variant, time_limit=60)
    else:
        assert type(got) is GoalAnswer and got.goal == text
        direct = answer(deal, variant, goal, time_limit=60)
    assert untimed(got.to_json_obj()) == untimed(direct.to_json_obj())
    bulk = analyse(deal, Job(variant, time_limit=60, goal=goal))
    assert untimed(bulk.to_json_obj()) == untimed(got.to_json_obj())


@pytest.mark.parametrize(("preset", "number", "text"),
                         [c for c in CASES if c[2] != "win"])
def test_a_goal_answers_json_is_the_verdicts_then_the_goals_fields(
        preset: str, number: int, text: str) -> None:
    """Field for field and in the same order as the goal's Verdict gave it (the command
    line's --json, the service and the bulk out files print it as is)."""
    deal, variant = Deal.from_number(number), get_variant(preset)
    got = ask(deal, variant, Goal.parse(text))
    assert isinstance(got, GoalAnswer)
    obj = got.to_json_obj()
    assert json.dumps(obj) == json.dumps(goal_answer_json(got))
    keys = list(got.verdict.to_json_obj()) + GOAL_FIELDS
    assert list(obj)[:len(keys)] == keys
    assert set(obj) - set(keys) <= {"label", "alternatives"}
    for name in ("status", "moves", "score", "reason", "certificate"):  # read through
        assert getattr(got, name) == getattr(got.verdict, name)


@pytest.mark.parametrize(("number", "text"),
                         [(2, "board"), (2, "score:1200"), (1, "cards:A:4"), (3, "cards:A:4"),
                          (0, "board")])
def test_each_line_is_replayed_once_and_the_answer_carries_its_end(
        monkeypatch: pytest.MonkeyPatch, number: int, text: str) -> None:
    """Every line replayed from the deal while answering, counted: none twice (A*'s
    check of its line, and the answer's win and score, read one replay of it, where
    three were made before). The answer carries what its line reached."""
    seen: list[tuple[Move, ...]] = []
    real = referee._replay_line

    def counted(deal: Deal, variant: Variant, moves: tuple[Move, ...]) -> Any:
        seen.append(moves)
        return real(deal, variant, moves)

    games: dict[int, Game] = {}  # every game a move was played on, however replayed
    real_push = Game.push

    def push(game: Game, move: Move) -> None:
        real_push(game, move)
        games[id(game)] = game

    monkeypatch.setattr(referee, "_replay_line", counted)
    monkeypatch.setattr(Game, "push", push)
    referee._played.cache_clear()
    deal, msc = Deal.from_number(number), get_variant("msc")
    got = answer(deal, msc, Goal.parse(text))
    monkeypatch.undo()
    assert len(seen) == len(set(seen)), [len(m) for m in seen]
    if not got.moves:
        assert got.end is None and got.status == "blocked"
        return
    assert seen.count(got.moves) == 1
    line = [str(m) for m in got.moves]
    assert sum([str(m) for m in g.moves] == line for g in games.values()) == 1
    game = Game(deal, msc)
    for _ in play(game, got.moves):
        pass
    assert got.end is not None
    assert (got.end.won, got.end.cards_left, got.end.msc_score, got.end.moves) == (
        game.is_won(), game.cards_left(), game.msc_score(), len(got.moves))
    assert got.score == game.msc_score()


def test_the_cli_reads_and_checks_the_goal_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pyramids check --goal`` and ``pyramids solve --goal``: the option's value parsed
    once and checked against the rules once, the answer the library's."""
    for command in ("check", "solve"):
        parsed = count_calls(monkeypatch, Goal, "parse")
        checked = count_calls(monkeypatch, Goal, "validate")
        out = CliRunner().invoke(main, [command, "2", "-V", "msc", "--goal", "board",
                                        "--json"])
        assert out.exit_code == 0, out.output
        assert (len(parsed), len(checked)) == (1, 1), command
        monkeypatch.undo()
        obj = json.loads(out.stdout)
        deal, variant = Deal.from_number(2), get_variant("msc")
        got = ask(deal, variant, Goal.parse("board"))
        want = got.to_json_obj() | {"variant": variant.options()}
        if command == "check":
            want |= {"line": deal.line()}
        assert untimed(obj) == untimed(want | notes_json(deal, variant, got.moves))


def test_an_unfit_goal_is_refused_before_any_work() -> None:
    """The check at the command line's edge: a score goal without MSC's scoring."""
    out = CliRunner().invoke(main, ["check", "2", "--goal", "score"])
    assert out.exit_code != 0 and "the score goal needs MSC's scoring" in out.output


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from pyramids.service import ServiceConfig, create_app

    app = create_app(ServiceConfig(workers=1, queue=1, default_time_limit=20,
                                   max_time_limit=30))
    with TestClient(app) as c:
        yield c


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_service_reads_and_checks_the_goal_once(client: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """/v1/check and /v1/filter: the route parses the goal and checks it against the
    rules once (a bad one is its 400); the solver process's job takes the parsed goal as
    read (here run in this process with parse and check forbidden) and answers as the
    route does."""
    from pyramids.service import jobs

    parsed = count_calls(monkeypatch, Goal, "parse")
    checked = count_calls(monkeypatch, Goal, "validate")
    body = {"deal": 2, "variant": "msc", "goal": "board"}
    r = client.post("/v1/check", json=body)
    assert r.status_code == 200, r.text
    assert (len(parsed), len(checked)) == (1, 1)
    parsed.clear()
    checked.clear()
    r2 = client.post("/v1/filter", json={"deals": [2, 0], "variant": "msc", "goal": "board",
                                         "mode": "exact"})
    assert r2.status_code == 200, r2.text
    assert (len(parsed), len(checked)) == (1, 1)  # once a request, not once a deal
    monkeypatch.undo()
    deal, variant, goal = Deal.from_number(2), get_variant("msc"), Goal.parse("board")
    job = Job(variant, "exact", "auto", time_limit=20.0, goal=goal)  # (checks it, as the route)
    count_calls(monkeypatch, Goal, "parse", fail=True)
    count_calls(monkeypatch, Goal, "validate", fail=True)
    got = jobs.check(deal, variant, "auto", 20.0, goal=goal)
    assert untimed(got) == untimed(r.json())
    rows = jobs.filter_deals([deal, Deal.from_number(0)], job, 60.0)
    for mine, theirs in zip(rows, r2.json()["results"], strict=True):
        # (the response model adds its defaults: an empty list of alternatives...)
        assert untimed(mine) == {k: v for k, v in untimed(theirs).items() if k in mine}


def test_a_bulk_job_checks_its_goal_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The job checks its goal when it is made; each deal's answer takes it as read."""
    checked = count_calls(monkeypatch, Goal, "validate")
    variant = get_variant("msc")
    job = Job(variant, time_limit=30, goal=Goal.parse("board"))
    for n in (0, 2):
        got = analyse(Deal.from_number(n), job)
        assert isinstance(got, GoalAnswer) and got.goal == "board"
    assert len(checked) == 1


def test_a_goal_answers_time_leaves_out_a_librarys_loading(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer is timed on pyramids.engines.clock, as the verdict is: a library loaded
    on the way (OR-Tools' import, in clock.loading()) counts neither in its seconds nor
    against its time limit, so no caller needs to load it first."""
    from pyramids.engines import optimal

    real = optimal.shortest
    pause = 0.3

    def loading_first(*args: Any, **kwargs: Any) -> Any:
        with clock.loading():
            time.sleep(pause)
        return real(*args, **kwargs)

    monkeypatch.setattr(optimal, "shortest", loading_first)
    t0 = time.monotonic()
    got = answer(Deal.from_number(2), get_variant("msc"), Goal.parse("board"))
    spent = time.monotonic() - t0
    assert got.optimal is True
    assert spent - got.seconds >= pause * 0.9, (spent, got.seconds)


def test_answer_is_for_the_goals_beyond_win() -> None:
    """``win``'s answer is the verdict: ask() (or check()) gives it."""
    with pytest.raises(ValueError, match="plain verdict"):
        answer(Deal.from_number(2), get_variant("msc"), WIN)
    assert Goal.parse("win") == goals.WIN
