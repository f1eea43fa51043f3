"""A real ``pyramids serve`` on the loopback for the tests that talk to it over HTTP."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@contextmanager
def running_server(*args: str) -> Iterator[str]:
    """Start ``pyramids serve`` (one worker, plus ``args``) on a free loopback port, wait
    (at most 30 s) until ``/healthz`` answers, yield its base URL, stop it with SIGINT."""
    import httpx

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", "from pyramids.cli import main; main()", "serve",
         "--host", HOST, "--port", str(port), "--workers", "1", "--log-level", "warning",
         *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env=os.environ | {"PYTHONUNBUFFERED": "1"})
    base = f"http://{HOST}:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:  # bounded: at most 30 s of polling
            if proc.poll() is not None:
                out = proc.stdout.read().decode() if proc.stdout else ""
                pytest.fail(f"pyramids serve exited with {proc.returncode}: {out}")
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("pyramids serve did not answer /healthz within 30 s")
            time.sleep(0.2)
        yield base
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
