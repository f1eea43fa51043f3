"""The service under mixed load and faults, over loopback only: every request answered
200 or a documented 503 with Retry-After.

Starts ``pyramids serve`` on a free 127.0.0.1 port and, for ``--minutes``:

- ``--concurrency`` clients send mixed traffic (check, every goal, position, filter,
  deals, puzzles, books), each honouring a 503's Retry-After as the page does; per route
  the statuses and p50/p99 latency;
- the server's and its solver processes' memory (RSS) sampled every 10 s: the growth from
  the end of warm-up (``--warmup`` s) to the end, as the medians of the first and last
  three samples (the solver processes summed, in samples where all are up and settled:
  :func:`memory`), under 10% or the verdict fails;
- a solver process killed (SIGKILL) every ``--kill-every`` s: the answers of kind
  WorkerCrashed (its job) against the kills, and how soon the process was replaced;
- a client sending its body at a byte a second (cut off with 408), another sending its
  request head at a byte a second (the connection closed), and 1,000 idle connections
  held open while a probe asks ``/healthz`` (answered as before).

Bounded in time (``--minutes``, at most 60) and stops by itself.

    nice -n 10 .venv/bin/python benchmarks/soak_service.py --minutes 10 --concurrency 32
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
from load_service import HOST, pct, start_server

ROOT = Path(__file__).resolve().parents[1]
GOALS = ["board", "moves", "score", "score:800", "cards:A:4", "cards:K:3"]
VARIANTS = ["pyramid", "giza", "bouquet", "par-pyramid", "king-tut", "msc"]


def request(rng: random.Random) -> tuple[str, str, str, dict[str, Any] | None]:
    """One request of the mix: (route label, method, path, JSON body)."""
    deal = rng.randrange(100_000)
    kind = rng.choices(["check", "goal", "position", "filter", "deal", "variants",
                        "puzzles", "puzzle", "book"],
                       weights=[6, 4, 6, 2, 4, 1, 2, 3, 1])[0]
    if kind == "check":
        return kind, "POST", "/v1/check", {"deal": deal, "variant": rng.choice(VARIANTS),
                                           "time_limit": 2}
    if kind == "goal":
        return kind, "POST", "/v1/check", {"deal": deal % 500, "variant": "msc",
                                           "goal": rng.choice(GOALS), "time_limit": 2}
    if kind == "position":
        moves = ["TH+3C", "QC+AS", "KH", "deal", "deal", "8S+5S"][:rng.randrange(7)]
        return kind, "POST", "/v1/position", {"deal": 45, "moves": moves,
                                              "steps": rng.random() < 0.3}
    if kind == "filter":
        exact = rng.random() < 0.3
        return kind, "POST", "/v1/filter", {
            "deals": [deal + i for i in range(5)], "variant": rng.choice(VARIANTS[:5]),
            "mode": "exact" if exact else "quick", "time_limit": 1}
    if kind == "deal":
        return kind, "GET", f"/v1/deals/{deal}?variant={rng.choice(VARIANTS)}", None
    if kind == "variants":
        return kind, "GET", "/v1/variants", None
    if kind == "puzzles":
        return kind, "GET", f"/v1/puzzles/pyramid?offset={rng.randrange(200)}&limit=20", None
    if kind == "puzzle":
        return kind, "GET", f"/v1/puzzles/giza/{rng.randrange(1, 200)}", None
    return kind, "POST", "/v1/books", {"collection": "giza", "count": rng.choice([1, 2])}


class Tally:
    """Per route: statuses, latencies of answered requests, and what was wrong."""

    def __init__(self) -> None:
        self.statuses: dict[str, Counter[str]] = defaultdict(Counter)
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.ok: dict[str, list[float]] = defaultdict(list)  # of the 200s
        self.busy: dict[str, list[float]] = defaultdict(list)  # of the 503s
        self.wrong: list[str] = []
        self.crashed: list[float] = []  # when each WorkerCrashed answer came

    def add(self, route: str, r: httpx.Response, seconds: float) -> float:
        """Record an answer; the seconds to wait before the next request (Retry-After)."""
        key = str(r.status_code)
        wait = 0.0
        if r.status_code == 503:
            kind = r.json().get("kind", "?")
            key = f"503 {kind}"
            retry = r.headers.get("retry-after", "")
            if not retry.isdigit():
                self.wrong.append(f"{route}: 503 without Retry-After: {r.text[:200]}")
            wait = float(retry or 1)
            if kind == "WorkerCrashed":
                self.crashed.append(time.monotonic())
        elif r.status_code != 200:
            self.wrong.append(f"{route}: {r.status_code} {r.text[:200]}")
        self.statuses[route][key] += 1
        self.latency[route].append(seconds)
        (self.ok if r.status_code == 200 else self.busy)[route].append(seconds)
        return wait


def solvers(server_pid: int) -> list[int]:
    """The solver processes of the server (its children started by multiprocessing's
    spawn, not its resource tracker)."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if ppid == server_pid and b"spawn_main" in cmd:
            out.append(int(entry))
    return sorted(out)


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def client_loop(url: str, seed: int, stop_at: float, tally: Tally) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=180) as client:
        while time.monotonic() < stop_at:
            route, method, path, body = request(rng)
            t0 = time.perf_counter()
            try:
                r = await client.request(method, path, json=body)
            except httpx.HTTPError as e:
                tally.wrong.append(f"{route}: transport error {e!r}")
                tally.statuses[route]["transport error"] += 1
                continue
            wait = tally.add(route, r, time.perf_counter() - t0)
            if wait:
                await asyncio.sleep(wait)


