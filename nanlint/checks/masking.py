"""`infinite-mask-softmax`: an infinite fill (`masked_fill(m, float('-inf'))`, `torch.where(m, x, -inf)`)
that flows into a softmax-like reduction."""

from __future__ import annotations

import ast
from typing import Dict, List, Optional, Set, Tuple

from nanlint.checks.base import PREDICATES, Check, snippet
from nanlint.values import PRESERVING

FILL_OPS = frozenset({"masked_fill", "masked_fill_"})
# Ops a masked tensor passes through on its way to the softmax: scaling, adding a bias, casting.
PASS_THROUGH = PRESERVING | {"div", "mul", "add", "sub", "true_divide", "contiguous"}
# Ops whose result replaces NaN or all-masked rows after the softmax.
NAN_GUARDS = frozenset({"nan_to_num", "nan_to_num_", "masked_fill", "masked_fill_", "where", "isnan"})
# A mask built only from these keeps the diagonal: no row of a causal mask is fully masked.
TRIANGULAR = frozenset({"triu", "tril", "triu_", "tril_"})
MAX_DEPTH = 8


class InfiniteMaskSoftmax(Check):
    """Flags `consumers` (softmax, log_softmax, ...) whose input, followed back through local
    assignments, in-place fills, scaling and additive masks, was filled with a value satisfying
    `fill` ("neg-inf" or "pos-inf"). The finding is at the consumer, where the NaN is born.

    Silent when the mask is triangular (`triu`/`tril`: a causal mask keeps the diagonal), when it
    is computed from the masked scores themselves (top-k / top-p / threshold-below-max filtering
    keeps the largest entry) or is a slice (`x[:, k:] = -inf` masks columns, never a row), when the
    function tests the mask for fully masked rows (`mask.all(-1)`, `mask.any(-1)`), and when the
    softmax result is cleaned afterwards (`nan_to_num`, `masked_fill`, `torch.where` on it)."""

    kind = "infinite-mask-softmax"
    PARAMS = {"consumers": (list, ["softmax", "log_softmax"]), "fill": (str, "neg-inf")}

    def begin(self, ctx) -> None:
        self.inplace_fills: Dict[Tuple[int, str], List[Tuple[int, ast.AST, ast.AST]]] = {}
        self.tested_masks: Dict[int, Set[str]] = {}
        self.candidates: List[Tuple[ast.Call, ast.AST, ast.AST, int]] = []
        self.cleaned: Set[int] = set()
        self.result_names: Dict[Tuple[int, str], List[int]] = {}

    def handlers(self):
        return {ast.Call: self.visit_call, ast.Assign: self.visit_assign}

    # --- bookkeeping of the file -------------------------------------------------------------

    @staticmethod
    def _scope_id(ctx) -> int:
        return id(ctx.function_scope().node)

    def visit_assign(self, node: ast.Assign, ctx) -> None:
        target = node.targets[0] if len(node.targets) == 1 else None
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and self._is_fill(node.value, ctx) and not _has_slice(target.slice):
            key = (self._scope_id(ctx), target.value.id)
            self.inplace_fills.setdefault(key, []).append((ctx.seq, node, target.slice))
        elif isinstance(target, ast.Name) and isinstance(node.value, ast.Call) and self._consumer(node.value, ctx):
            self.result_names.setdefault((self._scope_id(ctx), target.id), []).append(id(node.value))

    def visit_call(self, node: ast.Call, ctx) -> None:
        described = ctx.describe(node)
        if described is None:
            return
        op, operands, keywords = described
        scope = self._scope_id(ctx)
        if op in ("all", "any") and operands:
            self.tested_masks.setdefault(scope, set()).update(_names(operands[0]))
        if op in FILL_OPS and len(operands) == 3 and isinstance(operands[0], ast.Name) and op.endswith("_") and self._is_fill(operands[2], ctx):
            self.inplace_fills.setdefault((scope, operands[0].id), []).append((ctx.seq, node, operands[1]))
        if op in NAN_GUARDS:
            self._note_cleaning(operands, scope)
        if self._consumer(node, ctx):
            found = self._fill_source(operands[0], ctx, 0)
            if found is not None:
                self.candidates.append((node, found[0], found[1], scope))

    def _note_cleaning(self, operands, scope: int) -> None:
        for operand in operands:
            self.cleaned.update(id(call) for call in ast.walk(operand) if isinstance(call, ast.Call))
            for name in _names(operand):
                self.cleaned.update(self.result_names.get((scope, name), ()))

    def end(self, ctx) -> None:
        for consumer, fill, mask, scope in self.candidates:
            if id(consumer) in self.cleaned or _names(mask) & self.tested_masks.get(scope, set()):
                continue
            ctx.report(self.rule, consumer, self.rule.message.format(op=_op_name(consumer), line=fill.lineno, fill=snippet(ctx.source(fill))))

    # --- following the softmax input back to its fill -----------------------------------------

    def _consumer(self, node: ast.Call, ctx) -> bool:
        described = ctx.describe(node)
        return described is not None and described[0] in self.params["consumers"] and bool(described[1])

    def _is_fill(self, value: ast.AST, ctx) -> bool:
        return PREDICATES[self.params["fill"]](ctx.fact(value))

    def _fill_source(self, node: ast.AST, ctx, depth: int) -> Optional[Tuple[ast.AST, ast.AST]]:
        """(fill node, mask expression) of the infinite fill `node` is built from, if any."""
        if depth > MAX_DEPTH:
            return None
        if isinstance(node, ast.Name):
            return self._through_name(node, ctx, depth)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return self._fill_source(node.left, ctx, depth + 1)  # an infinite denominator gives 0, on purpose
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
            return self._fill_source(node.left, ctx, depth + 1) or self._fill_source(node.right, ctx, depth + 1)
        if isinstance(node, ast.Subscript):
            return self._fill_source(node.value, ctx, depth + 1)
        if not isinstance(node, ast.Call):
            return None
        described = ctx.describe(node)
        if described is None:
            return None
        op, operands, keywords = described
        if op in FILL_OPS and len(operands) == 3:
            if self._is_fill(operands[2], ctx):
                return None if self._keeps_a_row_entry(operands[1], operands[0], ctx) else (node, operands[1])
            return self._fill_source(operands[0], ctx, depth + 1)
        if op == "where" and len(operands) == 3:
            for branch, scores in ((operands[1], operands[2]), (operands[2], operands[1])):
                if self._is_fill(branch, ctx):
                    return None if self._keeps_a_row_entry(operands[0], scores, ctx) else (node, operands[0])
            return self._fill_source(operands[1], ctx, depth + 1) or self._fill_source(operands[2], ctx, depth + 1)
        if op in PASS_THROUGH and operands:
            return self._fill_source(operands[0], ctx, depth + 1) or (
                self._fill_source(operands[1], ctx, depth + 1) if op in ("add", "sub") and len(operands) > 1 else None
            )
        return None

    def _through_name(self, node: ast.Name, ctx, depth: int):
        found = ctx.lookup(node)
        assigned_at = found[0] if found is not None else -1
        scope = self._scope_id(ctx)
        for seq, fill, mask in reversed(self.inplace_fills.get((scope, node.id), [])):
            if seq >= assigned_at and (ctx.horizon is None or seq < ctx.horizon):
                return None if self._keeps_a_row_entry(mask, node, ctx) else (fill, mask)
        if found is None:
            return None
        return ctx.at(found[0], self._fill_source, found[1], ctx, depth + 1)

    def _keeps_a_row_entry(self, mask: ast.AST, scores: ast.AST, ctx) -> bool:
        """A causal mask, or a mask derived from the scores themselves (`scores < topk(scores)`)."""
        return self._triangular(mask, ctx, 0) or bool(_root_names(scores) & _derived_names(mask, ctx, 0))

    def _triangular(self, mask: ast.AST, ctx, depth: int) -> bool:
        """A mask made by `triu`/`tril` (possibly negated, cast or indexed): a causal mask."""
        if depth > MAX_DEPTH:
            return False
        if isinstance(mask, ast.Name):
            found = ctx.lookup(mask)
            if found is None:
                return False
            return ctx.at(found[0], self._triangular, found[1], ctx, depth + 1)
        if isinstance(mask, ast.UnaryOp):
            return self._triangular(mask.operand, ctx, depth + 1)
        if isinstance(mask, ast.Subscript):
            return self._triangular(mask.value, ctx, depth + 1)
        if isinstance(mask, ast.Compare):
            return self._triangular(mask.left, ctx, depth + 1)
        if isinstance(mask, ast.Call):
            described = ctx.describe(mask)
            if described is None or not described[1]:
                return False
            if described[0] in TRIANGULAR:
                return True
            if described[0] in PRESERVING or described[0] in ("logical_not", "bool", "eq", "ne"):
                return self._triangular(described[1][0], ctx, depth + 1)
        return False


def _has_slice(index: ast.AST) -> bool:
    return any(isinstance(part, ast.Slice) for part in ast.walk(index))


def _root_names(node: ast.AST) -> Set[str]:
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return {node.id} if isinstance(node, ast.Name) else set()


def _derived_names(node: ast.AST, ctx, depth: int) -> Set[str]:
    """Names `node` is computed from, following local assignments a few steps back."""
    names = _names(node)
    if depth >= 3:
        return names
    for child in [n for n in ast.walk(node) if isinstance(n, ast.Name)]:
        found = ctx.lookup(child)
        if found is not None:
            names |= ctx.at(found[0], _derived_names, found[1], ctx, depth + 1)
    return names


def _names(node: ast.AST) -> Set[str]:
    return {child.id for child in ast.walk(node) if isinstance(child, ast.Name)}


def _op_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "softmax")
