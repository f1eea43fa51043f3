"""Fuzzing the API with hypothesis: whatever the body, path or query, never a 500.

Bodies are drawn near the request models (the right keys with wrong, odd or valid values)
and far from them (any JSON, any bytes). Solving runs with a tiny server-side time cap so
that the valid requests that reach a solver stay fast; the example counts are bounded.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pyramids.core.deals import Deal
from pyramids.core.variants import PRESETS
from pyramids.service import ServiceConfig, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
FUZZ = settings(max_examples=80, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    cfg = ServiceConfig(workers=1, queue=4, default_time_limit=0.05, max_time_limit=0.05,
                        max_batch=4, filter_budget=0.5, max_book_count=2, max_body_bytes=4096,
                        puzzles_dir=tmp_path_factory.mktemp("no-puzzles"))
    with TestClient(create_app(cfg)) as c:
        yield c


def ok(r: Any) -> None:
    """4xx with an error message, 2xx, or 503 (saturated / not built yet): never a 500."""
    assert r.status_code != 500, r.text
    assert r.status_code < 500 or r.status_code == 503, r.text
    if r.status_code >= 400:
        assert r.json()["error"]


scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                           max_leaves=12)
lines = st.sampled_from([Deal.from_number(n).line() for n in (0, 1, 99)])
json_deals = json_values.map(lambda v: json.dumps({"pyramid": v}))
deals = (st.integers(-3, 2**64 + 3) | lines | st.text(max_size=60) | json_deals
         | lines.map(lambda s: s[: len(s) // 2]) | lines.map(lambda s: s.replace("K", "Z")))
variant_names = st.sampled_from([*PRESETS, "great-triangle", "GIZA", "nope", ""])
option_values: dict[str, st.SearchStrategy[Any]] = {
    "variant": variant_names | json_values,
    "rows": st.integers(-2, 12) | json_values,
    "rest": st.sampled_from(["stock", "bouquet", "tableau", "tableau:6x4", "tableau:0x0",
                             "tableau:axb", "heap"]) | json_values,
    "draw": st.integers(0, 4) | json_values,
    "passes": st.sampled_from([1, 2, 3, 0, -1, "unlimited", "inf", "many"]) | json_values,
    "stock_waste": st.sampled_from(["allowed", "forbidden", "automatic", "x"]) | json_values,
    "overlap": st.booleans() | json_values,
    "objective": st.sampled_from(["all", "pyramid", "none"]) | json_values,
    "scoring": st.sampled_from(["none", "par", "golf"]) | json_values,
    "engine": st.sampled_from(["auto", "search", "cpsat", "magic"]) | json_values,
    "time_limit": st.floats(-1, 1) | json_values,
    "mode": st.sampled_from(["quick", "exact", "slow"]) | json_values,
    "deal": deals | json_values,
    "deals": st.lists(deals, max_size=6) | json_values,
    "collection": st.sampled_from(["giza", "../etc", ""]) | json_values,
    "count": st.integers(-1, 5) | json_values,
    "title": st.text(max_size=20) | json_values,
}
near_model = st.fixed_dictionaries({}, optional=option_values)
bodies = near_model | json_values


@FUZZ
@given(path=st.sampled_from(["/v1/check", "/v1/filter", "/v1/books"]), body=bodies)
def test_post_json_never_500(client: TestClient, path: str, body: Any) -> None:
    ok(client.post(path, json=body))


@FUZZ
@given(path=st.sampled_from(["/v1/check", "/v1/filter", "/v1/books"]),
       raw=st.binary(max_size=300) | json_values.map(lambda v: json.dumps(v)[:-1].encode()),
       ctype=st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded",
                              ""]))
def test_post_bytes_never_500(client: TestClient, path: str, raw: bytes, ctype: str) -> None:
    headers = {"content-type": ctype} if ctype else {}
    ok(client.post(path, content=raw, headers=headers))


url_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=25)


@FUZZ
@example(number="²", query={}, collection="giza", index="³")
@given(number=st.integers(-5, 2**65).map(str) | url_text,
       query=st.dictionaries(st.sampled_from(["variant", "rows", "rest", "draw", "passes",
                                              "stock_waste", "overlap", "objective", "scoring",
                                              "symbols", "junk"]),
                             st.sampled_from(["giza", "3", "unlimited", "true", "tableau:8x3",
                                              "-1", "", "x"]) | url_text, max_size=4),
       collection=url_text, index=url_text)
def test_get_never_500(client: TestClient, number: str, query: dict[str, str], collection: str,
                       index: str) -> None:
    number, collection, index = (quote(x, safe="") for x in (number, collection, index))
    ok(client.get(f"/v1/deals/{number}", params=query))
    ok(client.get(f"/v1/puzzles/{collection}"))
    ok(client.get(f"/v1/puzzles/{collection}/{index}", params=query))
