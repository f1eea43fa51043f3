"""Deal sources: a range of deal numbers, or a file or stdin of deals, as keyed items.

:func:`parse_source` turns ``A:B`` (deal numbers A to B-1), a file, or ``-`` (stdin) of
one-line deals or numbers into a :class:`DealSource`: an iterator of :class:`SourceItem`
with a stable key (the deal number for a range, the ordinal of the deal for a file) so
that a resumed run skips exactly the deals already done.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TextIO, overload

from pyramids.bulk.errors import BulkError
from pyramids.core.deals import MAX_DEAL, Deal
from pyramids.core.errors import DealError, PyramidsError
from pyramids.core.variants import Variant


@dataclass(frozen=True)
class SourceItem:
    """One deal of a source: its key, and its number or its one-line form."""

    key: int
    number: int | None = None
    line: str | None = None
    where: str = ""  # "file.txt line 12", for error messages
    pysolfc: int | str | None = None  # a PySolFC game (pysolfc.GameKey; cards: variant's)

    def deal(self, variant: Variant | None = None) -> Deal:
        """The deal; a PySolFC game needs the ``variant`` whose dealing order lays it out."""
        if self.number is not None:
            return Deal.from_number(self.number)
        if self.pysolfc is not None:
            from pyramids.pysolfc.games import game_of

            if variant is None:
                raise DealError(f"pysolfc:{self.pysolfc} needs the variant to be dealt")
            return game_of(self.pysolfc).deal(variant)
        assert self.line is not None
        return Deal.parse_line(self.line)

    def card_ids(self, variant: Variant) -> list[int]:
        """The deal's card indices in layout order (the batch path's form): a PySolFC game
        without making :class:`Deal` and :class:`Card` objects, which cost more than the
        shuffle."""
        if self.pysolfc is not None and self.number is None:
            from pyramids.pysolfc.games import game_of, layout_ids

            game = game_of(self.pysolfc)
            return layout_ids(game.number, variant, game.ms)
        return [int(c) for c in self.deal(variant).cards]

    def label(self) -> str:
        """The deal as the source gave it: its number, ``pysolfc:N``, or its 52 cards."""
        if self.number is not None:
            return str(self.number)
        if self.pysolfc is not None:
            return f"pysolfc:{self.pysolfc}"
        return str(self.line)


class DealSource:
    """An iterable of :class:`SourceItem` with a kind (``range`` or ``lines``), a
    description, the first key, and the number of deals when known (for progress)."""

    kind: str = "lines"
    description: str = ""
    first_key: int = 0
    total: int | None = None

    def __iter__(self) -> Iterator[SourceItem]:
        raise NotImplementedError

    def contains(self, key: int) -> bool:
        """Is ``key`` one of this source's keys? (Records outside it are not counted.)"""
        return key >= 0 if self.total is None else 0 <= key < self.total


class RangeSource(DealSource):
    """Deal numbers ``start`` to ``stop - 1``; the key is the deal number."""

    kind = "range"

    def __init__(self, start: int, stop: int) -> None:
        if not 0 <= start <= stop <= MAX_DEAL + 1:
            raise BulkError(f"deal range must satisfy 0 <= A <= B <= 2^64, got {start}:{stop}")
        self.start, self.stop = start, stop
        self.first_key = start
        self.total = stop - start
        self.description = f"{start}:{stop}"

    def __iter__(self) -> Iterator[SourceItem]:
        for n in range(self.start, self.stop):
            yield SourceItem(n, number=n)

    def contains(self, key: int) -> bool:
        return self.start <= key < self.stop


class PySolFCRangeSource(DealSource):
    """PySolFC game numbers ``start`` to ``stop - 1`` (``pysolfc:A:B``); the key is the
    game number. The cards of each are made where the variant is known (the worker)."""

    kind = "pysolfc"

    def __init__(self, start: int, stop: int) -> None:
        from pyramids.pysolfc.games import MIN_GAME

        if not MIN_GAME <= start <= stop:
            raise BulkError(f"a PySolFC game range must satisfy {MIN_GAME} <= A <= B, "
                            f"got pysolfc:{start}:{stop}")
        self.start, self.stop = start, stop
        self.first_key = start
        self.total = stop - start
        self.description = f"pysolfc:{start}:{stop}"

    def __iter__(self) -> Iterator[SourceItem]:
        for n in range(self.start, self.stop):
            yield SourceItem(n, pysolfc=n)

    def contains(self, key: int) -> bool:
        return self.start <= key < self.stop


