"""``pyramids serve``: the deal-analysis HTTP service (FastAPI on uvicorn).

Every option can also be set by an environment variable, ``PYRAMIDS_`` and its name
(``--time-limit-cap``: ``PYRAMIDS_TIME_LIMIT_CAP``); a flag on the command line wins.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from pyramids.cli.options import UserError


def env(name: str) -> dict[str, Any]:
    """The option's environment variable, shown by ``--help``."""
    return {"envvar": f"PYRAMIDS_{name}", "show_envvar": True}


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.",
              **env("HOST"))
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port (0: any free port).", **env("PORT"))
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Solver processes (default: one per core).", **env("WORKERS"))
@click.option("--queue", type=click.IntRange(0, 10_000), default=None,
              help="Jobs that may wait for a solver before 503 (default: 4 a worker, at least 8).",
              **env("QUEUE"))
@click.option("--time-limit-cap", "max_time_limit", type=click.FloatRange(min=0.1),
              default=None, help="Longest time limit a request may ask for, in seconds.",
              **env("TIME_LIMIT_CAP"))
@click.option("--max-batch", type=click.IntRange(1, 100_000), default=None,
              help="Most deals in one /v1/filter request.", **env("MAX_BATCH"))
@click.option("--puzzles", "puzzles_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Folder of puzzle collections (*.jsonl); default: the "
                                 "shipped ones.", **env("PUZZLES"))
@click.option("--trusted-proxy", "trusted_proxies", multiple=True, metavar="ADDRESS",
              help="A reverse proxy (address or network, e.g. 10.0.0.0/8) whose "
                   "X-Forwarded-For names the client a request is charged to; repeat for "
                   "more (in the variable: separated by spaces). Default: none, every "
                   "client is its peer address.", **env("TRUSTED_PROXY"))
@click.option("--grace", type=click.FloatRange(min=0), default=30.0, show_default=True,
              help="Seconds the jobs in flight get to finish after SIGTERM (new requests "
                   "are answered 503 meanwhile; those still running then, 503 too).",
              **env("GRACE"))
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]),
              help="The least important log lines written (the request log is at info).",
              **env("LOG_LEVEL"))
@click.option("--log-format", default="text", show_default=True,
              type=click.Choice(["text", "json"]),
              help="One line per request and message on stderr: plain text, or a JSON "
                   "object a log collector reads.", **env("LOG_FORMAT"))
def serve(host: str, port: int, workers: int | None, queue: int | None,
          max_time_limit: float | None, max_batch: int | None, puzzles_dir: Path | None,
          trusted_proxies: tuple[str, ...], grace: float, log_level: str,
          log_format: str) -> None:
    """Serve deal analysis over HTTP: a web page at / (open the address printed), and
    /v1/check, /v1/filter, /v1/position, /v1/deals, /v1/variants, /v1/puzzles, /v1/books,
    /healthz and /metrics (OpenAPI docs at /docs). Each option may be given as the
    environment variable shown beside it; the flag wins."""
    try:  # the service extra (optional dependencies), and only it
        import fastapi  # noqa: F401
        import prometheus_client  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as e:
        raise UserError(
            f"pyramids serve needs the service extra ({e.name or e} is missing): "
            "pip install 'pyramids[service]'") from None
    from pyramids.service.app import create_app
    from pyramids.service.config import ServiceConfig

    overrides = {k: v for k, v in (("workers", workers), ("queue", queue),
                                   ("max_time_limit", max_time_limit),
                                   ("max_batch", max_batch), ("puzzles_dir", puzzles_dir))
                 if v is not None}
    try:
        config = ServiceConfig(**overrides,  # type: ignore[arg-type]
                               trusted_proxies=tuple(trusted_proxies), shutdown_grace=grace)
    except ValueError as e:
        raise UserError(str(e)) from None
    from pyramids.service.server import raise_open_files_limit, run

    app = create_app(config)
    raise_open_files_limit()
    run(app, host, port, log_level, log_format,
        f"pyramids serve: http://{host}:{port} ({config.workers} solver processes, "
        f"{config.capacity - config.workers} jobs may wait, time limit cap "
        f"{config.max_time_limit:g} s)")
