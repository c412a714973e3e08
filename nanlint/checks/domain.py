"""`risky-argument`: an operation whose argument can leave its safe domain (log of 0, sqrt of 0, acos of 1)."""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import List, Optional

import libcst as cst

from nanlint.checks.base import BOUND_WHY, Check, CheckParams, PREDICATES
from nanlint.analysis.guards import where_guarded
from nanlint.analysis.syntax import own_nodes, snippet
from nanlint.analysis.patterns import Match
from nanlint.analysis.values import POS, is_eps_like

POW_OPS = frozenset({"pow", "pow_", "float_power", "float_power_"})
LOWER_CLAMPS = frozenset({"clamp", "clamp_min", "clip", "clamp_", "clamp_min_"})


class RiskyArgument(Check):
    """Flags `op(arg)` / `arg.op()` (and `arg ** e` for pow-like rules) when the argument's fact
    satisfies one of the `danger` predicates with evidence.

    `exponents` restricts pow-like ops to constant non-integer exponents (`0.5`, `1 / 3`) in an open
    interval, e.g. [0, 1] for the fractional powers whose gradient is infinite at 0;
    `operator = "**"` also watches `**`; `operator = "e **"` watches powers of Euler's number
    (`math.e ** x`), whose argument is the exponent. With `configured`, a parameter exponent counts
    with the values its default and the project's calls give it (`FileContext.constant_values`).
    `arity` is the number of operands (receiver included) a genuine tensor call has, which keeps
    `self.log("loss", value)` in Lightning or `logger.log(level, msg)` out. Rules in `supersedes`
    are not reported inside this rule's finding (a specific domain rule over a general one).
    With `eps_after`, the evidence is the code's own guard after the op instead of the argument's
    fact: `sqrt(s) + eps`, `theta = sqrt(s); x / (theta + eps)`, `norm.clamp(min=eps)` (the eps
    says the result reaches 0, which the argument then does too), for an argument not already
    kept positive.
    """

    kind = "risky-argument"
    FIELDS = ("op", "why", "arg")

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The ops whose argument the check judges, and the values it reports."""

        # the ops whose argument it judges (`log`, `sqrt`, `acos`...)
        ops: List[str] = field(default_factory=list)
        # which operand is judged (0: the first; the receiver of a method counts as the first)
        argument: int = 0
        # value predicates (checks/base.py PREDICATES) of which the argument must meet one
        danger: List[str] = field(default_factory=lambda: ["zero"])
        # the numbers of positional operands a call must have to be judged
        arity: List[int] = field(default_factory=lambda: [1])
        # with `pow`/`**`: the exponents [low, high) that make it a root (None: any call)
        exponents: Optional[List[float]] = None
        # `**` to judge `x ** p` as a power too, `e **` for `math.e ** x` as an exp
        operator: str = ""
        # the exponent may be any value its configuration or callers set, not only one constant
        configured: bool = False
        # report an eps added after the op (`sqrt(x) + eps`) instead of a missing one
        eps_after: bool = False

    params: Params

    def handlers(self):
        handlers = {cst.Call: self.visit_call}
        if self.params.operator in ("**", "e **"):
            handlers[cst.BinaryOperation] = self.visit_power
        return handlers

    def visit_call(self, node: cst.Call, ctx) -> None:
        described = ctx.describe(node)
        if described is None or described[0] not in self.params.ops:
            return
        op, operands, keywords = described
        positional = len(operands) + sum(1 for k in keywords if k not in ("out", "dim", "keepdim", "dtype"))
        if positional not in self.params.arity or len(operands) <= self.params.argument:
            return
        if (
            op in POW_OPS
            and self.params.exponents is not None
            and not self._fractional(operands[1] if len(operands) > 1 else None, ctx)
        ):
            return
        self._judge(node, operands[self.params.argument], op, ctx)

    def visit_power(self, node: cst.BinaryOperation, ctx) -> None:
        if not isinstance(node.operator, cst.Power):
            return
        if self.params.operator == "e **":
            if isinstance(node.left, cst.Attribute) and node.left.attr.value == "e":  # `math.e`, `np.e`, `torch.e`
                self._judge(node, node.right, f"{ctx.positions.source(node.left)} **", ctx)
        elif self._fractional(node.right, ctx):
            self._judge(node, node.left, "**", ctx)

    def _fractional(self, exponent, ctx) -> bool:
        low, high = self.params.exponents or (0, 1)
        if exponent is None:
            return False
        values = ctx.constant_values(exponent) if self.params.configured else [ctx.constant(exponent)]
        return any(value is not None and not float(value).is_integer() and low < value < high for value in values)

    def _judge(self, node: cst.CSTNode, argument: cst.BaseExpression, op: str, ctx) -> None:
        fact = ctx.fact(argument)
        if self.params.eps_after:
            guard = eps_added_after(node, ctx) if fact.signs != POS else None
            if guard is None:
                return
            fact = fact._replace(why=f"`{snippet(ctx.positions.source(guard))}`")
        else:
            met = next((name for name in self.params.danger if PREDICATES[name](fact)), None)
            if met is None or where_guarded(node, argument, ctx):
                return
            if met in BOUND_WHY:
                fact = fact._replace(why=BOUND_WHY[met](fact))
        is_operand = (
            isinstance(node, cst.BinaryOperation)
            or isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.value is argument
        )
        fix = self.make_fix(ctx, argument, Match({"arg": argument}), operand=is_operand)
        self.report(ctx, node, fix, op=op, why=fact.why, arg=snippet(ctx.positions.source(argument)))


def eps_added_after(node: cst.CSTNode, ctx) -> Optional[cst.CSTNode]:
    """The expression that guards `node`'s result with an eps after the fact: `node + eps`,
    `node.clamp(min=eps)`, or the same on the name `node` is assigned to, in its function."""
    parents = ctx.positions.parents()
    guard = _eps_guard(node, parents, ctx)
    if guard is not None:
        return guard
    assignment = parents.get(id(node))
    if not (isinstance(assignment, cst.Assign) and assignment.value is node and len(assignment.targets) == 1):
        return None
    target = assignment.targets[0].target
    if not isinstance(target, cst.Name):
        return None
    for use in own_nodes(ctx.function_scope().node):
        if isinstance(use, cst.Name) and use.value == target.value and use is not target:
            guard = _eps_guard(use, parents, ctx)
            if guard is not None:
                return guard
    return None


def _eps_guard(value: cst.CSTNode, parents, ctx) -> Optional[cst.CSTNode]:
    """`value + eps` / `eps + value`, `value.clamp(min=eps)`, `torch.clamp(value, min=eps)`."""
    parent = parents.get(id(value))
    if isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, cst.Add):
        other = parent.right if parent.left is value else parent.left
        return parent if is_eps_like(other) else None
    if isinstance(parent, cst.Attribute) and parent.value is value:
        parent = parents.get(id(parent))
    elif isinstance(parent, cst.Arg):
        parent = parents.get(id(parent))
    if not isinstance(parent, cst.Call):
        return None
    described = ctx.describe(parent)
    if described is None or described[0] not in LOWER_CLAMPS or not described[1] or described[1][0] is not value:
        return None
    operands, keywords = described[1], described[2]
    low = keywords.get("min", operands[1] if len(operands) > 1 else None)
    return parent if low is not None and is_eps_like(low) else None
