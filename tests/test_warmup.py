"""The first solve after install: the kernels are compiled before the solve is timed,
and a compile (not a load from numba's cache) is said once on stderr."""

from __future__ import annotations

import re
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
