"""A small run of scripts/make_results.py, so that the results pipeline cannot rot:
every table at 30 deals per cell (4 in the Par-heavy table: the suite's time matters),
resumed, checked against a direct bulk run, on a Dask cluster too, and the page's
honesty rules (progress, provisional rates, unknowns) on made-up chunks."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pyramids.bulk import run_records
from pyramids.bulk.stats import Tally, wilson

ROOT = Path(__file__).resolve().parent.parent


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_results",
                                                  ROOT / "scripts" / "make_results.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["make_results"] = mod
    spec.loader.exec_module(mod)
    return mod


mr = load_script()
SMALL = ["--target", "30", "--target", "redeal=4", "--target", "stock-count=3000",
         "--chunk", "15", "-q"]


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("results")
    args = ["--out-dir", str(out), "--raw-dir", str(out / "raw"), *SMALL]
    assert mr.main(args) == 0
    return out


def chunk_files(out: Path, cell: str) -> list[Path]:
    return sorted((out / "results" / "chunks" / cell).glob("*.json"))


def test_every_cell_has_its_chunks_and_a_row(small_run: Path) -> None:
    page = (small_run / "results.md").read_text(encoding="utf-8")
    for name, spec in mr.TABLES.items():
        assert f"## {spec.title}" in page
        assert f"--tables {name}`" in page
        for cell in spec.cells:
            files = chunk_files(small_run, cell.key)
            assert files, f"no chunk for {cell.key}"
            if spec.kind == "verdicts":
                assert f"| {cell.label} |" in page
    assert "33,788,024,480/609,121,402,903 = **5.5470%**" in page
    assert "## What the runs cost" in page  # every cell at its (small) target


def test_chunks_add_up_to_a_direct_bulk_run(small_run: Path) -> None:
    cell = mr.TABLES["one-pass"].cells[0]
    chunks = [json.loads(p.read_text()) for p in chunk_files(small_run, cell.key)]
    assert [(c["start"], c["stop"]) for c in chunks] == [(0, 15), (15, 30)]
    direct = Tally().update(run_records("0:30", cell.variant, workers=1))
    assert sum(c["winnable"] for c in chunks) == direct.winnable
    assert sum(c["blocked"] for c in chunks) == direct.blocked
    merged: dict[str, int] = {}
    for c in chunks:
        for k, v in c["blocked_by"].items():
            merged[k] = merged.get(k, 0) + v
    assert merged == dict(direct.blocked_by)


def test_stock_count_chunks_count_deals_with_the_certificate(small_run: Path) -> None:
    from pyramids.answers.certificates import stock_count
    from pyramids.core.deals import Deal

    (path,) = chunk_files(small_run, "king-tut-all-stock")[:1]
    c = json.loads(path.read_text())
    v = mr.STOCK_COUNT_VARIANT
    assert c["passed"] == sum(stock_count(Deal.from_number(i), v) is None
                              for i in range(c["start"], c["stop"]))


def test_shared_cell_and_par_scores(small_run: Path) -> None:
    # King Tut to discard all 52 is in two tables: one set of chunks serves both
    assert mr.TABLES["king-tut-52"].cells[0].key == "king-tut-all"
    covered = [json.loads(p.read_text()) for p in chunk_files(small_run, "king-tut-all")]
    assert covered[-1]["stop"] == 30
    par = [json.loads(p.read_text()) for p in chunk_files(small_run, "par-pyramid")]
    assert sum(sum(c["scores"].values()) + c["scores_lower_bound_only"] for c in par) == 4
    assert all(c["unknown"] == 0 for c in par)


def test_resume_adds_chunks_and_keeps_the_old_ones(small_run: Path, tmp_path: Path) -> None:
    import shutil

    out = tmp_path / "copy"
    shutil.copytree(small_run, out)
    cell = mr.TABLES["one-pass"].cells[1]
    before = {p.name: p.read_bytes() for p in chunk_files(out, cell.key)}
    args = ["--out-dir", str(out), "--raw-dir", str(out / "raw"), "--tables", "one-pass",
            "--target", "70", "--chunk", "15", "--max-chunks", "1", "--no-figures", "-q"]
    assert mr.main(args) == 0
    after = {p.name: p.read_bytes() for p in chunk_files(out, cell.key)}
    assert {k: after[k] for k in before} == before
    assert sorted(set(after) - set(before)) == ["00000000030-00000000045.json"]
    page = (out / "results.md").read_text(encoding="utf-8")
    assert f"| {cell.label} | 45 of 70 so far |" in page
    assert "provisional" in page


def write_chunk(folder: Path, cell: object, start: int, stop: int, **counts: object) -> None:
    obj = {"format": mr.FORMAT, "table": "one-pass", "cell": cell.key,  # type: ignore
           "variant": cell.variant.options(), "start": start, "stop": stop,  # type: ignore
           "deals": stop - start, "winnable": 0, "blocked": stop - start, "unknown": 0,
           "blocked_by": {"exhaustive": stop - start}, "unknown_by": {},
           "engine_seconds": 1.0, "cpu_seconds": 2.0, "wall_seconds": 2.0, "code": "test"}
    obj.update(counts)
    mr.write_json_atomic(mr.chunk_path(folder, cell.key, start, stop), obj)  # type: ignore


def test_unknowns_mark_the_row_incomplete(tmp_path: Path) -> None:
    chunks = tmp_path / "results" / "chunks"
    cell = mr.TABLES["one-pass"].cells[0]
    write_chunk(chunks, cell, 0, 100, winnable=7, blocked=92, unknown=1,
                blocked_by={"exhaustive": 92}, unknown_by={"time limit": 1})
    mr.render(tmp_path, chunks, {"*": 100}, ["one-pass"], figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith(f"| {cell.label} |"))
    assert "incomplete: 1 unknown" in row and "| 100 |" in row
    assert "*7.07% (" in row  # 7 of 99 decided, in italics: not final


def test_complete_row_is_final_and_a_gap_stops_the_count(tmp_path: Path) -> None:
    chunks = tmp_path / "results" / "chunks"
    cell = mr.TABLES["one-pass"].cells[0]
    write_chunk(chunks, cell, 0, 50, winnable=5, blocked=45, blocked_by={"exhaustive": 45})
    write_chunk(chunks, cell, 50, 100, winnable=5, blocked=45, blocked_by={"exhaustive": 45})
    write_chunk(chunks, cell, 200, 300)  # after a gap: not counted until the gap is filled
    mr.render(tmp_path, chunks, {"*": 100}, ["one-pass"], figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith(f"| {cell.label} |"))
    assert "| 100 | 10 |" in row and "final" in row and "| 10.00% (" in row
    mr.render(tmp_path, chunks, {"*": 1000}, ["one-pass"], figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    assert f"| {cell.label} | 100 of 1,000 so far |" in page


def test_overlapping_chunks_are_refused(tmp_path: Path) -> None:
    chunks = tmp_path / "chunks"
    cell = mr.TABLES["one-pass"].cells[0]
    write_chunk(chunks, cell, 0, 50)
    write_chunk(chunks, cell, 40, 90)
    with pytest.raises(SystemExit, match="overlapping chunks"):
        mr.read_chunks(chunks, cell)


def test_figures_are_made_and_deterministic(small_run: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    figs = small_run / "figures"
    names = sorted(p.name for p in figs.glob("*.png"))
    assert {"bouquet.png", "one-pass.png", "par.png"} <= set(names)
    page = (small_run / "results.md").read_text(encoding="utf-8")
    assert "![Open bouquet: win rate against pyramid rows](figures/bouquet.png)" in page
    first = {n: (figs / n).read_bytes() for n in names}
    assert all(b.startswith(b"\x89PNG") for b in first.values())
    mr.render(small_run, small_run / "results" / "chunks",
              mr.parse_targets(["30", "redeal=4", "stock-count=3000"]), list(mr.TABLES))
    assert {n: (figs / n).read_bytes() for n in names} == first


def test_bad_targets_are_named() -> None:
    with pytest.raises(SystemExit, match="no table 'nope'"):
        mr.parse_targets(["nope=5"])
    with pytest.raises(SystemExit, match="not a number"):
        mr.parse_targets(["open=many"])


def test_scheduler_run_gives_the_same_chunks(small_run: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    cell = mr.TABLES["one-pass"].cells[0]
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as lc:
        args = ["--out-dir", str(tmp_path), "--raw-dir", str(tmp_path / "raw"),
                "--tables", "one-pass", "--cells", cell.key, "--target", "30",
                "--chunk", "15", "--scheduler", lc.scheduler_address, "--no-figures", "-q"]
        assert mr.main(args) == 0
    keys = ("start", "stop", "deals", "winnable", "blocked", "blocked_by", "unknown")
    for local, dask in zip(chunk_files(small_run, cell.key), chunk_files(tmp_path, cell.key),
                           strict=True):
        a, b = json.loads(local.read_text()), json.loads(dask.read_text())
        assert {k: a[k] for k in keys} == {k: b[k] for k in keys}
        assert b["cpu_seconds"] is None  # not measurable across workers: engines' time kept


def test_par_deals_without_a_score_are_disclosed(tmp_path: Path) -> None:
    chunks = tmp_path / "results" / "chunks"
    par = next(c for c in mr.TABLES["redeal"].cells if c.scores)
    write_chunk(chunks, par, 0, 10, winnable=6, blocked=4,
                blocked_by={"four-complement": 1, "exhaustive": 3},
                scores={"35": 6, "-20": 3}, scores_lower_bound_only=0)
    mr.render(tmp_path, chunks, {"*": 10}, ["redeal"], figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    assert "over 9 deals whose best score is proved" in page
    assert "1 decided deal carries no best score: blocked" in page


def test_one_pass_figures_above_the_article_say_why_once(tmp_path: Path) -> None:
    """A one-pass rate above the article's (a lower bound) reads 'above ..., N times it',
    and the reason stands once under the table; one within its interval agrees."""
    chunks = tmp_path / "results" / "chunks"
    above, agrees = mr.TABLES["one-pass"].cells[:2]  # all 52, no overlap: allowed, forbidden
    write_chunk(chunks, above, 0, 10000, winnable=700, blocked=9300,
                blocked_by={"exhaustive": 9300})
    write_chunk(chunks, agrees, 0, 10000, winnable=7, blocked=9993,
                blocked_by={"stock-count": 9993})
    mr.render(tmp_path, chunks, {"*": 10000}, ["one-pass"], figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    assert f"- {above.label}: above the article's 6.03%, 1.16 times it." in page
    assert f"- {agrees.label}: agrees with the article's 0.07%" in page
    assert page.count(mr.ONE_PASS_ABOVE) == 1
    # the reason is not the article's: the page says where it comes from and that it is a guess
    assert "is not in the article" in mr.ONE_PASS_ABOVE and "guess" in mr.ONE_PASS_ABOVE


def test_a_run_of_one_table_keeps_the_others_on_the_page(small_run: Path,
                                                         tmp_path: Path) -> None:
    """``--tables one-pass`` runs that table, and the page still shows every table."""
    import shutil

    out = tmp_path / "copy"
    shutil.copytree(small_run, out)
    args = ["--out-dir", str(out), "--raw-dir", str(out / "raw"), "--tables", "one-pass",
            *SMALL, "--no-figures"]
    assert mr.main(args) == 0
    page = (out / "results.md").read_text(encoding="utf-8")
    for name in mr.TABLES:
        assert f"--tables {name}`" in page, name


def _cell_chunk(chunks: Path, table: str, key: str, deals: int, **counts: object) -> None:
    cell = next(c for c in mr.TABLES[table].cells if c.key == key)
    obj = {"format": mr.FORMAT, "table": table, "cell": key, "variant": cell.variant.options(),
           "start": 0, "stop": deals, "deals": deals, "winnable": 0, "blocked": deals,
           "unknown": 0, "blocked_by": {"exhaustive": deals}, "unknown_by": {},
           "engine_seconds": 1.0, "cpu_seconds": 2.0, "wall_seconds": 2.0, "code": "test"}
    obj.update(counts)
    mr.write_json_atomic(mr.chunk_path(chunks, key, 0, deals), obj)


@pytest.mark.parametrize(("cheops_wins", "one_pass_wins", "says"), [
    (66, 7, ["the same count", "exactly as many"]),
    (65, 9, ["the counts differ: to be looked into", "fewer, which cannot be"]),
    (66, 5, ["the same count", "more: on the rest"]),
])
def test_cells_that_count_the_same_deals_are_held_against_each_other(
        tmp_path: Path, cheops_wins: int, one_pass_wins: int, says: list[str]) -> None:
    """Par's winnable deals against Cheops', Par's 50s against one-pass wins: agreement
    and disagreement are both said (the check can fail)."""
    chunks = tmp_path / "results" / "chunks"
    _cell_chunk(chunks, "redeal", "par-pyramid", 100, winnable=66, blocked=34,
                scores={"50": 7, "35": 59, "-3": 34}, scores_lower_bound_only=0)
    _cell_chunk(chunks, "redeal", "cheops", 100, winnable=cheops_wins,
                blocked=100 - cheops_wins)
    _cell_chunk(chunks, "one-pass", "pyramid-all-noov-allowed", 100,
                winnable=one_pass_wins, blocked=100 - one_pass_wins)
    mr.render(tmp_path, chunks, {"*": 100}, list(mr.TABLES), figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    assert "Cross-checks between cells:" in page
    for text in says:
        assert text in page, text


def test_the_last_section_says_whether_anything_is_left(small_run: Path,
                                                        tmp_path: Path) -> None:
    """Every cell at its target: the cost of the runs and how to go further; otherwise
    what is left and how to carry on."""
    page = (small_run / "results.md").read_text(encoding="utf-8")
    assert "## What the runs cost" in page and "Every table is at its target" in page
    assert "## What is left" not in page
    chunks = small_run / "results" / "chunks"
    mr.render(tmp_path, chunks, {"*": 1000}, list(mr.TABLES), figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    assert "## What is left, and how long it takes at today's speed" in page
    assert "To carry on" in page and "What the runs cost" not in page


def test_the_goals_section_shows_the_figures_beside_the_peers(tmp_path: Path) -> None:
    """``benchmarks/bench_goals.py --json-out`` figures under ``results/msc-goals/`` make
    a section with this project's timings beside the peer tools' published ones; with
    none, no section."""
    assert mr.render_msc_goals(tmp_path / "none", tmp_path) == []
    folder = tmp_path / "results" / "msc-goals"
    folder.mkdir(parents=True)
    figures = {"preset": "msc", "goal": "board", "deals": 1500, "seed": 7, "start": 0,
               "median_ms": 12.5, "p99_ms": 480.0, "max_s": 2.25, "proven": 1500,
               "peak_rss_mib": 310}
    (folder / "msc-board.json").write_text(json.dumps(figures), encoding="utf-8")
    text = "\n".join(mr.render_msc_goals(Path("results/msc-goals"), tmp_path))
    assert "| MSC board: fewest steps | 1,500 random deals (seed 7) | 12.5 ms | 480 ms | " \
           "2.25 s | 1,500 of 1,500 | 310 MiB |" in text
    assert "mchung94/pyramid-solver" in text and "median 141 ms" in text


def test_a_shared_cell_is_said_and_counted_once(tmp_path: Path) -> None:
    """King Tut to discard all 52 is a row of two tables: the smaller one says the row is
    the other's cell, and the cost lines count its deals once, in the larger table."""
    chunks = tmp_path / "results" / "chunks"
    assert mr.owner_of("king-tut-all") == "king-tut-52"
    _cell_chunk(chunks, "king-tut-52", "king-tut-all", 500, winnable=0, blocked=500)
    for key in ("cheops", "par-pyramid"):
        _cell_chunk(chunks, "redeal", key, 20, winnable=10, blocked=10,
                    blocked_by={"exhaustive": 10})
    mr.render(tmp_path, chunks, {"*": 20, "king-tut-52": 500}, list(mr.TABLES),
              figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    assert ("The row *King Tut, discard all 52* is the cell of the table *King Tut, all 52 "
            "cards* below (one set of chunks serves both), so it shows every deal of that "
            "cell, 500, not this table's 20") in page
    assert "| redeal | 40 | 60 |" in page  # five cells of its own: two done, three to go
    assert "| king-tut-52 | 500 | 0 |" in page


@pytest.mark.parametrize(("cheops_by", "says"), [
    ({"four-complement": 3, "structural": 5, "exhaustive": 2},
     "proved by three kinds of certificate (four-complement 3, structural 5, exhaustive 2), "
     "Par's all by exhaustive ones"),
    ({"exhaustive": 10}, "proved by one kind of certificate (exhaustive 10), Par's all by "
                         "exhaustive ones"),
])
def test_pars_certificates_are_explained_beside_cheops(
        tmp_path: Path, cheops_by: dict[str, int], says: str) -> None:
    """The same blocked deals: Cheops' by the kind of certificate that proved each, Par's
    all exhaustive (the engines always run under Par scoring), and the page says why."""
    chunks = tmp_path / "results" / "chunks"
    _cell_chunk(chunks, "redeal", "par-pyramid", 20, winnable=10, blocked=10,
                blocked_by={"exhaustive": 10}, scores={"50": 2, "35": 8, "-3": 10},
                scores_lower_bound_only=0)
    _cell_chunk(chunks, "redeal", "cheops", 20, winnable=10, blocked=10, blocked_by=cheops_by)
    mr.render(tmp_path, chunks, {"*": 20}, ["redeal"], figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    assert "The 10 deals Par Pyramid cannot win are Cheops' 10" in page
    assert says in page and "the instant and structural tests are skipped" in page


def test_the_king_tut_question_is_quoted_as_a_ceiling_on_other_deal_numbers(
        tmp_path: Path) -> None:
    """The article's King Tut figure is a ceiling on Pretty Good Solitaire's deals, quoted
    as such beside the wins found, whose numbers are this project's."""
    chunks = tmp_path / "results" / "chunks"
    _cell_chunk(chunks, "king-tut-52", "king-tut-all", 500, winnable=1, blocked=499,
                wins=[{"deal": 123, "solution": "KC deal"}])
    mr.render(tmp_path, chunks, {"*": 500}, ["king-tut-52"], figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    assert "sets a ceiling on the win rate" in page and "can't imagine" in page
    assert "this project's deal numbers" in page and "not Pretty Good Solitaire's" in page
    assert "deal 123 is the first" in page and "| 123 | `KC deal` |" in page
    assert "guesses" not in page


def test_collections_graded_with_the_fallback_thresholds_are_named() -> None:
    """The collections figure's text names each collection whose variant has no thresholds
    of its own (King Tut's bonus puzzles), read from the shipped files, not written in."""
    note = mr.fallback_note()
    assert "FALLBACK_THRESHOLDS" in note
    names = note[len(" ("):note.index(":")].split(", ")
    assert "king-tut" in names
    assert not set(names) & {"giza", "giza-6x4", "pyramid", "par-pyramid"}  # their own


def test_family_rows_come_from_stats_summaries(tmp_path: Path) -> None:
    """PySolFC's ten games: a row per game from ``pyramids stats --json``'s own summary, the
    widest summary of a game wins, and a row short of 100,000 games is in italics."""
    from click.testing import CliRunner

    from pyramids.cli import main

    for stop in (11, 31):
        res = CliRunner().invoke(main, ["stats", "-V", "pysolfc-pharaohs", "--deals",
                                        f"pysolfc:1:{stop}", "-j", "1", "--no-progress",
                                        "--json"])
        assert res.exit_code == 0, res.output
        (tmp_path / f"pharaohs-{stop}.json").write_text(res.output, encoding="utf-8")
    summary = json.loads((tmp_path / "pharaohs-31.json").read_text(encoding="utf-8"))
    lines = mr.render_family(tmp_path)
    rows = [line for line in lines if line.startswith("| Pharaohs (655)")]
    assert len(rows) == 1
    cells = [c.strip() for c in rows[0].strip("|").split("|")]
    assert cells[1:6] == ["`pysolfc-pharaohs`", "1–30", "30", str(summary["winnable"]),
                          str(summary["blocked"])]
    assert cells[8].startswith("*") and cells[10] == "30 of 100,000 games"
    assert cells[11] == "`pharaohs-31.json`"
    assert mr.render_family(tmp_path / "none") == []
    # a row run under another node limit than stats's default says which
    summary |= {"deals": 40, "node_limit": 200_000, "source": "pysolfc:1:41"}
    (tmp_path / "pharaohs-41.json").write_text(json.dumps(summary), encoding="utf-8")
    row = next(line for line in mr.render_family(tmp_path) if "Pharaohs" in line)
    assert row.split("|")[11].strip() == "40 of 100,000 games; node limit 200,000"


def test_the_ten_games_seed_section_is_the_committed_chunks_and_lists() -> None:
    """results.md shows the ten games' seed runs as rendered from the committed chunks, and
    each row's winnable count is the length of the shipped list it made."""
    from pyramids.pysolfc.seedlists import read_seeds

    lines = mr.render_pysolfc_family(ROOT / "docs" / "results" / "pysolfc")
    page = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
    rows = [line for line in lines if line.startswith("| ") and "`pysolfc-" in line]
    assert rows and all(row in page for row in rows)
    data = ROOT / "src" / "pyramids" / "data" / "pysolfc_seeds"
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        name = cells[1].strip("`").removeprefix("pysolfc-").replace("-", "_")
        seeds = read_seeds((data / f"{name}_solvable_seeds.py").read_text(encoding="utf-8"))
        assert len(seeds) == int(cells[4].replace(",", "")), name


# -- MSC's Pyramid over a million deals (issue 43's proof run) ------------------------------

gr = mr.msc_run_module()  # scripts/msc_goals_run.py: its summaries are what is rendered


def msc_chunk(folder: Path, goal: str, start: int, stop: int, *, won: int, steps: int = 40,
              unknown: Sequence[int] = (), score: int | None = None, winnable: int | None = None,
              seconds: float = 0.25, **extra: object) -> dict[str, Any]:
    """A chunk summary made by msc_goals_run's own ``summarise`` from made-up records: the
    first ``won`` deals reach the goal in ``steps`` + (deal % 7) steps, the deals in
    ``unknown`` are unknown; the first ``winnable`` deals (default ``won``) are winnable
    (the board can be cleared), the rest blocked; every record scores ``score``."""
    records = []
    for d in range(start, stop):
        hit = d - start < won
        wins = d - start < (won if winnable is None else winnable)
        status = "unknown" if d in unknown else "winnable" if wins else "blocked"
        records.append({"deal": d, "status": status, "reached": hit and d not in unknown,
                        "steps": steps + d % 7 if hit else None, "optimal": d not in unknown,
                        "score": score, "seconds": seconds})
    g = gr.Goal.parse(goal)
    summary = gr.summarise(records, g, start, stop)
    summary.update({"wall_seconds": 2 * seconds * (stop - start), "workers": 2}, **extra)
    mr.write_json_atomic(gr.chunk_file(folder, g, start, stop), summary)
    return dict(summary)


def msc_section(tmp_path: Path, figures: bool = False) -> str:
    return "\n".join(mr.render_msc_run(tmp_path / "results" / "msc-goals-run", tmp_path,
                                       figures))


def part_of(text: str, heading: str) -> str:
    """One part (``### heading`` to the next heading) of the section."""
    start = text.index(f"### {heading}")
    rest = text[start + 4:]
    end = rest.find("\n#")
    return rest if end < 0 else rest[:end]


def test_msc_run_without_chunks_is_one_line(tmp_path: Path) -> None:
    text = msc_section(tmp_path)
    assert "## Microsoft Solitaire Collection's Pyramid over a million deals" in text
    body = text.split("\n\n")[-1]
    assert body.startswith("Not started yet: no chunk summary under `results/msc-goals-run/`")
    assert "--goal board --deals 0:1000000" in body
    assert "|" not in text and "###" not in text  # no empty tables, no empty parts


def test_msc_run_partial_board_beside_mchung94(tmp_path: Path) -> None:
    """Two board chunks of a million-deal run: progress, the provisional rate and its
    Wilson interval (bulk.stats.wilson), mchung94's 998 of 1,500 with its own, the fewest
    steps' bands and the longest answer; the parts not started are one line each."""
    folder = tmp_path / "results" / "msc-goals-run"
    msc_chunk(folder, "board", 0, 100, won=60, unknown=[97])
    msc_chunk(folder, "board", 100, 200, won=70, steps=50)
    text = msc_section(tmp_path)
    board = part_of(text, "Clearing the board")
    assert "**200 of 1,000,000 deals** (0.02%) in 2 chunks: deals 0–199." in board
    assert "1 unknown (not counted in any rate): deal 97." in board
    lo, hi = wilson(130, 199)
    assert (f"cleared on **130** of the 199 deals settled: *{100 * 130 / 199:.2f}% "
            f"({100 * lo:.2f}–{100 * hi:.2f})* (provisional: 200 of 1,000,000") in board
    mlo, mhi = wilson(998, 1500)
    assert f"998 of 1,500 random decks solvable (502 unsolvable): 66.53% " \
           f"({100 * mlo:.2f}–{100 * mhi:.2f})" in board
    assert "three cycles through the deck" in board and "intervals overlap" in board
    rows = [line for line in board.splitlines() if line.startswith("| ") and " to " in line]
    assert sum(int(r.split("|")[2].replace(",", "")) for r in rows) == 130
    # deals 0-59 take 40 + d % 7 steps: 44 of them 40 to 44 (residues 0-3 nine times each)
    assert rows[0].startswith("| 40 to 44 | 44 |") and rows[-1].endswith("| 100.00% |")
    # the longest: 50 + 6 steps, first reached by deal 104 (104 % 7 == 6)
    assert "**56 steps**, deal 104 (`pyramids solve 104 -V msc --goal board`" in board
    assert "Answers proven optimal: 199 of 200" in board
    assert "1 answer is not proven optimal" in board
    for heading in ("The best score", "Four Aces"):
        assert part_of(text, heading).strip().splitlines()[-1].startswith("Not run yet:")
    assert "`python scripts/msc_goals_run.py --goal board --deals 0:1000000 --chunk 100 " \
           "-j 2`" in text
    assert "| board | 200 of 1,000,000 |" in text and "| 0.01 | 0.03 | 250.0 |" in text


@pytest.mark.parametrize(("won", "agree"), [(1340, True), (1200, False)])
def test_msc_run_beside_mchung94_says_whether_the_intervals_overlap(
        tmp_path: Path, won: int, agree: bool) -> None:
    """2,000 deals: 67.0% overlaps 998 of 1,500 (64.11-68.88%), 60.0% does not."""
    msc_chunk(tmp_path / "results" / "msc-goals-run", "board", 0, 2000, won=won)
    board = part_of(msc_section(tmp_path), "Clearing the board")
    lo, hi = wilson(won, 2000)
    mlo, mhi = wilson(998, 1500)
    assert (lo <= mhi and mlo <= hi) == agree
    assert f"{100 * won / 2000:.2f}% ({100 * lo:.2f}–{100 * hi:.2f})" in board
    assert ("the two 95% intervals overlap, so they agree within sampling error" in board) \
        == agree
    assert ("the two 95% intervals do not overlap" in board) != agree


def test_msc_run_gap_is_shown_and_not_counted(tmp_path: Path) -> None:
    folder = tmp_path / "results" / "msc-goals-run"
    msc_chunk(folder, "board", 0, 100, won=60)
    msc_chunk(folder, "board", 200, 300, won=60)
    board = part_of(msc_section(tmp_path), "Clearing the board")
    assert "**200 of 1,000,000 deals** (0.02%) in 2 chunks: deals 0–99 and 200–299. " \
           "Not yet run between them: deals 100–199" in board
    assert "**120** of the 200 deals settled" in board


def test_msc_run_overlapping_chunks_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "results" / "msc-goals-run"
    msc_chunk(folder, "score", 0, 100, won=100, score=1290)
    msc_chunk(folder, "score", 50, 150, won=100, score=1290)
    with pytest.raises(SystemExit, match=r"msc-goals-run/score: chunks 0:100 and 50:150 "
                                         "overlap"):
        msc_section(tmp_path)


def test_msc_run_complete_with_scores_aces_and_the_run(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """A run at its (smaller) targets: final rates not in italics, the best scores' bands
    and how often every card goes (1,290), four Aces, the verdicts held against each
    other, and the run's commands, seconds, machines and code versions."""
    monkeypatch.setattr(mr, "MSC_RUN_PARTS", (("board", 200, "Clearing the board"),
                                              ("score", 100, "The best score"),
                                              ("cards:A:4", 100, "Four Aces")))
    folder = tmp_path / "results" / "msc-goals-run"
    msc_chunk(folder, "board", 0, 100, won=60, machine="Linux x86_64, 2 CPUs", load=9.5)
    msc_chunk(folder, "board", 100, 200, won=70, machine="Linux x86_64, 2 CPUs", load=12.25)
    msc_chunk(folder, "score", 0, 60, won=60, score=1290)
    msc_chunk(folder, "score", 60, 70, won=10, score=1270, winnable=0)
    msc_chunk(folder, "score", 70, 100, won=30, score=135, winnable=0)
    msc_chunk(folder, "cards:A:4", 0, 100, won=45, steps=20, winnable=59)
    text = msc_section(tmp_path)
    board = part_of(text, "Clearing the board")
    lo, hi = wilson(130, 200)
    assert f"**130** of the 200 deals settled: 65.00% ({100 * lo:.2f}–{100 * hi:.2f})." \
           in board
    assert "provisional" not in text and "*65.00%" not in text
    scores = part_of(text, "The best score")
    assert "| 1,290: every card gone | 60 | 60.00% |" in scores
    assert "| 790 to 1,285: the board cleared, cards left | 10 | 10.00% |" in scores
    assert "| 100 to 195 | 30 | 30.00% |" in scores and "| 0 to 95 | 0 | 0.00% |" in scores
    lo, hi = wilson(60, 100)
    assert f"Every card can go on **60** of the 100 deals: 60.00% " \
           f"({100 * lo:.2f}–{100 * hi:.2f})." in scores
    aces = part_of(text, "Four Aces")
    lo, hi = wilson(45, 100)
    assert f"**45** of the 100 deals settled: 45.00% ({100 * lo:.2f}–{100 * hi:.2f})." in aces
    assert "shortest 20, longest 26 (deal 6," in aces
    # the board part says the board clears on 60 of deals 0-99: so does the score part,
    # not the (made-up) four Aces part
    assert "- Over deals 0–99, the board can be cleared on 60 deals by the board part's " \
           "answers and on 60 by the verdicts the score part's answers carry: the same " \
           "count." in text
    assert "on 60 deals by the board part's answers and on 59 by the verdicts the " \
           "cards:A:4 part's answers carry: the counts differ: to be looked into." in text
    run = part_of(text, "The run")
    assert "| score | 100 of 100 | `python scripts/msc_goals_run.py --goal score --deals " \
           "0:100 --chunk 60 -j 2` | 0.01 | 0.01 | 250.0 | 0.0 |" in run
    assert "Machine: Linux x86_64, 2 CPUs (2 chunks); not recorded in 4 chunks" in run
    assert "Load average when a chunk finished: 9.5 to 12.2." in run
    code = json.loads(next((folder / "board").glob("*.json")).read_text())["code"]
    assert f"`{code}` (src `" in run


def test_msc_run_figures_are_deterministic(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    folder = tmp_path / "results" / "msc-goals-run"
    msc_chunk(folder, "board", 0, 100, won=60)
    msc_chunk(folder, "score", 0, 50, won=50, score=1290)
    msc_chunk(folder, "score", 50, 100, won=50, score=185)
    msc_chunk(folder, "cards:A:4", 0, 100, won=45, steps=20, winnable=60)
    text = msc_section(tmp_path, figures=True)
    figs = tmp_path / "figures"
    names = ("msc-board-steps.png", "msc-best-scores.png", "msc-four-aces-steps.png")
    assert "![MSC's Pyramid: the fewest steps that clear the board]" \
           "(figures/msc-board-steps.png)" in text
    assert "![MSC's Pyramid: the best score](figures/msc-best-scores.png)" in text
    assert "![MSC's Pyramid: the fewest steps that clear four Aces]" \
           "(figures/msc-four-aces-steps.png)" in text
    first = {name: (figs / name).read_bytes() for name in names}
    assert all(b.startswith(b"\x89PNG") for b in first.values())
    msc_section(tmp_path, figures=True)
    assert {name: (figs / name).read_bytes() for name in names} == first
    assert not list(figs.glob(".tmp-*"))
    msc_chunk(folder, "board", 100, 200, won=10)  # other data, another figure
    msc_section(tmp_path, figures=True)
    assert (figs / names[0]).read_bytes() != first[names[0]]


def test_msc_run_section_follows_the_msc_challenges(tmp_path: Path) -> None:
    """In the page the proof run's section comes right after MSC's challenges."""
    goals = tmp_path / "results" / "msc-goals"
    goals.mkdir(parents=True)
    (goals / "msc-board.json").write_text(json.dumps(
        {"preset": "msc", "goal": "board", "deals": 10, "seed": 1, "start": 0,
         "median_ms": 1.0, "p99_ms": 2.0, "max_s": 0.01, "proven": 10,
         "peak_rss_mib": 100}), encoding="utf-8")
    msc_chunk(tmp_path / "results" / "msc-goals-run", "board", 0, 10, won=6)
    chunks = tmp_path / "results" / "chunks"
    mr.render(tmp_path, chunks, {"*": 0}, ["one-pass"], figures=False)
    page = (tmp_path / "results.md").read_text(encoding="utf-8")
    heads = [line for line in page.splitlines() if line.startswith("## ")]
    i = heads.index("## Microsoft Solitaire Collection's challenges, and the fewest moves")
    assert heads[i + 1] == "## Microsoft Solitaire Collection's Pyramid over a million deals"
    assert "**10 of 1,000,000 deals**" in page


def test_msc_run_section_of_the_page_is_the_committed_chunks() -> None:
    """docs/results.md shows the proof run as rendered from the committed summaries (run
    `make_results.py --render-only` after committing chunks)."""
    lines = mr.render_msc_run(ROOT / "docs" / "results" / "msc-goals-run", ROOT / "docs",
                              figures=False)
    page = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
    assert all(line in page for line in lines)
