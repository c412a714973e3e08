"""`risky-denominator`: a division whose denominator can be 0."""

from __future__ import annotations

from dataclasses import dataclass, field

import re
from typing import Iterator, List, NamedTuple, Optional

import libcst as cst

from nanlint.checks.base import Check, CheckParams, PREDICATES
from nanlint.analysis.callers import argument_for
from nanlint.analysis.guards import value_keys
from nanlint.analysis.patterns import Match, Template
from nanlint.analysis.syntax import attribute_name, binding_key, name_of, own_nodes, positional_args, same_code, snippet
from nanlint.analysis.ops import KEEPING_VALUES, OPS
from nanlint.analysis.values import (
    COUNT,
    ERROR,
    MASK,
    MASK_NAME,
    POS,
    SQUARED_DIFF,
    SQUARED_DISTANCE,
    UNKNOWN,
    ZERO,
    literal_number,
)
from nanlint.checks.masking import derived_names

SUMS = frozenset({"sum", "nansum"})
SIZE_CALLS = frozenset({"len"})
SIZE_METHODS = frozenset({"size", "numel", "item"})
SIZE_CLAMP = Template("max($den, 1)")
WEIGHT_CLAMP = Template("$den.clamp_min(1e-6)")  # weights need not be 0/1: clamping at 1 would change the mean
CASTS = frozenset({"float", "to", "type", "double", "half", "detach"})
MEAN_REDUCTION_TEST = re.compile(r"reduction\b.*==.*\bmean\b|\bmean\b.*==.*reduction", re.I)
HOPS = 2  # local names followed back from a masked mean's numerator (`loss = err * mask`)
FITTED_ZERO = frozenset({ERROR, SQUARED_DIFF, SQUARED_DISTANCE})  # weights 0 where prediction and target agree
MASKED_MEAN_WHY = "a sum of the weights `{weights}` that also mask the numerator, 0 when they select nothing"
FITTED_WHY = (
    "a sum of the weights `{weights}` that also weight the numerator, errors 0 where prediction and target agree"
)
EMPTY = "an empty selection"  # what makes a denominator 0, for the message
FITTED = "a batch the model fits exactly"


class Evidence(NamedTuple):
    why: str
    masked_mean: bool  # by the structure of a masked mean, not the fact of the denominator
    empty: str = EMPTY  # the state that makes it 0


