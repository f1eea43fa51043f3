"""Bulk analysis: stream many deals through the engines, in parallel, resumably.

Five jobs, one module each (the names below are all importable from ``pyramids.bulk``):

* :mod:`.sources`: :func:`parse_source` turns ``A:B``, a file or ``-`` (stdin) into a
  :class:`DealSource` of keyed :class:`SourceItem`;
* :mod:`.analysis`: a :class:`Job` (variant, mode, engine, time limit; or one of
  PySolFC's games, :func:`game_job`) and what it does
  with each deal: :func:`analyse` (one deal's verdict), :func:`analyse_item` (its
  record), :func:`analyse_chunk` (many deals at once through the compiled batch path,
  with the same verdicts);
* :mod:`.outfile`: :class:`OutFile`, the resumable JSON-lines record of a run;
* :mod:`.pool`: :class:`BulkRunner`, the process pool that yields records in source
  order;
* :mod:`.runs`: runs as the CLI makes them, for library use too: :func:`make_runner`
  (the local pool, or a Dask cluster's workers), :func:`run_records` (all records of a
  run), :func:`start_run` and :func:`consume` (a run with its out file and progress
  line, interrupted cleanly), :func:`count_run` (a run's counts alone, tallied by the
  workers), :func:`retry_unknown` (an out file's unknown records answered again),
  :func:`run_tally` (``pyramids stats``) and
  :func:`run_table` (``pyramids stats --table``);

plus :mod:`.progress` (the progress line) and :mod:`.errors`.
"""

from __future__ import annotations

from pyramids.answers.portfolio import ENGINES
from pyramids.bulk.analysis import (
    FORMAT_VERSION,
    GAME_NODE_LIMIT,
    MODES,
    QUICK_PASS,
    STATUSES,
    Analyser,
    Engine,
    Grader,
    Job,
    Mode,
    Record,
    analyse,
    analyse_chunk,
    analyse_item,
    check_game_source,
    game_job,
)
from pyramids.bulk.errors import BulkError, Interrupted
from pyramids.bulk.outfile import KeySet, OutFile
from pyramids.bulk.pool import BulkRunner, RunState, default_chunk, default_workers
from pyramids.bulk.progress import Progress, format_duration
from pyramids.bulk.runs import (
    Retried,
    Run,
    TableRun,
    TallyRun,
    cell_file,
    check_source,
    consume,
    count_run,
    make_runner,
    retry_unknown,
    run_job_tally,
    run_records,
    run_table,
    run_tally,
    start_run,
)
from pyramids.bulk.sources import (
    DealSource,
    KeysSource,
    LinesSource,
    PySolFCRangeSource,
    RangeSource,
    SourceItem,
    check_variant,
    parse_deal_line,
    parse_pysolfc_range,
    parse_range,
    parse_source,
)

__all__ = [
    "ENGINES",
    "FORMAT_VERSION",
    "GAME_NODE_LIMIT",
    "MODES",
    "QUICK_PASS",
    "STATUSES",
    "Analyser",
    "BulkError",
    "BulkRunner",
    "DealSource",
    "Engine",
    "Grader",
    "Interrupted",
    "Job",
    "KeySet",
    "KeysSource",
    "LinesSource",
    "Mode",
    "OutFile",
    "Progress",
    "PySolFCRangeSource",
    "RangeSource",
    "Record",
    "Retried",
    "Run",
    "RunState",
    "SourceItem",
    "TableRun",
    "TallyRun",
    "analyse",
    "analyse_chunk",
    "analyse_item",
    "cell_file",
    "check_game_source",
    "check_source",
    "check_variant",
    "consume",
    "count_run",
    "default_chunk",
    "default_workers",
    "format_duration",
    "game_job",
    "make_runner",
    "parse_deal_line",
    "parse_pysolfc_range",
    "parse_range",
    "parse_source",
    "retry_unknown",
    "run_job_tally",
    "run_records",
    "run_table",
    "run_tally",
    "start_run",
]
