"""What the service tells whoever runs it: Prometheus metrics (``GET /metrics``), one log
line per request (JSON or text, with a request id echoed in ``X-Request-ID``), the client
each request is charged to (its address, or what a trusted proxy reports), and the front
door that answers 503 once a shutdown began.

:class:`Observe` is the ASGI middleware that does it per request, cheaply (a few counters,
one log record); the pool's figures (jobs queued and running, solver processes restarted)
are read only when ``/metrics`` is scraped (:class:`PoolCollector`).
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import re
import time
import traceback
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from pyramids.service.config import Network
from pyramids.service.errors import error
from pyramids.service.middleware import CLOSE, ASGIApp, Message, Receive, Scope, Send
from pyramids.service.pool import REQUEST, RequestNote, WorkerPool

#: The request log's logger (``pyramids serve`` sends it to stderr, JSON or text).
ACCESS = logging.getLogger("pyramids.access")
#: Prometheus' text format, version 0.0.4.
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
#: A client's own request id is echoed if it is this plain (else one is made).
REQUEST_ID = re.compile(r"[A-Za-z0-9._:/+=@-]{1,128}")
#: Latency buckets (seconds): a check takes milliseconds, a book or a filter minutes.
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)
#: The methods counted by name (any other is ``other``: a label set per method a client
#: makes up would grow without bound).
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"})
#: Paths answered while a shutdown drains (every other request is a 503 then).
DRAIN_OPEN = frozenset({"/metrics"})


def client_of(scope: Scope,
              trusted: Sequence[Network]) -> str:
    """The address a request is charged to: its peer's, or, when the peer is a trusted
    proxy, the nearest address in ``X-Forwarded-For`` that is not a trusted proxy (read
    from the right: only the proxies' own additions are believed). A header from any
    other peer is ignored."""
    peer = scope.get("client")
    address = str(peer[0]) if peer else "unknown"
    if not trusted or not _trusted(address, trusted):
        return address
    forwarded = [v for k, v in scope.get("headers", []) if k == b"x-forwarded-for"]
    hops = [h.strip() for v in forwarded for h in v.decode("latin-1").split(",")]
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            break  # garbage: believe no further
        address = hop
        if not _trusted(hop, trusted):
            break
    return address


def _trusted(address: str, trusted: Sequence[Network],
             ) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in trusted)


class PoolCollector(Collector):
    """The pool's figures, read when scraped."""

    def __init__(self, pool: WorkerPool) -> None:
        self.pool = pool

    def collect(self) -> Iterator[Metric]:
        pool = self.pool
        running = pool.running
        yield GaugeMetricFamily("pyramids_jobs_running", "Jobs a solver process is running",
                                value=running)
        yield GaugeMetricFamily("pyramids_jobs_queued", "Jobs admitted, waiting for a solver",
                                value=pool.in_flight - running)
        yield GaugeMetricFamily("pyramids_solver_processes", "Solver processes",
                                value=pool.workers)
        yield GaugeMetricFamily("pyramids_job_capacity", "Jobs admitted at most (running "
                                "and waiting)", value=pool.capacity)
        yield CounterMetricFamily("pyramids_solver_restarts", "Solver processes replaced "
                                  "(killed past a job's time limit, or died)",
                                  value=pool.restarts)


class Metrics:
    """The service's metrics in a registry of its own (one per app)."""

    def __init__(self, pool: WorkerPool) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("pyramids_http_requests", "HTTP requests answered",
                                ["route", "method", "status"], registry=self.registry)
        self.latency = Histogram("pyramids_http_request_duration_seconds",
                                 "Time from a request to its answer", ["route"],
                                 buckets=BUCKETS, registry=self.registry)
        self.refused = Counter("pyramids_http_refused", "Requests refused: 503 (busy, a "
                               "solver died, shutting down) and 429 (a client over its "
                               "share)", ["status", "kind"], registry=self.registry)
        self.jobs = Histogram("pyramids_job_duration_seconds", "Solver time per job, by kind "
                              "(check, filter_deals, book, daily) and outcome",
                              ["kind", "outcome"], buckets=BUCKETS, registry=self.registry)
        self.registry.register(PoolCollector(pool))
        pool.on_job = self.job

    def job(self, kind: str, seconds: float, outcome: str) -> None:
        self.jobs.labels(kind, outcome).observe(seconds)

    def scrape(self) -> bytes:
        return generate_latest(self.registry)


def route_of(scope: Scope) -> str:
    """The route's template (``/v1/deals/{number}``), never the raw path: the metrics'
    labels stay few whatever clients ask."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    return str(path) if path is not None else "unmatched"


class Observe:
    """Per request: its id (``X-Request-ID``, echoed), its client (:func:`client_of`) in a
    :class:`~.pool.RequestNote` the pool charges jobs to, the metrics, one log line; and,
    once the pool drains, a 503 with ``Retry-After`` instead of new work."""

    def __init__(self, app: ASGIApp, pool: WorkerPool, metrics: Metrics,
                 trusted: Sequence[Network],
                 retry_after: int) -> None:
        self.app = app
        self.pool = pool
        self.metrics = metrics
        self.trusted = tuple(trusted)
        self.retry_after = retry_after
        self._children: dict[tuple[str, str, int], tuple[Any, Any]] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        rid = ""
        for key, value in scope.get("headers", []):
            if key == b"x-request-id":
                rid = value.decode("latin-1")
                break
        if not REQUEST_ID.fullmatch(rid):
            rid = os.urandom(16).hex()  # as uuid4().hex, at a third of its cost
        note = RequestNote(client=client_of(scope, self.trusted))
        token = REQUEST.set(note)
        state: dict[str, Any] = scope.setdefault("state", {})
        status = 500
        started = False

        async def send_noted(message: Message) -> None:
            nonlocal status, started
            if message["type"] == "http.response.start":
                started = True
                status = message["status"]
                message["headers"] = [*message.get("headers", []),
                                      (b"x-request-id", rid.encode())]
            await send(message)

        stack = None
        try:
            if self.pool.closing and scope.get("path") not in DRAIN_OPEN:
                state["error_kind"] = "ShuttingDown"
                await error(503, "the server is shutting down; retry later", "ShuttingDown",
                            {"Retry-After": str(self.retry_after), **CLOSE},
                            )(scope, receive, send_noted)
            else:
                await self.app(scope, receive, send_noted)
        except Exception:
            stack = traceback.format_exc()
            if not started:
                raise
        finally:
            REQUEST.reset(token)
            self._done(scope, note, rid, status, time.perf_counter() - start, state, stack)

    def _done(self, scope: Scope, note: RequestNote, rid: str, status: int, seconds: float,
              state: dict[str, Any], stack: str | None) -> None:
        route = route_of(scope)
        m = self.metrics
        method = scope.get("method", "")
        labels = (route, method if method in METHODS else "other", status)
        counted = self._children.get(labels)
        if counted is None:  # a child per label set, looked up once (labels() is slow)
            counted = self._children[labels] = (
                m.requests.labels(route, labels[1], str(status)), m.latency.labels(route))
        counted[0].inc()
        counted[1].observe(seconds)
        kind = state.get("error_kind")
        if status in (429, 503):
            m.refused.labels(str(status), kind or "").inc()
        stack = stack or state.get("error_stack")
        level = logging.ERROR if status == 500 or stack else logging.INFO
        if not ACCESS.isEnabledFor(level):
            return
        fields: dict[str, Any] = {
            "request_id": rid, "client": note.client, "method": scope.get("method"),
            "route": route, "path": scope.get("path"), "status": status,
            "latency_ms": round(seconds * 1000, 2)}
        if note.job is not None:
            fields["job"] = note.job
            fields["job_ms"] = round((note.job_seconds or 0.0) * 1000, 2)
        for key, value in (("engine", note.engine), ("outcome", note.outcome),
                           ("error", kind), ("stack", stack)):
            if value is not None:
                fields[key] = value
        ACCESS.log(level, "%s %s %s", scope.get("method"), scope.get("path"), status,
                   extra={"request": fields})


def _time(record: logging.LogRecord) -> str:
    return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds") \
        .replace("+00:00", "Z")


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, and a request's fields (or the
    message); a stack trace is a field of the same line."""

    def format(self, record: logging.LogRecord) -> str:
        obj: dict[str, Any] = {"time": _time(record), "level": record.levelname.lower(),
                               "logger": record.name}
        fields = getattr(record, "request", None)
        if isinstance(fields, dict):
            obj.update(fields)
        else:
            obj["message"] = record.getMessage()
        if record.exc_info:
            obj["stack"] = "".join(traceback.format_exception(*record.exc_info))
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class TextFormatter(logging.Formatter):
    """One plain line: time, level, then a request's fields as ``key=value`` (or the
    message); a stack trace follows on its own lines, as Python prints it."""

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "request", None)
        if isinstance(fields, dict):
            stack = fields.get("stack")
            text = " ".join(f"{k}={v}" for k, v in fields.items() if k != "stack")
            if stack:
                text += "\n" + str(stack).rstrip()
        else:
            text = record.getMessage()
        if record.exc_info:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip()
        return f"{_time(record)} {record.levelname.lower()} {text}"


def log_config(fmt: str, level: str) -> dict[str, Any]:
    """The logging set-up of ``pyramids serve`` (uvicorn's ``log_config``): uvicorn's own
    messages and the request log in one format on stderr; uvicorn's access log off (the
    request log says more)."""
    formatter = {"json": JsonFormatter, "text": TextFormatter}[fmt]
    lvl = level.upper()
    return {
        "version": 1, "disable_existing_loggers": False,
        "formatters": {"main": {"()": f"{formatter.__module__}.{formatter.__qualname__}"}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "main",
                                "stream": "ext://sys.stderr"}},
        "loggers": {
            "uvicorn": {"handlers": ["stderr"], "level": lvl, "propagate": False},
            "uvicorn.error": {"level": lvl},
            "uvicorn.access": {"handlers": [], "level": "CRITICAL", "propagate": False},
            ACCESS.name: {"handlers": ["stderr"], "level": lvl, "propagate": False},
        },
    }
