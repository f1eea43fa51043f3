"""``pyramids book`` and the puzzle-entry plumbing behind it: reading and checking
collections, choosing puzzles, on-the-fly solving, errors a user can cause."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyramids import Deal, get_variant
from pyramids.book import BookError, Puzzle, gather, read_jsonl, select
from pyramids.book import puzzles as puzzles_mod
from pyramids.book.document import checkpoint_moves
from pyramids.book.puzzles import share
from pyramids.cli import main

pypdf = pytest.importorskip("pypdf")

DATA = Path(__file__).parent / "data"
GIZA = DATA / "book-giza.jsonl"
MIXED = DATA / "book-mixed.jsonl"


def _entries(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_cli_book_from_collection(tmp_path: Path) -> None:
    out = tmp_path / "sub" / "b.pdf"
    args = ["book", "--from", str(MIXED), "--variant", "giza-6x4", "--variant", "pyramid",
            "--count", "3", "--title", "CLI Book", "--page-size", "letter", "--out", str(out),
            "--no-on-the-fly"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    assert "3 puzzles" in r.output
    reader = pypdf.PdfReader(out)
    assert reader.metadata.title == "CLI Book"
    assert float(reader.pages[0].mediabox.width) == 612.0
    text = "\n".join(p.extract_text() for p in reader.pages)
    # 3 shared out between two variants: 2 of the first asked, 1 of the second
    assert text.count("Giza 6×4 · Deal") == 2
    assert text.count("Pyramid · Deal") == 1
    again = tmp_path / "again.pdf"
    r2 = CliRunner().invoke(main, [*args[:-2], str(again), "--no-on-the-fly"])
    assert r2.exit_code == 0, r2.output
    assert again.read_bytes() == out.read_bytes()


def test_cli_not_enough_puzzles_is_a_clear_error(tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    r = CliRunner().invoke(main, ["book", "--from", str(GIZA), "--variant", "pyramid",
                                  "--count", "2", "--no-on-the-fly", "--out", str(out)])
    assert r.exit_code == 2
    assert "only 0 pyramid puzzles" in r.output
    assert not out.exists()


def test_cli_grade_filter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzles_mod, "find_maker", lambda: None)  # no generator installed
    out = tmp_path / "b.pdf"
    r = CliRunner().invoke(main, ["book", "--from", str(GIZA), "--grade", "hard",
                                  "--grade", "expert", "--count", "2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(out).pages)
    assert "hard" in text and "expert" in text
    r = CliRunner().invoke(main, ["book", "--from", str(GIZA), "--grade", "hard",
                                  "--count", "5", "--out", str(out)])
    assert r.exit_code == 2
    assert "not graded" in r.output


def test_cli_bad_solution_names_file_and_line(tmp_path: Path) -> None:
    entries = _entries(GIZA)[:2]
    entries[1]["solution"] = entries[1]["solution"][:-1]  # one move short: not won
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(e) + "\n" for e in entries))
    out = tmp_path / "b.pdf"
    r = CliRunner().invoke(main, ["book", "--from", str(bad), "--out", str(out)])
    assert r.exit_code == 2
    assert f"{bad}:2" in r.output and "not won" in r.output
    assert not out.exists()


def test_entry_with_cards_of_another_deal_is_refused() -> None:
    e = _entries(GIZA)[0]
    e["deal"] = e["deal"] + 1
    with pytest.raises(BookError, match="not those of deal"):
        Puzzle.from_json_obj(e, "x")


def test_entry_round_trip_and_par_score() -> None:
    for p in read_jsonl(MIXED):
        q = Puzzle.from_json_obj(p.to_json_obj())
        assert q == p
        assert (q.par_score is not None) == (p.variant.scoring == "par")


def test_select_groups_shares_and_orders_by_grade() -> None:
    pool = read_jsonl(GIZA) + read_jsonl(MIXED)
    chosen = select(pool, ["giza", "pyramid"], None, 5)
    assert [p.variant.name for p in chosen] == ["giza"] * 3 + ["pyramid"] * 2
    grades = [p.grade for p in chosen[:3]]
    assert grades == sorted(grades, key=["easy", "medium", "hard", "expert"].index)
    only_hard = select(pool, None, ["hard"], 10)
    assert only_hard and all(p.grade == "hard" for p in only_hard)
    assert share(5, [1, 10, 10]) == [1, 2, 2]
    assert share(7, [2, 2]) == [2, 2]


def test_gather_solves_on_the_fly_with_a_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    fixture = {e["deal"]: e["solution"] for e in _entries(GIZA)}
    giza = get_variant("giza")

    class V:
        def __init__(self, moves: list[str] | None) -> None:
            from pyramids import parse_moves

            self.status = "winnable" if moves else "unknown"
            self.moves = parse_moves(moves) if moves else []

    def fake(deal: Deal, variant: object, t: float) -> V:
        assert variant == giza
        return V(fixture.get(deal.number))

    monkeypatch.setattr(puzzles_mod, "find_solver", lambda: ("fake", fake))
    monkeypatch.setattr(puzzles_mod, "find_maker", lambda: None)
    got = gather([], ["giza"], None, 3)
    assert [p.deal.number for p in got] == sorted(fixture)[:3]
    assert all(p.grade == "ungraded" and p.stars == 0 for p in got)


def test_no_puzzle_made_is_a_clear_error(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    class Unknown:
        status, moves = "unknown", ()

    monkeypatch.setattr(puzzles_mod, "find_solver", lambda: ("fake", lambda d, v, t: Unknown))
    monkeypatch.setattr(puzzles_mod, "find_maker", lambda: None)
    with pytest.raises(BookError, match=r"fake solved none of deals 0\.\.49 for giza"):
        gather([], ["giza"], None, 2)
    r = CliRunner().invoke(main, ["book", "--puzzles-dir", str(tmp_path / "none"),
                                  "--out", str(tmp_path / "b.pdf")])
    assert r.exit_code == 2 and "--from FILE.jsonl" in r.output


def test_checkpoints() -> None:
    assert checkpoint_moves(20) == []
    assert checkpoint_moves(28) == [14]
    assert checkpoint_moves(76) == [25, 50]


def test_default_variants_share_by_what_collections_hold() -> None:
    pool = read_jsonl(MIXED) + read_jsonl(GIZA)
    got = gather(pool, None, None, 8, on_the_fly=False)
    names = [p.variant.name for p in got]
    assert len(got) == 8 and names.count("par-pyramid") == 1  # the only one there is
    assert names == sorted(names, key=["pyramid", "par-pyramid", "giza-6x4", "giza"].index)
    with pytest.raises(BookError, match="only 1 par-pyramid puzzle, 2 wanted"):
        gather(pool, ["par-pyramid", "giza"], None, 4, on_the_fly=False)


def test_gather_uses_the_generator_hook_for_graded_puzzles() -> None:
    fixture = _entries(GIZA)
    asked: list[tuple[str, int, tuple[str, ...] | None, set[int]]] = []

    def maker(variant: object, count: int, grades: object, exclude: set[int]) -> list[dict]:
        asked.append((variant.name, count, tuple(grades) if grades else None, set(exclude)))
        return [e for e in fixture if e["grade"] in grades and e["deal"] not in exclude]

    pool = [p for p in read_jsonl(GIZA) if p.grade == "hard"]
    got = gather(pool, ["giza"], ["hard", "expert"], 2, maker=maker)
    assert [p.grade for p in got] == ["hard", "expert"]
    assert asked == [("giza", 1, ("hard", "expert"), {pool[0].deal.number})]


def test_cli_solve_only_skips_the_generator(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    fixture = {e["deal"]: e["solution"] for e in _entries(GIZA)}

    class V:
        def __init__(self, moves: list[str] | None) -> None:
            from pyramids import parse_moves

            self.status = "winnable" if moves else "unknown"
            self.moves = parse_moves(moves) if moves else []

    def no_generator() -> None:
        raise AssertionError("the generator must not be asked with --solve-only")

    monkeypatch.setattr(puzzles_mod, "find_maker", no_generator)
    monkeypatch.setattr(puzzles_mod, "find_solver",
                        lambda: ("fake", lambda d, v, t: V(fixture.get(d.number))))
    out = tmp_path / "b.pdf"
    r = CliRunner().invoke(main, ["book", "--variant", "giza", "--count", "2", "--solve-only",
                                  "--puzzles-dir", str(tmp_path / "none"), "--out", str(out)])
    assert r.exit_code == 0, r.output
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(out).pages)
    assert re.search(r"Deal 1\b", text) and re.search(r"Deal 2\b", text)
    assert text.count("not graded") >= 2


def test_default_book_climbs_from_easy_to_expert_and_is_deterministic(tmp_path: Path) -> None:
    """``pyramids book`` with no options: the shipped collections, each variant's puzzles
    from easy to expert in order of difficulty, at least half hard or expert, same bytes
    every time."""
    from pyramids.book.puzzles import GRADES, difficulty, shipped_collections

    pool = [p for f in shipped_collections() for p in read_jsonl(f)]
    chosen = gather(pool, None, None, 24, on_the_fly=False)
    assert len(chosen) == 24
    by_variant: dict[str, list[Puzzle]] = {}
    for p in chosen:
        by_variant.setdefault(p.variant.name, []).append(p)
    assert len(by_variant) >= 3
    for name, ps in by_variant.items():
        grades = [p.grade for p in ps]
        easiest = min((p.grade for p in pool if p.variant.name == name), key=GRADES.index)
        assert grades[0] == easiest and grades[-1] == "expert", (name, grades)
        assert [difficulty(p) for p in ps] == sorted(difficulty(p) for p in ps), name
        assert 2 * sum(g in ("hard", "expert") for g in grades) >= len(grades), name
    # the variants come one after another (numbered in order within each)
    names = [p.variant.name for p in chosen]
    assert names == sorted(names, key=list(by_variant).index)
    assert {p.grade for p in chosen} == set(GRADES)

    outs = [tmp_path / "a.pdf", tmp_path / "b.pdf"]
    for out in outs:
        r = CliRunner().invoke(main, ["book", "--no-on-the-fly", "--out", str(out)])
        assert r.exit_code == 0, r.output
        assert "24 puzzles" in r.output
    assert outs[0].read_bytes() == outs[1].read_bytes()
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(outs[0]).pages)
    for p in chosen:
        assert re.search(rf"Deal {p.deal.number}\b", text), p.id
