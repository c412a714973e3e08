"""`inplace-leaf`: an in-place change to a tensor that requires grad, outside `torch.no_grad()`."""

from __future__ import annotations

import ast
from typing import Dict, Optional

from nanlint.checks.base import Check

PARAMETER_CLASSES = ("torch.nn.Parameter", "torch.nn.parameter.Parameter", "torch.nn.UninitializedParameter")
NOT_INPLACE = frozenset({"requires_grad_", "share_memory_", "detach_", "retain_grad", "register_hook"})


class InplaceOnLeaf(Check):
    """Tracks leaves created in the file: `requires_grad=True` factories, `nn.Parameter(...)`,
    `.requires_grad_()`, loop variables over `.parameters()` and `self.x = nn.Parameter(...)`
    attributes; then flags augmented assignment, item assignment and trailing-underscore methods
    on them while grad mode is on. `nn.init.*_` functions run under no_grad themselves."""

    kind = "inplace-leaf"
    PARAMS = {"parameter_iterators": (list, ["parameters", "named_parameters"])}

    def begin(self, ctx) -> None:
        self.class_leaves: Dict[ast.AST, Dict[str, int]] = {}

    def handlers(self):
        return {ast.Assign: self.visit_assign, ast.AugAssign: self.visit_augassign, ast.Call: self.visit_call}

    # --- where leaves come from ------------------------------------------------------------

    def creates_leaf(self, value: Optional[ast.AST], ctx) -> bool:
        if isinstance(value, ast.Subscript):  # element of a `for name, p in m.named_parameters()` target
            value = value.value
        if not isinstance(value, ast.Call):
            return False
        if any(k.arg == "requires_grad" and isinstance(k.value, ast.Constant) and k.value.value is True for k in value.keywords):
            return ctx.describe(value) is not None
        if ctx.qualified(value.func) in PARAMETER_CLASSES:
            return True
        if isinstance(value.func, ast.Attribute):
            if value.func.attr == "requires_grad_" and not (value.args and _is_false(value.args[0])):
                return True
            if value.func.attr in self.params["parameter_iterators"] and not value.args:
                return True
        return False

    def _class_scope(self, ctx):
        for scope in reversed(ctx.scopes):
            if scope.kind == "class":
                return scope.node
        return None

    def visit_assign(self, node: ast.Assign, ctx) -> None:
        for target in node.targets:
            if _is_self_attribute(target) and self.creates_leaf(node.value, ctx):
                self.class_leaves.setdefault(self._class_scope(ctx), {})[target.attr] = node.lineno
            elif isinstance(target, ast.Subscript):
                self._judge(target.value, node, "item assignment", ctx)

    # --- where they are changed in place -----------------------------------------------------

    def visit_augassign(self, node: ast.AugAssign, ctx) -> None:
        self._judge(node.target, node, "augmented assignment", ctx)

    def visit_call(self, node: ast.Call, ctx) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr.endswith("_") and not func.attr.endswith("__"):
            if func.attr not in NOT_INPLACE:
                self._judge(func.value, node, f"`.{func.attr}()`", ctx)
            elif func.attr == "requires_grad_" and isinstance(func.value, ast.Name):
                ctx.record(func.value.id, node)

    def _judge(self, target: ast.AST, node: ast.AST, how: str, ctx) -> None:
        if ctx.grad_disabled:
            return
        origin = self._leaf_origin(target, ctx)
        if origin is not None:
            self.report(ctx, node, how=how, target=ctx.source(target), origin=origin)

    def _leaf_origin(self, target: ast.AST, ctx) -> Optional[str]:
        if isinstance(target, ast.Name):
            value = ctx.assigned_value(target.id)
            if self.creates_leaf(value, ctx):
                return f"line {value.lineno}"
        elif _is_self_attribute(target):
            line = self.class_leaves.get(self._class_scope(ctx), {}).get(target.attr)
            if line is not None:
                return f"line {line}"
        return None


def _is_self_attribute(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _is_false(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is False
