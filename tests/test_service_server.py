"""The real thing: ``pyramids serve`` in a subprocess on a free loopback port, over HTTP."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from pyramids.core.deals import Deal  # noqa: E402
from serve_helpers import running_server  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    puzzles = tmp_path_factory.mktemp("puzzles")
    entry = {"id": "bouquet-001", "collection": "bouquet", "deal": 5,
             "line": Deal.from_number(5).line(), "grade": "easy", "solution": []}
    (puzzles / "bouquet.jsonl").write_text(json.dumps(entry) + "\n")
    with running_server("--puzzles", str(puzzles)) as base:
        yield base


def test_real_server_over_http(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as c:
        health = c.get("/healthz").json()
        assert health["status"] == "ok" and health["workers"] == 1
        body = c.get("/v1/deals/31337", params={"variant": "giza"}).json()
        assert body["line"] == Deal.from_number(31337).line()
        assert len(body["json"]["tableau"]) == 3
        r = c.post("/v1/check", json={"deal": "KC QC", "variant": "giza"})
        assert r.status_code == 400 and "52 cards" in r.json()["error"]
        r = c.post("/v1/check", content=b"{not json",
                   headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["kind"] == "MalformedJSON"
        r = c.post("/v1/filter", json={"deals": [1, 2, 3], "variant": "king-tut"})
        assert r.status_code == 200, r.text
        assert len(r.json()["results"]) == 3
        r = c.post("/v1/check", json={"deal": 3, "variant": "bouquet", "time_limit": 5})
        assert r.status_code == 200, r.text
        assert r.json()["status"] in ("winnable", "blocked", "unknown")
        assert c.get("/openapi.json").json()["info"]["title"] == "pyramids"
        assert c.get("/v1/puzzles/bouquet/1").json()["line"] == Deal.from_number(5).line()
        assert c.get("/v1/puzzles/bouquet/2").status_code == 404


def test_serve_without_the_service_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from pyramids.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed
    result = CliRunner().invoke(main, ["serve", "--port", "0"])
    assert result.exit_code == 2
    assert "pip install 'pyramids[service]'" in result.output
    assert "uvicorn" in result.output


@pytest.mark.parametrize("missing", ["uvicorn", "fastapi"])
def test_serve_names_the_missing_extra(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    from click.testing import CliRunner

    from pyramids.cli import main

    monkeypatch.setitem(sys.modules, missing, None)
    result = CliRunner().invoke(main, ["serve", "--port", "0"])
    assert result.exit_code == 2 and f"({missing} is missing)" in result.output


def test_a_broken_service_module_is_not_called_a_missing_extra(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The project's own modules are imported plainly: a failure there surfaces as the
    bug it is, not as advice to install the extra."""
    from click.testing import CliRunner

    from pyramids.cli import main

    monkeypatch.setitem(sys.modules, "pyramids.service.app", None)
    result = CliRunner().invoke(main, ["serve", "--port", "0"])
    assert isinstance(result.exception, ImportError)
    assert "pyramids[service]" not in result.output


def test_serve_help_lists_its_options() -> None:
    from click.testing import CliRunner

    from pyramids.cli import main

    out = CliRunner().invoke(main, ["serve", "--help"]).output
    for option in ("--host", "--port", "--workers", "127.0.0.1", "8000"):
        assert option in out
