"""`infinite-mask-softmax`: an infinite fill (`masked_fill(m, float('-inf'))`, `torch.where(m, x, -inf)`)
that flows into a softmax-like reduction."""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Dict, List, Optional, Set, Tuple

import libcst as cst

from nanlint.checks.base import Check, CheckParams, PREDICATES
from nanlint.analysis.syntax import called_name, name_of, snippet, subscript_index, walk
from nanlint.analysis.triangles import triangle
from nanlint.analysis.values import MASK, MASK_NAME, PRESERVING

FILL_OPS = frozenset({"masked_fill", "masked_fill_"})
# Ops a masked tensor passes through on its way to the softmax: scaling, adding a bias, casting.
PASS_THROUGH = PRESERVING | {"div", "mul", "add", "sub", "true_divide", "contiguous"}
# Ops whose result replaces NaN or all-masked rows after the softmax.
NAN_GUARDS = frozenset({"nan_to_num", "nan_to_num_", "masked_fill", "masked_fill_", "where", "isnan"})
MAX_DEPTH = 8


class InfiniteMaskSoftmax(Check):
    """Flags `consumers` (softmax, log_softmax, ...) whose input, followed back through local
    assignments, in-place fills, scaling and additive masks, was filled with a value satisfying
    `fill` ("neg-inf" or "pos-inf"). The finding is at the consumer, where the NaN is born.

    With `structural`, only masks that fill a whole row by construction are reported: a `triu`/`tril`
    triangle whose offset takes the diagonal in (`analysis.triangles`). Silent when the mask is a
    triangle that keeps the diagonal (a causal mask), when it
    is computed from the masked scores themselves (top-k / top-p / threshold-below-max filtering
    keeps the largest entry) or is a slice (`x[:, k:] = -inf` masks columns, never a row), when the
    function tests the mask for fully masked rows (`mask.all(-1)`, `mask.any(-1)`), and when the
    softmax result is cleaned afterwards (`nan_to_num`, `masked_fill`, `torch.where` on it)."""

    kind = "infinite-mask-softmax"
    FIELDS = ("op", "line", "fill")

    @dataclass(frozen=True)
    class Params(CheckParams):
        """What a masked fill must be and reach to be reported."""

        # the ops a filled row must reach to be reported
        consumers: List[str] = field(default_factory=lambda: ["softmax", "log_softmax"])
        # the value predicate (checks/base.py PREDICATES) the fill value must meet
        fill: str = "neg-inf"
        # report only masks that fill a whole row by construction: a `triu`/`tril` triangle whose
        # offset takes the diagonal in (a mask the data decides, as key padding, is left alone)
        structural: bool = False

    params: Params

    def begin(self, ctx) -> None:
        self.inplace_fills: Dict[Tuple[int, str], List[Tuple[int, cst.CSTNode, cst.BaseExpression]]] = {}
        self.tested_masks: Dict[int, Set[str]] = {}
        self.candidates: List[Tuple[cst.Call, cst.CSTNode, cst.BaseExpression, int]] = []
        self.cleaned: Set[int] = set()
        self.result_names: Dict[Tuple[int, str], List[int]] = {}

    def handlers(self):
        return {cst.Call: self.visit_call, cst.Assign: self.visit_assign}

    # --- bookkeeping of the file -------------------------------------------------------------

    @staticmethod
    def _scope_id(ctx) -> int:
        return id(ctx.function_scope().node)

    def visit_assign(self, node: cst.Assign, ctx) -> None:
        target = node.targets[0].target if len(node.targets) == 1 else None
        if (
            isinstance(target, cst.Subscript)
            and name_of(target.value)
            and self._is_fill(node.value, ctx)
            and not _has_slice(target)
        ):
            key = (self._scope_id(ctx), name_of(target.value))
            self.inplace_fills.setdefault(key, []).append((ctx.seq, node, _index_expression(target)))
        elif name_of(target) and isinstance(node.value, cst.Call) and self._consumer(node.value, ctx):
            self.result_names.setdefault((self._scope_id(ctx), name_of(target)), []).append(id(node.value))

    def visit_call(self, node: cst.Call, ctx) -> None:
        described = ctx.describe(node)
        if described is None:
            return
        op, operands, keywords = described
        scope = self._scope_id(ctx)
        if op in ("all", "any") and operands:
            self.tested_masks.setdefault(scope, set()).update(_names(operands[0]))
        if (
            op in FILL_OPS
            and len(operands) == 3
            and name_of(operands[0])
            and op.endswith("_")
            and self._is_fill(operands[2], ctx)
        ):
            self.inplace_fills.setdefault((scope, name_of(operands[0])), []).append((ctx.seq, node, operands[1]))
        if op in NAN_GUARDS:
            self._note_cleaning(operands, scope)
        if self._consumer(node, ctx):
            found = self._fill_source(operands[0], ctx, 0)
            if found is not None:
                self.candidates.append((node, found[0], found[1], scope))

    def _note_cleaning(self, operands, scope: int) -> None:
        for operand in operands:
            self.cleaned.update(id(call) for call in walk(operand) if isinstance(call, cst.Call))
            for name in _names(operand):
                self.cleaned.update(self.result_names.get((scope, name), ()))

    def end(self, ctx) -> None:
        for consumer, fill, mask, scope in self.candidates:
            if id(consumer) in self.cleaned or _names(mask) & self.tested_masks.get(scope, set()):
                continue
            ctx.report(
                self.rule,
                consumer,
                self.rule.message.format(
                    op=called_name(consumer.func) or "softmax",
                    line=ctx.positions.line(fill),
                    fill=snippet(ctx.positions.source(fill)),
                ),
            )

    # --- following the softmax input back to its fill -----------------------------------------

    def _consumer(self, node: cst.Call, ctx) -> bool:
        described = ctx.describe(node)
        return described is not None and described[0] in self.params.consumers and bool(described[1])

    def _is_fill(self, value: cst.BaseExpression, ctx) -> bool:
        return PREDICATES[self.params.fill](ctx.fact(value))

    def _fill_source(self, node: cst.CSTNode, ctx, depth: int) -> Optional[Tuple[cst.CSTNode, cst.BaseExpression]]:
        """(fill node, mask expression) of the infinite fill `node` is built from, if any."""
        if depth > MAX_DEPTH:
            return None
        if name_of(node):
            return self._through_name(node, ctx, depth)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Divide):
            return self._fill_source(node.left, ctx, depth + 1)  # an infinite denominator gives 0, on purpose
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Subtract, cst.Multiply)):
            return self._fill_source(node.left, ctx, depth + 1) or self._fill_source(node.right, ctx, depth + 1)
        if isinstance(node, cst.Subscript):
            return self._fill_source(node.value, ctx, depth + 1)
        if not isinstance(node, cst.Call):
            return None
        described = ctx.describe(node)
        if described is None:
            return None
        op, operands, keywords = described
        if op in FILL_OPS and len(operands) == 3:
            if self._is_fill(operands[2], ctx):
                return None if self._keeps_a_row_entry(operands[1], operands[0], ctx, True) else (node, operands[1])
            return self._fill_source(operands[0], ctx, depth + 1)
        if op == "where" and len(operands) == 3:
            for branch, scores, where_set in ((operands[1], operands[2], True), (operands[2], operands[1], False)):
                if self._is_fill(branch, ctx):
                    keeps = self._keeps_a_row_entry(operands[0], scores, ctx, where_set)
                    return None if keeps else (node, operands[0])
            return self._fill_source(operands[1], ctx, depth + 1) or self._fill_source(operands[2], ctx, depth + 1)
        if op == "log" and operands and self.params.fill == "neg-inf" and _is_mask(operands[0], ctx):
            filled = _row_filled(operands[0], ctx, False)  # `scores + mask.log()`: -inf where the mask is 0
            return (node, operands[0]) if filled or (filled is None and not self.params.structural) else None
        if op in PASS_THROUGH and operands:
            return self._fill_source(operands[0], ctx, depth + 1) or (
                self._fill_source(operands[1], ctx, depth + 1) if op in ("add", "sub") and len(operands) > 1 else None
            )
        return None

    def _through_name(self, node: cst.Name, ctx, depth: int):
        found = ctx.lookup(node)
        assigned_at = found.seq if found is not None else -1
        scope = self._scope_id(ctx)
        for seq, fill, mask in reversed(self.inplace_fills.get((scope, node.value), [])):
            if seq >= assigned_at and (ctx.horizon is None or seq < ctx.horizon):
                return None if self._keeps_a_row_entry(mask, node, ctx, True) else (fill, mask)
        if found is None:
            return None
        return ctx.at(found.seq, self._fill_source, found.value, ctx, depth + 1)

    def _keeps_a_row_entry(self, mask: cst.BaseExpression, scores: cst.BaseExpression, ctx, where_set: bool) -> bool:
        """Whether each row keeps an entry when the scores are filled where `mask` is set (or, not
        `where_set`, where it is not): a triangle that keeps the diagonal (a causal mask), or a
        mask derived from the scores themselves (`scores < topk(scores)`). A `+inf` fill needs no
        whole row: one filled entry makes its row's max `inf`, and `inf - inf` is NaN."""
        if self.params.fill == "pos-inf":
            return False
        filled = _row_filled(mask, ctx, where_set)
        if filled is not None:
            return not filled
        return self.params.structural or bool(_root_names(scores) & derived_names(mask, ctx, 0))


