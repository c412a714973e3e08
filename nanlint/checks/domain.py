"""`risky-argument`: an operation whose argument can leave its safe domain (log of 0, sqrt of 0, acos of 1)."""

from __future__ import annotations

import libcst as cst

from typing import List

from nanlint.checks.base import PREDICATES, Check, snippet
from nanlint.analysis.callers import argument_for
from nanlint.analysis.patterns import Match
from nanlint.analysis.values import constant_value

POW_OPS = frozenset({"pow", "pow_", "float_power", "float_power_"})


class RiskyArgument(Check):
    """Flags `op(arg)` / `arg.op()` (and `arg ** e` for pow-like rules) when the argument's fact
    satisfies one of the `danger` predicates with evidence.

    `exponents` restricts pow-like ops to constant non-integer exponents (`0.5`, `1 / 3`) in an open
    interval, e.g. [0, 1] for the fractional powers whose gradient is infinite at 0;
    `operator = "**"` also watches `**`.
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
        if self.params["operator"] == "**":
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
        if op in POW_OPS and self.params["exponents"] is not None and not self._fractional(operands[1] if len(operands) > 1 else None, ctx):
            return
        self._judge(node, operands[self.params["argument"]], op, ctx)

    def visit_power(self, node: cst.BinaryOperation, ctx) -> None:
        if isinstance(node.operator, cst.Power) and self._fractional(node.right, ctx):
            self._judge(node, node.left, "**", ctx)

    def _fractional(self, exponent, ctx) -> bool:
        low, high = self.params["exponents"] or (0, 1)
        values = configured_values(exponent, ctx) if exponent is not None else []
        return any(value != int(value) and low < value < high for value in values)

    def _judge(self, node: cst.CSTNode, argument: cst.BaseExpression, op: str, ctx) -> None:
        fact = ctx.fact(argument)
        if not any(PREDICATES[name](fact) for name in self.params["danger"]):
            return
        is_operand = isinstance(node, cst.BinaryOperation) or isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.value is argument
        fix = self.make_fix(ctx, argument, Match({"arg": argument}), operand=is_operand)
        self.report(ctx, node, fix, op=op, why=fact.why, arg=snippet(ctx.source(argument)))


def configured_values(node: cst.BaseExpression, ctx) -> List[float]:
    """The values a constant takes (`0.5`, `1 / 3`), or for a parameter of the function being
    checked that it has not reassigned, the constants of its default and of what the file's calls
    pass for it: `focal(x, y, gamma=0.5)` configures the `gamma` of `def focal(x, y, gamma=2.0)`."""
    value = constant_value(node)
    if value is not None:
        return [value]
    scope = ctx.function_scope()
    function = scope.node
    if not isinstance(node, cst.Name) or not isinstance(function, cst.FunctionDef) or node.value not in scope.params:
        return []
    binding = scope.last(node.value, ctx.horizon)
    if binding is None or binding.seq != scope.params[node.value]:
        return []
    params = (*function.params.posonly_params, *function.params.params, *function.params.kwonly_params)
    given = [param.default for param in params if param.name.value == node.value and param.default is not None]
    given += [argument_for(site, function, node.value) for site in ctx.calls().sites.get(id(function), ())]
    return [value for value in map(constant_value, filter(None, given)) if value is not None]