class NumberRun(Sequence[SourceItem]):
    """The items of deals ``start`` to ``stop - 1`` of a range (the key is the deal
    number), made on demand: a chunk of a range sent to a worker as two numbers, not as
    thousands of items (making and sending those cost the parent process of a bulk run
    more than its share of the bouquet's 25 us a deal)."""

    __slots__ = ("start", "stop")

    def __init__(self, start: int, stop: int) -> None:
        self.start, self.stop = start, stop

    def __len__(self) -> int:
        return max(0, self.stop - self.start)

    @overload
    def __getitem__(self, i: int) -> SourceItem: ...
    @overload
    def __getitem__(self, i: slice) -> NumberRun: ...

    def __getitem__(self, i: int | slice) -> SourceItem | NumberRun:
        if isinstance(i, slice):
            lo, hi, step = i.indices(len(self))
            if step != 1:
                raise ValueError("a NumberRun slices with step 1 only")
            return NumberRun(self.start + lo, self.start + max(lo, hi))
        n = len(self)
        if not -n <= i < n:
            raise IndexError(i)
        k = self.start + (i if i >= 0 else n + i)
        return SourceItem(k, number=k)

    def __iter__(self) -> Iterator[SourceItem]:
        for k in range(self.start, self.stop):
            yield SourceItem(k, number=k)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NumberRun) and (self.start, self.stop) == (other.start,
                                                                            other.stop)

    def __hash__(self) -> int:
        return hash((self.start, self.stop))

    def __repr__(self) -> str:
        return f"NumberRun({self.start}, {self.stop})"

    def __reduce__(self) -> tuple[type, tuple[int, int]]:
        return NumberRun, (self.start, self.stop)


class LinesSource(DealSource):
    """One deal per line: a number (``123`` or ``#123``), ``pysolfc:N``, 52 cards, or a
    JSON object with ``line``, ``deal``, ``number`` or ``pysolfc`` (so ``filter --json``
    output reads back). Blank lines and lines starting with ``#`` followed by a non-digit
    are skipped. The key is the ordinal of the deal (0, 1, 2, ...). Errors name the line."""

    def __init__(self, name: str, opener: Callable[[], IO[str]], total: int | None = None,
                 kind: str = "lines") -> None:
        self.name = name
        self._open = opener
        self.total = total
        self.description = name
        self.kind = kind

    variant: Variant | None = None  # set by check_variant: pysolfc:N lines are checked

    def __iter__(self) -> Iterator[SourceItem]:
        key = 0
        with self._open() as f:
            for lineno, raw in enumerate(f, 1):
                item = parse_deal_line(raw, key, f"{self.name} line {lineno}")
                if item is not None:
                    if item.pysolfc is not None and self.variant is not None:
                        _check_dealt(self.variant, item.where)
                    yield item
                    key += 1


class KeysSource(DealSource):
    """The deals of ``source`` whose keys are in ``keys`` (``stats --retry-unknown``: the
    records a limit left unknown), read from ``source`` so each keeps its key and form."""

    def __init__(self, source: DealSource, keys: Iterable[int]) -> None:
        self.source, self.keys = source, frozenset(keys)
        self.kind = source.kind
        self.first_key = source.first_key
        self.total = len(self.keys)
        self.description = f"{len(self.keys)} deals of {source.description}"

    def __iter__(self) -> Iterator[SourceItem]:
        left = len(self.keys)
        for item in self.source:
            if left == 0:
                return
            if item.key in self.keys:
                left -= 1
                yield item

    def contains(self, key: int) -> bool:
        return key in self.keys


def _check_dealt(variant: Variant, where: str = "") -> None:
    from pyramids.pysolfc.games import dealing_order

    try:
        dealing_order(variant)
    except DealError as e:
        raise BulkError(f"{where}: {e}" if where else str(e)) from None


def check_variant(source: DealSource, variant: Variant) -> None:
    """Refuse PySolFC games under a variant PySolFC does not deal (:class:`BulkError`):
    a range at once, a file's ``pysolfc:N`` lines as they are read."""
    if isinstance(source, PySolFCRangeSource):
        _check_dealt(variant)
    elif isinstance(source, LinesSource):
        source.variant = variant


def parse_deal_line(raw: str, key: int, where: str) -> SourceItem | None:
    """One line of a deal file as a :class:`SourceItem`, ``None`` for a blank or comment
    line; :class:`BulkError` quoting ``where`` and the line for anything else."""
    text = raw.strip()
    if not text or (text.startswith("#") and not text[1:].strip().isdigit()):
        return None
    shown = text if len(text) <= 80 else text[:77] + "..."
    try:
        if text[:7].lower() == "pysolfc":
            from pyramids.pysolfc.games import PySolFCGame

            return SourceItem(key, pysolfc=PySolFCGame.parse(text).key, where=where)
        if text.lstrip("#").isdigit():
            number = int(text.lstrip("#"))
            if number > MAX_DEAL:
                raise DealError(f"deal number must be 0 to 2^64-1, got {number}")
            return SourceItem(key, number=number, where=where)
        if text.startswith("{"):
            return _json_item(text, key, where)
        deal = Deal.parse_line(text)
        return SourceItem(key, line=deal.line(), where=where)
    except PyramidsError as e:
        raise BulkError(f"{where}: {e}: {shown!r}") from None


