"""Finiteness tests that stay cheap on the common path.

A sum is finite only if every element is, so one reduction (in float32 for low precision types) answers
"all finite?" for nearly every tensor; only when that sum is not finite, which also happens when finite
large values overflow it, does the exact element-wise test run.
"""

from __future__ import annotations

import math
import threading
from typing import Dict, Iterable, List, NamedTuple

import torch

_LOW_PRECISION = {torch.float16, torch.bfloat16}
FLOATING = {torch.float16, torch.bfloat16, torch.float32, torch.float64}
COMPLEX = {torch.complex64, torch.complex128}
CHECKED_DTYPES = FLOATING | COMPLEX


def is_checkable(value) -> bool:
    return (
        isinstance(value, torch.Tensor)
        and value.dtype in CHECKED_DTYPES
        and value.layout is torch.strided
        and not value.is_meta
    )


_TENSOR, _STRIDED = torch.Tensor, torch.strided


def checkable_among(values: Iterable) -> List[torch.Tensor]:
    """The checkable tensors among `values` (None and other values left out). `is_checkable`'s test written
    out: a call per tensor costs more than the test, and this runs on every parameter at every step."""
    return [
        v
        for v in values
        if isinstance(v, _TENSOR) and v.dtype in CHECKED_DTYPES and v.layout is _STRIDED and not v.is_meta
    ]


def all_finite(tensor: torch.Tensor) -> bool:
    """True when every element is finite. Never raises: a tensor that cannot be read counts as finite."""
    try:
        total = (tensor.sum(dtype=torch.float32) if tensor.dtype in _LOW_PRECISION else tensor.sum()).item()
        if isinstance(total, complex):
            finite = math.isfinite(total.real) and math.isfinite(total.imag)
        else:
            finite = math.isfinite(total)
        return finite or bool(torch.isfinite(tensor).all().item())
    except Exception:  # fake, functional or otherwise unreadable tensors: nothing to say about them
        return True


class HostReads:
    """How many times the tripwire read a value back to the host (a device sync on a GPU)."""

    count = 0


def norms_finite(tensors: List[torch.Tensor]) -> bool:
    """Whether every tensor's 2-norm is finite: one norm pass, their total read back once per device.

    A norm is finite when every element is; it also overflows for finite values above ~1e19 (a false
    trip, which costs the exact test, never a report). Norms are taken in float32 for fp16/bf16, whose
    own range a large tensor's norm exceeds. Never raises: what no norm can read gets the exact test.
    """
    try:
        try:
            stacks = [torch.stack(_norms(tensors))] if tensors else []
        except RuntimeError:  # on several devices
            by_device = {}
            for norm in _norms(tensors):
                by_device.setdefault(norm.device, []).append(norm)
            stacks = [torch.stack(group) for group in by_device.values()]
        HostReads.count += len(stacks)
        return all([math.isfinite(sum(stack.tolist())) for stack in stacks])  # a float64 sum cannot overflow
    except Exception:  # e.g. nested tensors
        return all_finite_many(tensors)


def finite_in_one_read(borrowed: List[torch.Tensor], made: List[torch.Tensor]) -> bool:
    """Whether all the tensors are finite, with one host read per device (a device sync on a GPU).

    `made`: tensors on torch's own memory that torch made in this step (gradients, results of autograd
    ops that are not views: `is_torch_memory`, `is_made_by_autograd`). They go through GradScaler's own
    check, one fused pass that tests every element exactly and writes each finite value back as it was
    (unscaled by 1, no version bump; a NaN may come back with another payload); measured in a CPU
    training loop, it costs a fraction of a norm pass and its stack.
    `borrowed` (anything else: user memory is never written) are summed, which overflows only for finite
    totals above ~1e38 (a false trip, which costs the exact test, never a report). What the fused check
    refuses (complex, sparse, overlapping memory) falls back to the norms.
    """
    if not borrowed and not made:
        return True
    try:  # on one device, nearly always: the fused check and the stack refuse several
        return _read_flags(lambda: [_flags((made or borrowed)[0].device, borrowed, made)])
    except Exception:
        try:
            return _read_flags(lambda: [_flags(d, *group) for d, group in _by_device(borrowed, made).items()])
        except Exception:
            return norms_finite([t for t in list(borrowed) + list(made) if is_checkable(t)])


def _read_flags(make) -> bool:
    with _no_graph():
        flags = make()
    for flag in flags:
        HostReads.count += 1
        found, *totals = flag.tolist() if flag.dim() else [flag.item()]
        if found or not math.isfinite(sum(totals)):  # a float64 sum of float32 totals cannot overflow
            return False
    return True


def _by_device(borrowed, made) -> Dict[torch.device, tuple]:
    groups: Dict[torch.device, tuple] = {}
    for tensor in borrowed:
        groups.setdefault(tensor.device, ([], []))[0].append(tensor)
    for tensor in made:
        groups.setdefault(tensor.device, ([], []))[1].append(tensor)
    return groups


def _flags(device, borrowed, made) -> torch.Tensor:
    """[1 if a made tensor is non-finite else 0, then each borrowed tensor's sum], on the device, not read."""
    found, one = _scratch(device)
    if made:
        made = [torch.view_as_real(t) if t.dtype in COMPLEX else t for t in made]  # the same memory
        torch._amp_foreach_non_finite_check_and_unscale_(made, found, one)
    return torch.stack([found] + [_total(t) for t in borrowed]) if borrowed else found


