"""Expression patterns for the catalog: `log(softmax($x, *$rest))` -> `torch.log_softmax($x, *$rest)`.

A pattern is a Python expression in which:
- `$name` captures any expression (a second `$name` must match the same code);
- `*$name` as the last argument of a call captures the remaining arguments and keywords (a `*args`
  and a `**kwargs` of the code included); a `$name` never captures a `*args` (the match fails), and a
  call with a `**kwargs` matched by a pattern without `*$name` gets no fix (`dropped_keywords`);
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

import copy
import dataclasses
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Dict, List, NamedTuple, Optional, Tuple

import libcst as cst
from libcst._nodes.internal import CodegenState

from nanlint.analysis.names import dotted_name
from nanlint.analysis.syntax import NAME_FIELDS, TOKEN_FIELDS, code_of, parse_expression, same_code, string_value, walk
from nanlint.analysis.values import literal_number

PREFIX = "__mv_"


class PatternError(ValueError):
    """A pattern or template that is not an expression."""


def _compile(text: str) -> cst.BaseExpression:
    try:
        return parse_expression(text.replace("$", PREFIX).strip())
    except cst.ParserSyntaxError as error:
        raise PatternError(f"`{text}` is not an expression ({error.message})") from None


def _capture_name(node: cst.CSTNode) -> Optional[str]:
    if isinstance(node, cst.Name) and node.value.startswith(PREFIX):
        return node.value[len(PREFIX) :]
    return None


def _alternatives(func: cst.CSTNode) -> Optional[Tuple[str, ...]]:
    if isinstance(func, cst.Name):
        return (func.value,)
    if isinstance(func, cst.BinaryOperation) and isinstance(func.operator, cst.BitOr):
        left, right = _alternatives(func.left), _alternatives(func.right)
        if left and right:
            return left + right
    return None


def _is_rest(arg: cst.Arg) -> bool:
    """`*$rest` in a call of a pattern or template."""
    return arg.star == "*" and _capture_name(arg.value) is not None


@lru_cache(maxsize=None)
def _compared_fields(node_type: type) -> Tuple[str, ...]:
    """The fields a generic comparison looks at: code, names, operators and values, never
    whitespace, parentheses or commas."""
    return tuple(
        f.name
        for f in dataclasses.fields(node_type)
        if f.name not in TOKEN_FIELDS and not f.name.startswith("whitespace")
    )


class Rest(NamedTuple):
    """What a `*$rest` captured: the remaining operands (a `*args` as its `cst.Arg`), the keywords
    passed by name, and the `**kwargs` arguments (`cst.Arg`s)."""

    operands: List[cst.CSTNode]
    keywords: Dict[str, cst.CSTNode]
    double_star: Tuple[cst.Arg, ...] = ()

    def nodes(self) -> List[cst.CSTNode]:
        return [*self.operands, *self.keywords.values(), *self.double_star]


@dataclass
class Match:
    captures: Dict[str, object] = field(default_factory=dict)
    indirect: bool = False
    # The code passed keywords the pattern does not name (`F.softmax(x, dim=1, _stacklevel=5)` for
    # `softmax($x, dim=$d)`): it still matches, but a template would drop them, so there is no fix.
    dropped_keywords: bool = False
    followed: Tuple[cst.CSTNode, ...] = ()  # the assigned values an indirect match went through

    def copy(self) -> "Match":
        return Match(dict(self.captures), self.indirect, self.dropped_keywords, self.followed)


class Pattern:
    MAX_HOPS = 4

    def __init__(self, text: str) -> None:
        self.text = text
        self.tree = _compile(text)
        self.root_ops = _alternatives(self.tree.func) if isinstance(self.tree, cst.Call) else None
        self.root_type = type(self.tree)

    def capture_names(self) -> set:
        """The names it captures as code (not a `*$rest` of arguments)."""
        rests = {_capture_name(node.value) for node in walk(self.tree) if isinstance(node, cst.Arg) and node.star}
        return {name for name in map(_capture_name, walk(self.tree)) if name is not None} - rests

    def match(self, node: cst.CSTNode, ctx) -> Optional[Match]:
        if self.root_ops is not None:
            # Most calls are not the operation this pattern is about: say no before matching. A
            # call's op is its attribute's name (`torch.log`, `x.log`), or a name imported as one.
            if node.__class__ is not cst.Call:
                return None
            func = node.func
            if func.__class__ is cst.Attribute:
                if func.attr.value not in self.root_ops:
                    return None
            elif func.__class__ is not cst.Name or func.value not in ctx.imports.aliases:
                return None
            described = ctx.describe(node)
            if described is None or described[0] not in self.root_ops:
                return None
        elif not isinstance(node, self.root_type):
            return None
        elif self.root_type is cst.BinaryOperation and type(node.operator) is not type(self.tree.operator):
            return None
        return _Matcher(ctx).match(self.tree, node, Match(), top=True)


class _Matcher:
    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.hops = 0

    def match(self, pattern: cst.CSTNode, node: cst.CSTNode, state: Match, top: bool = False) -> Optional[Match]:
        name = _capture_name(pattern)
        if name is not None:
            return self._capture(name, node, state)
        if isinstance(pattern, cst.NamedExpr) and _capture_name(pattern.target):
            inner = self.match(pattern.value, node, state, top)
            return self._capture(_capture_name(pattern.target), node, inner) if inner is not None else None
        if not top and isinstance(node, cst.Name) and node.value not in ("True", "False", "None"):
            followed = self._follow(pattern, node, state)
            if followed is not None:
                return followed
        if isinstance(pattern, cst.Call):
            return self._call(pattern, node, state)
        value = literal_number(pattern)
        if value is not None:
            return state if literal_number(node) == value else None
        if type(pattern) is not type(node):
            return None
        if isinstance(pattern, cst.BinaryOperation):
            return self._binop(pattern, node, state)
        return self._fields(pattern, node, state)

    def _capture(self, name: str, node: cst.CSTNode, state: Match) -> Optional[Match]:
        known = state.captures.get(name)
        if known is None:
            state = state.copy()
            state.captures[name] = node
            return state
        return state if same_code(known, node) else None

    def _follow(self, pattern: cst.CSTNode, node: cst.Name, state: Match) -> Optional[Match]:
        if self.hops >= Pattern.MAX_HOPS:
            return None
        found = self.ctx.lookup(node)
        if found is None:
            return None
        self.hops += 1
        try:
            result = self.ctx.at(found.seq, self.match, pattern, found.value, state)
        finally:
            self.hops -= 1
        if result is not None:
            result = result.copy()
            result.indirect = True
            result.followed = (found.value, *result.followed)
        return result

    def _call(self, pattern: cst.Call, node: cst.CSTNode, state: Match) -> Optional[Match]:
        if not isinstance(node, cst.Call):
            return None
        ops = _alternatives(pattern.func)
        if ops is None:
            return None
        described = self.ctx.describe(node)
        if described is None or described[0] not in ops:
            return None
        _, operands, keywords = described
        double_star = [arg for arg in node.args if arg.star == "**"]
        return self._arguments(pattern, operands, keywords, state, double_star)

    def _arguments(
        self,
        pattern: cst.Call,
        operands: List[cst.CSTNode],
        keywords: Dict[str, cst.CSTNode],
        state: Match,
        double_star: List[cst.Arg] = (),
    ):
        wanted = [arg for arg in pattern.args if arg.keyword is None]
        rest = None
        if wanted and _is_rest(wanted[-1]):
            rest = _capture_name(wanted.pop().value)
        if len(operands) < len(wanted) or rest is None and len(operands) != len(wanted):
            return None
        for sub_pattern, operand in zip(wanted, operands):
            if isinstance(operand, cst.Arg):
                return None  # a `*args` (positional_args keeps it as its Arg): only a `*$rest` takes it
            state = self.match(sub_pattern.value, operand, state)
            if state is None:
                return None
        remaining = dict(keywords)
        for keyword in pattern.args:
            if keyword.keyword is None:
                continue
            value = remaining.pop(keyword.keyword.value, None)
            if value is None:
                return None
            state = self.match(keyword.value, value, state)
            if state is None:
                return None
        if rest is not None:
            state = state.copy()
            state.captures[rest] = Rest(list(operands[len(wanted) :]), remaining, tuple(double_star))
        elif remaining or double_star:
            state = state.copy()
            state.dropped_keywords = True
        return state

    def _binop(self, pattern: cst.BinaryOperation, node: cst.BinaryOperation, state: Match) -> Optional[Match]:
        if type(pattern.operator) is not type(node.operator):
            return None
        orders = [(node.left, node.right)]
        if isinstance(node.operator, (cst.Add, cst.Multiply)):
            orders.append((node.right, node.left))
        for left, right in orders:
            attempt = self.match(pattern.left, left, state)
            if attempt is not None:
                attempt = self.match(pattern.right, right, attempt)
                if attempt is not None:
                    return attempt
        return None

    def _fields(self, pattern: cst.CSTNode, node: cst.CSTNode, state: Match) -> Optional[Match]:
        """Nodes of the same type: the same operators (by type), names and literal values, and
        matching code in every field that holds code."""
        if isinstance(pattern, (cst.SimpleString, cst.ConcatenatedString)) and string_value(pattern) is not None:
            return state if string_value(pattern) == string_value(node) else None
        names = NAME_FIELDS.get(type(pattern), ())
        for name in _compared_fields(type(pattern)):
            expected, actual = getattr(pattern, name, None), getattr(node, name, None)
            if name == "operator" or name in names:
                if not _same_token(expected, actual):
                    return None
            elif isinstance(expected, cst.CSTNode):
                if not isinstance(actual, cst.CSTNode):
                    return None
                state = self.match(expected, actual, state)
            elif isinstance(expected, (list, tuple)):
                if not isinstance(actual, (list, tuple)) or len(actual) != len(expected):
                    return None
                for sub_pattern, sub_node in zip(expected, actual):
                    state = self.match(sub_pattern, sub_node, state) if isinstance(sub_pattern, cst.CSTNode) else state
                    if state is None:
                        return None
            elif isinstance(actual, cst.CSTNode) or expected != actual:
                return None
            if state is None:
                return None
        return state


def _same_token(expected, actual) -> bool:
    """An operator (by type) or a name that is not a variable (`x.attr`, `f(key=...)`), by its text."""
    if isinstance(expected, cst.CSTNode) and not isinstance(expected, (cst.BaseExpression, cst.BaseSlice)):
        return type(expected) is type(actual)
    if expected is None or actual is None or not isinstance(expected, cst.CSTNode):
        return expected is actual or expected == actual
    return same_code(expected, actual)


class Template:
    """Render a replacement expression with captured code, spelled through the file's imports."""

    ATOMS = (
        cst.Name,
        cst.Attribute,
        cst.Call,
        cst.Subscript,
        cst.Integer,
        cst.Float,
        cst.Imaginary,
        cst.SimpleString,
        cst.ConcatenatedString,
        cst.FormattedString,
        cst.List,
        cst.Tuple,
        cst.Dict,
        cst.Set,
    )

    def __init__(self, text: str) -> None:
        self.text = text
        self.tree = _compile(text)
        self._capture_names = {name for name in map(_capture_name, walk(self.tree)) if name is not None}
        self._qualified_names = [
            dotted
            for dotted in (_qualified(node.func) for node in walk(self.tree) if isinstance(node, cst.Call))
            if dotted
        ]

    def capture_names(self) -> set:
        return set(self._capture_names)

    def qualified_names(self) -> List[str]:
        return list(self._qualified_names)

    def build(self, match: Match, ctx, spell) -> Optional[cst.BaseExpression]:
        """The replacement as a libcst tree holding the captured nodes, or None when the match
        lacks a capture or a name cannot be spelled in this file."""
        if not self._capture_names <= set(match.captures):
            return None
        substitute = _Substitute(match, spell)
        tree = self.tree.visit(substitute)
        if substitute.failed:
            return None
        if substitute.is_inserted(tree):
            return substitute.placed(tree, _precedence(tree) < 0, bracketed=True)  # a tuple keeps its parentheses
        return tree

    def render(self, match: Match, ctx, spell, at: Optional[cst.CSTNode] = None) -> Optional[str]:
        """The replacement code, or None when a name cannot be spelled in this file; `at`: the node
        it replaces, whose enclosing blocks indent the continuation lines."""
        tree = self.build(match, ctx, spell)
        return None if tree is None else render_code(ctx, tree, at)


