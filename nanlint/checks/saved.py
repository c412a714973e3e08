"""In-place changes to tensors autograd saved for backward.

Backward functions of some operations reuse their forward *output* (sigmoid's gradient is
`y * (1 - y)`, exp's is `y`, relu's is `y > 0`). Autograd records each saved tensor's version
counter; an in-place change bumps it, and the backward pass then raises "one of the variables
needed for gradient computation has been modified by an inplace operation". The checks here follow
that through local assignments (`saved-output-inplace`) and through `nn.Sequential` neighbours
(`sequential-inplace`); optimizer steps, which update parameters in place, are `steps.py`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import Callable, Collection, Dict, List, NamedTuple, Optional, Set, Tuple

import libcst as cst

from nanlint.analysis import ops
from nanlint.analysis.branches import truth
from nanlint.analysis.context import called_side
from nanlint.analysis.scopes import Binding
from nanlint.analysis.values import SAVED
from nanlint.analysis.syntax import snippet
from nanlint.checks.base import Check, CheckParams
from nanlint.checks.saved_inputs import InputUses
from nanlint.analysis.callers import attribute_value
from nanlint.types import Fix
from nanlint.analysis.syntax import (
    MAX_VIEWS_FOLLOWED,
    NOT_INPLACE,
    argument,
    attribute_name,
    called_name,
    code_of,
    elements,
    is_constant,
    is_inplace_method,
    is_literal,
    is_self_attribute,
    name_of,
    number_value,
    positional_args,
    same_code,
    statements,
    strip_views,
    subscript_index,
    viewed,
    walk,
)


# A fix built only when the finding is reported (offsets need the costly position pass).
LazyFix = Optional[Callable[[], Optional[Fix]]]


def module_class(call: Optional[cst.CSTNode], ctx) -> Optional[str]:
    """`ReLU` for `nn.ReLU(...)` (`FileContext.nn_class`)."""
    return ctx.nn_class(call)


def entry_layer(
    call: Optional[cst.CSTNode], ctx, named: Callable[[cst.CSTNode], Optional[cst.CSTNode]] = lambda layer: None
) -> Optional[cst.CSTNode]:
    """The layer an `nn.Sequential(...)` gives its input to (its first, through nested ones): what
    it saves of that input and whether it changes it in place; any other module is its own. A layer
    given by name is the module `named` finds it holds (`nn.Sequential(self.conv, nn.GELU())`)."""
    seen = set()
    while module_class(call, ctx) == "Sequential" and id(call) not in seen:
        seen.add(id(call))
        layers = positional_args(call)
        first = layers[0] if layers else None
        if first is not None and not isinstance(first, cst.Call):
            first = named(first)  # may be the Sequential itself (`self.x = nn.Sequential(self.x, ...)`, x given)
        if not isinstance(first, cst.Call) or id(first) in seen:
            break
        call = first
    return call


def _layer_kind(built: Optional[cst.CSTNode], layer: Optional[cst.CSTNode], ctx, article: str = "an ") -> str:
    """What a called module is, for a message: `an nn.Conv1d`, or for a Sequential given by its
    `entry_layer`, `an nn.Sequential opening with an in-place nn.ReLU`."""
    kind = f"{article}`nn.{module_class(layer, ctx)}`"
    return kind if layer is built else f"an `nn.Sequential` opening with {kind}"


def is_inplace_module(call: Optional[cst.CSTNode], ctx, switched: Collection[int] = ()) -> bool:
    """An nn module built with `inplace=True` (ReLU, Dropout, Hardtanh, ...), or switched to it after
    (`switched`: ids of such constructions), that really changes data: `Dropout(p=0.0, inplace=True)`
    is a no-op."""
    name = module_class(call, ctx)
    if name is None or not (ctx.holds_literal(argument(call, "inplace"), True) or id(call) in switched):
        return False
    rate = argument(call, "p")
    if rate is None and name.endswith("Dropout"):
        rate = first_argument(call)
    return not (number_value(rate) == 0 or is_literal(rate, False))


def built_choices(value: Optional[cst.CSTNode], ctx) -> List[cst.CSTNode]:
    """The modules `value` may build: both sides of `nn.Linear(a, b) if a else nn.Identity()` unless the
    constants its test sees decide it, else `value` itself."""
    if not isinstance(value, cst.IfExp):
        return [value] if value is not None else []
    decided = truth(value.test, ctx.branch_choices)
    return [value.body, value.orelse] if decided is None else [value.body if decided else value.orelse]


def modules_named(owner: cst.CSTNode, ctx) -> List[cst.Call]:
    """The constructions of modules with an `inplace` flag `owner` (a name) may hold: its own, or, for a
    loop variable, those of the names its loop runs over (`for m in list(stem) + [dropout]:`),
    Sequentials opened into their layers."""
    binding = ctx.lookup(owner) if isinstance(owner, cst.Name) else None
    if binding is None:
        return []
    loop = ctx.positions.parents().get(id(binding.value))
    iterated = isinstance(loop, cst.For)
    sources = [sub for sub in walk(binding.value) if isinstance(sub, cst.Name)] if iterated else [owner]
    built: List[cst.Call] = []
    for source in sources:
        found = ctx.lookup(source)
        value = found.value if found is not None else None
        if module_class(value, ctx) == "Sequential":
            built.extend(layer for layer in positional_args(value) if isinstance(layer, cst.Call))
        elif isinstance(value, cst.Call):
            built.append(value)
    return [module for module in built if module_class(module, ctx) in ops.INPLACE_MODULES]


def _tested_classes(statement: cst.CSTNode, owner: cst.CSTNode, ctx) -> Optional[Set[str]]:
    """The nn classes the `if` around `statement` narrows `owner` to (`if isinstance(m, (nn.ReLU, nn.Dropout)):`,
    also joined with `or`), or None when no such test encloses it."""
    parents = ctx.positions.parents()
    node = parents.get(id(statement))
    while node is not None and not isinstance(node, (cst.For, cst.FunctionDef, cst.Module)):
        if isinstance(node, cst.If):
            named = {
                (ctx.qualified(kind) or "").rsplit(".", 1)[-1]
                for test in walk(node.test)
                if isinstance(test, cst.Call)
                and name_of(test.func) == "isinstance"
                and len(test.args) == 2
                and same_code(test.args[0].value, owner)
                for kind in (elements(test.args[1].value) or [test.args[1].value])
            }
            if named:
                return named
        node = parents.get(id(node))
    return None


def saving_module(call: Optional[cst.CSTNode], ctx) -> Optional[str]:
    name = module_class(call, ctx)
    if name not in ops.SAVING_MODULES:
        return None
    if ops.SAVING_MODULES[name] and not ctx.holds_literal(argument(call, "inplace"), True):
        return None
    return f"nn.{name}"


class InplaceOperand(NamedTuple):
    tensor: cst.CSTNode  # what the call changes in place
    how: str
    flag: Optional[cst.CSTNode]  # the `inplace=True` argument, when that is what makes it in place


# torch functions ending in `_` that do not change their first operand's values as a recorded
# operation: `nn.init.*_` runs under no_grad, `nn.utils.clip_grad_norm_` changes gradients.
NOT_INPLACE_NAMESPACES = ("torch.nn.init.", "torch.nn.utils.")


def functional_inplace_operand(call: cst.Call, ctx) -> Optional[InplaceOperand]:
    """`x` of a torch function that changes its first operand in place: `F.relu(x, inplace=True)`,
    `F.dropout(x, p, inplace=True)`, `torch.relu_(x)`, `torch.sigmoid_(x)`. (Methods such as
    `x.relu_()` are the receiver's.)"""
    qualified = ctx.qualified(call.func)
    if qualified is None or qualified.startswith(NOT_INPLACE_NAMESPACES):
        return None
    described = ctx.describe(call)
    if described is None:
        return None
    op, operands, keywords = described
    inplace = keywords.get("inplace")
    if not operands or not (ctx.holds_literal(inplace, True) or op.endswith("_") and op not in NOT_INPLACE):
        return None
    flag = inplace if is_literal(inplace, True) else None  # a fix sets the literal; a resolved flag is the caller's
    how = f"`{op}(..., inplace={code_of(inplace).strip()})`" if inplace is not None else f"`{op}`"
    return InplaceOperand(operands[0], how, flag)


# How deep calls of the project's code are followed to find what changes an argument in place.
MAX_CHANGER_DEPTH = 3


class ArgumentChange(NamedTuple):
    """How a function of the project changes its first argument in place."""

    function: str
    how: str

    def text(self) -> str:
        return f"its `{self.function}` changes it with {self.how}"


def argument_changer(call: cst.Call, ctx, depth: int = 0) -> Optional[ArgumentChange]:
    """How the project's function a call runs changes its first argument in place, before it binds
    that name again: `x.relu_()`, `x += y`, `x[i] = v`, `F.relu(x, inplace=True)`, a module of its
    class built with `inplace=True` (`self.activ(x)`), or a call it passes the argument on to that
    does (`self.block(x)` whose forward opens with `x = self.activ(x)`)."""
    return function_changer(ctx.callee_function(call.func), depth)


def function_changer(callee, depth: int = 0) -> Optional[ArgumentChange]:
    """`argument_changer` of the project's function `callee` (a Definition, or None)."""
    if callee is None or not isinstance(callee.node, cst.FunctionDef) or depth >= MAX_CHANGER_DEPTH:
        return None
    known = callee.model.memo("argument_changer")
    key = id(callee.node)
    if key not in known:
        known[key] = None  # a recursive call changes nothing more
        known[key] = _first_argument_changer(callee.node, callee.model, depth)
    return known[key]


def _first_argument_changer(function: cst.FunctionDef, model, depth: int) -> Optional[ArgumentChange]:
    parameters = [param.name.value for param in function.params.params]
    name = (parameters[1:] if parameters[:1] == ["self"] else parameters)[:1]
    if not name:
        return None
    owner = model.calls().owners.get(id(function))
    for statement in _simple_statements(function.body):
        for node in walk(statement):
            how = _change_of(node, name[0], owner, model, depth)
            if how is not None:
                return ArgumentChange(function.name.value, how)
        if any(name_of(target.target) == name[0] for target in getattr(statement, "targets", ())):
            return None  # the name holds another tensor from here on
    return None


def _simple_statements(body: cst.CSTNode):
    """The simple statements of a body in order, those of its `if`/`with`/`for` blocks included."""
    for statement in statements(body):
        if isinstance(statement, (cst.If, cst.With, cst.For, cst.While, cst.Try)):
            yield from _simple_statements(statement.body)
        elif not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            yield statement


def _change_of(node: cst.CSTNode, name: str, owner: Optional[cst.ClassDef], model, depth: int) -> Optional[str]:
    if isinstance(node, cst.AugAssign):
        return "an augmented assignment" if name_of(strip_views(node.target)) == name else None
    if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Subscript):
        return "an item assignment" if name_of(strip_views(node.target)) == name else None
    if not isinstance(node, cst.Call):
        return None
    func = node.func
    if isinstance(func, cst.Attribute) and is_inplace_method(func.attr.value) and model.qualified(func) is None:
        return f"`.{func.attr.value}()`" if name_of(strip_views(func.value)) == name else None
    operand = functional_inplace_operand(node, model)
    if operand is not None:
        return operand.how if name_of(strip_views(operand.tensor)) == name else None
    first = first_argument(node)
    if first is None or name_of(first) != name:
        return None
    if owner is not None and isinstance(func, cst.Attribute) and name_of(func.value) == "self":
        layer = entry_layer(attribute_value(owner, func.attr.value, model.calls()), model)
        if is_inplace_module(layer, model):
            return f"`self.{func.attr.value}` (an in-place `nn.{module_class(layer, model)}`)"
    changer = argument_changer(node, model, depth + 1)
    if changer is None:
        return None
    return f"`{snippet(code_of(func))}`, whose `{changer.function}` changes it with {changer.how}"


