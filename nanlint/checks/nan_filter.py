"""`nan-filtered-after-op`: NaN entries removed from a result after an op already computed with them.

Missing targets stored as NaN are often dropped from the loss after the op: `torch.nanmean((pred -
y) ** 2)`, `loss_fn(pred, y)[~torch.isnan(y)]`, `torch.where(torch.isnan(y), 0, (pred - y) ** 2)`.
The forward value is finite, but autograd sends the dropped entries a gradient of 0 and multiplies
it by the op's local gradient there, which is NaN: `0 * NaN = NaN` reaches every parameter.
Filtering the inputs before the op (`pred[m] - y[m]`, `torch.where(m, y, 0)`) is safe.
"""

from __future__ import annotations

from typing import Iterator, Optional, Set

import libcst as cst

from nanlint.checks.base import Check, snippet
from nanlint.analysis.guards import value_keys
from nanlint.analysis.ops import KEEPING_VALUES
from nanlint.analysis.syntax import name_of, subscript_index, walk

NAN_TESTS = frozenset({"isnan", "isfinite", "isinf"})
NAN_REPLACING = frozenset({"nan_to_num", "nan_to_num_"})
HOPS = 3  # local names followed back (`valid = ~torch.isnan(y)`, `m = valid.float()`)


class NanFilteredAfterOp(Check):
    kind = "nan-filtered-after-op"
    FIELDS = ("how", "arg")
    PARAMS = {"reductions": (list, ["nanmean", "nansum"])}

    def handlers(self):
        return {cst.Call: self.visit_call, cst.Subscript: self.visit_subscript, cst.BinaryOperation: self.visit_binop}

    def visit_call(self, node: cst.Call, ctx) -> None:
        described = ctx.describe(node)
        if described is None or not described[1]:
            return
        op, operands, _ = described
        if op in self.params["reductions"]:
            operation = _operation(operands[0], ctx)
            if operation is not None and not _gradient_hooked(operation, ctx):
                self.report(ctx, node, how=f"`{op}` skips the NaN entries", arg=snippet(ctx.source(operands[0])))
        elif op == "where" and len(operands) == 3:
            condition, branches = (operands[0], operands[1:]) if ctx.qualified(node.func) is not None else (operands[1], (operands[0], operands[2]))
            self._judge(node, condition, branches, ctx, "`where` drops the NaN entries")
        elif op == "masked_fill" and len(operands) == 3:
            self._judge(node, operands[1], operands[:1], ctx, "`masked_fill` overwrites the NaN entries")

    def visit_subscript(self, node: cst.Subscript, ctx) -> None:
        index = subscript_index(node)
        if index is not None:
            self._judge(node, index, (node.value,), ctx, "indexing with the mask drops the NaN entries")

    def visit_binop(self, node: cst.BinaryOperation, ctx) -> None:
        if isinstance(node.operator, cst.Multiply):
            self._judge(node, node.right, (node.left,), ctx, "multiplying by the mask zeroes the NaN entries")
            self._judge(node, node.left, (node.right,), ctx, "multiplying by the mask zeroes the NaN entries")

    def _judge(self, node: cst.CSTNode, mask: cst.BaseExpression, values, ctx, how: str) -> None:
        tested = _nan_tested(mask, ctx)
        if not tested:
            return
        for value in values:
            if _computed_from(value, tested, ctx) and not _gradient_hooked(_operation(value, ctx), ctx):
                self.report(ctx, node, how=how, arg=snippet(ctx.source(value)))
                return


def _nan_tested(node: cst.BaseExpression, ctx, hops: int = 0) -> Set[object]:
    """Keys of the values `node` tests for NaN (`~torch.isnan(y)`, `torch.isfinite(y).float()`),
    through local names."""
    keys: Set[object] = set()
    for sub in walk(node):
        if isinstance(sub, cst.Call):
            described = ctx.describe(sub)
            if described is not None and described[0] in NAN_TESTS and described[1]:
                keys |= value_keys(described[1][0], ctx)
        elif isinstance(sub, cst.Name) and hops < HOPS:
            found = ctx.lookup(sub)
            if found is not None:
                keys |= ctx.at(found.seq, _nan_tested, found.value, ctx, hops + 1)
    return keys


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