def render_code(ctx, node: cst.CSTNode, at: Optional[cst.CSTNode] = None) -> str:
    """The code of a built replacement, in the file's own newlines and indentation when `ctx` has
    its module. `at` is the node of the file the code replaces: the continuation lines of captured
    code (`x +\\n        y`) are written by libcst as the indentation of the enclosing blocks plus
    their own rest, so they are rendered with the indentation of the blocks around `at` (without
    `at`, or when it is not found in the module, as at module level)."""
    module = getattr(ctx, "module", None)
    if not isinstance(module, cst.Module):
        return code_of(node)
    state = CodegenState(
        default_indent=module.default_indent,
        default_newline=module.default_newline,
        indent_tokens=_indent_tokens(ctx, module, at) if at is not None else [],
    )
    node._codegen(state)
    return "".join(state.tokens)


def _indent_tokens(ctx, module: cst.Module, node: cst.CSTNode) -> List[str]:
    """The indentation libcst writes before each line of `node`'s statement: one token per enclosing
    indented block (`match` statements indent their cases too), found by walking down from the
    module to `node` by identity, into the nodes whose position holds `node`'s start."""
    node = ctx.positions.file_node(node)
    parents = ctx.positions.parents()
    tokens = []
    ancestor = parents.get(id(node))
    while ancestor is not None:
        if isinstance(ancestor, (cst.IndentedBlock, cst.Match)):
            tokens.append(module.default_indent if ancestor.indent is None else ancestor.indent)
        ancestor = parents.get(id(ancestor))
    return tokens[::-1]


