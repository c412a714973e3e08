"""`risky-denominator`: a division whose denominator can be 0."""

from __future__ import annotations

import ast

from nanlint.checks.base import PREDICATES, Check, snippet
from nanlint.patterns import Match


class RiskyDenominator(Check):
    """Flags `a / b`, `a /= b`, `torch.div(a, b)`, `a.div(b)`, `b.reciprocal()` when `b` can be 0
    by the evidence of its fact (a sum, norm, std, count, difference...), unless the numerator
    satisfies one of `numerator_not` (a count divided by a count is a ratio of sizes, not a mean). Plain constants, sizes
    and attributes of unknown origin carry no evidence and stay silent, and so does a denominator
    the function compares before dividing (`if n > 0:`, `torch.where(n > 0, s / n, 0)`)."""

    kind = "risky-denominator"
    PARAMS = {
        "ops": (list, ["div", "true_divide", "divide"]),
        "reciprocal_ops": (list, ["reciprocal"]),
        "danger": (list, ["zero"]),
        "numerator_not": (list, []),
    }

    def handlers(self):
        return {ast.Call: self.visit_call, ast.BinOp: self.visit_binop, ast.AugAssign: self.visit_augassign, ast.Compare: self.note_compared}

    def visit_binop(self, node: ast.BinOp, ctx) -> None:
        if isinstance(node.op, ast.Div):
            self._judge(node, node.right, ctx, node.left)

    def visit_augassign(self, node: ast.AugAssign, ctx) -> None:
        if isinstance(node.op, ast.Div):
            self._judge(node, node.value, ctx, node.target)

    def visit_call(self, node: ast.Call, ctx) -> None:
        ctx.compared.note(node, ctx)
        described = ctx.describe(node)
        if described is None:
            return
        op, operands, keywords = described
        if op in self.params["ops"] and len(operands) == 2:
            self._judge(node, operands[1], ctx, operands[0])
        elif op in self.params["reciprocal_ops"] and len(operands) == 1:
            self._judge(node, operands[0], ctx)

    def _judge(self, node: ast.AST, denominator: ast.AST, ctx, numerator: ast.AST = None) -> None:
        fact = ctx.fact(denominator)
        if not any(PREDICATES[name](fact) for name in self.params["danger"]) or ctx.compared.guards(denominator, ctx):
            return
        if numerator is not None and any(PREDICATES[name](ctx.fact(numerator)) for name in self.params["numerator_not"]):
            return
        fix = self.make_fix(ctx, denominator, Match({"den": denominator}))
        self.report(ctx, node, fix, why=fact.why, den=snippet(ctx.source(denominator)))
