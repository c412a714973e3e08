"""`risky-argument`: an operation whose argument can leave its safe domain (log of 0, sqrt of 0, acos of 1)."""

from __future__ import annotations

import libcst as cst

from nanlint.checks.base import PREDICATES, Check, snippet
from nanlint.analysis.patterns import Match
from nanlint.analysis.values import constant_value

POW_OPS = frozenset({"pow", "pow_", "float_power", "float_power_"})


class RiskyArgument(Check):
    """Flags `op(arg)` / `arg.op()` (and `arg ** e` for pow-like rules) when the argument's fact
    satisfies one of the `danger` predicates with evidence.

    `exponents` restricts pow-like ops to constant non-integer exponents (`0.5`, `1 / 3`) in an open
    interval, e.g. [0, 1] for the fractional powers whose gradient is infinite at 0;
    `operator = "**"` also watches `**`; `operator = "e **"` watches powers of Euler's number
    (`math.e ** x`), whose argument is the exponent.
    `arity` is the number of operands (receiver included) a genuine tensor call has, which keeps
    `self.log("loss", value)` in Lightning or `logger.log(level, msg)` out. Rules in `supersedes`
    are not reported inside this rule's finding (a specific domain rule over a general one).
    """

    kind = "risky-argument"
    FIELDS = ("op", "why", "arg")
    PARAMS = {
        "ops": (list, []),
        "argument": (int, 0),
        "danger": (list, ["zero"]),
        "arity": (list, [1]),
        "exponents": (list, None),
        "operator": (str, ""),
        "supersedes": (list, []),
    }

    def handlers(self):
        handlers = {cst.Call: self.visit_call}
        if self.params["operator"] in ("**", "e **"):
            handlers[cst.BinaryOperation] = self.visit_power
        return handlers

    def visit_call(self, node: cst.Call, ctx) -> None:
        described = ctx.describe(node)
        if described is None or described[0] not in self.params["ops"]:
            return
        op, operands, keywords = described
        positional = len(operands) + sum(1 for k in keywords if k not in ("out", "dim", "keepdim", "dtype"))
        if positional not in self.params["arity"] or len(operands) <= self.params["argument"]:
            return
        if op in POW_OPS and self.params["exponents"] is not None and not self._fractional(operands[1] if len(operands) > 1 else None):
            return
        self._judge(node, operands[self.params["argument"]], op, ctx)

    def visit_power(self, node: cst.BinaryOperation, ctx) -> None:
        if not isinstance(node.operator, cst.Power):
            return
        if self.params["operator"] == "e **":
            if isinstance(node.left, cst.Attribute) and node.left.attr.value == "e":  # `math.e`, `np.e`, `torch.e`
                self._judge(node, node.right, f"{ctx.source(node.left)} **", ctx)
        elif self._fractional(node.right):
            self._judge(node, node.left, "**", ctx)

    def _fractional(self, exponent) -> bool:
        low, high = self.params["exponents"] or (0, 1)
        value = constant_value(exponent) if exponent is not None else None
        return value is not None and value != int(value) and low < value < high

    def _judge(self, node: cst.CSTNode, argument: cst.BaseExpression, op: str, ctx) -> None:
        fact = ctx.fact(argument)
        if not any(PREDICATES[name](fact) for name in self.params["danger"]):
            return
        is_operand = isinstance(node, cst.BinaryOperation) or isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.value is argument
        fix = self.make_fix(ctx, argument, Match({"arg": argument}), operand=is_operand)
        self.report(ctx, node, fix, op=op, why=fact.why, arg=snippet(ctx.source(argument)))
