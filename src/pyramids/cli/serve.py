"""``pyramids serve``: the deal-analysis HTTP service (FastAPI on uvicorn)."""

from __future__ import annotations

from pathlib import Path

import click

from pyramids.cli.options import UserError


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port (0: any free port).")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Solver processes (default: one per core).")
@click.option("--queue", type=click.IntRange(0, 10_000), default=None,
              help="Jobs that may wait for a solver before 503 (default: 4 a worker, at least 8).")
@click.option("--time-limit-cap", "max_time_limit", type=click.FloatRange(min=0.1),
              default=None, help="Longest time limit a request may ask for, in seconds.")
@click.option("--max-batch", type=click.IntRange(1, 100_000), default=None,
              help="Most deals in one /v1/filter request.")
@click.option("--puzzles", "puzzles_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Folder of puzzle collections (*.jsonl); default: "
                                 "$PYRAMIDS_PUZZLES, else the shipped ones.")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def serve(host: str, port: int, workers: int | None, queue: int | None,
          max_time_limit: float | None, max_batch: int | None, puzzles_dir: Path | None,
          log_level: str) -> None:
    """Serve deal analysis over HTTP: a web page at / (open the address printed), and
    /v1/check, /v1/filter, /v1/position, /v1/deals, /v1/variants, /v1/puzzles, /v1/books and
    /healthz (OpenAPI docs at /docs)."""
    try:  # the service extra (optional dependencies), and only it
        import fastapi  # noqa: F401
        import uvicorn
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
        config = ServiceConfig(**overrides)  # type: ignore[arg-type]
    except ValueError as e:
        raise UserError(str(e)) from None
    from pyramids.service.server import protocol, raise_open_files_limit

    app = create_app(config)
    raise_open_files_limit()
    click.echo(f"pyramids serve: http://{host}:{port} ({config.workers} solver processes, "
               f"{config.capacity - config.workers} jobs may wait, time limit cap "
               f"{config.max_time_limit:g} s)", err=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level,
                http=protocol(config.head_timeout))
