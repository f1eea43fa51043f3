"""``stats`` and ``filter`` of PySolFC's ten other games on a Dask cluster (a LocalCluster
of 2 worker processes on the loopback): the same tallies, records and kept deals as the
local pool's run of the same game numbers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from distributed import Client, LocalCluster

from pyramids.cli import main

NODES = "200000"  # every deal of the ranges below is decided within it (test_bulk_family)
COUNTS = ("deals", "winnable", "blocked", "unknown", "win_rate", "ci95", "blocked_by",
          "unknown_by", "rules", "node_limit")


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as lc, \
            Client(lc, set_as_default=False):
        yield lc.scheduler_address


def invoke(*args: str) -> tuple[str, str]:
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == 0, res.output
    return res.stdout, res.stderr


def records(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """An out file's header and records by key, less the timing; no deal twice."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    recs = sorted(lines[1:], key=lambda r: int(r["i"]))
    assert len({r["i"] for r in recs}) == len(recs), "a deal was recorded twice"
    return lines[0], [{k: v for k, v in r.items() if k != "seconds"} for r in recs]


@pytest.mark.parametrize(("game", "deals"), [("pysolfc-pyramid-dozen", "pysolfc:1:41"),
                                             ("pysolfc-eleven-triangle", "pysolfc:1:31")])
def test_stats_on_the_cluster_equals_the_local_pool(cluster: str, game: str, deals: str,
                                                    tmp_path: Path) -> None:
    base = ["stats", "-V", game, "--deals", deals, "--node-limit", NODES, "--json"]
    local_out, dask_out = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    local = json.loads(invoke(*base, "-j", "2", "--out", str(local_out))[0])
    got = json.loads(invoke(*base, "--scheduler", cluster, "--chunk", "4",
                            "--out", str(dask_out))[0])
    assert local["winnable"] and local["blocked"]  # both kinds, so the tallies tell apart
    assert {k: got[k] for k in COUNTS} == {k: local[k] for k in COUNTS}
    assert records(dask_out) == records(local_out)
    # the tally alone (no --out: one tally a chunk comes back) adds up the same
    tally = json.loads(invoke(*base, "--scheduler", cluster, "--chunk", "3")[0])
    assert {k: tally[k] for k in COUNTS} == {k: local[k] for k in COUNTS}


def test_filter_on_the_cluster_keeps_the_local_deals(cluster: str) -> None:
    base = ["filter", "-V", "pysolfc-pyramid-dozen", "--deals", "pysolfc:1:41",
            "--node-limit", NODES]
    for keep in ("winnable", "blocked"):
        local, _ = invoke(*base, "-j", "1", "--keep", keep)
        got, err = invoke(*base, "--scheduler", cluster, "--chunk", "5", "--keep", keep)
        assert got.split() == local.split() and local.split(), keep
        assert "40 deals" in err
    local, _ = invoke(*base, "-j", "1", "--json")
    got, _ = invoke(*base, "--scheduler", cluster, "--json")
    assert [json.loads(x) | {"seconds": 0} for x in got.splitlines()] == \
        [json.loads(x) | {"seconds": 0} for x in local.splitlines()]


def test_goal_moves_on_the_cluster_equals_the_local_pool(cluster: str, tmp_path: Path) -> None:
    base = ["stats", "-V", "pysolfc-pyramid-thirteen", "--deals", "pysolfc:1:7", "--goal",
            "moves", "--node-limit", "20000", "--json"]
    local_out, dask_out = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    local = json.loads(invoke(*base, "-j", "1", "--out", str(local_out))[0])
    got = json.loads(invoke(*base, "--scheduler", cluster, "--chunk", "2",
                            "--out", str(dask_out))[0])
    assert local["steps"]["answers"] and local["optimal"]
    keys = (*COUNTS, "steps", "optimal", "not_proven_optimal")
    assert {k: got[k] for k in keys} == {k: local[k] for k in keys}
    assert records(dask_out) == records(local_out)


def test_filter_grade_on_the_cluster_keeps_the_local_deals(cluster: str) -> None:
    """The grader goes to the cluster's workers with the job: the same graded records."""
    base = ["filter", "-V", "pysolfc-pyramid-dozen", "--deals", "pysolfc:1:101",
            "--node-limit", NODES, "--grade", "medium", "--grade", "hard", "--json"]
    local, local_err = invoke(*base, "-j", "1")
    got, err = invoke(*base, "--scheduler", cluster, "--chunk", "10")
    recs = [json.loads(x) | {"seconds": 0} for x in got.splitlines()]
    assert recs == [json.loads(x) | {"seconds": 0} for x in local.splitlines()]
    assert recs and {r["grade"] for r in recs} == {"medium", "hard"}
    assert err.splitlines()[-1] == local_err.splitlines()[-1]