class SavedOutputModified(Check):
    """`y = torch.sigmoid(x)` (or `softmax`, `exp`, `tanh`, `relu`, `sqrt`, an `nn.Sigmoid()`
    module, ...) and later, in the same function and with `y` not reassigned, an in-place change of
    `y` or a view of it: `y.mul_(2)`, `y += 1`, `y[mask] = 0`, `F.relu(y, inplace=True)`,
    `self.act(y)` with `self.act = nn.ReLU(inplace=True)`. Silent under no_grad."""

    kind = "saved-output-inplace"
    FIELDS = ("how", "target", "saver", "line")

    @dataclass(frozen=True)
    class Params(CheckParams):
        """Where in-place changes of saved outputs are reported."""

        # only in code autograd differentiates (a forward, a loss, a script that calls backward)
        training_code_only: bool = True

    params: Params

    def begin(self, ctx) -> None:
        self.modules: Dict[Tuple[int, str], cst.Call] = {}  # (class or scope id, attribute/name) -> nn module call
        self.statement_calls: set = set()
        self.grad_aware = 0  # depth of `if x.requires_grad:` style branches around the walk
        self.inputs = InputUses()
        self.reported: set = set()
        self.saving_classes: Dict[str, str] = {}  # Sequential classes of the file whose last layer saves its output
        self.switched_inplace: Set[int] = set()  # ids of module constructions switched later by `m.inplace = True`
        self.wrapped: Dict[
            int, cst.Call
        ] = {}  # id of `self.conv` in `self.conv = nn.Sequential(self.conv, ...)` -> its module

    def handlers(self):
        return {
            cst.Assign: self.visit_assign,
            cst.AugAssign: self.visit_augassign,
            cst.Expr: self.visit_expr,
            cst.Call: self.visit_call,
            cst.If: self.visit_if,
            cst.BinaryOperation: self.visit_binary,
            cst.For: self.visit_loop,
            cst.While: self.visit_loop,
            cst.ClassDef: self.visit_class,
        }

    def visit_binary(self, node: cst.BinaryOperation, ctx) -> None:
        self.inputs.note_binary(node, ctx)

    def visit_loop(self, node: cst.CSTNode, ctx) -> Callable[[], None]:
        return self.inputs.enter_loop(node, ctx)

    def visit_if(self, node: cst.If, ctx) -> Optional[Callable[[], None]]:
        """Code that tests `requires_grad`, `torch.is_grad_enabled()` or `self.training` chose its
        in-place path knowingly (the whole `if`, its `elif`/`else` branches included)."""
        if not _tests_grad(node.test):
            return None
        self.grad_aware += 1
        return self._leave_grad_aware

    def _leave_grad_aware(self) -> None:
        self.grad_aware -= 1

    def _in_scope(self, ctx, target: cst.CSTNode, layer_input: bool = False) -> bool:
        """Where backward can follow: not in an `autograd.Function`'s own forward/backward (grad is off
        there), not in a grad-aware branch, and with `training_code_only`, in a `forward`/`__call__`
        method that autograd differentiates (of an nn.Module or a loss, not of a data transform), a
        function whose name mentions loss or training, a script's top level that calls backward(),
        or a function autograd differentiates (by itself or through its callers) where a parameter or a
        layer output is in `target`, or, for the input a layer with weights saved (`layer_input`), any
        such function: the layer's weights need that input whatever `target` carries. Not a branch on a
        flag the differentiated callers leave off (`if never_decode_unk:` that only prediction sets)."""
        if self.grad_aware:
            return False
        functions = [s.node for s in ctx.scopes if s.kind == "function" and not isinstance(s.node, cst.Lambda)]
        classes = [s.node for s in ctx.scopes if s.kind == "class"]
        if classes and functions and any(_is_autograd_function(c, ctx) for c in classes):
            return False
        if not self.params.training_code_only:
            return True
        if not functions:  # a script's top level, when it calls backward()
            return ctx.gradient.differentiated(ctx.function_scope().node) is not None
        name = functions[-1].name.value.lower()
        if name in ("forward", "__call__"):  # of a module or a loss; a data transform's `__call__` runs on data
            return not classes or ctx.gradient.differentiated(functions[-1]) is not None
        if "loss" in name or "train" in name:
            return True
        function = functions[-1]
        if ctx.gradient.differentiated(function) is None:
            return False
        if not layer_input and not ctx.gradient.learned(strip_views(target), function, given=False):
            return False
        return ctx.gradient.own_reason_of(function) is not None or not _under_flag_off_in_training(target, ctx)

    # --- modules defined in the file --------------------------------------------------------

    @staticmethod
    def _owner(target: cst.CSTNode, ctx) -> Optional[Tuple[int, str]]:
        """(class id, attribute) of `self.attr`, (0, name) of a plain name."""
        name = name_of(target)
        if name is not None:
            return (0, name)
        return self_owner(target, ctx)

    def _note_wrapped(self, target: cst.CSTNode, value: cst.CSTNode, owner: Tuple[int, str], ctx) -> None:
        """`self.pos_conv = nn.Sequential(self.pos_conv, ...)`: the first layer is the module the
        attribute held before."""
        layers = positional_args(value) if module_class(value, ctx) == "Sequential" else []
        if layers and same_code(layers[0], target) and owner in self.modules:
            self.wrapped[id(layers[0])] = self.modules[owner]

    def _layer_held(self, layer: cst.CSTNode, ctx) -> Optional[cst.CSTNode]:
        """The module a layer given by name holds: what a wrapped attribute held, or its construction."""
        return self.wrapped.get(id(layer)) or self._module_of(layer, ctx)

    def _module_of(self, callee: cst.CSTNode, ctx) -> Optional[cst.Call]:
        owner = self._owner(callee, ctx)
        if owner is None:
            return None
        if owner[0] == 0:
            value = ctx.assigned_value(owner[1])
            return value if isinstance(value, cst.Call) and module_class(value, ctx) else None
        return self.modules.get(owner)

    # --- what saved its output -------------------------------------------------------------

    def saver(self, value: Optional[cst.CSTNode], ctx) -> Optional[str]:
        """The operation that saved `value` (an assigned expression) for backward, if any."""
        if isinstance(value, cst.Subscript) and isinstance(value.value, cst.Call):
            module = module_class(self._module_of(value.value.func, ctx), ctx) if is_first_element(value) else None
            if module in ops.SAVING_FIRST_OUTPUT_MODULES:
                return f"`nn.{module}`"
            index = subscript_index(value)  # `o, c, h = self.forward_cell(x, h)`: one of its returned tuple
            return (
                self._summary_saver(value.value, ctx, int(index.evaluated_value))
                if isinstance(index, cst.Integer)
                else None
            )
        if not isinstance(value, cst.Call):
            return None
        described = ctx.describe(value)
        if described is not None:
            op, _, keywords = described
            if (
                op in ops.SAVING_OUTPUT
                or op in ops.SAVING_OUTPUT_WHEN_INPLACE
                and (op.endswith("_") or ctx.holds_literal(keywords.get("inplace"), True))
            ):
                return f"`{op}`"
            return None
        return self._callee_saver(value.func, ctx) or self._summary_saver(value, ctx)

    @staticmethod
    def _summary_saver(value: cst.Call, ctx, element: Optional[int] = None) -> Optional[str]:
        """A call of the project's own code (a submodule's `forward`, a helper in another file) that
        returns an output autograd saved (with `element`, as that element of the tuples it returns),
        as the value analysis summarises it."""
        summary = ctx.call_summary(value, element)
        return (
            f"`{snippet(ctx.positions.source(value.func))}` (it returns an output autograd saves)"
            if summary is not None and summary.has(SAVED)
            else None
        )

    # --- modules that end in a saving layer ----------------------------------------------------

    def visit_class(self, node: cst.ClassDef, ctx) -> None:
        """`class ConvModule(nn.Sequential)` whose last layer (`super().__init__(conv, nn.ReLU(inplace=True))`,
        `self.add_module("act", ...)`) saves its output: so does the class."""
        if not any(ctx.qualified(base.value) in SEQUENTIAL for base in node.bases):
            return
        last = None
        for sub in walk(node.body):
            if isinstance(sub, cst.Call) and isinstance(sub.func, cst.Attribute):
                layers = positional_args(sub)
                if (
                    sub.func.attr.value == "__init__"
                    and isinstance(sub.func.value, cst.Call)
                    and name_of(sub.func.value.func) == "super"
                ):
                    last = layers[-1] if layers else last
                elif sub.func.attr.value == "add_module" and name_of(sub.func.value) == "self" and len(layers) == 2:
                    last = layers[1]
        saver = self._module_saver(last, ctx) if isinstance(last, cst.Call) else None
        if saver is not None:
            self.saving_classes[node.name.value] = saver

    def _module_saver(self, call: Optional[cst.CSTNode], ctx, depth: int = 0) -> Optional[str]:
        """What saves the output of the module `call` builds: `nn.ReLU`, an `nn.Sequential(...)` or a
        Sequential class of the file whose last layer does."""
        if not isinstance(call, cst.Call) or depth > 4:
            return None
        direct = saving_module(call, ctx)
        if direct is not None:
            return direct
        if ctx.qualified(call.func) in SEQUENTIAL:
            layers = positional_args(call)
            inner = self._module_saver(layers[-1], ctx, depth + 1) if layers else None
            return f"`nn.Sequential`'s last layer {_bare(inner)}" if inner is not None else None
        inner = self.saving_classes.get(name_of(call.func) or "")
        return f"`{call.func.value}`'s last layer {_bare(inner)}" if inner is not None else None

    def _callee_saver(self, func: cst.CSTNode, ctx) -> Optional[str]:
        """What saves the output of calling `func`: a module (`self.act`, `block`) or an element of
        an `nn.ModuleList` (`self.convs[i]`)."""
        if isinstance(func, cst.Subscript):
            return self._module_list_saver(self._module_of(func.value, ctx), ctx)
        module = self._module_of(func, ctx)
        return self._module_saver(module, ctx) if module is not None else None

    def _module_list_saver(self, call: Optional[cst.CSTNode], ctx) -> Optional[str]:
        """The saver of every module of `nn.ModuleList([ConvModule(...) for ...])` (or of a list display)."""
        if not isinstance(call, cst.Call) or module_class(call, ctx) != "ModuleList":
            return None
        modules = first_argument(call)
        if isinstance(modules, cst.ListComp):
            return self._module_saver(modules.elt, ctx)
        found = {self._module_saver(module, ctx) for module in elements(modules) or ()}
        return found.pop() if len(found) == 1 else None

    def _element_saver(self, value: cst.CSTNode, ctx) -> Optional[str]:
        """What saved the elements of `[conv(x) for conv in self.convs]`, `[self.convs[i](x) for i in ...]`."""
        if not isinstance(value, cst.ListComp) or not isinstance(value.elt, cst.Call):
            return None
        callee = value.elt.func
        if isinstance(callee, cst.Subscript):
            return self._callee_saver(callee, ctx) or self._summary_saver(value.elt, ctx)
        name = name_of(callee)
        for comp in _comprehension_fors(value.for_in):
            iterated = comp.iter
            if isinstance(iterated, cst.Call) and name_of(iterated.func) == "enumerate" and iterated.args:
                iterated = iterated.args[0].value
            if name is not None and name in {name_of(sub) for sub in walk(comp.target)}:
                return self._module_list_saver(self._module_of(iterated, ctx), ctx) or _element_saver_summary(
                    iterated, callee, ctx
                )
        return None

    # --- in-place changes --------------------------------------------------------------------

    def visit_assign(self, node: cst.Assign, ctx) -> Optional[Callable[[], None]]:
        leave = None
        for assigned in node.targets:
            target = assigned.target
            if isinstance(target, cst.Attribute) and target.attr.value == "inplace" and is_literal(node.value, True):
                tested = _tested_classes(node, target.value, ctx)
                self.switched_inplace.update(
                    id(built)
                    for built in modules_named(target.value, ctx)
                    if tested is None or module_class(built, ctx) in tested
                )
            elif isinstance(target, cst.Subscript):
                if not self._judge(target, node, "item assignment", ctx):
                    leave = lambda: self._judge_input(target, node, "item assignment", ctx)
            elif any(
                module_class(built, ctx) is not None or self._module_saver(built, ctx) is not None
                for built in built_choices(node.value, ctx)
            ):
                owner = self._owner(target, ctx)
                if owner is not None and owner[0] != 0:
                    self._note_wrapped(target, node.value, owner, ctx)
                    self.modules[owner] = node.value
        return leave

    def visit_augassign(self, node: cst.AugAssign, ctx) -> Optional[Callable[[], None]]:
        if isinstance(node.target, cst.Subscript) and self._judge_element(node.target, node, ctx):
            return None
        fix = None
        name = name_of(node.target)
        if name is not None:
            operator = code_of(node.operator).strip()[:-1]  # `+=` -> `+`
            fix = lambda: self._fix(ctx, node, f"{name} = {name} {operator} {parenthesized(node.value, ctx)}")
        if self._judge(node.target, node, "augmented assignment", ctx, fix):
            return None
        # after its value is walked: `x += self.fc(x)` changes the input the layer saved
        return lambda: self._judge_input(
            node.target, node, "augmented assignment", ctx, fix, evident_only=name is not None
        )

    def visit_expr(self, node: cst.Expr, ctx) -> None:
        call = node.value
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return
        receiver, method = name_of(call.func.value), call.func.attr.value
        if receiver is not None and is_inplace_method(method):
            self.statement_calls.add(id(call))
            fix = lambda: self._fix(
                ctx,
                node,
                f"{receiver} = {receiver}.{method[:-1]}{arguments_code(call, ctx)}",
            )
            self._changed(call.func.value, call, f"`.{method}()`", ctx, fix)

    def visit_call(self, node: cst.Call, ctx) -> None:
        func = node.func
        built = called_side(self._module_of(func, ctx))  # also one the op table knows (`nn.ReLU(inplace=True)` is relu)
        module = entry_layer(built, ctx, lambda layer: self._layer_held(layer, ctx))
        self.inputs.note_call(node, ctx, module_class(module, ctx), _layer_kind(built, module, ctx))
        if id(node) in self.statement_calls:
            return
        if isinstance(func, cst.Attribute) and is_inplace_method(func.attr.value) and ctx.qualified(func) is None:
            self._changed(func.value, node, f"`.{func.attr.value}()`", ctx)
            return
        operand = functional_inplace_operand(node, ctx)
        if operand is not None:
            flag = operand.flag
            fix = (
                (lambda: self.replacing(*ctx.positions.offsets(flag), "False"))
                if flag is not None and self.rule.fixable
                else None
            )
            self._changed(operand.tensor, node, operand.how, ctx, fix)
            return
        first = first_argument(node)
        if module is not None and is_inplace_module(module, ctx, self.switched_inplace) and first is not None:
            kind = _layer_kind(built, module, ctx, "an in-place ")
            self._changed(first, node, f"`{ctx.positions.source(func)}` ({kind})", ctx)
        elif first is not None and name_of(strip_views(first)) is not None:
            if built is None:
                changed = argument_changer(node, ctx)
                how = changed.text() if changed is not None else None
            elif module_class(built, ctx) == "Sequential" and not positional_args(built):
                how = self._first_added_changer(func, ctx)  # filled later with `add_module`
            else:
                how = None
            if how is not None:
                self._changed(first, node, f"`{snippet(ctx.positions.source(func))}` ({how})", ctx)

    @staticmethod
    def _first_added_changer(func: cst.CSTNode, ctx) -> Optional[str]:
        """How `self.body = nn.Sequential()` filled by `self.body.add_module(name, layer)` changes its
        input in place: as its first added layer does."""
        owner = ctx.class_node()
        if owner is None or not is_self_attribute(func):
            return None
        for node in walk(owner):
            if (
                isinstance(node, cst.Call)
                and attribute_name(node.func) == "add_module"
                and isinstance(node.func, cst.Attribute)
                and same_code(node.func.value, func)
                and len(positional_args(node)) == 2
            ):
                layer = entry_layer(positional_args(node)[1], ctx)
                if is_inplace_module(layer, ctx):
                    return f"an `nn.Sequential` opening with an in-place `nn.{module_class(layer, ctx)}`"
                located = ctx.locate(layer.func) if isinstance(layer, cst.Call) else None
                changed = function_changer(located.member("forward")) if located is not None else None
                if changed is None:
                    return None
                return f"an `nn.Sequential` whose first layer's `{changed.function}` changes it with {changed.how}"
        return None

    def _changed(self, target: cst.CSTNode, node: cst.CSTNode, how: str, ctx, fix: LazyFix = None) -> None:
        if not self._judge(target, node, how, ctx, fix):
            self._judge_input(target, node, how, ctx, fix)

    def _judge(self, target: cst.CSTNode, node: cst.CSTNode, how: str, ctx, fix: LazyFix = None) -> bool:
        """Report an in-place change of an operation's saved output; True when reported."""
        if ctx.grad_disabled or not self._in_scope(ctx, target):
            return False
        saved = self._target_saved(strip_views(target), node, ctx)
        if saved is None:
            return False
        self.report(
            ctx,
            node,
            fix() if fix is not None else None,
            how=how,
            target=snippet(ctx.positions.source(target)),
            saver=saved[0],
            line=ctx.positions.line(saved[1]),
        )
        return True

    def _target_saved(self, base: cst.CSTNode, node: cst.CSTNode, ctx) -> Optional[Tuple[str, cst.CSTNode]]:
        """The saver of the tensor an in-place change (`node`) makes to `base`: a name as any of its
        assignments that reach the change left it, or a call's own output (`self.drop(self.act(h))`)."""
        if isinstance(base, cst.Call):
            return self._saved_value(base, ctx.seq, ctx)
        if name_of(base) is None:
            return None
        for binding in ctx.reaching(base, node):
            saved = self._bound_saved(base.value, binding, ctx)
            if saved is not None:
                return saved
            if binding.value is not None and _in_grad_aware_branch(binding.value, ctx):
                return None  # `if x.requires_grad: y = y * w`: the path where grad is on rebinds it
        return None

    def _bound_saved(self, name: str, binding: Binding, ctx, depth: int = 0) -> Optional[Tuple[str, cst.CSTNode]]:
        """`_saved_value` of what `binding` gave `name`; for a parameter, what every call of the function
        passes (`x += pos` in a `forward` its callers give an LSTM's output)."""
        if binding.value is not None:
            return self._saved_value(binding.value, binding.seq, ctx, depth)
        passed = ctx.at(binding.seq + 1, ctx.parameter_fact, name)
        if passed is None or not passed.has(SAVED):
            return None
        function = ctx.function_scope().node
        return (
            f"the layer or op that made the tensor every call of `{function.name.value}` passes as `{name}`",
            function,
        )

    def _saved_value(
        self, value: Optional[cst.CSTNode], seq: int, ctx, depth: int = 0
    ) -> Optional[Tuple[str, cst.CSTNode]]:
        """The saver of the tensor `value` (assigned at `seq`) is, and the expression that made it:
        `value`'s own, or, through views and identities (`s.view(-1)`, `torch.sigmoid(x)[:, 0]`,
        `self.proj_in(s)` with an `nn.Identity`), that of the tensor it shares storage and version
        counter with."""
        saver = self.saver(value, ctx)
        if saver is not None:
            return saver, value
        inner = self._looked_into(value, ctx)
        if depth >= MAX_VIEWS_FOLLOWED or inner is None:
            return None
        if name_of(inner) is None:
            return self._saved_value(inner, seq, ctx, depth + 1)
        earlier = ctx.at(seq, ctx.binding_of, inner.value)  # the name as the assignment saw it
        return self._bound_saved(inner.value, earlier, ctx, depth + 1) if earlier is not None else None

    def _looked_into(self, value: Optional[cst.CSTNode], ctx) -> Optional[cst.CSTNode]:
        """The tensor `value` is a view or the very object of: `s` of `s.view(-1)`, `s[:, 0]`,
        `identity(s)` and `s` itself."""
        if value is None or id(value) in ctx.positions.made_from:
            return None  # one element of a tuple unpacking, not an indexing of the code
        if isinstance(value, cst.Name):  # `c2_ffm = c2`: the same tensor
            return value
        inner = viewed(value)
        if inner is not None or not isinstance(value, cst.Call):
            return inner
        built = built_choices(self._module_of(value.func, ctx), ctx)
        if any(module_class(module, ctx) in ops.IDENTITY_MODULES for module in built):
            return first_argument(value)  # an identity for some settings: the same tensor for those
        return None

    def _judge_element(self, target: cst.Subscript, node: cst.AugAssign, ctx) -> bool:
        """`outs[i] += ...` on a list of module outputs: `+=` changes the element tensor in place (an item
        assignment, `outs[i] = ...`, only replaces it in the list)."""
        if ctx.grad_disabled or not self._in_scope(ctx, target) or name_of(target.value) is None:
            return False
        found = ctx.lookup(target.value)
        saver = self._element_saver(found.value, ctx) if found is not None else None
        if saver is None:
            return False
        self.report(
            ctx,
            node,
            how="augmented assignment",
            target=snippet(ctx.positions.source(target)),
            saver=saver,
            line=ctx.positions.line(found.value),
        )
        return True

    def _judge_input(
        self, target: cst.CSTNode, node: cst.CSTNode, how: str, ctx, fix: LazyFix = None, evident_only: bool = False
    ) -> None:
        """Report an in-place change of a tensor an operation saved as its input (`evident_only`: only
        operations that take tensors alone, when the name might hold a Python number)."""
        name = name_of(strip_views(target))
        if name is None or ctx.grad_disabled or not self._in_scope(ctx, target, layer_input=True):
            return
        any_saver = self._in_scope(ctx, target)

        def report(use) -> None:
            if (any_saver or use.needing is None) and id(node) not in self.reported:
                self.reported.add(id(node))
                self.report(
                    ctx,
                    node,
                    fix() if fix is not None else None,
                    how=how,
                    target=snippet(ctx.positions.source(target)),
                    saver=use.saver,
                    line=ctx.positions.line(use.node),
                )

        use = self.inputs.saved_by(name, node, ctx, evident_only, report)
        if use is not None:
            report(use)

    def _fix(self, ctx, node: cst.CSTNode, code: str) -> Optional[Fix]:
        """`code` in place of a statement that fits on one line."""
        if not self.rule.fixable or "\n" in ctx.positions.source(node):
            return None
        return self.replacing(*ctx.positions.offsets(node), code)


