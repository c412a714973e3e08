"""Check one file: parse it once, walk it once with every enabled rule, apply suppressions."""

from __future__ import annotations

import ast
import re
import unicodedata
import warnings
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Dict, Iterable, List, Optional, Tuple

from nanlint.checks import build_check
from nanlint.context import NEWLINE, FileContext
from nanlint.ftypes import FileError, Finding, Span
from nanlint.source import SourceFile

SKIP_FILE = re.compile(r"^[ \t]*#[ \t]*nanlint:[ \t]*skip-file\b", re.M)  # a comment on its own line
SUPPRESSION = re.compile(r"#\s*(?:noqa(?P<colon>:\s*(?P<noqa>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?|nanlint:\s*ignore\[(?P<ignore>[^\]]*)\])", re.I)
SUPPRESSION_WORD = re.compile(r"noqa|nanlint:", re.I)  # cheap test before reading every line
# Only torch code is checked: the rules' findings are kept only if one of the file's imports names
# a module or a name containing "torch" (torch, torchvision, pytorch_lightning, is_torch_available).
# Such an import spells "torch" in the text, up to the NFKC normalisation Python applies to
# identifiers, so a file whose text lacks it is skipped before parsing with the same result.
TORCH_WORD = "torch"
UNKNOWN_SUPPRESSION = "NAN001"
SCOPES = {ast.FunctionDef: "function", ast.AsyncFunctionDef: "function", ast.Lambda: "function", ast.ClassDef: "class"}
# Nodes that change the context (scopes, assignments, grad mode, conditions) around their children.
CONTEXT_NODES = frozenset(SCOPES) | {ast.Assign, ast.AnnAssign, ast.NamedExpr, ast.AugAssign, ast.With, ast.AsyncWith, ast.If, ast.For, ast.AsyncFor}


@dataclass
class FileResult:
    findings: List[Finding] = field(default_factory=list)
    errors: List[FileError] = field(default_factory=list)


class RuleSet:
    """The enabled rules' checks, built once per process, with their handlers by node type."""

    def __init__(self, rules: Iterable) -> None:
        self.checks = [build_check(rule) for rule in rules]
        self.codes = {check.rule.code for check in self.checks}
        self.superseded: Dict[str, set] = {}
        for check in self.checks:
            for code in check.params.get("supersedes", ()):
                self.superseded.setdefault(check.rule.code, set()).add(code)


def may_import_torch(text: str) -> bool:
    """False only for a file that cannot import anything named like torch: the pre-parse skip."""
    if TORCH_WORD in text:
        return True
    return not text.isascii() and TORCH_WORD in unicodedata.normalize("NFKC", text)


def imports_torch(node: ast.AST) -> bool:
    """Whether an import statement names a module or a name containing "torch"."""
    return TORCH_WORD in (getattr(node, "module", None) or "") or any(TORCH_WORD in alias.name for alias in node.names)


def check_source(source: SourceFile, ruleset: RuleSet, is_test: bool = False, known_codes: Iterable[str] = ()) -> FileResult:
    text = source.text
    if SKIP_FILE.search(text):
        return FileResult()
    known = set(known_codes) | ruleset.codes
    report_unknown = UNKNOWN_SUPPRESSION in ruleset.codes
    if not may_import_torch(text):
        result = FileResult()
        if report_unknown and "NAN" in text:
            result.findings = _suppress(FileContext(source.path, text, is_test), [], known, report_unknown)
        return result
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text, filename=source.path, type_comments=False)
    except SyntaxError as error:
        line = error.lineno or 0
        where = "" if not line else f":{line}:{error.offset}" if error.offset else f":{line}"
        return FileResult(errors=[FileError(source.path, f"{source.path}{where}: syntax error: {error.msg}", "error", line)])
    except (RecursionError, MemoryError) as error:  # Python itself cannot compile such a file either
        why = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        return FileResult(errors=[FileError(source.path, f"{source.path}: too deeply nested or too large for Python's parser ({why})")])
    except ValueError as error:
        return FileResult(errors=[FileError(source.path, f"{source.path}: cannot parse: {error}")])
    return check_tree(tree, source.path, text, ruleset, is_test, known)


def check_tree(tree: ast.Module, path: str, text: str, ruleset: RuleSet, is_test: bool = False, known_codes: Iterable[str] = ()) -> FileResult:
    """Walk a parsed file with every rule; the rules' findings count only if it imports torch."""
    result = FileResult()
    ctx = FileContext(path, text, is_test)
    ctx.set_import_line(tree)
    walker = _Walker(ctx, ruleset, result.errors)
    walker.run(tree)
    findings = _drop_superseded(ctx.findings, ruleset.superseded) if walker.imports_torch else []
    result.findings = _suppress(ctx, findings, set(known_codes) | ruleset.codes, UNKNOWN_SUPPRESSION in ruleset.codes)
    return result


