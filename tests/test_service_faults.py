"""The service under faults, a short version of benchmarks/soak_service.py: a real uvicorn
server (as ``pyramids serve`` runs it: the head-timeout protocol) with short timeouts,
on a free loopback port. A body sent a byte a second is cut off (408), a body over the
bound is answered 413 on a connection that serves on, a head sent a byte a second is
closed, idle connections neither stop others nor stay open, a solver process killed
mid-job answers that job 503 (Retry-After) and is replaced, one killed while idle costs
no request, and a burst of mixed requests is answered 200 or 503 with Retry-After."""

from __future__ import annotations

import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

pytest.importorskip("fastapi")
uvicorn = pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from pyramids.service import ServiceConfig, create_app  # noqa: E402
from pyramids.service.server import protocol  # noqa: E402
from serve_helpers import HOST, free_port  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
TIMEOUT = 2.0  # the server's body and head timeouts here


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Any]]:
    """The app under uvicorn in a thread (two solver processes); its URL and app."""
    cfg = ServiceConfig(workers=2, queue=4, body_timeout=TIMEOUT, head_timeout=TIMEOUT,
                        default_time_limit=5, max_time_limit=5)
    app = create_app(cfg)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host=HOST, port=port, log_level="warning",
                                        http=protocol(TIMEOUT)))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    base = f"http://{HOST}:{port}"
    deadline = time.monotonic() + 60
    while True:  # bounded: 60 s
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.1)
    # both solver processes ready (loaded) before any test counts on them
    with httpx.Client(base_url=base, timeout=120) as c:
        assert c.post("/v1/filter", json={"deals": [1], "mode": "exact"}).status_code == 200
    yield base, app
    srv.should_exit = True
    thread.join(timeout=30)


def connect(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=10)


def closed_within(s: socket.socket, seconds: float) -> tuple[bool, bytes]:
    """Read until the server closes (True) or ``seconds`` pass (False); what it sent."""
    s.settimeout(0.2)
    got = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            chunk = s.recv(4096)
        except TimeoutError:
            continue
        except OSError:
            return True, got
        if not chunk:
            return True, got
        got += chunk
    return False, got


def test_a_body_sent_a_byte_a_second_is_cut_off(server: tuple[str, Any]) -> None:
    base, _ = server
    s = connect(base)
    # the clock starts before the head is sent: the server's starts once it has the head,
    # which may be before this thread runs again after sendall
    t0 = time.monotonic()
    s.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: 50\r\n\r\n")
    answer = b""
    for byte in b'{"deal": 1, "title": "xxxxxxxxxxxx':
        s.sendall(bytes([byte]))
        closed, answer = closed_within(s, 0.5)  # a byte each half second
        if answer or closed:
            break
    closed, rest = closed_within(s, 5)
    answer += rest
    s.close()
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
    assert b'"kind":"SlowBody"' in answer and closed
    assert TIMEOUT <= time.monotonic() - t0 < TIMEOUT + 5


def test_a_body_over_the_bound_is_answered_413_and_the_connection_serves_on(
        server: tuple[str, Any]) -> None:
    """The client sends its whole oversized body (as schemathesis does): it gets the 413,
    not a reset connection, and the same connection answers its next request."""
    base, _ = server
    s = connect(base)
    body = b'{"deal": 1, "title": "' + b"x" * 70_000 + b'"}'
    s.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    answer = b""
    s.settimeout(10)
    while answer.count(b"HTTP/1.1 ") < 2 or not answer.rstrip().endswith(b"}"):
        chunk = s.recv(65536)
        if not chunk:
            break
        answer += chunk
    s.close()
    first, _, second = answer.partition(b"HTTP/1.1 200 ")
    assert first.startswith(b"HTTP/1.1 413 ") and b'"kind":"BodyTooLarge"' in first, \
        answer[:300]
    assert b"connection: close" not in first.lower() and second, answer[:600]