def _json_item(text: str, key: int, where: str) -> SourceItem:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise DealError(f"malformed JSON ({e.msg})") from None
    if not isinstance(obj, dict):
        raise DealError("a JSON deal must be an object")
    number = obj.get("deal", obj.get("number"))
    if number is None and obj.get("pysolfc") is not None:  # filter --json of pysolfc:N
        from pyramids.pysolfc.games import game_of

        return SourceItem(key, pysolfc=game_of(obj["pysolfc"], "'pysolfc'").key, where=where)
    if number is not None and not isinstance(number, int):
        raise DealError(f"deal number must be an integer, got {number!r}")
    if obj.get("line"):
        deal = Deal.parse_line(str(obj["line"]))
        if number is not None and deal == Deal.from_number(number):
            return SourceItem(key, number=number, where=where)
        return SourceItem(key, line=deal.line(), where=where)
    if number is None:
        raise DealError("a JSON deal needs 'line', 'deal' or 'number'")
    if not 0 <= number <= MAX_DEAL:
        raise DealError(f"deal number must be 0 to 2^64-1, got {number}")
    return SourceItem(key, number=number, where=where)


def parse_pysolfc_range(text: str) -> PySolFCRangeSource | None:
    """``pysolfc:A:B`` or ``pysolfc:A:+K`` (PySolFC game numbers); ``None`` if ``text``
    does not start with ``pysolfc``; :class:`BulkError` for a malformed one."""
    from pyramids.pysolfc.games import match_spec, parse_number

    rest = match_spec(text)
    if rest is None:
        return None
    a, sep, b = rest.partition(":")
    if not sep:
        raise BulkError(f"a single PySolFC game is not a source: use pysolfc:{a.strip()}:+1 "
                        f"(or pysolfc:A:B for a range), got {text!r}")
    try:
        first = parse_number(a)
        if first.ms:
            raise DealError(f"a range takes plain game numbers, not {a.strip()!r}")
        start = first.number
        b = b.strip().replace("_", "").replace(",", "")
        stop = start + int(b[1:]) if b.startswith("+") else parse_number(b).number
        if b and not b.startswith("+") and parse_number(b).ms:
            raise DealError(f"a range takes plain game numbers, not {b!r}")
    except DealError as e:
        raise BulkError(f"{e} (in the range {text!r})") from None
    except ValueError:
        raise BulkError("a PySolFC game range looks like pysolfc:32000:40000 or "
                        f"pysolfc:32000:+1000, got {text!r}") from None
    return PySolFCRangeSource(start, stop)


def parse_range(text: str) -> RangeSource | None:
    """``A:B`` (B excluded) or ``A:+K`` (K deals from A); ``None`` if not a range."""
    if ":" not in text:
        return None
    a, _, b = text.partition(":")
    a, b = a.strip().replace("_", ""), b.strip().replace("_", "")
    try:
        start = int(a) if a else 0
        stop = start + int(b[1:]) if b.startswith("+") else int(b)
    except ValueError:
        raise BulkError(f"a deal range looks like 0:1000 or 500:+100, got {text!r}") from None
    return RangeSource(start, stop)


def parse_source(spec: str, stdin: TextIO | None = None, count_lines: bool = True
                 ) -> DealSource:
    """``A:B``, ``A:+K``, ``pysolfc:A:B``, a path, or ``-`` for stdin (see
    :class:`LinesSource`)."""
    spec = spec.strip()
    games = parse_pysolfc_range(spec)
    if games is not None:
        return games
    rng = parse_range(spec)
    if rng is not None:
        return rng
    if spec == "-":
        stream = stdin if stdin is not None else sys.stdin
        return LinesSource("stdin", lambda: contextlib.nullcontext(stream),  # type: ignore
                           kind="stdin")
    path = Path(spec)
    if not path.is_file():
        if spec.isdigit():
            raise BulkError(f"a single deal number is not a source: use {spec}:{int(spec) + 1}")
        raise BulkError(f"no such deal file, and not a range A:B: {spec!r}")
    total = None
    if count_lines:
        with path.open(encoding="utf-8") as f:
            total = sum(1 for line in f
                        if line.strip() and not (line.strip().startswith("#")
                                                 and not line.strip()[1:].isdigit()))
    return LinesSource(str(path), lambda: path.open(encoding="utf-8"), total=total)

