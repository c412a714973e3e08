"""Which code autograd differentiates: the evidence gradient-only rules need before they speak.

A `sqrt` at 0 or an `acos` at 1 is finite in the forward pass; only its gradient is infinite. Such a
hazard matters where autograd runs through the op *and* its value flows into what is
differentiated. A function is differentiated when it is the `forward` of an nn.Module, a loss (its
name says so, or its class's), calls `backward()` / `torch.autograd.grad` itself, or is called from
a differentiated function whose output its result reaches; a script's top level is differentiated
when it calls `backward()`. Inside such a function a value counts only if it reaches an output:
the returned value, or a tensor that is `backward()`-ed, through assignments but not through
operations with no gradient (`argmax`, comparisons, `.detach()`, `.item()`, indices).
`torch.no_grad()` blocks and decorators, `@once_differentiable` and `autograd.Function`s are not
differentiated, nor are functions named like inference (`postprocess*`, `predict`, `generate`)
or code that runs only in eval mode (the `else` of `if self.training:`, what follows
`if self.training: return ...`), nor values built only from input data (data_values.py). Worked out
once per file, the first time a gradient-only rule has a candidate.
"""

from __future__ import annotations

import itertools

import re
from pathlib import Path
from dataclasses import dataclass, field
from typing import Dict, FrozenSet, Iterator, List, NamedTuple, Optional, Set

import libcst as cst

from nanlint.analysis.data_values import DataValues
from nanlint.analysis.names import dotted_name
from nanlint.analysis.ops import NO_GRADIENT
from nanlint.analysis.project import Definition
from nanlint.analysis.scopes import GRAD_OFF_BLOCKS, disables_grad
from nanlint.analysis.callers import argument_for, omits
from nanlint.analysis.syntax import (
    attribute_name,
    binding_key,
    children,
    function_params,
    keys_changed,
    name_of,
    own_nodes,
)

# What a gradient-only rule's page says about where it speaks.
WHERE_IT_SPEAKS = (
    "The hazard is in the gradient only, so the rule speaks only in code autograd differentiates: the `forward` "
    "of an nn.Module, a loss function or loss class, code that calls `backward()` or `torch.autograd.grad`, and "
    "the functions of the file they call; and only when the value reaches what is differentiated (not through "
    "`argmax`, comparisons, `.detach()` or indices). Metrics, samplers, `torch.no_grad()` blocks, post-processing "
    "and eval-only branches (`if not self.training`) stay silent, and so do values built only from the input data "
    "(masks, targets, counts, the model's raw inputs, registered buffers, constant grids) "
    "with no parameter or layer output in them. "
    "The finding says why the code is differentiated."
)
# Base classes whose subclasses' `forward` autograd runs through, by the end of their names: torch's
# and Lightning's modules, and the names projects give their own base models.
MAX_CLASS_DEPTH = 8  # base classes followed to tell a module class
MODULE_BASES = (
    "Module",
    "Loss",
    "Sequential",
    "ModuleList",
    "Model",
    "Net",
    "Network",
    "Layer",
    "Block",
    "Encoder",
    "Decoder",
    "Head",
)
LOSS_METHODS = frozenset({"forward", "__call__", "training_step", "compute_loss", "loss"})
TRAINING_STEPS = frozenset({"training_step", "compute_loss", "train_step", "training_step_end"})
NOT_DIFFERENTIATED_DECORATORS = frozenset({"once_differentiable", "no_grad", "inference_mode"})
GRAD_ON_BLOCKS = frozenset({"enable_grad", "set_grad_enabled"})
GRAD_OFF_TEXT = re.compile(r"no_grad|inference_mode")
# Functions that run only at inference: a detector's post-processing, a generation loop (not
# `decode` or `sample`, which a VAE's or a policy's forward differentiates).
INFERENCE_ONLY = re.compile(r"^_*(post_?process\w*|inference|infer|generate|predict)$")
BACKWARD_FUNCTIONS = frozenset({"torch.autograd.backward", "torch.autograd.grad"})
COLLECTING_METHODS = frozenset({"append", "extend", "insert", "add_"})


