"""The first solve after install: the kernels are compiled before the solve is timed,
and a compile (not a load from numba's cache) is said once on stderr."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import time

import pytest
from click.testing import CliRunner

from pyramids import warmup
from pyramids.cli import main
from pyramids.core.variants import Variant, get_variant


def test_ready_loads_the_compiled_kernels_without_a_word() -> None:
    """Set up (make setup compiles them), the kernels load in hundredths of a second: no
    notice."""
    said: list[bool] = []
    spent = warmup.ready(get_variant("pyramid"), notice=lambda: said.append(True))
    assert said == [] and spent < warmup.COMPILING_AFTER


def slow_compile(monkeypatch: pytest.MonkeyPatch, seconds: float) -> list[Variant]:
    """Make the kernels' compile take ``seconds`` (a first use after install)."""
    asked: list[Variant] = []
    real = warmup._compile

    def compile_slowly(variant: Variant, goal: bool) -> None:
        asked.append(variant)
        time.sleep(seconds)
        real(variant, goal)

    monkeypatch.setattr(warmup, "_compile", compile_slowly)
    monkeypatch.setattr(warmup, "COMPILING_AFTER", 0.05)
    return asked


def test_ready_tells_once_while_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    slow_compile(monkeypatch, 0.5)
    said: list[float] = []
    t0 = time.perf_counter()
    spent = warmup.ready(get_variant("giza"), notice=lambda: said.append(time.perf_counter()))
    assert len(said) == 1 and said[0] - t0 < 0.45  # told while it works, not after
    assert spent >= 0.5


@pytest.mark.parametrize("command", ["solve", "check"])
def test_first_solve_says_it_compiles_and_times_the_solve_alone(
        monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    asked = slow_compile(monkeypatch, 1.5)
    r = CliRunner().invoke(main, [command, "5", "--variant", "pyramid"])
    assert r.exit_code == 0, r.output
    assert [v.name for v in asked] == ["pyramid"]
    assert r.stderr.count("compiling the solver") == 1, r.stderr
    assert re.search(r"solver compiled in 1\.\d s \(not counted", r.stderr), r.stderr
    if command == "solve":
        seconds = float(re.findall(r"nodes, ([\d.]+)s\]", r.stdout)[0])
    else:
        seconds = float(re.findall(r"engine \w+, ([\d.]+) ms CPU", r.stdout)[0]) / 1000
    assert seconds < 1.0, r.stdout  # the solve alone, not the 1.5 s compile
    # the next one has nothing to compile: not a word
    monkeypatch.setattr(warmup, "_compile", lambda variant, goal: None)
    again = CliRunner().invoke(main, [command, "5", "--variant", "pyramid", "--json"])
    assert again.exit_code == 0 and "compil" not in again.output


def test_a_goal_compiles_the_optimal_solver_too(monkeypatch: pytest.MonkeyPatch) -> None:
    goals: list[bool] = []
    monkeypatch.setattr(warmup, "_compile", lambda variant, goal: goals.append(goal))
    r = CliRunner().invoke(main, ["solve", "2", "--variant", "msc", "--goal", "board"])
    assert r.exit_code == 0, r.output
    assert goals == [True]


BULK_WORK = """
from pyramids.answers.goals import Goal
from pyramids.bulk import Job, analyse_chunk
from pyramids.bulk.sources import NumberRun
from pyramids.core.variants import get_variant

for name, goal in (("pyramid", None), ("bouquet", None), ("msc", "board")):
    job = Job(get_variant(name), slim=True, goal=goal and Goal.parse(goal))
    analyse_chunk(NumberRun(5, 9), job)
"""
DAILY_WORK = """
from pyramids import daily
daily.load_kernels("msc")
"""


@pytest.mark.parametrize("work", [BULK_WORK, DAILY_WORK], ids=["bulk", "daily"])
def test_after_warmup_a_fresh_process_loads_every_kernel_and_compiles_none(work: str) -> None:
    """``python -m pyramids.warmup`` leaves nothing to compile for the bulk runs or the
    daily challenges: a fresh process running ``stats`` work (one-pass Pyramid and the
    bouquet on the batch path, the MSC board goal on the optimal solver), or loading what
    a day's challenges run (:func:`pyramids.daily.load_kernels`: the players, A*, the
    score bound, the growth of A*'s table), takes every numba kernel it calls from the
    disk cache (numba's own counters: cache hits, no misses), as each pool or Dask worker
    does."""
    warmup.warmup()  # compiles what the cache lacks (nothing, once set up)
    code = work + textwrap.dedent("""
        import sys
        from numba.core.registry import CPUDispatcher

        hits = misses = 0
        for mod in list(sys.modules.values()):
            if not getattr(mod, "__name__", "").startswith("pyramids"):
                continue
            for obj in vars(mod).values():
                if isinstance(obj, CPUDispatcher) and obj.signatures:
                    hits += sum(obj.stats.cache_hits.values())
                    misses += sum(obj.stats.cache_misses.values())
        print(hits, misses)
    """)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    hits, misses = map(int, res.stdout.split())
    assert misses == 0 and hits >= 5, (hits, misses)
