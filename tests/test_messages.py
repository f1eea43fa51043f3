"""The catalogue of messages that name options (pyramids.core.messages): the command line says
them with its flags, the service (and ``str()``) with its JSON fields; no library message
outside the catalogue names a flag."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyramids.cli import main
from pyramids.core.errors import PyramidsError
from pyramids.core.messages import FIELDS, FLAGS, MESSAGES, Opt, render

SRC = Path(__file__).resolve().parents[1] / "src" / "pyramids"
#: A flag as the command line spells one (``--goal``, ``-V``), not a word with a hyphen.
FLAG = re.compile(r"(?<![\w-])(--[a-z][\w-]*|-[A-Za-z])(?![\w-])")
#: The JSON fields whose command-line flag is spelt otherwise.
FIELD_ONLY = re.compile(r"\b(stock_waste|stock_top|grades)\b|\bcollection\)")

SAMPLES: dict[str, dict[str, object]] = {
    "goal-score-par": {"goal": "score", "variant": "par-pyramid"},
    "goal-score-unscored": {"goal": "score", "variant": "pyramid"},
    "goal-needs-exact": {"goal": "cards:A:4"},
    "book-count": {"count": 0},
    "book-none-solved": {"solver": "search", "first": 1, "last": 9, "variant": "giza"},
    "book-ungraded": {"where": "2 giza puzzles of grade hard", "wanted": 4},
    "out-exists": {"path": "out.jsonl"},
    "scheduler-needs-dask": {},
    "option-choice": {"option": Opt("stock_waste"), "choices": "allowed, forbidden",
                      "got": "'x'"},
    "option-stock-only": {"option": Opt("stock_top"), "name": "giza", "rest": "tableau"},
    "waste-needs-draw-1": {"stock_waste": "allowed"},
    "face-up-needs-draw-1": {},
    "automatic-needs-face-down": {},
    "auto-deal-needs-no-hand": {},
    "days-range": {"most": "3,660", "got": "0"},
    "book-cards-small": {"trim": "6x9", "per_page": 4, "width": 16, "least": 24,
                         "high": 34},
    "book-cards-small-large": {"trim": "5x8", "per_page": 4, "width": 4, "least": 53},
    "cover-pages": {"least": 24, "got": 23},
    "cover-description": {},
}


def test_every_message_has_a_sample() -> None:
    assert set(SAMPLES) == set(MESSAGES)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_each_front_end_says_it_in_its_own_words(code: str) -> None:
    """The service's words name no flag; the command line's name no JSON-only field; the
    two differ wherever the message names an option."""
    fields = render(code, SAMPLES[code], FIELDS)
    flags = render(code, SAMPLES[code], FLAGS)
    assert not FLAG.search(fields), fields
    assert not FIELD_ONLY.search(flags), flags
    assert "{" not in fields and "{" not in flags
    if "{opt:" in MESSAGES[code] or "{set:" in MESSAGES[code] or any(
            isinstance(v, Opt) for v in SAMPLES[code].values()):
        assert FLAG.search(flags) and fields != flags, flags


def test_a_coded_error_carries_its_code_and_values() -> None:
    from pyramids.answers.goals import Goal, GoalError
    from pyramids.core.variants import get_variant

    with pytest.raises(GoalError) as e:
        Goal.parse("score").validate(get_variant("par-pyramid"))
    assert e.value.code == "goal-score-par"
    assert str(e.value) == e.value.said(FIELDS)
    assert '(variant "msc", or scoring "msc")' in str(e.value)
    assert '(goal "win")' in str(e.value)
    assert "(-V msc, or --scoring msc)" in e.value.said(FLAGS)
    plain = PyramidsError("no options named")
    assert plain.code is None and plain.said(FLAGS) == plain.said(FIELDS) == str(plain)


@pytest.mark.parametrize(("args", "flags"), [
    (["check", "2", "--goal", "score"], "(-V msc, or --scoring msc)"),
    (["stats", "--deals", "0:3", "-V", "msc", "--goal", "board", "--mode", "quick"],
     "--goal board needs --mode exact"),
    (["deal", "1", "-V", "msc", "--stock-waste", "automatic"],
     "--stock-waste automatic needs --stock-top face-down"),
    (["deal", "1", "-V", "giza", "--stock-top", "face-up"],
     "--stock-top applies to stock games only"),
])
def test_the_command_line_says_flags(args: list[str], flags: str) -> None:
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and flags in r.output, r.output


def test_each_code_is_raised_somewhere() -> None:
    """A catalogue entry nothing raises is dead: every code appears in the library."""
    text = "\n".join(p.read_text() for p in SRC.rglob("*.py") if p.name != "messages.py")
    for code in MESSAGES:
        assert f'"{code}"' in text, code


def _flags_in_library_strings() -> list[str]:
    """Every string in the library (outside the command line's own modules, the
    catalogue's vocabularies and docstrings) that names a flag."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if "cli" in path.relative_to(SRC).parts or path.name == "messages.py":
            continue
        tree = ast.parse(path.read_text())
        docs = {id(n.value) for n in ast.walk(tree)
                if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docs and FLAG.search(node.value)):
                found.append(f"{path.relative_to(SRC)}:{node.lineno}: {node.value[:80]!r}")
    return found


def test_no_library_message_names_a_flag() -> None:
    """A message that names an option goes through the catalogue (so the service can say
    it with its fields); anything else naming ``--x`` or ``-V`` is a flag leaking out of
    the command line."""
    assert _flags_in_library_strings() == []
