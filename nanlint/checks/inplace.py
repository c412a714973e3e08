"""`inplace-leaf`: an in-place change to a tensor that requires grad, outside `torch.no_grad()`."""

from __future__ import annotations

import ast
from typing import Dict, Optional, Tuple

from nanlint.checks.base import Check
from nanlint.syntax import argument, is_inplace_method, is_literal, strip_views

PARAMETER_CLASSES = ("torch.nn.Parameter", "torch.nn.parameter.Parameter", "torch.nn.UninitializedParameter")


class InplaceOnLeaf(Check):
    """Tracks leaves created in the file: `requires_grad=True` factories, `nn.Parameter(...)`,
    `.requires_grad_()`, loop variables over `.parameters()` and `self.x = nn.Parameter(...)`
    attributes; then flags augmented assignment, item assignment and trailing-underscore methods
    on them while grad mode is on. `nn.init.*_` functions run under no_grad themselves."""

    kind = "inplace-leaf"
    PARAMS = {"parameter_iterators": (list, ["parameters", "named_parameters"])}

    def begin(self, ctx) -> None:
        self.class_leaves: Dict[ast.AST, Dict[str, int]] = {}
        # (function, name) -> (seq, line or None): the latest `name.requires_grad_()` (line) or
        # `name.requires_grad = False` (None) statement, at the assignment count it was made at.
        self.switched: Dict[Tuple[int, str], Tuple[int, Optional[int]]] = {}

    def handlers(self):
        return {ast.Assign: self.visit_assign, ast.AugAssign: self.visit_augassign, ast.Call: self.visit_call}

    # --- where leaves come from ------------------------------------------------------------

    def creates_leaf(self, value: Optional[ast.AST], ctx) -> bool:
        if isinstance(value, ast.Subscript):  # element of a `for name, p in m.named_parameters()` target
            value = value.value
        if not isinstance(value, ast.Call):
            return False
        if is_literal(argument(value, "requires_grad", None), True):
            return ctx.describe(value) is not None
        if ctx.qualified(value.func) in PARAMETER_CLASSES:
            return not is_literal(argument(value, "requires_grad", 1), False)
        if isinstance(value.func, ast.Attribute):
            if value.func.attr == "requires_grad_":
                flag = argument(value, "requires_grad", 0)
                return flag is None or is_literal(flag, True)
            if value.func.attr in self.params["parameter_iterators"] and not value.args:
                return True
        return False

    def visit_assign(self, node: ast.Assign, ctx) -> None:
        for target in node.targets:
            if _is_self_attribute(target) and self.creates_leaf(node.value, ctx):
                self.class_leaves.setdefault(ctx.class_node(), {})[target.attr] = node.lineno
            elif isinstance(target, ast.Subscript):
                self._judge(target, node, "item assignment", ctx)
            elif isinstance(target, ast.Attribute) and target.attr == "requires_grad" and is_literal(node.value, False):
                self._freeze(target.value, ctx)

    def _freeze(self, tensor: ast.AST, ctx) -> None:
        """`p.requires_grad = False`, `self.w.requires_grad_(False)`: no longer a leaf that requires grad."""
        if isinstance(tensor, ast.Name):
            self._switch(tensor.id, None, ctx)
        elif _is_self_attribute(tensor):
            self.class_leaves.get(ctx.class_node(), {}).pop(tensor.attr, None)

    def _switch(self, name: str, line: Optional[int], ctx) -> None:
        self.switched[(id(ctx.function_scope()), name)] = (ctx.seq, line)

    # --- where they are changed in place -----------------------------------------------------

    def visit_augassign(self, node: ast.AugAssign, ctx) -> None:
        self._judge(node.target, node, "augmented assignment", ctx)

    def visit_call(self, node: ast.Call, ctx) -> None:
        func = node.func
        if not isinstance(func, ast.Attribute):
            return
        if is_inplace_method(func.attr):
            self._judge(func.value, node, f"`.{func.attr}()`", ctx)
        elif func.attr == "requires_grad_" and is_literal(argument(node, "requires_grad", 0), False):
            self._freeze(func.value, ctx)
        elif func.attr == "requires_grad_" and isinstance(func.value, ast.Name):
            self._switch(func.value.id, node.lineno, ctx)

    def _judge(self, target: ast.AST, node: ast.AST, how: str, ctx) -> None:
        if ctx.grad_disabled:
            return
        base = strip_views(target)
        origin = self._leaf_origin(base, ctx)
        if origin is not None:
            what = "a view of a leaf" if base is not target else "a leaf"
            self.report(ctx, node, how=how, target=ctx.source(target), what=what, origin=origin)

    def _leaf_origin(self, target: ast.AST, ctx) -> Optional[str]:
        if isinstance(target, ast.Name):
            found = ctx.lookup(target)
            switched = self.switched.get((id(ctx.function_scope()), target.id))
            if switched is not None and (found is None or switched[0] >= found[0]):
                return None if switched[1] is None else f"line {switched[1]}"  # no assignment since
            if found is not None and self.creates_leaf(found[1], ctx):
                return f"line {found[1].lineno}"
        elif _is_self_attribute(target):
            line = self.class_leaves.get(ctx.class_node(), {}).get(target.attr)
            if line is not None:
                return f"line {line}"
        return None


def _is_self_attribute(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
