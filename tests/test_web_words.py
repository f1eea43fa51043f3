"""The page's words in JavaScript (``static/words.js``: cards, moves, goals and answers as a
player reads them), tested under Node's own runner (``tests/js/*.test.mjs``). Without Node
this is skipped saying why; under ``CI=true`` it fails instead (``make node`` installs it)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def test_the_pages_words_pass_their_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        if IN_CI:
            pytest.fail("node is missing under CI (make node installs it)", pytrace=False)
        pytest.skip("node is missing: the page's words are not tested (make node)")
    files = sorted(str(p) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert files, "no tests/js/*.test.mjs"
    run = subprocess.run([node, "--test", *files], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass " in run.stdout, run.stdout[-2000:]