def _qualified(func: cst.CSTNode) -> Optional[str]:
    """A dotted module path such as `torch.log_softmax` (not a method on a capture)."""
    dotted = dotted_name(func)
    if dotted and "." in dotted and not dotted.startswith(PREFIX):
        return dotted
    return None


# --- precedence: a captured node is parenthesized only where its new place needs it ------------

ATOM = 16
BINARY_PRECEDENCE = {
    cst.BitOr: 7,
    cst.BitXor: 8,
    cst.BitAnd: 9,
    cst.LeftShift: 10,
    cst.RightShift: 10,
    cst.Add: 11,
    cst.Subtract: 11,
    cst.Multiply: 12,
    cst.Divide: 12,
    cst.FloorDivide: 12,
    cst.Modulo: 12,
    cst.MatrixMultiply: 12,
    cst.Power: 14,
}
UNARY = 13
COMPARISON = 6
BOOLEAN_PRECEDENCE = {cst.Or: 3, cst.And: 4}


def _precedence(node: cst.CSTNode) -> int:
    """How tightly `node` binds, without its own parentheses (higher binds tighter)."""
    if isinstance(node, cst.BinaryOperation):
        return BINARY_PRECEDENCE.get(type(node.operator), 0)
    if isinstance(node, cst.UnaryOperation):
        return 5 if isinstance(node.operator, cst.Not) else UNARY
    if isinstance(node, cst.Comparison):
        return COMPARISON
    if isinstance(node, cst.BooleanOperation):
        return BOOLEAN_PRECEDENCE.get(type(node.operator), 0)
    if isinstance(node, cst.IfExp):
        return 2
    if isinstance(node, cst.Lambda):
        return 1
    if isinstance(node, cst.Await):
        return 15
    if isinstance(node, cst.Tuple):
        return -1  # parenthesized in every place: `f((1, 2))` is not `f(1, 2)`, `a[(1, 2)]` is `a[1, 2]`
    if isinstance(node, (cst.NamedExpr, cst.Yield, cst.StarredElement)):
        return 0
    return ATOM