@dataclass
class _Function:
    """What the analysis knows of one function of the file (or the module's top level)."""

    node: cst.CSTNode
    name: str
    owner: Optional[cst.ClassDef] = None
    outputs: List[cst.CSTNode] = field(default_factory=list)  # returned values, backward-ed tensors
    calls_backward: bool = False
    calls: Dict[str, List[cst.Call]] = field(default_factory=dict)  # `f(...)` by "f", `self.m(...)` by "self.m"
    live: Optional[Set[str]] = None  # names whose value reaches an output


@dataclass
class _Unfinished:
    """The functions whose reason is being worked out, in any file of the project, and those of them
    read while unfinished by the answer being worked out now."""

    functions: Set[int] = field(default_factory=set)
    read: Set[int] = field(default_factory=set)


_UNFINISHED = _Unfinished()


class ProjectSite(NamedTuple):
    """A call that runs a function: the gradient context of its file, the function it sits in, the
    call, and whether the function is only passed to it as a value (its arguments are not the call's)."""

    gradient: "GradientContext"
    caller: _Function
    call: cst.Call
    passed: bool = False


class GradientContext:
    """Answers `reason(node, scope_node)`: why autograd differentiates `node`, or None."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self._functions: Optional[Dict[int, _Function]] = None
        self._reasons: Dict[int, Optional[str]] = {}
        # negative answers that read unfinished functions: they hold while those are still unfinished
        self._tentative: Dict[int, FrozenSet[int]] = {}
        self._classes: Dict[str, cst.ClassDef] = {}
        self._data = DataValues(self)
        self._without_grad: Dict[int, bool] = {}
        self._mentions_grad_off: Optional[bool] = None

    def reason(self, node: cst.CSTNode, scope_node: cst.CSTNode) -> Optional[str]:
        if self.ctx.grad_disabled:
            return None
        function = self._table().get(id(scope_node))
        if function is None:
            return None
        why = self._reason_for(function)
        if why is None or not self._reaches_output(node, function) or self._data.is_data(node, function):
            return None
        return why

    def learned(self, node: cst.CSTNode, scope_node: cst.CSTNode, given: bool = True) -> bool:
        """Evidence that `node`, in the function (or top level) `scope_node`, carries a gradient
        (`given`: counting what a `forward` or a loss is given, DataValues.learned)."""
        function = self._table().get(id(scope_node))
        return function is not None and self._data.learned(node, function, given)

    def own_reason_of(self, scope_node: cst.CSTNode) -> Optional[str]:
        """Why autograd differentiates the function `scope_node` by itself (a forward, a loss, a call of
        backward()), not through its callers; None for a function the analysis does not know."""
        function = self._table().get(id(scope_node))
        return self.own_reason(function) if function is not None else None

    def off_in_training(self, flag: str, scope_node: cst.CSTNode) -> bool:
        """Every call of the function `scope_node` from a function autograd differentiates (one at
        least) leaves its parameter `flag` off: omits it over a False or None default, or passes
        False or None (`decode(...)` from `forward`, where only the prediction paths pass
        `never_decode_unk=True`)."""
        if not isinstance(scope_node, cst.FunctionDef):
            return False
        param = next((param for param in function_params(scope_node) if param.name.value == flag), None)
        if param is None:
            return False
        seen = False
        for model, site in self.ctx.call_sites(scope_node):
            caller = model.gradient._table().get(id(site.caller))
            if caller is None or model.gradient._reason_for(caller) is None:
                continue
            seen = True
            passed = argument_for(site, scope_node, flag)
            left = param.default if passed is None and omits(site, scope_node, flag) else passed
            if not (isinstance(left, cst.Name) and left.value in ("False", "None")):
                return False
        return seen

    def runs_without_grad(self, scope_node: cst.CSTNode) -> bool:
        """Every call of the function `scope_node` runs with grad off: they are all in its own file,
        where its name is written only as their callee (it escapes as no value: a table entry, a
        default, a hook), and none in another file (a private name, or one no other file imports); each
        is in a `no_grad` or `inference_mode` block with no `enable_grad` inside it, or in a function so
        decorated or itself run so (a helper only `@torch.no_grad` hooks call)."""
        key = id(scope_node)
        if key not in self._without_grad:
            self._without_grad[key] = False  # a recursive call adds nothing
            function = self._table().get(key)
            self._without_grad[key] = function is not None and self._all_calls_without_grad(function)
        return self._without_grad[key]

    def _all_calls_without_grad(self, function: _Function) -> bool:
        node = function.node
        if not isinstance(node, cst.FunctionDef) or not self._turns_grad_off():
            return False  # cheap first: no call of the file can be in a grad-off block
        sites = list(self.project_sites(function))
        return (
            bool(sites)
            and all(site.gradient is self for site in sites)
            and all(self._called_without_grad(site.call, site.caller) for site in sites)
            and len(re.findall(rf"\b{node.name.value}\b", self.ctx.text)) == 1 + len(sites)
            and self._called_only_here(node)
        )

    def _turns_grad_off(self) -> bool:
        """The file's text names `no_grad` or `inference_mode` (memoised)."""
        if self._mentions_grad_off is None:
            self._mentions_grad_off = bool(GRAD_OFF_TEXT.search(self.ctx.text))
        return self._mentions_grad_off

    def _called_only_here(self, node: cst.FunctionDef) -> bool:
        """No other file of the project calls the function: its name is private, or none imports it."""
        name = node.name.value
        private = name.startswith("_") and not name.endswith("__")
        method = self.ctx.calls().owners.get(id(node)) is not None
        if self.ctx.project is None or private and method:
            return True
        return not self.ctx.project.name_imported(self.ctx.real_path, name)

    def _called_without_grad(self, call: cst.CSTNode, caller: _Function) -> bool:
        parents = self.ctx.positions.parents()
        node: Optional[cst.CSTNode] = call
        while node is not None and node is not caller.node:
            mode = self._grad_mode_block(node)
            if mode is not None:
                return mode is False
            node = parents.get(id(node))
        if not isinstance(caller.node, cst.FunctionDef):
            return False
        return disables_grad(caller.node) or self.runs_without_grad(caller.node)

    def differentiated(self, scope_node: cst.CSTNode) -> Optional[str]:
        """Why autograd differentiates the function (or the module's top level) `scope_node`, or None."""
        function = self._table().get(id(scope_node))
        return self._reason_for(function) if function is not None else None

    # --- the file's functions --------------------------------------------------------------

    def functions(self):
        return self._table().values()

    def function_of(self, node: cst.CSTNode) -> _Function:
        return self._table()[id(node)]

    def function_around(self, node: Optional[cst.CSTNode]) -> _Function:
        """The innermost function the analysis knows around `node`, else the module's top level."""
        table, parents = self._table(), self.ctx.positions.parents()
        while node is not None and id(node) not in table:
            node = parents.get(id(node))
        return table[id(node) if node is not None else id(self.ctx.module)]

    def _table(self) -> Dict[int, _Function]:
        if self._functions is None:
            module = self.ctx.module
            self._functions = {id(module): _Function(module, "<module>")}
            self._collect(module, None)
        return self._functions

    def _collect_class(self, node: cst.ClassDef) -> None:
        """A class's methods, and those of the classes its body defines."""
        self._classes[node.name.value] = node
        for statement in own_nodes(node.body):
            if isinstance(statement, cst.FunctionDef):
                self._functions[id(statement)] = _Function(statement, statement.name.value, node)
                self._collect(statement, None)
            elif isinstance(statement, cst.ClassDef):
                self._collect_class(statement)

    def _collect(self, node: cst.CSTNode, owner: Optional[cst.ClassDef]) -> None:
        function = self._functions[id(node)]
        aliases: Dict[str, Set[str]] = {}
        for sub in own_nodes(node):
            kind = type(sub)  # exact types: libcst's ABC isinstance checks cost more than the walk
            if kind is cst.Assign and len(sub.targets) == 1:
                _note_alias(aliases, sub.targets[0].target, sub.value)
            if kind is cst.FunctionDef:
                self._functions[id(sub)] = _Function(sub, sub.name.value, owner)
                self._collect(sub, None)
            elif kind is cst.ClassDef:
                self._collect_class(sub)
            elif (kind is cst.Return or kind is cst.Yield) and sub.value is not None:
                function.outputs.append(sub.value)
            elif kind is cst.Call:
                callee = binding_key(sub.func)
                for name in aliases.get(callee, {callee}) if callee is not None else ():
                    function.calls.setdefault(name, []).append(sub)
                differentiated = self._backward_target(sub)
                if differentiated is not None:
                    function.calls_backward = True
                    function.outputs.append(differentiated)

    def _backward_target(self, call: cst.Call) -> Optional[cst.CSTNode]:
        """The tensor a `backward()` / `autograd.grad` call differentiates, if `call` is one."""
        name = self.ctx.qualified(call.func)
        if name in BACKWARD_FUNCTIONS or attribute_name(call.func) == "manual_backward":
            return call.args[0].value if call.args else None
        if attribute_name(call.func) == "backward":
            return (
                call.args[0].value
                if call.func.value is not None and _is_helper(call.func.value) and call.args
                else call.func.value
            )
        return None

    # --- why a function is differentiated -------------------------------------------------

    def _reason_for(self, function: _Function) -> Optional[str]:
        """Memoised; a recursive call while a function is worked out adds nothing (None). A negative
        answer that read such an unfinished function is kept for as long as that one is unfinished
        (asked again then, it is the same; asked once that one is answered, it could be positive), so
        a cycle of calls is walked once per question, not once per path through it."""
        key = id(function.node)
        if key in self._reasons:
            return self._reasons[key]
        if key in _UNFINISHED.functions:
            _UNFINISHED.read.add(key)
            return None
        waiting = self._tentative.get(key)
        if waiting is not None and waiting <= _UNFINISHED.functions:
            _UNFINISHED.read |= waiting
            return None
        if _never_differentiated(function):
            self._reasons[key] = None
            return None
        read_before, _UNFINISHED.read = _UNFINISHED.read, set()
        _UNFINISHED.functions.add(key)
        try:
            why = self.own_reason(function) or self._caller_reason(function)
        finally:
            _UNFINISHED.functions.discard(key)
        pending = frozenset(_UNFINISHED.read & _UNFINISHED.functions)
        if why is not None or not pending:
            self._reasons[key] = why
        else:
            self._tentative[key] = pending
        _UNFINISHED.read = read_before | pending
        return why

    def own_reason(self, function: _Function) -> Optional[str]:
        owner = function.owner
        if owner is not None and _is_autograd_function(owner):
            return None
        if function.calls_backward:
            where = "the script's top level" if function.name == "<module>" else f"`{function.name}`"
            return f"{where} calls backward()"
        if owner is not None and function.name == "forward" and self._is_module_class(owner):
            return f"forward of the nn.Module `{owner.name.value}`"
        if function.name in TRAINING_STEPS or "loss" in function.name.lower() and function.name != "<module>":
            return f"the loss function `{function.name}`"
        if owner is not None and "loss" in owner.name.value.lower() and function.name in LOSS_METHODS:
            return f"the loss `{owner.name.value}.{function.name}`"
        return None

    def _caller_reason(self, function: _Function) -> Optional[str]:
        """A function whose result reaches the output of a differentiated caller, in any file."""
        for site in self.project_sites(function):
            gradient, caller = site.gradient, site.caller
            if gradient._reason_for(caller) is not None and gradient._reaches_output(site.call, caller):
                where = "" if gradient is self else f" in {Path(gradient.ctx.path).name}"
                return f"called from `{caller.name}`{where}, which is differentiated"
        return None

    def project_sites(self, function: _Function) -> Iterator["ProjectSite"]:
        """The calls that run `function`: `name(...)` / `self.name(...)` of its file, the calls the
        file resolves to it (`self.corr(x)`), those of the project files importing it, and the
        calls a base class makes of the abstract method it overrides."""
        if not isinstance(function.node, cst.FunctionDef):
            return
        definition = Definition.here(self.ctx, function.node)
        seen = set()
        for caller, call in self.call_sites(function):
            seen.add(id(call))
            yield ProjectSite(self, caller, call)
        for site in self.ctx.calls().sites.get(definition.key, ()):
            caller = self._table().get(id(site.caller))
            if caller is not None and id(site.call) not in seen:
                yield ProjectSite(self, caller, site.call, site.passed)
        elsewhere = self.ctx.project.callers(definition) if self.ctx.project is not None else ()
        reached = self.ctx.dispatched_sites(function.node), self.ctx.held_sites(function.node)
        for model, site in itertools.chain(elsewhere, *reached):
            # a caller the analysis does not list (a method of a class nested in a class) counts as the one around it
            yield ProjectSite(model.gradient, model.gradient.function_around(site.caller), site.call, site.passed)

    def all_sites_seen(self, function: _Function) -> bool:
        """No call of `function` can hide in a project file the search for callers leaves out."""
        if self.ctx.project is None or not isinstance(function.node, cst.FunctionDef):
            return True
        name = function.node.name.value
        if name.startswith("_") and not name.endswith("__") and self._called_only_here(function.node):
            return True  # private, and no other file imports it: by convention its own file calls it
        return self.ctx.project.all_importers_searched(Definition.here(self.ctx, function.node))

    def call_sites(self, function: _Function) -> Iterator[tuple]:
        """(caller, call) for each call of the file to `function`: `name(...)` for a plain function,
        `self.name(...)` from its own class for a method."""
        if not isinstance(function.node, cst.FunctionDef):
            return
        constructor = self._builds_values(function)
        callee = (
            function.owner.name.value
            if constructor
            else function.name
            if function.owner is None
            else f"self.{function.name}"
        )
        for caller in self._table().values():
            if (
                caller is function
                or function.owner is not None
                and caller.owner is not function.owner
                and not constructor
            ):
                continue
            for call in caller.calls.get(callee, ()):
                yield caller, call

    def _is_module_class(self, node: cst.ClassDef, depth: int = 0) -> bool:
        """A class whose `forward` autograd runs through: an nn.Module, a loss, a Lightning module, a
        model of the project's own (`BaseModel`, `MyNet`), a subclass of such a class of the file or
        of another file of the project (`class PAFPN(FPN)`, `from .fpn import FPN`); not a data
        transform with a `forward`."""
        for base, base_node in zip(_base_names(node), node.bases):
            if base.endswith(MODULE_BASES):
                return True
            if depth >= MAX_CLASS_DEPTH:
                continue
            parent = self._classes.get(base)
            if parent is not None and parent is not node and self._is_module_class(parent, depth + 1):
                return True
            if parent is None and self._imported_module_class(base_node.value, depth):
                return True
        return False

    def _imported_module_class(self, base: cst.BaseExpression, depth: int) -> bool:
        """`base` names a class of another file of the project that is a module class there."""
        located = self.ctx.locate(base)
        model = located.model if located is not None and located.is_class else None
        return (
            model is not None
            and model is not self.ctx
            and isinstance(located.node, cst.ClassDef)
            and model.gradient._is_module_class(located.node, depth + 1)
        )

    def _builds_values(self, function: _Function) -> bool:
        """The `__init__` of a plain class (not a module) whose instances hold the tensors it
        computes from its arguments (`EdgeLoss(image).magnitude`): it runs under the autograd of
        the code that builds the instance, and its `self.` attributes are what it gives back."""
        return function.name == "__init__" and function.owner is not None and not self._is_module_class(function.owner)

    # --- whether a value reaches an output -------------------------------------------------

    def _reaches_output(self, node: cst.CSTNode, function: _Function) -> bool:
        parents = self.ctx.positions.parents()
        live = self._live(function)
        outputs = {id(output) for output in function.outputs}
        if self._gradient_off(node, function):
            return False
        current = node
        while True:
            if id(current) in outputs:
                return True
            parent = parents.get(id(current))
            if parent is None or parent is function.node:
                return False
            if _blocks(parent, current, self.ctx):
                return False
            target = _assigned_names(parent, current)
            if target is not None:
                return bool(target & live)
            current = parent

    def _gradient_off(self, node: cst.CSTNode, function: _Function) -> bool:
        """`node` is inside a `no_grad` block or a branch that runs only in eval mode."""
        parents = self.ctx.positions.parents()
        current = node
        while current is not function.node:
            parent = parents.get(id(current))
            if parent is None:
                return False
            if self._grad_off_block(parent) or _eval_only(parent, current):
                return True
            current = parent
        return False

    def _grad_mode_block(self, node: cst.CSTNode) -> Optional[bool]:
        """The grad mode a `with` block sets: False for `no_grad` / `inference_mode`, True for
        `enable_grad` / `set_grad_enabled(...)` (which may turn it on); None for any other node."""
        if not isinstance(node, cst.With):
            return None
        for item in node.items:
            target = item.item.func if isinstance(item.item, cst.Call) else item.item
            name = (self.ctx.qualified(target) or dotted_name(target) or "").rsplit(".", 1)[-1]
            if name in GRAD_ON_BLOCKS:
                return True
            if name in GRAD_OFF_BLOCKS:
                return False
        return None

    def _grad_off_block(self, node: cst.CSTNode) -> bool:
        """`with torch.no_grad():` / `with torch.inference_mode():`."""
        return self._grad_mode_block(node) is False

    def _live(self, function: _Function) -> Set[str]:
        """The names of `function` whose values reach its outputs, through assignments."""
        if function.live is not None:
            return function.live
        assignments = [
            sub
            for sub in own_nodes(function.node)
            if isinstance(sub, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Call))
        ]
        live = {name for output in function.outputs for name in _names_in(output, self.ctx)}
        if self._builds_values(function):
            live |= {
                name
                for statement in assignments
                for name in _assigned_names(statement, _assigned_value(statement)) or ()
                if name.startswith("self.")
            }
        changed = True
        while changed:
            changed = False
            for statement in assignments:
                value = _assigned_value(statement)
                targets = _assigned_names(statement, value) if value is not None else None
                if targets and targets & live:
                    new = _names_in(value, self.ctx) - live
                    if new:
                        live |= new
                        changed = True
        function.live = live
        return live


