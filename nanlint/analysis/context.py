"""What the checks know about the file being walked: imports, local assignments, grad mode, positions."""

from __future__ import annotations

import contextlib
import dataclasses
from collections import Counter
from typing import Callable, Dict, FrozenSet, Iterator, List, NamedTuple, Optional, Tuple, cast

import libcst as cst

from nanlint.types import Edit, Finding, Related
from nanlint.analysis.callers import (
    MAX_BASE_DEPTH,
    CallSite,
    FileCalls,
    is_super,
    argument_for,
    base_method,
    collect,
    held_call_key,
    instance_class,
    method_named,
    name_call_key,
    omits,
    result_name,
)
from nanlint.analysis.branches import OBJECT, dead_nodes, in_loop, reach, truth
from nanlint.analysis.positions import Positions
from nanlint.analysis.scopes import WRITTEN, Binding, Scope
from nanlint.analysis.project import Definition, Judging, ProjectModules, real_path
from nanlint.analysis.gradient import GradientContext
from nanlint.analysis.groups import GroupReduction, helper_reduction, library_group_reduction
from nanlint.analysis.guards import ComparedValues, cleaned_after, replaced_when_not_finite
from nanlint.analysis.names import TORCH_ROOT, ImportTable, dotted_name
from nanlint.inputs.source import NEWLINE
from nanlint.analysis.ops import MODULES
from nanlint.analysis.syntax import (
    LITERAL_NAMES,
    PARALLEL_ITERATORS,
    attribute_name,
    called_name,
    function_params,
    own_nodes,
    is_abstract,
    is_constant,
    is_docstring,
    is_literal,
    is_self_attribute,
    is_static,
    item_key,
    keyword_args,
    name_of,
    positional_args,
    display_element,
    elements,
    returned_values,
    same_code,
    snippet,
    statements,
    string_value,
    walk,
)
from nanlint.analysis.values import NUMPY_ELEMENTWISE, NUMPY_MODULES, SELECTED, Analyzer, Fact, constant_value, join

NN_PREFIXES = ("torch.nn.", "torch.nn.modules.")
MODULE_CONTAINERS = frozenset({"ModuleList", "ModuleDict", "Sequential", "list", "tuple"})

GRAD_DISABLING = frozenset(
    {
        "torch.no_grad",
        "torch.inference_mode",
        "torch.autograd.no_grad",
        "torch.autograd.grad_mode.no_grad",
        "torch.autograd.grad_mode.inference_mode",
    }
)
NON_TENSOR_RECEIVERS = frozenset(
    {"self", "cls", "super", "logger", "logging", "log", "os", "sys", "re", "wandb", "mlflow"}
)
# Modules whose calls return values that are not torch tensors (their methods are not tensor methods).
FOREIGN_MODULES = (
    "math",
    "numpy",
    "np",
    "scipy",
    "jax",
    "pandas",
    "cmath",
    "statistics",
    "random",
    "tensorflow",
    "mxnet",
)


# Calls of containers and builtins that return None for what they lack (`batch.get("w")`).
MAY_RETURN_NONE = frozenset({"get", "pop", "setdefault", "getattr", "next"})


class TestHorizon(NamedTuple):
    """Where the walk met an `if` test: the scope it numbers assignments in, and the horizon there."""

    scope: Scope
    horizon: int


def _never_none(source: "ValueSource") -> bool:
    """The call `source` holds the result of returns an object, never None: a tensor op or a class's
    construction (not `batch.get("w")`, nor a function that may return None)."""
    call, model = source.node, source.model
    if not isinstance(call, cst.Call) or called_name(call.func) in MAY_RETURN_NONE:
        return False
    if model.describe_call(call) is not None:
        return True
    made = model.locate(call.func)
    return made.is_class if made is not None else called_name(call.func)[:1].isupper()


# Nodes past which an expression's enclosing test is not looked for.
STATEMENT_BOUNDARIES = (cst.If, cst.SimpleStatementLine, cst.IndentedBlock, cst.FunctionDef, cst.Module)


class Receiver(NamedTuple):
    """A project function a call passes a value to (a class's `__init__` for a construction), and the
    parameter that receives it."""

    made: Definition  # the function called, or the class constructed
    function: cst.FunctionDef  # what runs: the function, or the class's `__init__`
    parameter: str

    def sites(self, held: str) -> List[CallSite]:
        """The calls `held` (`name` or `name.method`, `callers._held_name`) of the function's code."""
        model = self.made.model
        return model.calls().sites.get(name_call_key(Definition.here(model, self.function), held), [])

    def kept_attributes(self) -> List[str]:
        """The attributes `__init__` keeps the parameter as (`self.loss_fn = loss_fn`)."""
        if not self.made.is_class:
            return []
        assigned = self.made.model.calls().assignments.get(id(self.function), ())
        return [
            target[len("self.") :]
            for target, value in assigned
            if target.startswith("self.") and name_of(value) == self.parameter
        ]

    def function_calls(self) -> Iterator[Tuple["FileContext", CallSite]]:
        """The calls of the parameter when it holds a function: `loss_fn(x)` in the function, and
        `self.loss_fn(x)` in the class's methods for each attribute `__init__` keeps it as."""
        model = self.made.model
        for site in self.sites(self.parameter):
            yield model, site
        for attribute in self.kept_attributes():
            for site in model.calls().sites.get(held_call_key(self.made, attribute), ()):
                yield model, dataclasses.replace(site, skips_self=False)


class ValueSource(NamedTuple):
    """A literal a value is seen to hold, where it is written (in `model`'s file); or (`value` MADE)
    a call whose result it holds, with the names in sight where the call is made (`sight`: the
    scopes and the horizon, to look up what the call is given)."""

    value: object  # a float, True/False/None or a str; UNRESOLVED; MADE
    node: cst.CSTNode  # the literal, or the call
    model: "FileContext"
    sight: Optional[Tuple[List[Scope], Optional[int]]] = None

    def within(self, function: Callable, *args):
        """`function(*args)` of this source's file, with names looked up where its call is made."""
        assert self.sight is not None
        return self.model._seeing(self.sight, function, *args)

    def key(self) -> Tuple[str, int]:
        """The call's identity in its file (by node: no position pass; a file parsed twice gives two
        keys, which can only miss a match)."""
        return self.model.real_path, id(self.node)


NOT_LITERAL = object()
UNRESOLVED = object()  # what a caller passes that is no known constant: the constants seen are not all
MADE = object()  # a call's result: an object, no constant


def literal_value(node: cst.CSTNode) -> object:
    """The value of a literal: a number or constant arithmetic (as a float), True/False/None, a
    string; else NOT_LITERAL."""
    number = constant_value(node)
    if number is not None:
        return number
    if isinstance(node, cst.Name) and node.value in LITERAL_NAMES:
        return LITERAL_NAMES[node.value]
    text = string_value(node)
    return text if text is not None else NOT_LITERAL


MAX_JUDGING = 4  # functions away from the one walked: a caller's argument, a helper's return value, across files
LITERAL_DISPLAYS = (cst.FormattedString, cst.List, cst.Dict, cst.Set, cst.Tuple, cst.ListComp, cst.DictComp)
NON_TENSOR_BUILTINS = frozenset({"super", "str", "len", "range", "dict", "list"})


class Construction(NamedTuple):
    """A call whose result a name holds: `call`, in the walked file `model`, passed at `site` when
    the name is a parameter (None when the name is assigned the call in its own function)."""

    model: "FileContext"
    call: cst.Call
    site: Optional[CallSite]


class Held(NamedTuple):
    """An expression and the walked file whose code it is."""

    model: "FileContext"
    node: cst.BaseExpression

    def module_constants(self) -> List["ValueSource"]:
        """The constants the expression, one of its file's module body, holds (`constant_sources`)."""
        return self.model._deeper(self.model.module_scope(), self.model._all_constant_sources, self.node)


class Passed(NamedTuple):
    """What a call site passes for a parameter: `value`, as the caller's assignments before the call
    left a name it passes, in the walked file `model`, at `site`."""

    model: "FileContext"
    value: cst.BaseExpression
    site: CallSite


