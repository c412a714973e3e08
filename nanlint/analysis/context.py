"""What the checks know about the file being walked: imports, local assignments, grad mode, positions."""

from __future__ import annotations

from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

import libcst as cst

from nanlint.ftypes import Edit, Finding, Related, Span
from nanlint.analysis.callers import CallSite, FileCalls, argument_for, collect
from nanlint.analysis.gradient import GradientContext
from nanlint.analysis.groups import GroupReduction, helper_reduction, library_group_reduction
from nanlint.analysis.guards import ComparedValues
from nanlint.analysis.names import TORCH_ROOT, ImportTable, dotted_name
from nanlint.source import NEWLINE, line_starts
from nanlint.analysis.ops import MODULES
from nanlint.analysis.syntax import (
    children, code_of, walk, function_params, is_constant, is_docstring, is_literal, keyword_args, name_of, positional_args,
    returned_values, snippet,
)
from nanlint.analysis.values import Analyzer, Fact, constant_value, join

GRAD_DISABLING = frozenset(
    {"torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad", "torch.autograd.grad_mode.no_grad",
     "torch.autograd.grad_mode.inference_mode"}
)
NON_TENSOR_RECEIVERS = frozenset({"self", "cls", "super", "logger", "logging", "log", "os", "sys", "re", "wandb", "mlflow"})
# Modules whose calls return values that are not torch tensors (their methods are not tensor methods).
FOREIGN_MODULES = ("math", "numpy", "np", "scipy", "jax", "pandas", "cmath", "statistics", "random", "tensorflow", "mxnet")

class Binding(NamedTuple):
    """An assignment to a name in a scope: its place in walk order and the value (None: unknown,
    such as a parameter or a `for` target that could not be followed)."""

    seq: int
    value: Optional[cst.CSTNode]


MAX_JUDGING = 2  # functions away from the one walked: a caller's argument, a helper's return value
LITERAL_DISPLAYS = (cst.FormattedString, cst.List, cst.Dict, cst.Set, cst.Tuple, cst.ListComp, cst.DictComp)
NON_TENSOR_BUILTINS = frozenset({"super", "str", "len", "range", "dict", "list"})


WRITTEN = "[]"  # records `x[i] = v` under the key `x[]`, beside the bindings of `x`


class Scope:
    """A function, class or module body: the names assigned in it, in order."""

    def __init__(self, node: cst.CSTNode, kind: str) -> None:
        self.node = node
        self.kind = kind
        self.records: Dict[str, List[Binding]] = {}
        self.params: Dict[str, int] = {}  # parameter name -> the seq of its binding
        self.owner: Optional[cst.ClassDef] = None  # a method's class
        self.grad_disabled = kind == "function" and _disables_grad_by_decorator(node)

    def record(self, name: str, seq: int, value: Optional[cst.CSTNode]) -> None:
        self.records.setdefault(name, []).append(Binding(seq, value))

    def last(self, name: str, before: Optional[int]) -> Optional[Binding]:
        records = self.records.get(name)
        if not records:
            return None
        if before is None:
            return records[-1]
        for binding in reversed(records):
            if binding.seq < before:
                return binding
        return None


def _disables_grad_by_decorator(node: cst.CSTNode) -> bool:
    for decorator in getattr(node, "decorators", ()):
        target = decorator.decorator
        target = target.func if isinstance(target, cst.Call) else target
        name = dotted_name(target)
        if name and name.rsplit(".", 1)[-1] in ("no_grad", "inference_mode"):
            return True
    return False


