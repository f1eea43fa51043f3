"""Solvable-seed lists in PySolFC's shape: a Python module holding ``SOLVABLE_SEEDS``.

PySolFC's "always solvable" Klondike reads a tuple of game numbers a solver proved
winnable from ``pysollib/games/solvable_seeds/klondike_solvable_seeds.py``: comment lines
saying how the list was made, which seeds it holds and why they are all at least 32000,
then ``SOLVABLE_SEEDS = (...)`` eight to a line. :func:`seeds_module` writes the same
shape for a Pyramid game; :func:`read_seeds` reads one back (by parsing, never by running
it). No I/O here: the command line and ``scripts/make_pysolfc_seeds.py`` write the text.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pyramids.core.errors import PyramidsError
from pyramids.core.rules import Rules
from pyramids.core.variants import Variant
from pyramids.pysolfc.games import MS_BELOW, preset_game

PER_LINE = 8


class SeedListError(PyramidsError):
    """A seed list that cannot be written or read back (quotes what is wrong)."""


@dataclass(frozen=True)
class SeedList:
    """What a seed list says: the seeds, the game numbers tried (inclusive ranges), the
    rules (a classic preset's :class:`Variant`, or one of PySolFC's ten other games as
    :class:`~pyramids.core.rules.Rules`), the command that made it, the grades when the
    list keeps some grades only, and any further header lines."""

    seeds: tuple[int, ...]
    tried: tuple[tuple[int, int], ...]
    variant: Variant | Rules
    command: str
    grades: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # more header lines (how the grades were drawn, ...)

    @property
    def tried_count(self) -> int:
        return sum(b - a + 1 for a, b in self.tried)


def runs(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """Consecutive numbers merged into inclusive ranges: ``[1, 2, 3, 7] -> [(1, 3), (7, 7)]``."""
    out: list[tuple[int, int]] = []
    for n in sorted(set(numbers)):
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def check_seeds(seeds: Sequence[int]) -> None:
    """Every seed must be a game number PySolFC deals with the Mersenne Twister."""
    low = [s for s in seeds if s < MS_BELOW]
    if low:
        raise SeedListError(
            f"PySolFC seed lists hold game numbers from {MS_BELOW} up: {low[0]} is below "
            f"{MS_BELOW}, where PySolFC deals with its Microsoft-compatible generator "
            f"({len(low)} such seed{'s' if len(low) > 1 else ''}); start the range at "
            f"pysolfc:{MS_BELOW} or later")


def _ranges_text(ranges: Sequence[tuple[int, int]]) -> str:
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges)


#: PySolFC's CI runs flake8 with its own settings (setup.cfg's ``[flake8]`` sets no
#: ``max-line-length``: the default, 79 columns); every line of a list keeps to it
WIDTH = 79


def _comment(text: str, first: str = "", rest: str = "") -> list[str]:
    """``text`` as comment lines of at most :data:`WIDTH` columns: ``# `` and ``first``
    before the first line, ``# `` and ``rest`` before the others."""
    lines = textwrap.wrap(text, WIDTH - 2, initial_indent=first, subsequent_indent=rest,
                          break_on_hyphens=False)
    return [f"# {line}" for line in lines] or ["#"]


def seeds_module(sl: SeedList) -> str:
    """The module text: header comments (lines of at most :data:`WIDTH` columns, as
    PySolFC's flake8 wants them), then ``SOLVABLE_SEEDS`` (sorted, 8 a line)."""
    check_seeds(sl.seeds)
    seeds = sorted(set(sl.seeds))
    title = list_title(sl.variant)
    share = 100.0 * len(seeds) / sl.tried_count if sl.tried_count else 0.0
    grade = f" graded {' or '.join(sl.grades)}" if sl.grades else ""
    cover = _ranges_text(runs(seeds)) if len(seeds) <= 12 else _span(seeds)
    lines = [
        "#!/usr/bin/env python",
        "# -*- mode: python; coding: utf-8; -*-",
        "#",
        *_comment(f"{title} seeds confirmed solvable{grade}, for an always-solvable mode. "
                  "Made by pyramids, the exact solver of the Pyramid family: every seed "
                  "was dealt as PySolFC deals it (pysol-cards' shuffle, this game's "
                  "dealing order), proved winnable with the whole deal known, and its "
                  "solution replayed move by move by the rules engine, under these rules:"),
        *_comment(sl.variant.describe(), "  ", "    "),
        *_comment(f"Command: {sl.command}", "", "  "),
        *(_comment(" ".join(sl.notes)) if sl.notes else []),
        "#",
        *_comment(f"Must all be >= {MS_BELOW}, or they'd deal a different game than what "
                  f"was solved: PySolFC shuffles game numbers below {MS_BELOW} with its "
                  "Microsoft-compatible generator and the others with the Mersenne "
                  "Twister (construct_random() in pysolrandom.py); these lists keep to "
                  "the second, as the Klondike one does."),
        "#",
        *_comment(f"{len(seeds)} seeds{grade}, out of {sl.tried_count} games tried "
                  f"({share:.2f}%): games {_ranges_text(sl.tried)}."),
        *_comment(f"Seeds cover {cover}."),
        "",
        "SOLVABLE_SEEDS = (",
    ]
    for i in range(0, len(seeds), PER_LINE):
        lines.append("    " + ", ".join(str(s) for s in seeds[i:i + PER_LINE]) + ",")
    lines.append(")")
    return "\n".join(lines) + "\n"


def list_title(rules: Variant | Rules) -> str:
    """The game a list is for, as its header names it: ``Pharaohs (PySolFC game 655)``."""
    if isinstance(rules, Rules):
        game = None if rules.pysolfc is None else (rules.pysolfc, rules.title)
    else:
        game = preset_game(rules)
    return f"{game[1]} (PySolFC game {game[0]})" if game else rules.name


def header_text(text: str) -> str:
    """A seed list's header comments as one line of text (wrapped lines joined), for
    reading what it says."""
    head = text.split("SOLVABLE_SEEDS", 1)[0]
    return " ".join(line.removeprefix("#").strip() for line in head.splitlines()
                    if line.startswith("#") and not line.startswith("#!")).strip()


def _span(seeds: Sequence[int]) -> str:
    return f"{seeds[0]}-{seeds[-1]}"


def read_seeds(text: str, where: str = "seed list") -> tuple[int, ...]:
    """The ``SOLVABLE_SEEDS`` tuple of a module's text, read without running it."""
    try:
        tree = ast.parse(text)
    except SyntaxError as e:
        raise SeedListError(f"{where} is not Python: {e.msg} (line {e.lineno})") from None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "SOLVABLE_SEEDS" for t in node.targets):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                raise SeedListError(f"{where}: SOLVABLE_SEEDS is not a literal tuple") from None
            if not isinstance(value, tuple) or not all(
                    isinstance(s, int) and not isinstance(s, bool) for s in value):
                raise SeedListError(f"{where}: SOLVABLE_SEEDS must be a tuple of integers")
            return value
    raise SeedListError(f"{where} has no SOLVABLE_SEEDS")
