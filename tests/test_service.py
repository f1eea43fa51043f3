"""The HTTP service through FastAPI's test client: every endpoint, every kind of error.

Bad input must give a 4xx whose message is the one the CLI prints for the same input.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from click.testing import CliRunner
from fastapi.testclient import TestClient

from pyramids.book.puzzles import find_solver
from pyramids.cli import main
from pyramids.core.deals import Deal
from pyramids.core.moves import parse_moves
from pyramids.core.referee import replay
from pyramids.core.variants import PRESETS, Variant, get_variant
from pyramids.service import ServiceConfig, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def cli(*args: str) -> str:
    """What ``pyramids ARGS`` prints (stdout and stderr)."""
    result = CliRunner().invoke(main, list(args))
    return result.output


def make_puzzles(directory: Path) -> list[dict[str, Any]]:
    """A small collection in the shipped format (docs/architecture.md), from real deals."""
    directory.mkdir(parents=True, exist_ok=True)
    v = get_variant("giza")
    entries = [{"id": f"giza-{i:03d}", "collection": "giza", "deal": n,
                "line": Deal.from_number(n).line(), "variant": v.options(), "grade": "easy",
                "score": float(i), "components": {}, "unique": False, "solution": []}
               for i, n in enumerate((11, 22, 33), 1)]
    (directory / "giza.jsonl").write_text("".join(json.dumps(e) + "\n" for e in entries))
    return entries


@pytest.fixture(scope="module")
def puzzles_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("puzzles")


@pytest.fixture(scope="module")
def client(puzzles_dir: Path) -> Iterator[TestClient]:
    make_puzzles(puzzles_dir)
    app = create_app(ServiceConfig(workers=1, queue=1, default_time_limit=5, max_time_limit=10,
                                   max_batch=5, max_body_bytes=8192, puzzles_dir=puzzles_dir))
    with TestClient(app) as c:
        yield c


def assert_error(r: Any, status: int, kind: str | None = None) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["status"] == status and body["error"]
    if kind is not None:
        assert body["kind"] == kind, body
    return body


# -- /healthz, /v1/variants, /v1/deals ---------------------------------------------------

def test_healthz(client: TestClient) -> None:
    body = client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["workers"] == 1 and body["capacity"] == 2
    assert body["backends"]["puzzles"] is True
    assert body["backends"]["check"] is True


def test_variants_lists_every_preset(client: TestClient) -> None:
    body = client.get("/v1/variants").json()
    assert [p["name"] for p in body["presets"]] == list(PRESETS)
    giza = next(p for p in body["presets"] if p["name"] == "giza")
    assert giza["columns"] == 8 and giza["tableau_rows"] == 3
    assert giza["description"] == PRESETS["giza"].describe()
    assert body["aliases"] == {"great-triangle": "pyramid"}
    assert "automatic" in body["options"]["stock_waste"]


@pytest.mark.parametrize("variant", ["giza", "bouquet", "tuts-tomb"])
def test_deal_forms_match_the_cli(client: TestClient, variant: str) -> None:
    r = client.get(f"/v1/deals/1234?variant={variant}")
    assert r.status_code == 200, r.text
    body = r.json()
    d = Deal.from_number(1234)
    assert body["line"] == d.line() == cli("deal", "1234", "--format", "line").strip()
    assert body["pretty"] == cli("deal", "1234", "--variant", variant).rstrip("\n")
    assert body["json"] == json.loads(cli("deal", "1234", "--variant", variant,
                                          "--format", "json"))
    assert body["variant"] == get_variant(variant).options()


def test_deal_with_rule_options(client: TestClient) -> None:
    r = client.get("/v1/deals/5?variant=pyramid&rows=5&passes=unlimited&draw=3&overlap=true")
    assert r.status_code == 200, r.text
    v = r.json()["variant"]
    assert (v["rows"], v["passes"], v["draw"], v["overlap"]) == (5, None, 3, True)
    assert len(r.json()["json"]["pyramid"]) == 5


def test_deal_symbols(client: TestClient) -> None:
    pretty = client.get("/v1/deals/9?symbols=true").json()["pretty"]
    assert any(s in pretty for s in "♣♦♥♠")


@pytest.mark.parametrize("number", ["abc", "-1", "1e3", "²", "١٢", "1" * 21])
def test_deal_number_not_digits(client: TestClient, number: str) -> None:
    """Not 1 to 20 ASCII digits: the schema's pattern, a 422 naming the path's number."""
    body = assert_error(client.get(f"/v1/deals/{number}"), 422, "ValidationError")
    assert body["error"].startswith("path.number: ")


def test_deal_number_out_of_range(client: TestClient) -> None:
    """Digits past 2^64-1: the library's 400."""
    body = assert_error(client.get(f"/v1/deals/{2**64}"), 400, "DealError")
    assert "deal number must be 0 to 2^64-1" in body["error"]


