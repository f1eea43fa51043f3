"""The service's side of the web page: ``/`` and its static files, ``/v1/position`` (a line
replayed by the referee), the ``start`` field of ``/v1/check`` (hints from any position) and
``ids`` on ``/v1/books`` (a book of chosen puzzles). Bad input: 4xx with the library's message."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from pyramids.core.deals import Deal
from pyramids.core.errors import RefereeError
from pyramids.core.game import Game
from pyramids.core.moves import Move, parse_moves
from pyramids.core.referee import replay
from pyramids.core.variants import PRESETS, get_variant
from pyramids.service import ServiceConfig, create_app
from pyramids.service.app import STATIC

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
ROOT = Path(__file__).resolve().parents[1]


def winnable_puzzle(name: str = "pyramid") -> dict[str, Any]:
    """The first puzzle of a shipped collection (wherever the collections live)."""
    from pyramids.service.config import default_puzzles_dir

    path = default_puzzles_dir() / f"{name}.jsonl"
    return dict(json.loads(path.read_text().splitlines()[0]))


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(ServiceConfig(workers=1, default_time_limit=10, max_time_limit=20))
    with TestClient(app) as c:
        yield c


def error_of(r: Any, status: int, kind: str | None = None) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["status"] == status
    if kind is not None:
        assert body["kind"] == kind, body
    return str(body["error"])


# -- the page and its files ---------------------------------------------------------------

def test_root_serves_the_page(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    tag = re.search(r'<script type="module" src="/static/([0-9a-f]{12})/app\.js"', r.text)
    assert tag, "the page's script under its files' tag"
    for name in ("app.js", "api.js", "cards.js", "puzzles.js", "picker.js", "words.js",
                 "style.css"):
        for path in (f"/static/{tag[1]}/{name}", f"/static/{name}"):
            s = client.get(path)
            assert s.status_code == 200, path
            assert s.headers["content-type"].startswith(
                "text/css" if name.endswith(".css") else "text/javascript"), path
    error_of(client.get("/static/nothing.js"), 404)
    error_of(client.get("/static/index.html"), 404)  # the template is served filled in only


def test_static_files_need_no_network() -> None:
    """No CDN, no font or script from elsewhere: the only URL is the SVG namespace."""
    files = sorted(STATIC.iterdir())
    assert {f.name for f in files} >= {"index.html", "app.js", "api.js", "cards.js", "style.css"}
    for f in files:
        urls = set(re.findall(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}[^\s\"'`)]*", f.read_text()))
        assert urls <= {"http://www.w3.org/2000/svg"}, (f.name, urls)


def test_static_files_are_package_data() -> None:
    """Every file of static/ matches the package-data globs, so a wheel ships it."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = conf["tool"]["setuptools"]["package-data"]["pyramids.service"]
    for f in STATIC.iterdir():
        assert any(fnmatch(f"static/{f.name}", g) for g in globs), f.name


def test_page_escapes_data() -> None:
    """The scripts put data into the DOM as text only (no innerHTML of data)."""
    for name in ("app.js", "api.js", "puzzles.js", "picker.js", "words.js"):
        code = (STATIC / name).read_text()
        assert "innerHTML" not in code and "insertAdjacentHTML" not in code, name
    cards = (STATIC / "cards.js").read_text()
    assert cards.count("innerHTML") == 1  # the suit shapes, constants of that file


# -- /v1/position -------------------------------------------------------------------------

def test_position_at_the_start_is_the_engines(client: TestClient) -> None:
    r = client.post("/v1/position", json={"deal": "45"})
    assert r.status_code == 200, r.text
    body = r.json()
    deal, v = Deal.from_number(45), get_variant("pyramid")
    game = Game(deal, v)
    pos = body["position"]
    assert body["line"] == deal.line() and body["moves"] == [] and body["deal"] == 45
    assert body["description"] == v.describe()
    assert pos["pyramid"] == [str(c) for c in deal.pyramid(v)]
    assert pos["stock"] == [str(c) for c in deal.rest(v)]
    assert pos["hand"] is None and pos["waste"] == [] and pos["pass"] == 1
    assert pos["legal"] == [str(m) for m in game.legal_moves()]
    assert pos["available"] == [str(c) for c in game.available()]
    assert (pos["won"], pos["lost"], pos["cards_left"], pos["score"]) == (False, False, 52, None)
    assert "positions" not in body


