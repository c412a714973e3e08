"""Check one file: parse it once, walk it once with every enabled rule, apply suppressions."""

from __future__ import annotations

import bisect
import gc
import unicodedata
from contextlib import contextmanager
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Tuple

import libcst as cst

from nanlint.engine import suppressions
from nanlint.analysis.context import FileContext
from nanlint.analysis.names import dotted_name
from nanlint.analysis.parse import Unparsed, deep_enough, parse, too_large
from nanlint.engine.suppressions import META_CODES, SKIP_FILE_LINE, SUPPRESSION_WORD
from nanlint.analysis.syntax import (
    LEAF_VALUES,
    child_fields,
    comparison,
    elements,
    is_self_attribute,
    item_key,
    mapped_element,
    parallel_iterables,
    plain_elements,
    string_value,
)
from nanlint.analysis.versions import newer_syntax, target_version
from nanlint.checks.registry import build_check
from nanlint.types import FileError, FileResult, Finding, Span
from nanlint.analysis.project import ProjectModules
from nanlint.inputs.source import SourceError, SourceFile, read

# Only torch code is checked: the rules' findings are kept only if one of the file's imports names
# a module or a name containing "torch" (torch, torchvision, pytorch_lightning, is_torch_available).
# Such an import spells "torch" in the text, up to the NFKC normalisation Python applies to
# identifiers, so a file whose text lacks it is skipped before parsing with the same result.
TORCH_WORD = "torch"
SCOPES = {cst.FunctionDef: "function", cst.Lambda: "function", cst.ClassDef: "class"}
# Nodes that change the context (scopes, assignments, grad mode, conditions) around their children.
CONTEXT_NODES = frozenset(SCOPES) | {cst.Assign, cst.AnnAssign, cst.NamedExpr, cst.AugAssign, cst.With, cst.If, cst.For}
# `x += y` is recorded as `x + y`.
AUGMENTED = {
    cst.AddAssign: cst.Add,
    cst.SubtractAssign: cst.Subtract,
    cst.MultiplyAssign: cst.Multiply,
    cst.DivideAssign: cst.Divide,
    cst.FloorDivideAssign: cst.FloorDivide,
    cst.ModuloAssign: cst.Modulo,
    cst.PowerAssign: cst.Power,
    cst.MatrixMultiplyAssign: cst.MatrixMultiply,
    cst.BitAndAssign: cst.BitAnd,
    cst.BitOrAssign: cst.BitOr,
    cst.BitXorAssign: cst.BitXor,
    cst.LeftShiftAssign: cst.LeftShift,
    cst.RightShiftAssign: cst.RightShift,
}


class RuleSet:
    """The enabled rules' checks, built once per process, with their handlers by node type.

    A rule that supersedes an enabled one runs even when it is not enabled itself, silently: its
    findings only hide the ones it supersedes. So `--ignore NAN102` does not make NAN101 appear on
    `log(softmax(x))`, and what a rule reports never depends on which other rules are enabled."""

    def __init__(self, rules: Iterable, catalog: Optional[Dict[str, object]] = None) -> None:
        enabled = list(rules)
        self.codes = {rule.code for rule in enabled}
        shadows = [
            rule
            for rule in (catalog or {}).values()
            if rule.code not in self.codes and self.codes & set(rule.params.get("supersedes", ()))
        ]
        self.checks = [build_check(rule) for rule in enabled + shadows]
        self.superseded: Dict[str, set] = {}
        for check in self.checks:
            for code in check.params.supersedes:
                self.superseded.setdefault(check.rule.code, set()).add(code)


def may_import_torch(text: str) -> bool:
    """False only for a file that cannot import anything named like torch: the pre-parse skip."""
    if TORCH_WORD in text:
        return True
    return not text.isascii() and TORCH_WORD in unicodedata.normalize("NFKC", text)


def imports_torch(node: cst.CSTNode) -> bool:
    """Whether an import statement names a module or a name containing "torch"."""
    if isinstance(node, cst.ImportFrom) and node.module is not None and TORCH_WORD in dotted_name(node.module):
        return True
    names = node.names if isinstance(node.names, (list, tuple)) else ()
    return any(TORCH_WORD in (dotted_name(alias.name) or "") for alias in names)


