"""schemathesis against ``pyramids serve``, as an API user would: every check, every
operation of ``/openapi.json``, over loopback only.

Starts ``pyramids serve`` on a free 127.0.0.1 port (the shipped puzzle collections, a
time limit cap of ``--cap`` seconds so that the deals it solves stay quick), runs
``schemathesis run --checks all --max-examples N`` with the project's
``schemathesis.toml`` (its exceptions, each with its reason), and prints the figures:
operations, test cases, and failures per check. Exit status: schemathesis's.

    .venv/bin/python benchmarks/fuzz_service.py --examples 100 --seed 1
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from load_service import start_server

ROOT = Path(__file__).resolve().parents[1]
#: schemathesis's checks (``--checks all``) and the failure codes each reports.
CHECKS = {
    "not_a_server_error": ("ST101", "ST102"), "status_code_conformance": ("ST103",),
    "content_type_conformance": ("ST104", "ST105", "ST106"),
    "response_headers_conformance": ("ST107",),
    "response_schema_conformance": ("ST108", "ST109", "ST110", "ST111"),
    "max_response_time": ("ST112",), "negative_data_rejection": ("ST201",),
    "positive_data_acceptance": ("ST202",), "missing_required_header": ("ST203",),
    "unsupported_method": ("ST204",), "allow_header_conformance": ("ST205",),
    "use_after_free": ("ST301",), "ensure_resource_availability": ("ST302",),
    "ignored_auth": ("ST401",), "object_level_authorization": ("ST402",),
}


def fuzz(url: str, examples: int, seed: int, out: Path) -> tuple[int, str]:
    """Run schemathesis on ``url``; its exit status and output (also written to ``out``)."""
    cmd = [str(Path(sys.executable).parent / "schemathesis"), "run",
           f"{url}/openapi.json", "--checks", "all", "--max-examples", str(examples),
           "--seed", str(seed), "--no-color"]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True,
                          env=os.environ | {"NO_COLOR": "1"}, timeout=3600)
    out.write_text(proc.stdout + proc.stderr)
    return proc.returncode, proc.stdout


def figures(output: str) -> dict[str, object]:
    """Operations, test cases, failures per check, from schemathesis's summary."""
    def number(pattern: str) -> int:
        m = re.search(pattern, output)
        return int(m[1]) if m else -1

    failures = {code: int(n) for code, n in re.findall(r"(ST\d{3})[^\n:]*: (\d+)", output)}
    return {
        "operations": number(r"Tested: (\d+)"),
        "cases": number(r"(\d+) generated"),
        "failures": {check: sum(failures.get(c, 0) for c in codes)
                     for check, codes in CHECKS.items()},
        "other": {c: n for c, n in failures.items()
                  if not any(c in codes for codes in CHECKS.values())},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, default=100, help="examples per operation")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2, help="solver processes of the server")
    ap.add_argument("--cap", type=float, default=1.0, help="the server's time limit cap, s")
    ap.add_argument("--out", type=Path, default=Path("/tmp/fuzz_service.out"),
                    help="schemathesis's whole output")
    args = ap.parse_args()
    proc, url = start_server(args.workers, args.workers * 4, args.cap)
    load = os.getloadavg()[0]
    t0 = time.monotonic()
    try:
        status, output = fuzz(url, args.examples, args.seed, args.out)
    finally:
        proc.terminate()
        proc.wait(timeout=15)
    seconds = time.monotonic() - t0
    f = figures(output)
    print(f"schemathesis --checks all --max-examples {args.examples} --seed {args.seed} on "
          f"pyramids serve ({args.workers} solver processes, time limit cap {args.cap:g} s): "
          f"{seconds:.0f} s, load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    print(f"operations: {f['operations']}   test cases: {f['cases']}   exit status {status}")
    print("failures per check:")
    for check, n in f["failures"].items():  # type: ignore[attr-defined]
        print(f"  {check:<30} {n}")
    if f["other"]:
        print(f"  other: {f['other']}")
    sys.exit(status)


if __name__ == "__main__":
    main()
