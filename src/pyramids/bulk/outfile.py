"""The resumable out file of a run (``--out``): JSON lines, a header then one record a deal.

Records are appended and flushed as each chunk comes back, so an interrupted run loses no
finished deal. Opened with ``resume=True`` it reads what is there (dropping a truncated
last line), replays those records, and the run skips them.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TextIO

from pyramids.bulk.analysis import FORMAT_VERSION, STATUSES, Job, Record
from pyramids.bulk.errors import BulkError
from pyramids.bulk.sources import DealSource

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks, one run per file is on you
    fcntl = None  # type: ignore[assignment]


def lock(f: Any, path: Path) -> None:
    """Hold ``f``'s file exclusively for this run (an advisory lock, released when ``f``
    closes, also when the process dies): a second run writing the same out file would
    interleave its records with this one's, or cut them off when it trims a torn tail."""
    if fcntl is None:
        return
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise BulkError(f"{path}: another run is writing it; let that run finish or stop "
                        "it (one run per out file)") from None


class KeySet:
    """A set of keys that stays small when keys arrive nearly in order: every key from
    ``start`` up to ``low`` is in, plus the few out-of-order keys in ``extra``."""

    def __init__(self, start: int = 0) -> None:
        self.start = self.low = start
        self.extra: set[int] = set()

    def __contains__(self, key: int) -> bool:
        return self.start <= key < self.low or key in self.extra

    def __len__(self) -> int:
        return self.low - self.start + len(self.extra)

    def add(self, key: int) -> None:
        if key == self.low:
            self.low += 1
            while self.low in self.extra:
                self.extra.remove(self.low)
                self.low += 1
        elif key not in self:
            self.extra.add(key)


