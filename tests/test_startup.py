"""A command loads only what it needs (issue 34): ``pyramids check 17`` loads neither
the book's reportlab, nor the service, nor Dask, and OR-Tools only where CP-SAT runs;
where it runs, the time printed leaves its import out (``pyramids.engines.clock``)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import click
import pytest
from click.testing import CliRunner

from pyramids.answers.certificates import quick_certificate, structural_certificate
from pyramids.cli import COMMANDS, main
from pyramids.core.deals import Deal
from pyramids.core.variants import get_variant
from pyramids.engines import clock

#: What a plain verdict must not load (a module, or any module under it).
NOT_FOR_A_VERDICT = ("reportlab", "ortools", "dask", "distributed", "pyramids.service")


def run_fresh(args: list[str]) -> tuple[str, list[str]]:
    """``pyramids ARGS`` in a new Python: what it printed, and which of
    :data:`NOT_FOR_A_VERDICT` it loaded."""
    code = ("import json, sys\nfrom pyramids.cli import main\n"
            f"main({args!r}, standalone_mode=False)\n"
            f"heavy = {NOT_FOR_A_VERDICT!r}\n"
            "print(json.dumps(sorted(h for h in heavy if any(\n"
            "    m == h or m.startswith(h + '.') for m in sys.modules))))\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 0, res.stderr
    *out, last = res.stdout.strip().splitlines()
    return "\n".join(out), json.loads(last)


@pytest.mark.parametrize("args", [["check", "17"], ["check", "17", "-V", "giza"],
                                  ["check", "5", "-V", "bouquet", "--json"],
                                  ["solve", "17"], ["deal", "17"]])
def test_a_verdict_loads_no_book_service_dask_or_ortools(args: list[str]) -> None:
    out, heavy = run_fresh(args)
    assert out and heavy == [], (args, heavy)


def test_ortools_is_loaded_where_cpsat_runs_and_its_import_is_not_timed() -> None:
    """``--engine cpsat``: OR-Tools is loaded (the probe sees it), and the seconds printed
    are CP-SAT's (tens of milliseconds), not the import's (the better part of a second
    of CPU, measured here in a fresh Python)."""
    out, heavy = run_fresh(["check", "17", "--engine", "cpsat", "--json"])
    assert heavy == ["ortools"]
    verdict = json.loads(out)
    assert verdict["status"] == "blocked" and verdict["engines"][0]["engine"] == "cpsat"
    importing = subprocess.run(
        [sys.executable, "-c", "import time\nt = time.process_time()\n"
         "from ortools.sat.python import cp_model\nprint(time.process_time() - t)"],
        capture_output=True, text=True, timeout=120, check=True)
    import_cpu = float(importing.stdout)
    assert import_cpu > 0.1, import_cpu  # else this test cannot tell the two apart
    assert verdict["seconds"] < import_cpu / 2, (verdict["seconds"], import_cpu)
    assert verdict["engines"][0]["seconds"] < import_cpu / 2, verdict["engines"]


def test_clocks_leave_out_what_is_loaded() -> None:
    def busy(seconds: float) -> None:
        end = time.process_time() + seconds
        while time.process_time() < end:
            pass

    cpu, wall = clock.cpu(), clock.wall()
    with clock.loading():
        busy(0.15)
        with clock.loading():  # nested: counted once
            busy(0.05)
    assert clock.cpu() - cpu < 0.05 and clock.wall() - wall < 0.05
    busy(0.1)
    assert clock.cpu() - cpu >= 0.1


def test_the_structural_certificate_by_search_is_cpsats() -> None:
    """check() asks the search on the relaxation first (no OR-Tools); the certificate is
    the one the CP-SAT open model gives, on deals where it fires and where it does not."""
    fired = 0
    for name in ("pyramid", "giza"):
        v = get_variant(name)
        for n in range(60):
            deal = Deal.from_number(n)
            if quick_certificate(deal, v) is not None:
                continue
            auto = structural_certificate(deal, v)
            assert auto == structural_certificate(deal, v, engine="cpsat"), (name, n)
            fired += auto is not None
    assert fired > 0


def test_every_command_is_found_by_its_name() -> None:
    ctx = click.Context(main)
    names = main.list_commands(ctx)
    assert names == sorted(COMMANDS)
    for name in names:
        command = main.get_command(ctx, name)
        assert isinstance(command, click.Command) and command.name == name
    res = CliRunner().invoke(main, ["--help"])
    assert res.exit_code == 0 and all(f"  {name} " in res.output for name in names)
