"""What the long-run scripts share: the code version a run records and atomic JSON writes.

``make_results.py``, ``family_run.py`` and ``msc_goals_run.py`` import from here (and
none from another), so the scripts form no import circle.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def code_version() -> str:
    """``git describe --always --dirty`` of this checkout, or ``unknown``."""
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                             capture_output=True, text=True, timeout=10, check=True)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def src_version() -> str:
    """The git tree hash of ``src/`` (the code that decides the verdicts), ``-dirty`` when
    ``src/`` has uncommitted changes: unlike a commit hash it survives a rebase."""
    try:
        tree = subprocess.run(["git", "rev-parse", "HEAD:src"], cwd=ROOT, capture_output=True,
                              text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "src"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10,
                               check=True).stdout.strip()
        return tree[:12] + ("-dirty" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def write_json_atomic(path: Path, obj: Any) -> None:
    """``obj`` as indented JSON at ``path``, written whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)