def _note_alias(aliases: Dict[str, Set[str]], target: cst.CSTNode, value: cst.CSTNode) -> None:
    """`fn = self._gconv if use_gc else self._fc`: a later `fn(...)` calls either function."""
    name = name_of(target)
    if name is None:
        return
    choices = [value.body, value.orelse] if isinstance(value, cst.IfExp) else [value]
    keys = {binding_key(choice) for choice in choices}
    if None not in keys and name not in keys:
        aliases[name] = set().union(*(aliases.get(key, {key}) for key in keys))
    else:
        aliases.pop(name, None)


def _names_in(node: cst.CSTNode, ctx) -> Set[str]:
    """The variable names whose values flow into `node` (not through a no-gradient operation)."""
    found, stack = set(), [node]
    while stack:
        sub = stack.pop()
        key = binding_key(sub)
        if key is not None:
            found.add(key)
            if isinstance(sub, cst.Name):
                continue
        for child in children(sub):
            if not _blocks(sub, child, ctx):
                stack.append(child)
    return found


def _blocks(parent: cst.CSTNode, child: cst.CSTNode, ctx) -> bool:
    """No gradient flows from `child` through `parent`: a comparison, an index, an argmax, a
    `.detach()`, the condition of an `if` or a `where`."""
    if isinstance(parent, (cst.Comparison, cst.SubscriptElement)):
        return True
    if isinstance(parent, (cst.If, cst.While, cst.IfExp)) and child is parent.test:
        return True
    if isinstance(parent, cst.Call):
        described = ctx.describe(parent)
        if described is not None:
            op, operands, _ = described
            if op in NO_GRADIENT:
                return True
            if op == "where" and operands and child is parent.args[0]:
                return True
        elif name_of(parent.func) in ("int", "float", "bool", "len", "round"):
            return True
    return False


