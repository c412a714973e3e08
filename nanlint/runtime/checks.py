"""Finiteness tests that stay cheap on the common path.

A sum is finite only if every element is, so one reduction (in float32 for low precision types) answers
"all finite?" for nearly every tensor; only when that sum is not finite, which also happens when finite
large values overflow it, does the exact element-wise test run.
"""

from __future__ import annotations

import math
from typing import Iterable, List, NamedTuple

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


def all_finite(tensor: torch.Tensor) -> bool:
    """True when every element is finite. Never raises: a tensor that cannot be read counts as finite."""
    try:
        if tensor.dtype in _LOW_PRECISION:
            total = tensor.sum(dtype=torch.float32).item()
        else:
            total = tensor.sum().item()
        if isinstance(total, complex):
            finite = math.isfinite(total.real) and math.isfinite(total.imag)
        else:
            finite = math.isfinite(total)
        return finite or bool(torch.isfinite(tensor).all().item())
    except Exception:  # fake, functional or otherwise unreadable tensors: nothing to say about them
        return True


class HostReads:
    """How many times the tripwire read a flag back to the host (a device sync on a GPU)."""

    count = 0


def finite_flag(tensors: List[torch.Tensor]) -> torch.Tensor:
    """A 0-d bool tensor on the tensors' device, true when every element is finite; nothing is read back.

    Norms are taken in float32 for fp16/bf16 (whose own range a large tensor's norm exceeds), so they
    overflow only for values near float32's maximum; such a false trip costs a closer look, never a report.
    """
    detached = [t.detach() for t in tensors]  # cheaper than a no_grad block, and builds no graph either
    low = any(t.dtype in _LOW_PRECISION for t in detached)
    try:
        norms = torch._foreach_norm(detached, 2, dtype=torch.float32) if low else torch._foreach_norm(detached)
        total = norms[0] if len(norms) == 1 else torch.stack(norms).sum()
    except Exception:  # mixed devices or dtypes
        device = detached[0].device
        total = torch.stack([torch.linalg.vector_norm(t.float()).to(device) for t in detached]).sum()
    return total < math.inf  # NaN < inf is false


def read_flags(flags: List[torch.Tensor]) -> bool:
    """Whether every flag is true, read back with one host read per device."""
    by_device = {}
    for flag in flags:
        by_device.setdefault(flag.device, []).append(flag)
    finite = True
    for group in by_device.values():
        HostReads.count += 1
        finite = bool(torch.stack(group).all().item()) and finite
    return finite


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
        return [v for v in value if is_checkable(v)]
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