def _required(parent: cst.CSTNode, name: str) -> int:
    """The precedence a node needs to stand unparenthesized in field `name` of `parent`."""
    if isinstance(parent, cst.BinaryOperation):
        own = BINARY_PRECEDENCE.get(type(parent.operator), ATOM)
        if isinstance(parent.operator, cst.Power):
            return 15 if name == "left" else UNARY  # `(-x) ** 2`, `(a ** b) ** c`; but `a ** -b`
        return own if name == "left" else own + 1
    if isinstance(parent, cst.UnaryOperation):
        return 5 if isinstance(parent.operator, cst.Not) else UNARY
    if isinstance(parent, cst.BooleanOperation):
        own = BOOLEAN_PRECEDENCE.get(type(parent.operator), 0)
        return own if name == "left" else own + 1
    if isinstance(parent, (cst.Comparison, cst.ComparisonTarget)):
        return COMPARISON + 1
    if isinstance(parent, cst.IfExp):
        return 2 if name == "orelse" else 3
    if isinstance(parent, (cst.Attribute, cst.Call, cst.Subscript, cst.Await)):
        return ATOM
    if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
        return 0
    return 1


def _needs_parens(node: cst.CSTNode, parent: cst.CSTNode, name: str) -> bool:
    if isinstance(parent, cst.Attribute) and isinstance(node, cst.Integer):
        return True  # `1.real` does not parse
    if isinstance(parent, cst.UnaryOperation) and isinstance(node, cst.UnaryOperation):
        return True  # `-(-z)`, not `--z`
    return _precedence(node) < _required(parent, name)


