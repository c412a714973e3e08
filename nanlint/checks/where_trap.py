"""`where-branch-trap`: a NaN/Inf-prone op inside a `torch.where` branch whose condition guards it.

`torch.where(x > 0, torch.log(x), 0)` is finite in the forward pass, but autograd differentiates
both branches everywhere and multiplies the unselected one by 0: at `x = 0` that is
`0 * (1 / 0) = 0 * inf = NaN`. The fix is the double `where`: feed the op a safe value where the
branch is not taken, `torch.where(x > 0, torch.log(torch.where(x > 0, x, 1.0)), 0)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import math
import operator
from typing import Dict, Iterator, List, Optional, Set, Tuple

import libcst as cst

from nanlint.analysis import ops
from nanlint.checks.base import Check, CheckParams
from nanlint.types import Fix
from nanlint.analysis.guards import value_keys
from nanlint.analysis.patterns import Match, Template
from nanlint.analysis.syntax import children, name_of, snippet, walk
from nanlint.analysis.values import COUNT, LEARNED, MASK, POS, REQUIRES_GRAD, is_eps_like

# Ops whose result or derivative is infinite somewhere (the op table's dangers), and a value of their
# argument where both are finite.
SAFE_ARGUMENT = {
    name: ops.safe_argument(op.dangers)
    for name, op in ops.OPS.items()
    if op.dangers and not name.startswith("_") and op.produces != ops.NORM and op.produces != ops.DISTANCE
}
SAFE_ARGUMENT.update(dict.fromkeys(("pow",), ops.safe_argument(ops.FRACTIONAL_POWER_DANGERS)))
# Ops that overflow above a limit, not at a domain edge: a positive argument is no guard (exp, expm1...).
POSITIVE_ENOUGH = frozenset(
    name for name, op in ops.OPS.items() if any(d.boundary == ops.EXP_LIMIT and d.side == ops.ABOVE for d in op.dangers)
)
# Ops singular at 0: a guard `x > c` whose bound makes their argument 0 (`(x**2 - 1).sqrt()` under
# `x > 1`) puts the singularity on the unselected side as surely as `log(x)` under `x > 0` does.
SINGULAR_AT_ZERO = frozenset(
    name
    for name, op in ops.OPS.items()
    if name in SAFE_ARGUMENT and any(d.boundary == ops.ZERO and d.side == ops.AT for d in op.dangers)
) | {"pow"}
DIVISIONS = frozenset({"div", "true_divide", "divide", "pow"})
ARITHMETIC = {
    cst.Add: operator.add,
    cst.Subtract: operator.sub,
    cst.Multiply: operator.mul,
    cst.Divide: operator.truediv,
    cst.Power: operator.pow,
}
CONDITION_HOPS = 3  # local names followed back from a `where` condition (`mask = n > eps`, `m = mask[..., None]`)
TESTS = frozenset({"isfinite", "isnan", "isinf", "isposinf", "isneginf", "signbit"})


class WhereBranchTrap(Check):
    kind = "where-branch-trap"
    FIELDS = ("op", "cond", "arg", "feed")

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The ops the `where` trap looks for in a branch."""

        # the ops whose NaN gradient a `where` branch does not stop
        ops: List[str] = field(default_factory=lambda: sorted(SAFE_ARGUMENT))

    params: Params

    def handlers(self):
        return {cst.Call: self.visit_call}

    def begin(self, ctx) -> None:
        self.reported: Set[int] = set()  # an op two `where` calls reach (or both branches of one) is one finding

    def visit_call(self, node: cst.Call, ctx) -> None:
        if ctx.grad_disabled:
            return
        parts = _where_parts(node, ctx)
        if parts is None:
            return
        condition, chosen, other = parts
        guarded = _condition_keys(condition, ctx)
        if not guarded:
            return
        for branch, taken_when in ((chosen, True), (other, False)):
            for risky, op, argument, direct in self._risky_ops(branch, ctx):
                if (
                    argument is not None
                    and id(risky) not in self.reported
                    and _guarded(risky, op, argument, guarded, ctx)
                ):
                    self.reported.add(id(risky))
                    fix = self._fix(ctx, condition, argument, op, taken_when) if direct else None
                    cond, arg = snippet(ctx.positions.source(condition)), snippet(ctx.positions.source(argument))
                    self.report(
                        ctx,
                        risky,
                        fix,
                        op=op,
                        cond=cond,
                        arg=arg,
                        feed=_safe_where(cond, arg, SAFE_ARGUMENT[op], taken_when),
                    )

    def _risky_ops(
        self, branch: cst.CSTNode, ctx
    ) -> Iterator[Tuple[cst.CSTNode, str, Optional[cst.BaseExpression], bool]]:
        """(node, op, argument, written in place) for each risky op in `branch`, not looking inside
        nested `where` calls (the double-where fix), following local names one assignment back."""
        stack = [(branch, True)]
        while stack:
            node, direct = stack.pop()
            if isinstance(node, cst.Name) and direct:
                found = ctx.lookup(node)
                if found is not None:
                    stack.append((found.value, False))
                continue
            if isinstance(node, cst.Call) and _where_parts(node, ctx) is not None:
                continue
            found = self._risky(node, ctx)
            if found is not None:
                yield (node, found[0], found[1], direct)
            stack.extend((child, direct) for child in children(node))

    def _risky(self, node: cst.CSTNode, ctx) -> Optional[Tuple[str, cst.BaseExpression]]:
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Divide) and "div" in self.params.ops:
            if _positive(node.right, ctx) or not (_differentiable(node.left, ctx) or _differentiable(node.right, ctx)):
                return None
            return "div", node.right
        if (
            isinstance(node, cst.BinaryOperation)
            and isinstance(node.operator, cst.Power)
            and _fractional_or_negative(node.right, ctx)
        ):
            return ("pow", node.left) if not _positive(node.left, ctx) else None
        if not isinstance(node, cst.Call):
            return None
        described = ctx.describe(node)
        if described is None or described[0] not in self.params.ops or not described[1]:
            return None
        op, operands, _ = described
        if op == "pow":
            return (
                ("pow", operands[0])
                if len(operands) == 2 and _fractional_or_negative(operands[1], ctx) and not _positive(operands[0], ctx)
                else None
            )
        if op in ("div", "true_divide", "divide"):
            return (op, operands[1]) if len(operands) == 2 and not _positive(operands[1], ctx) else None
        if (
            len(operands) != 1
            or op not in POSITIVE_ENOUGH
            and _positive(operands[0], ctx)
            or not _differentiable(operands[0], ctx)
        ):
            return None
        return op, operands[0]

    def _fix(
        self, ctx, condition: cst.BaseExpression, argument: cst.BaseExpression, op: str, taken_when: bool
    ) -> Optional[Fix]:
        if any(
            isinstance(n, cst.Call)
            and ctx.describe(n) is not None
            and ctx.describe(n)[0] in ("rand", "randn", "rand_like", "randn_like")
            for n in walk(condition)
        ):
            return None
        template = Template(_safe_where("$c", "$x", SAFE_ARGUMENT[op], taken_when))
        return self.render_fix(ctx, argument, template, Match({"c": condition, "x": argument}))