class FileContext:
    """Per-file state the walker keeps up to date and the checks read."""

    def __init__(self, path: str, text: str, is_test: bool = False, module: Optional[cst.Module] = None) -> None:
        self.path = path
        self.text = text
        self.is_test = is_test
        self.module = module
        self.imports = ImportTable()
        self.scopes: List[Scope] = []
        self.finished: Dict[int, Scope] = {}  # id(function or class node) -> its scope, once walked
        self.definitions: Dict[str, cst.CSTNode] = {}  # the module's own functions and classes, by name
        self._summaries: Dict[Tuple[int, Optional[int]], Optional[Fact]] = {}
        self._calls: Optional[FileCalls] = None
        self._caller_scopes: Dict[int, Scope] = {}
        self._judging = 0  # how many functions away from the walk the current judgement is
        self._parameter_facts: Dict[Tuple[int, str, int], Optional[Fact]] = {}
        self._group_helpers: Dict[int, Optional[GroupReduction]] = {}
        self.seq = 0
        self.horizon: Optional[int] = None
        self.grad_off_depth = 0
        self.if_depth = 0
        self.findings: List[Finding] = []
        self.compared = ComparedValues()
        self.made_from: Dict[int, cst.CSTNode] = {}  # a synthetic node -> the node of the file it stands for
        self._line_starts: Optional[List[int]] = None
        self._positions = None
        self._described: Dict[int, object] = {}
        self._parents: Optional[Dict[int, cst.CSTNode]] = None
        self._qualified: Dict[int, Optional[str]] = {}
        self.analyzer = Analyzer(self)
        self.gradient = GradientContext(self)

    # --- scopes and local data flow -------------------------------------------------------

    def push_scope(self, node: cst.CSTNode, kind: str) -> None:
        scope = Scope(node, kind)
        if self.scopes and self.scopes[-1].kind == "class":
            scope.owner = self.scopes[-1].node
        if len(self.scopes) == 1 and isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            self.definitions[node.name.value] = node
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
            found = scope.last(name, self.horizon)
            if found is not None:
                return found
        return None

    def at(self, seq: int, function: Callable, *args):
        """`function(*args)` as the code stood before assignment `seq`: lookups made meanwhile see
        only the assignments that precede it (a followed name's value is judged where it was made)."""
        saved, self.horizon = self.horizon, seq
        try:
            return function(*args)
        finally:
            self.horizon = saved

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
        return self.grad_off_depth > 0 or any(scope.grad_disabled for scope in self.scopes)

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
            self._qualified[key] = self.imports.resolve(node)
        return self._qualified[key]

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
            source = argument_for(CallSite(call, function, False), function, name_of(reduction.source))
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
        `self.sm` the assignment in this method or in another method of the class (`__init__`)."""
        value = None
        if isinstance(callee, cst.Name):
            value = self.assigned_value(callee.value)
        elif isinstance(callee, cst.Attribute) and name_of(callee.value) == "self":
            value = self.assigned_value(f"self.{callee.attr.value}") or self._class_attribute(callee.attr.value)
        return value if isinstance(value, cst.Call) else None

    def _class_attribute(self, attr: str) -> Optional[cst.CSTNode]:
        found = self._class_assignment(attr)
        return found[1] if found is not None else None

    def _submodule_forward(self, owner: cst.ClassDef, attr: str) -> Optional[cst.FunctionDef]:
        """The `forward` of the file's class that `owner` makes its `self.attr` with
        (`self.encoder = Encoder(...)` in `__init__`)."""
        found = self._class_assignment(attr, owner)
        made = found[1] if found is not None else None
        defined = self.definitions.get(name_of(made.func)) if isinstance(made, cst.Call) else None
        return _method(defined, "forward") if isinstance(defined, cst.ClassDef) else None

    def _class_assignment(self, attr: str, owner: Optional[cst.ClassDef] = None) -> Optional[Tuple[Scope, cst.CSTNode]]:
        """Where another method of the current class, or of `owner`, set `self.attr` (already walked:
        `__init__`; or, for a value judged from a helper above the class, as its assignments read)."""
        owner = owner or self.class_node()
        if owner is None:
            return None
        for statement in owner.body.body:
            scope = self.finished.get(id(statement))
            if scope is None and isinstance(statement, cst.FunctionDef) and self._judging:
                scope = self._caller_scope(statement)  # judged from a function above the class: not walked yet
            found = scope.last(f"self.{attr}", None) if scope is not None else None
            if found is not None and found.value is not None:
                return scope, found.value
        return None

    def class_attribute_fact(self, attr: str) -> Optional[Fact]:
        """The fact of `self.attr` as another method of the class set it (`self.gamma = 0.5`)."""
        found = self._class_assignment(attr)
        return self._judged_in(found[0], [found[1]]) if found is not None else None

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
        """The fact of what a call to one of the file's own functions returns: `helper(x)`,
        `self.helper(x)` in a method of the same class, `model(x)` for `model = Net()` (the class's
        `forward`); with `element`, of that element of the tuples it returns. Judged in the
        callee's own scope, with its parameters as its callers pass them."""
        function = self._callee_function(call.func)
        if function is None:
            return None
        key = (id(function), element)
        if key not in self._summaries:
            self._summaries[key] = None  # a recursive call adds nothing
            self._summaries[key] = self._returned_fact(function, element)
        return self._summaries[key]

    def _callee_function(self, func: cst.CSTNode) -> Optional[cst.FunctionDef]:
        if isinstance(func, cst.Name):
            defined = self.definitions.get(func.value)
            if isinstance(defined, cst.FunctionDef):
                return defined
        elif isinstance(func, cst.Attribute) and name_of(func.value) == "self":
            owner = self.class_node()
            method = _method(owner, func.attr.value) if owner is not None else None
            if method is not None:
                return method
        instance = self.construction(func.value) if isinstance(func, cst.Attribute) else None
        if instance is not None:  # `vae.loss(...)` with `vae = VAE()`, and `vae.encoder(x)`
            made = self.definitions.get(name_of(instance.func))
            if not isinstance(made, cst.ClassDef):
                return None
            return _method(made, func.attr.value) or self._submodule_forward(made, func.attr.value)
        construction = self.construction(func)  # `model(x)`, `self.encoder(x)`: the class's forward
        made = self.definitions.get(name_of(construction.func)) if construction is not None else None
        return _method(made, "forward") if isinstance(made, cst.ClassDef) else None

    def _returned_fact(self, function: cst.FunctionDef, element: Optional[int]) -> Optional[Fact]:
        scope = self.finished.get(id(function))
        values = returned_values(function)
        if element is not None:
            parts = [_tuple_elements(value) for value in values]
            values = [part[element] for part in parts if part is not None and element < len(part)]
        if not values:
            return None
        return self._judged_in(scope or self._caller_scope(function), values)  # a function defined further down

    def constant_values(self, node: cst.CSTNode) -> List[float]:
        """The constants `node` is seen to hold: a literal, a name assigned one (in the function or
        the module), a parameter's default and the constants the file's calls pass for it, and
        `self.attr` as a method of the class set it (`self.temperature = temperature` in `__init__`)."""
        value = constant_value(node)
        if value is not None:
            return [value]
        if isinstance(node, cst.Name):
            return self._constants_of(self.function_scope(), node.value) or self._constants_of(self.scopes[0], node.value)
        if isinstance(node, cst.Attribute) and name_of(node.value) == "self":
            found = self._class_assignment(node.attr.value)
            if found is not None:
                scope, assigned = found
                value = constant_value(assigned)
                return [value] if value is not None else self._constants_of(scope, name_of(assigned) or "")
        return []

    def constant(self, node: cst.CSTNode) -> Optional[float]:
        """The one constant `node` is seen to hold (`constant_values`), or None."""
        values = set(self.constant_values(node))
        return values.pop() if len(values) == 1 else None

    def _constants_of(self, scope: Scope, name: str) -> List[float]:
        binding = scope.last(name, self.horizon if scope is self.function_scope() else None)
        if binding is None:
            return []
        if binding.value is not None:
            value = constant_value(binding.value)
            return [value] if value is not None else []
        if scope.params.get(name) != binding.seq:
            return []
        function = scope.node
        param = next(param for param in function_params(function) if param.name.value == name)
        passed = [argument_for(site, function, name) for site in self.calls().sites.get(id(function), ())]
        values = [constant_value(value) for value in (param.default, *passed) if value is not None]
        return [value for value in values if value is not None]

    def parameter_fact(self, name: str) -> Optional[Fact]:
        """What the file's own calls pass for parameter `name` of the function being walked
        (joined over the call sites that pass it), while the function has not reassigned it."""
        scope = self.function_scope()
        function = scope.node
        if not isinstance(function, cst.FunctionDef) or name not in scope.params or name in ("self", "cls"):
            return None
        binding = scope.last(name, self.horizon)
        if binding is None or binding.seq != scope.params[name]:
            return None
        key = (id(function), name, self._judging)  # asked from deeper, fewer functions can be followed
        if key not in self._parameter_facts:
            self._parameter_facts[key] = None  # a recursive call adds nothing
            self._parameter_facts[key] = self._passed_fact(function, name)
        return self._parameter_facts[key]

    def _passed_fact(self, function: cst.FunctionDef, name: str) -> Optional[Fact]:
        facts = []
        for site in self.calls().sites.get(id(function), ()):
            argument = argument_for(site, function, name)
            if argument is not None:
                facts.append(self._judged_in(self._caller_scope(site.caller), [argument]))
        if not facts:
            return None
        result = facts[0]
        for fact in facts[1:]:
            result = join(result, fact)
        return result

    def calls(self) -> FileCalls:
        """The file's call sites and each function's assignments, collected the first time asked."""
        if self._calls is None:
            self._calls = collect(self.module)
        return self._calls

    def _caller_scope(self, caller: cst.CSTNode) -> Scope:
        """The caller's assignments in source order as a scope (the last one wins), its parameters
        unknown; made once per caller."""
        if id(caller) not in self._caller_scopes:
            self._caller_scopes[id(caller)] = self._assignments_scope(caller)
        return self._caller_scopes[id(caller)]

    def _assignments_scope(self, caller: cst.CSTNode) -> Scope:
        scope = Scope(caller, "function" if isinstance(caller, cst.FunctionDef) else "module")
        scope.owner = self.calls().owners.get(id(caller))
        if isinstance(caller, cst.FunctionDef):
            for param in function_params(caller):
                scope.record(param.name.value, 0, None)
                scope.params[param.name.value] = 0
        for order, (target, value) in enumerate(self.calls().assignments.get(id(caller), ()), 1):
            scope.record(target, order, value)
        return scope

    def _judged_in(self, scope: Scope, values: List[cst.CSTNode]) -> Fact:
        """The joined facts of `values`, looked up in `scope` (another function, or a caller) as it
        stood at its end, with the module's names around it. At most MAX_JUDGING functions away
        from the walk: beyond, values are unknown (a chain of helpers stays cheap and shallow)."""
        if self._judging >= MAX_JUDGING:
            return Fact()
        self._judging += 1
        try:
            facts = self._within(scope, lambda: [self.fact(value) for value in values])
        finally:
            self._judging -= 1
        result = facts[0]
        for fact in facts[1:]:
            result = join(result, fact)
        return result

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
        return True

    def describe(self, call: cst.Call):
        """`describe_call`, memoised per node for the current walk (many rules ask about each call)."""
        key = id(call)
        if self.horizon is not None:
            return self.describe_call(call)
        if key not in self._described:
            self._described[key] = self.describe_call(call)
        return self._described[key]

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
        # Each place once: a chain can meet the same value twice (`p` in `log(p)` and `log(1 - p)`).
        places = tuple(dict.fromkeys(Related(self.span(made), f"from `{snippet(self.source(made))}`") for made in related))
        self.findings.append(Finding(self.path, self.span(node), rule.code, rule.name, message, fix, places))

    def spell(self, qualified: str) -> Optional[str]:
        """How this file can write `qualified`: through its aliases, else through `import torch`."""
        return self.imports.alias_for(qualified) or (qualified if qualified.startswith(TORCH_ROOT + ".") else None)

    def import_edits(self, template) -> Tuple[Edit, ...]:
        """`import torch` at the top when a template names torch and the file has no alias for it."""
        if all(self.imports.alias_for(name) for name in template.qualified_names()):
            return ()
        offset = self.line_starts[self.import_line - 1]
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
            line = self.position(last).end.line + 1
        else:
            line = self.position(body[0]).start.line if body else 1
        return min(line, len(self.line_starts))

    def parents(self) -> Dict[int, cst.CSTNode]:
        """id(node) -> the node holding it, for the code nodes of the file: one walk, made the first
        time a fix needs to know the blocks around the code it replaces."""
        if self._parents is None:
            self._parents = {}
            for node in walk(self.module):
                for child in children(node):
                    self._parents[id(child)] = node
        return self._parents

    # --- positions -------------------------------------------------------------------------

    @property
    def line_starts(self) -> List[int]:
        if self._line_starts is None:
            self._line_starts = line_starts(self.text)
        return self._line_starts

    def position(self, node: cst.CSTNode):
        """libcst's code range of `node` (without its own parentheses), from one position pass
        over the whole file made the first time a position is needed: files with no finding never
        pay for it."""
        if self._positions is None:
            from libcst.metadata import MetadataWrapper, PositionProvider

            self._positions = MetadataWrapper(self.module, unsafe_skip_copy=True).resolve(PositionProvider)
        while id(node) in self.made_from:
            node = self.made_from[id(node)]
        return self._positions[node]

    def line(self, node: cst.CSTNode) -> int:
        return self.position(node).start.line

    def span(self, node: cst.CSTNode) -> Span:
        where = self.position(node)
        return Span(where.start.line, where.start.column + 1, where.end.line, where.end.column + 1)

    def offsets(self, node: cst.CSTNode) -> Tuple[int, int]:
        where = self.position(node)
        starts = self.line_starts
        return starts[where.start.line - 1] + where.start.column, starts[where.end.line - 1] + where.end.column

    def source(self, node: cst.CSTNode) -> str:
        """The code of `node` without the parentheses around it (what the user wrote inside them)."""
        if getattr(node, "lpar", None):
            node = node.with_changes(lpar=(), rpar=())
        return code_of(node)


def _tuple_elements(value: cst.CSTNode) -> Optional[List[cst.CSTNode]]:
    """The elements of `return a, b` (no starred element), else None."""
    if isinstance(value, cst.Tuple) and not any(isinstance(e, cst.StarredElement) for e in value.elements):
        return [e.value for e in value.elements]
    return None


def _method(owner: cst.ClassDef, name: str) -> Optional[cst.FunctionDef]:
    for statement in owner.body.body:
        if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
            return statement
    return None


def _is_future_import(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and all(isinstance(small, cst.ImportFrom) and small.module is not None and dotted_name(small.module) == "__future__" for small in statement.body)
    )


def _is_false_call(expr: cst.CSTNode) -> bool:
    if not isinstance(expr, cst.Call):
        return False
    args = positional_args(expr)
    return len(expr.args) == 1 and len(args) == 1 and is_literal(args[0], False)
