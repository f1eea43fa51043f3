"""What a served page needs (issue 30): the HTML filled in for the address (the board's
size for its game, the menus and rules in a player's words, the page's data), its files
under a content tag cached for a year and under their plain names revalidated, gzip,
``HEAD`` wherever ``GET`` answers, a meta description. And the rules in words for every
game (:meth:`pyramids.core.variants.Variant.in_words`)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from pyramids.core.deals import Deal
from pyramids.core.errors import VariantError
from pyramids.core.game import Game
from pyramids.core.placement import View, page_frame
from pyramids.core.variants import PRESETS, TITLES, build_variant, get_variant
from pyramids.service import ServiceConfig, create_app
from pyramids.service.routes.page import (
    OPTION_VALUES,
    OPTION_WORDS,
    PLAIN_CACHE,
    TAGGED_CACHE,
    board_box,
    goal_fields,
    page_variant,
    static_tag,
    tag_of,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(ServiceConfig(workers=1))) as c:
        yield c


class Page(HTMLParser):
    """The parts of the page these tests read: meta tags, the board's viewBox, the
    selected options, the page data, and the text a reader sees."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.viewbox = ""
        self.selected: dict[str, str] = {}
        self.data = ""
        self.classes: dict[str, str] = {}
        self.words: list[str] = []
        self._select = ""
        self._in: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self._in.append(tag)
        if tag == "meta" and "name" in a:
            self.meta[a["name"]] = a.get("content", "")
        if tag == "svg" and a.get("id") == "board":
            self.viewbox = a["viewbox"]
        if tag == "select":
            self._select = a.get("id") or a.get("name", "")
        if tag == "option" and "selected" in a:
            self.selected[self._select] = a["value"]
        if "id" in a:
            self.classes[a["id"]] = a.get("class", "")

    def handle_endtag(self, tag: str) -> None:
        while self._in and self._in.pop() != tag:
            pass

    def handle_data(self, data: str) -> None:
        if "script" in self._in[-1:]:
            self.data += data
        elif "style" not in self._in[-1:] and data.strip():
            self.words.append(data.strip())


def page(client: TestClient, query: str = "") -> Page:
    r = client.get(f"/{query}")
    assert r.status_code == 200 and r.headers["cache-control"] == "no-cache"
    assert "{{" not in r.text, "every blank of the template filled in"
    return Page(r.text)


def test_the_page_says_what_it_is(client: TestClient) -> None:
    p = page(client)
    assert 50 <= len(p.meta["description"]) <= 300
    assert "Pyramid" in p.meta["description"] and p.meta["viewport"].startswith("width=device")


@pytest.mark.parametrize("query, variant", [
    ("", "pyramid"), ("?deal=9&variant=giza", "giza"), ("?variant=giza&rest=tableau:4x6", None),
    ("?variant=msc", "msc"), ("?variant=bouquet&rows=5", None),
    ("?variant=nonsense&rows=99", "pyramid"),     # rules that cannot be: Pyramid's board
    ("?variant=pyramid&draw=zebra", "pyramid"),
])
def test_the_board_keeps_its_place_for_the_game_asked(client: TestClient, query: str,
                                                      variant: str | None) -> None:
    """The board's viewBox comes with the page: the one the script will set once the
    cards arrive (/v1/position's board), so nothing moves when they do."""
    p = page(client, query)
    params = dict(x.split("=") for x in query.lstrip("?").split("&") if x)
    v = get_variant(variant) if variant else build_variant(
        params.pop("variant"), **{k: int(v) if k == "rows" else v for k, v in params.items()
                                  if k != "deal"})
    f = page_frame(View.of(Game(Deal.from_number(0), v)))
    assert p.viewbox == f"-8 -8 {f['width'] + 16:g} {f['height'] + 16:g}"
    if variant is None:  # the board the page gets for these rules has that size
        opts = {k: int(x) if k == "rows" else x for k, x in params.items() if k != "deal"}
        r = client.post("/v1/position", json={"deal": "5", "variant": v.name, **opts})
        b = r.json()["position"]["board"]
        assert p.viewbox == f"-8 -8 {b['width'] + 16:g} {b['height'] + 16:g}"


