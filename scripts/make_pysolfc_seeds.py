"""Solvable-seed lists for PySolFC's Pyramid family, computed in resumable chunks.

    python scripts/make_pysolfc_seeds.py run pysolfc-pyramid --target 50000 [--chunk 10000]
    python scripts/make_pysolfc_seeds.py import pysolfc-triangle RECORDS.jsonl [--chunk 10000]
    python scripts/make_pysolfc_seeds.py grade pysolfc-giza [--games 20000] [--size 5000]
    python scripts/make_pysolfc_seeds.py thresholds pysolfc-king-tut
    python scripts/make_pysolfc_seeds.py assemble [GAME ...]

``run`` settles PySolFC games from 32000 up, ``--chunk`` at a time, under the game's
preset (exact, engine auto, one worker unless ``-j``), until the chunks hold ``--target``
winnable games; each finished chunk is written (atomically) to
``docs/results/pysolfc/GAME/START-STOP.json``: the winnable game numbers (every one with a
solution the referee replayed) and the counts of every verdict. A chunk already there is
skipped, so an interrupted run carries on where it stopped; commit the chunk files as
they come. ``assemble`` writes each game's list, ``src/pyramids/data/pysolfc_seeds/
NAME_solvable_seeds.py``, from its chunks (:func:`pyramids.pysolfc.seedlists.seeds_module`), and
prints the win rates for docs/results.md. ``grade`` grades the seeds of a game's chunks,
``--size`` games at a time (``pyramids grade``'s grading: deterministic, about 0.15 to 0.5
CPU second a seed: a part of 5,000 games takes 8 to 25 minutes on one core), into
``docs/results/pysolfc/GAME/grades/START-STOP.json`` (each seed's grade and score),
skipping parts already graded (a part graded before its games gained seeds, an unknown
settled again and imported anew, has those seeds graded and merged in), until ``--games``
games are graded; ``thresholds`` prints
the 40th, 70th and 90th percentiles of the graded seeds' scores (where a game's grades
begin, pasted into ``pyramids.generator.grading.THRESHOLDS``); ``assemble`` then also
writes one list per grade, ``NAME_GRADE_solvable_seeds.py`` (``giza_hard_solvable_seeds.py``:
a harder mode), over the games graded, each seed's grade read from its score with the
game's thresholds. Progress goes to stderr. Every step can stop and start again (on
another machine too: the chunk files are the state); ``--results DIR`` writes the
chunks elsewhere (a copy of the code can run while this one changes), and
``PYRAMIDS_CODE`` names the code that ran them when ``git`` cannot.

PySolFC's ten other pyramid games (``pysolfc-pharaohs`` ..., :data:`pyramids.core.rules.
GAMES`) take the same steps: ``run`` settles each game with the general search
(``answers.family.check_game`` through the bulk pool's ``game_job``, bulk's node limit of
1,000,000 positions; a game the limit stops is counted ``unknown`` in the chunk and not
listed: the two-deck games' search leaves many so); ``grade`` scores each seed with
:mod:`pyramids.generator.family_grading` (its chunks say ``scored`` until the game's
thresholds are pasted into ``family_grading.THRESHOLDS``); ``assemble`` writes the lists.
``import`` makes the same chunks from the records of a ``pyramids stats -V GAME --deals
pysolfc:1:100001 --out RECORDS.jsonl`` run (or of the chunk files of a
``scripts/family_run.py`` run, given together) instead of settling the games again: its header
must name the game and bulk's node limit (its engine, ``auto`` or ``search``, goes into
each chunk's ``variant``); the games from 32000 up are cut into chunks aligned as ``run``'s
(``--chunk``), every winnable line replayed by the rules engine (``core.board``: a line
that does not win stops the import, naming the game), verdicts and certificates counted as
``run`` counts them; a chunk the records do not hold whole is not written, a chunk already
there is skipped, and one that overlaps a chunk of other bounds stops the import (delete
the old chunks to replace them). An imported chunk says ``"from": "stats records"``, the
records' file and source, and the engine seconds the records add up to.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pyramids.bulk import GAME_NODE_LIMIT, PySolFCRangeSource, game_job, run_records
from pyramids.bulk.runs import make_runner
from pyramids.bulk.stats import wilson
from pyramids.core.board import replay
from pyramids.core.errors import RefereeError
from pyramids.core.rules import GAMES as FAMILY
from pyramids.core.rules import Rules, get_rules
from pyramids.core.variants import Variant, get_variant
from pyramids.generator import family_grading
from pyramids.generator.grading import Grading, grade_deal, grade_of, thresholds_for
from pyramids.pysolfc.family import family_cards
from pyramids.pysolfc.games import GAMES, MS_BELOW, PySolFCGame
from pyramids.pysolfc.seedlists import SeedList, seeds_module
from pyramids.pysolfc.seeds import GRADES

ROOT = Path(__file__).resolve().parent.parent
CHUNKS = ROOT / "docs" / "results" / "pysolfc"  # --results replaces it
LISTS = ROOT / "src" / "pyramids" / "data" / "pysolfc_seeds"
#: every game a list is made for: the four classic presets, then PySolFC's ten others
ALL_GAMES = sorted(GAMES) + sorted(FAMILY)
QUANTILES = (0.40, 0.70, 0.90)  # as pyramids.generator.grading draws its thresholds


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(tmp, 0o644)  # mkstemp makes it private; these are shipped files
    os.replace(tmp, path)


def list_name(game: str) -> str:
    return game.removeprefix("pysolfc-").replace("-", "_") + "_solvable_seeds.py"


def chunks(game: str) -> list[dict[str, Any]]:
    out = [json.loads(p.read_text()) for p in (CHUNKS / game).glob("*.json")]
    return sorted(out, key=lambda c: int(c["start"]))


def graded_chunks(game: str) -> list[dict[str, Any]]:
    out = [json.loads(p.read_text()) for p in (CHUNKS / game / "grades").glob("*.json")]
    return sorted(out, key=lambda c: int(c["start"]))


@functools.cache
def code_version() -> str:
    """The commit this process's code came from (read once: main() asks at its start, so a
    commit made while a long run goes on is not taken for its code)."""
    if os.environ.get("PYRAMIDS_CODE"):
        return os.environ["PYRAMIDS_CODE"]
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                             capture_output=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "src"], cwd=ROOT, text=True,
                               capture_output=True, check=True).stdout.strip()
        return rev + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def rules_for(game: str) -> Variant | Rules:
    """A classic preset's variant, or one of the ten other games' rules."""
    return get_rules(game) if game in FAMILY else get_variant(game)


def game_info(game: str) -> tuple[int, str]:
    """PySolFC's (game id, name)."""
    if game in FAMILY:
        rules = FAMILY[game]
        assert rules.pysolfc is not None
        return rules.pysolfc, rules.title
    return GAMES[game]