class RiskyDenominator(Check):
    """Flags `a / b`, `a /= b`, `torch.div(a, b)`, `a.div(b)`, `b.reciprocal()` when `b` can be 0
    by the evidence of its fact (a sum, norm, std, count, difference...), unless the numerator
    satisfies one of `numerator_not` (a count divided by a count is a ratio of sizes, not a mean).
    Plain constants, sizes
    and attributes of unknown origin carry no evidence and stay silent, and so does a denominator
    the function compares before dividing (`if n > 0:`, `torch.where(n > 0, s / n, 0)`).
    With `masked_mean`, a masked mean `(x * m).sum() / m.sum()` is evidence too: the weights that
    mask the numerator are the ones summed below, and a mask can select nothing. With
    `unless_only_compared`, a quotient assigned to a name that is only ever compared
    (`iou = inter / union; keep = iou <= t`) is left alone: NaN compares False, so the NaN
    decides (the pair is not selected) and goes no further."""

    kind = "risky-denominator"
    FIELDS = ("why", "den", "clamped", "empty")

    @dataclass(frozen=True)
    class Params(CheckParams):
        """Which divisions the check judges, and the denominators it reports."""

        # division ops whose second operand is the denominator (`/` always counts)
        ops: List[str] = field(default_factory=lambda: ["div", "true_divide", "divide"])
        # ops whose only operand is a denominator
        reciprocal_ops: List[str] = field(default_factory=lambda: ["reciprocal"])
        # value predicates (checks/base.py PREDICATES) of which the denominator must meet one
        danger: List[str] = field(default_factory=lambda: ["zero"])
        # predicates the numerator must meet none of (a numerator 0 wherever the denominator is)
        numerator_not: List[str] = field(default_factory=list)
        # report only masked means, `(x * m).sum() / m.sum()`, with the numerator known
        masked_mean: bool = False
        # silent when the denominator is compared before (`if n > 0:`) and used nowhere else
        unless_only_compared: bool = False

    params: Params

    def handlers(self):
        return {
            cst.Call: self.visit_call,
            cst.BinaryOperation: self.visit_binop,
            cst.AugAssign: self.visit_augassign,
            cst.Comparison: self.note_compared,
        }

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
        if op in self.params.ops and len(operands) == 2:
            self._judge(node, operands[1], ctx, operands[0])
        elif op in self.params.reciprocal_ops and len(operands) == 1:
            self._judge(node, operands[0], ctx)

    def _judge(
        self, node: cst.CSTNode, denominator: cst.BaseExpression, ctx, numerator: cst.BaseExpression = None
    ) -> None:
        if ctx.compared.guards(denominator, ctx):
            return
        evidence = self._evidence(denominator, numerator, ctx)
        if evidence is None or numerator is not None and _empty_mean_intended(node, numerator, denominator, ctx):
            return
        if numerator is not None and any(PREDICATES[name](ctx.fact(numerator)) for name in self.params.numerator_not):
            return
        if self.params.unless_only_compared and _only_compared(node, ctx):
            return
        match = Match({"den": denominator})
        clamp = (
            SIZE_CLAMP
            if _is_size(denominator, ctx)
            else WEIGHT_CLAMP
            if evidence.masked_mean or ctx.fact(denominator).bounds[1] <= 1  # clamping a fraction at 1 gives 1
            else None
        )
        fix = (
            self.render_fix(ctx, denominator, clamp, match)
            if clamp is not None
            else self.make_fix(ctx, denominator, match)
        )
        den = snippet(ctx.positions.source(denominator))
        clamped = clamp.text.replace("$den", den) if clamp is not None else f"{den}.clamp_min(1)"
        self.report(ctx, node, fix, why=evidence.why, den=den, clamped=clamped, empty=evidence.empty)

    def _evidence(
        self, denominator: cst.BaseExpression, numerator: Optional[cst.BaseExpression], ctx
    ) -> Optional[Evidence]:
        """Why the denominator can be 0, or None without evidence. A count of a mask that compares
        a tensor with a value derived from itself (`x >= x.max() / 2`, `labels == labels.unique()`)
        selects at least one element and carries none, and so does a helper's mask that every
        caller tests before the call."""
        weights = _summed(denominator, ctx)
        if weights is not None and _callers_test(weights, ctx):
            return None
        fact = ctx.fact(denominator)
        if any(PREDICATES[name](fact) for name in self.params.danger):
            return None if _selects_own_extreme(_scaled(denominator), ctx) else Evidence(fact.why, False)
        if not self.params.masked_mean or numerator is None or fact.signs == POS:
            return None
        if weights is None or not _mask_like(weights, ctx) or _selects_own_extreme(weights, ctx):
            return None
        keys = value_keys(weights, ctx)
        summand = _summed(_scaled(numerator), ctx)
        if summand is None or not _is_product(summand, ctx):
            return None
        if not any(keys & value_keys(factor, ctx) for factor in _factors(summand, ctx)):
            return None
        shown = snippet(ctx.positions.source(weights))
        if _fitted_zero(ctx.fact(weights)):
            return Evidence(FITTED_WHY.format(weights=shown), True, FITTED)
        return Evidence(MASKED_MEAN_WHY.format(weights=shown), True)


def _empty_mean_intended(
    node: cst.CSTNode, numerator: cst.BaseExpression, denominator: cst.BaseExpression, ctx
) -> bool:
    """A division whose NaN for an empty selection is what the code means to return: a mask turned
    into weights by its own count (`m.float() / m.sum()`: a row is NaN only where its mask selects
    nothing), or the mean branch of a loss's `reduction` option (NaN when every target is ignored,
    like `F.nll_loss`; NAN703 covers that choice)."""
    summed = _summed(denominator, ctx)
    if (
        summed is not None
        and _is_mask(summed, ctx)
        and same_code(_uncast(_scaled(numerator), ctx), _uncast(summed, ctx))
    ):
        return True
    return _in_mean_reduction_branch(node, ctx)


def _only_compared(node: cst.CSTNode, ctx) -> bool:
    """`node` is the whole value of `name = node`, and every later read of `name` in the function
    is an operand of a comparison (`name <= t`)."""
    parents = ctx.positions.parents()
    statement = parents.get(id(node))
    if not (
        isinstance(statement, cst.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0].target, cst.Name)
    ):
        return False
    name = statement.targets[0].target.value
    reads = [
        n
        for n in own_nodes(ctx.function_scope().node)
        if isinstance(n, cst.Name) and n.value == name and n is not statement.targets[0].target
    ]
    return bool(reads) and all(
        isinstance(parents.get(id(read)), (cst.Comparison, cst.ComparisonTarget)) for read in reads
    )


