"""benchmarks/bench_scaling.py --head-to-head (issue 43, item 3): the runners in turn, each
configuration in a fresh process, and their ratio round by round."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
bs = importlib.import_module("bench_scaling")  # a script, not a package module


def row(runner: str, rate: float, case: str = "pyramid", workers: int = 16) -> object:
    return bs.Row(case, runner, workers, 100, 1.0, rate, 1.0)


def test_ratios_pair_the_rounds_in_order() -> None:
    rows = [row("pool", 100), row("dask", 90), row("pool", 200), row("dask", 190),
            row("pool", 100), row("dask", 80), row("pool", 50, case="bouquet"),
            row("dask", 50, case="bouquet")]
    assert bs.head_to_head_summary(rows, ["pool", "dask"]) == [
        "- pyramid, 16 workers: dask at 90%, 95%, 80% of the pool's rate in its rounds, "
        "median 90%",
        "- bouquet, 16 workers: dask at 100% of the pool's rate in its rounds, median 100%"]


def test_head_to_head_runs_each_round_in_a_fresh_process(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_scaling.py"),
                          "--workers", "1", "--runners", "pool", "--cases", "bouquet",
                          "--deals", "bouquet=300", "--head-to-head", "2",
                          "--json-out", str(tmp_path / "rows.jsonl")],
                         capture_output=True, text=True, check=True, timeout=600).stdout
    lines = [ln for ln in out.splitlines() if ln.startswith("| bouquet | pool | 1 |")]
    assert [re.search(r"round (\d)", ln)[1] for ln in lines] == ["1", "2"]  # type: ignore[index]
    assert all("300 deals" in ln and "0 unknown" in ln for ln in lines)
    assert len((tmp_path / "rows.jsonl").read_text().splitlines()) == 2


def test_gil_neighbours_times_both_placements_in_alternating_order(capsys) -> None:  # type: ignore[no-untyped-def]
    """benchmarks/gil_neighbours.py: a chunk alone and beside a ticking loop and a frame
    sampler, a line a round with four positive times a deal."""
    gn = importlib.import_module("gil_neighbours")
    assert gn.main(["bouquet", "40", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split(":")[0] for ln in lines] == ["bouquet round 1", "bouquet round 2"]
    for ln in lines:
        times = [float(x) for x in re.findall(r"(\d+\.\d+)", ln)]
        assert len(times) == 4 and all(t > 0 for t in times)