# ASDL field types that never hold a node a check could look at: names, literals, and the
# operator and context singletons (`Load()`, `Add()`), which are a third of all nodes.
# A check that registers a handler for an operator type makes the walk visit them again.
SCALAR_FIELD_TYPES = frozenset({"identifier", "string", "int", "constant"})
OPERATOR_FIELD_TYPES = frozenset({"expr_context", "operator", "boolop", "unaryop", "cmpop"})
OPERATOR_NODES = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)
ASDL_FIELD = re.compile(r"(\w+)[*?]? (\w+)")


@lru_cache(maxsize=None)
def walked_fields(node_type: type, operators: bool = False) -> Tuple[str, ...]:
    """The fields of `node_type` that can hold child nodes worth visiting, read from the ASDL
    signature in its docstring (`Name(identifier id, expr_context ctx)`); all fields if unreadable."""
    signature = (node_type.__doc__ or "").split("\n", 1)[0]
    kinds = {field: kind for kind, field in ASDL_FIELD.findall(signature.partition("(")[2])}
    if set(node_type._fields) - set(kinds):
        return tuple(node_type._fields)
    leaves = SCALAR_FIELD_TYPES if operators else SCALAR_FIELD_TYPES | OPERATOR_FIELD_TYPES
    return tuple(field for field in node_type._fields if kinds[field] not in leaves)


class _Walker:
    """One iterative pass over the tree (no recursion limit on deep code), keeping the context
    current and calling each rule's handlers as it enters a node."""

    def __init__(self, ctx: FileContext, ruleset: RuleSet, errors: List[FileError]) -> None:
        self.ctx = ctx
        self.errors = errors
        self.checks = list(ruleset.checks)
        self.handlers: Dict[type, List[Tuple[object, Callable]]] = {}
        for check in self.checks:
            for node_type, handler in check.handlers().items():
                self.handlers.setdefault(node_type, []).append((check, handler))
        self.imports_torch = False
        self.operators = any(issubclass(node_type, OPERATOR_NODES) for node_type in self.handlers)

    def run(self, tree: ast.Module) -> None:
        ctx = self.ctx
        for check in list(self.checks):
            self._guarded(check, check.begin, ctx)
        ctx.push_scope(tree, "module")
        stack: list = [tree]
        while stack:
            item = stack.pop()
            if callable(item):
                item()
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
        self.checks.remove(check)
        for node_type, handlers in self.handlers.items():
            self.handlers[node_type] = [(c, h) for c, h in handlers if c is not check]
        self.errors.append(FileError(self.ctx.path, f"{self.ctx.path}: internal error in rule {check.rule.code} ({check.rule.name}): {type(error).__name__}: {error}", "internal"))

    def _enter(self, node: ast.AST, stack: list) -> None:
        ctx = self.ctx
        node_type = node.__class__
        if node_type is ast.Import or node_type is ast.ImportFrom:
            ctx.add_import(node)
            self.imports_torch = self.imports_torch or imports_torch(node)
        handlers = self.handlers.get(node_type)
        if handlers:
            for check, handler in handlers:
                try:
                    handler(node, ctx)
                except Exception as error:  # a bug in one rule must not stop the others
                    self._disable(check, error)
        if node_type in CONTEXT_NODES:
            exit_action = self._exit_action(node, node_type)
            if exit_action is not None:
                stack.append(exit_action)
            if node_type is ast.For or node_type is ast.AsyncFor:
                stack.extend(reversed(node.orelse))
                stack.extend(reversed(node.body))
                stack.append(lambda: self._record_target(node.target, node.iter))
                stack.append(node.iter)
                return
        for name in reversed(walked_fields(node_type, self.operators)):
            value = getattr(node, name, None)
            if value is None:
                continue
            if value.__class__ is list:
                stack.extend(child for child in reversed(value) if isinstance(child, ast.AST))
            elif isinstance(value, ast.AST):
                stack.append(value)

    def _exit_action(self, node: ast.AST, node_type: type) -> Optional[Callable]:
        ctx = self.ctx
        scope = SCOPES.get(node_type)
        if scope is not None:
            ctx.push_scope(node, scope)
            return ctx.pop_scope
        if node_type is ast.Assign:
            return lambda: [self._record_target(target, node.value) for target in node.targets]
        if node_type in (ast.AnnAssign, ast.NamedExpr):
            return (lambda: self._record_target(node.target, node.value)) if node.value is not None else None
        if node_type is ast.AugAssign and isinstance(node.target, ast.Name):
            combined = ast.copy_location(ast.BinOp(left=ast.Name(id=node.target.id, ctx=ast.Load()), op=node.op, right=node.value), node)
            return lambda: ctx.record(node.target.id, combined)
        if node_type in (ast.With, ast.AsyncWith):
            for item in node.items:
                if item.optional_vars is not None:
                    self._record_target(item.optional_vars, None)
            if ctx.enter_with(node):
                return self._leave_no_grad
            return None
        if node_type is ast.If and not _is_main_guard(node):
            ctx.if_depth += 1
            return self._leave_if
        return None

    def _leave_no_grad(self) -> None:
        self.ctx.grad_off_depth -= 1

    def _leave_if(self) -> None:
        self.ctx.if_depth -= 1

    def _record_target(self, target: ast.AST, value: Optional[ast.AST]) -> None:
        if isinstance(target, ast.Name):
            self.ctx.record(target.id, value)
        elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
            self.ctx.record(f"self.{target.attr}", value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for index, element in enumerate(target.elts):
                element_value = None
                if value is not None and not any(isinstance(e, ast.Starred) for e in target.elts):
                    element_value = ast.copy_location(ast.Subscript(value=value, slice=ast.Constant(index), ctx=ast.Load()), value)
                self._record_target(element, element_value)
        elif isinstance(target, ast.Starred):
            self._record_target(target.value, None)


def _is_main_guard(node: ast.If) -> bool:
    """`if __name__ == "__main__":` runs a script's body; it is no condition such as a debug switch."""
    test = node.test
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.comparators) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )


