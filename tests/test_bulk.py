"""Bulk analysis: deal sources, the parallel runner, resumable out files, the CLI.

Plumbing (resume, interruption, ordering, flat memory) is tested with a tiny fake
analyser defined here, so that it is fast and exact; correctness of what is kept and
counted is tested against the real engines on small ranges.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyramids.answers.goals import Goal
from pyramids.bulk import (
    BulkError,
    BulkRunner,
    DealSource,
    Interrupted,
    Job,
    KeySet,
    OutFile,
    RangeSource,
    Retried,
    SourceItem,
    analysis,
    parse_source,
    retry_unknown,
    run_records,
    run_tally,
)
from pyramids.bulk.pool import LOCAL_CHUNK_SECONDS, MAX_CHUNK, ChunkSizer, _runs
from pyramids.bulk.sources import LinesSource
from pyramids.bulk.stats import Tally
from pyramids.cli import main
from pyramids.core.deals import Deal
from pyramids.core.moves import Move
from pyramids.core.referee import replay
from pyramids.core.variants import get_variant
from pyramids.core.verdict import Certificate, Verdict

PYRAMID = get_variant("pyramid")


# -- a fake analyser (tests only): a pure function of the deal -----------------------

def fake(deal: Deal, job: Job) -> Verdict:
    """winnable / blocked / unknown by the first card, so any deal gets a fixed answer."""
    c = int(deal.cards[0]) % 5
    if c in (0, 1):
        return Verdict("winnable", "fake", moves=(Move.parse("KC"),))
    if c == 4:
        return Verdict("unknown", "fake", reason="time limit 1 s")
    kind = "four-complement" if c == 2 else "exhaustive"
    return Verdict("blocked", "fake", certificate=Certificate(kind, "fake"))


def expected(source: DealSource) -> Counter[str]:
    return Counter(fake(item.deal(), Job(PYRAMID)).status for item in source)


def fake_job() -> Job:
    return Job(PYRAMID, analyser=fake)


def keys(path: Path) -> list[int]:
    return [json.loads(line)["i"] for line in path.read_text().splitlines()[1:]]


# -- sources --------------------------------------------------------------------------

def test_range_sources() -> None:
    src = parse_source("10:15")
    assert [it.number for it in src] == [10, 11, 12, 13, 14] and src.total == 5
    assert [it.key for it in parse_source("7:+3")] == [7, 8, 9]
    assert list(parse_source("5:5")) == []
    for bad in ("5:x", "9:3", "-1:4"):
        with pytest.raises(BulkError):
            list(parse_source(bad))
    with pytest.raises(BulkError, match="not a source: use 12:13"):
        parse_source("12")


def test_file_source_forms(tmp_path: Path) -> None:
    line = Deal.from_number(99).line()
    f = tmp_path / "deals.txt"
    f.write_text(f"# a comment\n\n17\n#18\n{line}\n"
                 + json.dumps({"deal": 5, "line": Deal.from_number(5).line()}) + "\n"
                 + json.dumps({"number": 6}) + "\n")
    src = parse_source(str(f))
    items = list(src)
    assert src.total == 5 == len(items)
    assert [it.key for it in items] == [0, 1, 2, 3, 4]
    assert [it.number for it in items] == [17, 18, None, 5, 6]
    assert items[2].deal() == Deal.from_number(99) and items[2].label() == line


def test_file_source_bad_line_is_named(tmp_path: Path) -> None:
    f = tmp_path / "deals.txt"
    f.write_text("1\n2\nAC 2C ZZ\n4\n")
    with pytest.raises(BulkError, match=r"deals.txt line 3: .*'AC 2C ZZ'"):
        list(parse_source(str(f)))
    with pytest.raises(BulkError, match="no such deal file"):
        parse_source(str(tmp_path / "missing.txt"))


# -- the runner ---------------------------------------------------------------------------

def test_same_records_with_one_and_two_workers() -> None:
    src = RangeSource(0, 120)
    with BulkRunner(1, chunk_size=7) as r1:
        one = list(r1.run(src, fake_job()))
    with BulkRunner(2, chunk_size=7) as r2:
        two = list(r2.run(src, fake_job()))
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in one]
    assert strip == [{k: v for k, v in r.items() if k != "seconds"} for r in two]
    assert [r["i"] for r in two] == list(range(120))  # source order
    assert Counter(r["status"] for r in one) == expected(src)


def test_memory_is_flat_in_the_number_of_deals() -> None:
    """The runner never reads the source more than a bounded window ahead."""
    read = 0

    class Counting(DealSource):
        kind, total = "range", None

        def __iter__(self) -> Iterator[SourceItem]:
            nonlocal read
            for n in range(2000):
                read += 1
                yield SourceItem(n, number=n)

    lead = 0
    with BulkRunner(2, chunk_size=5, window=4, waiting=10) as runner:
        for done, _ in enumerate(runner.run(Counting(), fake_job()), 1):
            lead = max(lead, read - done)
    assert done == 2000
    # 4 chunks submitted, up to 10 deals (plus the chunk that passed the mark) finished
    # and waiting for an earlier one, and the chunk being handed over
    assert lead <= 4 * 5 + (10 + 5) + 5


def slow_first(deal: Deal, job: Job) -> Verdict:
    """:func:`fake`, but deal 0 takes a second and every other one 2 ms."""
    time.sleep(1.0 if deal.number == 0 else 0.002)
    return fake(deal, job)


def test_a_slow_chunk_holds_back_the_records_not_the_workers(tmp_path: Path) -> None:
    """While the first chunk takes a second, the other worker goes on with the later
    chunks (their records wait, in the out file already): far more than the chunks in
    flight are finished when the first record is handed over."""
    out = tmp_path / "run.jsonl"
    job = Job(PYRAMID, analyser=slow_first)
    src = RangeSource(0, 300)
    with BulkRunner(2, chunk_size=5) as runner:
        records = runner.run(src, job, OutFile(out, job, src))
        first = next(records)
        finished = len(keys(out))
        rest = list(records)
    assert first["i"] == 0 and [r["i"] for r in rest] == list(range(1, 300))
    assert finished > runner.window * 5 + 100, (finished, runner.window)


def test_chunk_sizes_follow_the_measured_cost_of_a_deal() -> None:
    sizer = ChunkSizer(32, target=0.1)
    assert sizer.size() == 32 and sizer.cost is None  # nothing measured: the prior
    sizer.observe([{"seconds": 0.002}] * 50)
    assert sizer.cost == pytest.approx(0.002) and sizer.size() == 50  # 0.1 s of work
    sizer.observe([{"seconds": 10.0}])  # a slow deal raises the mean cost
    assert sizer.size() == 1
    cheap = ChunkSizer(32, target=0.1)
    cheap.observe([{"seconds": 1e-9}] * 10)
    assert cheap.size() == MAX_CHUNK
    assert ChunkSizer(32, fixed=7).size() == 7  # --chunk wins over any measurement


def test_the_last_chunks_of_a_range_shrink_so_the_workers_end_together() -> None:
    sizer = ChunkSizer(32, target=0.1)
    sizer.observe([{"seconds": 0.001}] * 100)  # 100 deals a full chunk
    assert sizer.size_left(10_000, 4) == 100  # far from the end: a full chunk
    assert sizer.size_left(400, 4) == 50  # 400 left: half of each worker's share
    assert sizer.size_left(90, 4) == 25  # never under a quarter of a full chunk
    assert sizer.size_left(10, 4) == 25  # (the range's end cuts the last one)
    assert sizer.size_left(400, 1) == 100  # one worker: nothing to balance
    assert ChunkSizer(32, fixed=7).size_left(3, 4) == 7  # --chunk is kept
    sizes = [r.stop - r.start
             for r in _runs(RangeSource(0, 1000), lambda n: sizer.size_left(n, 4))]
    assert sum(sizes) == 1000 and max(sizes) == 100
    assert sizes == sorted(sizes, reverse=True) and sizes[-2] == 25  # shrinking to the floor


def test_a_run_without_chunk_sizes_its_chunks_from_the_deals() -> None:
    """No --chunk: after the first chunks (the prior) the chunks hold ~0.1 s of work."""
    with BulkRunner(2) as runner:
        recs = list(runner.run(RangeSource(0, 400), Job(get_variant("giza-6x4"),
                                                        slim=True)))
    assert [r["i"] for r in recs] == list(range(400))
    sizer = runner.sizer
    assert sizer is not None and sizer.deals == 400 and sizer.cost is not None
    assert sizer.size() == max(1, min(MAX_CHUNK, round(LOCAL_CHUNK_SECONDS / sizer.cost)))


def test_engine_failure_is_an_unknown_not_a_crash() -> None:
    recs = list(run_records("0:3", workers=1, analyser=_boom))
    assert [r["status"] for r in recs] == ["unknown"] * 3
    assert recs[0]["reason"].startswith("error: RuntimeError: boom")


def _boom(deal: Deal, job: Job) -> Verdict:
    raise RuntimeError("boom")


# -- out files and resume -----------------------------------------------------------------

def test_out_file_then_resume_after_truncation(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    src = RangeSource(100, 160)
    full = Tally().update(run_records(src, out=out, workers=2, chunk_size=4, analyser=fake))
    assert sorted(keys(out)) == list(range(100, 160))
    lines = out.read_text().splitlines(keepends=True)
    # a run killed mid-write: 25 records and half of the 26th
    out.write_text("".join(lines[:26]) + lines[26][:17])
    with pytest.raises(BulkError, match="already exists"):
        OutFile(out, fake_job(), src)
    resumed = list(run_records(src, out=out, resume=True, workers=2, chunk_size=4,
                               analyser=fake))
    assert len(resumed) == 60 and sorted(r["i"] for r in resumed) == list(range(100, 160))
    assert Tally().update(resumed) == full
    assert sorted(keys(out)) == list(range(100, 160))  # no duplicate, no loss
    # resuming a finished run analyses nothing and counts each deal once
    again = Tally().update(run_records(src, out=out, resume=True, workers=1,
                                       analyser=_boom))
    assert again == full


def test_a_second_run_on_the_same_out_file_is_refused(tmp_path: Path) -> None:
    """While a run writes its out file, another run on that file (here resumed in the same
    process: flock holds per open file) stops at the start, before it trims or writes a
    line; the first run finishes with each deal once."""
    out = tmp_path / "run.jsonl"
    src = RangeSource(0, 40)
    first = run_records(src, out=out, workers=1, chunk_size=4, analyser=fake)
    got = [next(first)]  # the file is open, its lock held
    before = out.read_bytes()
    with pytest.raises(BulkError, match="another run is writing it"):
        list(run_records(src, out=out, resume=True, workers=1, chunk_size=4,
                         analyser=fake))
    assert out.read_bytes().startswith(before)
    got += list(first)
    assert [r["i"] for r in got] == list(range(40))
    assert sorted(keys(out)) == list(range(40))


def test_a_file_written_after_it_was_read_is_not_trimmed(tmp_path: Path) -> None:
    """A run read the file (resume), then another wrote to it: opening says so instead of
    cutting the other run's records at the length it read."""
    out = tmp_path / "run.jsonl"
    src = RangeSource(0, 20)
    list(run_records(src, out=out, workers=1, chunk_size=4, analyser=fake))
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:11]))
    late = OutFile(out, fake_job(), src, resume=True)
    with out.open("a") as f:
        f.write(lines[11])
    with pytest.raises(BulkError, match="changed since this run read it"):
        late.open()
    assert out.read_text() == "".join(lines[:12])