def test_deal_largest_number(client: TestClient) -> None:
    r = client.get(f"/v1/deals/{2**64 - 1}")
    assert r.status_code == 200 and r.json()["number"] == 2**64 - 1


@pytest.mark.parametrize(("query", "cli_args"), [
    ("variant=giza&draw=3", ["--variant", "giza", "--draw", "3"]),
    ("rest=tableau:5x5", ["--rest", "tableau:5x5"]),
    ("variant=bouquet&passes=3", ["--variant", "bouquet", "--passes", "3"]),
])
def test_bad_variant_gets_the_librarys_message(client: TestClient, query: str,
                                               cli_args: list[str]) -> None:
    """Options that do not go together: the library's 400, the words the CLI prints
    (with its flags where the message names an option)."""
    body = assert_error(client.get(f"/v1/deals/1?{query}"), 400, "VariantError")
    out = cli("deal", "1", *cli_args)
    assert body["error"].split(" ", 1)[1] in out and "--" not in body["error"]


@pytest.mark.parametrize(("query", "field"), [
    ("variant=klondike", "variant"), ("rows=12", "rows"), ("rows=0", "rows"),
    ("passes=0", "passes"), ("stock_waste=sometimes", "stock_waste"), ("draw=2", "draw"),
    ("rest=heap", "rest"), ("overlap=yes", "overlap"), ("symbols=1", "symbols"),
])
def test_bad_option_value_is_a_422_naming_it(client: TestClient, query: str,
                                             field: str) -> None:
    """What the schema states (enums, ranges, patterns) is validated as it says."""
    body = assert_error(client.get(f"/v1/deals/1?{query}"), 422, "ValidationError")
    assert body["error"].startswith(f"query.{field}: "), body


def test_query_of_wrong_type(client: TestClient) -> None:
    assert_error(client.get("/v1/deals/1?rows=many"), 422, "ValidationError")


# -- /v1/check ------------------------------------------------------------------------

def line_with(swap: dict[int, str] | None = None, drop: int = 0) -> str:
    cards = Deal.from_number(77).line().split()
    for i, c in (swap or {}).items():
        cards[i] = c
    return " ".join(cards[: len(cards) - drop])


@pytest.mark.parametrize(("deal", "fragment"), [
    (line_with({3: "ZZ"}), "ZZ"),
    (line_with({0: line_with().split()[1]}), "duplicate card"),
    (line_with(drop=1), "a deal has 52 cards, got 51"),
    (str(2**64), "deal number must be 0 to 2^64-1"),
    ("   ", "empty deal"),
    ('{"pyramid": 5}', "'pyramid' must be a list of rows (lists) of cards, got 5"),
    ('{"pyramid": [["AC"]], "stock": 5}', "'stock' must be a list of cards, got 5"),
])
def test_check_bad_deal_gets_the_cli_message(client: TestClient, deal: Any,
                                             fragment: str) -> None:
    body = assert_error(client.post("/v1/check", json={"deal": deal, "variant": "giza"}), 400,
                        "DealError")
    assert fragment in body["error"]
    if isinstance(deal, str) and deal.strip() and "cannot read" not in body["error"]:
        assert body["error"] in cli("deal", deal, "--variant", "giza")


def test_check_unknown_variant(client: TestClient) -> None:
    body = assert_error(client.post("/v1/check", json={"deal": 1, "variant": "solitaire"}),
                        422, "ValidationError")
    assert body["error"].startswith("variant: Input should be 'pyramid'")


def test_a_library_message_that_names_options_uses_the_fields(client: TestClient) -> None:
    """The score goal under rules without MSC's score: the catalogue's message, with the
    JSON fields where the CLI says its flags."""
    body = assert_error(client.post("/v1/check", json={"deal": 1, "goal": "score"}), 400,
                        "GoalError")
    assert '(variant "msc", or scoring "msc")' in body["error"] and "--" not in body["error"]
    assert "(-V msc, or --scoring msc)" in cli("check", "1", "--goal", "score")
    body = assert_error(client.post("/v1/deals/1", json={}), 405)
    body = assert_error(client.get("/v1/deals/1?draw=3&stock_waste=allowed"), 400)
    assert body["error"].startswith('stock_waste "allowed" needs draw 1')


