"""`nan-filtered-after-op`: NaN entries removed from a result after an op already computed with them.

Missing targets stored as NaN are often dropped from the loss after the op: `torch.nanmean((pred -
y) ** 2)`, `loss_fn(pred, y)[~torch.isnan(y)]`, `torch.where(torch.isnan(y), 0, (pred - y) ** 2)`.
The forward value is finite, but autograd sends the dropped entries a gradient of 0 and multiplies
it by the op's local gradient there, which is NaN: `0 * NaN = NaN` reaches every parameter.
Filtering the inputs before the op (`pred[m] - y[m]`, `torch.where(m, y, 0)`) is safe.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Iterator, List, NamedTuple, Optional, Set

import libcst as cst

from nanlint.checks.base import Check, CheckParams
from nanlint.analysis.guards import value_keys
from nanlint.analysis.ops import KEEPING_VALUES, NO_GRADIENT
from nanlint.analysis.syntax import name_of, snippet, subscript_index, walk
from nanlint.analysis.values import literal_number

NAN_TESTS = frozenset({"isnan", "isfinite", "isinf"})
# Ops whose local gradient at a NaN input is NaN (measured on torch 2.13: `square`, `mse_loss`,
# `smooth_l1_loss`, `huber_loss`, `binary_cross_entropy_with_logits`, a product); `a - b`, `abs` and
# `l1_loss` give 0 there, so a NaN target that reaches only them does no harm.
NAN_GRADIENT_OPS = frozenset(
    {
        "square",
        "pow",
        "mul",
        "div",
        "exp",
        "log",
        "sqrt",
        "rsqrt",
        "sigmoid",
        "tanh",
        "mse_loss",
        "smooth_l1_loss",
        "huber_loss",
        "binary_cross_entropy",
        "binary_cross_entropy_with_logits",
        "kl_div",
        "gaussian_nll_loss",
        "poisson_nll_loss",
    }
)
NONLINEAR_OPERATORS = (cst.Power, cst.Multiply, cst.Divide)
NAN_REPLACING = frozenset({"nan_to_num", "nan_to_num_"})
HOPS = 3  # local names followed back (`valid = ~torch.isnan(y)`, `m = valid.float()`)


class NanFilteredAfterOp(Check):
    kind = "nan-filtered-after-op"
    FIELDS = ("how", "arg")

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The reductions that filter NaN after the fact."""

        # the NaN-skipping reductions that drop NaN only after the op that made it
        reductions: List[str] = field(default_factory=lambda: ["nanmean", "nansum"])

    params: Params

    def handlers(self):
        return {cst.Call: self.visit_call, cst.Subscript: self.visit_subscript, cst.BinaryOperation: self.visit_binop}

    def visit_call(self, node: cst.Call, ctx) -> None:
        described = ctx.describe(node)
        if described is None or not described[1]:
            return
        op, operands, _ = described
        if op in self.params.reductions:
            operation = _operation(operands[0], ctx)
            if (
                operation is not None
                and _nan_gradient(operands[0], ctx)
                and not _collected(operands[0], ctx)
                and not _gradient_hooked(operation, ctx)
            ):
                self.report(
                    ctx, node, how=f"`{op}` skips the NaN entries", arg=snippet(ctx.positions.source(operands[0]))
                )
        elif op == "where" and len(operands) == 3:
            condition, chosen, other = (
                (operands[0], operands[1], operands[2])
                if ctx.qualified(node.func) is not None
                else (operands[1], operands[0], operands[2])
            )
            tested = _nan_tested(condition, ctx)
            if tested is not None:
                self._judge(node, tested, chosen if tested.finite else other, ctx, "`where` drops the NaN entries")
        elif op == "masked_fill" and len(operands) == 3:
            tested = _nan_tested(operands[1], ctx)
            if tested is not None and not tested.finite:
                self._judge(node, tested, operands[0], ctx, "`masked_fill` overwrites the NaN entries")

    def visit_subscript(self, node: cst.Subscript, ctx) -> None:
        index = subscript_index(node)
        tested = _nan_tested(index, ctx) if index is not None else None
        if tested is not None and tested.finite:
            self._judge(node, tested, node.value, ctx, "indexing with the mask drops the NaN entries")

    def visit_binop(self, node: cst.BinaryOperation, ctx) -> None:
        if not isinstance(node.operator, cst.Multiply):
            return
        for mask, value in ((node.right, node.left), (node.left, node.right)):
            tested = _nan_tested(mask, ctx)
            if tested is not None and tested.finite:
                self._judge(node, tested, value, ctx, "multiplying by the mask zeroes the NaN entries")
                return

    def _judge(self, node: cst.CSTNode, tested: "Tested", value: cst.BaseExpression, ctx, how: str) -> None:
        """Report when `value`, kept only where the mask is finite, was computed from a tested value."""
        if (
            _computed_from(value, tested.keys, ctx)
            and _nan_gradient(value, ctx)
            and not _gradient_hooked(_operation(value, ctx), ctx)
        ):
            self.report(ctx, node, how=how, arg=snippet(ctx.positions.source(value)))


class Tested(NamedTuple):
    keys: Set[object]  # the values the mask tests for NaN/inf
    finite: bool  # True where the mask is True on the finite entries (`~torch.isnan(y)`, `torch.isfinite(y)`)


