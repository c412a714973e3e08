"""Which function holds a flagged line, how to call it again, and whether it can run in isolation.

A function is searched only when it can be called with nothing but copies of its recorded arguments:
a plain function or a method found by its qualified name, that assigns no global, is not a closure over
an enclosing call's variables, is not a generator, and reads no global tensor or module (live state the
search could change). Other risks (writing files, the network, subprocesses) are blocked while it runs.
"""

from __future__ import annotations

import dis
import inspect
import types
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Set

import torch

from nanlint.analysis import ops as op_table
from nanlint.runtime.ops import display_name

_GLOBAL_STORES = frozenset({"STORE_GLOBAL", "DELETE_GLOBAL"})
_UNSUPPORTED_FLAGS = (
    (inspect.CO_GENERATOR, "a generator"),
    (inspect.CO_COROUTINE, "a coroutine"),
    (inspect.CO_ASYNC_GENERATOR, "an async generator"),
)


@dataclass
class Target:
    """A function holding flagged lines, as the recorder found it on its first call."""

    code: types.CodeType
    path: str  # real path of its file
    lines: List[int]  # the flagged lines among its own lines
    module: str  # the module's __name__ ("__main__" for a script)
    qualname: str
    function: Optional[Callable] = None  # what to call (the outermost wrapper, e.g. a decorator's)
    reason: str = ""  # why it cannot be searched ("" when it can)
    global_names: List[str] = field(default_factory=list)


def code_lines(code: types.CodeType) -> set:
    """The lines of the function's own instructions (a nested function's lines are its own)."""
    return {line for _, _, line in code.co_lines() if line is not None}


_RISKY_OPERATORS = {"/": "div", "/=": "div_", "**": "__pow__", "**=": "__ipow__"}  # as the monitor names them


def risky_ops(code: types.CodeType) -> Dict[int, Set[str]]:
    """Line -> the ops of the function's own instructions there that the op table says can make a NaN or
    an Inf (`torch.log`, `x.sqrt()`, `a / b`, `x ** 0.5`...), by the monitor's names for them."""
    found: Dict[int, Set[str]] = {}
    line = None
    for instruction in dis.get_instructions(code):
        line = instruction.positions.lineno if instruction.positions and instruction.positions.lineno else line
        name = None
        if instruction.opname in _NAME_LOADS and instruction.argval in op_table.RISKY:
            name = display_name(instruction.argval)
        elif instruction.opname == "BINARY_OP":
            name = _RISKY_OPERATORS.get(instruction.argrepr)
        if name and line is not None:
            found.setdefault(line, set()).add(name)
    return found


_NAME_LOADS = frozenset({"LOAD_ATTR", "LOAD_METHOD", "LOAD_GLOBAL", "LOAD_NAME", "LOAD_FROM_DICT_OR_GLOBALS"})


def resolve(code: types.CodeType, frame, path: str, lines: List[int]) -> Target:
    """The target for a code object, from the frame of its first call."""
    qualname = getattr(code, "co_qualname", code.co_name)
    target = Target(code, path, lines, frame.f_globals.get("__name__", ""), qualname)
    target.global_names = sorted(_global_names(code))
    target.reason = _static_reason(code, qualname)
    if not target.reason:
        target.function = _find_function(code, qualname, frame)
        if target.function is None:
            target.reason = "the function `%s` cannot be found by its name in its module" % qualname
    if not target.reason:
        target.reason = _global_state_reason(target.global_names, frame.f_globals)
    return target


def _static_reason(code: types.CodeType, qualname: str) -> str:
    if code.co_name == "<module>":
        return "the line is at module level, outside any function"
    if "<locals>" in qualname or "<lambda>" in qualname:
        return "`%s` is defined inside another function (a closure): it cannot be called on its own" % qualname
    for flag, what in _UNSUPPORTED_FLAGS:
        if code.co_flags & flag:
            return "`%s` is %s" % (qualname, what)
    assigned = sorted(_assigned_globals(code))
    if assigned:
        return "`%s` assigns the global %s: running it again would change the program's state" % (
            qualname,
            ", ".join("`%s`" % n for n in assigned),
        )
    return ""


def _nested_codes(code: types.CodeType):
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _nested_codes(constant)


def _assigned_globals(code: types.CodeType) -> set:
    return {ins.argval for c in _nested_codes(code) for ins in dis.get_instructions(c) if ins.opname in _GLOBAL_STORES}


def _global_names(code: types.CodeType) -> set:
    return {ins.argval for c in _nested_codes(code) for ins in dis.get_instructions(c) if ins.opname == "LOAD_GLOBAL"}


def _find_function(code: types.CodeType, qualname: str, frame) -> Optional[Callable]:
    """Walk the qualified name from the module's globals (methods too), through decorators' wrappers."""
    value = frame.f_globals
    for part in qualname.split("."):
        value = value.get(part) if isinstance(value, dict) else inspect.getattr_static(value, part, None)
        if value is None:
            return None
    return value if _wraps(value, code) else None


def _wraps(value, code: types.CodeType) -> bool:
    for _ in range(10):  # decorators, staticmethod, classmethod
        if getattr(value, "__code__", None) is code:
            return True
        value = getattr(value, "__wrapped__", None) or getattr(value, "__func__", None)
        if value is None:
            return False
    return False


def _global_state_reason(names: List[str], global_values: dict) -> str:
    for name in names:
        value = global_values.get(name)
        if isinstance(value, (torch.Tensor, torch.nn.Module, torch.optim.Optimizer)):
            return "it reads the global `%s` (a %s), live state that is not among its arguments" % (
                name,
                type(value).__name__,
            )
    return ""