class FileContext:
    """Per-file state the walker keeps up to date and the checks read."""

    def __init__(
        self,
        path: str,
        text: str,
        is_test: bool = False,
        module: Optional[cst.Module] = None,
        project: Optional[ProjectModules] = None,
    ) -> None:
        self.path = path
        self.real_path = real_path(path)
        self.text = text
        self.is_test = is_test
        self.module = module
        self.project = project
        self.imports = ImportTable()
        self.scopes: List[Scope] = []
        self.finished: Dict[int, Scope] = {}  # id(function or class node) -> its scope, once walked
        self.definitions: Dict[str, cst.CSTNode] = {  # the module's own functions and classes, by name
            s.name.value: s
            for s in (module.body if module is not None else ())
            if isinstance(s, (cst.FunctionDef, cst.ClassDef))
        }
        self._qualified_names: Optional[Dict[int, str]] = None
        self._nested: Dict[int, Dict[str, cst.FunctionDef]] = {}
        self._summaries: Dict[Tuple[int, Optional[int]], Optional[Fact]] = {}
        self._memos: Dict[str, Dict[int, object]] = {}
        self._calls: Optional[FileCalls] = None
        self._caller_scopes: Dict[Tuple[int, Optional[int]], Scope] = {}
        self.judging = project.judging if project is not None else Judging()
        self._parameter_facts: Dict[Tuple[int, str, int], Optional[Fact]] = {}
        self._constants: Dict[tuple, List[ValueSource]] = {}
        self._group_helpers: Dict[int, Optional[GroupReduction]] = {}
        self.seq = 0
        self.horizon: Optional[int] = None
        self.grad_off_depth = 0
        self.if_depth = 0
        self.findings: List[Finding] = []
        self.compared = ComparedValues()
        self._described: Dict[int, object] = {}
        self._qualified: Dict[int, Optional[str]] = {}
        self._selected: Dict[int, Held] = {}  # id of `D[key]` -> the name the display holds there, in its file
        self._selecting = False
        self._defaults_decide = True  # a parameter no call is seen to pass holds its default (see _dead_in)
        self.test_horizons: Dict[int, TestHorizon] = {}  # id of an `if`'s test -> where the walk met it
        self._ifs_entered: Counter = Counter()  # by function id: the `if` statements the walk met in it
        self.positions = Positions(text, module)
        self.analyzer = Analyzer(self)
        self.gradient = GradientContext(self)

    # --- scopes and local data flow -------------------------------------------------------

    def push_scope(self, node: cst.CSTNode, kind: str) -> None:
        scope = Scope(node, kind)
        if self.scopes and self.scopes[-1].kind == "class":
            scope.owner = self.scopes[-1].node
        self.scopes.append(scope)
        if kind == "function":
            for param in function_params(node):
                self.record(param.name.value, None)
                scope.params[param.name.value] = self.seq

    def pop_scope(self) -> None:
        scope = self.scopes.pop()
        self.finished[id(scope.node)] = scope

    def record(self, name: str, value: Optional[cst.CSTNode]) -> None:
        self.seq += 1
        self.scopes[-1].record(name, self.seq, value)

    def record_write(self, name: str, value: Optional[cst.CSTNode]) -> None:
        """`name[i] = value`: the tensor is written in place; its binding stays (rules about saved
        tensors need it), and `written_since` tells the value analysis it changed."""
        self.record(name + WRITTEN, value)

    def written_since(self, name: str, binding: Binding) -> bool:
        """`name` was written in place (`name[i] = v`) after `binding` and before the horizon."""
        written = self.binding_of(name + WRITTEN)
        return written is not None and written.seq > binding.seq

    def assigned_value(self, name: str) -> Optional[cst.CSTNode]:
        """The expression most recently assigned to `name` in the innermost scope that assigns it."""
        found = self.lookup_name(name)
        return found.value if found is not None else None

    def parameter_default(self, name: str) -> Optional[cst.BaseExpression]:
        """The default value of parameter `name` of the innermost enclosing function that has it."""
        for scope in reversed(self.scopes):
            if scope.kind != "function":
                continue
            for param in function_params(scope.node):
                if param.name.value == name:
                    return param.default
        return None

    def lookup(self, node: cst.Name) -> Optional[Binding]:
        """The binding of `node` by the assignment that precedes the current horizon, if known."""
        return self.lookup_name(node.value)

    def lookup_name(self, name: str) -> Optional[Binding]:
        """`lookup` by name; `self.attr` names the attribute assigned in the current function."""
        found = self.binding_of(name)
        return found if found is not None and found.value is not None else None

    def binding_of(self, name: str) -> Optional[Binding]:
        """The binding `lookup_name` finds, also when its value is unknown (a parameter): which
        assignment a use of `name` sees."""
        for scope in reversed(self.scopes):
            if scope.kind == "class" and scope is not self.scopes[-1]:
                continue
            found = self.last(scope, name, self.horizon)
            if found is not None:
                return found
        return None

    def last(self, scope: Scope, name: str, before: Optional[int]) -> Optional[Binding]:
        """`scope.last`, past the assignments on a side of an `if` the constants the function sees rule
        out (`if ps is None: ps = torch.sigmoid(logits)` where every caller passes `ps`)."""
        found = scope.last(name, before)
        dead = self._dead_in(scope) if found is not None else frozenset()
        while found is not None and id(found.value) in dead:
            found = scope.last(name, found.seq)
        return found

    def enter_if(self, statement: cst.If) -> None:
        """The walk meets an `if`: its test sees the assignments before it (`branch_choices`); an
        `elif`'s, those before its chain's head; one in a loop, whose later passes see more, none."""
        parents = self.positions.parents()
        head = parents.get(id(statement))
        if isinstance(head, cst.If) and head.orelse is statement:
            seen = self.test_horizons.get(id(head.test))
            if seen is not None:
                self.test_horizons[id(statement.test)] = seen
        elif not in_loop(statement, parents):
            self.test_horizons[id(statement.test)] = TestHorizon(self.function_scope(), self.seq + 1)
        self._ifs_entered[id(self.function_scope().node)] += 1
        self.if_depth += 1

    def _dead_in(self, scope: Scope) -> FrozenSet[int]:
        """The nodes of the function `scope` walks that never run (`branches.dead_nodes`), memoised."""
        function = scope.node
        if scope.kind != "function" or not isinstance(function, cst.FunctionDef) or not self.branches(function):
            return frozenset()
        known = self.memo("dead")
        # a test met since decides more; outside `branch_choices` a default alone decides too
        key = (id(scope), self.judging.pins, self._defaults_decide, self._ifs_entered[id(function)])
        if key not in known:
            known[key] = frozenset()  # the tests' own lookups see every assignment
            choices = self.branch_choices if id(function) in self.finished else self._walked_choices
            known[key] = self._within(scope, self._dead_nodes, function, choices)
        return cast(FrozenSet[int], known[key])

    def _dead_nodes(self, function: cst.FunctionDef, choices) -> FrozenSet[int]:
        """`branches.dead_nodes`, once a test of the function is decided (most are not: no need to mark)."""
        if all(truth(test, choices) is None for test in self._if_tests(function)):
            return frozenset()
        return dead_nodes(function, choices)

    def reaching(self, node: cst.Name, use: cst.CSTNode) -> List[Binding]:
        """The assignments of `node` a `use` of it may see, latest first: the last one, and while that
        one runs on some paths only (one side of an `if` without the use), those before it, until every
        side of an `if` chain (its `else` written) assigned it; none on the other side of an `if` that
        holds the use (unless a loop's earlier pass took it), or on a side the constants the function
        sees rule out. A binding with no value (a
        parameter) ends the list."""
        parents = self.positions.parents()
        found: List[Binding] = []
        sides: Dict[int, set] = {}
        binding = self.binding_of(node.value)
        while binding is not None:
            if binding.value is None:  # a parameter, or a value the walk could not follow
                found.append(binding)
                break
            statement = self.positions.file_node(binding.value)
            place = reach(statement, use, parents, self.branch_choices)
            if not place.never:
                found.append(binding)
            if place.always:
                break
            if place.branch is not None:
                seen = sides.setdefault(id(place.branch.chain), set())
                seen.add(place.branch.side)
                if len(seen) == place.branch.sides:
                    break
            binding = self.at(binding.seq, self.binding_of, node.value)
        return found

    def at(self, seq: int, function: Callable, *args):
        """`function(*args)` as the code stood before assignment `seq`: lookups made meanwhile see
        only the assignments that precede it (a followed name's value is judged where it was made)."""
        saved, self.horizon = self.horizon, seq
        try:
            return function(*args)
        finally:
            self.horizon = saved

    def sight(self, horizon: Optional[int]) -> tuple:
        """What a lookup at `horizon` sees, as a memo key: first the walk's progress (the module's
        assignments, the functions finished), then the scopes it searches and how far it is from
        the walk."""
        scope = self.function_scope()
        seen = horizon if horizon is not None else -scope.size
        progress = (self.scopes[0].size, len(self.finished))
        judging = (self.judging.depth, self._selecting, self._defaults_decide, self.judging.pins)
        return (progress, tuple(map(id, self.scopes)), seen, *judging)

    def function_scope(self) -> Scope:
        """The innermost function around the walk, or the module: class bodies do not count."""
        for scope in reversed(self.scopes):
            if scope.kind != "class":
                return scope
        raise LookupError("no module scope: the walk has not begun")

    def class_node(self) -> Optional[cst.ClassDef]:
        """The innermost class around the walk (or of the method being judged), if any."""
        for scope in reversed(self.scopes):
            if scope.kind == "class":
                return scope.node
            if scope.owner is not None:
                return scope.owner
        return None

    def fact(self, node: cst.CSTNode) -> Fact:
        return self.analyzer.fact(node)

    @property
    def grad_disabled(self) -> bool:
        """Grad is off where the walk is: a `no_grad` block or decorator around it, or every call of
        its function runs so."""
        if self.grad_off_depth > 0 or any(scope.grad_disabled for scope in self.scopes):
            return True
        function = self.function_scope().node
        return isinstance(function, cst.FunctionDef) and self.gradient.runs_without_grad(function)

    def enter_with(self, node: cst.With) -> bool:
        """Count a `with torch.no_grad():` style block; returns True when it disables grad."""
        for item in node.items:
            expr = item.item
            target = expr.func if isinstance(expr, cst.Call) else expr
            name = self.imports.resolve(target)
            if name in GRAD_DISABLING or name == "torch.set_grad_enabled" and _is_false_call(expr):
                self.grad_off_depth += 1
                return True
        return False

    # --- recognising tensor operations -----------------------------------------------------

    def add_import(self, node: cst.CSTNode) -> None:
        self.imports.add(node)
        self._qualified.clear()
        self._described.clear()

    def qualified(self, node: cst.CSTNode) -> Optional[str]:
        """`imports.resolve`, memoised per node until the next import statement: many rules ask
        about the same call."""
        key = id(node)
        if key not in self._qualified:
            target: Optional[cst.CSTNode] = node
            if isinstance(node, cst.Subscript):  # `ACTIVATIONS[name]`: the class or function it selects
                selected = self._selected.get(key) or self._selected_callee(node)
                if selected is None:
                    return None  # not kept: asked from the function that sets its key, it may resolve
                self._qualified[key] = selected.model.imports.resolve(selected.node)
                return self._qualified[key]
            elif isinstance(node, cst.Name) and node.value not in self.imports.aliases:
                if not self.scopes or not self._inside_walked_function(node):
                    return None  # not kept: a parameter of its own function is read from there
                if self._is_parameter(node.value):
                    target = self._parameter_default_or_passed(node.value)
            self._qualified[key] = self.imports.resolve(target) if target is not None else None
        return self._qualified[key]

    def _is_parameter(self, name: str) -> bool:
        """`name` is a parameter of the function walked now that it has not bound again."""
        scope = self.function_scope()
        binding = self.last(scope, name, self.horizon)
        return binding is not None and binding.value is None and scope.params.get(name) == binding.seq

    def _parameter_default_or_passed(self, name: str) -> Optional[cst.CSTNode]:
        """The class or function a parameter holds (`act=nn.ReLU`, `norm_layer=nn.BatchNorm2d`): its
        default, when every call of the project that passes it names the same one (None otherwise)."""
        default = self.parameter_default(name)
        if default is None:
            return None
        named = self.imports.resolve(default)
        same = all(passed.model.imports.resolve(passed.value) == named for passed in self.passed_values(name))
        return default if named is not None and same else None

    def _selected_callee(self, node: cst.Subscript) -> Optional[Held]:
        """The name a display of classes or functions holds at the key `node` selects, as the
        current function sees the key (`activations[act]` with `act` a parameter set to "relu")."""
        if self._selecting or self.judging.depth >= MAX_JUDGING or not self.scopes:
            return None  # asked while the key is being resolved (the call-site scan locates callees), or unwalked
        self._selecting = True
        try:
            element = self.element_held(node)
        finally:
            self._selecting = False
        if element is not None and isinstance(element.node, (cst.Name, cst.Attribute)):
            self._selected[id(node)] = element
            return element
        return None

    def describe_call(self, call: cst.Call):
        """(op, operands, keywords) for a torch function or tensor-method call, else None.

        `torch.log(x)` and `x.log()` both give ("log", [x], {}). A method call counts as a tensor
        method when its receiver is not an imported module, not a literal, not `self`/`cls`, and
        not (through local assignments) the result of a call into math/numpy/... .
        """
        func = call.func
        qualified = self.qualified(func)
        if qualified is not None:
            if qualified.startswith(TORCH_ROOT + "."):
                return qualified.rsplit(".", 1)[1], positional_args(call), keyword_args(call)
            grouped = library_group_reduction(qualified, positional_args(call), keyword_args(call))
            return (grouped.op, [grouped.source], {}) if grouped is not None else None
        if isinstance(func, cst.Attribute) and self.is_tensor_receiver(func.value):
            return func.attr.value, [func.value, *positional_args(call)], keyword_args(call)
        helper = self._group_helper(func)
        if helper is not None:  # `scatter_add(src, index, n)`, a helper around `index_add_`: as its reduction of `src`
            function, reduction = helper
            source = argument_for(CallSite(call, function, False, 0), function, name_of(reduction.source))
            if source is not None:
                return reduction.op, [source], {}
        module = self.module_op(self.construction(func))
        if module is not None:
            op, construction, direct = module
            return op, positional_args(call) if direct else [], {**keyword_args(construction), **keyword_args(call)}
        return None

    # --- what the file's own modules, functions and classes compute ------------------------

    def _group_helper(self, func: cst.CSTNode) -> Optional[Tuple[cst.FunctionDef, GroupReduction]]:
        """The file's own function `func` names, when it returns a per-group reduction of a parameter."""
        function = self.definitions.get(func.value) if isinstance(func, cst.Name) else None
        if not isinstance(function, cst.FunctionDef):
            return None
        key = id(function)
        if key not in self._group_helpers:
            self._group_helpers[key] = None  # a recursive call adds nothing
            scope = self.finished.get(id(function)) or self._caller_scope(function)
            self._group_helpers[key] = self._within(scope, helper_reduction, function, self.describe_call)
        reduction = self._group_helpers[key]
        return (function, reduction) if reduction is not None else None

    def construction(self, callee: cst.CSTNode) -> Optional[cst.Call]:
        """The call that made the object `callee` names: `sm = nn.Softmax(1)` for `sm`, and for
        `self.sm` the assignment in this method or in another method of the class (`__init__`),
        where a class selected from a display (`ACTIVATIONS[act]()`) is looked up as that method
        sees its key; for an item of a container (`self.convs[i]`), what made its elements."""
        if isinstance(callee, cst.Subscript):
            return self._element_construction(callee.value)
        if isinstance(callee, cst.Attribute) and name_of(callee.value) == "self":
            found = (
                None if self.assigned_value(f"self.{callee.attr.value}") else self._class_assignment(callee.attr.value)
            )
            if found is not None:
                scope, value = found[0], called_side(found[1])
                if isinstance(value, cst.Call) and isinstance(value.func, cst.Subscript) and self.scopes:
                    self._deeper(scope, self._selected_callee, value.func)
                return value if isinstance(value, cst.Call) else None
        value = self.held(callee)
        if isinstance(callee, cst.Name) and value is not None and self.iterated(value):
            return self._element_construction(value)  # `for block in self.blocks: x = block(x)`
        value = called_side(value)
        return value if isinstance(value, cst.Call) else None

    def iterated(self, value: Optional[cst.CSTNode]) -> bool:
        """`value` is what a `for` loop iterates, directly or through `enumerate(value)` or `zip(...)`:
        the loop's target is bound to it (not to an element)."""
        parents = self.positions.parents()
        loop = parents.get(id(value))
        if isinstance(loop, cst.Arg):
            value = parents.get(id(loop))
            if not isinstance(value, cst.Call) or name_of(value.func) not in PARALLEL_ITERATORS:
                return False
            loop = parents.get(id(value))
        return isinstance(loop, cst.For) and loop.iter is value

    def _element_construction(self, container: cst.CSTNode) -> Optional[cst.Call]:
        """The one call that made every element of `container`: `nn.ModuleList([Block(c) for c in
        cs])`, a list or dict display of `Block(...)` calls, an empty `nn.ModuleList()` (or list) that
        the function assigning it fills with `container.append(Block(...))`. None when the elements
        come from different calls or from code not shown."""
        held = self._held_where(container)
        return self._elements_construction(*held, container) if held is not None else None

    def _elements_construction(
        self, value: cst.CSTNode, function: cst.CSTNode, container: cst.CSTNode
    ) -> Optional[cst.Call]:
        """The one call that made every element of the container `value`, assigned to `container`
        in `function`."""
        made = self._elements_made(value)
        if made == []:
            made = [call.args[0].value for call in _appends(function, container) if call.args]
        if not made or not all(isinstance(call, cst.Call) and same_code(call.func, made[0].func) for call in made):
            return None
        return made[0]

    def _held_where(self, name: cst.CSTNode) -> Optional[Tuple[cst.CSTNode, cst.CSTNode]]:
        """What a name or `self.attr` holds, with the function (or module) that assigned it."""
        attr = name.attr.value if isinstance(name, cst.Attribute) and name_of(name.value) == "self" else None
        if attr is not None and not self.assigned_value(f"self.{attr}"):
            found = self._class_assignment(attr)
            return (found[1], found[0].node) if found is not None else None
        value = self.held(name)
        return (value, self.function_scope().node) if value is not None else None

    def _elements_made(self, value: cst.CSTNode) -> Optional[List[cst.CSTNode]]:
        """The element expressions of a container's value (`[]` for an empty one), None if unknown."""
        container = (self.qualified(value.func) or "").rsplit(".", 1)[-1] if isinstance(value, cst.Call) else None
        if container in MODULE_CONTAINERS:
            arguments = positional_args(value)
            if any(isinstance(argument, cst.Arg) for argument in arguments):  # `nn.Sequential(*layers)`
                return None
            if container == "Sequential":
                return arguments
            return self._elements_made(arguments[0]) if arguments else []
        if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
            return [value.elt]
        if isinstance(value, cst.DictComp):
            return [value.value]
        if isinstance(value, cst.Dict):
            return [element.value for element in value.elements if isinstance(element, cst.DictElement)]
        return elements(value)

    def held(self, callee: cst.CSTNode) -> Optional[cst.CSTNode]:
        """What a name or `self.attr` holds: its last assignment in this function, else (for
        `self.attr`) the one in another method of the class."""
        if isinstance(callee, cst.Name):
            return self.assigned_value(callee.value)
        if isinstance(callee, cst.Attribute) and name_of(callee.value) == "self":
            return self.assigned_value(f"self.{callee.attr.value}") or self._class_attribute(callee.attr.value)
        return None

    def _class_attribute(self, attr: str) -> Optional[cst.CSTNode]:
        found = self._class_assignment(attr)
        return found[1] if found is not None else None

    def _submodule_forward(
        self, owner: cst.ClassDef, attr: str, element: bool = False, depth: int = 0
    ) -> Optional[Definition]:
        """The `forward` of the project's class that `owner` makes its `self.attr` with
        (`self.encoder = Encoder(...)` in `__init__`), or a base class of `owner` does, in this file
        or another; with `element`, of the class the container `self.attr` holds instances of."""
        found = self._class_assignment(attr, owner)
        if found is None:
            return self._base_submodule_forward(owner, attr, element, depth)
        scope, made = found
        if element:
            made = self._elements_construction(made, scope.node, _self_attribute(attr))
        located = self.locate(made.func) if isinstance(made, cst.Call) else None
        return located.member("forward") if located is not None else None

    def _base_submodule_forward(
        self, owner: cst.ClassDef, attr: str, element: bool, depth: int
    ) -> Optional[Definition]:
        """`_submodule_forward` as the first project base class of `owner` that sets `self.attr` has it."""
        if depth >= MAX_BASE_DEPTH:
            return None
        for base in owner.bases:
            made = self.locate(base.value)
            if made is None or not made.is_class or not isinstance(made.node, cst.ClassDef) or made.model is None:
                continue
            found = made.model._submodule_forward(made.node, attr, element, depth + 1)
            if found is not None:
                return found
        return None

    def _inherited_call(self, owner: Optional[cst.ClassDef], func: cst.CSTNode) -> Optional[Definition]:
        """What `self.attr(x)` or `self.attr[i](x)` runs when a base class of `owner` defines the
        method or makes the submodule (`class PAFPN(FPN)` calling the convolutions `FPN.__init__` built)."""
        element = isinstance(func, cst.Subscript)
        attribute = func.value if element else func
        iterated = self.held(func) if isinstance(func, cst.Name) else None
        if iterated is not None and self.iterated(iterated):  # `for block in self.blocks: block(x)`
            element, attribute = True, iterated
        if owner is None or not isinstance(attribute, cst.Attribute) or name_of(attribute.value) != "self":
            return None
        attr = attribute.attr.value
        method = None if element else base_method(owner, attr, self.locate)
        return method or self._base_submodule_forward(owner, attr, element, 0)

    def _class_assignment(
        self, attr: str, owner: Optional[cst.ClassDef] = None, depth: int = 0
    ) -> Optional[Tuple[Scope, cst.CSTNode]]:
        """Where another method of the current class, or of `owner`, set `self.attr` (already walked:
        `__init__`; or, for a value judged from a helper above the class, as its assignments read)."""
        owner = owner or self.class_node()
        if owner is None:
            return None
        for statement in owner.body.body:
            scope = self.finished.get(id(statement))
            if scope is None and isinstance(statement, cst.FunctionDef) and (self.judging.depth or not self.finished):
                # judged from a function above the class, or from another file: not walked (yet)
                scope = self._caller_scope(statement)
            found = self.last(scope, f"self.{attr}", None) if scope is not None else None
            if found is not None and found.value is not None:
                return scope, found.value
        return self._same_file_base_assignment(attr, owner, depth) if depth < MAX_BASE_DEPTH else None

    def _same_file_base_assignment(
        self, attr: str, owner: cst.ClassDef, depth: int
    ) -> Optional[Tuple[Scope, cst.CSTNode]]:
        """`_class_assignment` in the first base class of `owner` defined in this file that sets
        `self.attr` (its values read as this file's code; a base in another file answers through
        `_submodule_forward`)."""
        for base in owner.bases:
            made = self.locate(base.value)
            if made is not None and made.model is self and isinstance(made.node, cst.ClassDef):
                found = self._class_assignment(attr, made.node, depth + 1)
                if found is not None:
                    return found
        return None

    def class_attribute_fact(self, attr: str) -> Optional[Fact]:
        """The fact of `self.attr` as another method of the class set it (`self.gamma = 0.5`)."""
        found = self._class_assignment(attr)
        return self._judged_in(found[0], [found[1]]) if found is not None else None

    def nn_class(self, call: Optional[cst.CSTNode]) -> Optional[str]:
        """`ReLU` for `nn.ReLU(...)` / `torch.nn.ReLU(...)` / `from torch.nn import ReLU`, else None."""
        if not isinstance(call, cst.Call):
            return None
        name = self.qualified(call.func) or ""
        return name.rsplit(".", 1)[-1] if name.startswith(NN_PREFIXES) else None

    def module_op(self, construction: Optional[cst.CSTNode], depth: int = 0):
        """(op, construction, direct) for an nn module whose output the op table knows:
        `nn.Softmax(dim=1)` computes softmax on its input (direct); an `nn.Sequential` computes what
        its last layer does, on a value other layers made (not direct)."""
        if isinstance(construction, cst.Name):
            construction = self.construction(construction)
        if not isinstance(construction, cst.Call) or depth > 4:
            return None
        name = self.qualified(construction.func) or ""
        short = name.rsplit(".", 1)[-1]
        if not name.startswith(TORCH_ROOT + ".nn."):
            return None
        if short in MODULES:
            return MODULES[short], construction, depth == 0
        layers = positional_args(construction)
        if short == "Sequential" and layers:
            return self.module_op(layers[-1], depth + 1)
        return None

    def call_summary(self, call: cst.Call, element: Optional[int] = None) -> Optional[Fact]:
        """The fact of what a call to one of the project's functions returns: `helper(x)`,
        `self.helper(x)` in a method of the same class, `model(x)` for `model = Net()` (the class's
        `forward`), `focal(x)` imported from another file; with `element`, of that element of the
        tuples it returns. Judged in the callee's own file and scope, with its parameters as its
        callers pass them."""
        callee = self.callee_function(call.func)
        if callee is None or not isinstance(callee.node, cst.FunctionDef):
            return None
        branches = callee.model.branches(callee.node)
        with self._pinned(self._instance_construction(call.func) if branches else None):  # what a pin can decide
            return callee.model.returned_fact(callee.node, element)

    def _instance_construction(self, func: cst.CSTNode) -> Optional[Tuple[cst.FunctionDef, cst.Call]]:
        """(the class's `__init__`, the construction) when `func` is an instance one call of the
        project makes (`self.block = Block(act="relu")`, `model = Net()`) and that call is among the
        constructor's known call sites: the instance's settings are what it passed."""
        construction = self.construction(func)
        made = self.locate(construction.func) if isinstance(construction, cst.Call) else None
        if made is None or not made.is_class or made.node is None:
            return None
        constructor = made.constructor()
        init = constructor.node
        if not isinstance(init, cst.FunctionDef) or constructor.model is None:
            return None
        if not any(site.call is construction for _, site in constructor.model.call_sites(init)):
            return None
        return init, construction

    @contextlib.contextmanager
    def _pinned(self, instance: Optional[Tuple[cst.FunctionDef, cst.Call]]) -> Iterator[None]:
        """Judge with the calls of a constructor narrowed to one construction (see `Judging.pins`)."""
        if instance is None or self.judging.pinned_call(instance[0]) is not None:
            yield
            return
        saved = self.judging.pins
        self.judging.pins = saved + (instance,)
        try:
            yield
        finally:
            self.judging.pins = saved

    def element_call_summary(self, container: cst.BaseExpression) -> Optional[Fact]:
        """The fact of what calling an element of `container` returns (`[conv(x) for conv in
        self.convs]`): `call_summary` of `container[0](...)`, its elements being of one class."""
        item = cst.Subscript(value=container, slice=[cst.SubscriptElement(cst.Index(cst.Integer("0")))])
        return self.call_summary(cst.Call(func=item))

    def memo(self, name: str) -> Dict[int, object]:
        """A table kept for this file's walk, by name, for what a summary of one of its functions
        found (by the function node's id): a function is summarised once however often it is called."""
        return self._memos.setdefault(name, {})

    def returned_fact(self, function: cst.FunctionDef, element: Optional[int] = None) -> Optional[Fact]:
        """The fact of what `function`, one of this file's, returns (memoised)."""
        key = (id(function), element, self.judging.pins)
        if key not in self._summaries:
            self._summaries[key] = None  # a recursive call adds nothing
            self._summaries[key] = self._returned_fact(function, element)
        return self._summaries[key]

    def branches(self, function: cst.FunctionDef) -> bool:
        """`function` has an `if` of its own, which the constants it sees may decide."""
        return bool(self._if_tests(function))

    def _if_tests(self, function: cst.FunctionDef) -> List[cst.BaseExpression]:
        """The tests of `function`'s own `if` statements (memoised)."""
        known = self.memo("if tests")
        if id(function) not in known:
            known[id(function)] = [node.test for node in own_nodes(function) if isinstance(node, cst.If)]
        return cast(List[cst.BaseExpression], known[id(function)])

    def _returned_fact(self, function: cst.FunctionDef, element: Optional[int]) -> Optional[Fact]:
        scope = self.finished.get(id(function)) or self._caller_scope(function)  # or defined further down
        dead = frozenset()
        if self.branches(function):
            dead = self._within(scope, dead_nodes, function, self.branch_choices)
        values = [value for value in returned_values(function) if id(value) not in dead]
        if element is not None:
            values = [part for part in (display_element(value, element) for value in values) if part is not None]
        if not values:
            return None
        return self._judged_in(scope.without(dead) if dead else scope, values)

    def callee_function(self, func: cst.CSTNode) -> Optional[Definition]:
        """The project's function a call of `func` runs (see `call_summary`)."""
        located = self.locate(func)
        if located is not None:
            return located if not located.is_class else None
        owner = self.class_node()
        if isinstance(func, cst.Name) and func.value == "self" and owner is not None:  # `self(x)`: the class's forward
            return Definition.here(self, owner).member("forward")
        if isinstance(func, cst.Attribute) and name_of(func.value) == "self":
            method = method_named(owner, func.attr.value) if owner is not None else None
            if method is not None:  # or the one override of an abstract method (`self.forward_cell(x)`)
                return self.overriding(owner, method) or Definition.here(self, method)
        if isinstance(func, cst.Attribute) and is_super(func.value) and owner is not None:  # `super().forward(x)`
            return base_method(owner, func.attr.value, self.locate)
        held = self.held(func)
        function = self.locate(held) if isinstance(held, (cst.Name, cst.Attribute)) else None  # `self.loss_fn = focal`
        if function is not None and not function.is_class:
            return function
        instance = self.construction(func.value) if isinstance(func, cst.Attribute) else None
        given = self._injected_class(func.value) if instance is None and isinstance(func, cst.Attribute) else None
        if given is not None:  # `self.loss_f.optimize(x)`, `self.loss_f` given
            return given.member(func.attr.value)
        passed = self._passed_class(func.value if isinstance(func, cst.Attribute) else func)
        if passed is not None:  # `model(x)`, `criterion.nll(p, y)` with `fit(Net(), Poisson())`
            return passed.member(func.attr.value) if isinstance(func, cst.Attribute) else passed.instance_call()
        if instance is not None:  # `vae.loss(...)` with `vae = VAE()`, and `vae.encoder(x)`
            made = self.locate(instance.func)
            if made is None or not made.is_class or not isinstance(made.node, cst.ClassDef):
                return None
            method = made.member(func.attr.value)
            return (
                method
                if method is not None and method.node is not None
                else made.model._submodule_forward(made.node, func.attr.value)
            )
        construction = self.construction(func)  # `model(x)`, `self.encoder(x)`: the class's forward (or __call__)
        if construction is None:
            return self._inherited_call(owner, func) or self._injected_call(func)
        made = self.locate(construction.func)
        return made.instance_call() if made is not None and made.node is not None else None

    def _passed_class(self, parameter: cst.CSTNode) -> Optional[Definition]:
        """The one project class of which every call of the function being walked passes an instance
        for `parameter`, while the function has not reassigned it: `fit(Net(), x)`, `net = Net();
        fit(net, x)` (memoised)."""
        if not isinstance(parameter, cst.Name) or parameter.value in ("self", "cls") or not self.scopes:
            return None
        scope = self.function_scope()
        function = scope.node
        if not isinstance(function, cst.FunctionDef) or parameter.value not in scope.params:
            return None
        if self.assigned_value(parameter.value) is not None:
            return None
        known = self.memo("passed class")
        key = (id(function), parameter.value, self.judging.pins)  # a pinned call is the one call seen
        if key not in known:
            known[key] = None  # a recursive call adds nothing
            classes = [
                model.instance_passed(site, function, parameter.value) for model, site in self.call_sites(function)
            ]
            one = classes and all(made is not None for made in classes) and len({made.key for made in classes}) == 1
            known[key] = classes[0] if one else None
        return cast(Optional[Definition], known[key])

    def instance_passed(self, site: CallSite, function: cst.FunctionDef, parameter: str) -> Optional[Definition]:
        """The project class of which the call `site` (of this file) passes an instance for `parameter`."""
        argument = argument_for(site, function, parameter)
        if argument is None:
            return None
        calls = self.calls()
        before = calls.assignments.get(id(site.caller), [])[: site.assigned_before]
        return instance_class(argument, before, self.locate, outer=calls.assignments.get(id(self.module), []))

    def overriding(self, owner: cst.ClassDef, method: cst.FunctionDef) -> Optional[Definition]:
        """What `self.method(x)` in class `owner` runs when `method` is abstract (`raise
        NotImplementedError`): the one method of that name that the project's subclasses of `owner`
        define, in this file or in the files importing the class (memoised)."""
        if not is_abstract(method):
            return None
        known = self.memo("overriding")
        if id(method) not in known:
            found = {definition.key: definition for _, definition in self._overrides(owner, method.name.value)}
            known[id(method)] = next(iter(found.values())) if len(found) == 1 else None
        return cast(Optional[Definition], known[id(method)])

    def _overrides(self, owner: cst.ClassDef, name: str) -> Iterator[Tuple[cst.ClassDef, Definition]]:
        """(subclass, its method `name`) for the project's direct subclasses of `owner` that define one."""
        base = Definition.here(self, owner)
        models = [self, *(self.project.importing_models(base) if self.project is not None else ())]
        for model in models:
            for node in model.definitions.values():
                if not isinstance(node, cst.ClassDef) or node is owner:
                    continue
                if any(_names_definition(model.locate(parent.value), base) for parent in node.bases):
                    method = method_named(node, name)
                    if method is not None:
                        yield node, Definition.here(model, method)

    def dispatched_sites(self, function: cst.FunctionDef) -> Iterator[Tuple["FileContext", CallSite]]:
        """The calls `self.name(...)` that a project base class of `function`'s class makes in its own
        methods, where its own `name` is abstract: they run `function` on an instance of this class."""
        owner = self.calls().owners.get(id(function))
        for parent in owner.bases if owner is not None else ():
            made = self.locate(parent.value)
            if made is None or not made.is_class or not isinstance(made.node, cst.ClassDef) or made.model is None:
                continue
            abstract = method_named(made.node, function.name.value)
            if abstract is None or not is_abstract(abstract):
                continue
            calls = made.model.calls()
            for site in calls.sites.get(Definition.here(made.model, abstract).key, ()):
                if calls.owners.get(id(site.caller)) is made.node:
                    yield made.model, site

    def _injected_call(self, func: cst.CSTNode) -> Optional[Definition]:
        """What calling `self.attr` runs when the class keeps an instance its constructor was given
        (`self.backbone = backbone`, `Detector(ResNet(), ...)`): the `forward` of that class."""
        given = self._injected_class(func)
        return given.instance_call() if given is not None else None

    def _injected_class(self, func: cst.CSTNode) -> Optional[Definition]:
        """The one project class of which every construction of the current class passes an instance
        that `__init__` keeps as `self.attr` (`func`): inline (`Detector(ResNet())`) or by a name
        (`loss_f = FactorKLoss(); Trainer(model, loss_f)`)."""
        if not is_self_attribute(func):
            return None
        found = self._class_assignment(func.attr.value)
        if found is None or not isinstance(found[1], cst.Name) or not self.scopes:
            return None
        scope, parameter = found
        if parameter.value not in scope.params:
            return None
        calls = [
            made
            for model, call, _ in self._deeper(scope, self.constructions, parameter.value)
            for made in [model.locate(call.func)]
        ]
        if not calls or any(made is None or not made.is_class or made.node is None for made in calls):
            return None
        if len({made.key for made in calls}) != 1:
            return None
        return calls[0]

    def locate(self, func: cst.CSTNode) -> Optional[Definition]:
        """The project's function or class a name or dotted name refers to: one of the file's own
        top-level definitions, or one its imports name in another file of the project."""
        if isinstance(func, cst.Name) and func.value in self.definitions:
            return Definition.here(self, self.definitions[func.value])
        if isinstance(func, cst.Name):  # a function the enclosing function defines
            for scope in reversed(self.scopes):
                nested = self._nested_functions(scope.node).get(func.value)
                if nested is not None:
                    return Definition.here(self, nested)
        if self.project is None:
            return None
        qualified = self.qualified(func)
        if qualified is None or qualified.startswith(TORCH_ROOT + "."):
            return None
        return self.project.definition(self.real_path, qualified)

    def _nested_functions(self, function: cst.CSTNode) -> Dict[str, cst.FunctionDef]:
        """The functions `function`'s own body defines, by name (memoised)."""
        if not isinstance(function, cst.FunctionDef):
            return {}
        if id(function) not in self._nested:
            self._nested[id(function)] = {
                sub.name.value: sub for sub in own_nodes(function) if isinstance(sub, cst.FunctionDef)
            }
        return self._nested[id(function)]

    def definition_named(self, qualified: str) -> Optional[cst.CSTNode]:
        """This file's definition named `f`, `Class` or `Class.method` (`qualified_name`'s inverse)."""
        first, _, rest = qualified.partition(".")
        node = self.definitions.get(first)
        if rest and isinstance(node, cst.ClassDef):
            return next(
                (s for s in node.body.body if isinstance(s, (cst.FunctionDef, cst.ClassDef)) and s.name.value == rest),
                None,
            )
        return node if not rest else None

    def qualified_name(self, node: cst.CSTNode) -> str:
        """How other files name one of this file's definitions: `f`, `Class`, `Class.method`; a
        nested definition, by its identity (only this file reaches it)."""
        if self._qualified_names is None:
            names: Dict[int, str] = {}
            for statement in self.definitions.values():
                names[id(statement)] = statement.name.value
                if isinstance(statement, cst.ClassDef):
                    for member in statement.body.body:
                        if isinstance(member, (cst.FunctionDef, cst.ClassDef)):
                            names[id(member)] = f"{statement.name.value}.{member.name.value}"
            self._qualified_names = names
        return self._qualified_names.get(id(node), f"#{id(node)}")

    def call_sites(self, function: cst.FunctionDef) -> Iterator[Tuple["FileContext", CallSite]]:
        """(the caller's file, the call) for each call of `function` in this file and, when the
        project is known, in its other files."""
        pinned = self.judging.pinned_call(function)
        for caller, site in self._all_call_sites(function):
            if pinned is None or site.call is pinned:
                yield caller, site

    def _all_call_sites(self, function: cst.FunctionDef) -> Iterator[Tuple["FileContext", CallSite]]:
        yield from self._sites_of(Definition.here(self, function))
        if isinstance(function, cst.FunctionDef):
            yield from self._injected_sites(function)
            yield from self.dispatched_sites(function)
            yield from self.held_sites(function)

    def _sites_of(self, definition: Definition) -> List[Tuple["FileContext", CallSite]]:
        """The calls the scan resolved to `definition`, in this file and in the project's other files."""
        sites = [(self, site) for site in self.calls().sites.get(definition.key, ())]
        return sites + list(self.project.callers(definition)) if self.project is not None else sites

    def _injected_sites(self, function: cst.FunctionDef) -> List[Tuple["FileContext", CallSite]]:
        """The calls of a class's method made through another class that keeps an instance its
        constructor was given: `Wrapper(Margin(...))` with `self.loss_fn = loss_fn` in `Wrapper`'s
        `__init__` and `self.loss_fn(x, y)` (the `forward`) or `self.loss_fn.optimize(x)` in its
        methods; the instance passed inline or by a name (`loss_f = Margin(); Wrapper(loss_f)`)."""
        owner = self.calls().owners.get(id(function))
        if owner is None:
            return []
        method = "" if function.name.value in ("forward", "__call__") else f".{function.name.value}"
        return [
            (keeper_model, held)
            for keeper_model, keeper, attribute in self._kept_as(owner)
            for held in keeper_model.calls().sites.get(held_call_key(keeper, attribute + method), ())
        ]

    def _kept_as(self, owner: cst.ClassDef) -> List[Tuple["FileContext", Definition, str]]:
        """(file, class, attribute) for each `self.attribute` of another class that keeps an instance of
        `owner` its constructor is given, in any file (memoised per class)."""
        known = self.memo("kept as")
        if id(owner) not in known:
            known[id(owner)] = []  # a construction inside the class's own code adds nothing
            known[id(owner)] = [
                (receiver.made.model, receiver.made, attribute)
                for receiver in self._given_to(owner)
                for attribute in receiver.kept_attributes()
            ]
        return cast(List[Tuple["FileContext", Definition, str]], known[id(owner)])

    def _given_to(self, owner: cst.ClassDef) -> List["Receiver"]:
        """The project's functions (a class's `__init__` for a construction) that calls pass an instance
        of `owner` to, each with the parameter that receives it, in any file (memoised per class)."""
        known = self.memo("given to")
        if id(owner) not in known:
            known[id(owner)] = []  # a construction inside the class's own code adds nothing
            constructions = self._sites_of(Definition.here(self, owner).constructor())
            known[id(owner)] = [
                receiver
                for model, site in constructions
                for receiver_call, given in model._keepers(site)
                if (receiver := model._receiver(receiver_call, site.caller, given)) is not None
            ]
        return cast(List["Receiver"], known[id(owner)])

    def _receiver(self, call: cst.Call, caller: cst.CSTNode, given: cst.CSTNode) -> Optional["Receiver"]:
        """The project function `call` (of this file) runs, with the parameter it passes `given` for:
        `Wrapper(Margin())` gives `Margin()` to `Wrapper.__init__`, `fit(model, focal)` gives `focal`
        to `fit`'s second parameter."""
        made = self.locate(call.func)
        if made is None or made.model is None:
            return None
        function = method_named(made.node, "__init__") if isinstance(made.node, cst.ClassDef) else made.node
        if not isinstance(function, cst.FunctionDef) or made.is_class != isinstance(made.node, cst.ClassDef):
            return None
        parameter = _parameter_given(CallSite(call, caller, made.is_class, 0), function, given)
        return Receiver(made, function, parameter) if parameter is not None else None

    def held_sites(self, function: cst.FunctionDef) -> Iterator[Tuple["FileContext", CallSite]]:
        """The calls that run `function` through a value that holds it and that the scan could not
        resolve (`callers._held_name`): a parameter given an instance of its class (`loss.compute(x)`
        in `fit(model, loss)` with `fit(net, Poisson())`) or given the function itself (`loss_fn(x)` in
        `fit(model, loss_fn)` with `fit(net, focal)`), and the name or attribute bound to a call that
        returns the function (`self.loss_fn = loss.make()` where `make` returns its nested `def loss`)."""
        owner = self.calls().owners.get(id(function))
        if owner is not None and function is not method_named(owner, "__init__"):
            instance_call = function.name.value in ("forward", "__call__")
            bound = not is_static(function)
            for receiver in self._given_to(owner):
                held = receiver.parameter if instance_call else f"{receiver.parameter}.{function.name.value}"
                for site in receiver.sites(held):
                    yield receiver.made.model, dataclasses.replace(site, skips_self=bound)
        for model, site in self._passed_sites(function):
            receiver = model._receiver(site.call, site.caller, _passed_argument(site.call, function))
            if receiver is not None:
                yield from receiver.function_calls()
        for returner in self._returners(function):
            for model, site in self.call_sites(returner):
                yield from model._calls_of_result(site)

    def _passed_sites(self, function: cst.FunctionDef) -> List[Tuple["FileContext", CallSite]]:
        """The calls that are given `function` as an argument (`fit(net, focal)`)."""
        return [(model, site) for model, site in self._sites_of(Definition.here(self, function)) if site.passed]

    def _returners(self, function: cst.FunctionDef) -> List[cst.FunctionDef]:
        """The function around `function` when it returns `function` by name (a factory of a closure)."""
        around = self.positions.parents().get(id(function))
        while around is not None and not isinstance(around, (cst.FunctionDef, cst.ClassDef, cst.Module)):
            around = self.positions.parents().get(id(around))
        if not isinstance(around, cst.FunctionDef):
            return []
        named = function.name.value
        return [around] if any(name_of(value) == named for value in returned_values(around)) else []

    def _calls_of_result(self, site: CallSite) -> Iterator[Tuple["FileContext", CallSite]]:
        """The calls of what the call `site` (of this file) returns, a function: `make()(x)`, and the
        calls of the name (`f = make(); f(x)`) or attribute (`self.f = make()`) it is bound to."""
        if site.passed:  # `partial(make, ...)`: the factory is given, not called, here
            return
        parent = self.positions.parents().get(id(site.call))
        if isinstance(parent, cst.Call) and parent.func is site.call:
            yield self, dataclasses.replace(site, call=parent, skips_self=False, passed=False)
            return
        if not (isinstance(parent, cst.Assign) and len(parent.targets) == 1):
            return
        target = parent.targets[0].target
        if isinstance(target, cst.Name):
            key = name_call_key(Definition.here(self, site.caller), result_name(target.value, site.call))
        elif is_self_attribute(target) and (owner := self.calls().owners.get(id(site.caller))) is not None:
            key = held_call_key(Definition.here(self, owner), target.attr.value)
        else:
            return
        for held in self.calls().sites.get(key, ()):
            yield self, dataclasses.replace(held, skips_self=False)

    def _keepers(self, site: CallSite) -> Iterator[Tuple[cst.Call, cst.CSTNode]]:
        """The calls the instance a construction `site` makes is passed to, each with the argument
        that passes it: the call it is an argument of (`Wrapper(Margin())`), or the calls its caller
        makes with the name it assigns it to (`loss_f = Margin(); Wrapper(model, loss_f)`)."""
        parents = self.positions.parents()
        argument = parents.get(id(site.call))
        if isinstance(argument, cst.Arg):
            keeper = parents.get(id(argument))
            if isinstance(keeper, cst.Call):
                yield keeper, site.call
            return
        names = [target for target, value in self.calls().assignments.get(id(site.caller), ()) if value is site.call]
        if len(names) == 1 and "." not in names[0]:
            yield from self._calls_passing(site.caller).get(names[0], ())

    def _calls_passing(self, caller: cst.CSTNode) -> Dict[str, List[Tuple[cst.Call, cst.Name]]]:
        """The calls `caller`'s own code makes, by each plain name they pass as an argument (memoised)."""
        known = self.memo("calls passing")
        if id(caller) not in known:
            passing: Dict[str, List[Tuple[cst.Call, cst.Name]]] = {}
            for node in own_nodes(caller):
                if isinstance(node, cst.Call):
                    for arg in node.args:
                        if isinstance(arg.value, cst.Name) and not arg.star:
                            passing.setdefault(arg.value.value, []).append((node, arg.value))
            known[id(caller)] = passing
        return cast(Dict[str, List[Tuple[cst.Call, cst.Name]]], known[id(caller)])

    def constant_values(self, node: cst.CSTNode) -> List[float]:
        """The numbers `node` is seen to hold (`constant_sources`)."""
        return [source.value for source in self.constant_sources(node) if type(source.value) is float]

    def holds_literal(self, node: Optional[cst.CSTNode], value: Optional[bool]) -> bool:
        """`node` is the literal True, False or None given as `value`, or is seen to hold only it
        (`inplace=self.inplace` with `Block(inplace=True)` building the instance)."""
        if node is None:
            return False
        sources = self.constant_sources(node)
        return bool(sources) and all(source.value is value for source in sources)

    def constant_choices(self, node: cst.CSTNode) -> Optional[List[object]]:
        """Every constant `node` can hold, or None when some of what it may hold is no known constant
        (a caller passes a tensor, another method of the class sets the attribute too)."""
        sources = self._all_held_sources(node)
        if not sources or any(source.value is UNRESOLVED or source.value is MADE for source in sources):
            return None
        return [source.value for source in sources]

    def branch_choices(self, node: cst.CSTNode) -> Optional[List[object]]:
        """What an `if` test's operand can hold, for `branches.truth`: every constant, and, judged where the
        walk met the test, OBJECT for a call's result (`labels is None` is False where every caller passes
        a tensor; `if mask is None: mask = torch.ones(n)` tests the parameter, not the ones)."""
        met = self.test_horizons.get(id(self._test_holding(node)))
        if met is None or met.scope is not self.function_scope():  # not in the scope the walk numbered
            return self.constant_choices(node)
        known = self.memo("choices at a test")  # what a test sees does not change as the walk goes on
        key = (id(node), self.judging.pins)
        if key not in known:
            known[key] = self._choices_at(node, met.horizon)
        return cast(Optional[List[object]], known[key])

    def _choices_at(self, node: cst.CSTNode, horizon: int) -> Optional[List[object]]:
        # A side is ruled out by what the calls seen pass, not by a default alone: a library's function
        # whose callers are elsewhere may be given anything.
        saved, self._defaults_decide = self._defaults_decide, False
        try:
            sources = self.at(horizon, self._all_held_sources, node)
        finally:
            self._defaults_decide = saved
        if not sources or any(source.value is UNRESOLVED for source in sources):
            return None
        if any(source.value is MADE and not _never_none(source) for source in sources):
            return None
        return [OBJECT if source.value is MADE else source.value for source in sources]

    def _walked_choices(self, node: cst.CSTNode) -> Optional[List[object]]:
        """`branch_choices` in the function the walk is in: a test it has not numbered (one in a loop,
        whose later passes see assignments the walk has not met yet) is undecided."""
        met = self.test_horizons.get(id(self._test_holding(node)))
        return self.branch_choices(node) if met is not None else None

    def _test_holding(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        """The test of the `if` whose test holds `node`."""
        parents = self.positions.parents()
        child, parent = node, parents.get(id(node))
        while parent is not None and not isinstance(parent, STATEMENT_BOUNDARIES):
            child, parent = parent, parents.get(id(parent))
        return child if isinstance(parent, cst.If) and parent.test is child else None

    def made_objects(self, node: cst.CSTNode) -> Optional[List[ValueSource]]:
        """The calls whose results `node` is seen to hold, followed as constants are (names, a
        parameter's callers and default, `self.attr` as `__init__` set it from what the class's
        constructions pass, in any file): `optimizer` in a method is `optim.Adam(model.parameters())`
        of the script that builds the trainer. None when some of what it may hold is not seen."""
        sources = self._all_held_sources(node)
        if not sources or any(source.value is not MADE for source in sources):
            return None
        return sources

    def _all_held_sources(self, node: cst.CSTNode) -> List[ValueSource]:
        """`_all_constant_sources`, none for an attribute of `self` the class sets in several places
        (what it holds then depends on which method ran last)."""
        if isinstance(node, cst.Attribute) and name_of(node.value) == "self" and not self._set_once(node.attr.value):
            return []
        return self._all_constant_sources(node)

    def _set_once(self, attr: str) -> bool:
        """The current class assigns `self.attr` in one statement only, in one of its methods."""
        owner = self.class_node()
        if owner is None:
            return False
        known = self.memo("self assignments")
        if id(owner) not in known:
            known[id(owner)] = _self_assignments(owner)
        return cast(Counter, known[id(owner)])[f"self.{attr}"] == 1

    def constant_sources(self, node: cst.CSTNode) -> List["ValueSource"]:
        """The literals `node` is seen to hold, each where it is written: a literal (a number or
        constant arithmetic such as `1 / 3`, True/False/None, a string), a name assigned one (in the
        function or the module), a parameter's default and what the project's calls pass for it
        (literals, or their own parameters and attributes in turn), `self.attr` as a method of the
        class set it (`self.temperature = temperature` in `__init__`, where `FocalLoss(gamma=0.5)`
        builds it), an item of a dict display at a key so resolved (`cfg["gamma"]`,
        `ACTIVATIONS[name]`) and an attribute of a project class's instance (`cfg.eps`). The one
        place constants are resolved."""
        return [
            source
            for source in self._all_constant_sources(node)
            if source.value is not UNRESOLVED and source.value is not MADE
        ]

    def _all_constant_sources(self, node: cst.CSTNode) -> List["ValueSource"]:
        """`constant_sources`, with an UNRESOLVED source for each caller that passes no known constant."""
        value = literal_value(node)
        if value is not NOT_LITERAL:
            return [ValueSource(value, node, self)]
        if self.judging.depth >= MAX_JUDGING:
            return []
        # Memoized by the node and what its names can see: a generated chain of names
        # (`c5 = a * c4 + b * c3`) shares its terms, and each query would unfold it as a tree.
        key = (id(node), self.sight(self.horizon))
        if key not in self._constants:
            self._constants[key] = []  # a name that reaches itself holds nothing more
            self._constants[key] = self._constant_sources(node)
        return list(self._constants[key])

    def _constant_sources(self, node: cst.CSTNode) -> List["ValueSource"]:
        if isinstance(node, cst.Name):
            scope = self.function_scope()
            if self.last(scope, node.value, self.horizon) is None:  # not the function's own: the module's
                scope = self.scopes[0]
            return self._constants_of(scope, node.value)
        if isinstance(node, cst.Attribute) and name_of(node.value) == "self":
            found = self._class_assignment(node.attr.value)
            return self._deeper(found[0], self._all_constant_sources, found[1]) if found is not None else []
        if isinstance(node, cst.Subscript):
            element = self.element_held(node)
            if element is not None and element.model is not self:  # a display another file's module holds
                return element.module_constants()
            if element is not None:  # counted as a step away: a display may name itself (`c = [c[1], c[0]]`)
                self.judging.depth += 1
                try:
                    return self._all_constant_sources(element.node)
                finally:
                    self.judging.depth -= 1
        if isinstance(node, cst.Attribute) and isinstance(node.value, (cst.Name, cst.Call)):
            # `cfg.eps` with `cfg` an instance of the project's class, `Config().eps`
            made = (
                [Construction(self, node.value, None)]
                if isinstance(node.value, cst.Call)
                else self.constructions(node.value.value)
            )
            held = [
                source for model, construction, _ in made for source in model._set_by(construction, node.attr.value)
            ]
            if held:
                return held
        number = constant_value(node, resolve=self.constant)
        if number is not None:
            return [ValueSource(number, node, self)]
        if isinstance(node, cst.Call):
            return [ValueSource(MADE, node, self, (list(self.scopes), self.horizon))]
        return []

    def element_held(self, node: cst.Subscript) -> Optional[Held]:
        """The element of a display `node` indexes at a key that resolves to one constant:
        `cfg["gamma"]` with `cfg = {"gamma": 0.5}`, `ACTIVATIONS[act]` with `act` a parameter every
        caller (or its default) gives `"relu"` (the display also another project file's, imported)."""
        if (
            not isinstance(node.value, cst.Name)
            or len(node.slice) != 1
            or not isinstance(node.slice[0].slice, cst.Index)
        ):
            return None
        keys = {source.value for source in self.constant_sources(node.slice[0].slice.value)}
        if len(keys) != 1:
            return None
        return self._element_held(node.value.value, keys.pop())

    def _element_held(self, name: str, key) -> Optional[Held]:
        """The element at `key` of the display `name` was assigned (`cfg = {"gamma": 0.5}`)."""
        binding = self.last(self.function_scope(), name, self.horizon) or self.last(self.scopes[0], name, None)
        display = Held(self, binding.value) if binding is not None and binding.value is not None else None
        if display is None and binding is None:
            display = self.imported_value(name)
        if display is None or key is None or isinstance(key, bool):
            return None
        if isinstance(key, float):
            if not key.is_integer():
                return None
            key = int(key)
        element = display_element(display.node, key)
        return Held(display.model, element) if element is not None else None

    def imported_value(self, name: str) -> Optional[Held]:
        """What another project file's module body assigns to a name this file imports from it
        (`from .helpers import ACTIVATIONS`, `from config import EPS`)."""
        qualified = self.imports.aliases.get(name)
        if self.project is None or qualified is None or qualified.startswith(TORCH_ROOT + "."):
            return None
        found = self.project.module_value(self.real_path, qualified)
        model = self.project.model(found[0]) if found is not None else None
        binding = model.module_scope().last(found[1], None) if model is not None and found is not None else None
        return Held(model, binding.value) if binding is not None and binding.value is not None else None

    def constructions(self, name: str) -> List["Construction"]:
        """The calls whose results `name` holds, each with the file that makes it: assigned here
        (`cfg = Config()`), or, for a parameter, passed by the callers (`Model(Config())`,
        `cfg = Config(); Model(cfg)`), with the call site that passes it."""
        scope = self.function_scope()
        binding = self.last(scope, name, self.horizon) or self.scopes[0].last(name, None)
        if binding is None:
            return []
        if isinstance(binding.value, cst.Call):
            return [Construction(self, binding.value, None)]
        return [
            Construction(passed.model, passed.value, passed.site)
            for passed in self.passed_values(name)
            if isinstance(passed.value, cst.Call)
        ]

    def passed_values(self, name: str) -> List[Passed]:
        """What the project's calls pass for parameter `name` of the function walked now, while the
        function has not reassigned it; a name passed is followed to its value in the caller."""
        scope = self.function_scope()
        binding = self.last(scope, name, self.horizon)
        if binding is None or binding.value is not None or scope.params.get(name) != binding.seq:
            return []
        found = []
        for caller, site in self.call_sites(scope.node):
            passed = argument_for(site, scope.node, name)
            if isinstance(passed, cst.Name):
                held = caller._caller_scope(site.caller, site.assigned_before).last(passed.value, None)
                passed = held.value if held is not None else None
            if passed is not None:
                found.append(Passed(caller, passed, site))
        return found

    def _set_by(self, construction: cst.Call, attr: str) -> List["ValueSource"]:
        """The literals an instance that `construction` (a call of this file) builds holds in `attr`:
        set in its class's body (`eps = 1e-8`, a dataclass field's default) or by a method
        (`self.eps = eps` in `__init__`, as its callers pass it)."""
        made = self.locate(construction.func)
        if made is None or not made.is_class or not isinstance(made.node, cst.ClassDef) or made.model is None:
            return []
        model, owner = made.model, made.node
        for statement in statements(owner.body):
            value = _class_level_value(statement, attr)
            if value is not None:
                return model._deeper(model.scopes[0], model._all_constant_sources, value)
        found = model._class_assignment(attr, owner)
        return model._deeper(found[0], model._all_constant_sources, found[1]) if found is not None else []

    def constant(self, node: cst.CSTNode) -> Optional[float]:
        """The one number `node` is seen to hold (`constant_values`), or None."""
        values = set(self.constant_values(node))
        return values.pop() if len(values) == 1 else None

    def _constants_of(self, scope: Scope, name: str) -> List["ValueSource"]:
        binding = self.last(scope, name, self.horizon if scope is self.function_scope() else None)
        if binding is None:
            imported = self.imported_value(name) if scope is self.scopes[0] else None
            return imported.module_constants() if imported is not None else []
        if binding.value is not None:
            if scope is self.function_scope():
                return self.at(binding.seq, self._all_constant_sources, binding.value)
            return self._deeper(scope, self._all_constant_sources, binding.value)
        if scope.params.get(name) != binding.seq:
            return []
        function = scope.node
        param = next(param for param in function_params(function) if param.name.value == name)
        sources: List[ValueSource] = []
        passing = defaulted = 0
        for caller, site in self.call_sites(function):
            passed = argument_for(site, function, name)
            if passed is not None:
                passing += 1
                held = caller._deeper(caller._caller_scope(site.caller), caller._all_constant_sources, passed)
                sources += held or [ValueSource(UNRESOLVED, passed, caller)]
            elif omits(site, function, name):
                defaulted += 1
        # the default counts where a call leaves the parameter to it, or where no call passes it
        if param.default is not None and (defaulted or not passing and self._defaults_decide):
            sources += self._deeper(self.scopes[0], self._all_constant_sources, param.default)
        return sources

    def within_caller(self, site: CallSite, function: Callable, *args):
        """`function(*args)` one function further from the walk, with names looked up in the caller of
        `site` (a call of this file) as its assignments before the call left them."""
        return self._deeper(self._caller_scope(site.caller, site.assigned_before), function, *args)

    def _deeper(self, scope: Scope, function: Callable, *args):
        """`function(*args)` one function further from the walk, in `scope` of this file."""
        self.judging.depth += 1
        try:
            return self._within(scope, function, *args)
        finally:
            self.judging.depth -= 1

    def parameter_fact(self, name: str, item: Optional[cst.Subscript] = None) -> Optional[Fact]:
        """What the project's calls pass for parameter `name` of the function being walked
        (joined over the call sites that pass it), while the function has not reassigned it; with
        `item`, a subscript of the parameter at a constant key, what they pass at that key
        (`gb, rb = outputs` where the callers pass `model(x)` and `forward` returns a pair)."""
        scope = self.function_scope()
        function = scope.node
        if not isinstance(function, cst.FunctionDef) or name not in scope.params or name in ("self", "cls"):
            return None
        binding = self.last(scope, name, self.horizon)
        if binding is None or binding.seq != scope.params[name]:
            return None
        key = (id(function), name, item_key(item) if item is not None else None, self.judging.depth, self.judging.pins)
        if key not in self._parameter_facts:  # deeper, fewer functions are followed
            self._parameter_facts[key] = None  # a recursive call adds nothing
            self._parameter_facts[key] = self._passed_fact(function, name, item)
        return self._parameter_facts[key]

    def _passed_fact(self, function: cst.FunctionDef, name: str, item: Optional[cst.Subscript]) -> Optional[Fact]:
        facts = []
        default = next((param.default for param in function_params(function) if param.name.value == name), None)
        if item is not None:
            default = None  # a default is no container
        for caller, site in self.call_sites(function):
            argument = argument_for(site, function, name)
            if argument is not None and item is not None:
                facts.append(caller.passed_at(site, caller.item_of(argument, item)))
            elif argument is not None:
                facts.append(caller.passed_at(site, argument))
            elif default is not None and omits(site, function, name):  # the call leaves it to its default
                facts.append(self.judged_at(self.module, [default]))
        if not facts and default is not None:  # no call seen: the default is the value it was written for
            facts.append(self.judged_at(self.module, [default]))
        if not facts:
            return None
        result = facts[0]
        for fact in facts[1:]:
            result = join(result, fact)
        return result

    def item_of(self, value: cst.BaseExpression, item: cst.Subscript) -> cst.Subscript:
        """`value[key]` for the key of `item`, a node made here that stands for `value` in this file."""
        made = item.with_changes(value=value)
        self.positions.made_from[id(made)] = value
        return made

    def passed_at(self, site: CallSite, argument: cst.BaseExpression) -> Fact:
        """The fact of what a call site of this file passes: `argument` as the caller's assignments
        before the call leave it; a boolean selection the caller tested first (`if mask.any():`) is
        no empty one."""
        fact = self.judged_at(site.caller, [argument], site.assigned_before)
        if fact.has(SELECTED) and self._tested_before(site, argument):
            fact = fact._replace(tags=fact.tags - {SELECTED})
        return fact

    def _tested_before(self, site: CallSite, argument: cst.BaseExpression) -> bool:
        """The caller's conditions before the call name the argument or a name it was made from."""
        tested = self.calls().tested_before(site)
        if not tested:
            return False
        names = {node.value for node in walk(argument) if isinstance(node, cst.Name)}
        made = dict(self.calls().assignments.get(id(site.caller), ())[: site.assigned_before])
        for name in list(names):
            if name in made:
                names |= {node.value for node in walk(made[name]) if isinstance(node, cst.Name)}
        return not names.isdisjoint(tested)

    def calls(self) -> FileCalls:
        """The file's call sites and each function's assignments, collected the first time asked."""
        if self._calls is None:
            self._calls = FileCalls()  # asked again while they are collected (a callee's key resolved): none yet
            self._calls = collect(self.module, self.locate, lambda node: Definition.here(self, node))
        return self._calls

    def module_scope(self) -> Scope:
        """The module body's assignments as a scope, read from the call-site scan (no walk)."""
        return self._caller_scope(self.module)

    def judged_at(self, caller: cst.CSTNode, values: List[cst.CSTNode], assigned: Optional[int] = None) -> Fact:
        """The joined facts of `values` as they stand in `caller` (a function or the module) of this
        file: after its first `assigned` assignments (a call site's), or at its end."""
        return self._judged_in(self._caller_scope(caller, assigned), values)

    def _caller_scope(self, caller: cst.CSTNode, assigned: Optional[int] = None) -> Scope:
        """The caller's assignments in source order as a scope (the last one wins), its parameters
        unknown: all of them, or the first `assigned`; made once for each."""
        key = (id(caller), assigned)
        if key not in self._caller_scopes:
            self._caller_scopes[key] = self._assignments_scope(caller, assigned)
        return self._caller_scopes[key]

    def _assignments_scope(self, caller: cst.CSTNode, assigned: Optional[int]) -> Scope:
        scope = Scope(caller, "function" if isinstance(caller, cst.FunctionDef) else "module")
        scope.owner = self.calls().owners.get(id(caller))
        if isinstance(caller, cst.FunctionDef):
            for param in function_params(caller):
                scope.record(param.name.value, 0, None)
                scope.params[param.name.value] = 0
        for order, (target, value) in enumerate(self.calls().assignments.get(id(caller), ())[:assigned], 1):
            scope.record(target, order, value)
        return scope

    def _judged_in(self, scope: Scope, values: List[cst.CSTNode]) -> Fact:
        """The joined facts of `values`, looked up in `scope` (another function, or a caller) as it
        stood at its end, with the module's names around it. At most MAX_JUDGING functions away
        from the walk: beyond, values are unknown (a chain of helpers stays cheap and shallow)."""
        if self.judging.depth >= MAX_JUDGING:
            return Fact()
        self.judging.depth += 1
        try:
            facts = self._within(scope, lambda: [self.fact(value) for value in values])
        finally:
            self.judging.depth -= 1
        result = facts[0]
        for fact in facts[1:]:
            result = join(result, fact)
        return result

    def _seeing(self, sight: Tuple[List[Scope], Optional[int]], function: Callable, *args):
        """`function(*args)` with the scopes and horizon `sight` (a ValueSource's), one function further
        from the walk."""
        saved_scopes, saved_horizon = self.scopes, self.horizon
        self.scopes, self.horizon = list(sight[0]), sight[1]
        self.judging.depth += 1
        try:
            return function(*args)
        finally:
            self.scopes, self.horizon = saved_scopes, saved_horizon
            self.judging.depth -= 1

    def _within(self, scope: Scope, function: Callable, *args):
        """`function(*args)` with names looked up in `scope` as it stood at its end, the module around it."""
        saved_scopes, saved_horizon = self.scopes, self.horizon
        self.scopes, self.horizon = [saved_scopes[0], scope], None
        try:
            return function(*args)
        finally:
            self.scopes, self.horizon = saved_scopes, saved_horizon

    def is_tensor_receiver(self, node: cst.CSTNode, depth: int = 0) -> bool:
        if is_constant(node) or isinstance(node, LITERAL_DISPLAYS):
            return False
        if isinstance(node, cst.Name):
            if node.value in NON_TENSOR_RECEIVERS or node.value in self.imports.aliases:
                return False
            if depth < 3:
                value = self.assigned_value(node.value)
                if value is not None:
                    return self.is_tensor_receiver(value, depth + 1)
            return True
        if isinstance(node, cst.Call):
            name = self.qualified(node.func)
            if name is not None:
                return not name.startswith(FOREIGN_MODULES) and name not in ("super",)
            return not (isinstance(node.func, cst.Name) and node.func.value in NON_TENSOR_BUILTINS)
        if isinstance(
            node, (cst.Subscript, cst.BinaryOperation, cst.Comparison)
        ):  # `weights[present].mean()` of a NumPy array
            return not self.is_array(node)
        return True

    def is_array(self, node: cst.CSTNode, depth: int = 0) -> bool:
        """`node` is visibly a NumPy array: a `numpy` call, `.numpy()`, arithmetic or an index on one,
        a local name assigned one (a few assignments deep: the receiver test must stay cheap)."""
        if depth > 4:
            return False
        if isinstance(node, cst.Subscript):
            return self.is_array(node.value, depth + 1)
        if isinstance(node, cst.Comparison):
            return self.is_array(node.left, depth + 1)
        if isinstance(node, cst.BinaryOperation):
            return self.is_array(node.left, depth + 1) or self.is_array(node.right, depth + 1)
        if isinstance(node, cst.Call):
            qualified = self.qualified(node.func) or ""
            if qualified.startswith(NUMPY_MODULES) and qualified.rsplit(".", 1)[-1] in NUMPY_ELEMENTWISE:
                return any(self.is_array(arg.value, depth + 1) for arg in node.args)
            return (
                qualified.startswith(NUMPY_MODULES)
                or attribute_name(node.func) == "numpy"
                or (isinstance(node.func, cst.Attribute) and self.is_array(node.func.value, depth + 1))
            )
        if isinstance(node, cst.Name):
            value = self.assigned_value(node.value)
            return value is not None and self.is_array(value, depth + 1)
        return False

    def describe(self, call: cst.Call):
        """`describe_call`, memoised per node for the current walk (many rules ask about each call);
        a call outside the function walked now is described as that function's names see it
        (`self.loss` of another class is not this one's), so that answer is not kept."""
        key = id(call)
        if self.horizon is not None:
            return self.describe_call(call)
        if key not in self._described:
            described = self.describe_call(call)
            if not self._inside_walked_function(call):
                return described
            self._described[key] = described
        return self._described[key]

    def _inside_walked_function(self, node: cst.CSTNode) -> bool:
        """The innermost function around `node` (or the module) is the one walked now."""
        parents = self.positions.parents()
        around = parents.get(id(node))
        while around is not None and not isinstance(around, (cst.FunctionDef, cst.Lambda, cst.Module)):
            around = parents.get(id(around))
        return around is not None and around is self.function_scope().node

    @property
    def conditional(self) -> bool:
        return self.if_depth > 0

    # --- reporting and fixes ---------------------------------------------------------------

    def report(self, rule, node: cst.CSTNode, message: str, fix=None, related: Tuple[cst.CSTNode, ...] = ()) -> None:
        if rule.gradient:
            why = self.gradient.reason(node, self.function_scope().node)
            if why is None:
                return
            message = f"{message} (differentiated: {why})"
        elif cleaned_after(node, self) and self.gradient.reason(node, self.function_scope().node) is None:
            return  # a forward NaN the code takes out right after (a metric's `nanmean`), where no gradient flows back
        elif replaced_when_not_finite(node, self):
            return  # `if not torch.isfinite(kl): kl = torch.zeros(())` right after: the NaN tensor is dropped
        # Each place once: a chain can meet the same value twice (`p` in `log(p)` and `log(1 - p)`).
        places = tuple(
            dict.fromkeys(
                Related(self.positions.span(made), f"from `{snippet(self.positions.source(made))}`") for made in related
            )
        )
        self.findings.append(Finding(self.path, self.positions.span(node), rule.code, rule.name, message, fix, places))

    def spell(self, qualified: str) -> Optional[str]:
        """How this file can write `qualified`: through its aliases, else through `import torch`."""
        return self.imports.alias_for(qualified) or (qualified if qualified.startswith(TORCH_ROOT + ".") else None)

    def import_edits(self, template) -> Tuple[Edit, ...]:
        """`import torch` at the top when a template names torch and the file has no alias for it."""
        if all(self.imports.alias_for(name) for name in template.qualified_names()):
            return ()
        offset = self.positions.line_starts[self.import_line - 1]
        newline = NEWLINE.search(self.text)
        return (Edit(offset, offset, "import torch" + (newline.group() if newline else "\n")),)

    @property
    def import_line(self) -> int:
        """A new import goes after the docstring and the `from __future__` imports, else before the
        first statement: below a shebang, a coding line and the comments that open the file."""
        body = self.module.body if self.module is not None else ()
        last = None
        for index, statement in enumerate(body):
            if not (index == 0 and is_docstring(statement) or _is_future_import(statement)):
                break
            last = statement
        if last is not None:
            line = self.positions.position(last).end.line + 1
        else:
            line = self.positions.position(body[0]).start.line if body else 1
        return min(line, len(self.positions.line_starts))


def called_side(value: Optional[cst.CSTNode]) -> Optional[cst.CSTNode]:
    """What a call of an object held as `value` runs: for `nn.ReLU() if act else None`, the side that is
    not None (calling None raises); else `value`."""
    if isinstance(value, cst.IfExp):
        sides = [side for side in (value.body, value.orelse) if not is_literal(side, None)]
        return sides[0] if len(sides) == 1 else value
    return value


def _passed_argument(call: cst.Call, function: cst.FunctionDef) -> Optional[cst.CSTNode]:
    """The argument of `call` that names `function` (`fit(net, focal)`, `fit(net, losses.focal)`)."""
    named = function.name.value
    return next((arg.value for arg in call.args if named in (name_of(arg.value), attribute_name(arg.value))), None)


def _parameter_given(site: CallSite, function: cst.FunctionDef, value: cst.CSTNode) -> Optional[str]:
    """The parameter of `function` that `site` passes `value` for."""
    for param in function_params(function):
        if argument_for(site, function, param.name.value) is value:
            return param.name.value
    return None


def _names_definition(located: Optional[Definition], wanted: Definition) -> bool:
    return located is not None and located.key == wanted.key


def _self_assignments(owner: cst.ClassDef) -> Counter:
    """How many statements of the class assign each `self.<attr>` it sets."""
    counts: Counter = Counter()
    for node in walk(owner.body):
        if isinstance(node, cst.AssignTarget):
            counts.update(name for name in map(dotted_name, walk(node.target)) if name and name.startswith("self."))
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            counts[dotted_name(node.target)] += 1
    return counts


def _is_future_import(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and all(
        isinstance(small, cst.ImportFrom) and small.module is not None and dotted_name(small.module) == "__future__"
        for small in statement.body
    )


def _is_false_call(expr: cst.CSTNode) -> bool:
    if not isinstance(expr, cst.Call):
        return False
    args = positional_args(expr)
    return len(expr.args) == 1 and len(args) == 1 and is_literal(args[0], False)


def _class_level_value(statement: cst.CSTNode, attr: str) -> Optional[cst.BaseExpression]:
    """The value a class body's statement gives `attr`: `attr = v`, `attr: float = v`."""
    if isinstance(statement, cst.Assign) and any(name_of(target.target) == attr for target in statement.targets):
        return statement.value
    if isinstance(statement, cst.AnnAssign) and name_of(statement.target) == attr:
        return statement.value
    return None


def _appends(function: cst.CSTNode, container: cst.CSTNode) -> List[cst.Call]:
    """The calls `container.append(...)` in `function` (the one that assigned `container`)."""
    return [
        node
        for node in walk(function)
        if isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "append"
        and same_code(node.func.value, container)
    ]


def _self_attribute(attr: str) -> cst.Attribute:
    """`self.attr`, as the code of a method spells it."""
    return cst.Attribute(value=cst.Name("self"), attr=cst.Name(attr))