async def sampler(server_pid: int, stop_at: float, every: float,
                  samples: list[tuple[float, float, dict[int, float]]]) -> None:
    """Every ``every`` s: (time, the server's RSS, each solver process's RSS by pid)."""
    t0 = time.monotonic()
    while time.monotonic() < stop_at:
        kids = solvers(server_pid)
        samples.append((time.monotonic() - t0, rss_mb(server_pid),
                        {k: rss_mb(k) for k in kids}))
        await asyncio.sleep(every)


async def killer(server_pid: int, workers: int, stop_at: float, every: float,
                 kills: list[dict[str, Any]]) -> None:
    """SIGKILL a random solver process every ``every`` s; time until it is replaced."""
    rng = random.Random(7)
    while time.monotonic() + every < stop_at:
        await asyncio.sleep(every)
        before = solvers(server_pid)
        if not before:
            continue
        victim = rng.choice(before)
        os.kill(victim, signal.SIGKILL)
        t0 = time.monotonic()
        kill: dict[str, Any] = {"at": t0, "pid": victim, "replaced_s": None}
        kills.append(kill)
        while time.monotonic() - t0 < 50:
            now = solvers(server_pid)
            if victim not in now and len(now) >= workers:
                kill["replaced_s"] = time.monotonic() - t0
                break
            await asyncio.sleep(0.2)