def _row_filled(mask: cst.BaseExpression, ctx, where_set: bool) -> Optional[bool]:
    """Whether a fill where `mask` is set (or not) fills a whole row by construction: True or False
    for a `triu`/`tril` triangle (one whose offset the code does not show counts as causal), None
    for a mask the data decides."""
    shape = triangle(mask, ctx)
    if shape is None:
        return None
    return (shape if where_set else shape.negated()).fills_a_row() is True


def _is_mask(node: cst.CSTNode, ctx) -> bool:
    """A boolean or 0/1 tensor: known as one, or named like one (`mask`, `valid`) whatever is passed."""
    described = ctx.describe(node) if isinstance(node, cst.Call) else None
    if described is not None and described[0] in PRESERVING and described[1]:
        node = described[1][0]  # `mask.float()`
    name = name_of(node)
    return ctx.fact(node).has(MASK) or bool(name and MASK_NAME.search(name))


def _has_slice(target: cst.Subscript) -> bool:
    """A slice anywhere in the index of `target` (`x[:, k:]`, `x[idx[:, 0]]`)."""
    return any(isinstance(part, cst.Slice) for element in target.slice for part in walk(element))


def _index_expression(target: cst.Subscript) -> cst.BaseExpression:
    """The index of `x[i]`, or the tuple `(i, j)` for `x[i, j]` (what `ast` gave as the slice)."""
    index = subscript_index(target)
    if index is not None:
        return index
    return cst.Tuple([cst.Element(element.slice.value) for element in target.slice])


def _root_names(node: cst.CSTNode) -> Set[str]:
    while isinstance(node, (cst.Subscript, cst.Attribute)):
        node = node.value
    name = name_of(node)
    return {name} if name else set()


def derived_names(node: cst.CSTNode, ctx, depth: int) -> Set[str]:
    """Names `node` is computed from, following local assignments a few steps back."""
    names = _names(node)
    if depth >= 3:
        return names
    for child in [n for n in walk(node) if name_of(n)]:
        found = ctx.lookup(child)
        if found is not None:
            names |= ctx.at(found.seq, derived_names, found.value, ctx, depth + 1)
    return names


def _names(node: cst.CSTNode) -> Set[str]:
    return {name_of(child) for child in walk(node) if name_of(child)}
