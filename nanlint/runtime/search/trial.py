"""One run of a candidate: the function alone, on fresh copies of the call, under a monitor of its own.

The run is seeded (torch and random, restored afterwards), its prints are swallowed, writes, network
and subprocesses are refused (guard), and a backward pass follows when the output needs gradients:
a NaN born in the gradient counts as much as one born in the forward pass.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import random
import signal
import threading
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import torch
from torch.overrides import TorchFunctionMode

from nanlint.analysis import ops as op_table
from nanlint.catalog import Prediction
from nanlint.runtime import margins, ops
from nanlint.runtime.events import MemorySink
from nanlint.runtime.fates import kept_events
from nanlint.runtime.join import predicted, same_op
from nanlint.runtime.monitor import Monitor
from nanlint.runtime.search import guard
from nanlint.runtime.search.calls import Call, leaves
from nanlint.runtime.search.targets import Target
from nanlint.runtime.sites import SiteResolver
from nanlint.runtime.summary import SiteEvent

SEED = 0


@dataclass(frozen=True)
class Goal:
    """What the search tries to make happen: an event at these lines that the finding's rule predicts
    (in the columns of a one-line finding: of two ops on its line, the one it is about)."""

    path: str
    lines: Tuple[int, ...]
    predictions: Tuple[Prediction, ...]
    columns: Tuple[int, ...] = ()  # (first, past the last), 1-based; () for any

    def wants(self, record: dict) -> bool:
        if record["path"] != self.path or record["line"] not in self.lines:
            return False
        if self.columns and record.get("column") and not self.columns[0] <= record["column"] < self.columns[1]:
            return False
        event = SiteEvent(
            path=record["path"],
            line=record["line"],
            function=record.get("function", ""),
            phase=record["phase"],
            kind=record["kind"],
            op=record["op"],
        )
        return predicted(self.predictions, event)

    def measures(self, op: str) -> bool:
        """A margin of this op tells how close the predicted event is."""
        return any(same_op(op, p.op) for p in self.predictions)

    @property
    def differentiates(self) -> bool:
        """A predicted event is born in the backward pass: the call must be differentiated."""
        return any(p.phase == "backward" for p in self.predictions)


def danger_phases(op: str) -> Tuple[str, ...]:
    """The phases in which an op (by the monitor's name for it) makes a NaN or an Inf, from the op table."""
    return _DANGER_PHASES.get(op, ())


_DANGER_PHASES = {
    ops.display_name(name): tuple(sorted({danger.phase for danger in op.dangers}, reverse=True))
    for name, op in op_table.OPS.items()
    if op.dangers
}
_DANGER_PHASES.update({ops.display_name(name): ("forward", "backward") for name in op_table.POWERS})


@dataclass
class Trigger:
    """The monitor's event at a flagged line: what the op produced, and in which pass."""

    line: int
    op: str
    phase: str
    kind: str
    values: str
    dtype: str
    node: Optional[str] = None
    message: Optional[str] = None
    column: Optional[int] = None  # of the op's expression, when the goal asked for columns


@dataclass
class TrialResult:
    trigger: Optional[Trigger] = None
    distance: float = math.inf  # the closest margin at the lines, relative to its limit (0: in danger)
    margin: Optional[dict] = None  # that margin's record
    error: str = ""  # the exception the function raised (the candidate is then discarded)
    refused: str = ""  # what the guard refused (the function is then not searched)


class TrialTimeout(Exception):
    """The candidate ran past the time it was given."""


def run_trial(target: Target, call: Call, goal: Goal, paths: List[str], seconds: float) -> TrialResult:
    live = call.clone()
    sink = MemorySink()
    monitor = Monitor(sink, paths=paths, columns=bool(goal.columns))
    error = ""
    with guard.sandbox() as box, _isolated():
        monitor.install()
        try:
            with _time_limit(seconds):  # inside the try: the timer may fire as the block ends
                _backward(target.function(*live.args, **live.kwargs))
        except guard.Refused:
            pass
        except (Exception, SystemExit) as raised:
            error = "%s: %s" % (type(raised).__name__, str(raised).split("\n")[0][:200])
        finally:
            monitor.uninstall()
    distance, margin = closest_margin(sink.records, goal)
    return TrialResult(find_trigger(sink.records, goal), distance, margin, error, box.refused or "")


@contextlib.contextmanager
def _time_limit(seconds: float):
    """Stop a candidate that runs too long (a timer signal, so only in the main thread)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum, frame):
        raise TrialTimeout("it ran for more than %.1fs, past the search budget" % seconds)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.05))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def _isolated():
    """Seeded random numbers (the caller's state restored after), and no output on the terminal."""
    torch_state, python_state = torch.get_rng_state(), random.getstate()
    torch.manual_seed(SEED)
    random.seed(SEED)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            yield
    finally:
        torch.set_rng_state(torch_state)
        random.setstate(python_state)


def _output_tensors(value, depth: int = 0) -> List[torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value] if value.requires_grad and value.is_floating_point() else []
    if isinstance(value, (list, tuple)) and depth < 3:
        return [t for v in value for t in _output_tensors(v, depth + 1)]
    if isinstance(value, dict) and depth < 3:
        return [t for v in value.values() for t in _output_tensors(v, depth + 1)]
    return []


def _backward(output) -> None:
    """Differentiate the sum of the outputs that need gradients (as a loss built on them would)."""
    tensors = _output_tensors(output)
    if tensors:
        total = sum(t.sum() for t in tensors)
        total.backward()


def find_trigger(records: List[dict], goal: Goal) -> Optional[Trigger]:
    """The first event the goal wants, unless every occurrence of it was thrown away (fates.py)."""
    for record in kept_events(records):
        if goal.wants(record):
            return Trigger(
                record["line"],
                record["op"],
                record["phase"],
                record["kind"],
                record.get("values", ""),
                record.get("dtype", ""),
                record.get("node"),
                record.get("message"),
                record.get("column"),
            )
    return None


def closest_margin(records: List[dict], goal: Goal) -> Tuple[float, Optional[dict]]:
    best, closest = math.inf, None
    for record in records:
        if (
            record.get("type") == "margin"
            and record["path"] == goal.path
            and record["line"] in goal.lines
            and goal.measures(record["op"])
        ):
            distance = relative_distance(record["value"], record["limit"], record["lowest"])
            if distance < best:
                best, closest = distance, record
    return best, closest


def relative_distance(value: float, limit: float, lowest: bool) -> float:
    """How far a margin is from its danger zone, as a fraction of the limit (at least 1)."""
    gap = value - limit if lowest else limit - value
    return max(gap, 0.0) / max(1.0, abs(limit)) if not math.isnan(gap) else math.inf


class _MarginCapture(TorchFunctionMode):
    """Keeps, as differentiable tensors, the margins of the ops run at the flagged lines."""

    def __init__(self, resolver: SiteResolver, goal: Goal):
        super().__init__()
        self.resolver, self.goal = resolver, goal
        self.terms: List[torch.Tensor] = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        name = getattr(func, "__name__", "")
        spec = margins.spec_for(name, args, kwargs)
        if spec is not None and self.goal.measures(ops.display_name(name)):
            site = self.resolver.current()
            if site.path == self.goal.path and site.line in self.goal.lines:
                self._keep(spec, args, kwargs, out)
        return out

    def _keep(self, spec, args, kwargs, out) -> None:
        if spec.argument == "out":
            value = out
        else:
            value = args[spec.argument] if len(args) > spec.argument else kwargs.get(spec.keyword)
        if not isinstance(value, torch.Tensor) or not value.requires_grad or not value.numel():
            return
        data = value.abs() if spec.absolute else value
        limit = margins.limit_of(spec.limit, str(value.dtype).replace("torch.", ""))
        extreme = data.min() if spec.lowest else data.max()
        gap = extreme - limit if spec.lowest else limit - extreme
        self.terms.append(gap.float() / max(1.0, abs(limit)))


def margin_gradient(
    target: Target, call: Call, goal: Goal, paths: List[str], seconds: float
) -> Dict[tuple, torch.Tensor]:
    """d(closest margin)/d(input) for the float inputs, or {} when it is not differentiable."""
    live = call.clone()
    inputs = [leaf for leaf in leaves(live) if leaf.tensor.is_floating_point() and leaf.tensor.numel()]
    for leaf in inputs:
        leaf.tensor.requires_grad_(True)
    capture = _MarginCapture(SiteResolver(paths, library_dirs=[os.path.dirname(torch.__file__)]), goal)
    with guard.sandbox(), _isolated():
        try:
            with _time_limit(seconds):
                with capture:
                    target.function(*live.args, **live.kwargs)
                if not capture.terms or not inputs:
                    return {}
                objective = torch.stack(capture.terms).min()
                grads = torch.autograd.grad(objective, [leaf.tensor for leaf in inputs], allow_unused=True)
        except (Exception, SystemExit):
            return {}
    return {leaf.where: grad for leaf, grad in zip(inputs, grads) if grad is not None}
