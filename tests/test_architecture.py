"""docs/architecture.md is true to the code: its layer tables are import-linter's contracts
(which `make lint` holds the imports to), every package and module is named where the
page says it is, and the value types it spells out have the fields it gives them."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path

import pytest

from pyramids.core.variants import Variant
from pyramids.core.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
SRC = ROOT / "src" / "pyramids"
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"]["importlinter"]["contracts"]

Layers = list[frozenset[str]]


def section(title: str) -> str:
    """The page's text under the heading ``title`` (to the next heading of its level)."""
    level = title.split(" ", 1)[0]
    m = re.search(rf"^{re.escape(title)}\n(.*?)(?=^{level} |\Z)", PAGE, re.M | re.S)
    assert m is not None, f"docs/architecture.md has no {title!r}"
    return m.group(1)


def table(text: str) -> list[list[str]]:
    """The rows of the first markdown table in ``text`` (header and rule left out)."""
    lines = text[text.index("|"):].splitlines()
    rows = lines[:next((i for i, line in enumerate(lines) if not line.startswith("|")),
                       len(lines))]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


def names(cell: str) -> frozenset[str]:
    """The backticked names of a cell: ``"`daily`, `warmup`"`` -> {daily, warmup}."""
    return frozenset(re.findall(r"`([\w.]+)`", cell))


def contract_layers(container: str) -> Layers:
    """A layers contract's layers, top to bottom, each as the set of its siblings."""
    found = [c for c in CONTRACTS if c["type"] == "layers" and c["containers"] == [container]]
    assert len(found) == 1, f"one layers contract for {container!r}, found {len(found)}"
    return [frozenset(p.strip() for p in layer.split("|")) for layer in found[0]["layers"]]


def page_layers() -> Layers:
    rows = table(section("## Layers"))
    numbered = sorted(((int(row[0]), names(row[1])) for row in rows), reverse=True)
    assert [n for n, _ in numbered] == list(range(len(rows), 0, -1)), "layers 1..N, once each"
    return [packages for _, packages in numbered]


def page_inner_layers() -> dict[str, Layers]:
    text = section("## Layers")
    inner = text[text.index("| package |"):]
    out = {}
    for package, cell in table(inner):
        out[next(iter(names(package)))] = [names(part) for part in cell.split("→")]
    return out


def test_the_layer_table_is_the_contract() -> None:
    assert page_layers() == contract_layers("pyramids")


def test_the_tables_inside_the_packages_are_their_contracts() -> None:
    inner = page_inner_layers()
    containers = {c["containers"][0] for c in CONTRACTS if c["containers"] != ["pyramids"]}
    assert {f"pyramids.{p}" for p in inner} == containers
    for package, layers in inner.items():
        assert layers == contract_layers(f"pyramids.{package}"), package


def test_every_contract_keeps_each_module_on_a_layer_and_excepts_nothing() -> None:
    for contract in CONTRACTS:
        assert contract.get("exhaustive") is True, contract["id"]
        assert not contract.get("ignore_imports"), contract["id"]


def children(folder: Path) -> set[str]:
    """A package's modules and subpackages as the page names them: ``x.py``, ``x/``."""
    out = set()
    for p in folder.iterdir():
        if p.name in ("__init__.py", "__pycache__") or p.name.startswith("."):
            continue
        if p.is_dir():
            out.add(p.name + "/")
        elif p.suffix == ".py":
            out.add(p.name)
    return out


def test_every_top_level_package_and_module_stands_on_a_layer() -> None:
    on_layers = {name for layer in page_layers() for name in layer}
    tree = {name.removesuffix("/").removesuffix(".py") for name in children(SRC)}
    assert tree - {"data"} == on_layers
    # the data folder holds no code of the package: nothing there is imported
    assert not (SRC / "data" / "__init__.py").exists()


PACKAGES = sorted(name.removesuffix("/") for name in children(SRC)
                  if name.endswith("/") and name != "data/")


@pytest.mark.parametrize("package", PACKAGES)
def test_every_module_is_named_in_its_package_section(package: str) -> None:
    heading = re.search(rf"^### `{package}/`.*$", PAGE, re.M)
    assert heading is not None, f"no section for {package}/"
    text = section(heading.group(0))
    for child in sorted(children(SRC / package)):
        stem = child.removesuffix("/").removesuffix(".py")
        spelled = (f"`{child}`", f"`{package}/{child}`", f"`{stem}`", f"{child}`")
        assert any(s in text for s in spelled), f"{package}/{child} is not named"


def test_the_top_level_modules_have_their_section() -> None:
    modules = sorted(name for name in children(SRC) if name.endswith(".py"))
    text = section(next(h for h in re.findall(r"^### .*$", PAGE, re.M)
                        if all(f"`{m}`" in h for m in modules)))
    for m in modules:
        assert f"**`{m}`**" in text, m


@pytest.mark.parametrize("cls", [Verdict, Variant])
def test_the_value_types_have_the_fields_the_page_gives(cls: type) -> None:
    m = re.search(rf"`{cls.__name__}\(([^)]*)\)`", PAGE)
    assert m is not None, f"the page spells out no {cls.__name__}(...)"
    said = [f.strip() for f in m.group(1).replace("\n", " ").split(",")]
    assert said == [f.name for f in dataclasses.fields(cls)]
