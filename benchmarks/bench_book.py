"""Books on demand: how long ``pyramids book`` takes, from the collections and beyond them.

    .venv/bin/python benchmarks/bench_book.py [--compare /work/wt26-base] [--fresh DIR]

Prints, for this checkout (and with ``--compare ROOT`` for another one, e.g. an untouched
checkout of main, run with the same Python and the ``src`` of ROOT, in the same run):

* ``book -V V --grade expert -n 50`` for Giza, Pyramid and Par Pyramid: wall seconds
  (median of ``--repeat`` runs; the other checkout once, with a ``--timeout``), and how
  many puzzles were made on the fly;
* a book that must generate ``--beyond`` (100) expert Giza puzzles past what the
  collections hold, with 1 and with 2 workers: wall and CPU seconds, deals scanned, the
  scan's rate (its progress line's), the speed-up, how many times the progress line was
  drawn, and whether both books are the same bytes (``--only-beyond``: just this); and
  as a control, how many cores one and two busy processes get here at that moment;
* the default book (``make book``: ``pyramids book``) of both checkouts: sha256.

With ``--fresh DIR`` the first three are timed with the ``pyramids`` of a new virtual
environment made in DIR from this checkout (``pip install``, no editable install, no
warm-up), its very first runs. Wall times depend on the load of the shared machine (the
load average is printed).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
VARIANTS = ("giza", "pyramid", "par-pyramid")


def run(cmd: list[str], env: dict[str, str] | None = None, timeout: float | None = None
        ) -> tuple[float, float, str, int]:
    """Wall and CPU seconds (the command and its children), stderr, exit status."""
    t0 = time.perf_counter()
    c0 = os.times()
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
        err, rc = p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        err, rc = (e.stderr or b"").decode() if isinstance(e.stderr, bytes) else "", -1
    c1 = os.times()
    cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
    return time.perf_counter() - t0, cpu, err, rc


def pyramids_cmd(root: Path | None, exe: str | None) -> tuple[list[str], dict[str, str]]:
    """How to run the CLI of ``root`` (its ``src`` first on the path) or ``exe``."""
    env = dict(os.environ)
    if exe is not None:
        return [exe], env
    if root is not None:
        env["PYTHONPATH"] = str(root / "src")
    return [sys.executable, "-c", "from pyramids.cli import main; main()"], env


def held(env: dict[str, str], variant: str, grade: str) -> int:
    """Puzzles of ``variant`` and ``grade`` in the shipped collections."""
    code = ("import json; from pyramids import puzzles; print(sum(1 for f in "
            "puzzles.collections() for l in f.read_text().splitlines() if l.strip() and "
            f"json.loads(l)['variant']['name'] == {variant!r} and "
            f"json.loads(l)['grade'] == {grade!r}))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout
    return int(out.strip())


def on_the_fly(err: str) -> int:
    m = re.search(r"generating (\d+) \S+ puzzle", err)
    return int(m.group(1)) if m else 0


def books_of_50(label: str, exe: list[str], env: dict[str, str], repeat: int,
                timeout: float | None, tmp: Path, flags: tuple[str, ...] = ("--no-progress",)
                ) -> None:
    for v in VARIANTS:
        walls = []
        made = 0
        for i in range(repeat):
            out = tmp / f"{label}-{v}-{i}.pdf"
            wall, _, err, rc = run([*exe, "book", "-V", v, "--grade", "expert", "-n", "50",
                                    *flags, "--out", str(out)], env, timeout)
            if rc != 0:
                print(f"  {label}: book -V {v} --grade expert -n 50: "
                      + ("timed out" if rc == -1 else f"failed ({rc})")
                      + f" after {wall:.1f} s wall")
                break
            walls.append(wall)
            made = on_the_fly(err)
        if walls:
            print(f"  {label}: book -V {v} --grade expert -n 50: "
                  f"{statistics.median(walls):.2f} s wall (median of {len(walls)}: "
                  f"{', '.join(f'{w:.2f}' for w in walls)}), {made} made on the fly")
        sys.stdout.flush()


def _burn(seconds: float) -> None:
    end = time.time() + seconds
    while time.time() < end:
        pass


def cores_here(seconds: float = 4.0) -> tuple[float, float]:
    """The cores this session gets with 1 and with 2 busy processes (a control: on a
    shared machine the kernel may share the CPU between sessions, so that a second
    worker gets nothing more however well the work is split)."""
    import multiprocessing

    out = []
    for n in (1, 2):
        t0, c0 = time.time(), os.times()
        with multiprocessing.Pool(n) as p:
            p.map(_burn, [seconds] * n)
        c1 = os.times()
        cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
        out.append(cpu / (time.time() - t0))
    return out[0], out[1]


def beyond(exe: list[str], env: dict[str, str], extra: int, tmp: Path) -> None:
    have = held(env, "giza", "expert")
    n = have + extra
    print(f"\n== book -V giza --grade expert -n {n}: the {have} expert Giza puzzles of the "
          f"collections and {extra} generated (load average {os.getloadavg()[0]:.2f})")
    one, two = cores_here()
    print(f"  control: 1 busy process gets {one:.2f} cores here, 2 get {two:.2f} (two "
          f"workers can be at most {two / max(one, 1e-9):.2f}x one now)")
    rates = {}
    pdfs = {}
    for j in (1, 2):
        out = tmp / f"beyond-j{j}.pdf"
        wall, cpu, err, rc = run([*exe, "book", "-V", "giza", "--grade", "expert", "-n", str(n),
                                  "-j", str(j), "--progress", "--out", str(out)], env)
        lines = [x for x in err.replace("\r", "\n").splitlines() if "on the fly:" in x]
        last = lines[-1].strip() if lines else "(no progress line)"
        m = re.search(r": ([\d,]+) deals", last)
        deals = int(m.group(1).replace(",", "")) if m else 0
        r = re.search(r"([\d,.]+) deals/s", last)
        rates[j] = float(r.group(1).replace(",", "")) if r else 0.0  # the scan's own rate
        pdfs[j] = out.read_bytes() if rc == 0 else b""
        print(f"  -j {j}: {wall:.1f} s wall (the whole book), {cpu:.1f} s CPU, {deals} deals "
              f"scanned at {rates[j]:.1f} deals/s, progress drawn {len(lines)} times, "
              f"exit {rc}, load average {os.getloadavg()[0]:.2f} after")
        print(f"    last progress line: {last}")
        sys.stdout.flush()
    print(f"  2 workers: {rates[2] / max(rates[1], 1e-9):.2f}x the scan rate of 1; the two "
          "books are "
          + ("the same bytes" if pdfs[1] == pdfs[2] and pdfs[1] else "DIFFERENT"))


def default_book(label: str, exe: list[str], env: dict[str, str], tmp: Path) -> str:
    out = tmp / f"default-{label}.pdf"
    wall, _, _, rc = run([*exe, "book", "--out", str(out)], env)
    digest = hashlib.sha256(out.read_bytes()).hexdigest() if rc == 0 else "(failed)"
    print(f"  {label}: pyramids book (make book): {wall:.2f} s wall, sha256 {digest}")
    return digest


def fresh_install(where: Path) -> str:
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    t0 = time.perf_counter()
    subprocess.run([str(where / "bin" / "pip"), "install", "-q", str(HERE)], check=True,
                   capture_output=True)
    print(f"  fresh install in {where}: pip install {time.perf_counter() - t0:.0f} s")
    return str(where / "bin" / "pyramids")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--compare", type=Path, help="another checkout (before)")
    ap.add_argument("--fresh", type=Path, help="make a fresh install here and time it")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=300.0,
                    help="seconds for each book of the other checkout")
    ap.add_argument("--beyond", type=int, default=100)
    ap.add_argument("--skip-beyond", action="store_true")
    ap.add_argument("--only-beyond", action="store_true")
    a = ap.parse_args()
    print(f"# bench_book.py, load average {os.getloadavg()[0]:.2f}, "
          f"{os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        exe, env = pyramids_cmd(HERE, None)
        if a.only_beyond:
            beyond(exe, env, a.beyond, tmp)
            return
        print("\n== book -V V --grade expert -n 50")
        if a.fresh is not None:
            fexe = fresh_install(a.fresh)
            books_of_50("fresh install", [fexe], dict(os.environ), a.repeat, None, tmp)
        books_of_50("here", exe, env, a.repeat, None, tmp)
        if a.compare is not None:
            bexe, benv = pyramids_cmd(a.compare, None)
            books_of_50("before", bexe, benv, 1, a.timeout, tmp, ())  # no --progress there
        if not a.skip_beyond:
            beyond(exe, env, a.beyond, tmp)
        print("\n== the default book")
        mine = default_book("here", exe, env, tmp)
        if a.compare is not None:
            theirs = default_book("before", *pyramids_cmd(a.compare, None), tmp)
            print("  the same bytes" if mine == theirs else "  DIFFERENT bytes")
    print(f"\n# load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
