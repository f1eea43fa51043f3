"""Puzzle entries (the JSON lines of the shipped collections, ``pyramids/data/puzzles/*.jsonl``):
read, check, select, or make.

An entry is ``{"id", "collection", "deal", "line", "variant": Variant.options(), "grade",
"score", "components", "unique", "solution": [moves]}``. Every entry is checked when read:
its cards must be those of its deal number and its solution must replay with the referee,
so a book never prints a wrong solution.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pyramids.core.deals import Deal
from pyramids.core.errors import PyramidsError
from pyramids.core.moves import Move, parse_moves
from pyramids.core.referee import replay
from pyramids.core.variants import Variant, get_variant
from pyramids.generator.collections import entry_lines

GRADES = ("easy", "medium", "hard", "expert")
UNGRADED = "ungraded"


class BookError(PyramidsError):
    """Bad puzzle input, or a book that cannot be made from what is available."""


@dataclass(frozen=True)
class Puzzle:
    """One checked puzzle: a deal, its rules, its grade and a solution that replays."""

    id: str
    collection: str
    deal: Deal
    variant: Variant
    grade: str
    solution: tuple[Move, ...]
    score: float | None = None
    unique: bool | None = None
    components: dict[str, Any] = field(default_factory=dict, compare=False)
    par_score: int | None = None  # the Par score the solution reaches, under Par scoring
    #: the solution is proven the fewest moves that win (True), or not known to be (None)
    shortest: bool | None = None
    #: a daily challenge's goal and limit in words (the solution: its par), and its title
    goal: str | None = None
    title: str | None = None
    # read without its check (read_jsonl(check=False)): the entry and where it was, for
    # checked() to check and complete it once chosen; None once checked
    source: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    where: str = field(default="", compare=False, repr=False)

    @property
    def stars(self) -> int:
        """1 (easy) to 4 (expert); 0 when not graded."""
        return GRADES.index(self.grade) + 1 if self.grade in GRADES else 0

    @classmethod
    def from_json_obj(cls, obj: Any, where: str = "entry", check: bool = True) -> Puzzle:
        """Read and check one entry; errors say ``where`` (file and line) and what is wrong.

        ``check=False``: read only what choosing needs (rules, deal, grade, score), for
        :meth:`checked` to check the rest (cards, solution) if the puzzle is chosen: a
        book chooses a few of thousands."""
        if not isinstance(obj, dict):
            raise BookError(f"{where}: a puzzle entry must be a JSON object")
        if not check:
            return cls._unchecked(obj, where)
        with _entry_errors(where):
            vopts = dict(obj["variant"])
            name = vopts.pop("name")
            variant = variant_from_options(name, vopts)
            number = obj.get("deal")
            game = obj.get("pysolfc")  # a PySolFC game number (dealt for the variant)
            if "line" in obj:
                deal = Deal.parse_line(str(obj["line"]))
                if number is not None:
                    if deal != Deal.from_number(int(number)):
                        raise BookError(f"the cards are not those of deal {number}")
                    deal = Deal(deal.cards, int(number))
                elif game is not None:
                    if deal != _pysolfc_deal(game, variant):
                        raise BookError(f"the cards are not those of PySolFC game {game}")
                    deal = Deal(deal.cards, pysolfc=_pysolfc_deal(game, variant).pysolfc)
            elif number is not None:
                deal = Deal.from_number(int(number))
            elif game is not None:
                deal = _pysolfc_deal(game, variant)
            else:
                raise BookError("no 'line' nor 'deal' number")
            sol = obj["solution"]
            moves = tuple(parse_moves(sol if isinstance(sol, list) else str(sol)))
            result = replay(deal, variant, moves)
        return cls(
            **_chosen_by(obj, where, variant, deal, deal.number if game is None else game),
            solution=moves, par_score=result.score if variant.scoring == "par" else None,
            shortest=obj.get("shortest") if isinstance(obj.get("shortest"), bool) else None)

    @classmethod
    def _unchecked(cls, obj: dict[str, Any], where: str) -> Puzzle:
        with _entry_errors(where):
            vopts = dict(obj["variant"])
            variant = variant_from_options(vopts.pop("name"), vopts)
            number = obj.get("deal")
            if number is not None:
                deal = Deal.from_number(int(number))
            elif "line" in obj:
                deal = Deal.parse_line(str(obj["line"]))
            else:
                raise BookError("no 'line' nor 'deal' number")
            if "solution" not in obj:
                raise KeyError("solution")
        return cls(**_chosen_by(obj, where, variant, deal, deal.number), solution=(),
                   source=obj, where=where)

    def checked(self) -> Puzzle:
        """This puzzle checked in full (its cards, its solution replayed by the referee):
        itself if it was read with the check."""
        if self.source is None:
            return self
        return Puzzle.from_json_obj(self.source, self.where)

    def to_json_obj(self) -> dict[str, Any]:
        obj = {"id": self.id, "collection": self.collection, "deal": self.deal.number,
               "line": self.deal.line(), "variant": self.variant.options(),
               "grade": self.grade, "score": self.score, "components": self.components,
               "unique": self.unique, "solution": [str(m) for m in self.solution]}
        if self.shortest is not None:
            obj["shortest"] = self.shortest
        if self.deal.pysolfc is not None:
            obj["pysolfc"] = self.deal.pysolfc
        return obj


@contextlib.contextmanager
def _entry_errors(where: str) -> Iterator[None]:
    """An entry's missing key or bad value as a :class:`BookError` saying ``where``."""
    try:
        yield
    except KeyError as e:
        raise BookError(f"{where}: missing key {e}") from None
    except (PyramidsError, TypeError, ValueError) as e:
        raise BookError(f"{where}: {e}") from None