def test_the_menus_and_rules_are_in_a_players_words(client: TestClient) -> None:
    p = page(client, "?deal=2&variant=msc")
    assert p.selected["opt-variant"] == "msc"
    shown = " ".join(p.words)
    assert get_variant("msc").in_words() in shown
    for title in TITLES.values():
        assert title.split(" (")[0] in shown
    assert not re.search(r"--[a-z]|\b(stock_waste|stock-waste|objective|scoring)\b", shown)
    data = json.loads(p.data)
    assert [x["name"] for x in data["presets"]] == list(PRESETS)
    assert data["option_words"] == OPTION_WORDS


def test_every_option_value_has_words() -> None:
    for key, values in OPTION_VALUES.items():
        assert set(OPTION_WORDS[key]) == set(values), key


@pytest.mark.parametrize("goal, variant, fields", [
    ("win", "msc", (False, False)), ("board", "msc", (False, False)),
    ("score", "msc", (False, False)), ("score:1000", "msc", (True, False)),
    ("cards:A:4", "pyramid", (True, True)), ("score:1000", "pyramid", (False, False)),
])
def test_the_goal_fields_come_as_the_script_will_show_them(
        client: TestClient, goal: str, variant: str, fields: tuple[bool, bool]) -> None:
    assert goal_fields(goal, get_variant(variant)) == fields
    p = page(client, f"?variant={variant}&goal={goal}")
    shown = tuple("off" not in p.classes[k] for k in ("goal-n-label", "goal-rank-label"))
    assert shown == fields


def test_page_variant_falls_back_to_pyramid() -> None:
    v, ok = page_variant({"variant": "giza", "rest": "tableau:6x4"})
    assert ok and v.columns == 6
    assert page_variant({"variant": "cheops", "overlap": "true"})[0].overlap is True
    assert page_variant({"variant": "msc", "rows": "x"}) == (get_variant("pyramid"), False)
    with pytest.raises(VariantError):
        build_variant("giza", draw=3)
    assert page_variant({"variant": "giza", "draw": "3"}) == (get_variant("pyramid"), False)
    assert page_variant({"variant": "pyramid", "draw": "zebra"})[1] is False
    assert board_box(get_variant("giza")) != board_box(get_variant("pyramid"))


@pytest.mark.parametrize("query", ["", "?deal=2&variant=msc&moves=draw+QD%2BAD",
                                   "?deal=pysolfc:32000&variant=pysolfc-giza",
                                   "?deal=9&variant=giza&rest=tableau:4x6"])
def test_the_first_position_comes_with_the_page(client: TestClient, query: str) -> None:
    """The board is drawn without a round trip: the page carries what /v1/position
    answers for its address."""
    data = json.loads(page(client, query).data)
    params = dict(x.split("=", 1) for x in query.lstrip("?").split("&") if x)
    body = {"deal": params.pop("deal", "1").replace("%2B", "+"),
            "moves": params.pop("moves", "").replace("+", " ").replace("%2B", "+")}
    asked = client.post("/v1/position", json=body | params).json()
    assert data["position"] == asked


@pytest.mark.parametrize("query", ["?deal=KC+QC", "?deal=2&moves=QS%2BQS",
                                   "?variant=pyramid&draw=zebra", "?variant=giza&draw=3"])
def test_no_first_position_for_what_the_service_refuses(client: TestClient, query: str) -> None:
    assert json.loads(page(client, query).data)["position"] is None


