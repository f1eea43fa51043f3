"""The documentation says what the code does: the deal-number test vectors of
docs/rules.md are recomputed, and nothing shipped points outside the repository."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from pyramids.core.deals import Deal, splitmix64

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"


def test_rules_page_splitmix64_vectors() -> None:
    text = RULES.read_text(encoding="utf-8")
    m = re.search(r"SplitMix64 from state 0: the first three outputs are (.*?)\.\n", text,
                  re.S)
    assert m is not None, "the SplitMix64 test vector sentence is missing"
    given = [int(h, 16) for h in re.findall(r"`(0x[0-9a-f]+)`", m.group(1))]
    assert given == list(itertools.islice(splitmix64(0), 3))


@pytest.mark.parametrize("number", [0, 17, 2**64 - 1])
def test_rules_page_deal_vectors(number: int) -> None:
    text = RULES.read_text(encoding="utf-8")
    m = re.search(rf"- Deal {number}\b[^\n]*:\n\s*`([^`]+)`", text)
    assert m is not None, f"no test vector for deal {number} in docs/rules.md"
    assert m.group(1) == Deal.from_number(number).line()


def shipped_files() -> list[Path]:
    files = [ROOT / "README.md", *ROOT.glob("docs/**/*.md"), *ROOT.glob("src/pyramids/**/*.md")]
    files += [*ROOT.glob("src/pyramids/**/*.py"), *ROOT.glob("scripts/*.py")]
    return [f for f in files if f.is_file()]


def test_nothing_shipped_points_outside_the_repository() -> None:
    outside = re.compile(r"\.\./shared|/work/|RULES\.md|shared/sources|\.notes/")
    bad = [f"{f.relative_to(ROOT)}:{n}: {line.strip()}"
           for f in shipped_files()
           for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
           if outside.search(line)]
    assert not bad, "links outside the repository:\n" + "\n".join(bad)


def test_rules_page_is_named_by_the_cli_book_and_service() -> None:
    from click.testing import CliRunner

    from pyramids.book.text import how_to_play
    from pyramids.cli import main
    from pyramids.core.variants import PRESETS

    help_text = CliRunner().invoke(main, ["--help"]).output
    assert "docs/rules.md" in " ".join(help_text.split())
    for v in PRESETS.values():
        assert any("docs/rules.md" in para for para in how_to_play(v))
    pytest.importorskip("fastapi")
    from pyramids.service.app import create_app

    assert "docs/rules.md" in create_app().openapi()["info"]["description"]


def test_every_test_the_rules_page_cites_exists() -> None:
    text = RULES.read_text(encoding="utf-8")
    cited = set(re.findall(r"`(?:tests/\w+\.py::)?(test_\w+)`", text))
    assert len(cited) >= 15
    defined = {m for f in ROOT.glob("tests/test_*.py")
               for m in re.findall(r"^def (test_\w+)", f.read_text(encoding="utf-8"), re.M)}
    assert cited <= defined, f"cited but not defined: {sorted(cited - defined)}"


def _slug(heading: str) -> str:
    """GitHub's anchor for a markdown heading: lower case, punctuation dropped, spaces to
    hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = re.sub(r"(?ms)^```.*?^```", "", page.read_text(encoding="utf-8"))
    return {_slug(h) for h in re.findall(r"(?m)^#{1,6} (.+)$", text)}


def test_every_link_between_the_docs_leads_somewhere() -> None:
    """The README, the changelog and the docs pages link to each other by relative paths
    and section anchors: each file exists and each anchor is a heading of its page (the
    README's sections moved to docs/ pages, so a stale link would be easy to leave)."""
    pages = [ROOT / "README.md", ROOT / "CHANGELOG.md", *ROOT.glob("docs/*.md"),
             *ROOT.glob("src/pyramids/**/*.md")]
    bad = []
    for page in pages:
        text = re.sub(r"(?ms)^```.*?^```", "", page.read_text(encoding="utf-8"))
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            if not dest.exists():
                bad.append(f"{page.relative_to(ROOT)}: {target}: no such file")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
                bad.append(f"{page.relative_to(ROOT)}: {target}: no such section")
    assert not bad, "\n".join(bad)
