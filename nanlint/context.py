"""What the checks know about the file being walked: imports, local assignments, grad mode, positions."""

from __future__ import annotations

import ast
from typing import Callable, Dict, List, Optional, Tuple

from nanlint.ftypes import Edit, Finding, Span
from nanlint.guards import ComparedValues
from nanlint.names import TORCH_ROOT, ImportTable, dotted_name
from nanlint.source import NEWLINE
from nanlint.syntax import is_literal
from nanlint.values import Analyzer, Fact

GRAD_DISABLING = frozenset(
    {"torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad", "torch.autograd.grad_mode.no_grad",
     "torch.autograd.grad_mode.inference_mode"}
)
NON_TENSOR_RECEIVERS = frozenset({"self", "cls", "super", "logger", "logging", "log", "os", "sys", "re", "wandb", "mlflow"})
# Modules whose calls return values that are not torch tensors (their methods are not tensor methods).
FOREIGN_MODULES = ("math", "numpy", "np", "scipy", "jax", "pandas", "cmath", "statistics", "random", "tensorflow", "mxnet")

Record = Tuple[int, Optional[ast.AST]]


class Scope:
    """A function, class or module body: the names assigned in it, in order."""

    def __init__(self, node: ast.AST, kind: str) -> None:
        self.node = node
        self.kind = kind
        self.records: Dict[str, List[Record]] = {}
        self.grad_disabled = kind == "function" and _disables_grad_by_decorator(node)

    def record(self, name: str, seq: int, value: Optional[ast.AST]) -> None:
        self.records.setdefault(name, []).append((seq, value))

    def last(self, name: str, before: Optional[int]) -> Optional[Record]:
        records = self.records.get(name)
        if not records:
            return None
        if before is None:
            return records[-1]
        for seq, value in reversed(records):
            if seq < before:
                return seq, value
        return None


def _disables_grad_by_decorator(node: ast.AST) -> bool:
    for decorator in getattr(node, "decorator_list", ()):
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = dotted_name(target)
        if name and name.rsplit(".", 1)[-1] in ("no_grad", "inference_mode"):
            return True
    return False


