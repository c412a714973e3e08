"""Errors an op raises where it would otherwise make a non-finite value (no NaN is ever seen).

A fill value out of the dtype's range (`masked_fill(mask, -1e15)` in float16, `fill_(1e43)` in float32)
would be an Inf, and the inverse of a singular matrix would be Inf or NaN: torch raises instead, so the
line that raised is where the value would have been born.
"""

from __future__ import annotations

import re

_NUMERIC = re.compile(
    r"cannot be converted to type \S+ without overflow"
    r"|matrix is singular"
    r"|not positive-definite"
)


def is_numeric_error(message: str) -> bool:
    return _NUMERIC.search(message) is not None
