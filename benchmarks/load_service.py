"""Load test of ``POST /v1/check`` on open bouquet and Giza deals, over loopback only.

Starts ``pyramids serve`` on a free 127.0.0.1 port (or uses ``--url`` if it is a loopback
address), sends a bounded number of requests with a fixed concurrency, and prints for
each variant: requests per second, p50/p99 latency, HTTP statuses and verdicts. Bounded
in requests (``--requests``) and time (``--max-seconds`` per variant); stops by itself.

    .venv/bin/python benchmarks/load_service.py --requests 60 --concurrency 4 --workers 2

The machine is shared (2 cores): figures are noisy; each deal is solved for real, so
the figures measure the solver as much as the service.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from urllib.parse import urlparse

import httpx

HOST = "127.0.0.1"


def loopback_only(url: str) -> str:
    host = urlparse(url).hostname or ""
    if host != "localhost":
        try:
            if not ipaddress.ip_address(host).is_loopback:
                raise ValueError
        except ValueError:
            sys.exit(f"refusing {url!r}: this load test only talks to loopback addresses")
    return url.rstrip("/")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def start_server(workers: int, queue: int | None,
                 cap: float) -> tuple[subprocess.Popen[bytes], str]:
    """``pyramids serve`` on a free loopback port (``queue`` None: the default queue)."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", "from pyramids.cli import main; main()", "serve", "--host", HOST,
         "--port", str(port), "--workers", str(workers),
         *(["--queue", str(queue)] if queue is not None else []),
         "--time-limit-cap", str(cap), "--log-level", "warning"],
        env=os.environ | {"PYTHONUNBUFFERED": "1"})
    url = f"http://{HOST}:{port}"
    wait_until_up(proc, url, 60)
    return proc, url


def wait_until_up(proc: subprocess.Popen[bytes], url: str, seconds: float) -> None:
    """Wait until the server answers ``/healthz`` (exit if it dies or takes ``seconds``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"pyramids serve exited with {proc.returncode}")
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    proc.kill()
    sys.exit(f"pyramids serve did not start within {seconds:g} s")


def stop_server(proc: subprocess.Popen[bytes], sig: int = signal.SIGINT,
                seconds: float = 15) -> None:
    """Send ``sig``; kill the server if it has not exited within ``seconds``."""
    proc.send_signal(sig)
    try:
        proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()


def pct(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(p / 100 * (len(sorted_values) - 1))))
    return sorted_values[k]


async def load(url: str, variant: str, first_deal: int, requests: int, concurrency: int,
               time_limit: float, max_seconds: float) -> dict[str, object]:
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    verdicts: Counter[str] = Counter()
    next_i = 0
    stop_at = time.monotonic() + max_seconds

    async def client_loop(client: httpx.AsyncClient) -> None:
        nonlocal next_i
        while next_i < requests and time.monotonic() < stop_at:
            deal = first_deal + next_i
            next_i += 1
            t0 = time.perf_counter()
            try:
                r = await client.post("/v1/check", json={"deal": deal, "variant": variant,
                                                         "time_limit": time_limit})
            except httpx.HTTPError as e:
                statuses[-1] += 1
                print(f"  transport error: {e!r}", file=sys.stderr)
                continue
            latencies.append(time.perf_counter() - t0)
            statuses[r.status_code] += 1
            if r.status_code == 200:
                verdicts[r.json()["status"]] += 1

    limits = httpx.Limits(max_connections=concurrency)
    async with httpx.AsyncClient(base_url=url, timeout=time_limit + 60, limits=limits) as client:
        # one warm-up request (worker imports, JIT) not counted
        await client.post("/v1/check", json={"deal": first_deal - 1, "variant": variant,
                                             "time_limit": time_limit})
        t0 = time.perf_counter()
        await asyncio.gather(*(client_loop(client) for _ in range(concurrency)))
        wall = time.perf_counter() - t0
    latencies.sort()
    done = sum(statuses.values())
    return {"variant": variant, "requests": done, "seconds": wall,
            "rps": done / wall if wall else float("nan"),
            "p50_ms": 1000 * pct(latencies, 50), "p99_ms": 1000 * pct(latencies, 99),
            "statuses": dict(statuses), "verdicts": dict(verdicts)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="an already running server (loopback only)")
    ap.add_argument("--workers", type=int, default=2, help="solver processes of the server")
    ap.add_argument("--queue", type=int, default=64,
                    help="jobs that may wait for a solver before the server says 503")
    ap.add_argument("--requests", type=int, default=60, help="requests per variant (max 2000)")
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--time-limit", type=float, default=2.0, help="per-request solver limit")
    ap.add_argument("--max-seconds", type=float, default=90, help="per variant (max 600)")
    ap.add_argument("--variants", default="bouquet,giza")
    ap.add_argument("--first-deal", type=int, default=1000)
    args = ap.parse_args()
    requests = max(1, min(args.requests, 2000))
    max_seconds = max(1.0, min(args.max_seconds, 600.0))
    proc = None
    if args.url:
        url = loopback_only(args.url)
    else:
        proc, url = start_server(args.workers, args.queue, max(args.time_limit, 0.1))
    try:
        print(f"server {url}: {args.workers if proc else '?'} workers; "
              f"{requests} requests per variant, concurrency {args.concurrency}, "
              f"time limit {args.time_limit:g} s")
        print(f"{'variant':<9} {'reqs':>5} {'req/s':>7} {'p50 ms':>8} {'p99 ms':>8}  "
              "statuses / verdicts")
        for variant in args.variants.split(","):
            res = asyncio.run(load(url, variant, args.first_deal, requests, args.concurrency,
                                   args.time_limit, max_seconds))
            print(f"{variant:<9} {res['requests']:>5} {res['rps']:>7.2f} {res['p50_ms']:>8.1f} "
                  f"{res['p99_ms']:>8.1f}  {res['statuses']} {res['verdicts']}")
    finally:
        if proc is not None:
            stop_server(proc)


if __name__ == "__main__":
    main()
