"""Expression patterns for the catalog: `log(softmax($x, *$rest))` -> `torch.log_softmax($x, *$rest)`.

A pattern is a Python expression in which:
- `$name` captures any expression (a second `$name` must match the same code);
- `*$name` as the last argument of a call captures the remaining arguments and keywords;
- a call of a bare name, `log(...)`, matches the torch operation of that name in either form:
  `torch.log(x)`, `torch.special.log(x)`, `F.log(x)` or the tensor method `x.log()` (the receiver
  is the first operand); `(clamp|clip)(...)` matches either name;
- numbers match equal numeric literals; `+` and `*` match in either order;
- `($name := sub-pattern)` matches the sub-pattern and captures what it matched as `$name`, so a
  template can reuse a whole sub-expression (`$num / ($den := sum($a) + sum($b))`);
- where the code has a local name, the matcher follows its assignment (`p = x.softmax(-1)` then
  `torch.log(p)` matches `log(softmax($x, *$rest))`); such a match is *indirect* and gets no fix
  when the template uses a capture from another statement, since rewriting it would move code
  across statements.

A replacement template is an expression whose calls name qualified functions
(`torch.log_softmax`); they are spelled through the file's own import aliases. A match that did
not capture every name the template uses gets no fix, so a rule can list patterns it can rewrite
and patterns it can only report.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from nanlint.names import dotted_name
from nanlint.syntax import same_code
from nanlint.values import literal_number

PREFIX = "__mv_"


def _compile(text: str) -> ast.AST:
    return ast.parse(text.replace("$", PREFIX).strip(), mode="eval").body


def _capture_name(node: ast.AST) -> Optional[str]:
    if isinstance(node, ast.Name) and node.id.startswith(PREFIX):
        return node.id[len(PREFIX):]
    return None


def _alternatives(func: ast.AST) -> Optional[Tuple[str, ...]]:
    if isinstance(func, ast.Name):
        return (func.id,)
    if isinstance(func, ast.BinOp) and isinstance(func.op, ast.BitOr):
        left, right = _alternatives(func.left), _alternatives(func.right)
        if left and right:
            return left + right
    return None


@dataclass
class Match:
    captures: Dict[str, object] = field(default_factory=dict)
    indirect: bool = False

    def copy(self) -> "Match":
        return Match(dict(self.captures), self.indirect)


class Pattern:
    MAX_HOPS = 4

    def __init__(self, text: str) -> None:
        self.text = text
        self.tree = _compile(text)
        self.root_ops = _alternatives(self.tree.func) if isinstance(self.tree, ast.Call) else None
        self.root_type = type(self.tree)

    def match(self, node: ast.AST, ctx) -> Optional[Match]:
        if self.root_ops is not None:
            # Most calls are not the operation this pattern is about: say no before matching.
            if not isinstance(node, ast.Call):
                return None
            described = ctx.describe(node)
            if described is None or described[0] not in self.root_ops:
                return None
        elif not isinstance(node, self.root_type):
            return None
        elif self.root_type is ast.BinOp and type(node.op) is not type(self.tree.op):
            return None
        return _Matcher(ctx).match(self.tree, node, Match(), top=True)


class _Matcher:
    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.hops = 0

    def match(self, pattern: ast.AST, node: ast.AST, state: Match, top: bool = False) -> Optional[Match]:
        name = _capture_name(pattern)
        if name is not None:
            return self._capture(name, node, state)
        if isinstance(pattern, ast.NamedExpr) and _capture_name(pattern.target):
            inner = self.match(pattern.value, node, state, top)
            return self._capture(_capture_name(pattern.target), node, inner) if inner is not None else None
        if not top and isinstance(node, ast.Name):
            followed = self._follow(pattern, node, state)
            if followed is not None:
                return followed
        if isinstance(pattern, ast.Call):
            return self._call(pattern, node, state)
        value = literal_number(pattern)
        if value is not None:
            return state if literal_number(node) == value else None
        if type(pattern) is not type(node):
            return None
        if isinstance(pattern, ast.BinOp):
            return self._binop(pattern, node, state)
        return self._fields(pattern, node, state)

    def _capture(self, name: str, node: ast.AST, state: Match) -> Optional[Match]:
        known = state.captures.get(name)
        if known is None:
            state = state.copy()
            state.captures[name] = node
            return state
        return state if same_code(known, node) else None

    def _follow(self, pattern: ast.AST, node: ast.Name, state: Match) -> Optional[Match]:
        if self.hops >= Pattern.MAX_HOPS:
            return None
        found = self.ctx.lookup(node)
        if found is None:
            return None
        self.hops += 1
        try:
            result = self.ctx.at(found[0], self.match, pattern, found[1], state)
        finally:
            self.hops -= 1
        if result is not None:
            result = result.copy()
            result.indirect = True
        return result

    def _call(self, pattern: ast.Call, node: ast.AST, state: Match) -> Optional[Match]:
        if not isinstance(node, ast.Call):
            return None
        ops = _alternatives(pattern.func)
        if ops is None:
            return None
        described = self.ctx.describe(node)
        if described is None or described[0] not in ops:
            return None
        _, operands, keywords = described
        return self._arguments(pattern, operands, keywords, state)

    def _arguments(self, pattern: ast.Call, operands: List[ast.AST], keywords: Dict[str, ast.AST], state: Match):
        wanted = list(pattern.args)
        rest = None
        if wanted and isinstance(wanted[-1], ast.Starred):
            rest = _capture_name(wanted.pop().value)
        if len(operands) < len(wanted) or rest is None and len(operands) != len(wanted):
            return None
        for sub_pattern, operand in zip(wanted, operands):
            state = self.match(sub_pattern, operand, state)
            if state is None:
                return None
        remaining = dict(keywords)
        for keyword in pattern.keywords:
            value = remaining.pop(keyword.arg, None)
            if value is None:
                return None
            state = self.match(keyword.value, value, state)
            if state is None:
                return None
        if rest is not None:
            state = state.copy()
            state.captures[rest] = (operands[len(wanted):], remaining)
        return state

    def _binop(self, pattern: ast.BinOp, node: ast.BinOp, state: Match) -> Optional[Match]:
        if type(pattern.op) is not type(node.op):
            return None
        orders = [(node.left, node.right)]
        if isinstance(node.op, (ast.Add, ast.Mult)):
            orders.append((node.right, node.left))
        for left, right in orders:
            attempt = self.match(pattern.left, left, state)
            if attempt is not None:
                attempt = self.match(pattern.right, right, attempt)
                if attempt is not None:
                    return attempt
        return None

    def _fields(self, pattern: ast.AST, node: ast.AST, state: Match) -> Optional[Match]:
        for name, expected in ast.iter_fields(pattern):
            actual = getattr(node, name, None)
            if name == "ctx":
                continue
            if isinstance(expected, ast.AST):
                if not isinstance(actual, ast.AST):
                    return None
                state = self.match(expected, actual, state)
            elif isinstance(expected, list):
                if not isinstance(actual, list) or len(actual) != len(expected):
                    return None
                for sub_pattern, sub_node in zip(expected, actual):
                    state = self.match(sub_pattern, sub_node, state) if isinstance(sub_pattern, ast.AST) else state
                    if state is None:
                        return None
            elif type(expected) is not type(actual) or expected != actual:
                return None
            if state is None:
                return None
        return state


class Template:
    """Render a replacement expression with captured code, spelled through the file's imports."""

    ATOMS = (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant, ast.List, ast.Tuple, ast.Dict)

    def __init__(self, text: str) -> None:
        self.text = text
        self.tree = _compile(text)

    def capture_names(self) -> set:
        return {name for name in map(_capture_name, ast.walk(self.tree)) if name is not None}

    def qualified_names(self) -> List[str]:
        names = []
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Call):
                dotted = _qualified(node.func)
                if dotted:
                    names.append(dotted)
        return names

    def render(self, match: Match, ctx, spell) -> Optional[str]:
        """The replacement code, or None when a name cannot be spelled in this file."""
        if not self.capture_names() <= set(match.captures):
            return None
        pieces: Dict[str, str] = {}
        substitute = _Substitute(match, ctx, spell, pieces, self.text.replace("$", PREFIX).strip())
        tree = substitute.visit(_compile(self.text))
        if substitute.failed:
            return None
        text = ast.unparse(tree)
        for placeholder, code in pieces.items():
            if placeholder.startswith("__rest"):
                text = text.replace(", *" + placeholder, ", " + code if code else "")
                text = text.replace("*" + placeholder, code)
            else:
                text = text.replace(placeholder, code)
        return text


