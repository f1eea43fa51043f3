"""Bulk analysis: stream many deals through the engines, in parallel, resumably.

Four jobs, one module each (the names below are all importable from ``pyramids.bulk``):

* :mod:`.sources`: :func:`parse_source` turns ``A:B``, a file or ``-`` (stdin) into a
  :class:`DealSource` of keyed :class:`SourceItem`;
* :mod:`.analysis`: a :class:`Job` (variant, mode, engine, time limit) and what it does
  with each deal: :func:`analyse` (one deal's verdict), :func:`analyse_item` (its
  record), :func:`analyse_chunk` (many deals at once through the compiled batch path,
  with the same verdicts);
* :mod:`.outfile`: :class:`OutFile`, the resumable JSON-lines record of a run;
* :mod:`.pool`: :class:`BulkRunner`, the process pool that yields records in source
  order, and :func:`run_records` for library use;

plus :mod:`.progress` (the progress line) and :mod:`.errors`.
"""

from __future__ import annotations

from ..portfolio import ENGINES
from .analysis import (
    FORMAT_VERSION,
    MODES,
    QUICK_PASS,
    STATUSES,
    Analyser,
    Engine,
    Job,
    Mode,
    Record,
    analyse,
    analyse_chunk,
    analyse_item,
)
from .errors import BulkError, Interrupted
from .outfile import KeySet, OutFile
from .pool import BulkRunner, RunState, default_chunk, default_workers, run_records
from .progress import Progress, format_duration
from .sources import (
    DealSource,
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
    "MODES",
    "QUICK_PASS",
    "STATUSES",
    "Analyser",
    "BulkError",
    "BulkRunner",
    "DealSource",
    "Engine",
    "Interrupted",
    "Job",
    "KeySet",
    "LinesSource",
    "Mode",
    "OutFile",
    "Progress",
    "PySolFCRangeSource",
    "RangeSource",
    "Record",
    "RunState",
    "SourceItem",
    "analyse",
    "analyse_chunk",
    "analyse_item",
    "check_variant",
    "default_chunk",
    "default_workers",
    "format_duration",
    "parse_deal_line",
    "parse_pysolfc_range",
    "parse_range",
    "parse_source",
    "run_records",
]