SEQUENTIAL = frozenset({"torch.nn.Sequential", "torch.nn.modules.container.Sequential"})
GRAD_AWARE_NAMES = frozenset({"requires_grad", "is_grad_enabled", "is_inference_mode_enabled", "training"})
AUTOGRAD_FUNCTIONS = frozenset(
    {"torch.autograd.Function", "torch.autograd.function.Function", "torch.autograd.function.InplaceFunction"}
)


def _in_grad_aware_branch(value: cst.CSTNode, ctx) -> bool:
    """`value` is assigned on a side of an `if` that tests `requires_grad`, grad mode or `self.training`."""
    parents = ctx.positions.parents()
    node = parents.get(id(ctx.positions.file_node(value)))
    while node is not None and not isinstance(node, (cst.FunctionDef, cst.Module)):
        if isinstance(node, cst.If) and _tests_grad(node.test):
            return True
        node = parents.get(id(node))
    return False


def _tests_grad(test: cst.CSTNode) -> bool:
    names = {attribute_name(sub) if isinstance(sub, cst.Attribute) else name_of(sub) for sub in walk(test)}
    return bool(names & GRAD_AWARE_NAMES)


def _under_flag_off_in_training(node: cst.CSTNode, ctx) -> bool:
    """`node` runs only under `if flag:`, `flag` a parameter of its function that every call from
    differentiated code leaves off."""
    parents = ctx.positions.parents()
    function = ctx.function_scope().node
    current = node
    while current is not function:
        parent = parents.get(id(current))
        if parent is None:
            return False
        if isinstance(parent, cst.If) and current is parent.body and isinstance(parent.test, cst.Name):
            if ctx.gradient.off_in_training(parent.test.value, function):
                return True
        current = parent
    return False