def _chosen_by(obj: dict[str, Any], where: str, variant: Variant, deal: Deal,
               number: object) -> dict[str, Any]:
    """The fields of an entry that choosing reads (as :class:`Puzzle` keywords), checked
    or not: its id (by default the variant's name and ``number``), collection, deal,
    rules, grade (one of :data:`GRADES` or :data:`UNGRADED`), score, uniqueness and
    grading components."""
    grade = str(obj.get("grade") or UNGRADED)
    if grade not in (*GRADES, UNGRADED):
        raise BookError(f"{where}: unknown grade {grade!r}: one of {', '.join(GRADES)}")
    score = obj.get("score")
    return {"id": str(obj.get("id") or f"{variant.name}-{number}"),
            "collection": str(obj.get("collection") or variant.name),
            "deal": deal, "variant": variant, "grade": grade,
            "score": float(score) if isinstance(score, int | float) else None,
            "unique": obj.get("unique") if isinstance(obj.get("unique"), bool) else None,
            "components": dict(obj.get("components") or {})}


def _pysolfc_deal(game: object, variant: Variant) -> Deal:
    """PySolFC game ``game`` dealt for ``variant`` (errors say what is wrong with it)."""
    from pyramids.pysolfc.games import game_of

    return game_of(game, "'pysolfc'").deal(variant)


#: nodes the optimal solver may expand to prove a puzzle's shortest solution (a node
#: budget, not a time: the same book on every machine)
SHORTEST_NODES = 2_000_000


def shortest_solution(p: Puzzle, node_limit: int = SHORTEST_NODES) -> Puzzle:
    """``p`` with the fewest-moves solution when the optimal solver proves it within
    ``node_limit`` (``shortest`` true), else ``p`` as it is. Not under Par scoring, where
    a puzzle's line is the best score's, not the shortest win."""
    from pyramids.answers.goals import same_length
    from pyramids.engines.optimal import shortest

    p = p.checked()
    if p.shortest is not None or p.variant.scoring == "par":
        return p
    if same_length(p.variant) is not None:  # every win takes as many moves
        return replace(p, shortest=True)
    got = shortest(p.deal, p.variant, "board" if p.variant.objective == "pyramid" else "all",
                   node_limit=node_limit)
    if got.status != "found":
        return p
    replay(p.deal, p.variant, got.moves)
    return replace(p, solution=tuple(got.moves), shortest=True)


