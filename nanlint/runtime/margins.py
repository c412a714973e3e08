"""How close an op's input came to the values where it produces NaN or Inf (forward or backward).

Only the ops listed here pay for a margin: one extra reduction of the argument that matters.
"""

from __future__ import annotations

import math
import numbers
from typing import Dict, NamedTuple, Optional, Tuple

import torch

from nanlint.runtime.checks import is_checkable


class MarginSpec(NamedTuple):
    quantity: str  # how the report names the value, e.g. "min |denominator|"
    argument: object  # index of the positional argument, or "out" for the op's result
    keyword: str  # the same argument passed by keyword
    lowest: bool  # keep the smallest value seen (else the largest)
    absolute: bool  # of |x| rather than x
    limit: str  # where the danger starts: "zero", "one", "minus_one" or "exp" (depends on dtype)


_LOG = MarginSpec("min x", 0, "input", True, False, "zero")
_LOG1P = MarginSpec("min x", 0, "input", True, False, "minus_one")
_ROOT = MarginSpec("min x", 0, "input", True, False, "zero")
_DENOMINATOR = MarginSpec("min |denominator|", 1, "other", True, True, "zero")
_SELF_DENOMINATOR = MarginSpec("min |denominator|", 0, "input", True, True, "zero")
_EXP = MarginSpec("max x", 0, "input", False, False, "exp")
_UNIT = MarginSpec("max |x|", 0, "input", False, True, "one")
_ACOSH = MarginSpec("min x", 0, "input", True, False, "one")
_NORM = MarginSpec("min norm", "out", "", True, False, "zero")
_FRACTIONAL_POWER = MarginSpec("min base", 0, "input", True, False, "zero")
_NEGATIVE_POWER = MarginSpec("min |base|", 0, "input", True, True, "zero")


def _names(*stems: str, inplace: bool = True) -> Tuple[str, ...]:
    names = list(stems)
    if inplace:
        names += [stem + "_" for stem in stems]
    return tuple(names)


SPECS: Dict[str, MarginSpec] = {}
for _names_group, _margin in (
    (_names("log", "log2", "log10"), _LOG),
    (_names("log1p"), _LOG1P),
    (_names("sqrt", "rsqrt"), _ROOT),
    (_names("div", "true_divide", "divide") + ("__truediv__", "__itruediv__"), _DENOMINATOR),
    (_names("reciprocal") + ("__rtruediv__", "__rdiv__"), _SELF_DENOMINATOR),
    (_names("exp", "expm1"), _EXP),
    (_names("acos", "arccos", "asin", "arcsin", "atanh", "arctanh"), _UNIT),
    (_names("acosh", "arccosh"), _ACOSH),
    (("norm", "linalg_norm", "linalg_vector_norm", "vector_norm", "cdist", "pdist"), _NORM),
):
    for _name in _names_group:
        SPECS[_name] = _margin

POWERS = frozenset({"pow", "pow_", "__pow__", "__ipow__", "float_power", "float_power_"})

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
