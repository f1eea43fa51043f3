"""Generating on the fly like every other long job: process pools that give the same
puzzles whatever the number of workers, a progress line, Ctrl-C that stops cleanly
(``generator.generate.scan``, ``generator.progress``, ``pyramids book -j``)."""

from __future__ import annotations

import io
import multiprocessing
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyramids.book import puzzles as book_puzzles
from pyramids.cli import main
from pyramids.core.variants import get_variant
from pyramids.generator import collections as puzzles
from pyramids.generator import puzzles_for_book
from pyramids.generator.generate import (
    Keeper,
    Outcome,
    ScanInterrupted,
    Summary,
    generate,
    scan,
)
from pyramids.generator.progress import ScanProgress

SIX = get_variant("giza-6x4")


def graded(deal: int, grade: str) -> Outcome:
    return Outcome(deal, {"deal": deal, "grade": grade, "solution": []})


def test_keeper_keeps_the_first_of_each_slot_and_counts_the_rest() -> None:
    k = Keeper.of(["hard", "expert"], 1)
    for o in (graded(1, "easy"), Outcome(2, reason="blocked"), graded(3, "hard"),
              graded(4, "hard")):
        k.offer(o)
    assert not k.full()
    k.offer(graded(5, "expert"))
    assert k.full()
    assert [e["deal"] for e in k.entries("x")] == [3, 5]
    assert [e["id"] for e in k.entries("x")] == ["x-hard-001", "x-expert-001"]
    assert k.summary.rejected == Counter({"blocked": 1, "grade easy not wanted": 1,
                                          "hard already full": 1})
    some = Keeper({"any": 2}, frozenset({"medium", "expert"}))
    for o in (graded(1, "easy"), graded(2, "expert"), graded(3, "medium")):
        some.offer(o)
    assert some.full() and [e["deal"] for e in some.entries("y")] == [2, 3]


def test_progress_line_counts_kept_puzzles_rate_and_time_left() -> None:
    k = Keeper({"any": 10}, frozenset({"expert"}))
    stream = io.StringIO()
    bar = ScanProgress("giza", k, total=1000, enabled=True, stream=stream)
    assert bar.deals_left() is None and "ETA ?" in bar.text()
    for n in range(40):  # one expert every 20 deals
        k.offer(graded(n, "expert") if n % 20 == 19 else Outcome(n, reason="blocked"))
    assert bar.deals_left() == 8 * 40 / 2  # 8 more experts at 20 deals each
    text = bar.text()
    assert text.startswith("giza: 40 deals (2 winnable)") and "kept expert 2/10" in text
    assert "deals/s" in text and "ETA" in text
    bar.update(force=True)
    bar.close()
    assert stream.getvalue().startswith("\rgiza: 40 deals") and stream.getvalue().endswith("\n")
    few = ScanProgress("giza", k, total=50, enabled=False, stream=stream)
    assert few.deals_left() == 10  # no more than the range holds


def test_the_same_puzzles_whatever_the_number_of_workers() -> None:
    one = puzzles_for_book(SIX, 3, ["medium", "hard"], {3, 4}, workers=1, start=0,
                           progress=False)
    two = puzzles_for_book(SIX, 3, ["medium", "hard"], {3, 4}, workers=2, start=0,
                           progress=False)
    assert one == two and len(one) == 3
    assert all(e["grade"] in ("medium", "hard") and e["deal"] not in (3, 4) for e in one)
    assert one[0]["id"] == f"giza-6x4-{one[0]['deal']}"


def test_ctrl_c_stops_the_workers_and_says_how_far_the_scan_got() -> None:
    seen: list[int] = []

    def stop(o: Outcome, s: Summary) -> None:
        seen.append(o.deal)
        if len(seen) == 5:
            raise KeyboardInterrupt

    with pytest.raises(ScanInterrupted) as e:
        scan(SIX, range(0, 200), Keeper.of(["expert"], 50), workers=2, on_deal=stop)
    assert e.value.summary.scanned == 5 and seen == [0, 1, 2, 3, 4]
    assert multiprocessing.active_children() == []  # nothing left running


def test_an_early_stop_leaves_no_worker_behind() -> None:
    entries, summary = generate(SIX, range(0, 400), ["any"], 1, workers=2)
    assert len(entries) == 1 and summary.last_deal == entries[0]["deal"]
    assert multiprocessing.active_children() == []


def test_on_the_fly_starts_where_the_shipped_scan_ended() -> None:
    for name, info in puzzles.manifest().items():
        v = get_variant(info["variant"]["name"])
        if v.options() == info["variant"]:
            assert puzzles.scanned(v) == info["deals"][1], name
    assert puzzles.scanned(get_variant("giza", overlap=True)) == 0  # no collection of it


def test_book_generates_on_the_fly_with_workers(tmp_path: Path) -> None:
    """A collection short of the grade asked: the generator makes the rest, with two
    workers, and the book says so; the same book with one worker."""
    coll = tmp_path / "c"
    coll.mkdir()
    src = (puzzles.folder() / "giza-6x4.jsonl").read_text().splitlines()
    (coll / "giza-6x4.jsonl").write_text("\n".join(src[:2]) + "\n")
    pdfs = []
    for j in ("1", "2"):
        out = tmp_path / f"b{j}.pdf"
        r = CliRunner().invoke(main, ["book", "-V", "giza-6x4", "--grade", "easy", "-n", "3",
                                      "--puzzles-dir", str(coll), "-j", j, "--no-progress",
                                      "--out", str(out)])
        assert r.exit_code == 0, r.output
        assert "generating 1 giza-6x4 puzzle(s) on the fly" in r.output
        assert "3 puzzles" in r.output
        pdfs.append(out.read_bytes())
    assert pdfs[0] == pdfs[1]


def test_book_ctrl_c_while_generating_exits_130(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*a: object, **k: object) -> list[dict[str, object]]:
        s = Summary()
        s.scanned = 7
        raise ScanInterrupted(s)

    monkeypatch.setattr(book_puzzles, "find_maker", lambda: interrupted)
    out = tmp_path / "b.pdf"
    r = CliRunner().invoke(main, ["book", "-V", "giza", "--grade", "expert", "-n", "900",
                                  "--no-progress", "--out", str(out)])
    assert r.exit_code == 130, r.output
    assert "interrupted after 7 deals: no book written" in r.output
    assert not out.exists()


def test_book_workers_and_scheduler_are_exclusive() -> None:
    r = CliRunner().invoke(main, ["book", "-j", "2", "--scheduler", "tcp://127.0.0.1:1"])
    assert r.exit_code == 2 and "--workers counts local processes" in r.output