def _is_mask(node: cst.BaseExpression, ctx) -> bool:
    return ctx.fact(node).has(MASK) or bool(MASK_NAME.search(name_of(node) or ""))


def _uncast(node: cst.BaseExpression, ctx) -> cst.BaseExpression:
    """`m` of `m.float()`, `m.to(x)`, `m.detach()`: the same values in another dtype."""
    while isinstance(node, cst.Call):
        described = ctx.describe(node)
        if described is None or described[0] not in CASTS or not described[1]:
            break
        node = described[1][0]
    return node


def _in_mean_reduction_branch(node: cst.CSTNode, ctx) -> bool:
    """`node` sits in the body of `if reduction == "mean":` (or `elif self.reduction == Reduction.MEAN.value:`)."""
    return any(MEAN_REDUCTION_TEST.search(ctx.positions.source(test)) for test in _branch_tests(node, ctx))


def _callers_test(weights: cst.BaseExpression, ctx) -> bool:
    """`weights` is a parameter of a helper (`masked_mean(values, mask)`) that every call of the file
    makes under a test of the argument it passes (`if mask.sum() > 0: masked_mean(x, mask)`)."""
    name = name_of(weights)
    scope = ctx.function_scope()
    binding = ctx.binding_of(name) if name is not None else None
    if binding is None or scope.params.get(name) != binding.seq or not isinstance(scope.node, cst.FunctionDef):
        return False
    sites = list(ctx.call_sites(scope.node))
    passed = [argument_for(site, scope.node, name) for _, site in sites]
    return bool(passed) and all(
        argument is not None and _in_branch_testing(site.call, argument, caller)
        for (caller, site), argument in zip(sites, passed)
    )


def _in_branch_testing(node: cst.CSTNode, value: cst.BaseExpression, ctx) -> bool:
    """`node` sits in the body of an `if` whose test mentions `value` (`if mask.sum() > 0:`)."""
    code = re.compile(rf"(?<![\w.]){re.escape(ctx.positions.source(value))}(?!\w)")
    return any(code.search(ctx.positions.source(test)) for test in _branch_tests(node, ctx))


def _branch_tests(node: cst.CSTNode, ctx) -> Iterator[cst.BaseExpression]:
    """The tests of the `if` statements whose body holds `node`, innermost first, up to its function."""
    parents = ctx.positions.parents()
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, (cst.FunctionDef, cst.Module)):
        if isinstance(parent, cst.If) and child is parent.body:
            yield parent.test
        child, parent = parent, parents.get(id(parent))


def _summed(node: cst.BaseExpression, ctx, hops: int = 0) -> Optional[cst.BaseExpression]:
    """`m` of `m.sum(...)`, `torch.sum(m, ...)`, through casts and one local name: what is summed."""
    name = name_of(node)
    if name is not None:
        found = ctx.lookup(node) if hops < HOPS else None
        return ctx.at(found.seq, _summed, found.value, ctx, hops + 1) if found is not None else None
    if not isinstance(node, cst.Call):
        return None
    described = ctx.describe(node)
    if described is None or not described[1]:
        return None
    op, operands, _ = described
    if op in SUMS:
        return operands[0]
    if op in CASTS or op in ("unsqueeze", "view", "reshape"):
        return _summed(operands[0], ctx, hops)
    return None


def _scaled(node: cst.BaseExpression) -> cst.BaseExpression:
    """`s` of `2 * s`, `s * 0.5`, `np.pi * s`: a sum scaled by a constant is still the sum `s`."""
    while isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
        if _constant_factor(node.left):
            node = node.right
        elif _constant_factor(node.right):
            node = node.left
        else:
            break
    return node


def _constant_factor(node: cst.BaseExpression) -> bool:
    return literal_number(node) is not None or attribute_name(node) in ("pi", "e", "tau")


def _factors(node: cst.BaseExpression, ctx, hops: int = 0) -> Iterator[cst.BaseExpression]:
    """The factors of a product (`a * b * m`, `torch.mul(a, m)`), through local names."""
    name = name_of(node)
    if name is not None:
        yield node
        found = ctx.lookup(node) if hops < HOPS else None
        if found is not None:
            yield from ctx.at(found.seq, lambda: list(_factors(found.value, ctx, hops + 1)))
        return
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
        yield from _factors(node.left, ctx, hops)
        yield from _factors(node.right, ctx, hops)
        return
    described = ctx.describe(node) if isinstance(node, cst.Call) else None
    if described is not None and described[0] == "mul" and len(described[1]) == 2:
        yield from _factors(described[1][0], ctx, hops)
        yield from _factors(described[1][1], ctx, hops)
        return
    yield node


