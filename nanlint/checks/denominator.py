"""`risky-denominator`: a division whose denominator can be 0."""

from __future__ import annotations

import libcst as cst

from nanlint.checks.base import PREDICATES, Check, snippet
from nanlint.analysis.patterns import Match


class RiskyDenominator(Check):
    """Flags `a / b`, `a /= b`, `torch.div(a, b)`, `a.div(b)`, `b.reciprocal()` when `b` can be 0
    by the evidence of its fact (a sum, norm, std, count, difference...), unless the numerator
    satisfies one of `numerator_not` (a count divided by a count is a ratio of sizes, not a mean). Plain constants, sizes
    and attributes of unknown origin carry no evidence and stay silent, and so does a denominator
    the function compares before dividing (`if n > 0:`, `torch.where(n > 0, s / n, 0)`)."""

    kind = "risky-denominator"
    FIELDS = ("why", "den")
    PARAMS = {
        "ops": (list, ["div", "true_divide", "divide"]),
        "reciprocal_ops": (list, ["reciprocal"]),
        "danger": (list, ["zero"]),
        "numerator_not": (list, []),
    }

    def handlers(self):
        return {cst.Call: self.visit_call, cst.BinaryOperation: self.visit_binop, cst.AugAssign: self.visit_augassign, cst.Comparison: self.note_compared}

    def visit_binop(self, node: cst.BinaryOperation, ctx) -> None:
        if isinstance(node.operator, cst.Divide):
            self._judge(node, node.right, ctx, node.left)

    def visit_augassign(self, node: cst.AugAssign, ctx) -> None:
        if isinstance(node.operator, cst.DivideAssign):
            self._judge(node, node.value, ctx, node.target)

    def visit_call(self, node: cst.Call, ctx) -> None:
        ctx.compared.note(node, ctx)
        described = ctx.describe(node)
        if described is None:
            return
        op, operands, keywords = described
        if op in self.params["ops"] and len(operands) == 2:
            self._judge(node, operands[1], ctx, operands[0])
        elif op in self.params["reciprocal_ops"] and len(operands) == 1:
            self._judge(node, operands[0], ctx)

    def _judge(self, node: cst.CSTNode, denominator: cst.BaseExpression, ctx, numerator: cst.BaseExpression = None) -> None:
        fact = ctx.fact(denominator)
        if not any(PREDICATES[name](fact) for name in self.params["danger"]) or ctx.compared.guards(denominator, ctx):
            return
        if numerator is not None and any(PREDICATES[name](ctx.fact(numerator)) for name in self.params["numerator_not"]):
            return
        fix = self.make_fix(ctx, denominator, Match({"den": denominator}))
        self.report(ctx, node, fix, why=fact.why, den=snippet(ctx.source(denominator)))
