"""Which entries of a triangular mask are set, as `triu`/`tril` and their offsets decide.

`torch.triu(m, k)` keeps the entries (i, j) with j - i >= k, `torch.tril(m, k)` those with
j - i <= k (k = 0 by default): the diagonal is in both at k = 0 and dropped by `triu(1)` and
`tril(-1)`. A mask whose set entries fill a whole row, filled with -inf before a softmax, makes
that row 0/0 = NaN; a causal mask (`triu(1)` filled, or `tril(0)` kept) never does.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

import libcst as cst

from nanlint.analysis.syntax import name_of
from nanlint.analysis.values import literal_number

TRIANGULAR = frozenset({"triu", "tril", "triu_", "tril_"})
TRANSPOSES = frozenset({"t", "transpose", "mT", "T"})
KEPT = frozenset(
    {
        "bool",
        "float",
        "half",
        "int",
        "long",
        "byte",
        "to",
        "type",
        "contiguous",
        "clone",
        "detach",
        "unsqueeze",
        "expand",
        "expand_as",
        "repeat",
        "view",
        "reshape",
    }
)
MAX_DEPTH = 8


class Triangle(NamedTuple):
    """The set entries of a square mask: j - i >= offset (`upper`, as `triu`) or j - i <= offset
    (as `tril`); `offset` is None when it is no number the code shows."""

    upper: bool
    offset: Optional[int]

    def negated(self) -> "Triangle":
        """`~mask`, `mask == 0`: the entries left out."""
        if self.offset is None:
            return Triangle(not self.upper, None)
        return Triangle(False, self.offset - 1) if self.upper else Triangle(True, self.offset + 1)

    def transposed(self) -> "Triangle":
        return Triangle(not self.upper, None if self.offset is None else -self.offset)

    def fills_a_row(self) -> Optional[bool]:
        """Whether some row is set throughout: row 0 of `triu` at an offset <= 0, the last row of
        `tril` at an offset >= 0. None when the offset is unknown."""
        if self.offset is None:
            return None
        return self.offset <= 0 if self.upper else self.offset >= 0


def triangle(mask: cst.CSTNode, ctx, depth: int = 0) -> Optional[Triangle]:
    """The triangle `mask` sets, followed through local names, casts, views, negations and
    comparisons with 0 or 1; None when it is not made by `triu`/`tril`."""
    if depth > MAX_DEPTH:
        return None
    if name_of(mask):
        found = ctx.lookup(mask)
        return ctx.at(found.seq, triangle, found.value, ctx, depth + 1) if found is not None else None
    if isinstance(mask, cst.UnaryOperation) and isinstance(mask.operator, (cst.BitInvert, cst.Not)):
        inner = triangle(mask.expression, ctx, depth + 1)
        return inner.negated() if inner is not None else None
    if isinstance(mask, cst.Subscript):
        return triangle(mask.value, ctx, depth + 1)
    if isinstance(mask, cst.Attribute) and mask.attr.value in TRANSPOSES:
        inner = triangle(mask.value, ctx, depth + 1)
        return inner.transposed() if inner is not None else None
    if isinstance(mask, cst.Comparison) and len(mask.comparisons) == 1:
        return _compared(triangle(mask.left, ctx, depth + 1), mask.comparisons[0])
    if isinstance(mask, cst.Call):
        return _called(mask, ctx, depth)
    return None


def _called(call: cst.Call, ctx, depth: int) -> Optional[Triangle]:
    described = ctx.describe(call)
    if described is None or not described[1]:
        return None
    op, operands, keywords = described
    if op in TRIANGULAR:
        offset = keywords.get("diagonal", operands[1] if len(operands) > 1 else None)
        value = 0.0 if offset is None else literal_number(offset)
        if value is None and offset is not None:
            value = ctx.constant(offset)
        return Triangle(op.startswith("triu"), int(value) if value is not None and float(value).is_integer() else None)
    inner = triangle(operands[0], ctx, depth + 1)
    if inner is None:
        return None
    compared_with = literal_number(operands[1]) if len(operands) > 1 else None
    if op == "logical_not" or (op == "eq" and compared_with == 0):
        return inner.negated()
    if op == "ne" and compared_with == 0:
        return inner
    if op in TRANSPOSES:
        return inner.transposed()
    return inner if op in KEPT else None


def _compared(inner: Optional[Triangle], comparison: cst.ComparisonTarget) -> Optional[Triangle]:
    """`mask == 0` is the entries left out, `mask == 1`, `mask != 0`, `mask > 0` the set ones."""
    if inner is None:
        return None
    comparator = comparison.comparator
    value = literal_number(comparator)
    if value is None and isinstance(comparator, cst.Name) and comparator.value in ("True", "False"):
        value = float(comparator.value == "True")
    operator = type(comparison.operator)
    if (operator is cst.Equal and value == 0) or (operator is cst.NotEqual and value == 1):
        return inner.negated()
    if (operator is cst.Equal and value == 1) or (operator in (cst.NotEqual, cst.GreaterThan) and value == 0):
        return inner
    return Triangle(inner.upper, None)
