"""benchmarks/family_speed.py: each game's speed summarised from records files, on tiny
files whose figures are worked out by hand (a stats run's records, a crosscheck out file,
one cut short by a run under way, bad lines)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("family_speed",
                                                  ROOT / "benchmarks" / "family_speed.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["family_speed"] = mod
    spec.loader.exec_module(mod)
    return mod


fs = load_script()

HEADER = {"pyramids_bulk": 1, "variant": {"game": "pysolfc-pharaohs"}, "mode": "exact",
          "game": "pysolfc-pharaohs", "source": "pysolfc:1:6"}


def record(n: int, status: str, seconds: float, nodes: int, engine: str = "pairs") -> str:
    return json.dumps({"i": n, "deal": None, "pysolfc": n, "game": "pysolfc-pharaohs",
                       "status": status, "engine": engine, "moves": [], "certificate": None,
                       "nodes": nodes, "seconds": seconds, "reason": None})


def stats_file(tmp_path: Path, tail: str = "") -> Path:
    """Five games in the order two workers finished them: 0.5 s of CPU in all."""
    rows = [record(3, "blocked", 0.04, 900), record(1, "winnable", 0.25, 40_000),
            record(2, "blocked", 0.001, 0, "certificate"), record(5, "blocked", 0.009, 70),
            record(4, "unknown", 0.2, 1_000_000)]
    path = tmp_path / "pharaohs.jsonl"
    path.write_text("\n".join([json.dumps(HEADER), *rows]) + "\n" + tail, encoding="utf-8")
    return path


def test_summary_of_a_stats_run(tmp_path: Path) -> None:
    s = fs.summary(fs.read_records(stats_file(tmp_path)), slowest=3)
    assert (s["game"], s["kind"], s["deals"], s["first"], s["last"]) == \
        ("pysolfc-pharaohs", "stats", 5, 1, 5)
    assert s["cpu_s"] == pytest.approx(0.5)
    assert s["per_cpu_s"] == pytest.approx(10.0)  # 5 deals over 0.5 CPU s
    assert s["median_ms"] == pytest.approx(40.0)
    assert s["mean_ms"] == pytest.approx(100.0)
    assert s["max_s"] == pytest.approx(0.25)
    # p99 of (1, 9, 40, 200, 250) ms, inclusive: 200 + 0.96 * 50
    assert s["p99_ms"] == pytest.approx(248.0)
    assert s["statuses"] == {"blocked": 3, "unknown": 1, "winnable": 1}
    assert s["engines"] == {"certificate": 1, "pairs": 4}
    assert s["slowest"] == [[1, "winnable", 0.25, 40_000, "pairs"],
                            [4, "unknown", 0.2, 1_000_000, "pairs"],
                            [3, "blocked", 0.04, 900, "pairs"]]
    assert s["slow_median"] is False and s["partial_tail"] is False


def test_a_growing_file_loses_only_its_cut_short_last_line(tmp_path: Path) -> None:
    path = stats_file(tmp_path, tail=record(6, "blocked", 9.0, 1)[:40])
    rec = fs.read_records(path)
    assert rec.partial_tail and len(rec.deals) == 5
    text = fs.render([fs.summary(rec)])
    assert "last line cut short" in text


def test_a_bad_line_inside_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(HEADER) + "\n" + record(1, "blocked", 0.1, 5) + "\n"
                    + '{"i": 2, "status": "blocked"}\n' + record(3, "blocked", 0.1, 5) + "\n",
                    encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.jsonl:3: not a stats record"):
        fs.read_records(path)
    empty = tmp_path / "empty.jsonl"
    empty.write_text(json.dumps(HEADER) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no deals in it"):
        fs.read_records(empty)


def test_crosscheck_out_file_and_the_slow_median_flag(tmp_path: Path) -> None:
    path = tmp_path / "pysolfc-two-pyramids.jsonl"
    lines = [{"deal": n, "search": st, "search_cpu": s, "search_nodes": nodes,
              "cpsat": "unknown", "cpsat_cpu": 9.0, "agree": None}
             for n, st, s, nodes in [(1, "unknown", 1.2, 1_000_000), (2, "winnable", 0.3, 2000),
                                     (3, "unknown", 1.5, 1_000_001)]]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    s = fs.summary(fs.read_records(path))
    assert (s["game"], s["kind"], s["deals"]) == ("pysolfc-two-pyramids", "crosscheck", 3)
    assert s["median_ms"] == pytest.approx(1200.0) and s["slow_median"] is True
    assert s["per_cpu_s"] == pytest.approx(1.0)  # 3 deals over 3.0 CPU s
    assert s["slowest"][0] == [3, "unknown", 1.5, 1_000_001, "pairs"]
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(json.dumps(lines[0]) + "\n" + record(2, "blocked", 0.1, 5) + "\n",
                     encoding="utf-8")
    with pytest.raises(ValueError, match=r"mixed\.jsonl:2: a stats line in a file of "
                                         r"crosscheck lines"):
        fs.read_records(mixed)


def test_main_prints_and_writes_the_same_table(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "speed.txt"
    assert fs.main([str(stats_file(tmp_path)), "--slowest", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed == out.read_text(encoding="utf-8")
    first = printed.splitlines()[1].split()
    assert first[:5] == ["pysolfc-pharaohs", "stats", "5", "10.0", "40.00"]
    assert "game      1  winnable    0.250 s     40,000 nodes  pairs" in printed
    assert "game      3" not in printed  # only the two slowest
    assert fs.main([str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        fs.main([])
    assert e.value.code == 2
    assert "give records files, or --profile GAME:N" in capsys.readouterr().err


def test_profile_of_one_deal_names_each_switch_and_agrees() -> None:
    """Pharaohs' game 2 is blocked (a search of some 900 nodes): the profile says so for
    check_game and for the kernel with each pruning, the restarts, the order and the beam off in
    turn (no switch turns a verdict), with the CPU per node of each."""
    text = fs.profile("pysolfc-pharaohs", 2, 100_000)
    lines = text.splitlines()
    assert lines[0].startswith("pysolfc-pharaohs game 2, node limit 100,000: check_game "
                               "blocked,")
    assert "cProfile, top functions by own time:" in lines[0]
    kernel = [ln for ln in lines if ln.startswith("  kernel, ")]
    assert [ln.split(":")[0].split(",")[1].strip() for ln in kernel] == \
        ["all on", "waste off", "twins off", "match off", "chain off", "restarts off",
         "order off", "beam off"]
    assert all(ln.split(":")[1].split()[0] == "blocked" for ln in kernel)
    assert all(ln.endswith("us a node") for ln in kernel)
