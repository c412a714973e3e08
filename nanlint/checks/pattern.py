"""`pattern`: an expression shape with a better-behaved replacement, e.g. `log(softmax(x))`."""

from __future__ import annotations

from typing import Dict, List
from dataclasses import dataclass, field

import re

import libcst as cst

from nanlint.catalog import CatalogError
from nanlint.checks.base import Check, CheckParams, NODE_PREDICATES, PREDICATES
from nanlint.analysis.patterns import Pattern, PatternError
from nanlint.analysis.syntax import called_name, name_of, snippet


class PatternCheck(Check):
    """Flags every expression matching `pattern` whose captures satisfy `where` (capture name ->
    predicate on its fact). The fix, if the rule has one, renders `fix.template`. Rules listed in
    `supersedes` are not reported on the same expression: the specific advice wins. Captures named
    in `unguarded` must not have been compared earlier in the function (`if n > 0:`); those in
    `unguarded_terms` must have no added term compared (`where(y_o > 0, ...)` for `y_o + y_pred_o - i`). With
    `unless_weights_loss`, an expression that multiplies a loss (`loss * exp(s)`, a learnt loss
    weighting) is left alone; with `skip_references`, so is the body of an operator's reference
    or decomposition (`@register_decomposition(aten.softplus)`), which must return what the
    operator returns, infinities included. `where` may also name a predicate on the captured code
    itself (`eps-like`: `eps`, `1e-8`), or a list of predicates of which one must hold. With `report_at`,
    the finding is placed where that capture's value is made (`e = x.exp()` for a captured `e`), the line
    the fix changes."""

    kind = "pattern"

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The pattern the check matches, and the conditions on its captures."""

        # the code pattern to match (analysis/patterns.py: `$x` captures, `*$rest` the rest)
        pattern: str = ""
        # more patterns, any of which matches
        patterns: List[str] = field(default_factory=list)
        # capture -> value predicate(s) it must meet (a list: any of them)
        where: Dict[str, object] = field(default_factory=dict)
        # capture -> value predicate(s) that make the match harmless
        unless: Dict[str, object] = field(default_factory=dict)
        # captures the code must not have compared or tested before (a guard)
        unguarded: List[str] = field(default_factory=list)
        # captures none of whose terms may have been compared before
        unguarded_terms: List[str] = field(default_factory=list)
        # silent where the match only weights a loss (`w * loss`)
        unless_weights_loss: bool = False
        # silent in reference implementations of an operator (`def softmax(x):`)
        skip_references: bool = False
        # a capture whose making is where the finding goes (empty: the match)
        report_at: str = ""

    params: Params

    def __init__(self, rule) -> None:
        texts = ([rule.params.get("pattern")] if rule.params.get("pattern") else []) + list(
            rule.params.get("patterns", [])
        )
        self.patterns = [compiled(text, rule) for text in texts]
        self._fields = tuple(sorted({name for pattern in self.patterns for name in pattern.capture_names()}))
        super().__init__(rule)

    def message_fields(self):
        return self._fields

    def handlers(self):
        handlers = {pattern.root_type: self.visit for pattern in self.patterns}
        if self.params.unguarded or self.params.unguarded_terms:
            handlers[cst.Comparison] = self.note_compared
            handlers[cst.Call] = self.visit_call_and_note if cst.Call in handlers else self.note_compared
        return handlers

    def visit_call_and_note(self, node: cst.Call, ctx) -> None:
        ctx.compared.note(node, ctx)
        self.visit(node, ctx)

    def visit(self, node: cst.CSTNode, ctx) -> None:
        if self.params.skip_references and _in_operator_reference(ctx):
            return
        for pattern in self.patterns:
            match = pattern.match(node, ctx)
            if (
                match is not None
                and self._holds(match, ctx)
                and not (self.params.unless_weights_loss and _weights_loss(node, ctx))
            ):
                fields = {
                    name: snippet(ctx.positions.source(value))
                    for name, value in match.captures.items()
                    if isinstance(value, cst.CSTNode)
                }
                at = _made_at(match.captures.get(self.params.report_at), ctx) or node
                self.report(
                    ctx,
                    at,
                    self.make_fix(ctx, node, match),
                    related=match.followed if at is node else (node,),
                    **fields,
                )
                return

    def _holds(self, match, ctx) -> bool:
        """`where` and `unless` judge the captures this match made (patterns may capture different names)."""
        for name, predicate in self.params.where.items():
            if name in match.captures and not _satisfies(predicate, match.captures[name], ctx):
                return False
        for name, predicate in self.params.unless.items():
            if name in match.captures and _satisfies(predicate, match.captures[name], ctx):
                return False
        if any(
            ctx.compared.guards_a_term(match.captures[name], ctx)
            for name in self.params.unguarded_terms
            if name in match.captures
        ):
            return False
        return not any(
            ctx.compared.guards(match.captures[name], ctx) for name in self.params.unguarded if name in match.captures
        )


def _made_at(capture, ctx):
    """Where a captured value is made: the value assigned to a captured local name, else the capture itself."""
    if isinstance(capture, cst.Name):
        return ctx.assigned_value(capture.value)
    return capture if isinstance(capture, cst.CSTNode) else None


def _satisfies(predicate, node: cst.CSTNode, ctx) -> bool:
    """`predicate` holds for the capture; a list of predicates holds when any of them does."""
    if isinstance(predicate, list):
        return any(_satisfies(one, node, ctx) for one in predicate)
    if predicate in NODE_PREDICATES:
        return NODE_PREDICATES[predicate](node)
    return PREDICATES[predicate](ctx.fact(node))


# Decorators that make a function an operator's reference implementation or decomposition.
REFERENCE_DECORATOR = re.compile(r"(^|_)(register_decomposition|reference)$")


def _in_operator_reference(ctx) -> bool:
    function = ctx.function_scope().node
    for decorator in getattr(function, "decorators", ()):
        target = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
        if REFERENCE_DECORATOR.search(called_name(target)):
            return True
    return False


def compiled(text: str, rule) -> Pattern:
    try:
        return Pattern(text)
    except PatternError as error:
        raise CatalogError(f"{rule.source}: rule {rule.code}: bad pattern: {error}") from None


LOSS_NAME = re.compile(r"(^|_)loss(es)?(_|$)", re.I)


def _weights_loss(node: cst.CSTNode, ctx) -> bool:
    """`node` is a factor of a product with a loss: `loss * s.exp()`, `torch.exp(-s) * loss / n`.
    Minimising such a learnt weighting (with its `+ s` term) keeps `exp(s)` near 1 / loss."""
    parents = ctx.positions.parents()
    child, parent = node, parents.get(id(node))
    while isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, (cst.Multiply, cst.Divide)):
        other = parent.right if parent.left is child else parent.left
        if isinstance(parent.operator, cst.Multiply) or other is parent.left:
            name = name_of(other) or (other.attr.value if isinstance(other, cst.Attribute) else None)
            if name is not None and LOSS_NAME.search(name) or PREDICATES["loss"](ctx.fact(other)):
                return True
        child, parent = parent, parents.get(id(parent))
    return False
