"""scripts/msc_goals_run.py on a tiny range: chunk summaries written atomically, finished
chunks skipped on the next run, a lost chunk run again, and the totals equal to a direct
bulk run of the same deals."""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections import Counter
from pathlib import Path

import pytest

from pyramids.bulk.stats import wilson

ROOT = Path(__file__).resolve().parent.parent


sys.path.insert(0, str(ROOT / "scripts"))
gr = importlib.import_module("msc_goals_run")  # a script, not a package module
ARGS = ["--goal", "board", "--deals", "0:7", "--chunk", "3", "-j", "1", "-q"]


def files(folder: Path) -> list[Path]:
    return sorted((folder / "board").glob("*.json"))


def test_chunks_are_written_skipped_and_redone(tmp_path: Path) -> None:
    folder = tmp_path / "run"
    assert gr.main([*ARGS, "--folder", str(folder), "--max-chunks", "2"]) == 0
    assert [p.name for p in files(folder)] == ["000000000-000000003.json",
                                               "000000003-000000006.json"]
    first = {p.name: p.read_text() for p in files(folder)}
    assert gr.main([*ARGS, "--folder", str(folder)]) == 0  # only the last chunk is run
    assert len(files(folder)) == 3
    assert all(p.read_text() == first[p.name] for p in files(folder) if p.name in first)
    files(folder)[1].unlink()  # a chunk lost (or never committed): run again alone
    assert gr.main([*ARGS, "--folder", str(folder)]) == 0
    assert len(files(folder)) == 3
    assert not list(folder.rglob(".tmp-*"))  # nothing half-written left behind
    chunks = gr.read(folder, gr.Goal.parse("board"), 0, 7)
    assert [(c["start"], c["stop"]) for c in chunks] == [(0, 3), (3, 6), (6, 7)]
    # what ran each chunk, for the results page (keys added later: a reader of older
    # chunks finds them missing)
    assert all(c["machine"] == gr.machine(None, 1) and f"{os.cpu_count()} CPUs" in c["machine"]
               and c["load"] >= 0 for c in chunks)
    assert gr.machine("tcp://10.0.0.1:8786", 16) == "a Dask cluster of 16 workers"


def test_a_chunk_names_the_code_its_process_loaded(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The commit is read once, when the run starts: one made while a long run goes on
    (a chunk summary committed, results rendered) is not written into later chunks."""
    seen = iter(["first", "later", "later"])
    monkeypatch.setattr(gr, "code_version", lambda: next(seen))
    monkeypatch.setattr(gr, "src_version", lambda: "tree")
    assert gr.main([*ARGS, "--folder", str(tmp_path), "--max-chunks", "2"]) == 0
    assert [json.loads(p.read_text())["code"] for p in files(tmp_path)] == ["first", "first"]
    assert all(json.loads(p.read_text())["src"] == "tree" for p in files(tmp_path))


def test_totals_equal_a_direct_run_of_the_same_deals(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    from pyramids.answers.goals import Goal
    from pyramids.bulk import Job, RangeSource, make_runner
    from pyramids.core.variants import get_variant

    folder = tmp_path / "run"
    assert gr.main([*ARGS, "--folder", str(folder)]) == 0
    capsys.readouterr()
    assert gr.main([*ARGS, "--folder", str(folder), "--summary"]) == 0
    got = json.loads(capsys.readouterr().out)
    job = Job(get_variant("msc"), goal=Goal.parse("board"), slim=True)
    with make_runner(1) as runner:
        recs = list(runner.run(RangeSource(0, 7), job))
    won = [r for r in recs if r["reached"]]
    assert got["deals"] == 7 and got["chunks"] == 3
    assert got["status"] == dict(Counter(r["status"] for r in recs))
    assert got["reached"] == len(won) and got["decided"] == 7 - got["status"].get("unknown", 0)
    assert got["steps"] == {str(k): v for k, v in sorted(Counter(r["steps"] for r in won).items())}
    if won:
        top = max(r["steps"] for r in won)
        assert got["longest"] == {"steps": top,
                                  "deal": min(r["deal"] for r in won if r["steps"] == top)}
    assert got["ci95"] == list(wilson(len(won), got["decided"]))


def test_overlapping_chunks_and_bad_ranges_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "run"
    assert gr.main([*ARGS, "--folder", str(folder), "--max-chunks", "1"]) == 0
    moved = folder / "board" / "000000001-000000004.json"
    moved.write_text(files(folder)[0].read_text().replace('"start": 0', '"start": 1')
                     .replace('"stop": 3', '"stop": 4'))
    with pytest.raises(ValueError, match="overlap"):
        gr.read(folder, gr.Goal.parse("board"), 0, 7)
    with pytest.raises(SystemExit):
        gr.main(["--goal", "board", "--deals", "12", "--folder", str(folder)])
