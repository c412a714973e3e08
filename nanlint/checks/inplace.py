"""`inplace-leaf`: an in-place change to a tensor that requires grad, outside `torch.no_grad()`."""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Dict, List, NamedTuple, Optional, Set, Tuple

import libcst as cst

from nanlint.checks.base import Check, CheckParams
from nanlint.checks.saved import functional_inplace_operand, module_class
from nanlint.analysis.syntax import (
    MAX_VIEWS_FOLLOWED,
    argument,
    elements,
    function_params,
    is_inplace_method,
    is_literal,
    is_self_attribute,
    name_of,
    positional_args,
    strip_views,
    viewed,
    walk,
)

# Module methods that return the module itself.
MODULE_RETURNING = frozenset({"to", "cuda", "cpu", "half", "float", "double", "bfloat16", "train", "eval"})
PARAMETER_CLASSES = ("torch.nn.Parameter", "torch.nn.parameter.Parameter", "torch.nn.UninitializedParameter")


class ParameterWrite(NamedTuple):
    """An in-place change to a parameter of the function it is in, judged once the file's calls are known."""

    function: str
    index: int  # the parameter's position
    name: str
    node: cst.CSTNode
    how: str
    target: str
    view: bool


class LeafArgument(NamedTuple):
    """A leaf passed to a function of the file: `f(..., E=emb.weight)`."""

    function: str
    index: Optional[int]  # its position, or None when passed by keyword
    keyword: Optional[str]
    code: str
    origin: cst.CSTNode
    call: cst.CSTNode