def _mask_like(weights: cst.BaseExpression, ctx) -> bool:
    """A mask (by its value or its name), a count, zeros, or weights the code is given (a parameter,
    a tensor from the batch); not continuous values an op made (`y.sqrt()`, a softmax), which are
    all 0 only for an all-0 input, nor values made by code the analysis did not follow."""
    fact = ctx.fact(weights)
    if _fitted_zero(fact):
        return True
    return _is_mask(weights, ctx) or fact.has(COUNT) or fact.signs == ZERO or fact == UNKNOWN and _given(weights, ctx)


def _fitted_zero(fact) -> bool:
    """Errors between prediction and target (`|p - t| ** beta`, an l1_loss per element): all 0
    once the batch is fitted."""
    return bool(fact.tags & FITTED_ZERO) and fact.can(ZERO)


def _given(node: cst.BaseExpression, ctx, hops: int = 0) -> bool:
    """`node` holds data the code is given, seen through local names, items, attributes and ops
    that keep values (`batch["mask"].float()`, `gt[:, 0].view(-1)`): a parameter, a loop target,
    an attribute of the module, weights written in place (`w[ignored] = 0`); not the result of a
    call the analysis could not follow."""
    while True:
        if isinstance(node, (cst.Subscript, cst.Attribute)):
            if isinstance(node, cst.Attribute) and name_of(node.value) == "self":
                return True
            node = node.value
            continue
        described = ctx.describe(node) if isinstance(node, cst.Call) else None
        if described is not None and described[0] in KEEPING_VALUES and described[1]:
            node = described[1][0]
            continue
        break
    if not isinstance(node, cst.Name):
        return False
    found = ctx.binding_of(node.value)
    if found is None or found.value is None or ctx.written_since(node.value, found):
        return True  # a parameter, a loop or `with` target, a name from outside, items written in place
    return hops < HOPS and ctx.at(found.seq, _given, found.value, ctx, hops + 1)


def _selects_own_extreme(node: cst.BaseExpression, ctx, hops: int = 0) -> bool:
    """`node` counts a comparison between two values derived from the same tensor, through local
    names, casts, views and sums."""
    if name_of(node) is not None:
        found = ctx.lookup(node) if hops < HOPS + 1 else None
        return found is not None and ctx.at(found.seq, _selects_own_extreme, found.value, ctx, hops + 1)
    if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
        left, right = node.left, node.comparisons[0].comparator
        return bool(derived_names(left, ctx, 0) & derived_names(right, ctx, 0))
    if not isinstance(node, cst.Call):
        return False
    described = ctx.describe(node)
    if (
        described is None or described[0] not in OPS
    ):  # a helper of the project's own (`all_from_dim(x == y, 2)`): its first argument
        arguments = positional_args(node)
        return bool(arguments) and _selects_own_extreme(arguments[0], ctx, hops + 1)
    if not described[1]:
        return False
    if (
        described[0] in SUMS
        or described[0] in KEEPING_VALUES
        or described[0] in ("size", "numel", "nonzero", "count_nonzero")
    ):
        return _selects_own_extreme(described[1][0], ctx, hops)
    return False


def _is_product(node: cst.BaseExpression, ctx, hops: int = 0) -> bool:
    """`a * m` or `torch.mul(a, m)`, directly or as the value of a local name: a weighted sum, not
    the normalisation of a tensor by its own total (`w / w.sum()`)."""
    if name_of(node) is not None:
        found = ctx.lookup(node) if hops < HOPS else None
        return found is not None and ctx.at(found.seq, _is_product, found.value, ctx, hops + 1)
    if isinstance(node, cst.BinaryOperation):
        return isinstance(node.operator, cst.Multiply)
    described = ctx.describe(node) if isinstance(node, cst.Call) else None
    return described is not None and described[0] == "mul"


def _is_size(node: cst.BaseExpression, ctx, hops: int = 0) -> bool:
    """A Python number: `len(x)`, `x.size(0)`, `x.numel()`, `x.shape[0]`, `t.item()`, or a local
    name (`self.n` assigned in the function) bound to one."""
    name = binding_key(node)
    if name is not None:
        found = ctx.lookup_name(name) if hops < HOPS else None
        return found is not None and ctx.at(found.seq, _is_size, found.value, ctx, hops + 1)
    if isinstance(node, cst.Call):
        return name_of(node.func) in SIZE_CALLS or attribute_name(node.func) in SIZE_METHODS
    return isinstance(node, cst.Subscript) and attribute_name(node.value) == "shape"
