"""The service as others run it: ``/metrics`` scraped under load, the request log (JSON,
a request id echoed), the client a request is charged to and its fair share (429),
``pyramids serve``'s options from the environment, and SIGTERM's bounded drain."""

from __future__ import annotations

import json
import logging
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
pytest.importorskip("prometheus_client")

from click.testing import CliRunner  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from prometheus_client.parser import text_string_to_metric_families  # noqa: E402

from pyramids.cli import main  # noqa: E402
from pyramids.service import ServiceConfig, create_app  # noqa: E402
from pyramids.service.config import networks  # noqa: E402
from pyramids.service.observe import JsonFormatter, TextFormatter, client_of  # noqa: E402
from serve_helpers import server_process  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
#: A job that takes its whole time limit (MSC's best score on deal 3 is not proved fast).
LONG = {"deal": 3, "variant": "msc", "goal": "score"}
#: A job of several seconds or more: MSC's best score proved on a hundred deals (the
#: server's batch bound), one after another. Twenty once took a minute; since the score
#: goal got faster they took 1-3 s, and on an idle machine the job could end inside a
#: one-second grace (a fresh-clone CI run saw 200 where 503 was due).
LONGER = {"deals": list(range(3, 103)), "variant": "msc", "goal": "score", "mode": "exact",
          "time_limit": 5}


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of a scrape: (name, labels) -> value."""
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(scrape: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str,
          **labels: str) -> float:
    return scrape.get((name, frozenset(labels.items())), 0.0)


# -- /metrics ------------------------------------------------------------------------------

def test_metrics_scraped_during_a_load() -> None:
    """Six clients' checks (some of half a second) on one solver process with one place
    to wait: the scrapes taken meanwhile see jobs running and queued; the last one counts
    every answer by route and status, every refusal, and every job's solver time."""
    app = create_app(ServiceConfig(workers=1, queue=1, default_time_limit=5))
    statuses: list[int] = []
    seen = {"running": 0.0, "queued": 0.0}
    done = threading.Event()
    with TestClient(app) as c:
        assert c.post("/v1/check", json={"deal": 1}).status_code == 200  # warm
        first = samples(c.get("/metrics").text)

        def scrape() -> None:
            while not done.is_set():
                got = samples(c.get("/metrics").text)
                for key in seen:
                    seen[key] = max(seen[key], value(got, f"pyramids_jobs_{key}"))
                time.sleep(0.02)

        def ask(i: int) -> None:  # every fourth a half-second job: the others queue behind
            body = LONG | {"time_limit": 0.5} if i % 4 == 0 else \
                {"deal": 11 + i % 3, "variant": "giza", "time_limit": 5}
            statuses.append(c.post("/v1/check", json=body).status_code)

        scraper = threading.Thread(target=scrape)
        scraper.start()
        try:
            with ThreadPoolExecutor(6) as ex:
                list(ex.map(ask, range(24)))
            assert c.post("/v1/check", json=LONG | {"time_limit": 1}).status_code == 200
        finally:
            done.set()
            scraper.join(10)
        r = c.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    last = samples(r.text)
    ok, busy = statuses.count(200), statuses.count(503)
    assert ok + busy == 24 and ok >= 2 and busy >= 1, statuses
    assert seen["running"] == 1 and seen["queued"] >= 1, seen
    check = {"route": "/v1/check", "method": "POST"}
    assert value(last, "pyramids_http_requests_total", **check, status="200") == ok + 2
    assert value(last, "pyramids_http_requests_total", **check, status="503") == busy
    assert value(last, "pyramids_http_refused_total", status="503", kind="Saturated") == busy
    assert value(last, "pyramids_http_request_duration_seconds_count",
                 route="/v1/check") == 24 + 2
    jobs = value(last, "pyramids_job_duration_seconds_count", kind="check", outcome="ok")
    assert jobs - value(first, "pyramids_job_duration_seconds_count", kind="check",
                        outcome="ok") == ok + 1
    slow = value(last, "pyramids_job_duration_seconds_bucket", kind="check", outcome="ok",
                 le="0.25")
    assert slow <= jobs - 1  # the one-second job is in no bucket under 0.25 s
    assert value(last, "pyramids_jobs_running") == 0 == value(last, "pyramids_jobs_queued")
    assert value(last, "pyramids_solver_processes") == 1
    assert value(last, "pyramids_solver_restarts_total") == 0
    # routes are templates, never raw paths: a label per route, not per deal asked
    assert not any("/v1/deals/1" in dict(k[1]).get("route", "") for k in last)


