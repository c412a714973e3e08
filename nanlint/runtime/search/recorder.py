"""Record, while the command runs, copies of the arguments of calls to the functions the search may run.

A profile function (`sys.setprofile`, and `threading.setprofile` for new threads) sees every call; it
decides once per code object whether it holds a flagged line (by its file and its own lines) or, in a
file of the user's that verify checks, an op of the op table's that can make a NaN or an Inf (a risky
op: `log`, `sqrt`, `/`, `**`, `exp`, `acos`...), and for those that do, copies the arguments of the
first calls and of calls spread over the run (`plan.RECORDED_CALLS`). The copies are detached CPU clones
and deep copies, made with torch functions disabled, so the monitor does not see them and the program's
values are untouched.
"""

from __future__ import annotations

import inspect
import os
import sys
import threading
import types
from dataclasses import dataclass, field
from typing import Callable, Dict, List

import torch

from nanlint.runtime.search.calls import Call, CannotCopy, copy_value
from nanlint.runtime.search.plan import SearchPlan
from nanlint.runtime.search.targets import Target, code_lines, resolve, risky_ops

_NOT_A_TARGET = object()


@dataclass
class Recorded:
    target: Target
    calls: List[Call] = field(default_factory=list)
    copy_errors: List[str] = field(default_factory=list)
    seen: int = 0  # calls so far


class Recorder:
    def __init__(self, plan: SearchPlan, searchable: Callable[[str], bool] = lambda path: False):
        """`searchable(path)`: a file whose functions with risky ops are recorded too (the user's checked files)."""
        self._files = {
            path: sorted({line for f in flagged for line in f.lines}) for path, flagged in plan.lines_by_file().items()
        }
        self._searchable = searchable
        self._calls = frozenset(plan.recorded_calls)
        self._limit = len(self._calls)
        self._decided: Dict[types.CodeType, object] = {}
        self._real: Dict[str, str] = {}
        self._lock = threading.Lock()
        self._active = False
        self.recorded: Dict[types.CodeType, Recorded] = {}

    def install(self) -> "Recorder":
        self._active = True
        sys.setprofile(self._profile)
        threading.setprofile(self._profile)
        return self

    def uninstall(self) -> None:
        self._active = False
        sys.setprofile(None)
        threading.setprofile(None)

    def _profile(self, frame, event, arg) -> None:
        if event != "call" or not self._active:
            return
        code = frame.f_code
        decided = self._decided.get(code)
        if decided is None:
            decided = self._decide(code, frame)
        if decided is not _NOT_A_TARGET:
            self._record(decided, frame)

    def _decide(self, code: types.CodeType, frame):
        filename = code.co_filename
        real = self._real.get(filename)
        if real is None:
            real = self._real[filename] = filename if filename.startswith("<") else os.path.realpath(filename)
        flagged = self._files.get(real)
        lines = sorted(code_lines(code) & set(flagged)) if flagged else []
        decided = _NOT_A_TARGET
        if lines or (self._searchable(real) and risky_ops(code)):
            decided = self.recorded.setdefault(code, Recorded(resolve(code, frame, real, lines)))
        self._decided[code] = decided
        return decided

    def _record(self, recorded: Recorded, frame) -> None:
        with self._lock:
            recorded.seen += 1
            if recorded.target.reason or recorded.seen not in self._calls or len(recorded.calls) >= self._limit:
                return
            try:
                with torch._C.DisableTorchFunction():
                    recorded.calls.append(arguments_of(frame))
            except CannotCopy as error:
                recorded.copy_errors.append(str(error))


def arguments_of(frame) -> Call:
    """Copies of a call's arguments, read from its frame as the call starts."""
    code = frame.f_code
    values = frame.f_locals
    positional = code.co_argcount
    keyword_only = code.co_kwonlyargcount
    names = list(code.co_varnames[:positional])
    args = [copy_value(values[n], n) for n in names]
    kwargs = {n: copy_value(values[n], n) for n in code.co_varnames[positional : positional + keyword_only]}
    index = positional + keyword_only
    if code.co_flags & inspect.CO_VARARGS:
        star = code.co_varnames[index]
        extra = values[star]
        args += [copy_value(v, "%s[%d]" % (star, i)) for i, v in enumerate(extra)]
        names += ["%s[%d]" % (star, i) for i in range(len(extra))]
        index += 1
    if code.co_flags & inspect.CO_VARKEYWORDS:
        kwargs.update({k: copy_value(v, k) for k, v in values[code.co_varnames[index]].items()})
    return Call(args, kwargs, names)