def _nan_tested(node: cst.BaseExpression, ctx, hops: int = 0) -> Optional[Tested]:
    """What the mask `node` tests (`~torch.isnan(y)`, `torch.isfinite(y).float()`, `m1 & m2`), and
    on which side, through local names, casts and views."""
    if isinstance(node, cst.Name):
        found = ctx.lookup(node) if hops < HOPS else None
        return ctx.at(found.seq, _nan_tested, found.value, ctx, hops + 1) if found is not None else None
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.BitInvert):
        inner = _nan_tested(node.expression, ctx, hops)
        return inner._replace(finite=not inner.finite) if inner is not None else None
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.BitAnd, cst.BitOr)):
        sides = [_nan_tested(side, ctx, hops) for side in (node.left, node.right)]
        tested = [side for side in sides if side is not None]
        if not tested or len({side.finite for side in tested}) > 1:
            return None
        return Tested(set().union(*(side.keys for side in tested)), tested[0].finite)
    described = ctx.describe(node) if isinstance(node, cst.Call) else None
    if described is None or not described[1]:
        return None
    op, operands, _ = described
    if op in NAN_TESTS:
        return Tested(value_keys(operands[0], ctx), op == "isfinite")
    if op == "logical_not":
        inner = _nan_tested(operands[0], ctx, hops)
        return inner._replace(finite=not inner.finite) if inner is not None else None
    if op in KEEPING_VALUES:
        return _nan_tested(operands[0], ctx, hops)
    return None


def _nan_gradient(node: cst.BaseExpression, ctx, hops: int = 0) -> bool:
    """Autograd meets a NaN local gradient in `node` where an input is NaN: a product, a quotient or a
    power of non-constant values, or an op of NAN_GRADIENT_OPS, with no gradient-blocking op
    (`round`, `floor`, `.detach()`, a cast to int) on the way; a function of the file counts too."""
    if isinstance(node, cst.Name):
        found = ctx.lookup(node) if hops < HOPS else None
        return found is not None and ctx.at(found.seq, _nan_gradient, found.value, ctx, hops + 1)
    if isinstance(node, cst.BinaryOperation):
        if isinstance(node.operator, NONLINEAR_OPERATORS) and (
            isinstance(node.operator, cst.Power)
            or literal_number(node.left) is None
            and literal_number(node.right) is None
        ):
            return True
        return _nan_gradient(node.left, ctx, hops) or _nan_gradient(node.right, ctx, hops)
    if not isinstance(node, cst.Call):
        return False
    described = ctx.describe(node)
    if described is None:
        return name_of(node.func) is not None  # `loss_fn(pred, y)`: a function of the file
    op, operands, _ = described
    if op in NO_GRADIENT or op in ("detach", "long", "int"):
        return False
    return op in NAN_GRADIENT_OPS or any(_nan_gradient(operand, ctx, hops) for operand in operands)


def _collected(node: cst.BaseExpression, ctx, hops: int = 0) -> bool:
    """`torch.cat(losses)`, `torch.stack(...)`: losses gathered from elsewhere, with no NaN of their
    own in sight (a defensive `nanmean`)."""
    if isinstance(node, cst.Name):
        found = ctx.lookup(node) if hops < HOPS else None
        return found is not None and ctx.at(found.seq, _collected, found.value, ctx, hops + 1)
    described = ctx.describe(node) if isinstance(node, cst.Call) else None
    return described is not None and described[0] in ("cat", "stack", "concat", "concatenate")


def _operation(node: cst.BaseExpression, ctx, hops: int = 0) -> Optional[cst.BaseExpression]:
    """`node` (or the value of the local name it is) when it computes with its inputs: arithmetic or
    a call that is not a view, cast or NaN replacement; None for a tensor selected as it is."""
    if isinstance(node, cst.Name):
        found = ctx.lookup(node) if hops < HOPS else None
        return ctx.at(found.seq, _operation, found.value, ctx, hops + 1) if found is not None else None
    if isinstance(node, (cst.BinaryOperation, cst.UnaryOperation)):
        return node
    if not isinstance(node, cst.Call):
        return None
    described = ctx.describe(node)
    if described is None:
        return node if name_of(node.func) is not None else None  # a function of the file: `loss_fn(pred, y)`
    if described[0] in NAN_REPLACING or described[0] in NAN_TESTS:
        return None
    if described[0] in KEEPING_VALUES:
        return _operation(described[1][0], ctx, hops) if described[1] else None
    return node


def _computed_from(value: cst.BaseExpression, tested: Set[object], ctx) -> bool:
    """`value` is an operation one of whose inputs is a tested value (not the tested value itself)."""
    if not value_keys(value, ctx).isdisjoint(tested):
        return False
    operation = _operation(value, ctx)
    if operation is None:
        return False
    return any(not value_keys(sub, ctx).isdisjoint(tested) for sub in _inputs(operation, ctx))


def _gradient_hooked(operation: cst.CSTNode, ctx) -> bool:
    """An input of the op has a gradient hook in this function (`pred.register_hook(...)`, which
    can replace the NaN gradients)."""
    keys = set().union(*(value_keys(sub, ctx) for sub in _inputs(operation, ctx)))
    for sub in walk(ctx.function_scope().node):
        if isinstance(sub, cst.Call) and isinstance(sub.func, cst.Attribute) and sub.func.attr.value == "register_hook":
            if not value_keys(sub.func.value, ctx).isdisjoint(keys):
                return True
    return False


def _inputs(node: cst.CSTNode, ctx) -> Iterator[cst.CSTNode]:
    for sub in walk(node):
        if sub is not node and isinstance(sub, (cst.Name, cst.Attribute, cst.Subscript)):
            yield sub
