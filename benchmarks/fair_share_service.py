"""Fair share under a flood: one client sending ``--flood`` requests at once (from
127.0.0.1, never waiting its Retry-After) beside four polite clients each sending one
request at a time (from 127.0.0.2-5, ``--pause`` s between), over loopback only.

Starts ``pyramids serve`` on a free 127.0.0.1 port (``--src``: the sources it runs, e.g.
another checkout's ``src`` for a before/after), then two phases, interleaved in
``--rounds`` (so that a shared machine's load, drifting, weighs on both alike): the polite
clients alone for ``--alone`` seconds in all, and with the flood for ``--seconds``; a
phase ends once its last answer is in. Prints, per phase, each
side's requests, statuses and latency (p50, p99), and the issue's two criteria: the polite
clients get >= 95% answered 200, their p50 within 2x of alone. Every request is
``POST /v1/check`` of a Par Pyramid deal (the polite clients ask the same deals in both
phases). Bounded in time (each phase at most 120 s) and stops by itself.

    .venv/bin/python benchmarks/fair_share_service.py --workers 2 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import httpx
from load_service import HOST, free_port, pct, stop_server, wait_until_up

POLITE = ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5")
FLOOD = "127.0.0.1"


def start_server(workers: int, src: str | None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = os.environ | {"PYTHONUNBUFFERED": "1"}
    if src:
        env["PYTHONPATH"] = str(Path(src).resolve())
    proc = subprocess.Popen(
        [sys.executable, "-c", "from pyramids.cli import main; main()", "serve", "--host", HOST,
         "--port", str(port), "--workers", str(workers), "--log-level", "warning"], env=env)
    url = f"http://{HOST}:{port}"
    wait_until_up(proc, url, 120)
    return proc, url


class Side:
    """One side's answers: statuses and the latency of each 200."""

    def __init__(self) -> None:
        self.statuses: Counter[int] = Counter()
        self.latencies: list[float] = []

    def add(self, status: int, seconds: float) -> None:
        self.statuses[status] += 1
        if status == 200:
            self.latencies.append(seconds)

    def summary(self) -> str:
        lat = sorted(self.latencies)
        n = sum(self.statuses.values())
        ok = self.statuses.get(200, 0)
        return (f"{n:>6} {100 * ok / n if n else 0:>6.1f}% {1000 * pct(lat, 50):>8.1f} "
                f"{1000 * pct(lat, 99):>8.1f}  {dict(sorted(self.statuses.items()))}")


def client(url: str, address: str, connections: int) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address,
                                         limits=httpx.Limits(max_connections=connections))
    return httpx.AsyncClient(base_url=url, transport=transport, timeout=120)


async def ask(c: httpx.AsyncClient, deal: int, side: Side) -> None:
    t0 = time.perf_counter()
    try:
        r = await c.post("/v1/check", json={"deal": deal, "variant": "par-pyramid",
                                            "time_limit": 10})
        side.add(r.status_code, time.perf_counter() - t0)
    except httpx.HTTPError:
        side.add(-1, time.perf_counter() - t0)


async def flood_only(url: str, seconds: float, flood: int, flooder: Side) -> None:
    """The flood alone: ``flood`` requests at once from :data:`FLOOD` for ``seconds``."""
    stop_at = time.monotonic() + seconds

    async def flood_loop(c: httpx.AsyncClient, j: int) -> None:
        i = 0
        while time.monotonic() < stop_at:
            await ask(c, 100_000 + 1000 * j + i, flooder)
            i += 1

    async with client(url, FLOOD, max(flood, 1)) as fc:
        await asyncio.gather(*(flood_loop(fc, j) for j in range(flood)))


def flood_process(url: str, seconds: float, flood: int, nice: int) -> subprocess.Popen[str]:
    """The flood in a process of its own (another machine's client, in effect: its event
    loop does not delay the polite clients' answers), at ``nice``."""
    return subprocess.Popen(
        [sys.executable, __file__, "--flood-worker", url, "--seconds", str(seconds),
         "--flood", str(flood)],
        stdout=subprocess.PIPE, text=True,
        preexec_fn=(lambda: os.nice(nice)) if nice else None)


def flood_result(proc: subprocess.Popen[str], flooder: Side) -> None:
    out, _ = proc.communicate(timeout=300)
    data = json.loads(out.strip().splitlines()[-1])
    for status, n in data["statuses"].items():
        flooder.statuses[int(status)] += n
    flooder.latencies.extend(data["latencies"])


