"""Bulk runs on a Dask cluster: a LocalCluster of 2 worker processes on the loopback.

The reference is always a local run of the same deals: counts and per-deal verdicts
(every record field but the timing) must be identical, also when a worker is killed
mid-run, and a run resumed on the cluster adds each missing deal exactly once.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from distributed import Client, Future, LocalCluster, wait

from pyramids.bulk.cluster import ClusterError, ClusterMap, _fetch, connect
from pyramids.cli import main
from pyramids.core.verdict import untimed

DEALS = "0:2000"  # Giza: ~3 ms a deal, so a few seconds on two workers
TOTAL = 2000
COUNTS = ("deals", "winnable", "blocked", "unknown", "win_rate", "ci95", "blocked_by",
          "unknown_by", "win_rate_bounds")
CLI = [sys.executable, "-c", "from pyramids.cli import main; main()"]


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[LocalCluster, Client]]:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as lc, Client(lc, set_as_default=False) as c:
        yield lc, c


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    """The local run (one process) of the deals: its JSON summary and its out file."""
    out = tmp_path_factory.mktemp("local") / "local.jsonl"
    res = CliRunner().invoke(main, ["stats", "-V", "giza", "--deals", DEALS, "-j", "1",
                                    "--json", "--out", str(out)])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout), out


def records(path: Path) -> dict[int, dict[str, Any]]:
    """The records of an out file by key, without the timing; no key twice."""
    lines = path.read_text().splitlines()[1:]
    recs = [json.loads(line) for line in lines]
    assert len({r["i"] for r in recs}) == len(recs), "a deal was recorded twice"
    return {r["i"]: untimed(r) for r in recs}


def same_counts(a: dict[str, Any], b: dict[str, Any]) -> None:
    assert {k: a[k] for k in COUNTS} == {k: b[k] for k in COUNTS}


def same_records(got: Path, want: Path) -> None:
    """Every deal once, each with the local run's verdict (all but the timing)."""
    a, b = records(got), records(want)
    assert sorted(a) == sorted(b) == list(range(TOTAL))
    differ = [k for k in b if a[k] != b[k]]
    assert not differ, (len(differ), a[differ[0]], b[differ[0]])


def test_stats_on_the_cluster_equals_the_local_run(
        cluster: tuple[LocalCluster, Client], local: tuple[dict[str, Any], Path],
        tmp_path: Path) -> None:
    lc, client = cluster
    out = tmp_path / "dask.jsonl"
    res = CliRunner().invoke(main, ["stats", "-V", "giza", "--deals", DEALS, "--json",
                                    "--scheduler", lc.scheduler_address, "--out", str(out)])
    assert res.exit_code == 0, res.output
    got = json.loads(res.stdout)
    same_counts(got, local[0])
    assert got["workers"] == 2 and got["analysed"] == TOTAL
    assert got["winnable"] > 0 and got["blocked"] > 0
    same_records(out, local[1])
    # each worker process ran many chunks on the imports, solver and code it warmed once
    warm = client.run(lambda: len(__import__("pyramids.bulk.analysis").bulk.analysis._WARM))
    assert len(warm) == 2 and all(n >= 1 for n in warm.values())


def test_resume_on_the_cluster_adds_only_the_missing_deals(
        cluster: tuple[LocalCluster, Client], local: tuple[dict[str, Any], Path],
        tmp_path: Path) -> None:
    """A local run cut after 1000 deals (and mid-line) is finished on the cluster."""
    lc, _ = cluster
    out = tmp_path / "resumed.jsonl"
    lines = local[1].read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:1001]) + lines[1001][:30])
    res = CliRunner().invoke(main, ["stats", "-V", "giza", "--deals", DEALS, "--json",
                                    "--scheduler", lc.scheduler_address, "--out", str(out),
                                    "--resume"])
    assert res.exit_code == 0, res.output
    got = json.loads(res.stdout)
    assert (got["resumed"], got["analysed"]) == (1000, TOTAL - 1000)
    same_counts(got, local[0])
    same_records(out, local[1])


