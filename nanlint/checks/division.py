"""`self-normalization`: `x / x.norm(dim=..., keepdim=True)`, which is NaN for an all-zero vector."""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Dict, List, Optional

import libcst as cst

from nanlint.checks.base import Check, CheckParams
from nanlint.analysis.patterns import Match
from nanlint.analysis.syntax import is_literal, same_code, snippet
from nanlint.analysis.values import literal_number

# Positional layout shared by `torch.norm(x, p, dim, keepdim)`, `x.norm(p, dim, keepdim)`,
# `torch.linalg.norm(x, ord, dim, keepdim)` and `torch.linalg.vector_norm(x, ord, dim, keepdim)`.
NORM_ARGUMENTS = ("input", "p", "dim", "keepdim")
ORDER_KEYWORDS = ("p", "ord")


class SelfNormalization(Check):
    """Flags a division of `x` by its own norm (`x / x.norm(...)`, `x / torch.linalg.norm(x, ...)`,
    `x /= ...`, `torch.div(x, ...)`) with no eps or clamp. The fix renders the template with `$x`
    and `$dim` only where `F.normalize` computes the same numbers: an explicit `dim`,
    `keepdim=True`, the 2-norm, and the norm written in place (not through a local name)."""

    kind = "self-normalization"
    FIELDS = ("x", "norm")

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The norms whose quotients it reports."""

        # the norms a division by which it reports
        ops: List[str] = field(default_factory=lambda: ["norm", "vector_norm"])

    params: Params

    def handlers(self):
        return {
            cst.BinaryOperation: self.visit_binop,
            cst.AugAssign: self.visit_augassign,
            cst.Call: self.visit_call,
            cst.Comparison: self.note_compared,
        }

    def visit_binop(self, node: cst.BinaryOperation, ctx) -> None:
        if isinstance(node.operator, cst.Divide):
            self._judge(node, node.left, node.right, ctx, fixable=True)

    def visit_augassign(self, node: cst.AugAssign, ctx) -> None:
        if isinstance(node.operator, cst.DivideAssign):
            self._judge(node, node.target, node.value, ctx, fixable=False)

    def visit_call(self, node: cst.Call, ctx) -> None:
        ctx.compared.note(node, ctx)
        described = ctx.describe(node)
        if (
            described is not None
            and described[0] in ("div", "true_divide", "divide")
            and len(described[1]) == 2
            and not described[2]
        ):
            self._judge(node, described[1][0], described[1][1], ctx, fixable=False)

    def _judge(
        self, node: cst.CSTNode, numerator: cst.BaseExpression, denominator: cst.BaseExpression, ctx, fixable: bool
    ) -> None:
        norm, direct = self._norm_call(denominator, ctx)
        if norm is None or ctx.compared.guards(denominator, ctx):
            return
        op, operands, keywords = norm
        if not operands or not same_code(operands[0], numerator):
            return
        arguments = _bind(operands, keywords)
        fix = None
        if fixable and direct and _same_as_normalize(op, arguments, keywords):
            fix = self.make_fix(ctx, node, Match({"x": numerator, "dim": arguments["dim"]}))
        self.report(
            ctx, node, fix, x=snippet(ctx.positions.source(numerator)), norm=snippet(ctx.positions.source(denominator))
        )

    def _norm_call(self, node: cst.BaseExpression, ctx):
        """(op, operands, keywords) of the norm call `node` is, directly or through one local name."""
        direct = True
        if isinstance(node, cst.Name):
            found = ctx.lookup(node)
            if found is None:
                return None, False
            node, direct = found.value, False
        if not isinstance(node, cst.Call):
            return None, False
        described = ctx.describe(node)
        if described is None or described[0] not in self.params.ops:
            return None, False
        return described, direct


def _bind(
    operands: List[cst.BaseExpression], keywords: Dict[str, cst.BaseExpression]
) -> Dict[str, Optional[cst.BaseExpression]]:
    bound: Dict[str, Optional[cst.BaseExpression]] = dict(zip(NORM_ARGUMENTS, operands))
    for name in ORDER_KEYWORDS:
        if name in keywords:
            bound["p"] = keywords[name]
    for name in ("dim", "keepdim"):
        if name in keywords:
            bound[name] = keywords[name]
    return bound


def _same_as_normalize(
    op: str, arguments: Dict[str, Optional[cst.BaseExpression]], keywords: Dict[str, cst.BaseExpression]
) -> bool:
    """`F.normalize(x, dim=d)` is `x / max(||x||_2, 1e-12)` along `d`, keeping the dim."""
    if set(keywords) - {"dim", "keepdim", *ORDER_KEYWORDS}:
        return False
    keepdim = arguments.get("keepdim")
    if arguments.get("dim") is None or not is_literal(keepdim, True):
        return False
    order = arguments.get("p")
    return order is None or literal_number(order) == 2
