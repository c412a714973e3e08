"""Fold the records of all processes of a run into what the report needs. Does not import torch."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

from nanlint.runtime.events import Kind, event_key


@dataclass
class SiteEvent:
    """Every occurrence of one kind of non-finite event at one file:line, op and phase."""

    path: str
    line: int
    function: str
    phase: str
    kind: str
    op: str
    dtype: str = ""
    values: str = ""
    node: Optional[str] = None
    message: Optional[str] = None
    saved: Optional[dict] = None  # in-place error: the saving node, op and line; saved and found versions
    run_at: Optional[dict] = None  # in-place op of a library module: the line that ran it (this line built it)
    origin: Optional[dict] = None
    replay: Optional[str] = None  # the module call replayed op by op after the tripwire tripped
    user_file: bool = True
    count: int = 0
    skipped: int = 0  # occurrences in steps that GradScaler skipped
    masked: int = 0  # values thrown away by the op that took them (fates.py): finite results, never used further
    masked_by: Optional[dict] = None  # that op (path, line, op), for the first group of them
    inspections: List[dict] = field(default_factory=list)  # ops that only looked at the value: {"by": [...], "count"}
    by_test: int = 0  # occurrences the test suite made on purpose (join.py decides, with the test patterns)
    by_test_why: str = ""
    first_step: Optional[int] = None
    first_rank: Optional[int] = None  # the rank of the first step, in a distributed run
    contexts: List[str] = field(default_factory=list)  # pytest test ids
    ranks: List[int] = field(default_factory=list)
    workers: List[int] = field(default_factory=list)  # DataLoader worker ids

    @property
    def unexpected(self) -> int:
        """The occurrences that count: not in a skipped step, not thrown away, not made on purpose by a test."""
        return self.count - self.skipped - self.masked - self.by_test

    def to_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v not in (None, [], "")}


@dataclass
class Margin:
    path: str
    line: int
    op: str
    quantity: str
    value: float
    dtype: str
    limit: float
    lowest: bool

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class RunSummary:
    events: List[SiteEvent] = field(default_factory=list)
    reached: Set[Tuple[str, int]] = field(default_factory=set)
    margins: List[Margin] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    processes: int = 0  # Python processes that started with the bootstrap (or were forked by one)
    monitored: int = 0  # of which imported torch, so the monitor ran
    workers: int = 0  # of which were DataLoader workers
    ranks: List[int] = field(default_factory=list)  # the distributed ranks of the monitored processes
    unmonitored: List[dict] = field(default_factory=list)  # subprocesses started out of the monitor's reach
    unfinished: int = 0  # monitored processes with no exit record (crashed, killed)
    searches: List[dict] = field(default_factory=list)  # `verify --search` results (search.session)
    no_torch: List[dict] = field(default_factory=list)  # processes whose `import torch` failed: python, error


def summarize(records: List[dict]) -> RunSummary:
    summary = RunSummary()
    skipped = {(r.get("pid"), r["step"]) for r in records if r.get("type") == "amp_skip"}
    events: Dict[tuple, SiteEvent] = {}
    totals: Dict[tuple, Dict[object, int]] = {}
    margins: Dict[tuple, Margin] = {}
    fates: List[dict] = []
    counted_dtypes: Dict[tuple, List[str]] = {}
    started, monitored, exited, workers = set(), set(), set(), set()
    rank_of: Dict[object, int] = {}
    for record in records:
        kind = record.get("type")
        if kind == "event":
            _add_event(events, totals, record, skipped)
        elif kind == "fate":
            fates.append(record)
        elif kind == "count":
            per_source = totals.setdefault(event_key(record), {})
            source = (record.get("pid"), record.get("context"))
            per_source[source] = max(per_source.get(source, 0), record["count"])
            counted_dtypes.setdefault(event_key(record), []).extend(record.get("dtypes", []))
        elif kind == "reach":
            summary.reached.add((record["path"], record["line"]))
        elif kind == "margin":
            _add_margin(margins, record)
        elif kind == "search":
            summary.searches.append(record)
        elif kind == "note" and record["message"] not in summary.notes:
            summary.notes.append(record["message"])
        elif kind == "process":
            started.add(record.get("pid"))
            if record.get("rank") is not None:
                rank_of[record.get("pid")] = record["rank"]
        elif kind == "monitor":
            monitored.add(record.get("pid"))
        elif kind == "exit":
            exited.add(record.get("pid"))
        elif kind == "worker":
            workers.add(record.get("pid"))
        elif kind == "unmonitored":
            summary.unmonitored.append(record)
        elif kind == "no_torch":
            summary.no_torch.append(record)
    for key, event in events.items():
        for dtype in counted_dtypes.get(key, []):
            _add_dtype(event, dtype)
        full_records = event.count
        event.count = max(full_records, sum(totals.get(key, {}).values()))
        if event.skipped == full_records:  # only the first records carry a step: extrapolate
            event.skipped = event.count
    for record in fates:
        _add_fate(events.get(event_key(record)), record)
    summary.events = sorted(
        _merge_worker_arrivals(events.values()), key=lambda e: (e.path, e.line, e.phase, e.kind, e.op)
    )
    summary.margins = sorted(margins.values(), key=lambda m: (m.path, m.line, m.op, m.quantity))
    summary.processes = len(started | monitored)
    summary.monitored = len(monitored)
    summary.unfinished = len(monitored - exited)
    summary.workers = len(workers & monitored)
    summary.ranks = sorted({rank_of[pid] for pid in monitored if pid in rank_of})
    return summary


def _add_event(events, totals, record, skipped) -> None:
    key = event_key(record)
    event = events.get(key)
    if event is None:
        event = events[key] = SiteEvent(
            path=record["path"],
            line=record["line"],
            function=record.get("function", ""),
            phase=record["phase"],
            kind=record["kind"],
            op=record["op"],
            values=record.get("values", ""),
            node=record.get("node"),
            message=record.get("message"),
            saved=record.get("saved"),
            run_at=record.get("run_at"),
            origin=record.get("origin"),
            replay=record.get("replay"),
            user_file=record.get("user_file", True),
        )
    _add_dtype(event, record.get("dtype", ""))
    per_source = totals.setdefault(key, {})  # counted per process and test, as the monitor does
    source = (record.get("pid"), record.get("context"))
    per_source[source] = per_source.get(source, 0) + 1
    event.count += 1
    step, rank, worker = record.get("step"), record.get("rank"), record.get("worker")
    if record["phase"] == "backward" and (record.get("pid"), step) in skipped:
        event.skipped += 1
    if worker is not None:  # a worker's step counter is not the training loop's
        step = None
        _add_once(event.workers, worker)
    if rank is not None:
        _add_once(event.ranks, rank)
    if step is not None and (
        event.first_step is None or _step_key(step, rank) < _step_key(event.first_step, event.first_rank)
    ):
        event.first_step, event.first_rank = step, rank
    context = record.get("context")
    if context and context not in event.contexts:
        event.contexts.append(context)


def _add_dtype(event: SiteEvent, dtype: str) -> None:
    """The dtypes an event was seen in, in the order met ("float32, float16")."""
    if dtype and dtype not in event.dtype.split(", "):
        event.dtype = dtype if not event.dtype else event.dtype + ", " + dtype


def _add_fate(event: Optional[SiteEvent], record: dict) -> None:
    """What became of some occurrences of an event (fates.py): thrown away, or only looked at."""
    if event is None:
        return
    if record["fate"] == "masked":
        event.masked = min(event.count - event.skipped, event.masked + record["count"])
        event.masked_by = event.masked_by or (record["by"] or [None])[0]
    else:
        event.inspections.append({"by": record["by"], "count": record["count"]})


def _add_once(values: list, value) -> None:
    if value not in values:
        values.append(value)
        values.sort()


def _step_key(step: int, rank: Optional[int]) -> tuple:
    return (step, -1 if rank is None else rank)


_BORN = (Kind.ROOT, Kind.INPUT, Kind.FILL, Kind.NAN_FROM_INF)


def _merge_worker_arrivals(events) -> List[SiteEvent]:
    """A worker's batch holding NaN/Inf is told once: where a worker's monitor saw the value born (at a
    line of the user's), else at the line of the main process that fetched the batch. Input a worker
    saw only inside library code (default_collate converting numpy) is that second case."""
    events = [e for e in events if not (e.workers and e.kind == Kind.INPUT and not e.user_file)]
    if any(e.workers and e.kind in _BORN and e.user_file for e in events):
        events = [e for e in events if e.kind != Kind.FROM_WORKER]
    return events


def _add_margin(margins, record) -> None:
    key = (record["path"], record["line"], record["op"], record["quantity"])
    old = margins.get(key)
    value = record["value"]
    if old is None or (value < old.value if record["lowest"] else value > old.value):
        margins[key] = Margin(
            record["path"],
            record["line"],
            record["op"],
            record["quantity"],
            value,
            record["dtype"],
            record["limit"],
            record["lowest"],
        )