def _assigned_value(statement: cst.CSTNode) -> Optional[cst.CSTNode]:
    if isinstance(statement, cst.Call):
        return statement.args[0] if _is_collecting(statement) and statement.args else None
    return getattr(statement, "value", None)


def _assigned_names(parent: cst.CSTNode, child: cst.CSTNode) -> Optional[Set[str]]:
    """When `parent` assigns the value `child` to names (`x = child`, `x += child`,
    `losses.append(child)`): those names; else None."""
    if isinstance(parent, cst.Assign) and child is parent.value:
        return {key for target in parent.targets for key in keys_changed(target.target)}
    if isinstance(parent, (cst.AugAssign, cst.AnnAssign)) and child is parent.value:
        return set(keys_changed(parent.target))
    if isinstance(parent, cst.Arg) and child is parent.value:
        return None
    if (
        isinstance(parent, cst.Call)
        and _is_collecting(parent)
        and any(arg is child or arg.value is child for arg in parent.args)
    ):
        return set(keys_changed(parent.func.value))
    return None


def _is_collecting(call: cst.Call) -> bool:
    return isinstance(call.func, cst.Attribute) and call.func.attr.value in COLLECTING_METHODS


def _never_differentiated(function: _Function) -> bool:
    node = function.node
    return isinstance(node, cst.FunctionDef) and (_decorated_off(node) or bool(INFERENCE_ONLY.match(function.name)))


