"""The published schema says what the service does: schemathesis (every check, every
operation, the project's ``schemathesis.toml``) against a real ``pyramids serve``, a
bounded pass (``benchmarks/fuzz_service.py`` runs it at 100 examples an operation); and
the schema's own promises: each operation's statuses, HEAD beside GET, the server's
bounds."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
pytest.importorskip("schemathesis")

from fastapi.testclient import TestClient  # noqa: E402

from pyramids.service import ServiceConfig, create_app  # noqa: E402
from serve_helpers import running_server  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def schema() -> dict[str, object]:
    app = create_app(ServiceConfig(workers=1, max_batch=7, max_book_count=3))
    return dict(TestClient(app).get("/openapi.json").json())


def test_schemathesis_finds_nothing(tmp_path: Path, schema: dict[str, object]) -> None:
    """Every check on every operation, 8 examples each (a fixed seed), clean."""
    paths = schema["paths"]
    assert isinstance(paths, dict)
    operations = sum(len(item) for item in paths.values())
    assert operations >= 18  # 11 routes and a HEAD beside each of the 7 GETs
    with running_server("--time-limit-cap", "0.5", "--queue", "8") as base:
        proc = subprocess.run(
            [str(Path(sys.executable).parent / "schemathesis"), "run", f"{base}/openapi.json",
             "--checks", "all", "--max-examples", "8", "--seed", "1", "--no-color"],
            cwd=ROOT, capture_output=True, text=True, timeout=900,
            env=os.environ | {"NO_COLOR": "1"})
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-6000:]
    assert f"Tested: {operations}" in out and " passed" in out, out[-3000:]


def test_each_operation_documents_what_it_returns(schema: dict[str, object]) -> None:
    paths = schema["paths"]
    assert isinstance(paths, dict)
    statuses = {f"{method.upper()} {path}": sorted(op["responses"])
                for path, item in paths.items() for method, op in item.items()}
    assert statuses["GET /healthz"] == ["200"]
    assert statuses["GET /v1/variants"] == ["200"]
    assert statuses["GET /v1/deals/{number}"] == ["200", "400", "422"]
    assert statuses["POST /v1/position"] == ["200", "400", "408", "413", "422"]
    assert statuses["POST /v1/check"] == ["200", "400", "408", "413", "422", "429", "503",
                                          "504"]
    assert statuses["POST /v1/books"] == ["200", "400", "404", "408", "413", "422", "429",
                                          "503", "504"]
    assert statuses["GET /v1/puzzles/{collection}"] == ["200", "404", "422", "503"]
    for name, codes in statuses.items():
        method, path = name.split(" ")
        op = paths[path][method.lower()]
        for refusal in ("429", "503"):  # a refusal always says when to ask again
            if refusal in codes:
                assert "Retry-After" in op["responses"][refusal]["headers"], name
        for code in codes:
            if code != "200":
                ref = op["responses"][code].get("content", {}).get("application/json", {})
                assert method == "HEAD" or ref.get("schema") == {
                    "$ref": "#/components/schemas/ErrorOut"}, (name, code)


def test_head_beside_every_get(schema: dict[str, object]) -> None:
    paths = schema["paths"]
    assert isinstance(paths, dict)
    for path, item in paths.items():
        assert ("get" in item) == ("head" in item), path
        if "head" in item:
            assert sorted(item["head"]["responses"]) == sorted(item["get"]["responses"])
            assert all("content" not in r for r in item["head"]["responses"].values())


def test_the_servers_bounds_are_in_the_schema(schema: dict[str, object]) -> None:
    """The config's batch and book bounds, not a placeholder: maxItems and maximum."""
    comps = schema["components"]["schemas"]  # type: ignore[index]
    assert comps["FilterRequest"]["properties"]["deals"]["maxItems"] == 7
    count = comps["BookRequest"]["properties"]["count"]["anyOf"][0]
    assert count["maximum"] == 3 and count["minimum"] == 1
    assert "x-bound" not in str(schema)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(ServiceConfig(workers=1, max_batch=3, max_book_count=2))) as c:
        yield c


@pytest.mark.parametrize(("path", "body"), [
    ("/v1/filter", {"deals": [1, 2, 3, 4]}),
    ("/v1/books", {"count": 3}),
    ("/v1/books", {"ids": ["a", "b", "c"]}),
])
def test_over_a_bound_is_413(client: TestClient, path: str, body: object) -> None:
    r = client.post(path, json=body)
    assert r.status_code == 413 and r.json()["kind"] == "BatchTooLarge", r.text