async def slow_body(url: str, timeout: float = 60) -> dict[str, Any]:
    """POST /v1/check announcing 200 bytes and sending one a second: what the server
    answers, and after how long."""
    host, port = urlparse(url).hostname or HOST, urlparse(url).port or 80
    reader, writer = await asyncio.open_connection(host, port)
    body = b'{"deal": 1, "variant": "giza", "title": "' + b"x" * 150
    writer.write(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 200\r\n\r\n")
    await writer.drain()
    t0 = time.monotonic()
    answer = b""
    for byte in body:
        if time.monotonic() - t0 > timeout:
            break
        try:
            writer.write(bytes([byte]))
            await writer.drain()
            answer += await asyncio.wait_for(reader.read(4096), 1.0)
        except TimeoutError:
            continue
        except (ConnectionError, OSError):
            break
        if answer:
            break
    seconds = time.monotonic() - t0
    try:
        rest = await asyncio.wait_for(reader.read(), 5)  # the server closes: b"" at the end
        closed = True
        answer += rest
    except (TimeoutError, ConnectionError):
        closed = False
    writer.close()
    status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/") else "none"
    return {"status": status, "seconds": seconds, "closed": closed}


async def slow_head(url: str, timeout: float = 60) -> dict[str, Any]:
    """A request head sent a byte a second: how long until the server closes."""
    host, port = urlparse(url).hostname or HOST, urlparse(url).port or 80
    reader, writer = await asyncio.open_connection(host, port)
    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"y" * 200
    t0 = time.monotonic()
    closed = False
    for byte in head:
        if time.monotonic() - t0 > timeout:
            break
        try:
            writer.write(bytes([byte]))
            await writer.drain()
            if await asyncio.wait_for(reader.read(4096), 1.0) == b"":
                closed = True
                break
        except TimeoutError:
            continue
        except (ConnectionError, OSError):
            closed = True
            break
    writer.close()
    return {"closed": closed, "seconds": time.monotonic() - t0}


async def idle_connections(url: str, n: int, hold: float) -> dict[str, Any]:
    """Open ``n`` connections that send nothing; meanwhile a probe asks /healthz once a
    second; how many the server has closed after ``hold`` s."""
    host, port = urlparse(url).hostname or HOST, urlparse(url).port or 80
    loop = asyncio.get_running_loop()
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.setblocking(False)
        await loop.sock_connect(s, (host, port))
        socks.append(s)
    probe: list[float] = []
    failed = 0
    async with httpx.AsyncClient(base_url=url, timeout=10) as client:
        t0 = time.monotonic()
        while time.monotonic() - t0 < hold:
            p0 = time.perf_counter()
            try:
                ok = (await client.get("/healthz")).status_code == 200
            except httpx.HTTPError:
                ok = False
            failed += not ok
            probe.append(time.perf_counter() - p0)
            await asyncio.sleep(1)
    closed = 0
    for s in socks:
        try:
            closed += s.recv(1) == b""
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        s.close()
    return {"n": n, "probe_p50_ms": 1000 * statistics.median(probe),
            "probe_max_ms": 1000 * max(probe), "probe_failed": failed, "closed": closed}


async def faults(url: str, start_after: float) -> dict[str, Any]:
    await asyncio.sleep(start_after)
    body, head = await asyncio.gather(slow_body(url), slow_head(url))
    idle = await idle_connections(url, 1000, 20)
    return {"slow_body": body, "slow_head": head, "idle": idle}


async def soak(url: str, server_pid: int, args: argparse.Namespace) -> dict[str, Any]:
    stop_at = time.monotonic() + args.minutes * 60
    tally = Tally()
    samples: list[tuple[float, float, dict[int, float]]] = []
    kills: list[dict[str, Any]] = []
    t0 = time.monotonic()
    tasks = [client_loop(url, i, stop_at, tally) for i in range(args.concurrency)]
    extra = [sampler(server_pid, stop_at, 10, samples),
             killer(server_pid, args.workers, stop_at, args.kill_every, kills),
             faults(url, min(args.warmup, args.minutes * 30))]
    results = await asyncio.gather(*tasks, *extra)
    return {"tally": tally, "samples": samples, "kills": kills, "faults": results[-1],
            "seconds": time.monotonic() - t0}


def growth(values: list[float]) -> tuple[float, float, float]:
    """The median of the first three samples, of the last three, and the percent from one
    to the other (robust to one odd sample at either end)."""
    if len(values) < 6:
        return float("nan"), float("nan"), float("nan")
    first, last = statistics.median(values[:3]), statistics.median(values[-3:])
    return first, last, 100 * (last - first) / first if first else float("nan")


def memory(samples: list[tuple[float, float, dict[int, float]]], warmup: float,
           workers: int) -> tuple[list[str], float, float]:
    """The memory lines of the report, and the growth of the server and of the pool (%).

    The server is one process from start to end: its RSS after warm-up. The solver
    processes are killed and replaced (each lives about ``workers`` minutes), so their
    figure is the sum over the pool, counted only in samples where all ``workers`` were up
    and each had been seen in the two samples before (20 s old: a process just started
    has not loaded its tables yet, and a sample taken during a replacement counts one
    process short)."""
    seen: Counter[int] = Counter()
    pool: list[float] = []
    skipped = 0
    biggest = 0.0
    after = []
    for t, server, kids in samples:
        settled = len(kids) == workers and all(seen[k] >= 2 for k in kids)
        for k in kids:
            seen[k] += 1
        if t < warmup:
            continue
        after.append(server)
        biggest = max([biggest, *kids.values()])
        if settled:
            pool.append(sum(kids.values()))
        else:
            skipped += 1
    s0, s1, sg = growth(after)
    p0, p1, pg = growth(pool)
    return [
        f"memory (RSS every 10 s; {len(after)} samples after {warmup:g} s of warm-up; "
        f"figures: the median of the first 3 -> of the last 3):",
        f"  server (one process throughout): {s0:.0f} -> {s1:.0f} MB ({sg:+.1f}%), "
        f"range {min(after, default=0):.0f} to {max(after, default=0):.0f} MB",
        f"  solver processes (the sum of {workers}, in the {len(pool)} samples where all "
        f"were up and settled; {skipped} taken during a replacement left out): {p0:.0f} -> "
        f"{p1:.0f} MB ({pg:+.1f}%), range {min(pool, default=0):.0f} to "
        f"{max(pool, default=0):.0f} MB; the largest one process: {biggest:.0f} MB",
        "  each sample, server / solver processes (their number): " + ", ".join(
            f"{server:.0f}/{sum(kids.values()):.0f}({len(kids)})"
            for t, server, kids in samples if t >= warmup),
    ], sg, pg


def report(res: dict[str, Any], args: argparse.Namespace, load0: float) -> int:
    tally: Tally = res["tally"]
    total = sum(sum(c.values()) for c in tally.statuses.values())
    print(f"{args.minutes:g} min of mixed traffic at concurrency {args.concurrency} on "
          f"pyramids serve ({args.workers} solver processes, queue default), a solver "
          f"killed every {args.kill_every:g} s; load average {load0:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after; {res['seconds']:.0f} s")
    print(f"requests: {total}")
    print(f"{'':<10} {'':>6} {'all answers':^17} {'the 200s':^17} {'the 503s':^17}")
    print(f"{'route':<10} {'reqs':>6} " + " ".join([f"{'p50 ms':>8} {'p99 ms':>8}"] * 3)
          + "  statuses")
    for route in sorted(tally.statuses):
        cols = []
        for lat in (tally.latency[route], tally.ok[route], tally.busy[route]):
            lat = sorted(lat)
            cols.append(f"{1000 * pct(lat, 50):>8.1f} {1000 * pct(lat, 99):>8.1f}")
        print(f"{route:<10} {sum(tally.statuses[route].values()):>6} {' '.join(cols)}  "
              f"{dict(tally.statuses[route])}")
    lines, server_growth, pool_growth = memory(res["samples"], args.warmup, args.workers)
    for line in lines:
        print(line)
    kills = res["kills"]
    replaced = [k["replaced_s"] for k in kills if k["replaced_s"] is not None]
    print(f"kills: {len(kills)}, replaced {len(replaced)} (in {min(replaced, default=0):.1f}"
          f" to {max(replaced, default=0):.1f} s); answers of kind WorkerCrashed: "
          f"{len(tally.crashed)}")
    f = res["faults"]
    print(f"slow body (1 byte/s): answered {f['slow_body']['status']} after "
          f"{f['slow_body']['seconds']:.1f} s, connection closed: {f['slow_body']['closed']}")
    print(f"slow head (1 byte/s): connection closed: {f['slow_head']['closed']} after "
          f"{f['slow_head']['seconds']:.1f} s")
    i = f["idle"]
    print(f"{i['n']} idle connections for 20 s: /healthz probe p50 {i['probe_p50_ms']:.1f} ms, "
          f"max {i['probe_max_ms']:.1f} ms, failed {i['probe_failed']}; closed by the "
          f"server by then: {i['closed']}")
    bad = list(tally.wrong)
    if len(tally.crashed) > len(kills):
        bad.append(f"{len(tally.crashed)} WorkerCrashed answers for {len(kills)} kills")
    if len(replaced) < len(kills):
        bad.append("a killed solver process was not replaced")
    if not (server_growth < 10 and pool_growth < 10):  # NaN (too few samples) fails too
        bad.append(f"memory grew {server_growth:+.1f}% (server), {pool_growth:+.1f}% "
                   f"(solver processes) after warm-up: 10% at most")
    if f["slow_body"]["status"] != "408" or i["probe_failed"]:
        bad.append("a slow or idle client was not handled")
    for line in bad[:20]:
        print(f"  WRONG: {line}")
    verdict = f"{len(bad)} problems" if bad else \
        "every request answered 200 or 503 with Retry-After"
    print(f"verdict: {verdict}")
    return 1 if bad else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--concurrency", type=int, default=32)
    ap.add_argument("--workers", type=int, default=2, help="solver processes of the server")
    ap.add_argument("--kill-every", type=float, default=60)
    ap.add_argument("--warmup", type=float, default=60, help="seconds before memory counts")
    args = ap.parse_args()
    args.minutes = max(0.5, min(args.minutes, 60))
    proc, url = start_server(args.workers, None, 10.0)
    load0 = os.getloadavg()[0]
    try:
        res = asyncio.run(soak(url, proc.pid, args))
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except Exception:
            proc.kill()
    sys.exit(report(res, args, load0))


if __name__ == "__main__":
    main()
