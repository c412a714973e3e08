"""What the checks know about the file being walked: imports, local assignments, grad mode, positions."""

from __future__ import annotations

from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

import libcst as cst

from nanlint.ftypes import Edit, Finding, Span
from nanlint.analysis.gradient import GradientContext
from nanlint.analysis.guards import ComparedValues
from nanlint.analysis.names import TORCH_ROOT, ImportTable, dotted_name
from nanlint.source import NEWLINE
from nanlint.analysis.syntax import children, code_of, walk, function_params, is_constant, is_docstring, is_literal, keyword_args, positional_args
from nanlint.analysis.values import Analyzer, Fact

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


LITERAL_DISPLAYS = (cst.FormattedString, cst.List, cst.Dict, cst.Set, cst.Tuple, cst.ListComp, cst.DictComp)
NON_TENSOR_BUILTINS = frozenset({"super", "str", "len", "range", "dict", "list"})


class Scope:
    """A function, class or module body: the names assigned in it, in order."""

    def __init__(self, node: cst.CSTNode, kind: str) -> None:
        self.node = node
        self.kind = kind
        self.records: Dict[str, List[Binding]] = {}
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
        self.scopes.append(scope)
        if kind == "function":
            for param in function_params(node):
                self.record(param.name.value, None)

    def pop_scope(self) -> None:
        self.scopes.pop()

    def record(self, name: str, value: Optional[cst.CSTNode]) -> None:
        self.seq += 1
        self.scopes[-1].record(name, self.seq, value)

    def assigned_value(self, name: str) -> Optional[cst.CSTNode]:
        """The expression most recently assigned to `name` in the innermost scope that assigns it."""
        found = self.lookup_name(name)
        return found.value if found is not None else None

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
        """The innermost class around the walk, if any."""
        for scope in reversed(self.scopes):
            if scope.kind == "class":
                return scope.node
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
            return None
        if isinstance(func, cst.Attribute) and self.is_tensor_receiver(func.value):
            return func.attr.value, [func.value, *positional_args(call)], keyword_args(call)
        return None

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

    def report(self, rule, node: cst.CSTNode, message: str, fix=None) -> None:
        if rule.gradient:
            why = self.gradient.reason(node, self.function_scope().node)
            if why is None:
                return
            message = f"{message} (differentiated: {why})"
        self.findings.append(Finding(self.path, self.span(node), rule.code, rule.name, message, fix))

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
            starts = [0]
            starts.extend(match.end() for match in NEWLINE.finditer(self.text))
            self._line_starts = starts
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
