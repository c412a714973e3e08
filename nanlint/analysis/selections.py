"""The points a boolean-mask selection rules out of the value it selects from.

`p[p > 0]` holds no 0 and `w[~(torch.isclose(w, 0) | torch.isclose(w, 1))]` neither 0 nor 1: the
mask is a test of the selected value itself, so its truth at a point says whether elements equal to
that point survive. The mask is evaluated, in three-valued logic, at the two points that matter to
the rules (0, where log and division fail, and 1, where `1 - p` is 0); a test of anything else is
unknown, and an unknown mask rules nothing out. At "some finite value" only finiteness tests are
decided: `x[torch.isfinite(x)]` and `x[~torch.isnan(x)]` are empty only where `x` is all NaN/Inf.
"""

from __future__ import annotations

import operator
from typing import Callable, Dict, FrozenSet, NamedTuple, Optional

import libcst as cst

from nanlint.analysis.syntax import comparison, number_value, positional_args, same_code

POINTS = (0.0, 1.0)
ANY_FINITE = None  # the point "some finite value": only finiteness tests are decided at it
FINITENESS = {"isfinite": True, "isnan": False, "isinf": False, "isposinf": False, "isneginf": False}
MAX_DEPTH = 6  # names followed and operators nested: masks people write are shallow
COMPARISONS: Dict[type, Callable[[float, float], bool]] = {
    cst.GreaterThan: operator.gt,
    cst.GreaterThanEqual: operator.ge,
    cst.LessThan: operator.lt,
    cst.LessThanEqual: operator.le,
    cst.Equal: operator.eq,
    cst.NotEqual: operator.ne,
}
FLIPPED = {
    cst.GreaterThan: cst.LessThan,
    cst.GreaterThanEqual: cst.LessThanEqual,
    cst.LessThan: cst.GreaterThan,
    cst.LessThanEqual: cst.GreaterThanEqual,
    cst.Equal: cst.Equal,
    cst.NotEqual: cst.NotEqual,
}
METHODS = {
    "gt": cst.GreaterThan,
    "ge": cst.GreaterThanEqual,
    "lt": cst.LessThan,
    "le": cst.LessThanEqual,
    "eq": cst.Equal,
    "ne": cst.NotEqual,
    "greater": cst.GreaterThan,
    "less": cst.LessThan,
    "not_equal": cst.NotEqual,
}


class Base(NamedTuple):
    """The value selected from, and for a name the assignment it stands for where it is selected."""

    node: cst.BaseExpression
    seq: Optional[int]


def excluded_points(mask: cst.BaseExpression, selected: cst.BaseExpression, env) -> FrozenSet[float]:
    """The points among 0 and 1 that no element of `selected[mask]` can equal."""
    base = Base(selected, _seq(selected, env))
    return frozenset(point for point in POINTS if _truth(mask, base, env, point, 0) is False)


def keeps_finite(mask: cst.BaseExpression, selected: cst.BaseExpression, env) -> bool:
    """`mask` holds at every finite element of `selected` (`torch.isfinite(x)`, `~torch.isnan(x)`):
    `selected[mask]` is empty only where `selected` is all NaN/Inf already."""
    return _truth(mask, Base(selected, _seq(selected, env)), env, ANY_FINITE, 0) is True


def _seq(node: cst.CSTNode, env) -> Optional[int]:
    found = env.binding_of(node.value) if isinstance(node, cst.Name) else None
    return found.seq if found is not None else None


def _is_base(node: cst.CSTNode, base: Base, env) -> bool:
    """`node` is the selected value: the same code and, for a name, the same assignment (`m = x > 0`
    tests the `x` that `x[m]` selects from, not one reassigned since)."""
    return same_code(node, base.node) and _seq(node, env) == base.seq


def _truth(node: cst.CSTNode, base, env, point: Optional[float], depth: int) -> Optional[bool]:
    """Whether `node` holds for an element of `base` equal to `point`: True, False or None (unknown)."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(node, cst.Name) and not same_code(node, base.node):
        found = env.lookup(node)
        return env.at(found.seq, _truth, found.value, base, env, point, depth + 1) if found is not None else None
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.BitInvert):
        return _not(_truth(node.expression, base, env, point, depth + 1))
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.BitAnd, cst.Multiply, cst.BitOr)):
        left, right = (_truth(side, base, env, point, depth + 1) for side in (node.left, node.right))
        return _or(left, right) if isinstance(node.operator, cst.BitOr) else _and(left, right)
    if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
        left, [(kind, right)] = comparison(node)
        return _compared(left, kind, right, base, env, point)
    if isinstance(node, cst.Call):
        return _called(node, base, env, point, depth)
    return None


def _called(node: cst.Call, base, env, point: Optional[float], depth: int) -> Optional[bool]:
    described = env.describe(node)
    if described is None or not described[1]:
        return None
    op, operands = described[0], described[1]
    if op == "logical_not":
        return _not(_truth(operands[0], base, env, point, depth + 1))
    if op in ("logical_and", "logical_or") and len(operands) == 2:
        left, right = (_truth(side, base, env, point, depth + 1) for side in operands)
        return _or(left, right) if op == "logical_or" else _and(left, right)
    if op in METHODS and len(operands) == 2:
        return _compared(operands[0], METHODS[op], operands[1], base, env, point)
    if op in FINITENESS and len(operands) == 1:
        return FINITENESS[op] if _is_base(operands[0], base, env) else None
    if op == "isclose" and len(operands) == 2 and point is not ANY_FINITE:  # default tolerances: near its point
        value = _number(operands[1]) if _is_base(operands[0], base, env) else None
        return None if value is None else abs(point - value) <= 1e-3
    return None


def _compared(left, kind: type, right, base: Base, env, point: Optional[float]) -> Optional[bool]:
    if kind not in COMPARISONS:  # `step in t`, `a is b`: no test of a value against a point
        return None
    if not _is_base(left, base, env):
        left, kind, right = right, FLIPPED[kind], left
    value = _number(right)
    if not _is_base(left, base, env) or value is None or point is ANY_FINITE:
        return None
    return COMPARISONS[kind](point, value)


def _number(node: cst.CSTNode) -> Optional[float]:
    """A literal (`0`, `-1.0`), or a tensor made of one (`torch.tensor(0.0)`)."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        value = _number(node.expression)
        return None if value is None else -value
    if isinstance(node, cst.Call) and len(positional_args(node)) == 1:
        func = node.func
        name = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", None)
        return _number(positional_args(node)[0]) if name in ("tensor", "as_tensor", "scalar_tensor") else None
    value = number_value(node)
    return None if value is None else float(value)


def _not(value: Optional[bool]) -> Optional[bool]:
    return None if value is None else not value


def _and(left: Optional[bool], right: Optional[bool]) -> Optional[bool]:
    if left is False or right is False:
        return False
    return True if left is True and right is True else None


def _or(left: Optional[bool], right: Optional[bool]) -> Optional[bool]:
    if left is True or right is True:
        return True
    return False if left is False and right is False else None
