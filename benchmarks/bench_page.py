"""Lighthouse on the web page: its four scores and the load metrics, the median of several
runs for each address, against a real ``pyramids serve`` on the loopback.

Lighthouse 12.2.3 and Debian's Chromium, both local (``make webtools`` installs Lighthouse
with npm into tools/web; nothing downloads a browser). Mobile by default (a phone's screen,
a slow 4G link and a CPU four times slower, simulated), as PageSpeed measures.

    .venv/bin/python benchmarks/bench_page.py --runs 5
    .venv/bin/python benchmarks/bench_page.py --runs 3 --json      # as the tests read it

Progress on stderr; the table (or with ``--json`` one JSON object) on stdout. The machine is
shared: scores that depend on time (performance, its metrics) move between runs; the
median of several is what counts.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE = ROOT / "tools" / "web" / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = os.environ.get("PYRAMIDS_CHROMIUM", "/usr/bin/chromium")
HOST = "127.0.0.1"
#: As the browser tests start Chromium: no background traffic (the network is closed).
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
                "--disable-background-networking --disable-component-update --disable-sync "
                "--disable-dev-shm-usage")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = {"first-contentful-paint": "FCP ms", "largest-contentful-paint": "LCP ms",
           "total-blocking-time": "TBT ms", "cumulative-layout-shift": "CLS",
           "speed-index": "SI ms", "interactive": "TTI ms"}
PATHS = ("/", "/?deal=2&variant=msc&goal=cards:A:4", "/?deal=9&variant=giza")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@contextmanager
def server() -> Iterator[str]:
    """``pyramids serve`` (one worker) on a free loopback port, until the block ends."""
    import httpx

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", "from pyramids.cli import main; main()", "serve", "--host", HOST,
         "--port", str(port), "--workers", "1", "--log-level", "warning"],
        env=os.environ | {"PYTHONUNBUFFERED": "1"})
    base = f"http://{HOST}:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                sys.exit(f"pyramids serve exited with {proc.returncode}")
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                sys.exit("pyramids serve did not answer /healthz within 60 s")
            time.sleep(0.2)
        yield base
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


def lighthouse(url: str, desktop: bool = False) -> dict[str, Any]:
    """One Lighthouse run: ``{"scores": {category: 0-100}, "metrics": {name: value}}``."""
    node = shutil.which("node")
    if node is None or not LIGHTHOUSE.is_file():
        sys.exit(f"needs node and {LIGHTHOUSE} (make webtools)")
    with tempfile.TemporaryDirectory(prefix="pyramids-lh-") as tmp:
        out = Path(tmp) / "report.json"
        cmd = [node, str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
               f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}"]
        if desktop:
            cmd.append("--preset=desktop")
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=180,
                             env=os.environ | {"CHROME_PATH": CHROMIUM, "HOME": tmp})
        if run.returncode != 0 or not out.is_file():
            sys.exit(f"lighthouse failed ({run.returncode}): {run.stderr[-2000:]}")
        report = json.loads(out.read_text())
    audits = report["audits"]
    return {
        "scores": {k: round(100 * (report["categories"][k]["score"] or 0)) for k in CATEGORIES},
        "metrics": {name: audits[k]["numericValue"] for k, name in METRICS.items()},
        "failed": sorted(ref["id"] for cat in report["categories"].values()
                         for ref in cat["auditRefs"]
                         if ref["weight"] > 0 and audits[ref["id"]]["score"] is not None
                         and audits[ref["id"]]["score"] < 1),
    }


def measure(base: str, paths: list[str], runs: int, desktop: bool) -> dict[str, Any]:
    """Every path ``runs`` times: each run, and the medians."""
    out: dict[str, Any] = {"form_factor": "desktop" if desktop else "mobile", "runs": runs,
                           "pages": {}}
    for path in paths:
        each = []
        for i in range(runs):
            t = time.monotonic()
            each.append(lighthouse(base + path, desktop))
            print(f"{path} run {i + 1}/{runs}: {each[-1]['scores']} "
                  f"({time.monotonic() - t:.0f} s)", file=sys.stderr, flush=True)
        out["pages"][path] = {
            "runs": each,
            "median": {k: statistics.median(r["scores"][k] for r in each) for k in CATEGORIES}
            | {m: statistics.median(r["metrics"][m] for r in each) for m in METRICS.values()},
            "performance_range": [min(r["scores"]["performance"] for r in each),
                                  max(r["scores"]["performance"] for r in each)],
        }
    return out


def table(result: dict[str, Any]) -> str:
    cols = [*CATEGORIES, *METRICS.values()]
    lines = [f"Lighthouse 12.2.3, {result['form_factor']}, median of {result['runs']} runs",
             "page".ljust(42) + " ".join(c[:13].rjust(13) for c in cols)]
    for path, page in result["pages"].items():
        med = page["median"]
        cells = [f"{med[c]:.3f}" if c == "CLS" else f"{med[c]:.0f}" for c in cols]
        lo, hi = page["performance_range"]
        lines.append(path[:42].ljust(42) + " ".join(c.rjust(13) for c in cells)
                     + f"   (performance {lo}-{hi})")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs per page (median)")
    ap.add_argument("--paths", nargs="+", default=list(PATHS), help="the pages (paths)")
    ap.add_argument("--base", help="a running service (default: start one)")
    ap.add_argument("--desktop", action="store_true", help="Lighthouse's desktop preset")
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = ap.parse_args()
    if args.base:
        result = measure(args.base.rstrip("/"), args.paths, args.runs, args.desktop)
    else:
        with server() as base:
            result = measure(base, args.paths, args.runs, args.desktop)
    print(json.dumps(result, indent=1) if args.json else table(result))


if __name__ == "__main__":
    main()
