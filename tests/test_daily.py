"""Daily challenges (pyramids.daily, `pyramids daily`, GET /v1/daily/{date}): a day's
set is certified (solutions replayed, pars proven by a second route), graded from its
evidence, the same on every run; bad input named, exit 2 or 400."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from pyramids import daily as dl
from pyramids.answers.goals import Goal
from pyramids.cli import main
from pyramids.core.deals import Deal
from pyramids.core.variants import get_variant
from pyramids.engines import optimal
from pyramids.engines.faceup import face_down, to_face_up
from pyramids.engines.optimal import PRUNINGS
from pyramids.generator.players import get_player, make_table, play, rng_for
from pyramids.service.app import create_app
from pyramids.service.config import ServiceConfig

DATE = dt.date(2026, 3, 2)


@pytest.fixture(scope="module")
def msc_day() -> dl.Day:
    return dl.day(DATE, "msc")


def test_a_day_holds_a_certified_challenge_per_level(msc_day: dl.Day) -> None:
    assert [c.level for c in msc_day.challenges] == list(dl.LEVELS)
    assert len({c.goal.kind for c in msc_day.challenges}) >= 2  # the goal kinds mixed
    for c in msc_day.challenges:
        dl.certify(c)  # replayed by the referee, the goal met at the last step
        assert c.limit is None or c.steps <= c.limit
        assert c.evidence.level == c.level  # the grade is the evidence's
        # the par, by a second route: A* without its bound (a breadth-first search)
        kind, target, rank = dl._solver_goal(c.goal)
        ref = optimal.shortest(c.deal, c.variant, kind, target=target,  # type: ignore[arg-type]
                               rank=rank, prunings=tuple(p for p in PRUNINGS if p != "bound"),
                               node_limit=3_000_000)
        assert ref.status == "found" and len(ref.moves) == c.steps, (c.goal, c.deal.number)


def test_the_same_date_gives_the_same_set(msc_day: dl.Day) -> None:
    again = dl.day(DATE, "msc").to_json()
    assert json.dumps(again, sort_keys=True) == json.dumps(msc_day.to_json(), sort_keys=True)
    assert dl.Day.from_json(again) == msc_day


def test_days_on_a_pool_are_the_days_made_here(msc_day: dl.Day) -> None:
    """``days(..., jobs=2)`` (the pool forked after the kernels are loaded) gives, in date
    order, the sets ``day`` makes in this process; each one replays (from_json)."""
    seen: list[int] = []
    got = list(dl.days(DATE, 2, "msc", jobs=2, progress=lambda i, n, obj: seen.append(i)))
    assert seen == [1, 2]
    assert json.dumps(got[0], sort_keys=True) == json.dumps(msc_day.to_json(), sort_keys=True)
    assert dl.Day.from_json(got[1]).date == DATE + dt.timedelta(days=1)


def test_json_fields(msc_day: dl.Day) -> None:
    obj = msc_day.to_json()
    assert obj["date"] == "2026-03-02"
    for c in obj["challenges"]:
        assert {"level", "variant", "deal", "goal", "limit", "solution", "steps"} <= set(c)
        assert len(Deal.parse(c["deal"]).cards) == 52
        assert Goal.parse(c["goal"])
        assert c["steps"] == len(c["solution"])


def test_a_solution_that_does_not_reach_the_goal_is_refused(msc_day: dl.Day) -> None:
    c = msc_day.challenges[0]
    with pytest.raises(dl.DailyError):
        dl.certify(dl.Challenge(c.level, c.variant, c.deal, c.goal, c.limit,
                                c.solution[:-1], c.evidence))
    with pytest.raises(dl.DailyError):
        dl.certify(dl.Challenge(c.level, c.variant, c.deal, c.goal, c.steps - 1,
                                c.solution, c.evidence))


def test_players_steps_are_counted_as_msc_steps() -> None:
    """The players' face-down lines counted as MSC's steps agree with the lines
    translated to MSC's steps and replayed (:func:`pyramids.engines.faceup.to_face_up`)."""
    v = get_variant("msc")
    rules = face_down(v)
    for n, goal in ((3, Goal.parse("board")), (8, Goal.parse("cards:A:2")),
                    (11, Goal.parse("score:500"))):
        deal = Deal.from_number(n)
        table = make_table(deal, rules)
        player = get_player("lookahead-1")
        rng = rng_for(deal, rules, player, 0)
        for _ in range(5):
            line = play(table, player, rng).moves
            want = dl.first_reach(deal, v, goal, to_face_up(deal, v, line))
            assert dl._reach_steps(deal, rules, goal, line, True) == want