async def phase(url: str, seconds: float, flood: int, pause: float, polite: Side,
                flooder: Side, first: int = 0, apart: int | None = None) -> None:
    """One phase of ``seconds``; the polite clients' deals from ``first`` on (the same in
    both phases). ``apart``: the flood runs in a process of its own at that niceness
    (None: in this process's event loop, beside the polite clients)."""
    stop_at = time.monotonic() + seconds
    if flood and apart is not None:
        proc = flood_process(url, seconds, flood, apart)
        try:
            await phase(url, seconds, 0, pause, polite, Side(), first)
        finally:
            await asyncio.get_running_loop().run_in_executor(None, flood_result, proc,
                                                             flooder)
        return

    async def polite_loop(k: int, address: str) -> None:
        async with client(url, address, 1) as c:
            i = first
            while time.monotonic() < stop_at:
                await ask(c, 1000 * (k + 1) + i, polite)
                i += 1
                await asyncio.sleep(pause)

    await asyncio.gather(*(polite_loop(k, a) for k, a in enumerate(POLITE)),
                         flood_only(url, seconds, flood, flooder))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", type=int, default=2, help="solver processes of the server")
    ap.add_argument("--seconds", type=float, default=30, help="the flood phase (max 120)")
    ap.add_argument("--alone", type=float, default=15, help="the polite clients alone (max 120)")
    ap.add_argument("--flood", type=int, default=32, help="the flood's requests at once")
    ap.add_argument("--pause", type=float, default=0.2,
                    help="seconds a polite client waits between its requests")
    ap.add_argument("--rounds", type=int, default=3,
                    help="alone, then with the flood, this many times (max 10)")
    ap.add_argument("--src", help="the pyramids sources the server runs (default: installed)")
    ap.add_argument("--apart", type=int, metavar="NICE",
                    help="run the flood in a process of its own at this niceness (0-19), as "
                    "if from another machine (default: in the polite clients' event loop)")
    ap.add_argument("--flood-worker", metavar="URL", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.flood_worker:
        side = Side()
        asyncio.run(flood_only(args.flood_worker, args.seconds, args.flood, side))
        print(json.dumps({"statuses": side.statuses, "latencies": side.latencies}))
        return
    seconds = max(1.0, min(args.seconds, 120.0))
    alone_s = max(1.0, min(args.alone, 120.0))
    rounds = max(1, min(args.rounds, 10))
    proc, url = start_server(args.workers, args.src)
    try:
        # warm both solver processes (imports, compiled kernels), not counted
        asyncio.run(phase(url, 3, 0, 0.0, Side(), Side(), first=500))
        code = args.src or "the pyramids Python imports"
        where = ("beside the polite clients" if args.apart is None
                 else f"in a process of its own at nice {args.apart}")
        print(f"server {url} ({code}): {args.workers} solver processes; polite clients "
              f"{', '.join(POLITE)} one request at a time ({args.pause:g} s apart); "
              f"flood {FLOOD} at concurrency {args.flood}, {where}")
        print(f"{'phase':<22} {'reqs':>6} {'200':>7} {'p50 ms':>8} {'p99 ms':>8}  statuses")
        alone, polite, flooder = Side(), Side(), Side()
        for r in range(rounds):
            asyncio.run(phase(url, alone_s / rounds, 0, args.pause, alone, Side(),
                              first=100 * r))
            asyncio.run(phase(url, seconds / rounds, args.flood, args.pause, polite,
                              flooder, first=100 * r, apart=args.apart))
        print(f"{f'polite alone {alone_s:g} s':<22} {alone.summary()}")
        print(f"{f'polite, flood {seconds:g} s':<22} {polite.summary()}")
        print(f"{f'flood {seconds:g} s':<22} {flooder.summary()}")
        n = sum(polite.statuses.values())
        share = polite.statuses.get(200, 0) / n if n else 0.0
        ratio = pct(sorted(polite.latencies), 50) / pct(sorted(alone.latencies), 50)
        print(f"polite answered 200: {100 * share:.1f}% (target >= 95%: "
              f"{'met' if share >= 0.95 else 'NOT met'}); p50 {ratio:.2f}x alone "
              f"(target <= 2x: {'met' if ratio <= 2 else 'NOT met'})")
    finally:
        stop_server(proc, signal.SIGTERM, 60)


if __name__ == "__main__":
    main()
