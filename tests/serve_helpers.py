"""A real ``pyramids serve`` on the loopback for the tests that talk to it over HTTP."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

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
    with server_process("--workers", "1", "--log-level", "warning", *args) as served:
        yield served.base


@dataclass
class Served:
    """A server started by :func:`server_process`: its URL, process, and the lines it has
    written so far (read as they come, so that a busy log never fills the pipe)."""

    base: str
    proc: subprocess.Popen[bytes]
    lines: list[str] = field(default_factory=list)
    reader: threading.Thread | None = None

    def output(self, wait: float = 5) -> list[str]:
        """Every line, once the process has ended and its output is all read."""
        if self.reader is not None:
            self.reader.join(wait)
        return self.lines


@contextmanager
def server_process(*args: str, env: dict[str, str] | None = None,
                   command: list[str] | None = None,
                   ) -> Iterator[Served]:
    """Start ``command`` (default: ``pyramids serve`` on the loopback) with ``args`` and
    ``env`` added, on a free port (``PYRAMIDS_PORT``, whatever ``env`` says), wait (at
    most 30 s) until ``/healthz`` answers; yield it (:class:`Served`); stop it with SIGINT
    if it still runs."""
    import httpx

    port = free_port()
    proc = subprocess.Popen(
        [*(command or [sys.executable, "-c", "from pyramids.cli import main; main()",
                       "serve", "--host", HOST]), *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env=os.environ | (env or {}) | {"PYTHONUNBUFFERED": "1", "PYRAMIDS_PORT": str(port)})
    served = Served(f"http://{HOST}:{port}", proc)

    def read() -> None:  # ends with the process's output
        assert proc.stdout is not None
        for raw in proc.stdout:
            served.lines.append(raw.decode(errors="replace").rstrip("\n"))

    served.reader = threading.Thread(target=read, daemon=True)
    served.reader.start()
    base = served.base
    try:
        deadline = time.monotonic() + 30
        while True:  # bounded: at most 30 s of polling
            if proc.poll() is not None:
                out = "\n".join(served.output())
                pytest.fail(f"pyramids serve exited with {proc.returncode}: {out}")
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("pyramids serve did not answer /healthz within 30 s")
            time.sleep(0.2)
        yield served
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