def _drop_superseded(findings: List[Finding], superseded: Dict[str, set]) -> List[Finding]:
    """A finding is dropped when a rule that supersedes its rule reports an expression containing
    it: `log(softmax(x))` as a whole, or the `log(p)` inside a hand-written cross-entropy."""
    if not superseded:
        return findings
    winners: Dict[str, List[Span]] = {}
    for finding in findings:
        for code in superseded.get(finding.code, ()):
            winners.setdefault(code, []).append(finding.span)
    return [f for f in findings if not any(_contains(span, f.span) for span in winners.get(f.code, ()))]


def _contains(outer: Span, inner: Span) -> bool:
    return (outer.line, outer.column) <= (inner.line, inner.column) and (inner.end_line, inner.end_column) <= (outer.end_line, outer.end_column)


def _suppress(ctx: FileContext, findings: List[Finding], known_codes: set, report_unknown: bool) -> List[Finding]:
    """Drop findings silenced by `# noqa[: CODES]` or `# nanlint: ignore[CODES]` on their lines,
    and report suppressions that name a NAN code no rule has."""
    if not SUPPRESSION_WORD.search(ctx.text):
        return findings
    comments = _suppression_comments(ctx.text)
    kept = []
    for finding in findings:
        lines = range(finding.span.line, finding.span.end_line + 1)
        if not any(line in comments and _silences(comments[line], finding.code) for line in lines):
            kept.append(finding)
    for line, codes in sorted(comments.items()) if report_unknown else ():
        for code in codes or ():
            if code.startswith("NAN") and code not in known_codes:
                kept.append(_unknown_code(ctx, line, code))
    return kept


def _suppression_comments(text: str) -> Dict[int, Optional[set]]:
    """Line -> codes it suppresses (None: every code)."""
    comments: Dict[int, Optional[set]] = {}
    for number, line in enumerate(NEWLINE.split(text), start=1):
        if "#" not in line:
            continue
        for match in SUPPRESSION.finditer(line):
            codes = match.group("noqa") or match.group("ignore")
            if codes is None and match.group("colon") is None and match.group("ignore") is None:
                comments[number] = None
            elif number not in comments or comments[number] is not None:
                comments.setdefault(number, set()).update(c.upper() for c in re.split(r"[\s,]+", codes or "") if c)
    return comments


def _silences(codes: Optional[set], code: str) -> bool:
    """`codes` of one line's suppression; None is a blanket `# noqa`."""
    return codes is None or code in codes


def _unknown_code(ctx: FileContext, line: int, code: str) -> Finding:
    spelled = re.search(re.escape(code), ctx.line_text(line), re.I)  # the comment may write `nan999`
    column = spelled.start() + 1 if spelled else 1
    span = Span(line, column, line, column + len(code))
    return Finding(ctx.path, span, UNKNOWN_SUPPRESSION, "unknown-suppression", f"Suppression names `{code}`, which is not a nanlint rule")