# Places inside brackets, where a captured expression may span lines without its own parentheses.
BRACKETED = (cst.Arg, cst.Element, cst.StarredElement, cst.Index, cst.DictElement, cst.Slice)


def _parens_hold_comments(node: cst.CSTNode) -> bool:
    """The node's own parentheses hold a comment or a line break (`( # why\n a - b)`)."""
    lpar, rpar = getattr(node, "lpar", ()), getattr(node, "rpar", ())
    return any(not isinstance(p.whitespace_after, cst.SimpleWhitespace) for p in lpar) or any(
        not isinstance(p.whitespace_before, cst.SimpleWhitespace) for p in rpar
    )


class _Substitute(cst.CSTTransformer):
    """The template tree with every capture replaced by the captured node, qualified calls
    spelled through the file's imports and `*$rest` expanded into the remaining arguments."""

    def __init__(self, match: Match, spell) -> None:
        super().__init__()
        self.match = match
        self.spell = spell
        self.failed = False
        self.inserted: Dict[int, Tuple[cst.CSTNode, cst.CSTNode]] = {}  # id(bare node) -> (bare, as captured)

    # captured nodes

    def _insert(self, captured: cst.CSTNode) -> cst.CSTNode:
        """The captured node without its own parentheses (the place decides), remembered as inserted.
        A tuple keeps its own: it needs them in every place (see `_precedence`)."""
        bare = captured
        if (
            getattr(captured, "lpar", None)
            and not isinstance(captured, cst.Tuple)
            and not _parens_hold_comments(captured)
        ):
            bare = captured.with_changes(lpar=[], rpar=[])
        self.inserted[id(bare)] = (bare, captured)
        return bare

    def is_inserted(self, node: cst.CSTNode) -> bool:
        return id(node) in self.inserted

    def placed(self, bare: cst.CSTNode, needs_parens: bool, bracketed: bool) -> cst.CSTNode:
        """An inserted node as it must be written where it now stands: parenthesized when its place
        needs it, or when it spans lines outside brackets and came with parentheses."""
        captured = self.inserted[id(bare)][1]
        multiline = not bracketed and bare is not captured and "\n" in code_of(bare)
        if not needs_parens and not multiline:
            return bare
        if getattr(captured, "lpar", None):
            return captured  # its own parentheses, comments and all
        return bare.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])

    def on_leave(self, original_node, updated_node):
        result = super().on_leave(original_node, updated_node)
        if isinstance(result, cst.CSTNode) and not self.is_inserted(result):
            result = self._parenthesize_children(result)
        return result

    def _parenthesize_children(self, parent: cst.CSTNode) -> cst.CSTNode:
        changes = {}
        for f in dataclasses.fields(type(parent)):
            child = getattr(parent, f.name, None)
            if isinstance(child, cst.CSTNode) and self.is_inserted(child):
                placed = self.placed(child, _needs_parens(child, parent, f.name), isinstance(parent, BRACKETED))
                if placed is not child:
                    changes[f.name] = placed
        return parent.with_changes(**changes) if changes else parent

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        name = _capture_name(original_node)
        return self._insert(self.match.captures[name]) if name else updated_node

    # calls

    def visit_Arg(self, node: cst.Arg) -> bool:
        return not _is_rest(node)  # `*$rest` is expanded by its call

    def _rest(self, arg: cst.Arg) -> List[cst.Arg]:
        """The remaining operands and keywords a `*$rest` captured, as arguments (a `*args` and a
        `**kwargs` of the code as they were written)."""
        operands, keywords, double_star = self.match.captures[_capture_name(arg.value)]
        args = [
            _starred(operand) if isinstance(operand, cst.Arg) else cst.Arg(value=self._argument(operand, keyword=False))
            for operand in operands
        ]
        args += [
            cst.Arg(value=self._argument(value, keyword=True), keyword=cst.Name(name), equal=NO_SPACE_EQUAL)
            for name, value in keywords.items()
        ]
        args += [_starred(double) for double in double_star]
        return args

    def _argument(self, captured: cst.CSTNode, keyword: bool) -> cst.CSTNode:
        bare = self._insert(captured)
        return self.placed(bare, _precedence(bare) < (1 if keyword else 0), bracketed=True)

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
        node = updated_node
        dotted = _qualified(original_node.func)
        if dotted:
            spelled = self.spell(dotted)
            if spelled is None:
                self.failed = True
            else:
                node = node.with_changes(func=parse_expression(spelled))
        if any(_is_rest(arg) for arg in node.args):
            node = _with_args(node, [new for arg in node.args for new in (self._rest(arg) if _is_rest(arg) else [arg])])
        return node


def _starred(arg: cst.Arg) -> cst.Arg:
    """A `*args` or `**kwargs` of the code as an argument of the replacement (its comma left to libcst)."""
    changes = {"comma": cst.MaybeSentinel.DEFAULT}
    if isinstance(arg.whitespace_after_arg, cst.SimpleWhitespace):
        changes["whitespace_after_arg"] = cst.SimpleWhitespace("")
    return arg.with_changes(**changes)


def _with_args(call: cst.Call, args: List[cst.Arg]) -> cst.Call:
    """`call` with `args`, the commas left to libcst (none after the last). A user's template may
    put keywords before a positional argument (`f(*$rest, $x)`), which libcst refuses to build:
    that call is built anyway, so that its fix fails the parse check of the fixed file, which
    reports the mistake, as it did when fixes were rendered as text."""
    if args and isinstance(args[-1].comma, cst.Comma):
        args = [*args[:-1], args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)]
    try:
        return call.with_changes(args=args)
    except cst.CSTValidationError:
        unchecked = copy.copy(call)  # a copy without __init__, so without libcst's validation
        object.__setattr__(unchecked, "args", tuple(args))
        return unchecked


NO_SPACE_EQUAL = cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace(""))