def check_source(
    source: SourceFile,
    ruleset: RuleSet,
    is_test: bool = False,
    known_codes: Iterable[str] = (),
    named: bool = False,
    target: Optional[str] = None,
) -> FileResult:
    """Check one file. A file that cannot import torch is not parsed unless it was `named` on the
    command line (its syntax errors are then reported); `target` is the `target-version` its
    syntax must keep to."""
    with _collector_paused():
        return _check_source(source, ruleset, is_test, known_codes, named, target)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic collector scans every live object at each full collection, and a parsed file
    is hundreds of thousands of nodes that hold no cycles: collecting while they live makes a check
    grow faster than its file (a sixth of an 80,000-line file's time). Paused for one file's check;
    what it left behind is collected as usual after."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _check_source(
    source: SourceFile, ruleset: RuleSet, is_test: bool, known_codes: Iterable[str], named: bool, target: Optional[str]
) -> FileResult:
    text = source.text
    beside_torch = not may_import_torch(text) and project_modules().torch_neighbour(source.path, text) is not None
    imports = beside_torch or may_import_torch(text)
    if (
        not imports
        and not named
        and not (ruleset.codes & META_CODES and "NAN" in text and SUPPRESSION_WORD.search(text))
    ):
        return FileResult()
    version = target_version(target) if target else None
    try:
        module = (None if version else project_modules().parsed(source.path, text)) or parse(source.path, text, version)
    except Unparsed as failure:
        if not (imports or named) or SKIP_FILE_LINE.search(
            text
        ):  # nothing to report there; skip-file is taken at its word
            return FileResult()
        return FileResult(errors=[failure.error])
    known = set(known_codes) | ruleset.codes

    def check() -> FileResult:
        if SKIP_FILE_LINE.search(text) and suppressions.skips_file(module):
            return FileResult()
        newer = newer_syntax(module, text, version) if version else None
        errors = [FileError(source.path, newer.reason(target), "syntax", newer.line, newer.column)] if newer else []
        if not imports:  # only its suppression comments can be reported
            findings = suppressions.apply(
                FileContext(source.path, text, is_test, module), [], known, set(), ruleset.codes
            )
            return FileResult(findings, errors)
        result = check_tree(module, source.path, text, ruleset, is_test, known, torch_code=beside_torch)
        result.errors[:0] = errors
        return result

    try:
        return deep_enough(check)
    except (RecursionError, MemoryError) as error:
        return FileResult(errors=[FileError(source.path, too_large(error))])


def module_model(path: str, text: str, module: cst.Module, project: Optional[ProjectModules] = None) -> FileContext:
    """What the value analysis knows of a file other files ask about, without walking it: its
    top-level imports, and the assignments of its module body and of each function in source order
    (the call-site scan's), as a caller's or a callee's are read."""
    ctx = FileContext(path, text, False, module, project)
    for statement in module.body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, (cst.Import, cst.ImportFrom)):
                ctx.add_import(small)
    ctx.scopes.append(ctx.module_scope())
    return ctx


def _read_model_source(path: str) -> Optional[Tuple[str, cst.Module]]:
    try:
        text = read(path).text
        return text, parse(path, text)
    except (SourceError, Unparsed, RecursionError, MemoryError):
        return None


_project: Optional[ProjectModules] = None


def project_modules() -> ProjectModules:
    """The project files this process has walked, shared by every file it checks."""
    global _project
    if _project is None:
        _project = ProjectModules(
            lambda path, text, module: module_model(path, text, module, _project), _read_model_source
        )
    return _project


def forget_project() -> None:
    """A new run begins: the project's files may have changed, or appeared, since the last one, and
    what a walked model concluded from other files (who calls a function, what they pass) with them.
    A process that checks again (the language server, `--watch`, the Python API) starts afresh."""
    global _project
    _project = None


def check_tree(
    module: cst.Module,
    path: str,
    text: str,
    ruleset: RuleSet,
    is_test: bool = False,
    known_codes: Iterable[str] = (),
    torch_code: bool = False,
) -> FileResult:
    """Walk a parsed file with every rule; the rules' findings count only if it imports torch or is
    `torch_code` (a project file next to one that does)."""
    result = FileResult()
    project = project_modules()
    ctx = FileContext(path, text, is_test, module, project)
    project.begin(ctx)
    walker = _Walker(ctx, ruleset, result.errors)
    walker.run(module)
    findings = _drop_superseded(ctx.findings, ruleset.superseded) if walker.imports_torch or torch_code else []
    findings = [finding for finding in findings if finding.code in ruleset.codes]
    ran = {
        check.rule.code for check in walker.checks
    } & ruleset.codes  # a rule disabled by an internal error cannot be judged
    result.findings = suppressions.apply(ctx, findings, set(known_codes) | ruleset.codes, ran, ruleset.codes)
    result.depends = project.consulted(ctx)
    return result