def test_filter_and_generate_on_the_cluster_equal_local(
        cluster: tuple[LocalCluster, Client], tmp_path: Path) -> None:
    lc, _ = cluster
    runner = CliRunner()
    args = ["filter", "-V", "bouquet", "--deals", "0:1000", "--keep", "blocked"]
    here = runner.invoke(main, [*args, "-j", "1"])
    there = runner.invoke(main, [*args, "--scheduler", lc.scheduler_address])
    assert here.exit_code == there.exit_code == 0, there.output
    assert there.stdout == here.stdout and len(here.stdout.split()) > 100
    args = ["generate", "-V", "giza", "--grade", "all", "-n", "1", "--deals", "0:300"]
    here = runner.invoke(main, [*args, "-j", "1", "-o", str(tmp_path / "here.jsonl")])
    there = runner.invoke(main, [*args, "--scheduler", lc.scheduler_address,
                                 "-o", str(tmp_path / "there.jsonl")])
    assert here.exit_code == there.exit_code == 0, there.output
    assert (tmp_path / "there.jsonl").read_text() == (tmp_path / "here.jsonl").read_text()
    assert there.stderr == here.stderr and "kept" in here.stderr


def test_book_generates_on_the_cluster_as_locally(cluster: tuple[LocalCluster, Client],
                                                  tmp_path: Path) -> None:
    """A book short of puzzles generates the rest on the cluster: the same book."""
    from pyramids.generator import collections as puzzles

    lc, _ = cluster
    coll = tmp_path / "c"
    coll.mkdir()
    src = (puzzles.folder() / "giza-6x4.jsonl").read_text().splitlines()
    (coll / "giza-6x4.jsonl").write_text("\n".join(src[:2]) + "\n")
    args = ["book", "-V", "giza-6x4", "--grade", "easy", "-n", "4", "--puzzles-dir",
            str(coll), "--no-progress"]
    here = CliRunner().invoke(main, [*args, "-j", "1", "--out", str(tmp_path / "here.pdf")])
    there = CliRunner().invoke(main, [*args, "--scheduler", lc.scheduler_address,
                                      "--out", str(tmp_path / "there.pdf")])
    assert here.exit_code == there.exit_code == 0, there.output
    assert "generating 2 giza-6x4 puzzle(s) on the fly" in there.output
    assert (tmp_path / "there.pdf").read_bytes() == (tmp_path / "here.pdf").read_bytes()


