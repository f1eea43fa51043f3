"""A small run of scripts/make_results.py, so that the results pipeline cannot rot:
every table at 30 deals per cell (4 in the Par-heavy table: the suite's time matters),
resumed, checked against a direct bulk run, on a Dask cluster too, and the page's
honesty rules (progress, provisional rates, unknowns) on made-up chunks."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pyramids.bulk import run_records
from pyramids.bulk.stats import Tally

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