def variant_from_options(name: str, options: dict[str, Any]) -> Variant:
    """Rebuild a variant from ``Variant.options()`` (``passes: null`` = unlimited)."""
    return Variant.from_options({"name": name, **options})


def read_jsonl(path: str | Path, check: bool = True) -> list[Puzzle]:
    """Every entry of a JSON-lines file (blank lines and ``#`` lines skipped), checked
    (``check=False``: as far as choosing needs, see :meth:`Puzzle.from_json_obj`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise BookError(f"cannot read puzzles from {str(p)!r}: {e.strerror}") from None
    out = []
    for n, s in entry_lines(text.splitlines()):
        try:
            obj = json.loads(s)
        except json.JSONDecodeError as e:
            raise BookError(f"{p}:{n}: not JSON: {e.msg}") from None
        out.append(Puzzle.from_json_obj(obj, f"{p}:{n}", check))
    return out


def write_jsonl(puzzles: Iterable[Puzzle], path: str | Path) -> None:
    Path(path).write_text("".join(json.dumps(p.to_json_obj()) + "\n" for p in puzzles),
                          encoding="utf-8")


def shipped_collections(folder: str | Path | None = None) -> list[Path]:
    """The ``*.jsonl`` files of ``folder`` in name order (empty if none); by default those
    shipped in the package (:mod:`pyramids.generator.collections`)."""
    if folder is None:
        from pyramids.generator import collections as shipped

        return shipped.collections()
    d = Path(folder)
    return sorted(d.glob("*.jsonl")) if d.is_dir() else []


# The default book climbs: each variant's share of the puzzles split between the grades in
# these proportions (easy : medium : hard : expert), so at least half are hard or expert.
CLIMB = (1, 1, 2, 2)


def select(puzzles: Sequence[Puzzle], variants: Sequence[str] | None,
           grades: Sequence[str] | None, count: int) -> list[Puzzle]:
    """Pick ``count`` puzzles: grouped by variant (in the order asked, else of first
    appearance), shared out evenly between variants, in order of difficulty within each
    (grade, then score).

    Without ``grades`` a variant's share climbs from easy to expert (:func:`climb`);
    with ``grades`` it is the first puzzles of those grades. Duplicates (same deal and
    rules) are dropped. Fewer are returned if fewer match.
    """
    wanted = [get_variant(n).name for n in variants] if variants else None
    grade_set = set(grades) if grades else None
    seen: set[tuple[Any, ...]] = set()
    groups: dict[str, list[Puzzle]] = {}
    for p in puzzles:
        if wanted is not None and p.variant.name not in wanted:
            continue
        if grade_set is not None and p.grade not in grade_set:
            continue
        key = (p.deal.cards, tuple(sorted(p.variant.options().items())))
        if key in seen:
            continue
        seen.add(key)
        groups.setdefault(p.variant.name, []).append(p)
    order = [n for n in (wanted or list(groups)) if n in groups]
    quota = share(count, [len(groups[n]) for n in order])
    out: list[Puzzle] = []
    for name, q in zip(order, quota, strict=True):
        chosen = groups[name][:q] if grade_set is not None else climb(groups[name], q)
        out += sorted(chosen, key=difficulty)  # stable: file order for equal keys
    return out


def difficulty(p: Puzzle) -> tuple[int, float]:
    """Sort key, easiest first: grade (ungraded last), then score."""
    rank = (*GRADES, UNGRADED).index(p.grade)
    return (rank, p.score if p.score is not None else 0.0)


def climb(puzzles: Sequence[Puzzle], count: int) -> list[Puzzle]:
    """``count`` of ``puzzles`` (one variant) from easy to expert: the grades share
    ``count`` in the proportions of :data:`CLIMB` (what a grade lacks goes to the nearest
    harder grade that has more, else the nearest easier one), and within a grade the
    puzzles are taken evenly spread over its scores, so the book rises steadily. Ungraded
    puzzles are used only when the graded ones run out."""
    by_grade: dict[str, list[Puzzle]] = {g: [] for g in GRADES}
    rest: list[Puzzle] = []
    for p in puzzles:
        by_grade.get(p.grade, rest).append(p)
    have = [len(by_grade[g]) for g in GRADES]
    want = _climb_quota(min(count, sum(have)), have)
    out: list[Puzzle] = []
    for g, k in zip(GRADES, want, strict=True):
        ranked = sorted(by_grade[g], key=difficulty)
        n = len(ranked)
        out += [ranked[(2 * i + 1) * n // (2 * k)] for i in range(k)]
    return out + rest[:max(0, count - len(out))]


def _climb_quota(count: int, have: Sequence[int]) -> list[int]:
    """``count`` split between the grades by :data:`CLIMB` (largest remainder, harder
    grades first on ties), each capped by what it ``have``s, the overflow moved on."""
    total = sum(CLIMB)
    exact = [count * w / total for w in CLIMB]
    quota = [int(x) for x in exact]
    order = sorted(range(len(CLIMB)), key=lambda i: (quota[i] - exact[i], -i))
    for i in order[:count - sum(quota)]:
        quota[i] += 1
    for i in range(len(quota)):  # a grade short of puzzles: harder ones first, then easier
        spill = quota[i] - have[i]
        if spill <= 0:
            continue
        quota[i] = have[i]
        for j in [*range(i + 1, len(quota)), *range(i - 1, -1, -1)]:
            take = min(spill, have[j] - quota[j])
            if take > 0:
                quota[j] += take
                spill -= take
    return quota


def share(count: int, available: Sequence[int]) -> list[int]:
    """Split ``count`` as evenly as possible between groups holding ``available`` each."""
    quota = [0] * len(available)
    left = count
    while left > 0:
        open_groups = [i for i, a in enumerate(available) if quota[i] < a]
        if not open_groups:
            break
        for i in open_groups:
            if left == 0:
                break
            quota[i] += 1
            left -= 1
    return quota


# -- making entries on the fly ----------------------------------------------------------

SolveFn = Callable[[Deal, Variant, float], Any]


def find_solver() -> tuple[str, SolveFn]:
    """The solver that makes puzzles on the fly, and its name: :func:`pyramids.answers.check.check`
    within the time limit (imported when first asked: the book's other work needs no
    solver)."""
    from pyramids.answers.check import check

    def solve(deal: Deal, variant: Variant, time_limit: float) -> Any:
        return check(deal, variant, time_limit=time_limit)

    return "pyramids.answers.check.check", solve


def solve_deals(variant: Variant, count: int, start: int = 0, max_deals: int | None = None,
                time_limit: float = 5.0, solver: tuple[str, SolveFn] | None = None,
                progress: Callable[[int, int], None] | None = None) -> list[Puzzle]:
    """Ungraded puzzles from deals ``start``, ``start + 1``… that a solver proves winnable.

    Used when no collection holds enough puzzles. ``solver``: a name and a solving
    function (default: :func:`find_solver`). Raises :class:`BookError` when none of the
    deals tried could be solved.
    """
    name, solve = solver or find_solver()
    limit = max_deals if max_deals is not None else max(50, 20 * count)
    out: list[Puzzle] = []
    tried = 0
    n = start
    while len(out) < count and tried < limit:
        deal = Deal.from_number(n)
        try:
            verdict = solve(deal, variant, time_limit)
        except NotImplementedError:
            verdict = None
        tried += 1
        if verdict is not None and getattr(verdict, "status", None) == "winnable":
            obj = {"id": f"{variant.name}-{n}", "collection": f"{variant.name} (on the fly)",
                   "deal": n, "line": deal.line(), "variant": variant.options(),
                   "grade": UNGRADED, "solution": [str(m) for m in verdict.moves]}
            out.append(Puzzle.from_json_obj(obj, f"deal {n} solved by {name}"))
        if progress is not None:
            progress(tried, len(out))
        n += 1
    if not out:
        raise BookError.coded("book-none-solved", solver=name, first=start, last=n - 1,
                              variant=variant.name)
    return out


MakeFn = Callable[[Variant, int, Sequence[str] | None, set[int]], list[dict[str, Any]]]


def find_maker() -> MakeFn:
    """The puzzle generator's hook, :func:`pyramids.generator.puzzles_for_book(variant,
    count, grades, exclude) -> [entry, ...] <pyramids.generator.puzzles_for_book>`: up to
    ``count`` graded entries of ``variant`` (of one of ``grades`` if given), none of the
    deal numbers in ``exclude`` (imported when first asked)."""
    from pyramids.generator import puzzles_for_book

    return puzzles_for_book


def gather(puzzles: Sequence[Puzzle], variants: Sequence[str] | None,
           grades: Sequence[str] | None, count: int, on_the_fly: bool = True,
           time_limit: float = 5.0,
           progress: Callable[[str], None] | None = None,
           maker: MakeFn | None = None, use_generator: bool = True) -> list[Puzzle]:
    """The puzzles of a book: ``count`` shared evenly between the variants asked (or those
    the collections hold), topped up on the fly when a collection runs short: by the
    generator (``maker``, else :func:`find_maker`), which grades, or else by solving deals
    (ungraded, so not when ``grades`` are asked, and always with ``use_generator=False``)."""
    if count < 1:
        raise BookError.coded("book-count", count=count)
    names = [get_variant(n).name for n in variants] if variants else []
    quota: list[int] = []
    if not names:
        # No variant asked: every variant the collections hold, shared out by what each
        # holds; make more on the fly only when all of them together hold too few.
        names = list(dict.fromkeys(p.variant.name for p in puzzles))
        held = [len(select(puzzles, [n], grades, count)) for n in names]
        if sum(held) >= count:
            quota = share(count, held)
        names = names or ["giza", "pyramid"]
    quota = quota or share(count, [count] * len(names))
    make = maker or (find_maker() if on_the_fly and use_generator else None)
    out: list[Puzzle] = []
    for name, q in zip(names, quota, strict=True):
        if q == 0:
            continue
        have = select(puzzles, [name], grades, q)
        if len(have) < q:
            missing = q - len(have)
            where = (f"{len(have)} {name} puzzle{'s' if len(have) != 1 else ''}"
                     + (f" of grade {'/'.join(grades)}" if grades else ""))
            if not on_the_fly:
                raise BookError(f"the collections hold only {where}, {q} wanted")
            used = {p.deal.number for p in have if p.deal.number is not None}
            if make is not None:
                if progress is not None:
                    progress(f"generating {missing} {name} puzzle(s) on the fly")
                made = [Puzzle.from_json_obj(e, f"{name} puzzle made on the fly")
                        for e in make(get_variant(name), missing, grades, used)]
                have += [p for p in made if p.deal.number not in used
                         and (not grades or p.grade in grades)][:missing]
                out += have
                continue
            if grades:
                raise BookError.coded("book-ungraded", where=where, wanted=q)
            if progress is not None:
                progress(f"solving {missing} {name} deal(s) on the fly")
            extra = solve_deals(get_variant(name), missing + len(used), time_limit=time_limit)
            have += [p for p in extra if p.deal.number not in used][:missing]
        out += have
    return [p.checked() for p in out]  # those read unchecked: checked now, once chosen