def test_the_metrics_labels_stay_few_whatever_clients_send() -> None:
    """A made-up method and made-up paths add no label sets of their own."""
    with TestClient(create_app(ServiceConfig(workers=1))) as c:
        for i in range(5):
            assert c.request("BREW", f"/v1/deals/{i}").status_code == 405
            assert c.get(f"/no/such/{i}").status_code == 404
        got = samples(c.get("/metrics").text)
    assert value(got, "pyramids_http_requests_total", route="/v1/deals/{number}",
                 method="other", status="405") == 5
    assert value(got, "pyramids_http_requests_total", route="unmatched", method="GET",
                 status="404") == 5
    assert not any(dict(k[1]).get("method") == "BREW" for k in got)


# -- the request log -----------------------------------------------------------------------

def access_records(caplog: pytest.LogCaptureFixture) -> list[dict[str, Any]]:
    return [r.request for r in caplog.records  # type: ignore[attr-defined]
            if r.name == "pyramids.access"]


def test_one_json_line_per_request_with_its_id(caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(ServiceConfig(workers=1))
    with TestClient(app) as c, caplog.at_level(logging.INFO, "pyramids.access"):
        r = c.post("/v1/check", json={"deal": 17, "variant": "giza"},
                   headers={"X-Request-ID": "game-7.42"})
        assert r.status_code == 200 and r.headers["x-request-id"] == "game-7.42"
        bad = c.get("/v1/deals/5", headers={"X-Request-ID": "no spaces; please"})
        made = bad.headers["x-request-id"]
        assert len(made) == 32 and int(made, 16) >= 0  # made, not the client's text
        assert c.get("/v1/deals/x").status_code == 422
    first, second, third = access_records(caplog)
    assert first["request_id"] == "game-7.42" and first["client"] == "testclient"
    assert (first["route"], first["status"], first["job"]) == ("/v1/check", 200, "check")
    assert first["engine"] and first["outcome"] == r.json()["status"]
    assert first["latency_ms"] >= first["job_ms"] > 0
    assert second["request_id"] == made and second["route"] == "/v1/deals/{number}"
    assert third["status"] == 422 and third["error"] == "ValidationError"
    line = JsonFormatter().format(caplog.records[0])
    obj = json.loads(line)
    assert "\n" not in line and obj["request_id"] == "game-7.42" and obj["time"].endswith("Z")
    text = TextFormatter().format(caplog.records[0])
    assert "request_id=game-7.42" in text and "status=200" in text


def test_an_error_is_logged_with_its_stack_in_the_same_line(
        caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(ServiceConfig(workers=1))

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("boom at the test's request")

    with TestClient(app, raise_server_exceptions=False) as c, \
            caplog.at_level(logging.INFO, "pyramids.access"):
        r = c.get("/boom")
    assert r.status_code == 500 and r.headers["x-request-id"]
    (record,) = [r for r in caplog.records if r.name == "pyramids.access"]
    assert record.levelno == logging.ERROR
    line = JsonFormatter().format(record)
    assert "\n" not in line
    obj = json.loads(line)
    assert obj["status"] == 500 and obj["route"] == "/boom"
    assert "Traceback" in obj["stack"] and "RuntimeError: boom" in obj["stack"]


# -- the client and its share --------------------------------------------------------------

def scope(peer: str, forwarded: str | None = None) -> dict[str, Any]:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded is not None else []
    return {"client": (peer, 5000), "headers": headers}


def test_the_client_is_the_peer_unless_a_trusted_proxy_says() -> None:
    trusted = networks(["10.0.0.0/8", "192.168.1.1"])
    assert client_of(scope("203.0.113.9", "1.2.3.4"), trusted) == "203.0.113.9"  # not trusted
    assert client_of(scope("203.0.113.9", "1.2.3.4"), ()) == "203.0.113.9"
    assert client_of(scope("10.1.2.3", "1.2.3.4"), trusted) == "1.2.3.4"
    # read from the right: what the client wrote itself (the left) is not believed
    assert client_of(scope("10.1.2.3", "6.6.6.6, 1.2.3.4, 192.168.1.1"), trusted) == "1.2.3.4"
    assert client_of(scope("10.1.2.3"), trusted) == "10.1.2.3"
    assert client_of(scope("10.1.2.3", "junk, 10.9.9.9"), trusted) == "10.9.9.9"
    with pytest.raises(ValueError, match=r"'10\.0\.0\.300'"):
        ServiceConfig(trusted_proxies=("10.0.0.300",))


def test_a_client_over_its_share_gets_429_while_another_is_served() -> None:
    """One solver process, three places to wait: client A fills all four; client B (as a
    trusted proxy reports it) still gets in, in the place of A's newest waiting job, which
    is answered 429 with Retry-After, as is A's next request."""
    app = create_app(ServiceConfig(workers=1, queue=3, trusted_proxies=("127.0.0.9",)))
    as_a = {"X-Forwarded-For": "198.51.100.1"}
    as_b = {"X-Forwarded-For": "198.51.100.2"}
    with TestClient(app, client=("127.0.0.9", 4000)) as c, ThreadPoolExecutor(6) as ex:
        assert c.post("/v1/check", json={"deal": 1}).status_code == 200  # warm
        pool = app.state.pool
        flood = [ex.submit(c.post, "/v1/check", json=LONG | {"time_limit": 1.5},
                           headers=as_a) for _ in range(4)]
        deadline = time.monotonic() + 20
        while pool.in_flight < 4 and time.monotonic() < deadline:
            time.sleep(0.02)
        polite = ex.submit(c.post, "/v1/check", json={"deal": 17, "variant": "giza"},
                           headers=as_b)
        while pool.in_flight < 4 or "198.51.100.2" not in pool._admitted:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        more = c.post("/v1/check", json={"deal": 2}, headers=as_a)
        b = polite.result()
        a = [f.result() for f in flood]
        scrape = samples(c.get("/metrics").text)
    assert b.status_code == 200, b.text
    assert more.status_code == 429 and more.json()["kind"] == "OverShare"
    assert more.headers["retry-after"].isdigit()
    assert sorted(r.status_code for r in a) == [200, 200, 200, 429], [r.text for r in a]
    assert value(scrape, "pyramids_http_refused_total", status="429", kind="OverShare") == 2


# -- pyramids serve: options from the environment ------------------------------------------

@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """``pyramids serve`` up to the point it would serve: the app and how it would run."""
    from pyramids.service import server

    calls: list[Any] = []
    monkeypatch.setattr(server, "run", lambda app, *args: calls.append((app, *args)))
    yield calls


def test_every_option_from_the_environment_the_flag_wins(
        started: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"PYRAMIDS_HOST": "0.0.0.0", "PYRAMIDS_PORT": "9001", "PYRAMIDS_WORKERS": "3",
           "PYRAMIDS_QUEUE": "5", "PYRAMIDS_TIME_LIMIT_CAP": "7.5",
           "PYRAMIDS_MAX_BATCH": "9", "PYRAMIDS_PUZZLES": "/srv/puzzles",
           "PYRAMIDS_TRUSTED_PROXY": "10.0.0.1 10.1.0.0/16", "PYRAMIDS_GRACE": "12",
           "PYRAMIDS_LOG_LEVEL": "warning", "PYRAMIDS_LOG_FORMAT": "json"}
    result = CliRunner().invoke(main, ["serve"], env=env)
    assert result.exit_code == 0, result.output
    (app, host, port, level, fmt, banner), = started
    assert banner.startswith("pyramids serve: http://0.0.0.0:9001 (3 solver processes")
    cfg = app.state.config
    assert (host, port, level, fmt) == ("0.0.0.0", 9001, "warning", "json")
    assert (cfg.workers, cfg.capacity, cfg.max_time_limit, cfg.max_batch) == (3, 8, 7.5, 9)
    assert str(cfg.puzzles_dir) == "/srv/puzzles"
    assert cfg.trusted_proxies == ("10.0.0.1", "10.1.0.0/16") and cfg.shutdown_grace == 12
    started.clear()
    result = CliRunner().invoke(main, ["serve", "--workers", "2", "--log-format", "text",
                                       "--grace", "0"], env=env)
    assert result.exit_code == 0, result.output
    (app, _, _, _, fmt, _), = started
    assert app.state.config.workers == 2 and fmt == "text"
    assert app.state.config.shutdown_grace == 0


@pytest.mark.parametrize(("env", "said"), [
    ({"PYRAMIDS_WORKERS": "0"}, "PYRAMIDS_WORKERS"),
    ({"PYRAMIDS_LOG_FORMAT": "xml"}, "PYRAMIDS_LOG_FORMAT"),
    ({"PYRAMIDS_TRUSTED_PROXY": "proxy.local"}, "trusted proxy 'proxy.local'"),
])
def test_a_bad_variable_is_named(started: list[Any], env: dict[str, str], said: str) -> None:
    result = CliRunner().invoke(main, ["serve"], env=env)
    assert result.exit_code == 2 and said in result.output and not started


def test_help_lists_every_options_variable() -> None:
    from pyramids.cli.serve import serve

    out = " ".join(CliRunner().invoke(main, ["serve", "--help"]).output.split())
    names = [p.name for p in serve.params if p.name != "help"]
    assert len(names) == 11
    for param in serve.params:
        if param.name != "help":
            assert f"env var: {param.envvar}" in out, param
            assert param.envvar == "PYRAMIDS_" + param.opts[0][2:].upper().replace("-", "_")


# -- a real server: its JSON log and SIGTERM -----------------------------------------------

def test_the_real_servers_json_log() -> None:
    with server_process("--workers", "1", env={"PYRAMIDS_LOG_FORMAT": "json"}) as served, \
            httpx.Client(base_url=served.base, timeout=60) as c:
        r = c.post("/v1/check", json={"deal": 17, "variant": "giza"},
                   headers={"X-Request-ID": "abc123"})
        assert r.status_code == 200 and r.headers["x-request-id"] == "abc123"
        served.proc.send_signal(signal.SIGINT)  # Ctrl-C: the same drain, then a clean exit
        assert served.proc.wait(30) == 0
    assert not any("Aborted" in line for line in served.output())
    lines = [json.loads(line) for line in served.output()]  # every line is JSON
    assert len(lines) >= 5  # uvicorn's messages too, in the same format
    assert lines[0]["message"].startswith("pyramids serve: http://127.0.0.1:")
    (check,) = [o for o in lines if o.get("request_id") == "abc123"]
    assert check["client"] == "127.0.0.1" and check["status"] == 200
    assert check["engine"] and check["outcome"] in ("winnable", "blocked", "unknown")
    assert any("shutting down" in o.get("message", "") for o in lines)


def test_sigterm_during_a_load_answers_every_request() -> None:
    """Eight clients asking one after another; SIGTERM: each request already in is
    answered 200, each sent after it 503 with Retry-After; the process exits."""
    answers: list[tuple[int, str, str | None]] = []
    failures: list[str] = []
    stop = threading.Event()

    def client(base: str, i: int) -> None:
        with httpx.Client(base_url=base, timeout=60) as c:
            for n in range(1000):  # bounded
                try:
                    r = c.post("/v1/check", json={"deal": 20 + 8 * n + i, "variant": "giza",
                                                  "time_limit": 2})
                except httpx.TransportError as e:
                    failures.append(repr(e))
                    return
                kind = r.json().get("kind", "") if r.status_code != 200 else ""
                answers.append((r.status_code, kind, r.headers.get("retry-after")))
                if r.status_code == 503 or stop.is_set():
                    return

    with server_process("--workers", "2", "--log-level", "warning") as served:
        threads = [threading.Thread(target=client, args=(served.base, i)) for i in range(8)]
        for t in threads:
            t.start()
        time.sleep(3)
        served.proc.send_signal(signal.SIGTERM)
        t0 = time.monotonic()
        served.proc.wait(40)
        took = time.monotonic() - t0
        stop.set()
        for t in threads:
            t.join(30)
    assert not failures, failures
    ok = [a for a in answers if a[0] == 200]
    refused = [a for a in answers if a[0] != 200]
    assert len(ok) >= 8 and len(refused) == 8, answers
    assert all(a == (503, "ShuttingDown", "2") for a in refused), refused
    assert took < 30 + 5  # the default grace bounds it (the jobs in flight take less)


def test_sigterm_during_a_job_longer_than_the_grace() -> None:
    with server_process("--workers", "1", "--grace", "1", "--log-level", "warning"
                        ) as served, httpx.Client(base_url=served.base, timeout=60) as c:
        assert c.post("/v1/check", json={"deal": 1}).status_code == 200  # warm
        with ThreadPoolExecutor(1) as ex:
            job = ex.submit(c.post, "/v1/filter", json=LONGER)
            time.sleep(1)
            served.proc.send_signal(signal.SIGTERM)
            t0 = time.monotonic()
            r = job.result()
            answered = time.monotonic() - t0
            served.proc.wait(20)
            gone = time.monotonic() - t0
    assert r.status_code == 503 and r.json()["kind"] == "ShuttingDown", r.text
    assert r.headers["retry-after"] == "2"
    assert 0.9 < answered < 3 and gone < 6, (answered, gone)


def test_a_second_signal_exits_at_once() -> None:
    with server_process("--workers", "1", "--log-level", "warning") as served, \
            httpx.Client(base_url=served.base, timeout=60) as c, ThreadPoolExecutor(1) as ex:
        assert c.post("/v1/check", json={"deal": 1}).status_code == 200  # warm
        job = ex.submit(c.post, "/v1/filter", json=LONGER)
        time.sleep(1)
        served.proc.send_signal(signal.SIGINT)
        time.sleep(0.5)
        assert served.proc.poll() is None  # draining: the job has 30 s
        served.proc.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        served.proc.wait(20)
        gone = time.monotonic() - t0
        try:
            r = job.result()
        except httpx.TransportError:
            r = None  # cut off
    # its solver process killed: answered 503 if the answer makes it out, else cut off
    assert r is None or r.status_code == 503, r.text
    assert gone < 8, gone