class _Walker:
    """One iterative pass over the tree (no recursion limit on deep code), keeping the context
    current and calling each rule's handlers as it enters a node. A handler may return a function,
    which is called when the walk leaves the node (after its children)."""

    def __init__(self, ctx: FileContext, ruleset: RuleSet, errors: List[FileError]) -> None:
        self.ctx = ctx
        self.errors = errors
        self.checks = list(ruleset.checks)
        self.handlers: Dict[type, List[Tuple[object, Callable]]] = {}
        for check in self.checks:
            for node_type, handler in check.handlers().items():
                self.handlers.setdefault(node_type, []).append((check, handler))
        self.imports_torch = False

    def run(self, tree: cst.Module) -> None:
        ctx = self.ctx
        for check in list(self.checks):
            self._guarded(check, check.begin, ctx)
        ctx.push_scope(tree, "module")
        stack: list = [tree]
        while stack:
            item = stack.pop()
            if item.__class__ is _Exit:
                self._guarded(item.check, item.function) if item.check is not None else item.function()
                continue
            self._enter(item, stack)
        for check in list(self.checks):
            self._guarded(check, check.end, ctx)

    def _guarded(self, check, function: Callable, *args) -> None:
        if check not in self.checks:
            return
        try:
            function(*args)
        except Exception as error:  # a bug in one rule must not stop the others
            self._disable(check, error)

    def _disable(self, check, error: Exception) -> None:
        if isinstance(error, RecursionError):
            raise error  # not the rule's fault: the file is checked again with a deeper stack
        self.checks.remove(check)
        for node_type, handlers in self.handlers.items():
            self.handlers[node_type] = [(c, h) for c, h in handlers if c is not check]
        self.errors.append(
            FileError(
                self.ctx.path,
                f"internal error in rule {check.rule.code} ({check.rule.name}): {type(error).__name__}: {error}",
                "internal",
            )
        )

    def _enter(self, node: cst.CSTNode, stack: list) -> None:
        ctx = self.ctx
        node_type = node.__class__
        if node_type is cst.Import or node_type is cst.ImportFrom:
            ctx.add_import(node)
            self.imports_torch = self.imports_torch or imports_torch(node)
        if node_type in CONTEXT_NODES:
            exit_action = self._exit_action(node, node_type)
            if exit_action is not None:
                stack.append(_Exit(None, exit_action))
        handlers = self.handlers.get(node_type)
        if handlers:
            for check, handler in handlers:
                try:
                    leave = handler(node, ctx)
                except Exception as error:  # a bug in one rule must not stop the others
                    self._disable(check, error)
                    continue
                if leave is not None:
                    stack.append(_Exit(check, leave))
        if node_type is cst.For:
            if node.orelse is not None:
                stack.append(node.orelse)
            stack.append(node.body)
            stack.append(_Exit(None, lambda: self._record_loop_target(node.target, node.iter)))
            stack.append(node.iter)
            return
        for name in reversed(child_fields(node_type)):
            value = getattr(node, name)
            kind = value.__class__
            if kind is tuple or kind is list:  # code fields hold sequences of nodes only
                stack.extend(reversed(value))
            elif kind not in LEAF_VALUES:  # isinstance(value, CSTNode) is an ABC check, five times slower
                stack.append(value)

    def _exit_action(self, node: cst.CSTNode, node_type: type) -> Optional[Callable]:
        ctx = self.ctx
        scope = SCOPES.get(node_type)
        if scope is not None:
            ctx.push_scope(node, scope)
            return ctx.pop_scope
        if node_type is cst.Assign:
            return lambda: [self._record_target(target.target, node.value) for target in node.targets]
        if node_type is cst.AnnAssign or node_type is cst.NamedExpr:
            return (lambda: self._record_target(node.target, node.value)) if node.value is not None else None
        if node_type is cst.AugAssign and isinstance(node.target, cst.Name):
            combined = cst.BinaryOperation(
                left=node.target, operator=AUGMENTED[type(node.operator)](), right=node.value
            )
            ctx.positions.made_from[id(combined)] = node
            return lambda: ctx.record(node.target.value, combined)
        if node_type is cst.With:
            for item in node.items:
                if item.asname is not None:
                    self._record_target(item.asname.name, None)
            if ctx.enter_with(node):
                return self._leave_no_grad
            return None
        if node_type is cst.If and not _is_main_guard(node):
            ctx.enter_if(node)
            return self._leave_if
        return None

    def _leave_no_grad(self) -> None:
        self.ctx.grad_off_depth -= 1

    def _leave_if(self) -> None:
        self.ctx.if_depth -= 1

    def _record_target(self, target: cst.CSTNode, value: Optional[cst.CSTNode]) -> None:
        if isinstance(target, cst.Name):
            self.ctx.record(target.value, value)
        elif is_self_attribute(target):
            self.ctx.record(f"self.{target.attr.value}", value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            parts = elements(target)
            starred = any(isinstance(part, cst.StarredElement) for part in parts)
            for index, part in enumerate(parts):
                self._record_target(part, None if value is None or starred else self._element_of(value, index))
        elif isinstance(target, cst.StarredElement):
            self._record_target(target.value, None)
        elif isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
            self.ctx.record_write(target.value.value, value)
            key = item_key(target)
            if key is not None:  # `out["hm"] = sigmoid(z)`: the item is followed as a value of its own
                self.ctx.record(key, value)

    def _record_loop_target(self, target: cst.CSTNode, iterated: cst.CSTNode) -> None:
        """A `for` target is bound to what the loop iterates, as its elements are read from it; through
        `enumerate(xs)` and `zip(xs, ys)` each part to the iterable it runs over."""
        parts = elements(target) if isinstance(target, (cst.Tuple, cst.List)) else None
        iterables = parallel_iterables(iterated, len(parts)) if parts is not None else None
        if parts is None or iterables is None:
            self._record_target(target, iterated)
            return
        for index, (part, iterable) in enumerate(zip(parts, iterables)):
            self._record_target(part, iterable if iterable is not None else self._element_of(iterated, index))

    def _element_of(self, value: cst.CSTNode, index: int) -> cst.CSTNode:
        """`value[index]`, standing for one element of a tuple unpacking; the element itself when
        `value` is a tuple display (`lo, hi = x.min(), x.max()`) or is made element-wise from one
        (`a, b = map(torch.sigmoid, (x, y))`)."""
        shown = plain_elements(value)
        if shown is not None and index < len(shown):
            return shown[index]
        mapped = mapped_element(value, index, self.ctx.positions.made_from)
        if mapped is not None:
            return mapped
        element = cst.Subscript(value=value, slice=[cst.SubscriptElement(cst.Index(cst.Integer(str(index))))])
        self.ctx.positions.made_from[id(element)] = value
        return element


class _Exit:
    """A function to call when the walk leaves a node; `check` is the rule it belongs to, if any."""

    __slots__ = ("check", "function")

    def __init__(self, check, function: Callable) -> None:
        self.check = check
        self.function = function


def _is_main_guard(node: cst.If) -> bool:
    """`if __name__ == "__main__":` runs a script's body; it is no condition such as a debug switch."""
    if not isinstance(node.test, cst.Comparison):
        return False
    left, parts = comparison(node.test)
    return (
        isinstance(left, cst.Name)
        and left.value == "__name__"
        and len(parts) == 1
        and parts[0][0] is cst.Equal
        and string_value(parts[0][1]) == "__main__"
    )


def _drop_superseded(findings: List[Finding], superseded: Dict[str, set]) -> List[Finding]:
    """A finding is dropped when a rule that supersedes its rule reports an expression containing
    it: `log(softmax(x))` as a whole, or the `log(p)` inside a hand-written cross-entropy. Sorting
    makes this O(n log n): a span is inside some winner's span when, among the winners starting
    at or before it, the furthest end reaches past its end."""
    if not superseded:
        return findings
    winners: Dict[str, List[Span]] = {}
    for finding in findings:
        for code in superseded.get(finding.code, ()):
            winners.setdefault(code, []).append(finding.span)
    reach = {code: _furthest_ends(spans) for code, spans in winners.items()}
    return [f for f in findings if f.code not in reach or not _inside_any(f.span, *reach[f.code])]


def _furthest_ends(spans: List[Span]) -> Tuple[List[tuple], List[tuple]]:
    """The winners' starts, sorted, and for each the furthest end among the spans up to it."""
    ordered = sorted(spans, key=lambda span: (span.line, span.column))
    starts, ends, furthest = [], [], None
    for span in ordered:
        end = (span.end_line, span.end_column)
        furthest = end if furthest is None or end > furthest else furthest
        starts.append((span.line, span.column))
        ends.append(furthest)
    return starts, ends


def _inside_any(span: Span, starts: List[tuple], ends: List[tuple]) -> bool:
    index = bisect.bisect_right(starts, (span.line, span.column)) - 1
    return index >= 0 and ends[index] >= (span.end_line, span.end_column)