class InplaceOnLeaf(Check):
    """Tracks leaves created in the file: `requires_grad=True` factories, `nn.Parameter(...)`,
    `.requires_grad_()`, loop variables over `.parameters()`, `self.x = nn.Parameter(...)`
    attributes, and the `weight`/`bias` of modules built in the file (`conv = nn.Conv2d(...)`,
    `self.emb = nn.Embedding(...)`, `model.layer[i].dense` under `model = Net()`); then flags
    augmented assignment, item assignment, trailing-underscore methods and `inplace=True`
    functionals on them while grad mode is on, also inside a function of the file that a leaf is
    passed to. `nn.init.*_` functions run under no_grad themselves."""

    kind = "inplace-leaf"
    FIELDS = ("how", "target", "what", "origin")

    @dataclass(frozen=True)
    class Params(CheckParams):
        """Where the check finds leaves that require grad beyond `requires_grad=True`."""

        # module methods whose items are leaf parameters
        parameter_iterators: List[str] = field(default_factory=lambda: ["parameters", "named_parameters"])
        # module attributes that are leaf parameters
        parameter_attributes: List[str] = field(default_factory=lambda: ["weight", "bias"])

    params: Params

    def begin(self, ctx) -> None:
        # id of the class (None outside classes) -> attribute -> the assignment that made it a leaf
        self.class_leaves: Dict[Optional[int], Dict[str, cst.CSTNode]] = {}
        # id of the class -> attribute -> the module built into it (`self.conv = nn.Conv2d(...)`)
        self.class_modules: Dict[Optional[int], Dict[str, cst.CSTNode]] = {}
        self.module_classes: Dict[str, Dict[str, str]] = {}  # module classes of the file -> their members
        self.frozen: Set[str] = set()  # code of modules and tensors frozen with `requires_grad = False`
        # (function node id, name) -> (seq, call or None): the latest `name.requires_grad_()` call or
        # `name.requires_grad = False` statement (None), at the assignment count it was made at.
        self.switched: Dict[Tuple[int, str], Tuple[int, Optional[cst.CSTNode]]] = {}
        self.parameter_writes: List[ParameterWrite] = []
        self.leaf_arguments: List[LeafArgument] = []

    def handlers(self):
        return {
            cst.Assign: self.visit_assign,
            cst.AugAssign: self.visit_augassign,
            cst.Call: self.visit_call,
            cst.ClassDef: self.visit_class,
        }

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
            if method in self.params.parameter_iterators and not positional_args(value):
                return True
        return False

    def is_module(self, value: Optional[cst.CSTNode], ctx) -> bool:
        """A module built by the call `value`: `nn.Conv2d(...)`, `nn.Module()`, `Net()` of a class of
        the file deriving from one; not a loss (its `weight` is a buffer) nor `Embedding.from_pretrained`."""
        while (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value in MODULE_RETURNING
        ):
            value = value.func.value  # `Net().to(device)` is the module itself
        if not isinstance(value, cst.Call):
            return False
        name = module_class(value, ctx)
        if name is not None:
            return name[:1].isupper() and not name.endswith("Loss")
        return name_of(value.func) in self.module_classes

    def visit_class(self, node: cst.ClassDef, ctx) -> None:
        for base in node.bases:
            name = module_class(cst.Call(func=base.value), ctx)
            if name is not None and name[:1].isupper() or name_of(base.value) in self.module_classes:
                self.module_classes[node.name.value] = self._members(node, ctx)
                return

    def _members(self, node: cst.ClassDef, ctx) -> Dict[str, str]:
        """The attributes a module class of the file sets to a parameter or a module: `self.w =
        nn.Parameter(...)` ("parameter"), `self.fc = nn.Linear(...)` ("module"). A `weight` set to an
        `nn.Buffer` or registered as a buffer is neither."""
        members: Dict[str, str] = {}
        for sub in walk(node.body):
            if isinstance(sub, cst.Assign) and len(sub.targets) == 1 and is_self_attribute(sub.targets[0].target):
                attr = sub.targets[0].target.attr.value
                if self.creates_leaf(sub.value, ctx):
                    members[attr] = "parameter"
                elif self.is_module(sub.value, ctx):
                    members[attr] = "module"
        return members

    def visit_assign(self, node: cst.Assign, ctx) -> None:
        for assigned in node.targets:
            target = assigned.target
            if is_self_attribute(target) and self.creates_leaf(node.value, ctx):
                self.class_leaves.setdefault(_class_id(ctx), {})[target.attr.value] = node
            elif is_self_attribute(target) and self.is_module(node.value, ctx):
                self.class_modules.setdefault(_class_id(ctx), {})[target.attr.value] = node.value
            elif isinstance(target, cst.Subscript):
                self._judge(target, node, "item assignment", ctx)
            elif (
                isinstance(target, cst.Attribute)
                and target.attr.value == "requires_grad"
                and is_literal(node.value, False)
            ):
                self._freeze(target.value, ctx)

    def _freeze(self, tensor: cst.CSTNode, ctx) -> None:
        """`p.requires_grad = False`, `self.w.requires_grad_(False)`, `conv.requires_grad_(False)`: no
        longer a leaf that requires grad (for `p` of `for p in conv.parameters()`: conv's parameters)."""
        name = name_of(tensor)
        if name is not None:
            self._switch(name, None, ctx)
            iterated = ctx.assigned_value(name)
            if isinstance(iterated, cst.Subscript):
                iterated = iterated.value
            if (
                isinstance(iterated, cst.Call)
                and isinstance(iterated.func, cst.Attribute)
                and iterated.func.attr.value in self.params.parameter_iterators
            ):
                self.frozen.add(ctx.positions.source(iterated.func.value))
        else:
            if is_self_attribute(tensor):
                self.class_leaves.get(_class_id(ctx), {}).pop(tensor.attr.value, None)
            self.frozen.add(ctx.positions.source(tensor))

    def _switch(self, name: str, call: Optional[cst.CSTNode], ctx) -> None:
        self.switched[(id(ctx.function_scope().node), name)] = (ctx.seq, call)

    # --- where they are changed in place -----------------------------------------------------

    def visit_augassign(self, node: cst.AugAssign, ctx) -> None:
        self._judge(node.target, node, "augmented assignment", ctx)

    def visit_call(self, node: cst.Call, ctx) -> None:
        func = node.func
        operand = functional_inplace_operand(node, ctx)
        if operand is not None:
            self._judge(operand.tensor, node, operand.how, ctx)
        if name_of(func) is not None and not ctx.grad_disabled:
            self._note_leaf_arguments(node, ctx)
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
        base, through_view = _viewed_base(target, ctx)
        what = "a view of a leaf" if through_view else "a leaf"
        origin = self._leaf_origin(base, ctx)
        if origin is not None:
            where = f"line {ctx.positions.line(origin)}"
            if self.is_module(origin, ctx):
                where = f"a parameter of the module built at {where}"
            self.report(ctx, node, how=how, target=ctx.positions.source(target), what=what, origin=where)
            return
        index = self._parameter_index(base, ctx)
        if index is not None:
            function = ctx.function_scope().node
            self.parameter_writes.append(
                ParameterWrite(
                    function.name.value, index, base.value, node, how, ctx.positions.source(target), through_view
                )
            )

    # --- leaves passed to the file's functions -------------------------------------------------

    @staticmethod
    def _parameter_index(base: cst.CSTNode, ctx) -> Optional[int]:
        """The position of `base` among the parameters of the plain function around the walk, when
        it is one and has not been assigned since."""
        name = name_of(base)
        scope = ctx.function_scope()
        if name is None or not isinstance(scope.node, cst.FunctionDef) or ctx.class_node() is not None:
            return None
        if len(scope.records.get(name, ())) != 1:
            return None
        for index, param in enumerate(function_params(scope.node)):
            if param.name.value == name:
                return index if param.star == "" else None
        return None

    def _note_leaf_arguments(self, call: cst.Call, ctx) -> None:
        index = 0
        for arg in call.args:
            if arg.star:
                return  # positions after a `*args` are unknown
            origin = self._leaf_origin(strip_views(arg.value), ctx)
            if origin is not None and strip_views(arg.value) is arg.value:
                keyword = arg.keyword.value if arg.keyword is not None else None
                self.leaf_arguments.append(
                    LeafArgument(
                        call.func.value,
                        None if keyword else index,
                        keyword,
                        ctx.positions.source(arg.value),
                        origin,
                        call,
                    )
                )
            index += arg.keyword is None

    def end(self, ctx) -> None:
        for write in self.parameter_writes:
            for passed in self.leaf_arguments:
                if passed.function == write.function and (passed.index == write.index or passed.keyword == write.name):
                    what = "a view of a leaf" if write.view else "a leaf"
                    made, passed_at = ctx.positions.line(passed.origin), ctx.positions.line(passed.call)
                    origin = f"`{passed.code}` from line {made}, passed at line {passed_at}"
                    self.report(ctx, write.node, how=write.how, target=write.target, what=what, origin=origin)
                    break

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
        elif isinstance(target, cst.Attribute) and target.attr.value in self.params.parameter_attributes:
            return (
                None
                if ctx.positions.source(target) in self.frozen
                else self._module_origin(target.value, target.attr.value, ctx)
            )
        return None

    def _module_origin(self, owner: cst.CSTNode, parameter: str, ctx) -> Optional[cst.CSTNode]:
        """The construction of the module `owner` is or lies in (`conv`, `self.emb`, `model.layer[0].dense`),
        when the file built it and did not freeze it, and `parameter` is one of its parameters."""
        node, path = owner, [parameter]  # the attributes from the module built to the parameter
        while True:
            if ctx.positions.source(node) in self.frozen:
                return None
            name = name_of(node)
            if name is not None:
                found = ctx.lookup(node)
                switched = self.switched.get((id(ctx.function_scope().node), name))
                if found is None or switched is not None and switched[1] is None and switched[0] >= found.seq:
                    return None  # unknown, or frozen with `requires_grad_(False)` since
                container = _container_of_element(found.value, ctx)
                listed = self._listed_module(found.value, ctx) if path[0] == "[]" else None
                if listed is not None:
                    return listed if self._holds(listed, path[1:]) else None
                if container is None:
                    return found.value if self.is_module(found.value, ctx) and self._holds(found.value, path) else None
                path.insert(0, "[]")
                node = container
                continue
            if is_self_attribute(node):
                construction = self.class_modules.get(_class_id(ctx), {}).get(node.attr.value)
                return construction if construction is not None and self._holds(construction, path) else None
            if isinstance(node, cst.Attribute):
                path.insert(0, node.attr.value)
                node = node.value
            elif isinstance(node, cst.Subscript):
                path.insert(0, "[]")
                node = node.value
            else:
                return None

    def _listed_module(self, value: Optional[cst.CSTNode], ctx) -> Optional[cst.CSTNode]:
        """The module every element of a list of modules is: `[nn.Linear(d, d) for _ in range(n)]`,
        `[conv_a, conv_b]` built alike."""
        if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
            return value.elt if self.is_module(value.elt, ctx) else None
        shown = elements(value) if isinstance(value, (cst.List, cst.Tuple)) else None
        if not shown or not all(self.is_module(item, ctx) for item in shown):
            return None
        return shown[0]

    def _holds(self, construction: cst.CSTNode, path: List[str]) -> bool:
        """An instance of a module class of the file has the parameter at `path` when the class sets it
        (`self.weight = nn.Parameter(...)`) or the module it lies in (`self.fc = nn.Linear(...)`);
        torch's modules and `nn.Module()` containers hold what their attributes name."""
        while isinstance(construction, cst.Call) and isinstance(construction.func, cst.Attribute):
            construction = construction.func.value
        members = (
            self.module_classes.get(name_of(construction.func) or "") if isinstance(construction, cst.Call) else None
        )
        if members is None:
            return True
        if len(path) == 1:
            return members.get(path[0]) == "parameter"
        return len(path) == 2 and members.get(path[0]) == "module"