@pytest.mark.parametrize("payload", [
    {"deal": 1, "colour": "red"},              # unknown option
    {"deal": 1, "engine": "magic"},            # unknown engine
    {"deal": 1, "time_limit": 0},              # time limit must be > 0
    {"deal": 1, "time_limit": -3},
    {"deal": 1, "rows": 7.5},
    {"deal": 1, "overlap": "yes"},
    {"deal": True},                            # a bool is not a deal number
    {"deal": [1, 2]},
    {"deal": -5},                              # deal numbers are 0 to 2^53-1 in JSON
    {"deal": 2**53},
    {"deal": 1, "rows": "7"},                  # a number, not text
    {"deal": 1, "draw": True},
    {"deal": 1, "goal": "BOARD"},              # the goals as listed
    {"deal": 1, "variant": "GIZA"},            # the presets as listed
    {"variant": "giza"},                       # no deal
    [1, 2, 3],                                 # not an object
])
def test_check_schema_errors(client: TestClient, payload: Any) -> None:
    body = assert_error(client.post("/v1/check", json=payload), 422, "ValidationError")
    assert ":" in body["error"]  # names the field


def test_check_nan_time_limit(client: TestClient) -> None:
    r = client.post("/v1/check", content=b'{"deal": 1, "time_limit": NaN}',
                    headers={"content-type": "application/json"})
    assert_error(r, 422, "ValidationError")


@pytest.mark.parametrize("raw", [b'{"deal": 1,', b"{deal: 1}", b"\xff\xfe", b'{"deal": 1}}',
                                 b"[" * 5000])