class OutFile:
    """The JSON-lines record of a run. New: refuses to overwrite a non-empty file. With
    ``resume``: checks the header matches the job, drops a truncated last line (a run
    killed mid-write), and exposes the keys already done; prior records are read again,
    in file order, by :meth:`prior_records`."""

    def __init__(self, path: str | Path, job: Job, source: DealSource, resume: bool = False
                 ) -> None:
        self.path = Path(path)
        self.job, self.source = job, source
        self.done = KeySet(source.first_key)
        self._good_end = 0
        self._has_header = False
        self.header: dict[str, Any] = {}  # the file's header, when it has one
        self.dropped_tail = False
        self._size = 0  # the file's size when it was read
        if self.path.exists() and self.path.stat().st_size > 0:
            if not resume:
                raise BulkError.coded("out-exists", path=self.path)
            self._size = self.path.stat().st_size
            self._scan()
        self._f: TextIO | None = None

    def _scan(self) -> None:
        """Check the header, find the end of the last complete line, fill ``done``."""
        with self.path.open("rb") as f:
            offset = 0
            for lineno, raw in enumerate(f, 1):
                complete = raw.endswith(b"\n")
                try:
                    obj = json.loads(raw) if complete else None
                except ValueError:
                    obj = None
                if obj is None:
                    if f.read(1):  # not the last line: the file is damaged
                        raise BulkError(f"{self.path} line {lineno} is not a JSON record: "
                                        f"{raw[:60]!r}")
                    self.dropped_tail = True
                    break
                if lineno == 1:
                    self._check_header(obj)
                    self._has_header, self.header = True, obj
                else:
                    if not isinstance(obj, dict) or not isinstance(obj.get("i"), int) or \
                            obj.get("status") not in STATUSES:
                        raise BulkError(f"{self.path} line {lineno} is not a deal record: "
                                        f"{raw[:60]!r}")
                    if self.source.contains(obj["i"]):
                        self.done.add(obj["i"])
                offset += len(raw)
            self._good_end = offset

    def _check_header(self, obj: Any) -> None:
        if not isinstance(obj, dict) or obj.get("pyramids_bulk") != FORMAT_VERSION:
            raise BulkError(f"{self.path} is not a pyramids bulk results file")
        want = self.job.header(self.source)
        for key in ("variant", "mode", "engine", "source_kind"):
            if obj.get(key) != want[key]:
                raise BulkError(f"{self.path} was written with {key} {obj.get(key)!r}, "
                                f"this run has {want[key]!r}: resume with the same options")
        # ranges (deal numbers, PySolFC game numbers) are keyed by number: another range of
        # the same kind reads back the records it holds (wider: continue; narrower: count)
        if self.source.kind not in ("range", "pysolfc") and obj.get("source") != want["source"]:
            raise BulkError(f"{self.path} was written for {obj.get('source')!r}, "
                            f"this run reads {want['source']!r}")

    def prior_records(self) -> Iterator[Record]:
        """The records already in the file that belong to this source, once each."""
        if not self._has_header:
            return
        seen = KeySet(self.source.first_key)
        with self.path.open("rb") as f:
            f.readline()
            pos = f.tell()
            while pos < self._good_end:
                raw = f.readline()
                pos += len(raw)
                rec = json.loads(raw)
                key = rec["i"]
                if key in seen or not self.source.contains(key):
                    continue
                seen.add(key)
                yield rec

    def unknown_keys(self) -> list[int]:
        """The keys of this source whose record in the file is ``unknown`` (a node or time
        limit hit), in file order: what ``stats --retry-unknown`` answers again. Raises
        :class:`BulkError` when the job's limits, goal or grading are not the file's (a
        record answered with other settings would not be the run's)."""
        if not self._has_header:
            return []
        want = self.job.header(self.source)
        for key in ("time_limit", "node_limit", "goal", "graded"):
            if self.header.get(key) != want.get(key):
                raise BulkError(f"{self.path} was written with {key} "
                                f"{self.header.get(key)!r}, this run has {want.get(key)!r}: "
                                "unknown records are retried with the run's own settings")
        return [rec["i"] for rec in self.prior_records() if rec["status"] == "unknown"]

    def replace(self, records: Mapping[int, Record]) -> None:
        """Rewrite the file with the record of each key in ``records`` in place of its
        record (the first one of that key, the one read back), every other line, the
        header included, as it was (a truncated tail is dropped). Atomic: a temp file in
        the same folder, flushed, then ``os.replace``; interrupted, the old file stays
        whole."""
        if not self._has_header:
            raise BulkError(f"{self.path} has no header: nothing to replace")
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp",
                                   dir=self.path.parent)
        try:
            os.chmod(tmp, self.path.stat().st_mode & 0o777)
            seen = KeySet(self.source.first_key)
            with self.path.open("rb") as src, os.fdopen(fd, "wb") as dst:
                self._hold(src)
                dst.write(src.readline())
                pos = src.tell()
                while pos < self._good_end:
                    raw = src.readline()
                    pos += len(raw)
                    key = json.loads(raw)["i"]
                    if self.source.contains(key) and key not in seen:
                        seen.add(key)
                        if key in records:
                            raw = (json.dumps(records[key], separators=(",", ":"))
                                   + "\n").encode()
                    dst.write(raw)
                dst.flush()
                os.fsync(dst.fileno())
                end = dst.tell()
            os.replace(tmp, self.path)
            self._good_end = self._size = end
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise

    def _hold(self, f: Any) -> None:
        """Lock the file (:func:`lock`) and check it is as this run read it."""
        lock(f, self.path)
        if os.fstat(f.fileno()).st_size != self._size:
            raise BulkError(f"{self.path} changed since this run read it: another run is "
                            "writing it (one run per out file)")

    def open(self) -> None:
        """Lock the file for this run, cut a truncated tail, write the header if needed,
        and open for appending."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        f = self.path.open("a", encoding="utf-8")
        try:
            self._hold(f)
            if self._has_header:
                os.ftruncate(f.fileno(), self._good_end)
            else:  # empty, or a torn header line
                os.ftruncate(f.fileno(), 0)
                f.write(json.dumps(self.job.header(self.source)) + "\n")
                f.flush()
        except BaseException:
            f.close()
            raise
        self._f = f

    def write(self, records: Iterable[Record]) -> None:
        assert self._f is not None
        self._f.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
        self._f.flush()

    def close(self) -> None:
        if self._f is not None:
            self._f.flush()
            with contextlib.suppress(OSError):
                os.fsync(self._f.fileno())
            self._f.close()
            self._f = None

