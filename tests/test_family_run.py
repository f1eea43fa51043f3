"""scripts/family_run.py on a tiny range of Pharaohs: one ``pyramids stats`` summary a
chunk, finished chunks skipped, records of an earlier run read back instead of replayed,
and make_results adding the chunks up from game 1 into the game's row."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyramids.cli import main

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
fr = importlib.import_module("family_run")  # scripts, not package modules
mr = importlib.import_module("make_results")
GAME = "pysolfc-pharaohs"


def stats(deals: str, *extra: str) -> dict[str, object]:
    res = CliRunner().invoke(main, ["stats", "-V", GAME, "--deals", deals, "-j", "1",
                                    "--no-progress", "--json", *extra])
    assert res.exit_code == 0, res.output
    summary: dict[str, object] = json.loads(res.output)
    return summary


def test_chunks_are_cut_aligned_on_the_start() -> None:
    assert fr.chunks(1, 12, 5) == [(1, 6), (6, 11), (11, 12)]
    assert fr.chunks(3, 4, 10) == [(3, 4)]


def test_a_run_writes_a_summary_a_chunk_and_skips_the_finished(tmp_path: Path) -> None:
    records = tmp_path / "earlier.jsonl"
    earlier = stats("pysolfc:1:9", "--out", str(records))  # an earlier run, games 1-8
    args = [GAME, "--deals", "1:13", "--chunk", "6", "--summaries", str(tmp_path / "sum"),
            "--out", str(tmp_path / "rec"), "--records", str(records)]
    fr.main([*args, "--max-chunks", "1"])
    folder = tmp_path / "sum" / GAME
    assert [p.name for p in folder.glob("*.json")] == ["1-6.json"]
    first = json.loads((folder / "1-6.json").read_text(encoding="utf-8"))
    assert first["resumed"] == 6 and first["analysed"] == 0  # read back, not replayed
    assert first["code"]["commit"]
    fr.main(args)  # 1-6 skipped; 7-12 resumes games 7-8 and plays 9-12
    second = json.loads((folder / "7-12.json").read_text(encoding="utf-8"))
    assert (second["resumed"], second["analysed"], second["source"]) == (2, 4, "pysolfc:7:13")
    direct = stats("pysolfc:1:13")
    total = mr.chained_family(folder)
    assert total is not None
    for key in ("deals", "winnable", "blocked", "unknown"):
        assert total[key] == direct[key], key
    assert total["blocked_by"] == direct["blocked_by"]
    assert total["source"] == "pysolfc:1:13"
    assert earlier["deals"] == 8


def test_retry_unknown_is_passed_where_a_chunk_has_records(tmp_path: Path) -> None:
    """``-- --retry-unknown`` answers again a begun chunk's unknown records and plays a
    chunk not begun as a fresh one (stats takes it only with --resume): a chunk of games
    1-3 whose record of game 2 says unknown is settled again; 4-6 is played whole."""
    rec = tmp_path / "rec" / GAME
    rec.mkdir(parents=True)
    stats("pysolfc:1:4", "--out", str(rec / "1-3.jsonl"))
    lines = (rec / "1-3.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    two = json.loads(lines[2])
    assert two["pysolfc"] == 2 and two["status"] != "unknown"
    lines[2] = json.dumps({**two, "status": "unknown", "moves": [], "certificate": None,
                           "reason": "node limit"}) + "\n"
    (rec / "1-3.jsonl").write_text("".join(lines), encoding="utf-8")
    fr.main([GAME, "--deals", "1:7", "--chunk", "3", "--summaries", str(tmp_path / "sum"),
             "--out", str(tmp_path / "rec"), "--", "--retry-unknown"])
    first = json.loads((tmp_path / "sum" / GAME / "1-3.json").read_text(encoding="utf-8"))
    second = json.loads((tmp_path / "sum" / GAME / "4-6.json").read_text(encoding="utf-8"))
    assert (first["retried"], first["unknown"], first["resumed"]) == (1, 0, 3)
    assert (second["unknown"], second["analysed"], second["resumed"]) == (0, 3, 0)
    assert first[two["status"]] >= 1


def write(folder: Path, start: int, stop: int, winnable: int, engine: str = "auto") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    deals = stop - start
    summary = {"variant": GAME, "source": f"pysolfc:{start}:{stop}", "deals": deals,
               "winnable": winnable, "blocked": deals - winnable, "unknown": 0,
               "engine_seconds": 1.5, "blocked_by": {"exhaustive": deals - winnable},
               "engine": engine, "node_limit": 1_000_000}
    (folder / f"{start}-{stop - 1}.json").write_text(json.dumps(summary), encoding="utf-8")


def test_the_chain_stops_at_a_gap_or_a_changed_engine(tmp_path: Path) -> None:
    folder = tmp_path / "chunks" / GAME
    write(folder, 1, 101, 3)
    write(folder, 101, 201, 4)
    write(folder, 301, 401, 5)  # after a gap: not counted
    total = mr.chained_family(folder)
    assert total is not None
    assert (total["deals"], total["winnable"], total["source"]) == (200, 7, "pysolfc:1:201")
    assert total["file"] == f"chunks/{GAME}/1-100.json … 101-200.json (2 chunks)"
    write(folder, 201, 301, 1, engine="pairs")  # another engine: the chain ends before it
    total = mr.chained_family(folder)
    assert total is not None and total["deals"] == 200
    assert mr.chained_family(tmp_path / "none") is None


def test_the_results_row_is_the_chain_when_it_holds_more_games(tmp_path: Path) -> None:
    (tmp_path / "single.json").write_text(json.dumps(stats("pysolfc:1:6")), encoding="utf-8")
    write(tmp_path / "chunks" / GAME, 1, 101, 3)
    write(tmp_path / "chunks" / GAME, 101, 201, 4)
    rows = [line for line in mr.render_family(tmp_path) if line.startswith("| Pharaohs")]
    cells = [c.strip() for c in rows[0].strip("|").split("|")]
    assert cells[2:5] == ["1–200", "200", "7"]
    assert cells[10] == "200 of 100,000 games"
    assert cells[11].startswith("`chunks/")


def test_records_of_another_game_are_refused(tmp_path: Path) -> None:
    records = tmp_path / "dozen.jsonl"
    res = CliRunner().invoke(main, ["stats", "-V", "pysolfc-pyramid-dozen", "--deals",
                                    "pysolfc:1:3", "-j", "1", "--no-progress", "--out",
                                    str(records)])
    assert res.exit_code == 0, res.output
    with pytest.raises(SystemExit, match="records of 'pysolfc-pyramid-dozen'"):
        fr.seed_records(records, GAME, 1, 3, tmp_path / "out.jsonl")
