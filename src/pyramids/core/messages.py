"""One catalogue of the messages that name options, rendered in each front end's words.

A message such as "the score goal needs MSC's scoring" tells the reader which option to
set: the command line names it by its flags (``-V msc, or --scoring msc``), the HTTP
service by its JSON fields (``variant "msc", or scoring "msc"``). An error raised with a
code (:meth:`pyramids.core.errors.PyramidsError.coded`) carries the code and its values; each
front end renders it with its :class:`Words` (:data:`FLAGS`, :data:`FIELDS`), so that the
CLI keeps its flags and the service never shows one. ``str()`` of such an error is the
:data:`FIELDS` rendering: the Python API's keyword arguments have the fields' names.

A template's placeholders: ``{name}`` a value (an :class:`Opt` value renders as an
option's name), ``{opt:name}`` the option ``name``, ``{set:name=value}`` the option set to
a value, ``{set:name}`` the option set to the value ``name``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

#: code -> template. Each code is rendered by both front ends (tests/test_messages.py).
MESSAGES: dict[str, str] = {
    "goal-score-par": (
        "goal {goal}: the score goal needs MSC's scoring ({set:variant=msc}, or "
        "{set:scoring=msc}): Par scoring's best score is what the plain verdict gives "
        "({set:goal=win})"),
    "goal-score-unscored": (
        "goal {goal}: the score goal needs MSC's scoring ({set:variant=msc}, or "
        "{set:scoring=msc}): {variant} keeps no score"),
    "goal-needs-exact": (
        "{set:goal} needs {set:mode=exact}: quick mode only looks for instant certificates"),
    "book-count": "a book needs at least one puzzle, got {set:count}",
    "book-none-solved": (
        "{solver} solved none of deals {first}..{last} for {variant}: give a collection "
        "({opt:from})"),
    "book-ungraded": (
        "the collections hold only {where}, {wanted} wanted; deals solved on the fly are "
        "not graded: generate a graded collection first, or drop {opt:grade}"),
    "out-exists": "{path} already exists: use {opt:resume} to continue it, or remove it",
    "scheduler-needs-dask": (
        "{opt:scheduler} needs Dask distributed: pip install 'pyramids[cluster]'"),
    "option-choice": "{option} must be one of {choices}, got {got}",
    "option-stock-only": "{option} applies to stock games only, and {name} has a {rest}",
    "waste-needs-draw-1": (
        "{set:stock_waste} needs {set:draw=1}: with draw 3 there is no hand, only the "
        "waste top is available"),
    "face-up-needs-draw-1": (
        "{set:stock_top=face-up} needs {set:draw=1}: with draw 3 the waste top is the only "
        "stock card in play"),
    "automatic-needs-face-down": (
        "{set:stock_waste=automatic} needs {set:stock_top=face-down}: with the stock's top "
        "card face up, a deck top and waste top summing to 13 would be forced before the "
        "player could use either, a rule no source describes"),
    "days-range": "{opt:days} must be 1 to {most} (ten years), got {got}",
    "book-cards-small": (
        "{set:trim} with {set:per_page}: the deals' cards would be {width} pt wide, but "
        "cards are at least {least} pt wide ({high} pt high) to stay legible; choose a "
        "larger {opt:trim} or fewer {opt:per_page}"),
    "book-cards-small-large": (
        "{set:trim} with {set:per_page} and {opt:large_print}: the deals' cards would be "
        "{width} pt wide, but a large-print book's cards are at least {least} pt wide "
        "(16 pt ranks); choose a larger {opt:trim} or fewer {opt:per_page}"),
    "cover-pages": (
        "{opt:cover} needs the interior's page count (even, at least {least}), got {got}"),
    "cover-description": "{opt:description} is too long for the back cover",
    "auto-deal-needs-no-hand": (
        "{opt:auto_deal} needs a stock without a hand ({set:stock_top=face-up}, or "
        "{set:draw=3}): with a hand the waste it deals to is not PySolFC's"),
}


@dataclass(frozen=True)
class Opt:
    """A value that is an option's name (rendered as the reader's words name it)."""

    name: str


@dataclass(frozen=True)
class Words:
    """How a front end names options: ``names`` (an option's name, when it is not
    ``prefix`` + the option with ``_`` as ``sep``), ``short`` (a shorter name used when
    an option is set, ``-V``) and ``quote`` (values as JSON literals)."""

    name: str
    prefix: str = ""
    sep: str = "_"
    names: Mapping[str, str] = field(default_factory=dict)
    short: Mapping[str, str] = field(default_factory=dict)
    quote: bool = False

    def option(self, option: str) -> str:
        return self.names.get(option) or self.prefix + option.replace("_", self.sep)

    def setting(self, option: str, value: object) -> str:
        name = self.short.get(option) or self.option(option).split(" ")[0]
        if self.quote:
            literal = int(value) if isinstance(value, str) and value.isdigit() else value
            return f"{name} {json.dumps(literal)}"
        return f"{name} {value}"


#: The command line: its flags.
FLAGS = Words("flags", prefix="--", sep="-", names={"from": "--from FILE.jsonl"},
              short={"variant": "-V"})
#: The HTTP service's JSON fields (and the Python API's keyword arguments).
FIELDS = Words("fields", names={"from": "collection", "grade": "grades"}, quote=True)

_PLACEHOLDER = re.compile(r"\{(?:(opt|set):)?(\w+)(?:=([^{}]*))?\}")


def render(code: str, values: Mapping[str, object], words: Words) -> str:
    """The message ``code`` with ``values``, in ``words``."""

    def fill(m: re.Match[str]) -> str:
        kind, name, given = m.groups()
        if kind == "opt":
            return words.option(name)
        if kind == "set":
            return words.setting(name, given if given is not None else values[name])
        value = values[name]
        return words.option(value.name) if isinstance(value, Opt) else str(value)

    return _PLACEHOLDER.sub(fill, MESSAGES[code])