def options(rules: Variant | Rules) -> dict[str, Any]:
    """What a chunk records of the rules it ran under."""
    if isinstance(rules, Rules):
        return {"game": rules.name, "node_limit": GAME_NODE_LIMIT}
    return rules.options()


def run_chunk(game: str, start: int, stop: int, workers: int) -> dict[str, Any]:
    variant = rules_for(game)
    counts: Counter[str] = Counter()
    certs: Counter[str] = Counter()
    wins: list[int] = []
    t0, c0 = time.perf_counter(), time.process_time()
    source = PySolFCRangeSource(start, stop)
    if isinstance(variant, Rules):  # the general search, its node limit (bulk's default)
        runner = make_runner(workers)
        records = runner.run(source, game_job(variant, slim=False))
    else:
        records = run_records(source, variant, workers=workers)
    for done, rec in enumerate(records, 1):
        status = str(rec["status"])
        counts[status] += 1
        if status == "winnable":
            if not rec.get("moves"):
                raise SystemExit(f"game {rec['pysolfc']}: winnable without a solution")
            wins.append(int(rec["pysolfc"]))
        elif status == "blocked":
            certs[str((rec.get("certificate") or {}).get("kind"))] += 1
        if done % 500 == 0 or done == stop - start:
            rate = done / max(time.perf_counter() - t0, 1e-9)
            print(f"\r{game} {start}..{stop - 1}: {done}/{stop - start} games, "
                  f"{counts['winnable']} winnable, {rate:.0f} games/s", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return {"game": game, "variant": options(variant), "start": start, "stop": stop,
            "games": stop - start, "winnable": counts["winnable"],
            "blocked": counts["blocked"], "unknown": counts["unknown"],
            "certificates": dict(sorted(certs.items())), "seeds": wins,
            "wall_seconds": round(time.perf_counter() - t0, 1),
            "cpu_seconds": round(time.process_time() - c0, 1), "workers": workers,
            "code": code_version()}


def run(game: str, target: int, size: int, workers: int, limit: int | None) -> None:
    done = chunks(game)
    have = sum(int(c["winnable"]) for c in done)
    ran = 0
    start = MS_BELOW
    while have < target and (limit is None or ran < limit):
        stop = start + size
        path = CHUNKS / game / f"{start}-{stop - 1}.json"
        if path.exists():
            start = stop
            continue
        res = run_chunk(game, start, stop, workers)
        # a classic preset's engines settle every deal; the ten other games' search may
        # run out of its node limit: those games are counted, never listed
        if res["unknown"] and game not in FAMILY:
            raise SystemExit(f"{path}: {res['unknown']} unknown games: not written")
        write_atomic(path, json.dumps(res) + "\n")
        have += int(res["winnable"])
        ran += 1
        print(f"{path}: {res['winnable']} winnable; {have} of {target}", file=sys.stderr)
        start = stop


def read_records(game: str, path: Path, start: int, stop: int | None
                 ) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """A stats run's header and its records of games ``start`` up (below ``stop``), by
    game number; a header of another game or node limit, a line that is not a record of
    the game, or a game twice is an error naming the file and line."""
    records: dict[int, dict[str, Any]] = {}
    with path.open(encoding="utf-8") as f:
        try:
            header = json.loads(f.readline() or "null")
        except json.JSONDecodeError as e:
            raise SystemExit(f"{path}:1: not a stats header: {e}") from None
        if not isinstance(header, dict) or "pyramids_bulk" not in header:
            raise SystemExit(f"{path}:1: not a stats header (pyramids stats --out)")
        if header.get("game") != game or header.get("source_kind") != "pysolfc":
            raise SystemExit(f"{path}:1: records of {header.get('game')!r} over "
                             f"{header.get('source')!r}, not of {game}'s PySolFC games")
        if header.get("node_limit") != GAME_NODE_LIMIT:
            raise SystemExit(f"{path}:1: node limit {header.get('node_limit')!r}, not "
                             f"{GAME_NODE_LIMIT} (the chunks' node limit)")
        for i, line in enumerate(f, 2):
            try:
                rec = json.loads(line)
                n = int(rec["pysolfc"])
                if rec["game"] != game or rec["status"] not in STATUSES:
                    raise ValueError(f"game {rec['game']!r}, status {rec['status']!r}")
            except (ValueError, KeyError, TypeError) as e:
                raise SystemExit(f"{path}:{i}: not a record of {game}: {e}") from None
            if n < start or (stop is not None and n >= stop):
                continue
            if n in records:
                raise SystemExit(f"{path}:{i}: game {n} a second time")
            records[n] = rec
    return header, records


STATUSES = ("winnable", "blocked", "unknown")


def import_chunk(game: str, start: int, stop: int, records: dict[int, dict[str, Any]],
                 header: dict[str, Any], source: str) -> dict[str, Any]:
    """Games ``start`` to ``stop - 1`` from a stats run's records as ``run_chunk`` counts
    them, each winnable line replayed by the rules engine to a win."""
    rules = get_rules(game)
    assert rules.pysolfc is not None
    counts: Counter[str] = Counter()
    certs: Counter[str] = Counter()
    wins: list[int] = []
    t0, c0 = time.perf_counter(), time.process_time()
    for n in range(start, stop):
        rec = records[n]
        status = str(rec["status"])
        counts[status] += 1
        if status == "winnable":
            cards = family_cards(rules.pysolfc, PySolFCGame(n))
            try:
                won = replay(rules, cards, list(rec.get("moves") or [])).is_won()
            except RefereeError as e:
                raise SystemExit(f"{source}: game {n}: its line is refused: {e}") from None
            if not won:
                raise SystemExit(f"{source}: game {n}: its line does not win")
            wins.append(n)
        elif status == "blocked":
            certs[str((rec.get("certificate") or {}).get("kind"))] += 1
    return {"game": game, "variant": options(rules) | {"engine": header.get("engine")},
            "start": start, "stop": stop, "games": stop - start,
            "winnable": counts["winnable"], "blocked": counts["blocked"],
            "unknown": counts["unknown"], "certificates": dict(sorted(certs.items())),
            "seeds": wins, "from": "stats records", "records": source,
            "source": header.get("source"),
            "engine_seconds": round(sum(float(records[n].get("seconds") or 0.0)
                                        for n in range(start, stop)), 1),
            "wall_seconds": round(time.perf_counter() - t0, 1),
            "cpu_seconds": round(time.process_time() - c0, 1), "workers": None,
            "code": code_version()}


def read_all_records(game: str, paths: Sequence[Path], start: int, stop: int | None
                     ) -> tuple[dict[str, Any], dict[int, dict[str, Any]], dict[int, str]]:
    """:func:`read_records` over several stats runs' files (a run made in chunks, such as
    ``scripts/family_run.py``'s): their records by game number and the name of the file
    each came from; files of another engine than the first's, or a game in two files, are
    an error naming both."""
    header: dict[str, Any] = {}
    records: dict[int, dict[str, Any]] = {}
    origin: dict[int, str] = {}
    sources: list[str] = []
    for path in paths:
        head, recs = read_records(game, path, start, stop)
        sources.append(str(head.get("source")))
        if not header:
            header = dict(head)
        elif head.get("engine") != header.get("engine"):
            raise SystemExit(f"{path}:1: engine {head.get('engine')!r}, not "
                             f"{header.get('engine')!r} as in {paths[0]}")
        for n, rec in recs.items():
            if n in records:
                raise SystemExit(f"{path}: game {n} is also in {origin[n]}")
            records[n] = rec
            origin[n] = path.name
    if len(paths) > 1:
        header["source"] = ", ".join(sources)
    return header, records, origin


def import_records(game: str, paths: Path | Sequence[Path], size: int, games: int | None
                   ) -> None:
    """Chunks of ``size`` games from 32000 up made from stats runs' records (every chunk
    they hold whole, or the first ``games`` games), skipping those already there."""
    paths = [paths] if isinstance(paths, Path) else list(paths)
    stop = None if games is None else MS_BELOW + games
    header, records, origin = read_all_records(game, paths, MS_BELOW, stop)
    have = [(int(c["start"]), int(c["stop"])) for c in chunks(game)]
    start = MS_BELOW
    while stop is None or start + size <= stop:
        end = start + size
        out = CHUNKS / game / f"{start}-{end - 1}.json"
        missing = sum(1 for n in range(start, end) if n not in records)
        if missing:
            print(f"{out}: {missing} of its games not in the records: not written",
                  file=sys.stderr)
            break
        if not out.exists():
            for a, b in have:
                if a < end and start < b:
                    raise SystemExit(f"{out}: overlaps the chunk {CHUNKS / game}/{a}-{b - 1}"
                                     ".json: delete the old chunks to replace them")
            files = sorted({origin[n] for n in range(start, end)},
                           key=lambda name: (len(name), name))
            res = import_chunk(game, start, end, records, header, ", ".join(files))
            write_atomic(out, json.dumps(res) + "\n")
            print(f"{out}: {res['winnable']} winnable, {res['blocked']} blocked, "
                  f"{res['unknown']} unknown (replayed in {res['cpu_seconds']} CPU s)",
                  file=sys.stderr)
        start = end


def grade_chunk(game: str, start: int, stop: int, seeds: list[int]) -> dict[str, Any]:
    """Each seed of games ``start`` to ``stop - 1`` graded as ``pyramids grade`` grades it."""
    variant = rules_for(game)
    grades: list[str] = []
    scores: list[float | None] = []
    count: Counter[str] = Counter()
    t0, c0 = time.perf_counter(), time.process_time()
    for done, n in enumerate(seeds, 1):
        if isinstance(variant, Rules):
            assert variant.pysolfc is not None
            try:
                fg = family_grading.grade_game(variant, family_cards(variant.pysolfc,
                                                                     PySolFCGame(n)))
            except family_grading.FamilyGradeError as e:
                # a seed its list proved winnable (the search, then CP-SAT) that grading's
                # own check leaves unsettled: kept ungraded, as the classic games' are,
                # rather than losing the part's other seeds
                grades.append(f"ungraded: {e}")
                scores.append(None)
            else:
                grades.append(fg.grade or "scored")  # "scored": no thresholds yet
                scores.append(round(fg.score, 2))
        else:
            res = grade_deal(PySolFCGame(n).deal(variant), variant)
            if isinstance(res, Grading):
                grades.append(res.grade)
                scores.append(round(res.score, 2))
            else:  # a seed proved winnable that grading could not settle in its budgets
                grades.append(f"ungraded: {res.reason}")
                scores.append(None)
        count[grades[-1]] += 1
        if done % 50 == 0 or done == len(seeds):
            rate = done / max(time.perf_counter() - t0, 1e-9)
            print(f"\r{game} grades {start}..{stop - 1}: {done}/{len(seeds)} seeds, "
                  + ", ".join(f"{g} {count[g]}"
                              for g in [*GRADES, *sorted(set(count) - set(GRADES))])
                  + f", {rate:.1f} seeds/s, {(len(seeds) - done) / rate / 60:.0f} min left",
                  end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return {"game": game, "variant": options(variant), "start": start, "stop": stop,
            "seeds": seeds, "grades": grades, "scores": scores,
            "counts": dict(sorted(count.items())),
            "thresholds": list(game_thresholds(variant) or ()),
            "wall_seconds": round(time.perf_counter() - t0, 1),
            "cpu_seconds": round(time.process_time() - c0, 1), "code": code_version()}


def game_thresholds(variant: Variant | Rules) -> tuple[float, float, float] | None:
    """Where a game's grades begin (``None``: one of the ten games not yet thresholded)."""
    if isinstance(variant, Rules):
        return family_grading.THRESHOLDS.get(variant.name)
    return thresholds_for(variant)


def grade_parts(game: str, size: int) -> list[tuple[int, int, list[int]]]:
    """The game's run chunks cut into parts of ``size`` games: (start, stop, seeds)."""
    out = []
    for chunk in chunks(game):
        for a in range(int(chunk["start"]), int(chunk["stop"]), size):
            b = min(a + size, int(chunk["stop"]))
            out.append((a, b, [int(n) for n in chunk["seeds"] if a <= int(n) < b]))
    return out


def grade(game: str, games: int, size: int, limit: int | None) -> None:
    """Grade parts of ``size`` games, from the first, until ``games`` games are graded
    (parts already graded count and are skipped); at most ``limit`` new parts."""
    ran = graded = 0
    done = [(int(c["start"]), int(c["stop"])) for c in graded_chunks(game)]
    for start, stop, seeds in grade_parts(game, size):
        if graded >= games or (limit is not None and ran >= limit):
            break
        graded += stop - start
        path = CHUNKS / game / "grades" / f"{start}-{stop - 1}.json"
        if path.exists():
            mend_part(game, path, seeds)
            continue
        if any(a <= start and stop <= b for a, b in done):
            continue
        res = grade_chunk(game, start, stop, seeds)
        write_atomic(path, json.dumps(res) + "\n")
        ran += 1
        print(f"{path}: {res['counts']}; {graded} of {games} games graded", file=sys.stderr)


def mend_part(game: str, path: Path, seeds: list[int]) -> None:
    """A graded part whose games gained seeds since it was graded (a game its run left
    unknown, settled by ``stats --retry-unknown`` and imported again): those seeds graded
    and merged in, seed order kept; the part's other grades are not redone."""
    part = json.loads(path.read_text())
    have = {int(n) for n in part["seeds"]}
    gone = sorted(have - set(seeds))
    if gone:
        raise SystemExit(f"{path}: graded seeds {gone[:5]} are no longer in the game's "
                         "run chunks: grade the part again (delete it)")
    new = [n for n in seeds if n not in have]
    if not new:
        return
    res = grade_chunk(game, int(part["start"]), int(part["stop"]), new)
    rows = sorted([*zip(part["seeds"], part["grades"], part["scores"], strict=True),
                   *zip(res["seeds"], res["grades"], res["scores"], strict=True)])
    part["seeds"], part["grades"], part["scores"] = (list(x) for x in zip(*rows, strict=True))
    part["counts"] = dict(sorted(Counter(part["grades"]).items()))
    part["cpu_seconds"] = round(float(part["cpu_seconds"]) + res["cpu_seconds"], 1)
    part["wall_seconds"] = round(float(part["wall_seconds"]) + res["wall_seconds"], 1)
    part["mended"] = [*part.get("mended", []), {"seeds": new, "code": res["code"]}]
    write_atomic(path, json.dumps(part) + "\n")
    print(f"{path}: {len(new)} seeds it lacked graded and merged in", file=sys.stderr)


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (linear between ranks, as statistics' 'inclusive')."""
    ys = sorted(xs)
    pos = q * (len(ys) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(ys) - 1)
    return round(ys[lo] + (ys[hi] - ys[lo]) * (pos - lo), 2)


def thresholds(game: str) -> tuple[float, float, float]:
    """Where the grades begin for ``game``: the 40th, 70th and 90th percentiles of its
    graded seeds' scores (easy 40 %, medium 30 %, hard 20 %, expert 10 % of them)."""
    scores = [float(x) for c in graded_chunks(game) for x in c["scores"] if x is not None]
    th = tuple(quantile(scores, q) for q in QUANTILES)
    print(f"{game}: {len(scores)} seeds graded; thresholds {th} (quantiles {QUANTILES})")
    return th  # type: ignore[return-value]


def tried_ranges(cs: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """The chunks' game numbers as inclusive ranges, consecutive chunks merged."""
    tried: list[tuple[int, int]] = []
    for c in cs:
        a, b = int(c["start"]), int(c["stop"]) - 1
        if tried and tried[-1][1] + 1 == a:
            tried[-1] = (tried[-1][0], b)
        else:
            tried.append((a, b))
    return tried


def assemble_graded(game: str) -> None:
    """One list per grade from the graded chunks, over the games those chunks tried."""
    gs = graded_chunks(game)
    if not gs:
        return
    variant = rules_for(game)
    tried = tried_ranges(gs)
    desc = ", ".join(f"pysolfc:{a}:{b + 1}" for a, b in tried)
    got = game_thresholds(variant)
    if got is None:
        print(f"{game}: no thresholds in pyramids.generator.family_grading.THRESHOLDS "
              f"(scripts/make_pysolfc_seeds.py thresholds {game}): no graded lists",
              file=sys.stderr)
        return
    th = got
    # each seed's grade from its score and the game's thresholds (grading.THRESHOLDS)
    graded = [(int(n), None if sc is None else grade_of(float(sc), th))
              for c in gs for n, sc in zip(c["seeds"], c["scores"], strict=True)]
    ungraded = sum(1 for _, g in graded if g is None)
    total = len(graded)
    spread = ", ".join(f"{x} {sum(1 for _, g in graded if g == x)}" for x in GRADES)
    how = THRESHOLDS_HOW.get(game, "the project's Giza thresholds, the 40th, 70th and "
                             "90th percentiles of the scores of its winnable deals among "
                             "0..1729 (pyramids.generator.grading.THRESHOLDS)")
    what = ("Grades as pyramids.generator.family_grading gives them (deterministic): a "
            "score of the traps on the proved winning line (moves the search proves "
            "losing), the losing moves, the branching, the line's length and a sensible "
            "random player's losses and cards left" if isinstance(variant, Rules) else
            "Grades as 'pyramids grade' gives them (deterministic): a score of the traps, "
            "losing moves, failed simple strategies and a look-ahead player's losses")
    for g in GRADES:
        seeds = tuple(n for n, gr in graded if gr == g)
        notes = tuple(textwrap.wrap(
            f"{what}; easy "
            f"below {th[0]}, medium from {th[0]}, hard from {th[1]}, expert from {th[2]}: "
            f"{how}. Of the {total} solvable seeds of these games: {spread}, ungraded "
            f"{ungraded}.", 76))
        cmd = (f"pyramids filter --deals {desc} -V {game} --grade {g} --format pysolfc-seeds "
               f"(in chunks: scripts/make_pysolfc_seeds.py grade {game})"
               if not isinstance(variant, Rules) else
               f"scripts/make_pysolfc_seeds.py grade {game} over games {desc}, the seeds "
               f"graded {g}")
        text = seeds_module(SeedList(seeds, tuple(tried), variant, cmd, (g,), notes))
        write_atomic(LISTS / list_name(game).replace("_solvable", f"_{g}_solvable"), text)
        print(f"{game} {g}: {len(seeds)} seeds of {total} graded", file=sys.stderr)


def assemble(games: list[str]) -> None:
    for game in games:
        cs = chunks(game)
        if not cs:
            print(f"{game}: no chunks", file=sys.stderr)
            continue
        seeds = tuple(s for c in cs for s in c["seeds"])
        tried = tried_ranges(cs)
        variant = rules_for(game)
        desc = ", ".join(f"pysolfc:{a}:{b + 1}" for a, b in tried)
        n = sum(int(c["games"]) for c in cs)
        wins = sum(int(c["winnable"]) for c in cs)
        blocked = sum(int(c["blocked"]) for c in cs)
        unknown = sum(int(c["unknown"]) for c in cs)
        notes: tuple[str, ...] = ()
        if isinstance(variant, Rules):
            auto = any(c["variant"].get("engine") == "auto" for c in cs)
            engine = ("the general search of engines.pairs, then CP-SAT on a game the "
                      "limit stopped: check_game's engine auto" if auto else
                      "the general search of engines.pairs")
            notes = (f"Each game was searched with a limit of {GAME_NODE_LIMIT:,} positions "
                     f"({engine}): {wins} winnable, {blocked} "
                     f"blocked (proved: a certificate or every position seen), {unknown} "
                     "unknown (the limit ran out; not listed).",)
            imported = [c for c in cs if c.get("from")]
            how = [f"in chunks: scripts/make_pysolfc_seeds.py run {game}"] * (
                len(imported) < len(cs))
            if imported:
                how.append(
                    "imported from the records of pyramids stats -V " + game + " --deals "
                    + ", ".join(sorted({str(c["source"]) for c in imported})) + " --out "
                    + ", ".join(sorted({str(c["records"]) for c in imported}))
                    + f": scripts/make_pysolfc_seeds.py import {game} RECORDS")
            cmd = (f"pyramids filter --deals {desc} -V {game} (its winnable games; "
                   + "; ".join(how) + ")")
        else:
            cmd = (f"pyramids filter --deals {desc} -V {game} --format pysolfc-seeds "
                   f"(in chunks: scripts/make_pysolfc_seeds.py run {game})")
        text = seeds_module(SeedList(seeds, tuple(tried), variant, cmd, notes=notes))
        write_atomic(LISTS / list_name(game), text)
        lo, hi = wilson(wins, wins + blocked)
        gid, name = game_info(game)
        # an imported chunk: the engine seconds its records add up to (the stats run's)
        cpu = sum(float(c.get("engine_seconds", c["cpu_seconds"])) for c in cs)
        print(f"| {name} ({gid}) | `{game}` | {n:,} | {wins:,} | {blocked:,} | {unknown} | "
              f"{100 * wins / (wins + blocked):.2f}% ({100 * lo:.2f}–{100 * hi:.2f}) | "
              f"{1000 * cpu / n:.2f} |")
        assemble_graded(game)


#: how each game's grade thresholds were drawn (the seed lists' headers say it)
THRESHOLDS_HOW = {
    game: "the 40th, 70th and 90th percentiles of the scores of these seeds (scripts/"
          f"make_pysolfc_seeds.py thresholds {game})"
    for game in ("pysolfc-pyramid", "pysolfc-relaxed-pyramid", "pysolfc-king-tut",
                 *FAMILY)}


def main() -> None:
    global CHUNKS
    code_version()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", type=Path, help="the chunks' folder (default: "
                    "docs/results/pysolfc beside this script)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("game", choices=ALL_GAMES)
    r.add_argument("--target", type=int, default=50_000)
    r.add_argument("--chunk", type=int, default=10_000)
    r.add_argument("-j", "--workers", type=int, default=1)
    r.add_argument("--chunks", type=int, help="stop after this many new chunks")
    g = sub.add_parser("grade")
    g.add_argument("game", choices=ALL_GAMES)
    g.add_argument("--games", type=int, default=20_000, help="games to grade in all")
    g.add_argument("--size", type=int, default=5_000, help="games a part")
    g.add_argument("--chunks", type=int, help="stop after grading this many parts")
    i = sub.add_parser("import", help="chunks from a stats run's records")
    i.add_argument("game", choices=sorted(FAMILY))
    i.add_argument("records", type=Path, nargs="+",
                   help="pyramids stats --out's JSON lines (one run's, or its chunks')")
    i.add_argument("--chunk", type=int, default=10_000)
    i.add_argument("--games", type=int, help="import games 32000 up to 32000 + this "
                   "(default: every chunk the records hold whole)")
    t = sub.add_parser("thresholds")
    t.add_argument("game", choices=ALL_GAMES)
    a = sub.add_parser("assemble")
    a.add_argument("games", nargs="*", default=ALL_GAMES)
    args = ap.parse_args()
    if args.results is not None:
        CHUNKS = args.results
    if args.cmd == "run":
        run(args.game, args.target, args.chunk, args.workers, args.chunks)
    elif args.cmd == "grade":
        grade(args.game, args.games, args.size, args.chunks)
    elif args.cmd == "import":
        import_records(args.game, args.records, args.chunk, args.games)
    elif args.cmd == "thresholds":
        thresholds(args.game)
    else:
        assemble(args.games)


if __name__ == "__main__":
    main()