def _viewed_base(target: cst.CSTNode, ctx) -> Tuple[cst.CSTNode, bool]:
    """The tensor `target` looks into, through names bound to views of it (`b = conv.bias.view(3, -1)`
    then `b[:, 4]`: `conv.bias`), and whether `target` is a view of it."""
    base = strip_views(target)
    through_view = base is not target
    for _ in range(MAX_VIEWS_FOLLOWED):
        name = name_of(base)
        found = ctx.lookup(base) if name is not None else None
        if found is None or viewed(found.value) is None or id(found.value) in ctx.positions.made_from:
            break  # not a view, or one element of a tuple unpacking (`for name, p in m.named_parameters()`)
        inner = strip_views(found.value)
        if name_of(inner) == name:
            break  # `x = x.view(-1)`: the name's own earlier value, which the lookup cannot tell apart
        base, through_view = inner, True
    return base, through_view


def _container_of_element(value: Optional[cst.CSTNode], ctx) -> Optional[cst.CSTNode]:
    """The container a loop variable takes its elements from: `m` of `for mi in m:` and of
    `for mi, s in zip(m, strides):`."""
    return value if ctx.iterated(value) else None


def _class_id(ctx) -> Optional[int]:
    owner = ctx.class_node()
    return id(owner) if owner is not None else None
