"""`inplace-leaf`: an in-place change to a tensor that requires grad, outside `torch.no_grad()`."""

from __future__ import annotations

from typing import Dict, Optional, Tuple

import libcst as cst

from nanlint.checks.base import Check
from nanlint.analysis.syntax import argument, is_inplace_method, is_literal, is_self_attribute, name_of, positional_args, strip_views

PARAMETER_CLASSES = ("torch.nn.Parameter", "torch.nn.parameter.Parameter", "torch.nn.UninitializedParameter")


class InplaceOnLeaf(Check):
    """Tracks leaves created in the file: `requires_grad=True` factories, `nn.Parameter(...)`,
    `.requires_grad_()`, loop variables over `.parameters()` and `self.x = nn.Parameter(...)`
    attributes; then flags augmented assignment, item assignment and trailing-underscore methods
    on them while grad mode is on. `nn.init.*_` functions run under no_grad themselves."""

    kind = "inplace-leaf"
    FIELDS = ("how", "target", "what", "origin")
    PARAMS = {"parameter_iterators": (list, ["parameters", "named_parameters"])}

    def begin(self, ctx) -> None:
        # id of the class (None outside classes) -> attribute -> the assignment that made it a leaf
        self.class_leaves: Dict[Optional[int], Dict[str, cst.CSTNode]] = {}
        # (function node id, name) -> (seq, call or None): the latest `name.requires_grad_()` call or
        # `name.requires_grad = False` statement (None), at the assignment count it was made at.
        self.switched: Dict[Tuple[int, str], Tuple[int, Optional[cst.CSTNode]]] = {}

    def handlers(self):
        return {cst.Assign: self.visit_assign, cst.AugAssign: self.visit_augassign, cst.Call: self.visit_call}

    # --- where leaves come from ------------------------------------------------------------

    def creates_leaf(self, value: Optional[cst.CSTNode], ctx) -> bool:
        if isinstance(value, cst.Subscript):  # element of a `for name, p in m.named_parameters()` target
            value = value.value
        if not isinstance(value, cst.Call):
            return False
        if is_literal(argument(value, "requires_grad", None), True):
            return ctx.describe(value) is not None
        if ctx.qualified(value.func) in PARAMETER_CLASSES:
            return not is_literal(argument(value, "requires_grad", 1), False)
        if isinstance(value.func, cst.Attribute):
            method = value.func.attr.value
            if method == "requires_grad_":
                flag = argument(value, "requires_grad", 0)
                return flag is None or is_literal(flag, True)
            if method in self.params["parameter_iterators"] and not positional_args(value):
                return True
        return False

    def visit_assign(self, node: cst.Assign, ctx) -> None:
        for assigned in node.targets:
            target = assigned.target
            if is_self_attribute(target) and self.creates_leaf(node.value, ctx):
                self.class_leaves.setdefault(_class_id(ctx), {})[target.attr.value] = node
            elif isinstance(target, cst.Subscript):
                self._judge(target, node, "item assignment", ctx)
            elif isinstance(target, cst.Attribute) and target.attr.value == "requires_grad" and is_literal(node.value, False):
                self._freeze(target.value, ctx)

    def _freeze(self, tensor: cst.CSTNode, ctx) -> None:
        """`p.requires_grad = False`, `self.w.requires_grad_(False)`: no longer a leaf that requires grad."""
        name = name_of(tensor)
        if name is not None:
            self._switch(name, None, ctx)
        elif is_self_attribute(tensor):
            self.class_leaves.get(_class_id(ctx), {}).pop(tensor.attr.value, None)

    def _switch(self, name: str, call: Optional[cst.CSTNode], ctx) -> None:
        self.switched[(id(ctx.function_scope().node), name)] = (ctx.seq, call)

    # --- where they are changed in place -----------------------------------------------------

    def visit_augassign(self, node: cst.AugAssign, ctx) -> None:
        self._judge(node.target, node, "augmented assignment", ctx)

    def visit_call(self, node: cst.Call, ctx) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        method = func.attr.value
        if is_inplace_method(method):
            self._judge(func.value, node, f"`.{method}()`", ctx)
        elif method == "requires_grad_" and is_literal(argument(node, "requires_grad", 0), False):
            self._freeze(func.value, ctx)
        elif method == "requires_grad_" and name_of(func.value) is not None:
            self._switch(name_of(func.value), node, ctx)

    def _judge(self, target: cst.CSTNode, node: cst.CSTNode, how: str, ctx) -> None:
        if ctx.grad_disabled:
            return
        base = strip_views(target)
        origin = self._leaf_origin(base, ctx)
        if origin is not None:
            what = "a view of a leaf" if base is not target else "a leaf"
            self.report(ctx, node, how=how, target=ctx.source(target), what=what, origin=f"line {ctx.line(origin)}")

    def _leaf_origin(self, target: cst.CSTNode, ctx) -> Optional[cst.CSTNode]:
        """The node that made `target` a leaf requiring grad (an assignment's value, a
        `requires_grad_()` call, a `self.x = ...` statement), or None when it is not one."""
        name = name_of(target)
        if name is not None:
            found = ctx.lookup(target)
            switched = self.switched.get((id(ctx.function_scope().node), name))
            if switched is not None and (found is None or switched[0] >= found.seq):
                return switched[1]  # no assignment since: None when it was frozen
            if found is not None and self.creates_leaf(found.value, ctx):
                return found.value
        elif is_self_attribute(target):
            return self.class_leaves.get(_class_id(ctx), {}).get(target.attr.value)
        return None


def _class_id(ctx) -> Optional[int]:
    owner = ctx.class_node()
    return id(owner) if owner is not None else None