def test_position_after_moves_follows_the_referee(client: TestClient) -> None:
    deal, v = Deal.from_number(7), get_variant("par-pyramid")
    game = Game(deal, v)
    for _ in range(12):  # a line of play taken from the engine: first legal move each time
        game.push(game.legal_moves()[0])
    moves = [str(m) for m in game.moves]
    r = client.post("/v1/position", json={"deal": 7, "variant": "par-pyramid",
                                          "moves": " ".join(moves)})
    assert r.status_code == 200, r.text
    pos = r.json()["position"]
    assert r.json()["moves"] == moves
    assert pos["pyramid"] == [None if game.is_removed(c) else str(c) for c in game.pyramid_layout]
    assert pos["stock"] == [str(c) for c in game.stock]
    assert pos["waste"] == [str(c) for c in game.waste]
    assert pos["hand"] == (None if game.hand is None else str(game.hand))
    assert pos["score"] == game.par_score() and pos["cards_left"] == game.cards_left()


def test_position_tableau_columns(client: TestClient) -> None:
    deal, v = Deal.from_number(3), get_variant("giza")
    game = Game(deal, v)
    game.push(next(m for m in game.legal_moves() if m.is_discard))
    r = client.post("/v1/position", json={"deal": 3, "variant": "giza",
                                          "moves": [str(m) for m in game.moves]})
    pos = r.json()["position"]
    assert pos["columns"] == [[str(c) for c in game.column_cards(i)] for i in range(8)]
    assert pos["stock"] == [] and pos["hand"] is None


def test_position_steps_replay_a_solution(client: TestClient) -> None:
    p = winnable_puzzle()
    r = client.post("/v1/position", json={"deal": p["line"], "variant": p["variant"]["name"],
                                          "moves": p["solution"], "steps": True})
    assert r.status_code == 200, r.text
    body = r.json()
    n = len(p["solution"])
    assert len(body["positions"]) == n + 1
    assert [q["cards_left"] for q in body["positions"]] == sorted(
        (q["cards_left"] for q in body["positions"]), reverse=True)
    assert body["positions"][0]["cards_left"] == 52
    assert body["positions"][-1] == body["position"] and body["position"]["won"] is True
    assert not any(q["won"] for q in body["positions"][:-1])
    assert body["position"]["legal"] == []


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(number=st.integers(0, 2**64 - 1), preset=st.sampled_from(sorted(PRESETS)),
       picks=st.lists(st.integers(0, 10**6), max_size=40))
def test_position_is_the_engines_along_any_line(client: TestClient, number: int, preset: str,
                                                 picks: list[int]) -> None:
    """Any legal line (picked among the engine's legal moves): every zone as the engine
    has it, after each move (``steps``)."""
    deal, v = Deal.from_number(number), get_variant(preset)
    game = Game(deal, v)
    for k in picks:
        legal = game.legal_moves()
        if not legal:
            break
        game.push(legal[k % len(legal)])
    moves = [str(m) for m in game.moves]
    r = client.post("/v1/position", json={"deal": str(number), "variant": preset,
                                          "moves": moves, "steps": True})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["moves"] == moves and len(body["positions"]) == len(moves) + 1
    replayed = Game(deal, v)
    for k, pos in enumerate(body["positions"]):
        if k:
            replayed.push(game.moves[k - 1])
        assert pos["pyramid"] == [None if replayed.is_removed(c) else str(c)
                                  for c in replayed.pyramid_layout]
        assert pos["stock"] == [str(c) for c in replayed.stock]
        assert pos["waste"] == [str(c) for c in replayed.waste]
        assert pos["hand"] == (None if replayed.hand is None else str(replayed.hand))
        assert pos["columns"] == [[str(c) for c in replayed.column_cards(i)]
                                  for i in range(len(replayed.columns))]
        assert pos["bouquet"] == [str(c) for c in replayed.bouquet()]
        assert pos["legal"] == [str(m) for m in replayed.legal_moves()]
        assert (pos["won"], pos["lost"]) == (replayed.is_won(), replayed.is_lost())
        assert pos["score"] == replayed.score()  # Par, MSC, or None
        placed = (sum(c is not None for c in pos["pyramid"]) + len(pos["stock"])
                  + len(pos["waste"]) + (pos["hand"] is not None)
                  + sum(map(len, pos["columns"])) + len(pos["bouquet"]))
        assert placed == pos["cards_left"] == replayed.cards_left()