_per_thread = threading.local()


def _scratch(device):
    """This thread's flag for the device, zeroed, and the scale of 1 (made once: a new tensor costs
    three times what zeroing one does)."""
    scratch = getattr(_per_thread, "scratch", None)
    if scratch is None:
        scratch = _per_thread.scratch = {}
    if device not in scratch:
        scratch[device] = (
            torch.zeros((), dtype=torch.float32, device=device),
            torch.ones((), dtype=torch.float32, device=device),
        )
    found, one = scratch[device]
    found.zero_()
    return found, one


_PLAIN = (torch.Tensor, torch.nn.Parameter)


def is_torch_memory(tensor: torch.Tensor) -> bool:
    """A plain tensor (no subclass, whose code could do anything with an op) on storage torch allocated
    and can resize: not NumPy's, a buffer's, DLPack's or a memory map's, which may be read-only."""
    try:
        return type(tensor) in _PLAIN and tensor.untyped_storage().resizable()
    except Exception:
        return False


def is_made_by_autograd(tensor: torch.Tensor) -> bool:
    """A result of an autograd op that is not a view, on torch's own memory: no one else's to write."""
    try:
        return tensor.grad_fn is not None and tensor._base is None and is_torch_memory(tensor)
    except RuntimeError:  # a view whose base was changed in place: its grad_fn cannot be read
        return False


def _total(tensor: torch.Tensor) -> torch.Tensor:
    if tensor.dtype in COMPLEX:
        tensor = torch.view_as_real(tensor)
    return tensor.sum(dtype=torch.float32) if tensor.dtype in _LOW_PRECISION else tensor.sum()


def _norms(tensors: List[torch.Tensor]) -> List[torch.Tensor]:
    """0-d tensors on the tensors' devices, with no graph (one dispatch for many tensors)."""
    with _no_graph():
        try:
            if any(t.dtype in _LOW_PRECISION for t in tensors):
                return list(torch._foreach_norm(tensors, 2, dtype=torch.float32))
            return list(torch._foreach_norm(tensors))
        except Exception:  # mixed devices or dtypes
            return [torch.linalg.vector_norm(t.float() if t.dtype in _LOW_PRECISION else t) for t in tensors]


class _no_graph:
    """What `torch.no_grad()` does, as cheap as a context manager can be (these run at every checkpoint)."""

    def __enter__(self):
        self.enabled = torch.is_grad_enabled()
        torch._C._set_grad_enabled(False)

    def __exit__(self, *exc):
        torch._C._set_grad_enabled(self.enabled)


def quick_all_finite(tensors: List[torch.Tensor]) -> bool:
    """One host read for all the tensors; the exact test only when the cheap one trips."""
    return not tensors or norms_finite(tensors) or all_finite_many(tensors)


def all_finite_many(tensors: Iterable[torch.Tensor]) -> bool:
    # One reduction per tensor: measured faster on CPU than one `_foreach_norm` over the list.
    return all(all_finite(t) for t in tensors)


class Census(NamedTuple):
    """How many elements of a tensor are NaN, +Inf and -Inf."""

    nan: int
    posinf: int
    neginf: int
    numel: int

    @property
    def finite(self) -> bool:
        return not (self.nan or self.posinf or self.neginf)

    @property
    def has_inf(self) -> bool:
        return bool(self.posinf or self.neginf)

    def describe(self) -> str:
        parts = [("NaN", self.nan), ("+inf", self.posinf), ("-inf", self.neginf)]
        return "/".join(name for name, count in parts if count) or "finite"


def census(tensor: torch.Tensor) -> Census:
    try:
        real = torch.view_as_real(tensor) if tensor.dtype in COMPLEX else tensor
        return Census(
            int(torch.isnan(real).sum().item()),
            int(torch.isposinf(real).sum().item()),
            int(torch.isneginf(real).sum().item()),
            tensor.numel(),
        )
    except Exception:
        return Census(0, 0, 0, 0)


def merge(censuses: Iterable[Census]) -> Census:
    nan = posinf = neginf = numel = 0
    for c in censuses:
        nan, posinf, neginf, numel = nan + c.nan, posinf + c.posinf, neginf + c.neginf, numel + c.numel
    return Census(nan, posinf, neginf, numel)


def float_tensors(value) -> List[torch.Tensor]:
    """The checkable tensors in an op's result or arguments (one level into tuples, lists, dicts)."""
    if isinstance(value, torch.Tensor):
        return [value] if is_checkable(value) else []
    if isinstance(value, (tuple, list)):
        return checkable_among(value)
    return []


def is_nonfinite_number(value) -> bool:
    return isinstance(value, float) and not math.isfinite(value)


def contains_nonfinite_number(value, depth: int = 0) -> bool:
    """Whether a Python literal (a float or nested lists of them) holds an inf or a NaN."""
    if is_nonfinite_number(value):
        return True
    if isinstance(value, (list, tuple)) and depth < 8:
        return any(contains_nonfinite_number(v, depth + 1) for v in value)
    return False
