"""`several-views-inplace`: an in-place change to one of the views `chunk`, `split` or `unbind` return.

`mean, log_std = net(x).chunk(2, -1)` gives two views of one tensor that requires grad; autograd
cannot rebase a change to one of them onto the others, so `log_std.clamp_(-20, 2)` raises at once,
in the forward pass, whether or not backward runs.
"""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Tuple, cast

import libcst as cst

from nanlint.analysis import ops
from nanlint.analysis.gradient import INFERENCE_ONLY
from nanlint.analysis.syntax import (
    code_of,
    is_inplace_method,
    name_of,
    positional_args,
    returned_values,
    snippet,
    string_value,
    strip_views,
)
from nanlint.checks.base import Check
from nanlint.checks.saved import arguments_code, functional_inplace_operand, parenthesized
from nanlint.types import Fix


class Split(NamedTuple):
    """The call that returned the views, its op, and the tensor it split (`in_callee`: in the code of
    the project function the call runs, which showed its gradient there)."""

    call: cst.Call
    op: str
    tensor: cst.CSTNode
    in_callee: bool = False


class InplaceOnSeveralViews(Check):
    """Flags augmented assignment, item assignment, trailing-underscore methods and `inplace=True`
    functionals on a name bound to one of the views of a multi-view op (`a, b = y.chunk(2)`,
    `parts = y.split(4)` then `parts[1]`), when the split tensor shows a gradient (a parameter or a
    layer output in it) and grad mode is on."""

    kind = "several-views-inplace"
    FIELDS = ("how", "target", "op", "line", "tensor")

    def handlers(self):
        return {cst.AugAssign: self.visit_augassign, cst.Assign: self.visit_assign, cst.Call: self.visit_call}

    def visit_augassign(self, node: cst.AugAssign, ctx) -> None:
        name = name_of(node.target)
        operator = code_of(node.operator).strip()[:-1]  # `+=` -> `+`
        code = f"{name} = {name} {operator} {parenthesized(node.value, ctx)}" if name is not None else None
        self._judge(node.target, node, "augmented assignment", ctx, node, code)

    def visit_assign(self, node: cst.Assign, ctx) -> None:
        for assigned in node.targets:
            if isinstance(assigned.target, cst.Subscript):
                self._judge(assigned.target, node, "item assignment", ctx)

    def visit_call(self, node: cst.Call, ctx) -> None:
        operand = functional_inplace_operand(node, ctx)
        if operand is not None:
            self._judge(operand.tensor, node, operand.how, ctx)
        elif isinstance(node.func, cst.Attribute) and is_inplace_method(node.func.attr.value):
            if ctx.qualified(node.func) is None:
                self._judge(node.func.value, node, f"`.{node.func.attr.value}()`", ctx, *_out_of_place(node, ctx))

    def _judge(
        self,
        target: cst.CSTNode,
        node: cst.CSTNode,
        how: str,
        ctx,
        replaced: Optional[cst.CSTNode] = None,
        code: Optional[str] = None,
    ) -> None:
        if ctx.grad_disabled or _inference_only(ctx):
            return
        split = _split_of(target, ctx)
        if split is None:
            return
        if not split.in_callee and not ctx.gradient.learned(split.tensor, ctx.function_scope().node, given=False):
            return
        self.report(
            ctx,
            node,
            self._fix(ctx, replaced, code),
            how=how,
            target=snippet(ctx.positions.source(target)),
            op=split.op,
            line=ctx.positions.line(split.call),
            tensor=snippet(ctx.positions.source(split.tensor)),
        )

    def _fix(self, ctx, replaced: Optional[cst.CSTNode], code: Optional[str]) -> Optional[Fix]:
        if replaced is None or code is None or not self.rule.fixable or "\n" in ctx.positions.source(replaced):
            return None
        start, end = ctx.positions.offsets(replaced)
        return self.replacing(start, end, code)


def _split_of(target: cst.CSTNode, ctx) -> Optional[Split]:
    """The multi-view call whose output `target` is, through the name it is bound to: `b` of
    `a, b = y.chunk(2)`, `parts[1]` of `parts = y.split(4)`, `h[:, 0]` of `h = y.unbind(0)[1]`,
    `row` of `for row in y.unbind(0)`."""
    base = strip_views(target)
    if name_of(base) is None:
        return None
    found = ctx.lookup(base)
    value = found.value if found is not None else None
    if isinstance(value, cst.Subscript):
        value = value.value  # one element of the views
    elif base is target and not ctx.iterated(value):
        return None  # the name holds the whole tuple of views, which the change does not reach
    if not isinstance(value, cst.Call):
        return None
    described = ctx.describe(value)
    if described is None:
        return _returned_split(value, ctx)
    if described[0] not in ops.SEVERAL_VIEWS or not described[1]:
        return None
    op, operands, _ = described
    return None if _splits_a_string(op, operands[1:]) else Split(value, op, operands[0])


def _returned_split(call: cst.Call, ctx) -> Optional[Split]:
    """The views a call of the project's code returns (`q, k, v = self.in_proj_qkv(x)` whose method
    returns `self._in_proj(x).chunk(3, dim=-1)`), when every value it returns is such a split of a
    tensor its own code shows a gradient in."""
    callee = ctx.callee_function(call.func)
    function = callee.node if callee is not None else None
    if not isinstance(function, cst.FunctionDef) or callee.model is None:
        return None
    splits = [_method_split(value) for value in returned_values(function)]
    if not splits or any(split is None for split in splits):
        return None
    op, tensor = cast(Tuple[str, cst.CSTNode], splits[0])
    if not callee.model.gradient.learned(tensor, function, given=False):
        return None
    return Split(call, op, tensor, in_callee=True)


def _method_split(value: cst.CSTNode) -> Optional[Tuple[str, cst.CSTNode]]:
    """(op, tensor) of `tensor.chunk(3, dim=-1)`, `tensor.split(4)`, `tensor.unbind(0)`, as written."""
    if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Attribute):
        return None
    op = value.func.attr.value
    if op not in ops.SEVERAL_VIEWS:
        return None
    return None if _splits_a_string(op, positional_args(value)) else (op, value.func.value)


def _splits_a_string(op: str, sizes: List[cst.CSTNode]) -> bool:
    """`path.split("/")`, `line.split()`: a string's, which torch's always gives a size."""
    return op in ("split", "chunk") and (not sizes or string_value(sizes[0]) is not None)


def _out_of_place(call: cst.Call, ctx):
    """What replaces the in-place method call with its out-of-place form: the call alone when its
    result is assigned back to its receiver (`s = s.clamp_(0, 1)`), the whole statement when it
    stands alone (`s.clamp_(0, 1)` -> `s = s.clamp(0, 1)`); nothing otherwise."""
    func = call.func
    receiver = name_of(func.value) if isinstance(func, cst.Attribute) else None
    if receiver is None or not isinstance(func, cst.Attribute):
        return None, None
    method = func.attr.value[:-1]
    parent = ctx.positions.parents().get(id(call))
    if isinstance(parent, cst.Expr):
        return parent, f"{receiver} = {receiver}.{method}{arguments_code(call, ctx)}"
    if isinstance(parent, cst.Assign) and [name_of(t.target) for t in parent.targets] == [receiver]:
        return call, f"{receiver}.{method}{arguments_code(call, ctx)}"
    return None, None


def _inference_only(ctx) -> bool:
    scope = ctx.function_scope().node
    return isinstance(scope, cst.FunctionDef) and INFERENCE_ONLY.match(scope.name.value) is not None