def test_stats_on_an_out_file_another_run_holds_exits_2(tmp_path: Path) -> None:
    fcntl = pytest.importorskip("fcntl")
    out = tmp_path / "run.jsonl"
    assert CliRunner().invoke(main, ["stats", "-V", "giza-6x4", "--deals", "0:30", "-j", "1",
                                     "--out", str(out)]).exit_code == 0
    before = out.read_bytes()
    with out.open("rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        res = CliRunner().invoke(main, ["stats", "-V", "giza-6x4", "--deals", "0:60", "-j",
                                        "1", "--out", str(out), "--resume"])
    assert res.exit_code == 2, res.output
    assert f"{out}: another run is writing it" in res.output
    assert out.read_bytes() == before


def test_resume_checks_the_header(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    list(run_records("0:5", out=out, workers=1, analyser=fake))
    with pytest.raises(BulkError, match="variant"):
        list(run_records("0:5", "giza", out=out, resume=True, workers=1, analyser=fake))
    with pytest.raises(BulkError, match="mode"):
        list(run_records("0:5", mode="quick", out=out, resume=True, workers=1,
                         analyser=fake))
    lines = out.read_text().splitlines(keepends=True)
    out.write_text(lines[0] + "garbage\n" + "".join(lines[1:]))
    with pytest.raises(BulkError, match="line 2 is not a JSON record"):
        list(run_records("0:5", out=out, resume=True, workers=1, analyser=fake))


def test_resume_with_a_wider_range_reuses_the_records(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    list(run_records("0:10", out=out, workers=1, analyser=fake))
    recs = list(run_records("5:20", out=out, resume=True, workers=1, analyser=fake))
    assert sorted(r["i"] for r in recs) == list(range(5, 20))
    assert sorted(keys(out)) == list(range(20))


def test_keyset_stays_small() -> None:
    ks = KeySet(10)
    for k in [10, 12, 11, 13, 15, 14, 16]:
        ks.add(k)
    assert ks.low == 17 and not ks.extra and len(ks) == 7
    assert 12 in ks and 9 not in ks and 17 not in ks
    ks.add(30)
    assert 30 in ks and len(ks) == 8


class _StopAfter(DealSource):
    """A range whose reading raises KeyboardInterrupt (as Ctrl-C would) after n items."""

    kind = "range"

    def __init__(self, stop_after: int) -> None:
        self.first_key, self.total, self.stop_after = 0, 100, stop_after
        self.description = "0:100"

    def __iter__(self) -> Iterator[SourceItem]:
        for n in range(100):
            if n == self.stop_after:
                raise KeyboardInterrupt
            yield SourceItem(n, number=n)


@pytest.mark.parametrize("workers", [1, 2])
def test_interrupt_saves_finished_deals_and_resume_completes(tmp_path: Path,
                                                             workers: int) -> None:
    out = tmp_path / "run.jsonl"
    job = fake_job()
    with BulkRunner(workers, chunk_size=3) as runner, pytest.raises(Interrupted):
        for _ in runner.run(_StopAfter(40), job, OutFile(out, job, _StopAfter(40))):
            pass
    saved = keys(out)
    assert len(saved) == len(set(saved)) and set(saved) <= set(range(40))
    # at most the chunks in flight (the runner's window; none with one worker) and the
    # chunk being read when Ctrl-C came are lost
    in_flight = runner.window if workers > 1 else 0
    assert len(saved) >= 40 - 3 * in_flight - 3
    src = RangeSource(0, 100)
    recs = list(run_records(src, out=out, resume=True, workers=workers, chunk_size=3,
                            analyser=fake))
    assert Counter(r["status"] for r in recs) == expected(src)
    assert sorted(keys(out)) == list(range(100))


def test_sigterm_from_outside_then_resume(tmp_path: Path) -> None:
    """A real process killed with SIGTERM mid-run keeps every finished deal."""
    (tmp_path / "slowfake.py").write_text(textwrap.dedent("""
        import time
        from pyramids.core.moves import Move
        from pyramids.core.verdict import Verdict

        def slow(deal, job):
            time.sleep(0.01)
            return Verdict("winnable", "fake", moves=(Move.parse("KC"),))
    """))
    out = tmp_path / "run.jsonl"
    script = ("import slowfake\nfrom pyramids.bulk import run_records\n"
              f"for _ in run_records('0:3000', out={str(out)!r}, workers=2, chunk_size=2,"
              " analyser=slowfake.slow): pass\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-c", script], env=env,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if out.exists() and out.read_text().count("\n") > 30:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode != 0 and "Interrupted" in err
    saved = keys(out)
    assert 30 <= len(saved) < 3000 and len(saved) == len(set(saved))
    recs = list(run_records("0:3000", out=out, resume=True, workers=1, analyser=_fast_win))
    assert len(recs) == 3000 and sorted(keys(out)) == list(range(3000))


def test_stop_pool_lets_go_of_locks_an_interrupted_wait_left_held() -> None:
    """Ctrl-C or SIGTERM landing inside ``concurrent.futures.wait`` while it takes the
    futures' locks leaves some held; stopping the pool must still end its manager thread,
    else the interpreter's exit waits for it for ever (a fresh process, so that a hang
    here is a timeout, not a hung test session)."""
    script = textwrap.dedent("""
        import time
        from pyramids.bulk.pool import process_pool, stop_pool
        pool = process_pool(2)
        futs = [pool.submit(time.sleep, 0.3) for _ in range(6)]
        time.sleep(0.1)
        for fut in (futs[0], futs[4], futs[4]):  # held, once reentrantly
            fut._condition.acquire()
        manager = pool._executor_manager_thread
        stop_pool(pool)
        manager.join(timeout=10)
        print("manager ended" if not manager.is_alive() else "manager still waits")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "manager ended"


def test_release_futures_releases_only_this_threads_holds() -> None:
    import concurrent.futures as cf
    import threading

    from pyramids.bulk.pool import release_futures

    mine: cf.Future[int] = cf.Future()
    theirs: cf.Future[int] = cf.Future()
    free: cf.Future[int] = cf.Future()
    mine._condition.acquire()
    mine._condition.acquire()
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with theirs._condition:
            held.set()
            release.wait(10)

    t = threading.Thread(target=hold)
    t.start()
    held.wait(10)
    try:
        release_futures([mine, theirs, free])
        assert not mine._condition._is_owned()  # type: ignore[attr-defined]
        assert not theirs._condition.acquire(blocking=False)  # still the other thread's
    finally:
        release.set()
        t.join(10)
    mine.set_result(1)  # no lock left behind: settling it does not wait
    assert mine.result(timeout=1) == 1


def _fast_win(deal: Deal, job: Job) -> Verdict:
    return Verdict("winnable", "fake", moves=(Move.parse("KC"),))


# -- the real engines on small ranges -------------------------------------------------------

def test_real_engine_same_counts_with_one_and_two_workers() -> None:
    one = list(run_records("0:24", "giza-6x4", workers=1))
    two = list(run_records("0:24", "giza-6x4", workers=2, chunk_size=3))
    assert [(r["i"], r["status"], r["moves"]) for r in one] == \
        [(r["i"], r["status"], r["moves"]) for r in two]
    t1, t2 = Tally().update(one), Tally().update(two)
    assert (t1.winnable, t1.blocked, t1.blocked_by) == (t2.winnable, t2.blocked, t2.blocked_by)
    assert t1.deals == 24 and t1.unknown == 0 and t1.winnable > 0 and t1.blocked > 0


def test_quick_mode_blocks_only_with_instant_certificates() -> None:
    from pyramids.answers.certificates import quick_certificate

    v = get_variant("pyramid", stock_waste="forbidden")
    recs = list(run_records("0:60", v, mode="quick", workers=1))
    for r in recs:
        cert = quick_certificate(Deal.from_number(r["i"]), v)
        assert r["status"] == ("blocked" if cert else "passed")
        if cert:
            assert r["certificate"]["kind"] == cert.kind
    assert {r["status"] for r in recs} == {"blocked", "passed"}


# -- the CLI --------------------------------------------------------------------------------

def use_fake(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's runs analyse with ``fake`` (one worker, in this process): no batch path."""
    monkeypatch.setattr(analysis, "analyse", fake)
    monkeypatch.setattr(analysis, "batch_applies", lambda job: False)


def invoke(*args: str, input: str | None = None) -> tuple[int, str, str]:
    res = CliRunner().invoke(main, list(args), input=input)
    return res.exit_code, res.stdout, res.stderr


def test_cli_filter_keeps_winnable_and_blocked_correctly() -> None:
    code, out, err = invoke("filter", "-V", "giza-6x4", "--deals", "0:20", "-j", "1",
                            "--json")
    assert code == 0, err
    kept = [json.loads(line) for line in out.splitlines()]
    assert kept and all(r["status"] == "winnable" for r in kept)
    v = get_variant("giza-6x4")
    for r in kept:  # every kept deal really is won by the solution given
        assert replay(Deal.from_number(r["deal"]), v, [Move.parse(m) for m in r["moves"]],
                      require_win=True).won
    code, out2, err2 = invoke("filter", "-V", "giza-6x4", "--deals", "0:20", "-j", "2",
                              "--keep", "blocked")
    assert code == 0, err2
    blocked = [int(x) for x in out2.split()]
    assert sorted(blocked + [r["deal"] for r in kept]) == list(range(20))
    assert f"filter: 20 deals, {len(kept)} kept (winnable)" in err
    assert "0 unknown" in err


def test_cli_filter_reports_unknowns_apart(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake(monkeypatch)  # in-process with one worker
    unk = tmp_path / "unknown.txt"
    deals = tmp_path / "deals.txt"
    deals.write_text("\n".join(str(n) for n in range(30)) + "\n")
    code, out, err = invoke("filter", "--deals", str(deals), "-j", "1", "--unknowns",
                            str(unk))
    assert code == 0, err
    want = {n: fake(Deal.from_number(n), Job(PYRAMID)).status for n in range(30)}
    assert [int(x) for x in out.split()] == [n for n, s in want.items() if s == "winnable"]
    unknown = [n for n, s in want.items() if s == "unknown"]
    assert [int(x) for x in unk.read_text().split()] == unknown
    assert f"{len(unknown)} unknown (time limit {len(unknown)}; written to" in err
    # from stdin, one-line deals come back as given
    lines = "\n".join(Deal.from_number(n).line() for n in range(5))
    code, out, _ = invoke("filter", "--keep", "blocked", "-j", "1", input=lines)
    assert out.splitlines() == [Deal.from_number(n).line() for n in range(5)
                                if want[n] == "blocked"]


def test_cli_stats_json(tmp_path: Path) -> None:
    code, out, err = invoke("stats", "-V", "giza-6x4", "--deals", "0:16", "-j", "1",
                            "--json")
    assert code == 0, err
    obj = json.loads(out)
    assert obj["variant"] == "giza-6x4" and obj["rules"]["columns"] == 6
    assert obj["deals"] == 16 == obj["winnable"] + obj["blocked"] + obj["unknown"]
    assert sum(obj["blocked_by"].values()) == obj["blocked"]
    lo, hi = obj["ci95"]
    assert lo <= obj["win_rate"] <= hi
    assert obj["seconds"] >= 0
    code, text, _ = invoke("stats", "-V", "giza-6x4", "--deals", "0:16", "-j", "1")
    assert f"winnable  {obj['winnable']:>6}" in text and "95% CI" in text


def _mark_unknown(path: Path, keys: set[int]) -> None:
    """Hand-edit the records of ``keys`` in an out file to ``unknown`` (as a limit would
    have left them); every other line as it was."""
    lines = path.read_text().splitlines(keepends=True)
    for n, line in enumerate(lines[1:], 1):
        rec = json.loads(line)
        if rec["i"] in keys:
            rec.update(status="unknown", certificate=None, moves=None)
            lines[n] = json.dumps(rec) + "\n"
    path.write_text("".join(lines))


def _without_seconds(path: Path) -> list[dict[str, object]]:
    return [{k: v for k, v in json.loads(line).items() if k != "seconds"}
            for line in path.read_text().splitlines()]


def test_cli_stats_retry_unknown_replaces_in_place(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake(monkeypatch)
    out = tmp_path / "r.jsonl"
    code, first, err = invoke("stats", "--deals", "0:40", "-j", "1", "--out", str(out),
                              "--json")
    assert code == 0, err
    fresh = _without_seconds(out)
    header = out.read_text().splitlines()[0]
    decided = [r["i"] for r in fresh[1:] if r["status"] != "unknown"]
    really_unknown = sum(r["status"] == "unknown" for r in fresh[1:25])
    assert len(decided) > 10 and really_unknown > 0
    edited = set(decided[:5])  # decided deals a limit "left" unknown
    _mark_unknown(out, edited)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:26]))  # and the run stopped after 25 deals
    code, again, err = invoke("stats", "--deals", "0:40", "-j", "1", "--out", str(out),
                              "--resume", "--retry-unknown", "--json")
    assert code == 0, err
    retried = len(edited) + really_unknown
    assert f"retrying {retried} unknown records of {out}" in err
    assert f"retried {retried}: {len(edited)} settled, {really_unknown} still unknown" in err
    a, b = json.loads(first), json.loads(again)
    for key in ("deals", "winnable", "blocked", "unknown", "blocked_by", "ci95"):
        assert a[key] == b[key], key
    assert (b["retried"], b["resumed"], b["analysed"]) == (retried, 25, 15)
    assert out.read_text().splitlines()[0] == header  # the header as it was
    assert _without_seconds(out) == fresh  # each retried record in its place
    assert not list(tmp_path.glob(".r.jsonl.*"))  # no temp file left
    # nothing unknown but the real ones: a second retry rewrites them as they were
    code, _, err = invoke("stats", "--deals", "0:40", "-j", "1", "--out", str(out),
                          "--resume", "--retry-unknown")
    assert code == 0, err
    real = sum(r["status"] == "unknown" for r in fresh[1:])
    assert f"retrying {real} unknown records" in err
    assert _without_seconds(out) == fresh


def test_cli_stats_retry_unknown_bad_combinations(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake(monkeypatch)
    out = tmp_path / "r.jsonl"
    code, _, err = invoke("stats", "--deals", "0:10", "-j", "1", "--out", str(out),
                          "--retry-unknown")
    assert code == 2 and "--retry-unknown" in err and "it needs --resume" in err
    assert not out.exists()
    code, _, err = invoke("stats", "--table", "sizes", "--deals", "0:4", "-j", "1",
                          "--out", str(tmp_path / "t"), "--resume", "--retry-unknown")
    assert code == 2 and "--retry-unknown" in err and "not with --table" in err
    code, _, err = invoke("stats", "--deals", "-", "-j", "1", "--out", str(out),
                          "--resume", "--retry-unknown", input="1\n2\n")
    assert code == 2 and "--retry-unknown" in err and "not stdin" in err
    # the run's own settings: an out file of another variant is refused by its header
    code, _, err = invoke("stats", "--deals", "0:10", "-j", "1", "--out", str(out))
    assert code == 0, err
    code, _, err = invoke("stats", "-V", "giza", "--deals", "0:10", "-j", "1", "--out",
                          str(out), "--resume", "--retry-unknown")
    assert code == 2 and "was written with variant" in err
    code, _, err = invoke("stats", "--deals", "0:10", "-j", "1", "--out", str(out),
                          "--resume", "--retry-unknown", "--time-limit", "2")
    assert code == 2 and "was written with time_limit None, this run has 2.0" in err


def test_retry_unknown_interrupted_keeps_what_it_answered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during the retry: the records answered so far are written in place, the
    file is whole, and the next retry answers the rest."""
    out = tmp_path / "r.jsonl"
    src = parse_source("0:30")
    assert Tally().update(run_records(src, out=out, workers=1, analyser=fake)).deals == 30
    fresh = _without_seconds(out)
    edited = {r["i"] for r in fresh[1:] if r["status"] != "unknown"}
    _mark_unknown(out, edited)
    calls = 0

    def stops(deal: Deal, job: Job) -> Verdict:
        nonlocal calls
        calls += 1
        if calls > 4:
            raise KeyboardInterrupt
        return fake(deal, job)

    job = Job(PYRAMID, analyser=stops)
    with BulkRunner(1, chunk_size=1) as runner, pytest.raises(Interrupted) as e:
        retry_unknown(runner, src, job, str(out), progress=False)
    assert e.value.done == 4 and e.value.out == str(out)
    now = _without_seconds(out)
    assert [r["i"] for r in now[1:]] == [r["i"] for r in fresh[1:]]  # same order
    assert now[0] == fresh[0]  # the header kept
    # every record was unknown (the fake's own, and the edited): the first 4 are answered
    assert now[1:5] == fresh[1:5] and all(r["status"] == "unknown" for r in now[5:])
    with BulkRunner(1) as runner:
        got = retry_unknown(runner, src, fake_job(), str(out), progress=False)
    empty = tmp_path / "empty.jsonl"
    empty.touch()  # a run killed before its header: nothing to retry, nothing written
    with BulkRunner(1) as runner:
        assert retry_unknown(runner, src, fake_job(), str(empty), progress=False) == \
            Retried(0, 0, 0)
    assert empty.read_bytes() == b""
    left = 26 + sum(r["status"] == "unknown" for r in fresh[1:5])  # the fake's own too
    assert got.retried == got.unknown == left
    assert got.settled == sum(r["status"] != "unknown" for r in fresh[5:]) > 0
    assert _without_seconds(out) == fresh


def test_cli_stats_out_and_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake(monkeypatch)
    out = tmp_path / "r.jsonl"
    code, first, err = invoke("stats", "--deals", "0:40", "-j", "1", "--out", str(out),
                              "--json")
    assert code == 0, err
    code, _, err = invoke("stats", "--deals", "0:40", "-j", "1", "--out", str(out))
    assert code == 2 and "already exists" in err and "--resume" in err
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:11]) + lines[11][:9])
    code, again, err = invoke("stats", "--deals", "0:40", "-j", "1", "--out", str(out),
                              "--resume", "--json")
    assert code == 0, err
    a, b = json.loads(first), json.loads(again)
    for key in ("deals", "winnable", "blocked", "unknown", "blocked_by", "ci95"):
        assert a[key] == b[key]
    assert b["resumed"] == 10 and b["analysed"] == 30
    code, _, err = invoke("stats", "--deals", "0:40", "--resume")
    assert code == 2 and "--resume needs --out" in err


def test_cli_bad_input_exit_2(tmp_path: Path) -> None:
    f = tmp_path / "deals.txt"
    f.write_text("3\n4\n\nnot a deal\n")
    code, _, err = invoke("stats", "--deals", str(f), "-j", "1")
    assert code == 2 and "line 4" in err and "not a deal" in err
    code, _, err = invoke("filter", "-j", "1", input="1\n2 3\n")
    assert code == 2 and "stdin line 2" in err and "'2 3'" in err
    code, _, err = invoke("stats", "--deals", "9:x")
    assert code == 2 and "0:1000" in err
    code, _, err = invoke("stats", "--deals", "0:3", "--stock-waste", "forbidden",
                          "-V", "giza")
    assert code == 2 and "stock" in err


def test_cli_table_quick(tmp_path: Path) -> None:
    code, out, err = invoke("stats", "--table", "sizes", "--mode", "quick", "--deals",
                            "0:50", "-j", "2", "--format", "csv", "--out",
                            str(tmp_path / "cells"))
    assert code == 0, err
    rows = out.splitlines()
    assert rows[0].startswith("table,row,column,") and len(rows) == 11
    assert len(list((tmp_path / "cells").glob("*.jsonl"))) == 10
    code, out, err = invoke("stats", "--table", "rules", "--mode", "quick", "--deals",
                            "0:20", "-j", "1", "--json")
    assert code == 0, err
    obj = json.loads(out)
    assert len(obj["cells"]) == 24 and all(c["deals"] == 20 for c in obj["cells"])


def test_hard_limit_backstop_interrupts_python_code() -> None:
    from pyramids.bulk.analysis import _hard_limit, _HardLimit

    with pytest.raises(_HardLimit), _hard_limit(0.05):
        time.sleep(5)
    with _hard_limit(None):  # no limit: nothing armed
        time.sleep(0.01)


def test_cli_filter_quick_mode() -> None:
    from pyramids.answers.certificates import quick_certificate

    v = get_variant("pyramid", stock_waste="forbidden")
    certified = [n for n in range(80) if quick_certificate(Deal.from_number(n), v)]
    code, out, err = invoke("filter", "--stock-waste", "forbidden", "--deals", "0:80",
                            "--mode", "quick", "--keep", "blocked", "-j", "1")
    assert code == 0, err
    assert [int(x) for x in out.split()] == certified and certified
    code, out, err = invoke("filter", "--stock-waste", "forbidden", "--deals", "0:80",
                            "--mode", "quick", "-j", "2")
    assert code == 0, err
    assert [int(x) for x in out.split()] == [n for n in range(80) if n not in certified]
    assert "or not certified blocked" in err


def test_par_deals_blocked_by_an_instant_certificate_still_get_their_best_score() -> None:
    # deal 28 has a four-complement block under Par Pyramid; check() scores it all the same
    from pyramids.answers.certificates import quick_certificate
    from pyramids.answers.check import check
    from pyramids.bulk import run_records
    from pyramids.core.deals import Deal
    from pyramids.core.variants import get_variant

    par = get_variant("par-pyramid")
    assert quick_certificate(Deal.from_number(28), par) is not None
    (rec,) = run_records("28:29", par, workers=1)
    assert rec["status"] == "blocked"
    assert rec["score"] == check(Deal.from_number(28), par).score
    assert isinstance(rec["score"], int)


@pytest.mark.parametrize(("name", "mode", "lines"), [
    ("pyramid", "exact", False),  # the batch path
    ("bouquet", "exact", True),  # deals given as lines: the batch path parses them
    ("par-pyramid", "exact", False),  # one by one (Par scoring)
    ("giza", "quick", False),  # one by one (quick mode)
])
def test_slim_records_are_the_full_ones_cut_down(name: str, mode: str, lines: bool) -> None:
    """A slim job (``stats`` without an out file) gives each deal's record cut down to
    what the statistics read, and so the same tally as the full records."""
    from pyramids.bulk.analysis import SLIM_KEYS, analyse_chunk, slim_record

    v = get_variant(name)
    n = 12 if name == "par-pyramid" else 40
    if lines:
        items = [SourceItem(i, None, Deal.from_number(i).line()) for i in range(n)]
    else:
        items = list(RangeSource(0, n))
    full = analyse_chunk(items, Job(v, mode))  # type: ignore[arg-type]
    slim = analyse_chunk(items, Job(v, mode, slim=True))  # type: ignore[arg-type]
    strip = [{k: val for k, val in slim_record(r).items() if k != "seconds"} for r in full]
    assert [{k: val for k, val in r.items() if k != "seconds"} for r in slim] == strip
    assert all(set(r) <= {*SLIM_KEYS, "certificate"} for r in slim)
    assert all("moves" in r for r in full)
    tf, ts = Tally().update(full), Tally().update(slim)
    assert (tf.winnable, tf.blocked, tf.unknown, tf.passed, tf.blocked_by, tf.score_sum) == \
        (ts.winnable, ts.blocked, ts.unknown, ts.passed, ts.blocked_by, ts.score_sum)
    assert ts.blocked and (ts.winnable or mode == "quick")


def test_cli_stats_counts_the_same_with_and_without_an_out_file(tmp_path: Path) -> None:
    args = ("stats", "--deals", "0:60", "-j", "1", "--json")
    code, slim, err = invoke(*args)
    assert code == 0, err
    code, full, err = invoke(*args, "--out", str(tmp_path / "o.jsonl"))
    assert code == 0, err
    keys = ("deals", "winnable", "blocked", "unknown", "blocked_by", "win_rate", "ci95")
    a, b = json.loads(slim), json.loads(full)
    assert {k: a[k] for k in keys} == {k: b[k] for k in keys} and a["blocked"] > 0


def test_a_number_run_is_the_range_items_it_stands_for() -> None:
    """A range's chunk travels as two numbers and reads as the SourceItems of the range."""
    import pickle

    from pyramids.bulk.sources import NumberRun

    run = NumberRun(10, 15)
    items = list(RangeSource(10, 15))
    assert list(run) == items and len(run) == 5
    assert [run[i] for i in range(-5, 5)] == items + items
    assert list(run[1:3]) == items[1:3] and list(run[3:1]) == []
    assert pickle.loads(pickle.dumps(run)) == run and len(pickle.dumps(run)) < 60
    with pytest.raises(IndexError):
        run[5]
    with pytest.raises(ValueError):
        run[::2]


def test_range_chunks_give_the_records_of_item_chunks() -> None:
    """Two workers on a range (chunks as NumberRun) and on the same deals as a file of
    numbers (chunks of items): the same records but for their timings."""
    a = list(run_records("0:300", "giza-6x4", workers=2, chunk_size=64))
    b = list(run_records(LinesSource("numbers", lambda: io.StringIO(
        "\n".join(map(str, range(300))))), "giza-6x4", workers=2, chunk_size=64))
    for r in a + b:
        r.pop("seconds")
        for e in r.get("engines") or ():
            e.pop("seconds")
    assert [r["deal"] for r in a] == list(range(300))
    assert [{k: v for k, v in r.items() if k != "i"} for r in a] == \
        [{k: v for k, v in r.items() if k != "i"} for r in b]


# -- runs from the library (what the CLI's stats and filter are made of) ---------------

def test_make_runner_is_local_or_a_cluster_never_both() -> None:
    from pyramids.bulk import make_runner

    with make_runner(2, 5) as runner:
        assert type(runner) is BulkRunner and runner.workers == 2 and runner.chunk_size == 5
    with pytest.raises(BulkError, match="with a scheduler the cluster's workers"):
        make_runner(2, None, "tcp://127.0.0.1:1")


def test_run_tally_counts_what_the_cli_counts(tmp_path: Path) -> None:
    from pyramids.bulk import make_runner, run_tally

    src = parse_source("0:16")
    with make_runner(1) as runner:
        got = run_tally(runner, src, get_variant("giza-6x4"), progress=False)
    code, out, err = invoke("stats", "-V", "giza-6x4", "--deals", "0:16", "-j", "1",
                            "--json")
    assert code == 0, err
    obj = json.loads(out)
    t = got.tally
    assert (t.deals, t.winnable, t.blocked, t.unknown) == (
        obj["deals"], obj["winnable"], obj["blocked"], obj["unknown"])
    assert dict(t.blocked_by) == obj["blocked_by"]
    assert got.analysed == 16 and got.read_back == 0 and got.workers == 1


def test_run_table_is_the_cli_table(tmp_path: Path) -> None:
    from pyramids.bulk import cell_file, make_runner, run_table

    with make_runner(1) as runner:
        got = run_table("sizes", runner, parse_source("0:30"), mode="quick",
                        out=str(tmp_path / "cells"), progress=False)
    code, out, err = invoke("stats", "--table", "sizes", "--mode", "quick", "--deals",
                            "0:30", "-j", "1", "--json")
    assert code == 0, err
    cli = json.loads(out)
    mine = got.to_json_obj()
    assert mine["cells"] == cli["cells"] and mine["analysed"] == cli["analysed"] == 300
    assert sorted(p.name for p in (tmp_path / "cells").iterdir()) == sorted(
        cell_file(c) for c, t in got.results if t is not None)
    with make_runner(1) as runner:  # resumed: every deal read back
        again = run_table("sizes", runner, parse_source("0:30"), mode="quick",
                          out=str(tmp_path / "cells"), resume=True, progress=False)
    assert again.read_back == 300 and again.analysed == 0
    assert again.to_json_obj()["cells"] == mine["cells"]
    with pytest.raises(BulkError, match="several times"):
        run_table("sizes", BulkRunner(1), parse_source("-"))


def test_consume_saves_and_says_where_when_interrupted(tmp_path: Path) -> None:
    from pyramids.bulk import consume, start_run

    out = tmp_path / "run.jsonl"
    seen: list[int] = []

    def each(rec: dict[str, object]) -> None:
        seen.append(int(str(rec["i"])))
        if len(seen) == 7:
            raise KeyboardInterrupt

    with BulkRunner(1, chunk_size=3) as runner:
        run = start_run(runner, RangeSource(0, 40), fake_job(), str(out), progress=False)
        with pytest.raises(Interrupted) as info:
            consume(run, each)
    assert info.value.out == str(out) and info.value.done == 6
    assert set(keys(out)) >= set(seen)


def test_the_progress_line_redraws_in_place_with_notes_above_it() -> None:
    """The run's line as a terminal shows it (one line, redrawn in place at most five
    times a second; a note on a line of its own, the line drawn again below it); off a
    terminal, only the notes."""
    from pyramids.bulk.pool import RunState
    from pyramids.bulk.progress import Progress

    stream = io.StringIO()
    state = RunState(started=time.perf_counter() - 1000, new=5000)  # 5.0 deals/s
    bar = Progress(100, "giza", enabled=True, stream=stream, state=state)
    bar.update(50)
    bar.update(1)  # within 0.2 s of the last drawing: not drawn
    bar.note("a worker was lost")
    bar.close()
    line = "giza  [############            ] {}/100  {}%  5.0 deals/s  ETA 10s"
    assert stream.getvalue() == ("\r" + line.format(50, "50.0") + "\r"
                                 + "a worker was lost".ljust(len(line.format(50, "50.0")))
                                 + "\n" + ("\r" + line.format(51, "51.0")) * 2 + "\n")
    quiet = io.StringIO()
    off = Progress(None, enabled=False, stream=quiet)
    off.update(3)
    off.note("lost")
    off.close()
    assert quiet.getvalue() == "lost\n"


def counts(t: Tally) -> dict[str, object]:
    """A tally's fields but the timings."""
    return {k: v for k, v in vars(t).items() if k not in ("engine_seconds", "max_seconds")}


@pytest.mark.parametrize("workers", [1, 2])
def test_a_run_without_records_tallies_in_the_workers_with_the_same_counts(
        workers: int) -> None:
    """``stats`` without --out: each worker sends back one tally a chunk; the sum equals
    the tally of every record, on a range and on a file of deals, with a goal too."""
    variant = get_variant("giza-6x4")
    lines = LinesSource("numbers", lambda: io.StringIO("\n".join(map(str, range(150)))))
    for source, goal in ((RangeSource(0, 300), None), (lines, None),
                         (RangeSource(0, 12), Goal.parse("board"))):
        v = get_variant("msc") if goal else variant
        job = Job(v, slim=True, goal=goal)
        with BulkRunner(1) as one:
            want = Tally().update(one.run(RangeSource(0, 150) if source is lines else source,
                                          job))
        ticks: list[int] = []
        with BulkRunner(workers, chunk_size=7) as runner:
            got = runner.tally(source, job, tick=ticks.append)
        assert counts(got) == counts(want) and sum(ticks) == got.deals
        assert got.engine_seconds > 0


def test_run_tally_without_out_goes_through_the_workers_tallies() -> None:
    with BulkRunner(2) as runner:
        run = run_tally(runner, RangeSource(0, 200), get_variant("giza-6x4"), progress=False)
    want = Tally().update(run_records("0:200", "giza-6x4", workers=1))
    assert counts(run.tally) == counts(want) and run.analysed == 200 and run.read_back == 0


@pytest.mark.parametrize("workers", [1, 2])
def test_interrupting_a_tally_run_says_how_many_deals_were_counted(workers: int) -> None:
    with BulkRunner(workers, chunk_size=3) as runner, pytest.raises(Interrupted) as exc:
        runner.tally(_StopAfter(40), fake_job())
    assert 0 <= exc.value.done <= 40 and str(exc.value) == "interrupted"
    assert runner._pool is None  # the workers were stopped
