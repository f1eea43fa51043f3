"""PySolFC's ten other pyramid games in the HTTP service: /v1/variants (their layouts and
talons), /v1/deals, /v1/check (a verdict, its line replayed by the rules engine and in the
model of PySolFC's stacks), /v1/position (step and play), /v1/filter (a verdict per deal,
as ``pyramids filter`` gives it) and the 400s of bad input."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from pyramids.answers.family import check_game
from pyramids.bulk import GAME_NODE_LIMIT
from pyramids.core.board import replay
from pyramids.core.rules import GAMES
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import PySolFCGame
from pyramids.service import ServiceConfig, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: A game number each game wins (found by the general search; Pharaohs, seldom won, at
#: 216), and one (Pharaohs 1) that it does not.
WON = {"pysolfc-pharaohs": 216, "pysolfc-pyramid-thirteen": 3, "pysolfc-apophis": 3,
       "pysolfc-cheops": 5, "pysolfc-two-pyramids": 1, "pysolfc-double-pyramid": 3,
       "pysolfc-triangle": 1, "pysolfc-up-and-down": 2, "pysolfc-pyramid-dozen": 5,
       "pysolfc-eleven-triangle": 1}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(ServiceConfig(workers=1, queue=2, default_time_limit=20,
                                   max_time_limit=30, max_batch=5, max_body_bytes=8192))
    with TestClient(app) as c:
        yield c


def post(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    r = client.post(path, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def refused(client: TestClient, path: str, body: dict[str, Any]) -> str:
    r = client.post(path, json=body)
    assert r.status_code == 400, r.text
    return str(r.json()["error"])


def test_variants_list_the_ten_games_with_their_layouts(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/v1/variants").json()["games"]}
    assert set(games) == set(GAMES)
    for name, rules in GAMES.items():
        g = games[name]
        places = g["layout"]["places"]
        assert [p["covered_by"] for p in places] == [list(c) for c in rules.layout.covered_by]
        assert [(p["x"], p["y"]) for p in places] == [tuple(s) for s in rules.layout.spots]
        assert [p["name"] for p in places] == list(rules.layout.names)
        assert g["decks"] == rules.decks and g["pysolfc"] == rules.pysolfc
        if rules.talon.exists:
            assert g["talon"]["wastes"] == rules.talon.wastes
            assert g["talon"]["cards"] == rules.cards - len(places)
        else:
            assert g["talon"] is None
    assert games["pysolfc-apophis"]["talon"]["wastes"] == 3
    assert sum(p["face_down"] for p in games["pysolfc-pyramid-thirteen"]["layout"]["places"]) == 21
    # an inverted pyramid: its top row is its widest, each card under the row below
    tri = games["pysolfc-triangle"]["layout"]["places"]
    assert tri[0]["covered_by"] == [7] and tri[6]["covered_by"] == [12]


def test_the_page_names_pysolfc_once(client: TestClient) -> None:
    """Cheops's title already says PySolFC (the classic preset holds the bare name): the
    game menu and the rules under the form say it once, as for the other nine."""
    assert GAMES["pysolfc-cheops"].title == "Cheops (PySolFC)"
    html = client.get("/", params={"variant": "pysolfc-cheops", "deal": "pysolfc:248"}).text
    assert '<option value="pysolfc-cheops" selected>Cheops (PySolFC)</option>' in html
    assert '<option value="pysolfc-pharaohs">Pharaohs (PySolFC)</option>' in html
    assert "(PySolFC) (PySolFC" not in html
    games = {g["name"]: g for g in client.get("/v1/variants").json()["games"]}
    assert games["pysolfc-cheops"]["rules"].startswith("Cheops (PySolFC game 659): ")
    assert games["pysolfc-up-and-down"]["rules"].startswith("Up and Down (PySolFC game ")


@pytest.mark.parametrize("name", ["pysolfc-two-pyramids", "pysolfc-pyramid-dozen"])
def test_deals_deal_pysolfc_game_numbers(client: TestClient, name: str) -> None:
    rules = GAMES[name]
    r = client.get("/v1/deals/7", params={"variant": name})
    assert r.status_code == 200, r.text
    d = r.json()
    assert d["number"] == 7
    cards = family_cards(rules.pysolfc or 0, PySolFCGame(7))
    assert d["line"] == " ".join(map(str, cards))
    assert len(d["line"].split()) == 52 * rules.decks
    assert [p["card"] for p in d["json"]["layout"]] == d["line"].split()[:rules.layout.size]


@pytest.mark.parametrize("name", sorted(WON))
def test_check_wins_and_the_line_replays(client: TestClient, name: str) -> None:
    rules = GAMES[name]
    v = post(client, "/v1/check", {"variant": name, "deal": f"pysolfc:{WON[name]}"})
    assert v["status"] == "winnable" and v["pysolfc"] == WON[name]
    cards = family_cards(rules.pysolfc or 0, PySolFCGame(WON[name]))
    assert v["line"] == " ".join(map(str, cards))
    assert replay(rules, cards, v["moves"]).is_won()
    assert v["clicks"]["replayed"] and v["clicks"]["won"]
    assert v["clicks"]["clicks"] == len(v["moves"])


def test_check_blocked_has_a_certificate(client: TestClient) -> None:
    v = post(client, "/v1/check", {"variant": "pysolfc-pharaohs", "deal": "pysolfc:1"})
    assert v["status"] == "blocked"
    assert v["certificate"]["kind"] in ("partners", "exhaustive")
    assert v["moves"] == []


def test_check_from_a_position_continues_its_line(client: TestClient) -> None:
    name = "pysolfc-apophis"
    first = post(client, "/v1/check", {"variant": name, "deal": "pysolfc:3"})
    start = first["moves"][:5]
    v = post(client, "/v1/check", {"variant": name, "deal": "pysolfc:3", "start": start})
    assert v["status"] == "winnable" and v["moves"][:5] == start


def test_position_steps_through_a_line(client: TestClient) -> None:
    name = "pysolfc-double-pyramid"
    line = post(client, "/v1/check", {"variant": name, "deal": "pysolfc:3"})["moves"]
    p = post(client, "/v1/position", {"variant": name, "deal": "pysolfc:3", "moves": line,
                                      "steps": True})
    assert len(p["positions"]) == len(line) + 1
    assert p["positions"][-1]["won"] and not p["positions"][0]["won"]
    ids = p["ids"]
    assert len(ids) == len(set(ids)) == 104
    first = p["positions"][0]
    assert set(first["board"]["cards"]) == set(ids)  # every card drawn at the start
    assert len(first["layout"]) == GAMES[name].layout.size
    # each move of the line is legal where it is played, as the page offers it
    for pos, move in zip(p["positions"], line, strict=False):
        assert move in pos["legal"]
    # a card in play is named in a line as the legal moves name it
    tokens = set(first["tokens"].values())
    for move in first["legal"]:
        if move not in ("deal", "redeal"):
            assert set(move.split("+")) <= tokens


def test_position_board_is_one_size_and_draws_three_wastes(client: TestClient) -> None:
    p = post(client, "/v1/position", {"variant": "pysolfc-apophis", "deal": "pysolfc:3",
                                      "moves": ["deal"], "steps": True})
    a, b = (x["board"] for x in p["positions"])
    assert (a["width"], a["height"]) == (b["width"], b["height"])
    assert len(p["position"]["wastes"]) == 3
    assert [len(w) for w in p["position"]["wastes"]] == [2, 2, 2]
    assert all(x + 100 <= b["width"] + 1e-6 for x, _ in b["cards"].values())
    assert all(y + 140 <= b["height"] + 1e-6 for _, y in b["cards"].values())
    assert b["raise"] == [c for w in p["position"]["wastes"] for c in w]


def test_thirteen_face_down_cards_turn_up_when_uncovered(client: TestClient) -> None:
    p = post(client, "/v1/position", {"variant": "pysolfc-pyramid-thirteen",
                                      "deal": "pysolfc:3"})["position"]
    assert len(p["down"]) == 21
    assert not set(p["down"]) & set(p["available"])


@pytest.mark.parametrize(("body", "words"), [
    ({"deal": "pysolfc:3", "moves": ["deal", "QS+KH"]}, "step 2"),
    ({"deal": 5}, "pysolfc:5"),
    ({"deal": "pysolfc:3", "draw": 3}, "draw: pysolfc-apophis plays PySolFC's rules"),
    ({"deal": "pysolfc:0"}, "game number '0'"),
    ({"deal": "pysolfc:3", "moves": ["9Z"]}, "step 1"),
])
def test_bad_input_is_a_400_naming_it(client: TestClient, body: dict[str, Any],
                                      words: str) -> None:
    assert words in refused(client, "/v1/position", {"variant": "pysolfc-apophis", **body})


def test_check_refuses_what_the_games_do_not_answer(client: TestClient) -> None:
    base = {"variant": "pysolfc-triangle", "deal": "pysolfc:1"}
    assert "answered for a win" in refused(client, "/v1/check", {**base, "goal": "board"})
    assert "general search" in refused(client, "/v1/check", {**base, "engine": "cpsat"})
    assert "step 1" in refused(client, "/v1/check", {**base, "start": ["KS+QS"]})
    said = refused(client, "/v1/books", {"variant": "pysolfc-triangle", "deals": [1]})
    assert "/v1/check, /v1/position, /v1/filter and /v1/deals" in said
    r = client.get("/v1/deals/0", params={"variant": "pysolfc-triangle"})
    assert r.status_code == 400 and "game number '0'" in r.json()["error"]
    r = client.get("/v1/deals/3", params={"variant": "pysolfc-triangle", "rows": "5"})
    assert r.status_code == 400 and "rows" in r.json()["error"]


def test_filter_gives_each_deals_verdict_as_pyramids_filter(client: TestClient) -> None:
    rules = GAMES["pysolfc-pyramid-dozen"]
    assert rules.pysolfc is not None
    numbers = range(1, 6)  # the client's max_batch
    want = [check_game(rules, family_cards(rules.pysolfc, PySolFCGame(n)),
                       node_limit=GAME_NODE_LIMIT, engine="auto") for n in numbers]
    assert {v.status for v in want} == {"winnable", "blocked"}  # both, told apart
    for extra in ({}, {"mode": "exact"}):
        got = post(client, "/v1/filter", {"variant": rules.name, **extra,
                                          "deals": [f"pysolfc:{n}" for n in numbers]})
        assert got["mode"] == "exact" and got["variant"]["name"] == rules.name
        assert got["time_limit"] == 20
        results = got["results"]
        assert [(r["pysolfc"], r["game"], r["status"]) for r in results] == \
            [(n, rules.name, v.status) for n, v in zip(numbers, want, strict=True)]
        assert got["counts"] == {"winnable": sum(v.status == "winnable" for v in want),
                                 "blocked": sum(v.status == "blocked" for v in want),
                                 "unknown": 0}
        for n, r, v in zip(numbers, results, want, strict=True):
            cards = family_cards(rules.pysolfc, PySolFCGame(n))
            assert r["line"] == " ".join(map(str, cards))
            assert r["moves"] == list(v.line)
            if v.status == "winnable":
                assert replay(rules, cards, r["moves"]).is_won()
            else:
                assert r["certificate"]["kind"] == v.certificate.kind  # type: ignore[union-attr]


@pytest.mark.parametrize(("body", "words"), [
    ({"mode": "quick"}, "mode quick: pysolfc-triangle is answered exactly only"),
    ({"mode": "exact", "goal": "moves"}, "goal moves: pysolfc-triangle is filtered for a win"),
    ({"engine": "cpsat"}, "engine cpsat: pysolfc-triangle is answered by the general"),
    ({"deals": [5]}, "write pysolfc:5"),
    ({"deals": ["pysolfc:1", "pysolfc:0"]}, "game number '0'"),
    ({"rows": 5}, "rows: pysolfc-triangle plays PySolFC's rules"),
])
def test_filter_refuses_what_a_game_does_not_answer(client: TestClient,
                                                     body: dict[str, Any],
                                                     words: str) -> None:
    said = refused(client, "/v1/filter",
                   {"variant": "pysolfc-triangle", "deals": ["pysolfc:1"], **body})
    assert words in said, said


def test_filter_of_a_game_keeps_the_batch_bound(client: TestClient) -> None:
    r = client.post("/v1/filter", json={"variant": "pysolfc-triangle",
                                        "deals": [f"pysolfc:{n}" for n in range(1, 7)]})
    assert r.status_code == 413 and "at most 5 deals" in r.json()["error"]


def test_the_page_comes_with_a_games_first_position(client: TestClient) -> None:
    import json
    import re

    def data(html: str) -> Any:
        found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>',
                          html, re.S)
        assert found is not None
        return json.loads(found.group(1))

    r = client.get("/", params={"variant": "pysolfc-apophis", "deal": "pysolfc:3",
                                "moves": "deal"})
    assert r.status_code == 200
    assert '<option value="pysolfc-apophis" selected>' in r.text
    shown = data(r.text)["position"]
    assert shown["moves"] == ["deal"] and shown["pysolfc"] == 3
    board = shown["position"]["board"]
    assert f'viewBox="-8 -8 {board["width"] + 16:g} {board["height"] + 16:g}"' in r.text
    assert {g["name"] for g in data(r.text)["games"]} == set(GAMES)
    # a move the referee refuses: the page comes without a position (it asks, and says why)
    r = client.get("/", params={"variant": "pysolfc-apophis", "deal": "pysolfc:3",
                                "moves": "KS+QS"})
    assert r.status_code == 200 and data(r.text)["position"] is None
