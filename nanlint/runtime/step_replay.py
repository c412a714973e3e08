"""Replay a whole step checked at the tripwire, op by op, in a forked copy of the process.

Replaying a module call names a value born inside a module; one born between module calls (a loss
written as a function, a normalisation in the training loop) is named by running the step again: the
statements of the frame that called `backward()`, from the one that made the step's first module call
through the `backward()` (region.py), with that frame's variables as they were at the first module call,
the random state of then, and the parameters as they are before the optimizer step.

The step runs in a child forked for it: the program's objects (modules, optimizers, counters, files
open) are the child's copies, so nothing the replay does reaches the program; the child checks every
op, writes nothing (the search's guard refuses files, network and subprocesses), prints nowhere, and
sends its event records back through a pipe, where the parent writes them as its own. Only on Linux-like
systems with `fork`, and not once CUDA is initialized (a forked child cannot use it).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import sys
import time
import types
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Union

import torch

from nanlint.runtime import events
from nanlint.runtime.region import RegionEnd, loop_body_start, region
from nanlint.runtime.sites import LIBRARY, SiteResolver

CHILD_SECONDS = 60.0  # a replay still running then is stopped


@dataclass
class FrameState:
    """A user's frame at the first module call of a step: its line, and its variables then (None: not kept)."""

    frame: types.FrameType
    line: int
    names: Optional[dict]
    versions: Dict[str, int]  # of the tensors among the variables


CodeIds = Dict[int, types.CodeType]  # code objects by id: a code object hashes its whole content


def frames_at_step_start(resolver: SiteResolver, callers: CodeIds) -> Dict[int, FrameState]:
    """The user's frames on the stack by id, innermost first, with shallow copies of the variables of the
    innermost one and of those whose code called `backward()` in an earlier step (`callers`; of all of
    them while it is empty). A step is replayed in the frame that calls `backward()`: copying every outer
    frame's variables (a script's globals) at every step was most of what the tripwire cost."""
    states: Dict[int, FrameState] = {}
    frame = sys._getframe(2)
    while frame is not None and frame.f_code is not resolver.outermost:
        if resolver.classify(frame.f_code.co_filename) != LIBRARY:
            line = resolver.site_of(frame).line
            if not states or not callers or id(frame.f_code) in callers:
                names = dict(frame.f_locals)
                versions = {name: value._version for name, value in names.items() if isinstance(value, torch.Tensor)}
                states[id(frame)] = FrameState(frame, line, names, versions)
            else:
                states[id(frame)] = FrameState(frame, line, None, {})
        frame = frame.f_back
    return states


@dataclass
class StepPlan:
    """What running the step again takes: the statements' file, function and lines, and its variables."""

    path: str
    function: types.CodeType
    first_line: int
    last_line: int
    names: dict  # the frame's variables at the first module call
    versions: Dict[str, int]
    globals: dict = field(default_factory=dict)  # the frame's globals (a function's), as they are at the replay
    values_at_the_end: bool = False  # the variables are those at backward(): a step that called no module

    @property
    def label(self) -> str:
        return "the step from line %d to line %d of %s" % (self.first_line, self.last_line, os.path.basename(self.path))


def plan(start: Dict[int, FrameState], resolver: SiteResolver, callers: CodeIds) -> Union[StepPlan, str]:
    """At `backward()`: the plan for the innermost frame that both calls it and was on the stack at the
    step's first module call (`start`, by id); else why the step cannot be replayed. The frame's code
    joins `callers`."""
    frame = sys._getframe(1)
    while frame is not None and id(frame) not in start:
        frame = frame.f_back
    if frame is None:
        return "backward() was not called from the function that made the step's first module call"
    callers[id(frame.f_code)] = frame.f_code
    state = start[id(frame)]
    if state.names is None:
        return "backward() was called from %s for the first time, whose variables were not kept" % frame.f_code.co_name
    where = resolver.site_of(frame)
    return StepPlan(
        where.path, frame.f_code, state.line, where.line, state.names, state.versions, globals=_globals_of(frame)
    )


def plan_from_loop(resolver: SiteResolver) -> Union[StepPlan, str]:
    """At `backward()` in a step that called no module (a loop over raw tensors): the statements of the
    loop's body up to the `backward()`, on the frame's variables as they are now."""
    frame = sys._getframe(1)
    while frame is not None and resolver.classify(frame.f_code.co_filename) == LIBRARY:
        frame = frame.f_back
    if frame is None:
        return "no module was called in the step"
    path = resolver.real_path(frame.f_code.co_filename)
    first_line = loop_body_start(path, frame.f_code, frame.f_lineno)
    if isinstance(first_line, str):
        return first_line
    names = dict(frame.f_locals)
    return StepPlan(
        path, frame.f_code, first_line, frame.f_lineno, names, {}, globals=_globals_of(frame), values_at_the_end=True
    )


def _globals_of(frame: types.FrameType) -> dict:
    """A function's globals (a script's are its variables, already copied)."""
    return frame.f_globals if frame.f_code.co_name != "<module>" else {}


def prepare(step_plan: StepPlan) -> Union[Callable[[], None], str]:
    """The step as a function to run in the child, or why it cannot be run."""
    statements = region(
        step_plan.path, step_plan.function, step_plan.first_line, step_plan.last_line, step_plan.values_at_the_end
    )
    if isinstance(statements, str):
        return statements
    changed = sorted(name for name, version in step_plan.versions.items() if step_plan.names[name]._version != version)
    if changed:
        return "`%s` changed in place during the step" % changed[0]

    def run() -> None:
        namespace = dict(step_plan.globals)
        namespace.update(step_plan.names, RegionEnd=RegionEnd)
        with contextlib.suppress(RegionEnd):
            exec(statements.code, namespace)

    return run


class _PipeSink:
    def __init__(self, fd: int):
        self._fd = fd

    def emit(self, record: dict) -> None:
        data = (json.dumps(record, separators=(",", ":"), default=str) + "\n").encode()
        while data:
            data = data[os.write(self._fd, data) :]

    def close(self) -> None:
        pass


def can_fork() -> str:
    """Why a child cannot be forked here ("" when it can)."""
    if not hasattr(os, "fork"):
        return "this system has no fork"
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        return "CUDA is initialized, which a forked child cannot use"
    return ""


def run_in_child(monitor, run: Callable[[], None], label: str, step: int) -> List[dict]:
    """Fork, replay `run` op by op in the child, and return the records it sent."""
    read_end, write_end = os.pipe()
    with events.replay_fork():
        pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.close(read_end)
            _silence()
            torch.set_num_threads(1)  # the parent's thread pool did not survive the fork
            monitor.prepare_replay_child(_PipeSink(write_end))
            from nanlint.runtime.search import guard

            with guard.sandbox():
                monitor.replay(run, label, step)
            monitor.settle()
        finally:
            os._exit(0)
    os.close(write_end)
    return _records_until_exit(read_end, pid)


def _silence() -> None:
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)


def _records_until_exit(read_end: int, pid: int) -> List[dict]:
    chunks, deadline = [], time.monotonic() + CHILD_SECONDS
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                break
            ready, _, _ = select.select([read_end], [], [], left)
            data = os.read(read_end, 1 << 16) if ready else b""
            if ready and not data:
                break
            chunks.append(data)
    finally:
        os.close(read_end)
        os.waitpid(pid, 0)
    lines = b"".join(chunks).decode(errors="replace").splitlines()
    return [json.loads(line) for line in lines if line.startswith("{") and line.endswith("}")]