def _eval_only(parent: cst.CSTNode, child: cst.CSTNode) -> bool:
    """`child` runs only in eval mode: the `else` of `if self.training:` or the body of
    `if not self.training:`, or a statement after `if self.training: ... return`."""
    if isinstance(parent, cst.If) and child is not parent.test:
        training = _training_test(parent.test)
        return training is True and child is parent.orelse or training is False and child is parent.body
    if not isinstance(parent, (cst.IndentedBlock, cst.Module)):
        return False
    for statement in parent.body:
        if statement is child:
            break
        if (
            isinstance(statement, cst.If)
            and statement.orelse is None
            and _training_test(statement.test) is True
            and _ends_in_return(statement.body)
        ):
            return True
    return False


def _training_test(test: cst.CSTNode) -> Optional[bool]:
    """True for `self.training`, False for `not self.training`, else None."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = _training_test(test.expression)
        return None if inner is None else not inner
    if isinstance(test, cst.Attribute) and test.attr.value == "training" and name_of(test.value) == "self":
        return True
    return None


def _ends_in_return(block: cst.BaseSuite) -> bool:
    body = block.body
    last = body[-1] if body else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1]
    return isinstance(last, (cst.Return, cst.Raise))


def _decorated_off(node: cst.FunctionDef) -> bool:
    for decorator in node.decorators:
        target = decorator.decorator
        target = target.func if isinstance(target, cst.Call) else target
        name = dotted_name(target)
        if name and name.rsplit(".", 1)[-1] in NOT_DIFFERENTIATED_DECORATORS:
            return True
    return False


def _base_names(node: cst.ClassDef) -> List[str]:
    return [(dotted_name(base.value) or "").rsplit(".", 1)[-1] for base in node.bases]


def _is_autograd_function(node: cst.ClassDef) -> bool:
    """A `torch.autograd.Function`: its forward runs without autograd, its backward is written by hand."""
    return any(base == "Function" or base.endswith("Function") and "autograd" in base for base in _base_names(node))


def _is_helper(node: cst.CSTNode) -> bool:
    """`accelerator.backward(loss)`, `fabric.backward(loss)`: the argument is what is differentiated."""
    owner = name_of(node) or attribute_name(node) or ""
    return owner.lower().endswith(("accelerator", "fabric", "engine"))