def test_illegal_move_gets_the_referees_reason(client: TestClient) -> None:
    deal, v = Deal.from_number(45), get_variant("pyramid")
    # a pair summing to 13 whose lower card is still covered: illegal at step 1
    game = Game(deal, v)
    covered = next(Move.discard(a, b) for a in deal.pyramid(v) for b in deal.pyramid(v)
                   if a != b and a.value + b.value == 13 and game.why_illegal(
                       Move.discard(a, b)) is not None)
    with pytest.raises(RefereeError) as e:
        replay(deal, v, [covered])
    r = client.post("/v1/position", json={"deal": 45, "moves": [str(covered)]})
    assert error_of(r, 400, "RefereeError") == str(e.value)
    assert str(e.value).startswith(f"step 1: {covered}: ")


@pytest.mark.parametrize(("payload", "status", "kind", "words"), [
    ({"deal": 45, "moves": ["9X"]}, 400, "MoveError", "unknown move '9X'"),
    ({"deal": 45, "moves": "KC QQ"}, 400, "MoveError", "unknown move 'QQ'"),
    ({"deal": "KC QC"}, 400, "DealError", "52 cards"),
    ({"deal": 45, "variant": "klondike"}, 422, "ValidationError", "variant"),
    ({"deal": 45, "draw": 2}, 422, "ValidationError", "draw"),
    ({"deal": 45, "variant": "giza", "draw": 1}, 400, "VariantError",
     "draw applies to stock games only"),
    ({"deal": 45, "moves": 5}, 422, "ValidationError", "moves"),
    ({"deal": 45, "moves": ["deal"] * 2001}, 422, "ValidationError", "moves"),
    ({"deal": 45, "steps": "yes"}, 422, "ValidationError", "steps"),
    ({"moves": []}, 422, "ValidationError", "deal"),
])
def test_position_bad_input(client: TestClient, payload: dict[str, Any], status: int,
                            kind: str, words: str) -> None:
    r = client.post("/v1/position", json=payload)
    assert words in error_of(r, status, kind)


def test_position_deal_past_the_stock(client: TestClient) -> None:
    moves = ["deal"] * 25
    msg = error_of(client.post("/v1/position", json={"deal": 45, "moves": moves}), 400)
    assert msg == "step 25: deal: the stock is empty"


# -- /v1/check start= ---------------------------------------------------------------------

def test_check_from_a_position(client: TestClient) -> None:
    p = winnable_puzzle()
    start = p["solution"][:6]
    r = client.post("/v1/check", json={"deal": p["line"], "variant": p["variant"]["name"],
                                       "start": start, "time_limit": 15})
    assert r.status_code == 200, r.text
    v = r.json()
    assert v["status"] == "winnable"
    assert v["moves"][:6] == start and len(v["moves"]) > 6
    deal, variant = Deal.parse(p["line"]), get_variant(p["variant"]["name"])
    assert replay(deal, variant, parse_moves(v["moves"])).won


def test_check_from_a_lost_position(client: TestClient) -> None:
    """Deal everything without a discard: a pyramid deal with one pass is then lost."""
    r = client.post("/v1/check", json={"deal": 45, "start": ["deal"] * 24})
    assert r.status_code == 200, r.text
    v = r.json()
    assert v["status"] == "blocked" and v["certificate"]["kind"]


def test_check_illegal_start_names_the_step(client: TestClient) -> None:
    r = client.post("/v1/check", json={"deal": 45, "start": "deal deal 9H+4C"})
    deal, v = Deal.from_number(45), get_variant("pyramid")
    game = Game(deal, v)
    game.push(Move.parse("deal"))
    game.push(Move.parse("deal"))
    why = game.why_illegal(Move.parse("9H+4C"))
    assert error_of(r, 400, "RefereeError") == f"start, step 3: 9H+4C: {why}"
    assert "start" in error_of(client.post("/v1/check", json={"deal": 45, "start": 3}), 422)


# -- /v1/books ids= -------------------------------------------------------------------------

def test_book_of_chosen_puzzles(client: TestClient) -> None:
    p = winnable_puzzle("giza")
    r = client.post("/v1/books", json={"collection": "giza", "ids": [p["id"]],
                                       "title": "Chosen"})
    assert r.status_code == 200, r.text
    assert r.content.startswith(b"%PDF") and r.headers["content-type"] == "application/pdf"


def test_book_ids_errors(client: TestClient) -> None:
    msg = error_of(client.post("/v1/books", json={"collection": "giza", "ids": ["giza-nope"]}),
                   400, "BookError")
    assert "giza-nope" in msg
    assert "ids" in error_of(client.post("/v1/books", json={"ids": []}), 422)
    assert "ids" in error_of(client.post("/v1/books", json={"ids": ["x"], "deals": [1]}), 400)
    many = [f"giza-{i}" for i in range(13)]
    assert "1 to 12" in error_of(client.post("/v1/books", json={"ids": many}), 413)