def test_finished_chunks_are_fetched_in_one_gather(cluster: tuple[LocalCluster, Client],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The results of the chunks finished when the client looks come in one gather (one
    round trip for all, the fetches overlapping), never one future at a time."""
    _, client = cluster
    futures = client.map(sum, [[i, i] for i in range(8)], pure=False)
    with client.as_current():
        wait(futures)  # type: ignore[no-untyped-call]
    asked: list[int] = []
    real = client.gather

    def gather(fs: list[Future], *args: Any, **kwargs: Any) -> Any:
        asked.append(len(fs))
        return real(fs, *args, **kwargs)

    monkeypatch.setattr(client, "gather", gather)
    assert _fetch(client, futures) == {f: 2 * i for i, f in enumerate(futures)}
    assert asked == [8]

    def alone(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a chunk's result fetched on its own")

    monkeypatch.setattr(Future, "result", alone)
    chunks = [list(range(k, k + 10)) for k in range(0, 200, 10)]
    asked.clear()
    assert list(ClusterMap(client).run(sum, chunks)) == [sum(c) for c in chunks]
    assert sum(asked) == len(chunks)


def test_cluster_map_keeps_order_and_gives_up_after_the_retries(
        cluster: tuple[LocalCluster, Client]) -> None:
    _, client = cluster
    chunks = [list(range(k, k + 10)) for k in range(0, 500, 10)]
    done: list[int] = []
    cmap: ClusterMap[list[int], int] = ClusterMap(client, window=3)
    assert list(cmap.run(sum, chunks, on_done=done.append)) == [sum(c) for c in chunks]
    assert Counter(done) == Counter(sum(c) for c in chunks)
    pulled = 0

    def source() -> Iterator[list[int]]:
        nonlocal pulled
        for c in chunks:
            pulled += 1
            yield c

    lazy: ClusterMap[list[int], int] = ClusterMap(client, window=3, waiting=1)
    results = lazy.run(sum, source())
    for k in range(1, 6):  # consumed lazily: never more than the window ahead
        next(results)
        assert pulled <= k + 3
    results.close()
    reports: list[str] = []
    failing: ClusterMap[str, int] = ClusterMap(client, retries=2, report=reports.append,
                                               describe=lambda c: f"chunk {c!r}")
    with pytest.raises(ClusterError, match=r"chunk 'x' failed \(ValueError.*3 times"):
        list(failing.run(int, ["1", "x", "2"]))
    assert [r.split(": retry ")[1] for r in reports] == ["1 of 2", "2 of 2"]


def test_cluster_map_waits_for_workers_to_join() -> None:
    """Chunks submitted before any worker joins run when workers come (and are told)."""
    with LocalCluster(n_workers=0, processes=False, host="127.0.0.1", protocol="tcp",
                      dashboard_address="127.0.0.1:0") as lc, \
            Client(lc, set_as_default=False) as client:
        reports: list[str] = []
        cmap: ClusterMap[list[int], int] = ClusterMap(client, report=reports.append)
        timer = threading.Timer(1.0, lc.scale, args=(2,))
        timer.start()
        try:
            assert list(cmap.run(sum, [[i, i] for i in range(100)])) == \
                [2 * i for i in range(100)]
        finally:
            timer.cancel()
    assert reports[0].startswith("no Dask workers at tcp://127.0.0.1:")
    assert any(r.endswith(" joined") for r in reports[1:]), reports


def start_stats(cluster: tuple[LocalCluster, Client], out: Path, stderr: Any, done: int
                ) -> subprocess.Popen[str]:
    """``pyramids stats --scheduler`` in a subprocess (both workers up), returned once
    ``done`` deals are in ``out``."""
    cluster[1].wait_for_workers(2, timeout=60)
    proc = subprocess.Popen([*CLI, "stats", "-V", "giza", "--deals", DEALS, "--json",
                             "--chunk", "16", "--scheduler", cluster[0].scheduler_address,
                             "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=stderr, text=True)
    deadline = time.monotonic() + 60
    while (not out.exists() or len(out.read_text().splitlines()) <= done) \
            and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    return proc


def test_killing_a_worker_mid_run_still_gives_the_right_counts(
        cluster: tuple[LocalCluster, Client], local: tuple[dict[str, Any], Path],
        tmp_path: Path) -> None:
    client = cluster[1]
    out = tmp_path / "killed.jsonl"
    err = tmp_path / "stderr.txt"
    with err.open("w") as ferr:
        proc = start_stats(cluster, out, ferr, 300)
        try:
            pids = client.run(os.getpid)
            victim = sorted(pids)[0]
            os.kill(pids[victim], signal.SIGKILL)
            at_kill = len(out.read_text().splitlines()) - 1
            stdout, _ = proc.communicate(timeout=120)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert 300 <= at_kill < TOTAL, f"the worker was not killed mid-run ({at_kill} done)"
    log = err.read_text()
    assert proc.returncode == 0, log[-3000:]
    same_counts(json.loads(stdout), local[0])
    same_records(out, local[1])
    assert f"worker {victim} lost" in log, log[-3000:]


def test_sigterm_on_a_cluster_run_then_resume(
        cluster: tuple[LocalCluster, Client], local: tuple[dict[str, Any], Path],
        tmp_path: Path) -> None:
    out = tmp_path / "stopped.jsonl"
    proc = start_stats(cluster, out, subprocess.PIPE, 300)
    try:
        proc.send_signal(signal.SIGTERM)
        _, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, stderr[-3000:]
    assert "continue with --resume" in stderr
    saved = len(records(out))
    assert 300 <= saved < TOTAL
    res = CliRunner().invoke(main, ["stats", "-V", "giza", "--deals", DEALS, "--json",
                                    "--scheduler", cluster[0].scheduler_address,
                                    "--out", str(out), "--resume"])
    assert res.exit_code == 0, res.output
    got = json.loads(res.stdout)
    assert (got["resumed"], got["analysed"]) == (saved, TOTAL - saved)
    same_counts(got, local[0])
    same_records(out, local[1])


def test_dask_is_imported_only_with_scheduler() -> None:
    code = ("import sys\nfrom pyramids.cli import main\n"
            "for args in (['stats', '-V', 'bouquet', '--deals', '0:20', '-j', '1'],"
            " ['filter', '-V', 'bouquet', '--deals', '0:20', '-j', '2'],"
            " ['generate', '-V', 'giza', '-n', '1', '--deals', '0:5', '-j', '1']):\n"
            "    main(args, standalone_mode=False)\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed'))\n"
            "assert not bad, bad\nprint('ok')\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 0 and res.stdout.strip().endswith("ok"), res.stderr


def test_scheduler_option_errors() -> None:
    res = CliRunner().invoke(main, ["stats", "--deals", "0:10", "-j", "2",
                                    "--scheduler", "tcp://127.0.0.1:1"])
    assert res.exit_code == 2 and "--workers counts local processes" in res.output
    with pytest.raises(ClusterError, match="cannot reach a Dask scheduler at 'tcp://127"):
        connect("tcp://127.0.0.1:1", timeout=1)


@pytest.fixture()
def cli_cluster(tmp_path: Path) -> Iterator[str]:
    """A scheduler and two one-thread workers started as separate processes by Dask's
    own commands, as docs/usage.md's recipe starts them (loopback only); its address."""
    sched_file = tmp_path / "scheduler.json"
    log = (tmp_path / "dask.log").open("w")
    procs = [subprocess.Popen(
        [sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
         "--dashboard-address", "127.0.0.1:0", "--scheduler-file", str(sched_file)],
        stdout=log, stderr=log)]
    try:
        deadline = time.monotonic() + 60
        while not sched_file.exists():
            assert procs[0].poll() is None and time.monotonic() < deadline, \
                "the scheduler did not start"
            time.sleep(0.1)
        address = json.loads(sched_file.read_text())["address"]
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "dask", "worker", address, "--host", "127.0.0.1",
             "--nworkers", "2", "--nthreads", "1", "--no-dashboard"],
            stdout=log, stderr=log))
        with Client(address, set_as_default=False, timeout=30) as client:
            client.wait_for_workers(2, timeout=90)
        yield address
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in reversed(procs):
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        log.close()