class FileContext:
    """Per-file state the walker keeps up to date and the checks read."""

    def __init__(self, path: str, text: str, is_test: bool = False) -> None:
        self.path = path
        self.text = text
        self.is_test = is_test
        self.imports = ImportTable()
        self.scopes: List[Scope] = []
        self.seq = 0
        self.horizon: Optional[int] = None
        self.grad_off_depth = 0
        self.if_depth = 0
        self.import_line = 1
        self.findings: List[Finding] = []
        self.compared = ComparedValues()
        self._line_starts: Optional[List[int]] = None
        self._described: Dict[int, object] = {}
        self._qualified: Dict[int, Optional[str]] = {}
        self.analyzer = Analyzer(self)

    # --- scopes and local data flow -------------------------------------------------------

    def push_scope(self, node: ast.AST, kind: str) -> None:
        scope = Scope(node, kind)
        self.scopes.append(scope)
        if kind == "function":
            for arg in _all_args(node.args):
                self.record(arg.arg, None)

    def pop_scope(self) -> None:
        self.scopes.pop()

    def record(self, name: str, value: Optional[ast.AST]) -> None:
        self.seq += 1
        self.scopes[-1].record(name, self.seq, value)

    def assigned_value(self, name: str) -> Optional[ast.AST]:
        """The expression most recently assigned to `name` in the innermost scope that assigns it."""
        found = self.lookup_name(name)
        return found[1] if found is not None else None

    def lookup(self, node: ast.Name) -> Optional[Record]:
        """(seq, value) of the assignment to `node` that precedes the current horizon, if known."""
        return self.lookup_name(node.id)

    def lookup_name(self, name: str) -> Optional[Record]:
        """`lookup` by name; `self.attr` names the attribute assigned in the current function."""
        for scope in reversed(self.scopes):
            if scope.kind == "class" and scope is not self.scopes[-1]:
                continue
            found = scope.last(name, self.horizon)
            if found is not None:
                return found if found[1] is not None else None
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

    def class_node(self) -> Optional[ast.ClassDef]:
        """The innermost class around the walk, if any."""
        for scope in reversed(self.scopes):
            if scope.kind == "class":
                return scope.node
        return None

    def fact(self, node: ast.AST) -> Fact:
        return self.analyzer.fact(node)

    @property
    def grad_disabled(self) -> bool:
        return self.grad_off_depth > 0 or any(scope.grad_disabled for scope in self.scopes)

    def enter_with(self, node: ast.AST) -> bool:
        """Count a `with torch.no_grad():` style block; returns True when it disables grad."""
        for item in node.items:
            expr = item.context_expr
            target = expr.func if isinstance(expr, ast.Call) else expr
            name = self.imports.resolve(target)
            if name in GRAD_DISABLING or name == "torch.set_grad_enabled" and _is_false_call(expr):
                self.grad_off_depth += 1
                return True
        return False

    # --- recognising tensor operations -----------------------------------------------------

    def add_import(self, node: ast.AST) -> None:
        self.imports.add(node)
        self._qualified.clear()
        self._described.clear()

    def qualified(self, node: ast.AST) -> Optional[str]:
        """`imports.resolve`, memoised per node until the next import statement: many rules ask
        about the same call."""
        key = id(node)
        if key not in self._qualified:
            self._qualified[key] = self.imports.resolve(node)
        return self._qualified[key]

    def describe_call(self, call: ast.Call):
        """(op, operands, keywords) for a torch function or tensor-method call, else None.

        `torch.log(x)` and `x.log()` both give ("log", [x], {}). A method call counts as a tensor
        method when its receiver is not an imported module, not a literal, not `self`/`cls`, and
        not (through local assignments) the result of a call into math/numpy/... .
        """
        func = call.func
        keywords = {kw.arg: kw.value for kw in call.keywords if kw.arg is not None}
        qualified = self.qualified(func)
        if qualified is not None:
            if qualified.startswith(TORCH_ROOT + "."):
                return qualified.rsplit(".", 1)[1], list(call.args), keywords
            return None
        if isinstance(func, ast.Attribute) and self.is_tensor_receiver(func.value):
            return func.attr, [func.value, *call.args], keywords
        return None

    def is_tensor_receiver(self, node: ast.AST, depth: int = 0) -> bool:
        if isinstance(node, (ast.Constant, ast.JoinedStr, ast.List, ast.Dict, ast.Set, ast.Tuple, ast.ListComp, ast.DictComp)):
            return False
        if isinstance(node, ast.Name):
            if node.id in NON_TENSOR_RECEIVERS or node.id in self.imports.aliases:
                return False
            if depth < 3:
                value = self.assigned_value(node.id)
                if value is not None:
                    return self.is_tensor_receiver(value, depth + 1)
            return True
        if isinstance(node, ast.Call):
            name = self.qualified(node.func)
            if name is not None:
                return not name.startswith(FOREIGN_MODULES) and name not in ("super",)
            return not (isinstance(node.func, ast.Name) and node.func.id in ("super", "str", "len", "range", "dict", "list"))
        return True

    def describe(self, call: ast.Call):
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

    def report(self, rule, node: ast.AST, message: str, fix=None) -> None:
        self.findings.append(Finding(self.path, self.span(node), rule.code, rule.name, message, fix))

    def spell(self, qualified: str) -> Optional[str]:
        """How this file can write `qualified`: through its aliases, else through `import torch`."""
        return self.imports.alias_for(qualified) or (qualified if qualified.startswith(TORCH_ROOT + ".") else None)

    def import_edits(self, template) -> Tuple[Edit, ...]:
        """`import torch` at the top when a template names torch and the file has no alias for it."""
        if all(self.imports.alias_for(name) for name in template.qualified_names()):
            return ()
        offset = self.offset(self.import_line, 0)
        newline = NEWLINE.search(self.text)
        return (Edit(offset, offset, "import torch" + (newline.group() if newline else "\n")),)

    def set_import_line(self, module: ast.Module) -> None:
        """A new import goes after the docstring and the `from __future__` imports."""
        line = 1
        for index, statement in enumerate(module.body):
            is_docstring = index == 0 and isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) and isinstance(statement.value.value, str)
            if is_docstring or isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
                line = statement.end_lineno + 1
            else:
                break
        self.import_line = min(line, len(self.line_starts))

    # --- positions -------------------------------------------------------------------------

    @property
    def line_starts(self) -> List[int]:
        if self._line_starts is None:
            starts = [0]
            starts.extend(match.end() for match in NEWLINE.finditer(self.text))
            self._line_starts = starts
        return self._line_starts

    def line_text(self, line: int) -> str:
        starts = self.line_starts
        start = starts[line - 1]
        end = starts[line] if line < len(starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def char_column(self, line: int, byte_column: int) -> int:
        text = self.line_text(line)
        if text.isascii():
            return byte_column
        return len(text.encode("utf-8")[:byte_column].decode("utf-8", errors="replace"))

    def offset(self, line: int, byte_column: int) -> int:
        return self.line_starts[line - 1] + self.char_column(line, byte_column)

    def span(self, node: ast.AST) -> Span:
        return Span(
            node.lineno,
            self.char_column(node.lineno, node.col_offset) + 1,
            node.end_lineno,
            self.char_column(node.end_lineno, node.end_col_offset) + 1,
        )

    def source(self, node: ast.AST) -> str:
        return self.text[self.offset(node.lineno, node.col_offset): self.offset(node.end_lineno, node.end_col_offset)]

    def offsets(self, node: ast.AST) -> Tuple[int, int]:
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)


def _all_args(args: ast.arguments):
    yield from args.posonlyargs
    yield from args.args
    if args.vararg:
        yield args.vararg
    yield from args.kwonlyargs
    if args.kwarg:
        yield args.kwarg


def _is_false_call(expr: ast.AST) -> bool:
    return isinstance(expr, ast.Call) and len(expr.args) == 1 and is_literal(expr.args[0], False)