def _is_autograd_function(node: cst.ClassDef, ctx) -> bool:
    return any(
        ctx.qualified(base.value) in AUTOGRAD_FUNCTIONS or called_name(base.value) == "Function" for base in node.bases
    )


def parenthesized(node: cst.CSTNode, ctx) -> str:
    code = ctx.positions.source(node)
    return (
        code
        if isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or is_constant(node)
        else f"({code})"
    )


def _bare(saver: str) -> str:
    """`nn.ReLU` out of "`ConvModule`'s last layer nn.ReLU": the layer, not the chain to it."""
    return saver.rsplit(" ", 1)[-1]


def _comprehension_fors(comp: cst.CompFor):
    while comp is not None:
        yield comp
        comp = comp.inner_for_in


def arguments_code(call: cst.Call, ctx) -> str:
    """The call's code after its callee: `(x, 0.5)` of `y.mul_(x, 0.5)`."""
    return ctx.positions.source(call)[len(ctx.positions.source(call.func)) :]


def _element_saver_summary(container: cst.BaseExpression, callee: cst.CSTNode, ctx) -> Optional[str]:
    """`callee` is an element of `container` whose class's `forward` returns an output autograd saves."""
    summary = ctx.element_call_summary(container)
    if summary is None or not summary.has(SAVED):
        return None
    return f"`{snippet(ctx.positions.source(callee))}` (it returns an output autograd saves)"


