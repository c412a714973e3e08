"""The processes of a run: which one this is (its rank, its DataLoader worker id), and the ones it forks.

- Rank: torchrun sets RANK; a process group initialized without it answers `get_rank()`.
- Forks: a forked child (a DataLoader worker by default on Linux, a multiprocessing Pool worker) inherits
  the monitor; it announces itself under its own pid (the sink has opened a file of its own by then) and
  writes its last counts and its exit record when multiprocessing ends it with `os._exit`.
- DataLoader workers (fork or spawn): `_worker_loop` is wrapped so that the worker's events carry its id
  and its stack ends there (after a fork the frames above it are a copy of the parent's loop, not the
  worker's code), and the errors it sends to the main process are formatted without nanlint's frames.
  In the main process, a batch that arrives from a worker holding NaN/Inf is recorded
  as `from_worker` at the line that fetched it: the worker's monitor reported where it was made, and
  the report merges the two (summary.py).
"""

from __future__ import annotations

import functools
import inspect
import os
import sys
import time
from typing import Callable, List, Optional

from nanlint.runtime.events import Kind, forking_for_replay
from nanlint.runtime.frames import without_own_frames

_worker_id: Optional[int] = None
__tracebackhide__ = True  # the DataLoader's errors pass through `_next_data`: pytest leaves it out


def identity() -> dict:
    """The fields that say which process of a run an event comes from (beyond its pid)."""
    fields = {}
    rank = _rank()
    if rank is not None:
        fields["rank"] = rank
    if _worker_id is not None:
        fields["worker"] = _worker_id
    return fields


def _rank() -> Optional[int]:
    value = os.environ.get("RANK", "")
    if value.isdigit():
        return int(value)
    dist = sys.modules.get("torch.distributed")
    try:
        if dist is not None and dist.is_available() and dist.is_initialized():
            return dist.get_rank()
    except Exception:  # a half-initialized or torn-down process group: no rank to give
        pass
    return None


def process_record(**extra) -> dict:
    return {
        "type": "process",
        "pid": os.getpid(),
        "ppid": os.getppid(),
        "argv": sys.argv,
        "time": time.time(),
        **identity(),
        **extra,
    }


def follow(monitor, finish: Callable[[object], None]) -> None:
    """Follow the monitored process into its forks and DataLoader workers (for a `nanlint verify` run)."""
    _follow_forks(monitor, finish)
    _follow_dataloader(monitor)


def _follow_forks(monitor, finish) -> None:
    import multiprocessing.util

    def announce_in_child() -> None:
        monitor.after_fork()
        if forking_for_replay():  # a child that replays a step is no process of the run
            return
        monitor.sink.emit(process_record(forked=True))
        monitor.sink.emit({"type": "monitor", "pid": os.getpid(), "time": time.time()})

    def at_multiprocessing_exit(sink) -> None:
        # multiprocessing's fork children end with os._exit (no atexit); its finalizers do run.
        multiprocessing.util.Finalize(sink, finish, args=(sink,), exitpriority=0)

    os.register_at_fork(after_in_child=announce_in_child)
    multiprocessing.util.register_after_fork(monitor.sink, at_multiprocessing_exit)


def _follow_dataloader(monitor) -> None:
    from torch.utils.data import dataloader
    from torch.utils.data._utils import worker

    original_loop = worker._worker_loop
    original_next = dataloader._MultiProcessingDataLoaderIter._next_data
    worker_id_of = functools.partial(_argument, inspect.signature(original_loop), "worker_id")

    @functools.wraps(original_loop)  # keeps its module and name: spawn pickles it by reference
    def _worker_loop(*args, **kwargs):
        global _worker_id
        _worker_id = worker_id_of(args, kwargs)
        monitor.sites.outermost = _worker_loop.__code__
        monitor.check_every_op()
        monitor.sink.emit({"type": "worker", "pid": os.getpid(), "ppid": os.getppid(), **identity()})
        return original_loop(*args, **kwargs)

    @functools.wraps(original_next)
    def _next_data(self):
        batch = original_next(self)
        _check_delivery(monitor, batch)
        return batch

    worker._worker_loop = _worker_loop
    dataloader._MultiProcessingDataLoaderIter._next_data = _next_data
    _format_worker_errors_without_own_frames(worker)


def _format_worker_errors_without_own_frames(worker) -> None:
    """A worker sends an error to the main process as text (torch's ExceptionWrapper formats it there)."""
    wrapper = worker.ExceptionWrapper

    def ExceptionWrapper(exc_info=None, where="in background"):
        kind, error, traceback = exc_info or sys.exc_info()
        return wrapper((kind, error, without_own_frames(traceback)), where)

    worker.ExceptionWrapper = ExceptionWrapper


def _argument(signature, name, args, kwargs):
    try:
        return signature.bind(*args, **kwargs).arguments.get(name)
    except TypeError:
        return None


def _check_delivery(monitor, batch) -> None:
    """Mark the non-finite tensors of a batch that came from a worker, at the line that fetched it."""
    import torch

    from nanlint.runtime import finite

    with torch._C.DisableTorchFunction():
        bad = [t for t in _tensors(batch, torch.Tensor) if finite.is_checkable(t) and not finite.all_finite(t)]
        if not bad:
            return
        tally = finite.merge(finite.census(t) for t in bad)
        site = monitor.sites.current()
        monitor.emit_arrival(site, Kind.FROM_WORKER, "DataLoader", tally, bad)


def _tensors(value, tensor_type, depth: int = 0) -> List:
    """Every tensor in a batch (nested tuples, lists, dicts, as default_collate builds them)."""
    if isinstance(value, tensor_type):
        return [value]
    if depth > 8:
        return []
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in _tensors(item, tensor_type, depth + 1)]
    return []