def test_stats_on_a_cluster_started_by_the_dask_commands(
        cli_cluster: str, local: tuple[dict[str, Any], Path], tmp_path: Path) -> None:
    """The recipe's cluster: `dask scheduler` and `dask worker --nworkers 2 --nthreads 1`
    as their own processes; `pyramids stats --scheduler` at its default settings (chunks
    sized from the measured cost of a deal) gives the local run's counts and records."""
    out = tmp_path / "cli.jsonl"
    res = CliRunner().invoke(main, ["stats", "-V", "giza", "--deals", DEALS, "--json",
                                    "--scheduler", cli_cluster, "--out", str(out)])
    assert res.exit_code == 0, res.output
    got = json.loads(res.stdout)
    assert got["workers"] == 2
    same_counts(got, local[0])
    same_records(out, local[1])
    # without --out the workers send back one tally a chunk: the same counts
    res = CliRunner().invoke(main, ["stats", "-V", "giza", "--deals", DEALS, "--json",
                                    "--scheduler", cli_cluster])
    assert res.exit_code == 0, res.output
    same_counts(json.loads(res.stdout), local[0])


def test_a_worker_of_several_threads_is_reported_once_and_counts_stay_right(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``dask worker``'s default is one process with a thread a core; the engines hold the
    GIL, so such a worker does one core's work. A run says so on stderr, once a worker
    (not once a run), and its counts are still the local run's."""
    from pyramids.bulk import RangeSource, run_tally
    from pyramids.bulk.cluster import DaskRunner
    from pyramids.core.variants import get_variant

    giza = get_variant("giza")
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as lc, \
            Client(lc, set_as_default=False) as client, DaskRunner(client) as runner:
        first = run_tally(runner, RangeSource(0, 300), giza, progress=False).tally
        again = run_tally(runner, RangeSource(300, 600), giza, progress=False).tally
    notes = [ln for ln in capsys.readouterr().err.splitlines() if "threads in one" in ln]
    assert len(notes) == 1, notes
    assert "runs 2 threads" in notes[0] and "one single-threaded worker process" in notes[0]
    want = json.loads(CliRunner().invoke(main, ["stats", "-V", "giza", "--deals", "0:600",
                                                "-j", "1", "--json"]).stdout)
    assert first.deals + again.deals == want["deals"] == 600
    assert first.winnable + again.winnable == want["winnable"]


def test_a_worker_joining_with_several_threads_is_reported() -> None:
    """A worker that joins mid-run is looked at too: one thread, only that it joined."""
    import queue

    class Scheduler:  # what ClusterMap reads of a client here
        def nthreads(self) -> dict[str, int]:
            return {"tcp://10.0.0.5:4000": 8, "tcp://10.0.0.6:4000": 1}

    told: list[str] = []
    cmap: ClusterMap[Any, Any] = ClusterMap(Scheduler(), report=told.append)
    events: queue.SimpleQueue[Any] = queue.SimpleQueue()
    for w in ("tcp://10.0.0.5:4000", "tcp://10.0.0.6:4000"):
        events.put((0.0, {"action": "add-worker", "worker": w}))
    assert cmap._events(events, {}, {}) is True
    assert told == ["worker tcp://10.0.0.5:4000 joined",
                    "worker tcp://10.0.0.5:4000 runs 8 threads in one process: the engines "
                    "hold the GIL, so they take turns and it does one core's work; run one "
                    "single-threaded worker process a core instead",
                    "worker tcp://10.0.0.6:4000 joined"]
