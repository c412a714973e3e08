"""A recorded call: the arguments a function got, copied to the CPU, and the tensors in them by name."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple

import torch

_MAX_MODULE_ELEMENTS = 50_000_000  # a model larger than this is not copied (memory)


class CannotCopy(Exception):
    """An argument the search cannot copy; the message says which and why."""


class Step(NamedTuple):
    """A mutation as applied: replayed on another call with the same seed, it makes the same kind of change."""

    apply: Callable
    seed: int


@dataclass
class Call:
    args: List[Any]
    kwargs: Dict[str, Any]
    names: List[str]  # of the positional arguments, for the report ("logits", "args[2]")
    changes: List[str] = field(default_factory=list)  # what was done to the recorded call, in order
    steps: List[Step] = field(default_factory=list)  # the same, replayable (search.engine fills it in)
    origin: Optional["Call"] = None  # the recorded call it was made from (None: it is one)

    def clone(self) -> "Call":
        return Call(
            [copy_value(v) for v in self.args],
            {k: copy_value(v) for k, v in self.kwargs.items()},
            list(self.names),
            list(self.changes),
            list(self.steps),
            self.origin,
        )

    @property
    def recorded(self) -> "Call":
        return self.origin or self


class Leaf(NamedTuple):
    """A tensor inside a call: where it sits (for `replace`) and how the report names it."""

    where: Tuple  # ("args", 1) or ("kwargs", "mask"), then an index into a list/tuple/dict
    name: str
    tensor: torch.Tensor


def copy_value(value, name: str = "") -> Any:
    """A copy the search may change freely: tensors detached and cloned on the CPU (keeping
    requires_grad), modules deep-copied, containers copied element by element."""
    if isinstance(value, torch.Tensor):
        return _copy_tensor(value)
    if isinstance(value, torch.nn.Module):
        return _copy_module(value, name)
    if isinstance(value, torch.optim.Optimizer):
        raise CannotCopy("the argument `%s` is an optimizer: the search takes no optimizer step" % name)
    if isinstance(value, (list, tuple)):
        copied = [copy_value(v, name) for v in value]
        return copied if isinstance(value, list) else _same_tuple_type(value, copied)
    if isinstance(value, dict):
        return {k: copy_value(v, name) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, torch.dtype, torch.device)):
        return value
    try:
        return copy.deepcopy(value)
    except Exception as error:
        raise CannotCopy("the argument `%s` (%s) cannot be copied: %s" % (name, type(value).__name__, error))


def _copy_tensor(tensor: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        copied = tensor.detach().to("cpu", copy=True)
    if tensor.requires_grad and (copied.is_floating_point() or copied.is_complex()):
        copied.requires_grad_(True)
    return copied


def _copy_module(module: torch.nn.Module, name: str) -> torch.nn.Module:
    size = sum(t.numel() for t in list(module.parameters()) + list(module.buffers()))
    if size > _MAX_MODULE_ELEMENTS:
        raise CannotCopy("the module `%s` is too large to copy (%d parameter and buffer elements)" % (name, size))
    try:
        with torch.no_grad():
            return copy.deepcopy(module).to("cpu")
    except Exception as error:
        raise CannotCopy("the module `%s` (%s) cannot be copied: %s" % (name, type(module).__name__, error))


def _module_with(module: torch.nn.Module, kind: str, name: str, value) -> torch.nn.Module:
    changed = copy.deepcopy(module)
    if kind == _ATTRIBUTE:
        setattr(changed, name, value)
        return changed
    state = dict(list(changed.named_parameters(recurse=False)) + list(changed.named_buffers(recurse=False)))[name]
    with torch.no_grad():
        state.copy_(value.detach().to(state.dtype))
    return changed


def _same_tuple_type(original: tuple, items: list) -> tuple:
    if hasattr(original, "_fields"):  # a NamedTuple
        return type(original)(*items)
    return tuple(items)


_STATE, _ATTRIBUTE = "state", "attribute"  # in a `where`: a module argument's parameter or buffer; its number


def _slots(call: Call) -> List[Tuple[Tuple, str, Any]]:
    """(where, name, value) of each argument."""
    slots = [
        (("args", i), call.names[i] if i < len(call.names) else "args[%d]" % i, v) for i, v in enumerate(call.args)
    ]
    return slots + [(("kwargs", k), k, v) for k, v in call.kwargs.items()]


def leaves(call: Call) -> List[Leaf]:
    """The tensors of a call, at the top level and one level into lists, tuples and dicts."""
    found = []
    for where, name, value in _slots(call):
        if isinstance(value, torch.Tensor):
            found.append(Leaf(where, name, value))
        elif isinstance(value, (list, tuple)):
            found += [
                Leaf(where + (i,), "%s[%d]" % (name, i), v) for i, v in enumerate(value) if isinstance(v, torch.Tensor)
            ]
        elif isinstance(value, dict):
            found += [
                Leaf(where + (k,), "%s[%r]" % (name, k), v) for k, v in value.items() if isinstance(v, torch.Tensor)
            ]
    return found


def state_leaves(call: Call) -> List[Leaf]:
    """The parameters and buffers a module among the arguments holds itself (`self` of a method too, not
    its submodules'): a learned temperature, a running variance."""
    return [
        Leaf(where + (_STATE, state), "%s.%s" % (name, state), tensor)
        for where, name, value in _slots(call)
        if isinstance(value, torch.nn.Module)
        for state, tensor in list(value.named_parameters(recurse=False)) + list(value.named_buffers(recurse=False))
    ]


class Number(NamedTuple):
    """A number a call depends on: a float argument, or a float attribute of a module argument (a scale)."""

    where: Tuple
    name: str
    value: float


def numbers(call: Call) -> List[Number]:
    found = []
    for where, name, value in _slots(call):
        if isinstance(value, float):
            found.append(Number(where, name, value))
        elif isinstance(value, torch.nn.Module):
            found += [
                Number(where + (_ATTRIBUTE, attribute), "%s.%s" % (name, attribute), number)
                for attribute, number in vars(value).items()
                if type(number) is float
            ]
    return found


def nones(call: Call) -> List[Tuple[Tuple, str]]:
    """(where, name) of the arguments given as None (an optional mask, a weight)."""
    return [(where, name) for where, name, value in _slots(call) if value is None]


def replace(call: Call, where: Tuple, tensor: Any, change: str = "") -> Call:
    """A new call with the value at `where` replaced (the other values are shared, not copied; a module
    whose parameter, buffer or attribute changes is copied), and `change` added to its description."""
    args, kwargs = list(call.args), dict(call.kwargs)
    container = args if where[0] == "args" else kwargs
    key = where[1]
    if len(where) == 2:
        container[key] = tensor
    elif where[2] in (_STATE, _ATTRIBUTE):
        container[key] = _module_with(container[key], where[2], where[3], tensor)
    else:
        inner = container[key]
        if isinstance(inner, dict):
            inner = dict(inner)
            inner[where[2]] = tensor
        else:
            items = list(inner)
            items[where[2]] = tensor
            inner = items if isinstance(inner, list) else _same_tuple_type(inner, items)
        container[key] = inner
    return Call(args, kwargs, call.names, call.changes + ([change] if change else []), list(call.steps), call.recorded)


def requiring_grad(call: Call) -> Call:
    """The call with its float tensors requiring gradients: a hazard that lives only in the gradient
    (sqrt at 0, acos at 1) shows when the call is differentiated, as it is inside a model or a loss, even
    if the recorded inputs (data, a call under no_grad) did not require them."""
    for leaf in leaves(call):
        if leaf.tensor.is_floating_point() and not leaf.tensor.requires_grad:
            call = replace(call, leaf.where, leaf.tensor.detach().clone().requires_grad_(True))
    return dataclasses.replace(call, origin=None)  # a recorded call of its own: replays start from it