def _safe_where(condition: str, argument: str, safe: str, taken_when: bool) -> str:
    """The op's argument where its branch is taken, and a safe value where it is not."""
    return (
        f"torch.where({condition}, {argument}, {safe})"
        if taken_when
        else f"torch.where({condition}, {safe}, {argument})"
    )


def _where_parts(node: cst.Call, ctx) -> Optional[Tuple[cst.BaseExpression, cst.BaseExpression, cst.BaseExpression]]:
    """(condition, value where true, value where false) of `torch.where(c, a, b)` or `a.where(c, b)`."""
    described = ctx.describe(node)
    if described is None or described[0] != "where" or len(described[1]) != 3:
        return None
    operands = described[1]
    if ctx.qualified(node.func) is not None:
        return operands[0], operands[1], operands[2]
    return operands[1], operands[0], operands[2]


def _guarded(
    risky: cst.CSTNode, op: str, argument: cst.BaseExpression, guarded: Dict[object, Optional[float]], ctx
) -> bool:
    """The condition tests the op's argument, the op's own result (`x.exp()` under
    `torch.isinf(exp)`), or a value whose bound makes the argument of an op singular at 0 exactly 0."""
    keys = value_keys(argument, ctx)
    if (
        op not in DIVISIONS
    ):  # `torch.isinf(e)` with `e = x.exp()`; a test of a quotient's result is no guard of its denominator
        keys |= value_keys(risky, ctx)
    matched = [guarded[key] for key in keys if key in guarded]
    if matched and op in POSITIVE_ENOUGH and all(bound is not None and bound < 0 for bound in matched):
        return False  # `x < -0.69`: a split of the domain for accuracy (log1mexp), no overflow guard
    if matched:
        return True
    if op not in SINGULAR_AT_ZERO:
        return False
    return any(
        bound is not None and _value_at(argument, key, bound, ctx) == 0
        for key, bound in guarded.items()
        if isinstance(key, str)
    )