def is_first_element(item: cst.Subscript) -> bool:
    """`f(x)[0]`: the first element of what `f` returns (as a tuple unpacking binds it)."""
    index = item.slice[0].slice if len(item.slice) == 1 else None
    return isinstance(index, cst.Index) and isinstance(index.value, cst.Integer) and index.value.value == "0"


def first_argument(call: cst.Call) -> Optional[cst.CSTNode]:
    """The first positional argument, or None when there is none or it is a `*args`."""
    positional = positional_args(call)
    return positional[0] if positional and not isinstance(positional[0], cst.Arg) else None


class SequentialInplace(Check):
    """`nn.Sequential(..., nn.Sigmoid(), nn.ReLU(inplace=True), ...)`: an in-place module right after
    one whose backward needs its output (Sigmoid, Tanh, Softmax, ReLU, in-place LeakyReLU/ELU).
    `BatchNorm -> ReLU(inplace=True)` and `Linear -> ReLU(inplace=True)` are fine and not reported."""

    kind = "sequential-inplace"
    FIELDS = ("module", "saver")

    def handlers(self):
        return {cst.Call: self.visit_call}

    def visit_call(self, node: cst.Call, ctx) -> None:
        if ctx.qualified(node.func) not in SEQUENTIAL:
            return
        layers = [
            arg if arg.star else arg.value for arg in node.args if arg.keyword is None
        ]  # `*rest` stays an Arg: no module
        for before, after in zip(layers, layers[1:]):
            saver = saving_module(before, ctx)
            if saver is not None and is_inplace_module(after, ctx):
                fix = None
                if self.rule.fixable:
                    fix = self.replacing(*ctx.positions.offsets(argument(after, "inplace")), "False")
                self.report(ctx, after, fix, module=snippet(ctx.positions.source(after)), saver=saver)


def self_owner(node: cst.CSTNode, ctx) -> Optional[Tuple[int, str]]:
    if is_self_attribute(node):
        owner = ctx.class_node()
        return (id(owner), node.attr.value) if owner is not None else None
    return None