def test_files_under_their_tag_are_kept_a_year(client: TestClient) -> None:
    html = client.get("/").text
    tag = static_tag()
    names = re.findall(rf'"/static/{tag}/([a-z]+\.(?:js|css))"', html)
    assert {"app.js", "style.css", "api.js", "cards.js", "words.js"} <= set(names)
    for name in names:
        r = client.get(f"/static/{tag}/{name}")
        assert r.status_code == 200 and r.headers["cache-control"] == TAGGED_CACHE, name
        plain = client.get(f"/static/{name}")
        assert plain.headers["cache-control"] == PLAIN_CACHE and plain.content == r.content
        # revalidated by its ETag: nothing sent again
        again = client.get(f"/static/{name}", headers={"if-none-match": plain.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
    assert client.get("/static/0123456789ab/app.js").status_code == 404  # another release's


def test_the_tag_changes_with_any_file(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text("one")
    (tmp_path / "b.css").write_text("two")
    first = tag_of(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{12}", first) and tag_of(tmp_path) == first
    (tmp_path / "b.css").write_text("two!")
    assert tag_of(tmp_path) != first
    (tmp_path / "b.css").write_text("two")
    assert tag_of(tmp_path) == first
    (tmp_path / "c.js").write_text("")
    assert tag_of(tmp_path) != first


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/static/style.css", "/v1/variants",
                                  "/openapi.json"])
def test_text_travels_compressed(client: TestClient, path: str) -> None:
    raw = client.get(path, headers={"accept-encoding": "identity"})
    packed = client.get(path, headers={"accept-encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip" and "accept-encoding" in packed.headers[
        "vary"].lower()
    assert "content-encoding" not in raw.headers
    assert packed.content == raw.content  # (the client unpacks it)
    size = int(packed.headers["content-length"])
    assert size < 0.6 * len(raw.content), (size, len(raw.content))


def test_a_book_is_not_packed_again(client: TestClient) -> None:
    r = client.post("/v1/books", json={"ids": ["pyramid-easy-001"]},
                    headers={"accept-encoding": "gzip"})
    if r.status_code == 404:
        pytest.skip("no puzzle pyramid-easy-001 in the shipped collections")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    assert "content-encoding" not in r.headers


def get_routes(client: TestClient) -> list[str]:
    """A path for every GET operation the service publishes (path parameters filled in
    with examples), and the page."""
    examples = {"number": "17", "collection": "pyramid", "index": "0",
                "date": "2026-02-30"}  # (a 400 at once: a real date makes a day's set)
    ops = client.get("/openapi.json").json()["paths"]
    return ["/"] + [re.sub(r"\{(\w+)\}", lambda m: examples[m[1]], path)
                    for path, methods in ops.items() if "get" in methods]


def test_head_answers_wherever_get_does(client: TestClient) -> None:
    paths = get_routes(client)
    assert {"/", "/healthz", "/v1/deals/17", "/v1/variants", "/v1/puzzles"} <= set(paths)
    paths += ["/openapi.json", f"/static/{static_tag()}/app.js", "/static/style.css",
              "/docs", "/v1/puzzles/nothing-here", "/v1/deals/x"]
    for path in paths:
        for enc in ("identity", "gzip"):
            got = client.get(path, headers={"accept-encoding": enc})
            head = client.head(path, headers={"accept-encoding": enc})
            assert head.status_code == got.status_code, path
            assert head.content == b"", path
            skip = {"date", "x-request-id"}  # each answer's own (made per request)
            assert head.headers["x-request-id"] != got.headers["x-request-id"]
            assert {k: v for k, v in head.headers.items() if k not in skip} == {
                k: v for k, v in got.headers.items() if k not in skip}, path
    # a route with no GET still says which methods it takes
    r = client.head("/v1/check")
    assert r.status_code == 405 and r.content == b""


# -- the rules in a player's words ---------------------------------------------------------

#: What a player should not have to read in the rules: option names, values, flags.
OPTION_TALK = re.compile(r"--|\b(rest|stock_waste|stock-waste|objective|scoring|stock_top|"
                         r"stock-top|overlap|tableau|bouquet|face-up|face-down|unlimited)\b")


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_game_has_a_title_and_rules_in_words(name: str) -> None:
    v = PRESETS[name]
    assert v.title == TITLES[name] and v.title != name
    words = v.in_words()
    assert not OPTION_TALK.search(words), words
    assert "13" in words and words.endswith(".")
    assert ("Win by clearing the pyramid." in words) == (v.objective == "pyramid")
    if v.is_stock:
        assert ("three cards at a time" in words) == (v.draw == 3)
        assert ("as often as you like" in words) == (v.passes is None)


@settings(max_examples=200, deadline=None)
@given(rows=st.integers(1, 9), rest=st.sampled_from(["stock", "bouquet"]),
       draw=st.sampled_from([1, 3]), passes=st.sampled_from(["1", "2", "3", "5", "unlimited"]),
       overlap=st.booleans(), objective=st.sampled_from(["all", "pyramid"]),
       stock_waste=st.sampled_from(["allowed", "forbidden", "automatic"]),
       face_up=st.booleans())
def test_any_rules_read_in_words(rows: int, rest: str, draw: int, passes: str, overlap: bool,
                                 objective: str, stock_waste: str, face_up: bool) -> None:
    opts: dict[str, Any] = {"rows": rows, "rest": rest, "overlap": overlap,
                            "objective": objective}
    if rest == "stock":
        opts |= {"draw": draw, "passes": passes}
        if draw == 1:
            opts["stock_waste"] = stock_waste
            if face_up and stock_waste != "automatic":
                opts["stock_top"] = "face-up"
    try:
        v = build_variant("pyramid", **opts)
    except VariantError:
        return  # rules that cannot be (the validation says why elsewhere)
    words = v.in_words()
    assert not OPTION_TALK.search(words), words
    n = v.pyramid_cards
    assert f"A pyramid of {n} card{'s' if n > 1 else ''} in {rows} row" in words
    assert f"The other {52 - n} cards" in words
    assert ("the one covering it" in words) == overlap


def test_the_first_paint_waits_for_the_board(client: TestClient) -> None:
    """The page's script blocks rendering: the first paint shows the page whole, its board
    drawn from the position that came with the page, instead of a page without cards and
    then a long task to draw them (Lighthouse, mobile, 3 paired runs at load 5.8-6.2:
    performance 97-98 and no blocking time, against 90-99 and 114-389 ms without)."""
    html = client.get("/").text
    assert re.search(r'<script type="module" src="/static/\w+/app\.js" blocking="render">', html)


@pytest.mark.parametrize(("variant", "words"), [
    ("pysolfc-pyramid", ["deal", "redeal"]),      # PySolFC's talon: face up, yet clicks
    ("pysolfc-king-tut", ["deal", "redeal"]),
    ("msc", ["draw", "recycle"]),                 # MSC's face-up deck
    ("pyramid", ["deal", "redeal"]),
    ("giza", []),
])
def test_position_names_the_stock_moves(client: TestClient, variant: str,
                                        words: list[str]) -> None:
    """The page writes the stock's moves as the game's lines do: ``stock_moves``, which
    every legal stock move of the position is one of."""
    deal = "pysolfc:32000" if variant.startswith("pysolfc-") else 5
    pos = client.post("/v1/position", json={"deal": deal, "variant": variant}).json()
    assert pos["stock_moves"] == words
    stock_legal = [m for m in pos["position"]["legal"] if "+" not in m and len(m) > 2]
    assert stock_legal and set(stock_legal) <= set(words) if words else not stock_legal


def test_the_page_takes_auto_deal_from_the_address(client: TestClient) -> None:
    def rules(query: str) -> str:
        page = client.get(f"/?deal=pysolfc:32000&variant=pysolfc-pyramid{query}").text
        assert 'name="auto_deal"' in page
        m = re.search(r'id="variant-text"[^>]*>([^<]*)<', page)
        assert m, "the rules line"
        return m[1]

    assert "Auto deal does" in rules("") and "Auto deal does" in rules("&auto_deal=true")
    assert "Auto deal" not in rules("&auto_deal=false")