def test_malformed_json(client: TestClient, raw: bytes) -> None:
    r = client.post("/v1/check", content=raw, headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["error"]


def test_malformed_json_message(client: TestClient) -> None:
    r = client.post("/v1/check", content=b'{"deal": 1,',
                    headers={"content-type": "application/json"})
    body = assert_error(r, 400, "MalformedJSON")
    assert body["error"].startswith("malformed JSON")


def test_huge_integer_is_refused(client: TestClient) -> None:
    r = client.post("/v1/check", content=b'{"deal": ' + b"9" * 5000 + b"}",
                    headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500, r.text


def test_body_too_large(client: TestClient) -> None:
    big = {"deal": 1, "variant": "giza", "pad": "x" * 10_000}
    assert_error(client.post("/v1/check", json=big), 413, "BodyTooLarge")


def test_body_too_large_without_content_length(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"deal": "'
        for _ in range(20):
            yield b"x" * 1000
        yield b'"}'

    r = client.post("/v1/check", content=chunks(), headers={"content-type": "application/json"})
    assert_error(r, 413, "BodyTooLarge")


def test_unknown_route_and_method(client: TestClient) -> None:
    assert_error(client.get("/v1/nothing"), 404, "NotFound")
    assert_error(client.get("/v1/check"), 405, "MethodNotAllowed")


def verify(deal: Deal, variant_name: str, verdict: dict[str, Any]) -> None:
    """A verdict as the contract says: a replayed win, or a certificate, or unknown."""
    assert verdict["status"] in ("winnable", "blocked", "unknown")
    variant = (Variant.from_options(verdict["variant"]) if "variant" in verdict
               else get_variant(variant_name))
    assert variant.name == get_variant(variant_name).name
    if verdict["status"] == "winnable":
        result = replay(deal, variant,
                        parse_moves(" ".join(verdict["moves"])), require_win=True)
        assert result.won
    elif verdict["status"] == "blocked":
        assert verdict["certificate"]["kind"]
    else:
        assert verdict["reason"]


@pytest.mark.parametrize(("variant", "deal"), [("bouquet", 3), ("giza", 8), ("pyramid", 5)])
def test_check_gives_a_verified_verdict(client: TestClient, variant: str, deal: int) -> None:
    r = client.post("/v1/check", json={"deal": deal, "variant": variant, "time_limit": 5})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["deal"] == deal
    verify(Deal.from_number(deal), variant, body)


@pytest.mark.parametrize(("variant", "deal", "options", "body_options"), [
    ("bouquet", 3, [], {}), ("giza", 8, [], {}), ("giza", 2, ["--overlap"], {"overlap": True}),
    ("king-tut", 6, [], {}),
    ("pyramid", 12, ["--rows", "6", "--passes", "unlimited"],
     {"rows": 6, "passes": "unlimited"}),
])
def test_check_is_the_cli_json(client: TestClient, variant: str, deal: int,
                               options: list[str], body_options: dict[str, Any]) -> None:
    out = cli("check", str(deal), "--variant", variant, *options, "--time-limit", "5", "--json")
    expected = json.loads(out)
    body = {"deal": deal, "variant": variant, "time_limit": 5} | body_options
    r = client.post("/v1/check", json=body)
    assert r.status_code == 200, r.text
    got = r.json()
    if "unknown" in (got["status"], expected["status"]):
        pytest.skip("a time limit was hit: the answers need not agree")
    for key in ("seconds", "nodes"):
        got.pop(key), expected.pop(key)
    for obj in (got, expected):  # each engine run's time varies too
        for run in obj.get("engines", []):
            run.pop("seconds")
    assert got == expected
    verify(Deal.from_number(deal), variant, got)


@pytest.mark.parametrize("engine", ["search", "cpsat"])
def test_check_line_form_and_engine(client: TestClient, engine: str) -> None:
    d = Deal.from_number(8)
    r = client.post("/v1/check", json={"deal": d.line(), "variant": "giza", "engine": engine,
                                       "time_limit": 5})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["deal"] is None
    verify(d, "giza", body)


def _counting_replays(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[Any, ...]]]:
    """Every replay of a start from here on (the referee's, and the face-up translation's),
    each as (what, start moves); the replays already kept are forgotten first."""
    from pyramids.core import referee
    from pyramids.engines import faceup

    calls: list[tuple[str, tuple[Any, ...]]] = []
    real_replay, real_translate = referee._replay_start, faceup._translate_down

    def replay_start(deal: Deal, variant: Variant, start: tuple[Any, ...]) -> Any:
        calls.append(("replay", start))
        return real_replay(deal, variant, start)

    def translate(deal: Deal, variant: Variant, start: tuple[Any, ...]) -> Any:
        calls.append(("face-down", start))
        return real_translate(deal, variant, start)

    monkeypatch.setattr(referee, "_replay_start", replay_start)
    referee._reach.cache_clear()
    faceup._to_face_down.cache_clear()
    monkeypatch.setattr(faceup, "_translate_down", translate)
    return calls


@pytest.mark.parametrize(("variant", "deal", "engine", "goal"), [
    ("pyramid", 5, "search", "win"), ("pyramid", 5, "cpsat", "win"),
    ("pyramid", 5, "auto", "win"), ("giza", 8, "auto", "win"),
    # Par: the search's bounded pass and CP-SAT's unscored question read the same replay
    ("par-pyramid", 1, "auto", "win"), ("par-pyramid", 1, "search", "win"),
    ("pyramid", 5, "auto", "moves"), ("msc", 2, "auto", "board"),
])
def test_check_replays_its_start_once(client: TestClient, monkeypatch: pytest.MonkeyPatch,
                                      variant: str, deal: int, engine: str, goal: str) -> None:
    """A /v1/check request with ``start`` replays those moves once on its way to the engine:
    not in the event loop (the worker does it, naming an illegal step), and there once
    for the check and every engine and search it runs."""
    import random

    from pyramids.answers.check import check
    from pyramids.answers.goals import Goal
    from pyramids.engines import faceup
    from pyramids.engines.cpsat.position import random_line
    from pyramids.service import jobs

    d, v = Deal.from_number(deal), get_variant(variant)
    start = [str(m) for m in random_line(d, v, random.Random(deal), max_moves=4)]
    assert len(start) == 4
    calls = _counting_replays(monkeypatch)
    r = client.post("/v1/check", json={"deal": deal, "variant": variant, "engine": engine,
                                       "start": start, "time_limit": 20, "goal": goal})
    assert r.status_code == 200, r.text
    assert calls == []  # the event loop replayed nothing (the worker is another process)
    got = jobs.check(d, v, engine, 20.0, start=parse_moves(start), goal=Goal.parse(goal))
    assert got["status"] != "unknown", got
    assert not got["moves"] or got["moves"][:4] == start, got
    moves = tuple(parse_moves(start))
    if not v.face_up:
        assert calls == [("replay", moves)], calls
    else:  # translated once to the face-down game the engines play, which they replay once
        down, exact = faceup.to_face_down(d, v, moves)
        assert exact and calls == [("replay", moves), ("face-down", moves),
                                   ("replay", tuple(down))], calls
    for bad in (jobs.check, check):  # an illegal start still names its step
        with pytest.raises(Exception, match="start, step 2"):
            if bad is check:
                check(d, v, engine=engine, start=parse_moves([start[0], start[0]]))
            else:
                jobs.check(d, v, engine, 5.0, start=parse_moves([start[0], start[0]]))


# -- /v1/filter -----------------------------------------------------------------------

def test_filter_batch_bound(client: TestClient) -> None:
    body = assert_error(client.post("/v1/filter", json={"deals": list(range(6))}), 413,
                        "BatchTooLarge")
    assert "at most 5 deals" in body["error"]


def test_filter_empty(client: TestClient) -> None:
    body = assert_error(client.post("/v1/filter", json={"deals": []}), 422, "ValidationError")
    assert body["error"].startswith("deals: ")


def test_filter_quick_answers_no_goal(client: TestClient) -> None:
    """A goal needs mode exact: the schema says so (if mode is quick, goal is win)."""
    body = assert_error(client.post("/v1/filter", json={"deals": [1], "goal": "cards:A:4"}),
                        422, "ValidationError")
    assert body["error"] == ('body: goal "cards:A:4" needs mode "exact": quick mode only '
                             "looks for instant certificates")
    schema = client.get("/openapi.json").json()["components"]["schemas"]["FilterRequest"]
    assert schema["then"] == {"properties": {"goal": {"const": "win"}}}


def test_filter_bad_deal_names_it(client: TestClient) -> None:
    body = assert_error(client.post("/v1/filter", json={"deals": [1, line_with(drop=2)]}),
                        400, "DealError")
    assert "got 50" in body["error"]


def test_filter_bad_mode(client: TestClient) -> None:
    assert_error(client.post("/v1/filter", json={"deals": [1], "mode": "slow"}), 422)


def test_filter_quick(client: TestClient) -> None:
    deals = [1, 2, 3, Deal.from_number(4).line()]
    r = client.post("/v1/filter", json={"deals": deals, "variant": "king-tut", "mode": "quick"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert len(body["results"]) == 4 and body["mode"] == "quick"
    assert sum(body["counts"].values()) == 4
    from pyramids.answers.certificates import quick_certificate

    for spec, res in zip(deals, body["results"], strict=True):
        d = Deal.from_number(spec) if isinstance(spec, int) else Deal.parse(spec)
        assert res["line"] == d.line()
        cert = quick_certificate(d, get_variant("king-tut"))
        assert res["status"] == ("blocked" if cert else "unknown")
        if cert:
            assert res["certificate"]["kind"] == cert.kind


def test_filter_exact(client: TestClient) -> None:
    r = client.post("/v1/filter", json={"deals": [3, 4], "variant": "bouquet", "mode": "exact",
                                        "time_limit": 5})
    assert r.status_code == 200, r.text
    for n, res in zip((3, 4), r.json()["results"], strict=True):
        verify(Deal.from_number(n), "bouquet", res)


# -- /v1/puzzles ----------------------------------------------------------------------

def test_puzzle_collections(client: TestClient, puzzles_dir: Path) -> None:
    entries = [json.loads(x) for x in (puzzles_dir / "giza.jsonl").read_text().splitlines()]
    assert client.get("/v1/puzzles").json() == {"collections": [{"name": "giza", "count": 3}]}
    body = client.get("/v1/puzzles/giza").json()
    assert body["count"] == 3 and body["puzzles"] == entries
    page = client.get("/v1/puzzles/giza?offset=1&limit=1").json()
    assert page["puzzles"] == entries[1:2]
    assert client.get("/v1/puzzles/giza/2").json() == entries[1]
    assert client.get("/v1/puzzles/giza?grade=easy").json()["count"] == 3
    assert client.get("/v1/puzzles/giza?grade=hard").json() == {
        "collection": "giza", "count": 0, "offset": 0, "puzzles": []}
    assert_error(client.get("/v1/puzzles/giza?grade=tricky"), 422, "ValidationError")


@pytest.mark.parametrize("url", ["/v1/puzzles/giza/0", "/v1/puzzles/giza/4",
                                 "/v1/puzzles/nope", "/v1/puzzles/nope/1"])
def test_puzzle_not_found(client: TestClient, url: str) -> None:
    assert_error(client.get(url), 404, "NotFound")


@pytest.mark.parametrize("url", ["/v1/puzzles/giza/x", "/v1/puzzles/giza/²",
                                 "/v1/puzzles/..%2Fsecret", "/v1/puzzles/Giza"])
def test_puzzle_path_not_a_name(client: TestClient, url: str) -> None:
    assert_error(client.get(url), 422, "ValidationError")


def test_unreadable_collection(tmp_path: Path) -> None:
    make_puzzles(tmp_path)
    with (tmp_path / "giza.jsonl").open("a") as f:
        f.write('{"id": "giza-004", "deal"')  # a half-written line
    c = TestClient(create_app(ServiceConfig(workers=1, puzzles_dir=tmp_path)))
    r = c.get("/v1/puzzles/giza/1")
    body = assert_error(r, 503, "Unavailable")
    assert "line 4" in body["error"] and r.headers["retry-after"] == "5"


def test_puzzle_bad_paging(client: TestClient) -> None:
    assert_error(client.get("/v1/puzzles/giza?offset=-1"), 422)


def test_puzzles_not_available(tmp_path: Path) -> None:
    app = create_app(ServiceConfig(workers=1, puzzles_dir=tmp_path / "none"))
    c = TestClient(app)  # no lifespan: these endpoints need no solver process
    body = assert_error(c.get("/v1/puzzles/giza"), 503, "Unavailable")
    assert "not available yet" in body["error"]
    assert c.get("/healthz").json()["backends"]["puzzles"] is False


# -- /v1/books ------------------------------------------------------------------------

def test_book_request_errors(client: TestClient) -> None:
    assert_error(client.post("/v1/books", json={"count": "ten"}), 422)
    assert_error(client.post("/v1/books", json={"page_size": "a0"}), 422)
    assert_error(client.post("/v1/books", json={"deals": [1], "variant": "nope"}), 422)
    assert_error(client.post("/v1/books", json={"count": 0}), 422)
    assert_error(client.post("/v1/books", json={"deals": [1, "AC"]}), 400, "DealError")
    body = assert_error(client.post("/v1/books", json={"count": 50}), 413, "BatchTooLarge")
    assert "1 to 12 puzzles" in body["error"]
    assert_error(client.post("/v1/books", json={"collection": "nope"}), 404, "NotFound")


def winnable_deals(variant: str, how_many: int) -> list[tuple[int, list[str]]]:
    """The first deals (from 100) that the build's solver wins, with their solutions."""
    found = find_solver()
    out = []
    for n in range(100, 200):
        v = found[1](Deal.from_number(n), get_variant(variant), 5.0)
        if v.status == "winnable":
            out.append((n, [str(m) for m in v.moves]))
            if len(out) == how_many:
                return out
    raise AssertionError(f"no winnable {variant} deal in 100..199")


def pdf_text(data: bytes) -> str:
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) >= 2
    return "\n".join(page.extract_text() or "" for page in reader.pages)




def test_book_of_given_deals(client: TestClient) -> None:
    [(n, _moves)] = winnable_deals("giza", 1)
    r = client.post("/v1/books", json={"deals": [n], "variant": "giza", "title": "Served Book",
                                       "time_limit": 5})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/pdf"
    assert r.content.startswith(b"%PDF")
    assert "Served Book" in pdf_text(r.content)


def test_book_print_options(client: TestClient) -> None:
    """trim, large_print and per_page as pyramids book takes them; a bad combination is a
    400 naming the fields (never a flag)."""
    import io

    from pypdf import PdfReader

    [(n, _moves)] = winnable_deals("giza", 1)
    r = client.post("/v1/books", json={"deals": [n], "variant": "giza", "trim": "6x9",
                                       "time_limit": 5})
    assert r.status_code == 200, r.text
    reader = PdfReader(io.BytesIO(r.content))
    assert float(reader.pages[0].mediabox.width) == 432.0 and len(reader.pages) == 24
    body = assert_error(client.post("/v1/books", json={
        "deals": [n], "variant": "giza", "trim": "5x8", "per_page": 4, "large_print": True,
        "time_limit": 5}), 400, "BookError")
    assert 'trim "5x8" with per_page 4 and large_print' in body["error"], body
    assert "--" not in body["error"]
    body = assert_error(client.post("/v1/books", json={"trim": "6x9", "page_size": "a4"}),
                        400, "BookError")
    assert "trim or page_size, not both" in body["error"]
    assert_error(client.post("/v1/books", json={"per_page": 3}), 422)
    assert_error(client.post("/v1/books", json={"trim": "9x12"}), 422)


def test_book_cover_for_the_books_page_count(client: TestClient, tmp_path: Path) -> None:
    """part "cover": the wrap-around cover of the book the same request makes, its size
    the trim's twice, the spine for that book's pages and the bleed; the preflight finds
    nothing wrong with the pair; cover options without a cover, or a cover without a
    trim, are a 400 naming the fields."""
    import io

    from pypdf import PdfReader

    from pyramids.book.cover import cover_size
    from pyramids.book.preflight import preflight

    [(n, _moves)] = winnable_deals("giza", 1)
    ask = {"deals": [n], "variant": "giza", "trim": "6x9", "time_limit": 5}
    book = client.post("/v1/books", json=ask)
    assert book.status_code == 200, book.text
    pages = len(PdfReader(io.BytesIO(book.content)).pages)
    cover = client.post("/v1/books", json=ask | {"part": "cover", "paper": "cream",
                                                 "description": "Forty served puzzles."})
    assert cover.status_code == 200, cover.text
    assert 'filename="pyramids-cover.pdf"' in cover.headers["content-disposition"]
    box = PdfReader(io.BytesIO(cover.content)).pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == tuple(
        round(x, 2) for x in cover_size("6x9", pages, "cream"))
    (tmp_path / "book.pdf").write_bytes(book.content)
    (tmp_path / "cover.pdf").write_bytes(cover.content)
    report = preflight(tmp_path / "book.pdf", tmp_path / "cover.pdf")
    assert not report.problems, report.problems
    body = assert_error(client.post("/v1/books", json={"deals": [n], "variant": "giza",
                                                       "part": "cover"}), 400, "BookError")
    assert 'part "cover" needs a trim' in body["error"]
    body = assert_error(client.post("/v1/books", json=ask | {"paper": "cream"}), 400,
                        "BookError")
    assert 'paper is the cover\'s: give it with part "cover"' in body["error"]


def test_book_refuses_a_deal_it_cannot_win(client: TestClient) -> None:
    from pyramids.answers.certificates import quick_certificate

    v = get_variant("king-tut")
    n = next(i for i in range(500) if quick_certificate(Deal.from_number(i), v) is not None)
    body = assert_error(client.post("/v1/books", json={"deals": [n], "variant": "king-tut"}),
                        400, "BookError")
    assert f"deal {n} is blocked" in body["error"]


def test_book_from_a_collection(tmp_path: Path) -> None:
    v = get_variant("giza")
    entries = [{"id": f"giza-{i:03d}", "collection": "giza", "deal": n,
                "line": Deal.from_number(n).line(), "variant": v.options(), "grade": "easy",
                "score": 1.0, "components": {}, "unique": False, "solution": moves}
               for i, (n, moves) in enumerate(winnable_deals("giza", 2), 1)]
    (tmp_path / "giza.jsonl").write_text("".join(json.dumps(e) + "\n" for e in entries))
    app = create_app(ServiceConfig(workers=1, puzzles_dir=tmp_path))
    with TestClient(app) as c:
        r = c.post("/v1/books", json={"collection": "giza", "count": 2, "title": "Two Giza"})
        assert r.status_code == 200, r.text
        assert "Two Giza" in pdf_text(r.content)
        assert c.get("/v1/puzzles/giza/2").json() == entries[1]


# -- saturation -----------------------------------------------------------------------

def test_saturated_gives_503_with_retry_after(client: TestClient) -> None:
    pool = client.app.state.pool  # type: ignore[attr-defined]
    saved = pool.capacity
    pool.capacity = 0  # as if every slot were taken
    try:
        r = client.post("/v1/filter", json={"deals": [1], "mode": "quick"})
    finally:
        pool.capacity = saved
    body = assert_error(r, 503, "Saturated")
    assert r.headers["retry-after"].isdigit()
    assert "busy" in body["error"]


def test_openapi_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in ("/v1/check", "/v1/filter", "/v1/deals/{number}", "/v1/variants",
                 "/v1/puzzles/{collection}", "/v1/puzzles/{collection}/{index}", "/v1/books",
                 "/healthz"):
        assert path in schema["paths"], path


# -- the shipped collections ----------------------------------------------------------

SHIPPED = sorted(ServiceConfig().puzzles_dir.glob("*.jsonl"))


@pytest.mark.skipif(not SHIPPED, reason="no puzzle collection shipped yet")
def test_shipped_collections() -> None:
    from pyramids.book import Puzzle

    c = TestClient(create_app(ServiceConfig(workers=1)))  # no solving: no lifespan needed
    listed = {x["name"]: x["count"] for x in c.get("/v1/puzzles").json()["collections"]}
    assert sorted(listed) == sorted(p.stem for p in SHIPPED)
    for path in SHIPPED:
        lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        assert listed[path.stem] == len(lines)
        body = c.get(f"/v1/puzzles/{path.stem}", params={"limit": 3}).json()
        assert body["count"] == len(lines) and body["puzzles"] == lines[:3]
        hard = [x for x in lines if x["grade"] == "hard"]
        body = c.get(f"/v1/puzzles/{path.stem}", params={"grade": "hard"}).json()
        assert body["puzzles"] == hard
        last = c.get(f"/v1/puzzles/{path.stem}/{len(lines)}").json()
        assert last == lines[-1]
        Puzzle.from_json_obj(last, path.name)  # its solution replays
        assert_error(c.get(f"/v1/puzzles/{path.stem}/{len(lines) + 1}"), 404, "NotFound")


# -- security headers ---------------------------------------------------------------------

@pytest.mark.parametrize(("method", "url", "body", "status"), [
    ("get", "/", None, 200),
    ("get", "/static/app.js", None, 200),
    ("get", "/static/style.css", None, 200),
    ("get", "/healthz", None, 200),
    ("get", "/v1/variants", None, 200),
    ("get", "/v1/deals/7", None, 200),
    ("get", "/v1/deals/x", None, 422),
    ("get", "/nope", None, 404),
    ("post", "/v1/position", {"deal": 7}, 200),
    ("post", "/v1/position", {"deal": 7, "moves": ["9H+4C"]}, 400),
    ("post", "/v1/check", {"deal": "AC"}, 400),
    ("post", "/v1/check", {"deal": 1, "extra": 1}, 422),
    ("post", "/v1/check", "x" * 9000, 413),
    ("get", "/openapi.json", None, 200),
])
def test_every_response_has_the_security_headers(client: TestClient, method: str, url: str,
                                                  body: Any, status: int) -> None:
    """The page's Content-Security-Policy (its own scripts, styles and API only, never
    framed) and nosniff, on pages, files, JSON answers and errors alike."""
    kwargs = {"content": body} if isinstance(body, str) else {"json": body}
    r = getattr(client, method)(url, **({} if body is None else kwargs))
    assert r.status_code == status, r.text
    csp = {d.split()[0]: d.split()[1:] for d in r.headers["content-security-policy"].split("; ")}
    assert csp["default-src"] == ["'none'"]
    assert csp["script-src"] == ["'self'"] and csp["style-src"] == ["'self'"]
    assert csp["connect-src"] == ["'self'", "blob:"] and csp["frame-ancestors"] == ["'none'"]
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


def test_the_api_docs_get_a_policy_that_lets_them_load(client: TestClient) -> None:
    """FastAPI's docs pages load Swagger UI / ReDoc from jsDelivr with an inline script:
    their policy allows exactly that, and they are still never framed."""
    for url in ("/docs", "/redoc"):
        r = client.get(url)
        assert r.status_code == 200
        csp = r.headers["content-security-policy"]
        assert "https://cdn.jsdelivr.net" in csp and "frame-ancestors 'none'" in csp
        assert "cdn.jsdelivr.net" in r.text  # (what the policy allows is what they load)
        assert r.headers["x-content-type-options"] == "nosniff"


def test_an_unexpected_error_has_the_headers_too(puzzles_dir: Path) -> None:
    app = create_app(ServiceConfig(workers=1, puzzles_dir=puzzles_dir))

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    r = TestClient(app, raise_server_exceptions=False).get("/boom")
    assert r.status_code == 500
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"
