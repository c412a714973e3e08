"""The monitor's records and where they go: a JSON-lines file per process, or a list in memory.

Every record is a flat dict with a "type":

- ``process``: a Python process started with the monitor's bootstrap, or forked by one (pid, ppid, argv,
  rank);
- ``worker``: that process is a DataLoader worker (its id);
- ``monitor``: the monitor was installed in that process (torch was imported);
- ``reach``: the first time an op ran at a user file:line (this is the line coverage);
- ``event``: a non-finite value was seen (see ``Kind``), one record per occurrence for the first
  ``FULL_RECORDS_PER_KEY`` occurrences of a (site, phase, kind, op), then only ``count`` records;
- ``count``: the running total of occurrences of one event key;
- ``margin``: the closest approach to an op's danger zone at a site (e.g. smallest |denominator|);
- ``amp_skip``: GradScaler skipped the optimizer step after backward number ``step``;
- ``search``, ``search_progress``: what `verify --search` found for a finding, and how far it is;
- ``note``: something the report must say (torch.compile regions that were not monitored, ...);
- ``exit``: the process ended normally (absent after a crash or a kill).

Nothing here imports torch.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from typing import Dict, Iterator, List

FULL_RECORDS_PER_KEY = 10
_forking_for_replay = False  # step_replay.py forks a child that reports through a pipe, as no process of the run


@contextlib.contextmanager
def replay_fork():
    """Around the `os.fork()` of a replay: the child neither opens an event file nor announces itself."""
    global _forking_for_replay
    _forking_for_replay = True
    try:
        yield
    finally:
        _forking_for_replay = False


def forking_for_replay() -> bool:
    return _forking_for_replay


class Kind:
    """Why a non-finite value was seen where it was."""

    ROOT = "root"  # born here: finite inputs, non-finite output (or NaN out of an intentional -inf)
    NAN_FROM_INF = "nan_from_inf"  # a NaN made from an Inf that an earlier root cause produced
    INPUT = "input"  # non-finite data that came from outside (a file, numpy, another process)
    ECHO = "echo"  # non-finite weights or activations an earlier root left behind (no op here made them)
    FROM_WORKER = "from_worker"  # a DataLoader worker's batch held it (the worker reports where it was made)
    FILL = "fill"  # written on purpose: masked_fill(-inf), torch.full(inf), torch.tensor([nan])
    INPLACE_ERROR = "inplace_error"  # autograd refused an in-place operation
    ANOMALY_ERROR = "anomaly_error"  # torch's anomaly mode raised
    NUMERIC_ERROR = "numeric_error"  # an op raised instead of making Inf/NaN (a fill overflows, a singular matrix)


def event_key(record: dict) -> tuple:
    """Occurrences of the same event at the same place share a key (used for counting)."""
    return (record["path"], record["line"], record["phase"], record["kind"], record["op"])


class JsonlSink:
    """Appends records to one file, flushed per record so that a crash or a kill loses nothing."""

    def __init__(self, run_dir: str):
        self._run_dir = run_dir
        self._lock = threading.Lock()
        self._file = None
        self._open()
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._reopen_after_fork)

    def _open(self) -> None:
        name = "events-%d-%d.jsonl" % (os.getpid(), time.monotonic_ns() % 10**9)
        self._file = open(os.path.join(self._run_dir, name), "a", encoding="utf-8")

    def _reopen_after_fork(self) -> None:
        # The forked child (a DataLoader worker, say) must not write into its parent's file.
        self._lock = threading.Lock()
        if self._file is not None and not _forking_for_replay:
            self._open()

    def emit(self, record: dict) -> None:
        line = json.dumps(record, separators=(",", ":"), default=str) + "\n"
        with self._lock:
            if self._file is not None:
                self._file.write(line)
                self._file.flush()

    def close(self) -> None:
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None


class MemorySink:
    """Keeps records in a list (for `nanlint.watch()` and the pytest plugin)."""

    def __init__(self):
        self.records: List[dict] = []
        self._lock = threading.Lock()

    def emit(self, record: dict) -> None:
        with self._lock:
            self.records.append(record)

    def close(self) -> None:
        pass


def read_run_dir(run_dir: str) -> List[dict]:
    """All records of all processes of a run; a line cut short by a kill is skipped."""
    records: List[dict] = []
    for name in sorted(os.listdir(run_dir)):
        if name.endswith(".jsonl"):
            records.extend(_read_lines(os.path.join(run_dir, name)))
    return records


def _read_lines(path: str) -> Iterator[dict]:
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict):
                yield record


class RunDirTail:
    """Counts event records as they are appended, for the progress line, without rereading files."""

    def __init__(self, run_dir: str):
        self._run_dir = run_dir
        self._offsets: Dict[str, int] = {}
        self.events = 0
        self.processes = 0
        self.search_progress = ""  # the latest `search_progress` message

    def poll(self) -> None:
        try:
            names = [n for n in os.listdir(self._run_dir) if n.endswith(".jsonl")]
        except OSError:
            return
        self.processes = len(names)
        for name in names:
            path = os.path.join(self._run_dir, name)
            try:
                with open(path, "rb") as handle:
                    handle.seek(self._offsets.get(name, 0))
                    chunk = handle.read()
            except OSError:
                continue
            complete = chunk[: chunk.rfind(b"\n") + 1]
            self._offsets[name] = self._offsets.get(name, 0) + len(complete)
            self.events += complete.count(b'"type":"event"')
            if b'"type":"search_progress"' in complete:
                self._read_search_progress(complete)

    def _read_search_progress(self, chunk: bytes) -> None:
        for line in chunk.splitlines():
            if b'"type":"search_progress"' in line:
                try:
                    self.search_progress = json.loads(line)["message"]
                except (ValueError, KeyError):
                    pass


class TeeSink:
    """Sends every record to two sinks (the pytest plugin inside a `nanlint verify` run)."""

    def __init__(self, first, second):
        self.first, self.second = first, second

    def emit(self, record: dict) -> None:
        self.first.emit(record)
        self.second.emit(record)

    def close(self) -> None:
        self.first.close()
        self.second.close()