def test_grades_follow_the_thresholds() -> None:
    ev = dl.Evidence(games=100, reached=70, slack=None, first_ok=3, first_all=3)
    assert ev.difficulty == 30 and ev.level == "easy"
    assert dl.Evidence(100, 50, None, 3, 3).level == "medium"
    assert dl.Evidence(100, 20, None, 3, 3).level == "hard"
    assert dl.Evidence(100, 20, 2, 1, 3).level == "expert"  # 80 + tight + one way
    assert dl.Evidence(100, 0, None, 2, 2).level == "expert"


@pytest.mark.parametrize("preset", ["pyramid", "tuts-tomb"])
def test_other_presets(preset: str) -> None:
    d = dl.day(DATE, preset)
    assert [c.level for c in d.challenges] == list(dl.LEVELS)
    for c in d.challenges:
        assert c.goal.kind in dl.KINDS[preset]
        dl.certify(c)


def test_goal_words() -> None:
    msc, pyr = get_variant("msc"), get_variant("pyramid")
    assert dl.goal_words(Goal.parse("cards:A:4"), 40, msc) == "Clear 4 Aces in 40 steps or fewer"
    assert dl.goal_words(Goal.parse("cards:T:1"), None, msc) == "Clear 1 10"
    assert dl.goal_words(Goal.parse("score:1200"), None, msc) == "Score 1,200 points"
    assert dl.goal_words(Goal.parse("board"), 30, pyr) == "Clear the pyramid in 30 moves or fewer"


@pytest.mark.parametrize(("args", "named"), [
    (["--date", "2026-02-30"], "'2026-02-30'"),
    (["--date", "tomorrow"], "'tomorrow'"),
    (["--date", "2026-03-01", "--days", "0"], "got 0"),
    (["--date", "2026-03-01", "--days", "3661"], "got 3,661"),
    (["--date", "2026-03-01", "-V", "giza"], "'giza'"),
])
def test_bad_input_is_named_with_exit_2(args: list[str], named: str) -> None:
    r = CliRunner().invoke(main, ["daily", *args])
    assert r.exit_code == 2 and named in r.output, r.output


def test_cli_json_and_book(tmp_path: Path, msc_day: dl.Day) -> None:
    r = CliRunner().invoke(main, ["daily", "--date", "2026-03-02", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == msc_day.to_json()
    out = tmp_path / "d.pdf"
    r = CliRunner().invoke(main, ["daily", "--date", "2026-03-02", "--book", str(out)])
    assert r.exit_code == 0, r.output
    first = out.read_bytes()
    assert first.startswith(b"%PDF") and (tmp_path / "d.pdf.jsonl").exists()
    out.unlink()  # again from the kept days: the same bytes
    r = CliRunner().invoke(main, ["daily", "--date", "2026-03-02", "--book", str(out)])
    assert r.exit_code == 0 and out.read_bytes() == first
    # the book's print options (issue 42), from the same kept days
    six, cover = tmp_path / "d6x9.pdf", tmp_path / "cover.pdf"
    (tmp_path / "d6x9.pdf.jsonl").write_bytes((tmp_path / "d.pdf.jsonl").read_bytes())
    r = CliRunner().invoke(main, ["daily", "--date", "2026-03-02", "--book", str(six),
                                  "--trim", "6x9", "--cover", str(cover)])
    assert r.exit_code == 0, r.output
    from pypdf import PdfReader

    pages = PdfReader(six).pages
    assert float(pages[0].mediabox.width) == 432.0 and len(pages) >= 24
    assert f"the cover for {len(pages)} pages on white paper" in r.output
    r = CliRunner().invoke(main, ["daily", "--date", "2026-03-02", "--book", str(six),
                                  "--trim", "6x9", "--page-size", "a4"])
    assert r.exit_code == 2 and "--trim or --page-size, not both" in r.output


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(ServiceConfig(workers=1, queue=2))
    with TestClient(app) as c:
        yield c


def test_service_gives_the_same_json(client: TestClient, msc_day: dl.Day) -> None:
    r = client.get("/v1/daily/2026-03-02")
    assert r.status_code == 200, r.text
    assert r.json() == msc_day.to_json()


@pytest.mark.parametrize(("path", "named"), [
    ("/v1/daily/2026-02-30", "2026-02-30"), ("/v1/daily/tomorrow", "tomorrow"),
    ("/v1/daily/2026-03-01?variant=giza", "giza")])
def test_service_refuses_bad_input(client: TestClient, path: str, named: str) -> None:
    r = client.get(path)
    assert r.status_code == 400 and named in r.json()["error"], r.text
