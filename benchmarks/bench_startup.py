"""How long ``pyramids check 17`` takes from the shell, against Python's own ``import numba``
in the same run, and which heavy libraries the command loads.

Issue 34's target: ``pyramids check 17`` within 2.5 times ``python -c "import numba"``
(median of 5 each, same run), loading neither reportlab (the book), nor the service, nor
Dask, and OR-Tools only when CP-SAT runs. The commands run in turn (check, numba, check,
numba, ...) after one warm-up each (which also fills numba's cache of the kernels), so a
machine whose speed drifts slows both alike; the wall time of each whole process is
measured from here.

    .venv/bin/python benchmarks/bench_startup.py
    .venv/bin/python benchmarks/bench_startup.py --runs 9 --before /path/to/old/src

``--src DIR`` runs the commands on the package in DIR (by ``PYTHONPATH``; default: the
one this Python imports); ``--before DIR`` times that tree's ``pyramids check 17`` too,
in the same rounds, for a before/after. Progress on stderr, the table on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["check", "17"]
NUMBA = [sys.executable, "-c", "import numba"]
#: The libraries a plain verdict should not load (a module named, or any under it).
HEAVY = ("reportlab", "ortools", "dask", "distributed", "pyramids.service", "fastapi",
         "pyramids.engines.optimal", "pandas")
#: Runs the command in-process, then says which of HEAVY it loaded.
PROBE = ("import json, sys\nfrom pyramids.cli import main\n"
         "main({args!r}, standalone_mode=False)\n"
         "heavy = {heavy!r}\n"
         "print(json.dumps(sorted(h for h in heavy if any(m == h or m.startswith(h + '.') "
         "for m in sys.modules))))\n")


def env_for(src: str | None) -> dict[str, str]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    return env


def pyramids_command() -> list[str]:
    """The installed ``pyramids`` script beside this Python, as a user runs it."""
    script = Path(sys.executable).parent / "pyramids"
    if script.exists():
        return [sys.executable, str(script), *ARGS]
    return [sys.executable, "-c", "from pyramids.cli import main; main()", *ARGS]


def timed(cmd: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def loaded(env: dict[str, str]) -> list[str]:
    code = PROBE.format(args=ARGS, heavy=HEAVY)
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    got: list[str] = json.loads(out.strip().splitlines()[-1])
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="counted runs of each command")
    ap.add_argument("--src", help="the package's source tree to run (PYTHONPATH)")
    ap.add_argument("--before", help="another source tree whose check 17 is timed too")
    a = ap.parse_args()
    trees = {"check 17": env_for(a.src)}
    if a.before:
        trees["check 17 (before)"] = env_for(a.before)
    cmds = {name: (pyramids_command(), env) for name, env in trees.items()}
    cmds["import numba"] = (NUMBA, env_for(None))
    times: dict[str, list[float]] = {name: [] for name in cmds}
    for name, (cmd, env) in cmds.items():  # warm-up: numba's cache, the OS's file cache
        print(f"warm-up: {name}", file=sys.stderr)
        timed(cmd, env)
    for r in range(a.runs):
        print(f"round {r + 1} of {a.runs}", file=sys.stderr)
        for name, (cmd, env) in cmds.items():
            times[name].append(timed(cmd, env))
    numba = statistics.median(times["import numba"])
    load = os.getloadavg()
    print(f"# benchmarks/bench_startup.py --runs {a.runs}: wall seconds of the whole "
          f"process, median of {a.runs} (min-max), commands in turn; load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} cores")
    for name, ts in times.items():
        med = statistics.median(ts)
        ratio = "" if name == "import numba" else f"   {med / numba:.2f} x import numba"
        print(f"{name:<20} {med:6.3f} s ({min(ts):.3f}-{max(ts):.3f}){ratio}")
    for name, env in trees.items():
        heavy = loaded(env)
        print(f"{name}: loads {', '.join(heavy) if heavy else 'none'} of {', '.join(HEAVY)}")


if __name__ == "__main__":
    main()
