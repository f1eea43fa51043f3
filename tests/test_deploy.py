"""deploy/: the systemd unit and the container recipe, each command in them run as far as
this machine allows: the unit checked by ``systemd-analyze verify`` and its ExecStart run
with its environment, stopped by its KillSignal within its TimeoutStopSec; the
container's CMD run with its ENV and its HEALTHCHECK command run against it (and against
a closed port). Not run here: ``docker build`` (no container engine: skipped, saying so;
its ``pip install`` also needs the network) and ``useradd`` (it changes the machine);
``python -m pyramids.warmup`` is what ``make setup`` runs (tests/test_warmup.py)."""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from pyramids.cli.serve import serve  # noqa: E402
from serve_helpers import HOST, server_process  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "deploy" / "pyramids.service"
CONTAINER = ROOT / "deploy" / "Containerfile"
#: Where both files install the service, and where the test's environment has it.
INSTALLED = "/opt/pyramids/.venv/bin/"
HERE = Path(sys.executable).parent
VARIABLES = {p.envvar for p in serve.params if p.name != "help"}


def unit_settings() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            out.setdefault(key.strip(), []).append(value.strip())
    return out


def container_lines() -> list[str]:
    """The recipe's instructions, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n\s*", " ", CONTAINER.read_text())
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def here(argv: list[str]) -> list[str]:
    """A command of the files with the installed venv's programs replaced by this one's."""
    return [str(HERE / a.removeprefix(INSTALLED)) if a.startswith(INSTALLED) else a
            for a in argv]


def test_the_unit_verifies() -> None:
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("no systemd-analyze on this machine")
    if not (HERE / "pyramids").exists():
        pytest.skip(f"no pyramids program beside {sys.executable}")
    text = UNIT.read_text().replace(INSTALLED, f"{HERE}/")
    copy = Path(pytest.importorskip("tempfile").mkdtemp()) / UNIT.name
    copy.write_text(text)
    r = subprocess.run([tool, "verify", str(copy)], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0 and not r.stderr.strip(), r.stderr


def test_the_units_command_serves_and_stops_within_its_timeout() -> None:
    s = unit_settings()
    env = dict(e.split("=", 1) for e in s["Environment"])
    assert set(env) <= VARIABLES, set(env) - VARIABLES
    (exec_start,) = s["ExecStart"]
    argv = here(exec_start.split())
    if not Path(argv[0]).exists():
        pytest.skip(f"no {argv[0]}")
    grace, stop_timeout = float(env["PYRAMIDS_GRACE"]), float(s["TimeoutStopSec"][0])
    assert grace + 5 < stop_timeout  # systemd never kills a drain
    env |= {"PYRAMIDS_WORKERS": "1"}  # (and a free port: server_process)
    with server_process(env=env, command=argv) as served:
        r = httpx.get(f"{served.base}/healthz", timeout=10)
        assert r.status_code == 200 and "x-request-id" in r.headers
        kill = getattr(signal, s["KillSignal"][0])
        served.proc.send_signal(kill)
        t0 = time.monotonic()
        served.proc.wait(stop_timeout)
        assert time.monotonic() - t0 < stop_timeout
    lines = [json.loads(line) for line in served.output() if line.startswith("{")]
    assert any(o.get("route") == "/healthz" for o in lines)  # PYRAMIDS_LOG_FORMAT=json


def test_the_containers_command_and_health_check() -> None:
    lines = container_lines()
    env: dict[str, str] = {}
    for line in lines:
        if line.startswith("ENV "):
            env |= dict(kv.split("=", 1) for kv in line[4:].split())
    assert {k for k in env if k.startswith("PYRAMIDS_")} <= VARIABLES
    assert any(line.startswith("USER ") and line.split()[1] != "root" for line in lines)
    assert any("python -m pyramids.warmup" in line for line in lines if line.startswith("RUN"))
    (cmd,) = [json.loads(line[4:]) for line in lines if line.startswith("CMD ")]
    (health,) = [line for line in lines if line.startswith("HEALTHCHECK ")]
    check = here(json.loads(health.split(" CMD ", 1)[1]))
    argv = here(cmd)
    if not Path(argv[0]).exists():
        pytest.skip(f"no {argv[0]}")
    # as the image runs it, but on the loopback alone (the image listens on 0.0.0.0)
    run_env = env | {"PYRAMIDS_HOST": HOST, "PYRAMIDS_WORKERS": "1"}
    with server_process(env=run_env, command=argv) as served:
        run_env["PYRAMIDS_PORT"] = served.base.rsplit(":", 1)[1]
        ok = subprocess.run(check, env=run_env, capture_output=True, timeout=30)
        assert ok.returncode == 0, ok.stderr
        served.proc.send_signal(signal.SIGTERM)
        served.proc.wait(float(env["PYRAMIDS_GRACE"]) + 2)  # within docker stop's 10 s
    down = subprocess.run(check, env=run_env, capture_output=True, timeout=30)
    assert down.returncode != 0  # nothing there: unhealthy


def test_the_container_builds() -> None:
    docker = shutil.which("docker")
    if docker is None or subprocess.run([docker, "info"], capture_output=True,
                                        timeout=30).returncode != 0:
        pytest.skip("no container engine on this machine: docker build not run")
    r = subprocess.run([docker, "build", "-f", str(CONTAINER), "-t", "pyramids-test",
                        str(ROOT)], capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stderr[-2000:]