def test_the_rest_of_a_body_over_the_bound_may_not_trickle_in(
        server: tuple[str, Any]) -> None:
    """After its 413, a client sending the rest of its body a byte at a time has the
    head timeout to finish: the server closes the connection then."""
    base, _ = server
    s = connect(base)
    s.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: 70000\r\n\r\n{")
    t0 = time.monotonic()
    answer = b""
    closed = False
    while not closed and time.monotonic() - t0 < TIMEOUT + 10:
        try:
            s.sendall(b"x")
        except OSError:
            closed = True
            break
        closed, got = closed_within(s, 0.5)  # a byte each half second
        answer += got
    s.close()
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert closed and time.monotonic() - t0 < TIMEOUT + 5


def test_a_head_sent_a_byte_a_second_is_closed(server: tuple[str, Any]) -> None:
    base, _ = server
    s = connect(base)
    t0 = time.monotonic()
    closed = False
    for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"y" * 40:
        try:
            s.sendall(bytes([byte]))
        except OSError:
            closed = True
            break
        closed, _ = closed_within(s, 0.5)
        if closed:
            break
    s.close()
    assert closed and time.monotonic() - t0 < TIMEOUT + 5


def test_idle_connections_neither_stop_others_nor_stay(server: tuple[str, Any]) -> None:
    base, _ = server
    idle = [connect(base) for _ in range(200)]
    try:
        with httpx.Client(base_url=base, timeout=5) as c:
            for _ in range(5):
                r = c.get("/v1/deals/17")
                assert r.status_code == 200
        time.sleep(TIMEOUT + 1)
        assert all(closed_within(s, 2)[0] for s in idle)
    finally:
        for s in idle:
            s.close()


def solver_pids(app: Any) -> list[int]:
    return [w.proc.pid for w in app.state.pool._all]


def test_a_solver_killed_while_idle_costs_no_request(server: tuple[str, Any]) -> None:
    base, app = server
    before = solver_pids(app)
    for pid in before:
        os.kill(pid, signal.SIGKILL)
    time.sleep(0.5)
    body = {"deal": 5, "variant": "giza", "time_limit": 5}
    with httpx.Client(base_url=base, timeout=120) as c, ThreadPoolExecutor(2) as ex:
        answers = list(ex.map(lambda _: c.post("/v1/check", json=body), range(2)))
    assert [r.status_code for r in answers] == [200, 200], [r.text for r in answers]
    assert not set(solver_pids(app)) & set(before)  # each replaced before its next job


def test_a_solver_killed_mid_job_answers_that_job_503(server: tuple[str, Any]) -> None:
    """Two long jobs, one on each solver process; one process killed: its job is a 503
    with Retry-After, the other job is answered, the process is replaced."""
    base, app = server
    # MSC's slowest best score of issue 33's 1,500 deals: ~2.3 s of CPU, so the kill
    # lands while both jobs run (deal 3's, 0.5 s since issue 33, could end before it)
    body = {"deal": "16646243049653983822", "variant": "msc", "goal": "score",
            "time_limit": 5}
    with httpx.Client(base_url=base, timeout=120) as c, ThreadPoolExecutor(2) as ex:
        jobs = [ex.submit(c.post, "/v1/check", json=body) for _ in range(2)]
        # both jobs running on a process each (in_flight counts waiting jobs too, and a
        # process replaced by the test before may still be loading its solvers)
        deadline = time.monotonic() + 60
        while app.state.pool.running < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert app.state.pool.running == 2, "the two jobs never ran at once"
        time.sleep(0.2)
        busy = [w.proc.pid for w in app.state.pool._all if w.started_at is not None]
        assert len(busy) == 2, busy
        victim = busy[0]  # still running: the job takes seconds
        os.kill(victim, signal.SIGKILL)
        answers = [j.result() for j in jobs]
        assert sorted(r.status_code for r in answers) == [200, 503], [r.text for r in answers]
        crashed = next(r for r in answers if r.status_code == 503)
        assert crashed.json()["kind"] == "WorkerCrashed"
        assert crashed.headers["retry-after"].isdigit()
        assert victim not in solver_pids(app)
        assert c.post("/v1/check", json={"deal": 4, "time_limit": 5}).status_code == 200


def test_a_burst_of_mixed_requests(server: tuple[str, Any]) -> None:
    """Twenty clients at once over the routes: each answer 200, or 503 with Retry-After
    (two solver processes, four jobs waiting at most)."""
    base, _ = server
    requests: list[tuple[str, str, dict[str, Any] | None]] = [
        ("POST", "/v1/check", {"deal": 11, "variant": "giza", "time_limit": 2}),
        ("POST", "/v1/check", {"deal": 2, "variant": "msc", "goal": "board",
                               "time_limit": 2}),
        ("POST", "/v1/position", {"deal": 45, "moves": ["TH+3C", "QC+AS"]}),
        ("POST", "/v1/filter", {"deals": [1, 2, 3], "mode": "quick"}),
        ("GET", "/v1/deals/99", None), ("GET", "/v1/variants", None),
        ("GET", "/v1/puzzles/giza/1", None), ("HEAD", "/v1/deals/7", None),
    ] * 3
    with httpx.Client(base_url=base, timeout=120) as c, ThreadPoolExecutor(20) as ex:
        answers = list(ex.map(lambda r: c.request(r[0], r[1], json=r[2]), requests))
    for (_, path, _), r in zip(requests, answers, strict=True):
        if r.status_code == 503:
            assert r.headers["retry-after"].isdigit() and r.json()["kind"] == "Saturated"
        else:
            assert r.status_code == 200, (path, r.text)
    assert sum(r.status_code == 200 for r in answers) >= 6