def _qualified(func: ast.AST) -> Optional[str]:
    """A dotted module path such as `torch.log_softmax` (not a method on a capture)."""
    dotted = dotted_name(func)
    if dotted and "." in dotted and not dotted.startswith(PREFIX):
        return dotted
    return None


# Binding strength of arithmetic operators, to parenthesize a captured operand only when needed.
PRECEDENCE = {ast.Add: 1, ast.Sub: 1, ast.Mult: 2, ast.Div: 2, ast.FloorDiv: 2, ast.Mod: 2, ast.MatMult: 2}


class _Substitute(ast.NodeTransformer):
    def __init__(self, match: Match, ctx, spell, pieces: Dict[str, str], text: str) -> None:
        self.text = text
        self.match = match
        self.ctx = ctx
        self.spell = spell
        self.pieces = pieces
        self.failed = False

    def _placeholder(self, code: str, prefix: str = "__cap") -> ast.Name:
        name = f"{prefix}{len(self.pieces)}__"
        self.pieces[name] = code
        return ast.Name(id=name, ctx=ast.Load())

    def _captured(self, name: str, as_argument: bool) -> ast.AST:
        node = self.match.captures[name]
        code = self.ctx.source(node)
        if not as_argument and not isinstance(node, Template.ATOMS):
            code = f"({code})"
        return self._placeholder(code)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        dotted = _qualified(node.func)
        if dotted:
            spelled = self.spell(dotted)
            if spelled is None:
                self.failed = True
            else:
                node.func = ast.parse(spelled, mode="eval").body
        else:
            node.func = self.visit(node.func)
        args = []
        for arg in node.args:
            if isinstance(arg, ast.Starred) and _capture_name(arg.value):
                operands, keywords = self.match.captures[_capture_name(arg.value)]
                code = ", ".join([self.ctx.source(o) for o in operands] + [f"{k}={self.ctx.source(v)}" for k, v in keywords.items()])
                args.append(ast.Starred(value=self._placeholder(code, "__rest"), ctx=ast.Load()))
            elif _capture_name(arg):
                args.append(self._captured(_capture_name(arg), as_argument=True))
            else:
                args.append(self.visit(arg))
        node.args = args
        for keyword in node.keywords:
            name = _capture_name(keyword.value)
            keyword.value = self._captured(name, True) if name else self.visit(keyword.value)
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        """`$a + 1` with `$a` = `x * y` renders `x * y + 1`: a captured operation that binds at least
        as tightly as its place needs no parentheses (strictly tighter on the right)."""
        parent = PRECEDENCE.get(type(node.op))
        for side in ("left", "right"):
            child = getattr(node, side)
            name = _capture_name(child)
            captured = self.match.captures.get(name) if name else None
            tight = isinstance(captured, ast.BinOp) and PRECEDENCE.get(type(captured.op), 0) + (side == "left") > (parent or 99)
            setattr(node, side, self._captured(name, as_argument=True) if tight else self.visit(child))
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        """Keep literals as the template wrote them (`1e-6`, not unparse's `1e-06`)."""
        return self._placeholder(ast.get_source_segment(self.text, node) or repr(node.value))

    def visit_Name(self, node: ast.Name) -> ast.AST:
        name = _capture_name(node)
        return self._captured(name, as_argument=False) if name else node
