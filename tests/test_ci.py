"""What CI runs besides the tests: `make lint` and the syntax check of the page's scripts
(`make jscheck`), which must catch a broken module (Node 20's `node --check FILE.js`
reads a .js file as CommonJS and then passes a module with a syntax error)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "pyramids" / "service" / "static"
needs_node = pytest.mark.skipif(shutil.which("node") is None or shutil.which("make") is None,
                                reason="no node or make here (make jscheck installs node)")


def jscheck(*files: Path) -> subprocess.CompletedProcess[str]:
    args = ["make", "-s", "--no-print-directory", "jscheck"]
    if files:
        args.append("JS=" + " ".join(str(f) for f in files))
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=False)


def test_ci_runs_lint_and_the_script_check_before_the_tests() -> None:
    steps = [line.split("#")[0].strip() for line in
             (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    steps = [s for s in steps if s.startswith("make ")]
    assert steps == ["make lint", "make jscheck", "make test"]


@needs_node
def test_the_page_scripts_pass_the_check() -> None:
    r = jscheck()
    assert r.returncode == 0, r.stderr
    n = len(list(STATIC.glob("*.js")))
    assert f"{n} scripts of the page are valid modules" in r.stdout


@needs_node
def test_a_module_with_a_syntax_error_fails_the_check(tmp_path: Path) -> None:
    good = tmp_path / "good.js"
    good.write_text('import { x } from "./x.js";\nexport const y = x + 1;\n', encoding="utf-8")
    bad = tmp_path / "bad.js"
    bad.write_text('import { x } from "./x.js";\nexport const y = x + ;\n', encoding="utf-8")
    assert jscheck(good).returncode == 0
    r = jscheck(good, bad)
    assert r.returncode != 0
    assert f"{bad}: syntax error" in r.stderr and "SyntaxError" in r.stderr


def test_make_test_installs_what_the_page_checks_need() -> None:
    """`make test` installs Chromium (make browser) and the page's npm tools (make
    webtools: Lighthouse and axe-core, pinned by tools/web/package-lock.json) first."""
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    test_rule = next(line for line in make.splitlines() if line.startswith("test:"))
    assert {"browser", "webtools"} <= set(test_rule.split(":")[1].split())
    import json

    lock = json.loads((ROOT / "tools" / "web" / "package-lock.json").read_text())
    pins = lock["packages"][""]["devDependencies"]
    assert pins["lighthouse"] == "12.2.3"  # 12.3 and later want Node 22
    assert lock["packages"]["node_modules/lighthouse"]["version"] == "12.2.3"
    assert "node_modules/axe-core" in lock["packages"]
