"""benchmarks/bench_daily.py's pool-free modes (issue 43, item 4): the days dealt out among
lone processes, each day once, and the neighbours' option checked before any work."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
bd = importlib.import_module("bench_daily")  # a script, not a package module
SCRIPT = str(ROOT / "benchmarks" / "bench_daily.py")


def test_split_deals_every_day_once_in_turn() -> None:
    days = list(range(7))
    got = bd.shares(days, 3, split=True)
    assert got == [[0, 3, 6], [1, 4], [2, 5]]
    assert sorted(d for share in got for d in share) == days
    assert bd.shares(days, 2, split=False) == [days, days]
    assert bd.shares(days[:1], 3, split=True) == [[0], [], []]


def test_split_run_reports_the_cpu_of_all_the_days() -> None:
    out = subprocess.run([sys.executable, SCRIPT, "--first", "2026-01-01", "--days", "2",
                          "--alone", "2", "--split"], capture_output=True, text=True,
                         check=True, timeout=300).stdout
    assert "msc: 2 days from 2026-01-01 shared out among 2 lone processes" in out
    cpu = re.search(r"round 1: CPU ([0-9.]+) s \(([0-9.]+) s a day\)", out)
    assert cpu is not None, out
    assert float(cpu[1]) > 0
    assert abs(float(cpu[1]) / 2 - float(cpu[2])) < 0.03  # the total is shown to 0.1 s


def test_beside_names_what_it_expected() -> None:
    run = subprocess.run([sys.executable, SCRIPT, "--days", "1", "--alone", "1",
                          "--beside", "disk:3"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert "--beside: expected mem:K or alu:K, got 'disk:3'" in run.stderr
