"""Lighthouse 12.2.3 on the page, mobile, as PageSpeed measures it (issue 30): performance
at least 95 (the median of three runs: it depends on time, and the machine is shared),
accessibility, best practices and SEO 100, layout shift under 0.1, on the first page a
player opens and on an MSC deal with a goal. Run through ``benchmarks/bench_page.py``
(which starts its own ``pyramids serve``); the report goes to ``output/lighthouse.json``.

Needs Node.js, ``make webtools`` (Lighthouse from npm into tools/web) and Debian's
Chromium; without them this is skipped saying why, and under ``CI=true`` it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE = ROOT / "tools" / "web" / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = os.environ.get("PYRAMIDS_CHROMIUM", "/usr/bin/chromium")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
PAGES = ("/", "/?deal=2&variant=msc&goal=cards:A:4")


def missing() -> str | None:
    if shutil.which("node") is None:
        return "node is missing (make node)"
    if not LIGHTHOUSE.is_file():
        return f"{LIGHTHOUSE} is missing (make webtools)"
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is missing (make browser)"
    return None


def test_lighthouse_scores_the_page() -> None:
    why = missing()
    if why:
        if IN_CI:
            pytest.fail(f"Lighthouse cannot run under CI: {why}", pytrace=False)
        pytest.skip(f"Lighthouse skipped: {why}")
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_page.py"), "--runs", "3", "--json",
         "--paths", *PAGES], capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout)
    (ROOT / "output").mkdir(exist_ok=True)
    (ROOT / "output" / "lighthouse.json").write_text(run.stdout)
    assert result["form_factor"] == "mobile" and set(result["pages"]) == set(PAGES)
    for path, page in result["pages"].items():
        med = page["median"]
        assert med["performance"] >= 95, (path, page["performance_range"], med)
        for run_ in page["runs"]:
            s = run_["scores"]
            assert (s["accessibility"], s["best-practices"], s["seo"]) == (100, 100, 100), (
                path, s, run_["failed"])
            assert run_["metrics"]["CLS"] < 0.1, (path, run_["metrics"])
