"""The statements of a function (or a script) that ran between two of its lines: a step to replay.

A step checked at the tripwire runs, in the frame that calls `backward()`, from the statement that
made its first module call to the one that calls `backward()`. To replay it op by op, those
statements are taken from the file's source, at their own line numbers, with what ends them early
(`return`, and `break`/`continue` of the loop around them) turned into an exception that ends the
replay, and compiled to run in a namespace of their own. Does not import torch.
"""

from __future__ import annotations

import ast
import types
from dataclasses import dataclass
from typing import List, Optional, Union

_BLOCKS = ("body", "orelse", "finalbody")
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)


class RegionEnd(Exception):
    """Raised where the replayed statements would have returned or left their loop."""


@dataclass
class Region:
    code: types.CodeType  # the statements, compiled at their own lines; run it with `RegionEnd` in its namespace
    first_line: int
    last_line: int


def region(
    path: str, function: types.CodeType, first_line: int, last_line: int, values_at_the_end: bool = False
) -> Union[Region, str]:
    """The statements of `function` in `path` from the one holding `first_line` to the one holding
    `last_line`, or why they cannot be replayed. `values_at_the_end`: they will run on the variables as
    they were after them, which is right only if they assign no variable they read first."""
    scope = _scope(path, function)
    if isinstance(scope, str):
        return scope
    statements = _statements_between(scope.body, first_line, last_line)
    if not statements:
        return "lines %d to %d of %s are not statements of one block" % (first_line, last_line, path)
    why = _unreplayable(statements) or (_read_then_assigned(statements) if values_at_the_end else "")
    if why:
        return why
    module = ast.Module(body=[_Ends().visit(statement) for statement in statements], type_ignores=[])
    ast.fix_missing_locations(module)
    try:
        return Region(compile(module, path, "exec"), statements[0].lineno, statements[-1].end_lineno or last_line)
    except SyntaxError as error:
        return "the statements do not compile on their own (%s)" % error.msg


def loop_body_start(path: str, function: types.CodeType, line: int) -> Union[int, str]:
    """The first line of the body of the innermost loop of `function` around `line` (a training loop's
    step starts there), or why there is none."""
    scope = _scope(path, function)
    if isinstance(scope, str):
        return scope
    loops = [
        node
        for node in _walk_scope(scope)
        if isinstance(node, _LOOPS)
        and node is not scope
        and node.body[0].lineno <= line <= (node.body[-1].end_lineno or line)
    ]
    if not loops:
        return "backward() is called outside a loop and no module was called in the step"
    return max(loops, key=lambda loop: loop.body[0].lineno).body[0].lineno


def _scope(path: str, function: types.CodeType):
    try:
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), path)
    except (OSError, SyntaxError, ValueError) as error:
        return "its source could not be read (%s)" % str(error).split("\n")[0][:120]
    return _scope_of(tree, function) or "`%s` was not found in %s" % (function.co_name, path)


def _read_then_assigned(statements: List[ast.stmt]) -> str:
    """A variable the statements read before they assign it (`x = x / x.std()`): run on the values after
    them, they would not compute what they did."""
    assigned = set()
    for statement in statements:
        for node in _walk_scope(statement):
            if (
                isinstance(node, ast.Name)
                and isinstance(node.ctx, ast.Load)
                and node.id in _stored(statements)
                and node.id not in assigned
            ):
                return (
                    "`%s` is read, then assigned, by the step's statements: its value at the step's start is gone"
                    % node.id
                )
        assigned |= _stored([statement])
    return ""


def _stored(statements: List[ast.stmt]) -> set:
    return {
        node.id
        for statement in statements
        for node in _walk_scope(statement)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
    }


def _scope_of(tree: ast.Module, function: types.CodeType):
    if function.co_name == "<module>":
        return tree
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == function.co_name:
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            if function.co_firstlineno in (first, node.lineno):
                return node
    return None


def _statements_between(block: List[ast.stmt], first_line: int, last_line: int) -> List[ast.stmt]:
    """The innermost block holding both lines, cut from the statement of the first to that of the last."""
    first, last = _holding(block, first_line), _holding(block, last_line)
    if first is None or last is None or first > last:
        return []
    if first == last:
        for inner in _inner_blocks(block[first]):
            found = _statements_between(inner, first_line, last_line)
            if found:
                return found
    return block[first : last + 1]


def _holding(block: List[ast.stmt], line: int) -> Optional[int]:
    for index, statement in enumerate(block):
        if statement.lineno <= line <= (statement.end_lineno or statement.lineno):
            return index
    return None


def _inner_blocks(statement: ast.stmt) -> List[List[ast.stmt]]:
    if isinstance(statement, _SCOPES):
        return []
    blocks = [getattr(statement, name) for name in _BLOCKS if getattr(statement, name, None)]
    blocks += [handler.body for handler in getattr(statement, "handlers", [])]
    blocks += [case.body for case in getattr(statement, "cases", [])]
    return blocks


def _unreplayable(statements: List[ast.stmt]) -> str:
    for statement in statements:
        for node in _walk_scope(statement):
            if isinstance(node, (ast.Yield, ast.YieldFrom, ast.Await, ast.AsyncFor, ast.AsyncWith)):
                return "the statements at line %d suspend (yield or await)" % node.lineno
            if isinstance(node, ast.Nonlocal):
                return "the statements at line %d assign a variable of an enclosing function" % node.lineno
    return ""


def _walk_scope(node: ast.AST):
    """The nodes of a statement, without descending into the functions and classes it defines."""
    yield node
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, _SCOPES):
            yield from _walk_scope(child)


class _Ends(ast.NodeTransformer):
    """`return` (outside nested functions) and `break`/`continue` (outside nested loops) end the replay."""

    def __init__(self):
        self.loops = 0

    def _end(self, node: ast.stmt) -> ast.stmt:
        ending = ast.Raise(exc=ast.Name(id="RegionEnd", ctx=ast.Load()), cause=None)
        return ast.copy_location(ending, node)

    def visit_Return(self, node: ast.Return) -> ast.stmt:
        return self._end(node)

    def visit_Break(self, node: ast.Break) -> ast.stmt:
        return node if self.loops else self._end(node)

    def visit_Continue(self, node: ast.Continue) -> ast.stmt:
        return node if self.loops else self._end(node)

    def _loop(self, node: ast.stmt) -> ast.stmt:
        self.loops += 1
        try:
            return self.generic_visit(node)
        finally:
            self.loops -= 1

    visit_For = visit_While = _loop

    def _scope(self, node: ast.AST) -> ast.AST:
        return node  # a function or class defined in the step keeps its own returns and loops

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = _scope
