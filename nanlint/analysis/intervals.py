"""Interval arithmetic for the value analysis: the range a tensor's values lie in.

A value's `(lo, hi)` is a sound enclosure of its elements as real numbers (infinite ends when
unknown); the float32 limits that matter are named here: exp overflows to inf above EXP_OVERFLOW
and underflows to exactly 0 below -EXP_UNDERFLOW (the smallest subnormal).
"""

from __future__ import annotations

import math
from typing import Tuple

Interval = Tuple[float, float]
UNBOUNDED: Interval = (-math.inf, math.inf)
EXP_OVERFLOW = 88.72  # float32's exp is inf above it
EXP_UNDERFLOW = 103.28  # float32's exp is exactly 0 below minus it (exp(-103.28) is the smallest subnormal)


def _product(a: float, b: float) -> float:
    """a * b with 0 * inf taken as 0 (an interval end at infinity bounds nothing there)."""
    return 0.0 if a == 0 or b == 0 else a * b


def add(a: Interval, b: Interval) -> Interval:
    return (
        a[0] + b[0] if not (math.isinf(a[0]) and math.isinf(b[0]) and a[0] != b[0]) else -math.inf,
        a[1] + b[1] if not (math.isinf(a[1]) and math.isinf(b[1]) and a[1] != b[1]) else math.inf,
    )


def negate(a: Interval) -> Interval:
    return (-a[1], -a[0])


def subtract(a: Interval, b: Interval) -> Interval:
    return add(a, negate(b))


def multiply(a: Interval, b: Interval) -> Interval:
    ends = [_product(x, y) for x in a for y in b]
    return (min(ends), max(ends))


def divide(a: Interval, b: Interval) -> Interval:
    """a / b, unbounded when b may be 0."""
    if b[0] <= 0 <= b[1]:
        return UNBOUNDED
    return multiply(a, (1 / b[1], 1 / b[0]))


def absolute(a: Interval) -> Interval:
    if a[0] >= 0:
        return a
    if a[1] <= 0:
        return negate(a)
    return (0.0, max(-a[0], a[1]))


def square(a: Interval) -> Interval:
    low, high = absolute(a)
    return (low * low, high * high)


def exp(a: Interval) -> Interval:
    return (_exp(a[0]), _exp(a[1]))


def _exp(x: float) -> float:
    if x > 709:
        return math.inf
    return math.exp(x) if x != -math.inf else 0.0


def hull(a: Interval, b: Interval) -> Interval:
    return (min(a[0], b[0]), max(a[1], b[1]))


def intersect(a: Interval, b: Interval) -> Interval:
    """The common part, or `a` itself where the two do not meet (one of them was not sound)."""
    low, high = max(a[0], b[0]), min(a[1], b[1])
    return (low, high) if low <= high else a


OPERATORS = {"+": add, "-": subtract, "*": multiply, "/": divide}


def clip(a: Interval, low: float, high: float) -> Interval:
    """The values of `a` clamped to [low, high]: those outside move to the nearer end."""
    return (min(max(a[0], low), high), min(max(a[1], low), high))
