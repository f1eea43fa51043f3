"""What the service's own work costs per request, without a solver or a socket: ``GET
/v1/deals/17`` and ``GET /healthz`` sent ``--requests`` times straight into the ASGI app
(httpx's ASGI transport), in a fresh process per side, the sides alternating for
``--rounds``; and where a side has it, the request middleware
(:class:`pyramids.service.observe.Observe`) alone around an app that answers at once, beside
that app bare. ``--src`` names each side's sources (``name=path``), e.g. main's checkout
beside this one, so that a change's cost per request is seen apart from the solver's time,
which the load benchmark (``load_service.py``) mixes in. Prints the median microseconds
per request of each side and route. Bounded: at most 20,000 requests a run.

    .venv/bin/python benchmarks/service_overhead.py --src main=../main/src --src branch=src
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

#: Run in each side's process: the app (no pool started: these routes run no job).
PROBE = """
import asyncio, json, sys, time, logging
import httpx
from pyramids.service import ServiceConfig, create_app
logging.getLogger("pyramids.access").setLevel(logging.WARNING)  # as --log-level warning
n = int(sys.argv[1])
app = create_app(ServiceConfig(workers=1))
async def main():
    out = {}
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://bench") as c:
        for path in ("/v1/deals/17", "/healthz"):
            for _ in range(50):
                await c.get(path)
            t0 = time.perf_counter()
            for _ in range(n):
                r = await c.get(path)
                assert r.status_code == 200, r.text
            out[path] = 1e6 * (time.perf_counter() - t0) / n
    try:  # the request middleware alone, around an app that answers at once
        from pyramids.service.observe import Observe
    except ImportError:
        print(json.dumps(out))
        return
    async def bare(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"x"})
    async def receive():
        return {"type": "http.request"}
    async def send(message):
        pass
    st = app.state
    wrapped = Observe(bare, st.pool, st.metrics, (), 2)
    for name, asgi in (("bare app", bare), ("Observe(bare app)", wrapped)):
        t0 = time.perf_counter()
        for _ in range(10 * n):
            await asgi({"type": "http", "method": "GET", "path": "/x", "headers": [],
                        "client": ("127.0.0.1", 5)}, receive, send)
        out[name] = 1e6 * (time.perf_counter() - t0) / (10 * n)
    print(json.dumps(out))
asyncio.run(main())
"""


def side(src: str, requests: int) -> dict[str, float]:
    env = os.environ | {"PYTHONPATH": str(Path(src).resolve())}
    r = subprocess.run([sys.executable, "-c", PROBE, str(requests)], env=env,
                       capture_output=True, text=True, timeout=600, check=True)
    return dict(json.loads(r.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", action="append", required=True, help="name=path, repeatable")
    ap.add_argument("--requests", type=int, default=2000, help="per route and round")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    requests = max(1, min(args.requests, 20_000 // 2))
    sides = dict(s.split("=", 1) for s in args.src)
    got: dict[str, dict[str, list[float]]] = {name: {} for name in sides}
    for _ in range(max(1, min(args.rounds, 20))):
        for name, src in sides.items():
            for path, us in side(src, requests).items():
                got[name].setdefault(path, []).append(us)
    print(f"{requests} requests per route and round, {args.rounds} rounds; "
          "median microseconds per request (each round's in brackets)")
    for name, paths in got.items():
        for path, values in paths.items():
            rounds = " ".join(f"{v:.0f}" for v in values)
            print(f"{name:<10} {path:<14} {statistics.median(values):>8.0f}  [{rounds}]")


if __name__ == "__main__":
    main()