def _value_at(node: cst.CSTNode, name: str, value: float, ctx) -> Optional[float]:
    """`node`, arithmetic on constants (`self.t` set to one) and the name `name`, evaluated with `name = value`."""
    if name_of(node) == name:
        return value
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _value_at(node.expression, name, value, ctx)
        return None if inner is None else -inner
    if isinstance(node, cst.BinaryOperation):
        left, right = _value_at(node.left, name, value, ctx), _value_at(node.right, name, value, ctx)
        operator = ARITHMETIC.get(type(node.operator))
        if left is None or right is None or operator is None:
            return None
        try:
            result = operator(left, right)
        except (ArithmeticError, ValueError):
            return None
        return result if isinstance(result, (int, float)) else None
    return _number(node, ctx) if name_of(node) is None or name_of(node) != name else None


def _condition_keys(condition: cst.BaseExpression, ctx, hops: int = 0) -> Dict[object, Optional[float]]:
    """Keys of the values the condition compares with a constant or tests (`x > 0`, `x.abs() < eps`,
    `g > 20.0`, `torch.isfinite(x)`), with the constant when it is a number; a condition computed
    into a local name (`mask = length > eps`) is followed back. `a <= b` between two variables
    guards no domain edge."""
    keys: Dict[object, Optional[float]] = {}
    for node in walk(condition):
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
            operands = (node.left, node.comparisons[0].comparator)
            for operand, other in (operands, operands[::-1]):
                if _constant(other, ctx) and not _constant(operand, ctx):
                    bound = _number(other, ctx)
                    keys.update((key, bound) for key in value_keys(operand, ctx))
        elif isinstance(node, cst.Call):
            described = ctx.describe(node)
            if described is not None and described[0] in TESTS and described[1]:
                keys.update((key, None) for key in value_keys(described[1][0], ctx))
        elif isinstance(node, cst.Name) and hops < CONDITION_HOPS:
            found = ctx.lookup(node)
            if found is not None:
                keys.update(ctx.at(found.seq, _condition_keys, found.value, ctx, hops + 1))
    return keys


def _constant(node: cst.CSTNode, ctx) -> bool:
    """A literal or an eps, or a name bound to a constant (`x_th = torch.tensor(10)`, `self.t = 10.0`),
    which bounds a value but is itself no value the condition guards."""
    return is_eps_like(node) or _number(node, ctx) is not None


def _number(node: cst.CSTNode, ctx) -> Optional[float]:
    """The one value `node` holds, as the value analysis bounds it: a literal, `torch.tensor(10)`, a
    local name or `self.t` bound to one (`self.t = 10.0` in `__init__`). A parameter or a tensor made
    with requires_grad=True is a variable, whatever it starts at."""
    fact = ctx.fact(node)
    low, high = fact.bounds
    return low if low == high and math.isfinite(low) and not fact.tags & {LEARNED, REQUIRES_GRAD} else None


def _differentiable(node: cst.BaseExpression, ctx) -> bool:
    """False for booleans and counts of booleans, which carry no gradient."""
    fact = ctx.fact(node)
    return not (fact.has(MASK) or fact.has(COUNT))


def _positive(node: cst.BaseExpression, ctx) -> bool:
    """Clamped, offset by an eps, or otherwise strictly positive by construction."""
    fact = ctx.fact(node)
    return fact.signs == POS


def _fractional_or_negative(exponent: cst.BaseExpression, ctx) -> bool:
    value = ctx.constant(exponent)
    return value is not None and (value < 0 or 0 < value < 1)
