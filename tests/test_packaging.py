"""The shipped collections travel with the package: a wheel built from the project and
installed (not editable) into a fresh virtual environment finds them from another folder,
for ``pyramids book`` and for the service's ``/v1/puzzles``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from pyramids.generator import collections as puzzles

ROOT = Path(__file__).resolve().parent.parent


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, f"{args}\nstdout:\n{r.stdout}\nstderr:\n{r.stderr}"
    return r


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel of the project, built offline from a copy of its sources (so the build
    leaves nothing in the working tree)."""
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "src", src / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.nbi", "*.nbc"))
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
          "--no-index", "-q", "-w", str(out), str(src)], cwd=src)
    (whl,) = out.glob("pyramids-*.whl")
    return whl


def test_the_wheel_holds_every_shipped_collection(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = [p.name for p in puzzles.collections()]
    assert len(shipped) >= 4
    for name in [*shipped, "README.md", puzzles.MANIFEST]:
        assert f"pyramids/data/puzzles/{name}" in names


def test_the_wheel_holds_the_books_font(wheel: Path) -> None:
    """Every book embeds DejaVu Sans from the package (pyramids.book.fonts): the fonts and
    their licence are package data."""
    from pyramids.book import fonts

    names = set(zipfile.ZipFile(wheel).namelist())
    for name in [*fonts.FILES.values(), "LICENSE"]:
        assert f"pyramids/data/fonts/{name}" in names


def test_the_wheel_holds_the_web_page(wheel: Path) -> None:
    """The web page's static files (served at / by ``pyramids serve``) are package data."""
    static = ROOT / "src" / "pyramids" / "service" / "static"
    names = set(zipfile.ZipFile(wheel).namelist())
    files = [p.name for p in static.iterdir()]
    assert {"index.html", "app.js", "style.css"} <= set(files)
    for name in files:
        assert f"pyramids/service/static/{name}" in names


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed (no dependencies: those of the
    running interpreter are put on its path after its own site-packages, so the installed
    wheel, not the editable checkout, is what imports as ``pyramids``)."""
    where = tmp_path_factory.mktemp("venv")
    _run([sys.executable, "-m", "venv", "--without-pip", str(where)], cwd=where)
    python = where / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
          "--no-index", "-q", str(wheel)], cwd=where)
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                     cwd=where).stdout.strip())
    # a plain path line: the dependencies, without the editable install's own .pth hooks
    (site / "zz-outer-deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return where


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYRAMIDS_PUZZLES")}


def test_installed_wheel_finds_the_collections_from_another_folder(
        venv: Path, tmp_path: Path) -> None:
    python = str(venv / "bin" / "python")
    probe = ("import json, pyramids, pyramids.generator.collections as p; "
             "print(json.dumps([pyramids.__file__, [c.name for c in p.collections()]]))")
    where, names = json.loads(_run([python, "-c", probe], cwd=tmp_path, env=_env()).stdout)
    assert Path(where).is_relative_to(venv), where  # the wheel, not the checkout
    assert names == [p.name for p in puzzles.collections()]

    out = tmp_path / "book.pdf"
    r = _run([str(venv / "bin" / "pyramids"), "book", "--count", "4", "--no-on-the-fly",
              "--out", str(out)], cwd=tmp_path, env=_env())
    assert "wrote" in r.stdout and "4 puzzles" in r.stdout, r.stdout
    assert "on the fly" not in r.stderr, r.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_installed_service_lists_the_collections(venv: Path, tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    python = str(venv / "bin" / "python")
    probe = ("import json; from fastapi.testclient import TestClient; "
             "from pyramids.service.app import create_app; "
             "from pyramids.service.config import ServiceConfig; "
             "c = TestClient(create_app(ServiceConfig(workers=1))); "
             "r = c.get('/v1/puzzles'); print(json.dumps([r.status_code, r.json()]))")
    status, body = json.loads(_run([python, "-c", probe], cwd=tmp_path, env=_env()).stdout)
    assert status == 200, body
    got = {c["name"]: c["count"] for c in body["collections"]}
    want = {p.stem: sum(1 for x in p.read_text().splitlines() if x.strip())
            for p in puzzles.collections()}
    assert got == want


def test_the_wheel_carries_the_licence_pyproject_names(wheel: Path) -> None:
    """pyproject.toml says MIT and names LICENSE; the file is the MIT licence and the
    wheel ships it in its metadata."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'license = "MIT"' in pyproject and 'license-files = ["LICENSE"]' in pyproject
    with zipfile.ZipFile(wheel) as z:
        shipped = [n for n in z.namelist() if n.endswith("/LICENSE") and ".dist-info/" in n]
        assert shipped, "no LICENSE in the wheel's metadata"
        assert z.read(shipped[0]).decode() == text
