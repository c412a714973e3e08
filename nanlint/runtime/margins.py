"""How close an op's input came to the values where it produces NaN or Inf (forward or backward).

Which ops, which operand and where the danger lies come from the op table (nanlint/analysis/ops.py),
which the static pass reads too. Only those ops pay for a margin: one extra reduction of the
argument that matters.
"""

from __future__ import annotations

import math
import numbers
from typing import Dict, NamedTuple, Optional, Tuple

import torch

from nanlint.analysis import ops
from nanlint.runtime.finite import is_checkable


class MarginSpec(NamedTuple):
    quantity: str  # how the report names the value, e.g. "min |denominator|"
    argument: object  # index of the positional argument, or "out" for the op's result
    keyword: str  # the same argument passed by keyword
    lowest: bool  # keep the smallest value seen (else the largest)
    absolute: bool  # of |x| rather than x
    limit: str  # where the danger starts: "zero", "one", "minus_one" or "exp" (depends on dtype)


_LIMIT_NAMES = {ops.ZERO: "zero", ops.ONE: "one", ops.MINUS_ONE: "minus_one", ops.EXP_LIMIT: "exp"}
_KEYWORDS = {0: "input", 1: "other"}


def _margin(dangers: Tuple[ops.Danger, ...]) -> MarginSpec:
    """How close a call came to the first of its op's dangers (the op table's)."""
    if any(danger.operand == ops.RESULT for danger in dangers):
        return MarginSpec("min norm", "out", "", True, False, "zero")
    first = dangers[0]
    argument, keyword, limit = first.operand, _KEYWORDS.get(first.operand, ""), _LIMIT_NAMES[first.boundary]
    if first.boundary == ops.EXP_LIMIT:
        return MarginSpec("max x", argument, keyword, False, False, limit)
    if first.boundary == ops.ONE and first.side in (ops.AT, ops.BEYOND):
        return MarginSpec("max |x|", argument, keyword, False, True, limit)
    if first.side == ops.AT and not any(danger.side == ops.BELOW for danger in dangers):
        return MarginSpec("min |denominator|", argument, keyword, True, True, limit)
    return MarginSpec("min x", argument, keyword, True, False, limit)


SPECS: Dict[str, MarginSpec] = {name: _margin(op.dangers) for name, op in ops.OPS.items() if op.dangers}
POWERS = ops.POWERS
_FRACTIONAL_POWER = _margin(ops.FRACTIONAL_POWER_DANGERS)._replace(quantity="min base")
_NEGATIVE_POWER = _margin(ops.NEGATIVE_POWER_DANGERS)._replace(quantity="min |base|")

_LIMITS = {"zero": 0.0, "one": 1.0, "minus_one": -1.0}


def spec_for(name: str, args: tuple, kwargs: dict) -> Optional[MarginSpec]:
    if name in POWERS:
        return _power_spec(args, kwargs)
    return SPECS.get(name)


def _power_spec(args: tuple, kwargs: dict) -> Optional[MarginSpec]:
    exponent = args[1] if len(args) > 1 else kwargs.get("exponent")
    if not isinstance(exponent, numbers.Real) or isinstance(exponent, bool):
        return None
    if exponent < 0:
        return _NEGATIVE_POWER
    if not float(exponent).is_integer():  # a negative base gives NaN; below 1, zero gives an inf gradient
        return _FRACTIONAL_POWER
    return None


def measure(spec: MarginSpec, args: tuple, kwargs: dict, out) -> Optional[Tuple[float, str]]:
    """The value of the spec's quantity for this call, and the dtype it was computed in."""
    if spec.argument == "out":
        value = out if isinstance(out, torch.Tensor) else None
    elif len(args) > spec.argument:
        value = args[spec.argument]
    else:
        value = kwargs.get(spec.keyword)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        number = abs(float(value)) if spec.absolute else float(value)
        return number, "python"
    if not is_checkable(value) or value.is_complex() or value.numel() == 0:
        return None
    try:
        data = value.detach()
        if spec.absolute:
            data = data.abs()
        number = (data.min() if spec.lowest else data.max()).item()
    except Exception:
        return None
    return number, str(value.dtype).replace("torch.", "")


def limit_of(spec_limit: str, dtype: str) -> float:
    """The value at which the op's output stops being finite (exp: the overflow threshold)."""
    if spec_limit != "exp":
        return _LIMITS[spec_limit]
    try:
        return math.log(torch.finfo(getattr(torch, dtype)).max)
    except (AttributeError, TypeError):
        return math.log(torch.finfo(torch.float64).max)


def is_better(spec: MarginSpec, new: float, old: Optional[float]) -> bool:
    if old is None:
        return True
    if math.isnan(new):
        return False
    return new < old if spec.lowest else new > old
