"""Small questions about libcst trees that several checks ask.

libcst keeps every token, so the same question needs a little more unwrapping than on Python's
`ast`: `True` is a `Name`, a call's keywords are `Arg`s with a `keyword`, `x[0]` holds its index
in a `SubscriptElement(Index(...))`, and a comparison keeps its operators in `ComparisonTarget`s.
These helpers give the answers the checks want in one place.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Dict, Iterator, List, Optional, Tuple

import libcst as cst

from nanlint.analysis.names import dotted_name
from nanlint.analysis.ops import VIEWS

# Trailing-underscore methods that do not change a tensor's values.
NOT_INPLACE = frozenset({"requires_grad_", "share_memory_", "detach_", "retain_grad", "register_hook", "record_stream"})

LITERAL_NAMES = {"True": True, "False": False, "None": None}

# Fields that hold only tokens (whitespace, parentheses, commas, operators) or names that are not
# variable uses (`Attribute.attr`, a keyword argument's name, a def's name): the walk and code
# keys skip them. Whitespace nodes are about half of a libcst tree.
TOKEN_FIELDS = frozenset(
    {
        "lpar",
        "rpar",
        "comma",
        "colon",
        "semicolon",
        "equal",
        "dot",
        "leading_lines",
        "lines_after_decorators",
        "header",
        "footer",
        "trailing_whitespace",
        "newline",
        "indent",
        "asynchronous",
        "star_tok",
        "lbracket",
        "rbracket",
        "lbrace",
        "rbrace",
        "between",
        "before",
        "after",
        "whitespace",
        "leading_whitespace",
        "separator",
    }
)
NAME_FIELDS = {
    cst.Attribute: ("attr",),
    cst.Arg: ("keyword",),
    cst.FunctionDef: ("name",),
    cst.ClassDef: ("name",),
    cst.Param: ("name",),
    cst.ExceptHandler: ("name",),
    cst.ExceptStarHandler: ("name",),
    cst.Import: ("names",),
    cst.ImportFrom: ("module", "names"),
    cst.Global: ("names",),
    cst.Nonlocal: ("names",),
}


# Node types whose dataclass fields are not in the order the code runs (and `ast` walked them):
# a class's bases before its body, an except clause's type before its body, a case's guard
# before its body. Names assigned in the first are then known in the second.
EVALUATION_ORDER = {
    cst.ClassDef: ("type_parameters", "bases", "keywords", "body", "decorators"),
    cst.ExceptHandler: ("type", "body"),
    cst.ExceptStarHandler: ("type", "body"),
    cst.MatchCase: ("pattern", "guard", "body"),
}


@lru_cache(maxsize=None)
def child_fields(node_type: type) -> Tuple[str, ...]:
    """The fields of a libcst node type that can hold expressions or statements, in the order
    the code runs (as `ast` lists them)."""
    if node_type in EVALUATION_ORDER:
        return EVALUATION_ORDER[node_type]
    skipped = NAME_FIELDS.get(node_type, ())
    return tuple(
        f.name
        for f in dataclasses.fields(node_type)
        if f.name not in TOKEN_FIELDS
        and f.name not in skipped
        and f.name != "operator"
        and not f.name.startswith("whitespace")
    )


# What a code field holds when it holds no node: a name's or a literal's text, a flag, nothing.
LEAF_VALUES = frozenset({str, bool, type(None), cst.MaybeSentinel})


# Nodes whose `test` decides whether what follows runs.
CONDITIONS = frozenset({cst.If, cst.While, cst.Assert, cst.IfExp})


def children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The child nodes of `node` that hold code (no tokens, no whitespace), in evaluation order."""
    for name in child_fields(node.__class__):
        value = getattr(node, name)
        kind = value.__class__
        if kind is tuple or kind is list:
            yield from value
        elif kind not in LEAF_VALUES:
            yield value


def walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """`node` and every node of code below it (pre-order, iterative: deep code cannot overflow)."""
    stack = [node]
    while stack:
        item = stack.pop()
        yield item
        stack.extend(reversed(list(children(item))))


# --- names and literals ------------------------------------------------------------------------


def name_of(node: Optional[cst.CSTNode]) -> Optional[str]:
    """The identifier of a `Name` node (not `True`/`False`/`None`), else None."""
    if isinstance(node, cst.Name) and node.value not in LITERAL_NAMES:
        return node.value
    return None


def attribute_name(node: Optional[cst.CSTNode]) -> Optional[str]:
    """`attr` for an `x.attr` node, else None."""
    return node.attr.value if isinstance(node, cst.Attribute) else None


def called_name(func: cst.CSTNode) -> str:
    """`f` for `f(...)` and `m` for `x.m(...)`; "" for anything else."""
    if isinstance(func, cst.Name):
        return func.value
    return func.attr.value if isinstance(func, cst.Attribute) else ""


def binding_key(node: cst.CSTNode) -> Optional[str]:
    """How the value analysis names what `node` refers to: "x" for `x`, "self.loss" for `self.loss`."""
    name = name_of(node)
    if name is not None:
        return name
    if isinstance(node, cst.Attribute) and name_of(node.value) == "self":
        return f"self.{node.attr.value}"
    return None


def assigned_pairs(target: cst.CSTNode, value: cst.CSTNode) -> List[Tuple[cst.CSTNode, cst.CSTNode]]:
    """(target, value) pairs of an assignment: a tuple of targets given a tuple of values pairwise
    (`self.G, self.D = G, D`), else the target and the whole value."""
    targets, values = elements(target), elements(value)
    if targets is not None and values is not None and len(targets) == len(values):
        return list(zip(targets, values))
    return [(target, value)]


def names_bound(target: cst.CSTNode) -> Iterator[str]:
    """The plain names an assignment target binds, unpacking too (`a, *rest = ...`: a and rest)."""
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from names_bound(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from names_bound(target.value)


def keys_changed(target: cst.CSTNode) -> Iterator[str]:
    """What assigning to `target` changes, as the value analysis names it: the names it binds, `self.x`,
    and the object an attribute or item is set on (`losses` for `losses[i] = ...`)."""
    key = binding_key(target)
    if key is not None:
        yield key
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from keys_changed(element.value)
    elif isinstance(target, (cst.StarredElement, cst.Attribute, cst.Subscript)):
        yield from keys_changed(target.value)


def item_key(node: cst.CSTNode) -> Optional[str]:
    """How the value analysis names an item of a container at a constant key: `out["hm"]` is
    "out['hm']", `self.cache[0]` is "self.cache[0]"; None for any other subscript."""
    if not isinstance(node, cst.Subscript) or len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    base = binding_key(node.value)
    index = node.slice[0].slice.value
    key = string_value(index)
    if key is None and isinstance(index, cst.Integer):
        key = number_value(index)
    return f"{base}[{key!r}]" if base is not None and key is not None else None


def value_key(node: cst.CSTNode) -> Optional[str]:
    """`binding_key`, or `item_key` for an item at a constant key: what an assignment binds."""
    return binding_key(node) or item_key(node)


def display_element(value: cst.CSTNode, key) -> Optional[cst.CSTNode]:
    """The element at `key` of a tuple or list display (an int key; no starred element up to it)
    or of a dict display (a string key): `return a, b` at 1 is `b`, `return {"hm": x}` at "hm" is `x`."""
    if isinstance(value, (cst.Tuple, cst.List)) and isinstance(key, int):
        parts = value.elements
        if not -len(parts) <= key < len(parts) or any(isinstance(e, cst.StarredElement) for e in parts):
            return None
        return parts[key].value
    if isinstance(value, cst.Dict) and isinstance(key, str):
        for entry in value.elements:
            if isinstance(entry, cst.DictElement) and string_value(entry.key) == key:
                return entry.value
    return None


def is_self_attribute(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self"


def is_literal(node: Optional[cst.CSTNode], value) -> bool:
    """`node` is the literal True, False or None given as `value`."""
    return isinstance(node, cst.Name) and node.value in LITERAL_NAMES and LITERAL_NAMES[node.value] is value


def is_constant(node: Optional[cst.CSTNode]) -> bool:
    """A literal: a number, a string, True/False/None, Ellipsis (what `ast.Constant` was)."""
    return isinstance(
        node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString, cst.Ellipsis)
    ) or (isinstance(node, cst.Name) and node.value in LITERAL_NAMES)


def number_value(node: Optional[cst.CSTNode]):
    """The int or float an `Integer`/`Float` literal spells (`1_000`, `0x10`, `1e-8`), else None."""
    if isinstance(node, (cst.Integer, cst.Float)):
        try:
            return node.evaluated_value
        except (ValueError, SyntaxError):
            return None
    return None


def string_value(node: Optional[cst.CSTNode]) -> Optional[str]:
    """The text of a plain string literal (`"a"`, `'a' 'b'`), else None (f-strings, bytes)."""
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        try:
            value = node.evaluated_value
        except (ValueError, SyntaxError):
            return None
        return value if isinstance(value, str) else None
    return None


def is_abstract(function: cst.FunctionDef) -> bool:
    """A method a subclass must provide: `@abstractmethod`, or a body that only raises
    `NotImplementedError` (besides its docstring); not a hook that does nothing (`pass`), which the
    base class's own instances run too."""
    if any(called_name(decorator.decorator) == "abstractmethod" for decorator in function.decorators):
        return True
    body = statements(function.body)
    if body and isinstance(body[0], cst.Expr) and isinstance(body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        body = body[1:]
    return bool(body) and all(_placeholder(statement) for statement in body)


def _placeholder(statement: cst.CSTNode) -> bool:
    if isinstance(statement, cst.Raise) and statement.exc is not None:
        raised = statement.exc.func if isinstance(statement.exc, cst.Call) else statement.exc
        return called_name(raised) == "NotImplementedError"
    return False


def is_docstring(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


# --- calls -------------------------------------------------------------------------------------


def positional_args(call: cst.Call) -> List[cst.CSTNode]:
    """The values passed by position; a `*args` stays its `Arg` (an opaque value to the checks,
    where it is, so that counting and indexing the others stays right). No keywords, no `**kw`."""
    return [arg if arg.star else arg.value for arg in call.args if arg.keyword is None and arg.star != "**"]


def keyword_args(call: cst.Call) -> Dict[str, cst.BaseExpression]:
    """keyword -> value for the arguments passed by name (not `**kwargs`)."""
    return {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}


def argument(call: cst.Call, keyword: str, position: Optional[int] = None) -> Optional[cst.BaseExpression]:
    """The value passed to `call` as `keyword=`, else its positional argument at `position`."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    if position is not None:
        positional = positional_args(call)
        if len(positional) > position:
            return positional[position]
    return None


# --- operators, subscripts, comparisons ----------------------------------------------------------


def subscript_index(node: cst.Subscript) -> Optional[cst.BaseExpression]:
    """The one index of `x[i]`; None for a slice, several indices (`x[a, b]`) or a tuple of one (`x[a,]`)."""
    if (
        len(node.slice) == 1
        and isinstance(node.slice[0].slice, cst.Index)
        and not isinstance(node.slice[0].comma, cst.Comma)
    ):
        return node.slice[0].slice.value
    return None


def comparison(node: cst.Comparison) -> Tuple[cst.BaseExpression, List[Tuple[type, cst.BaseExpression]]]:
    """(left, [(operator type, comparator), ...]) of `a < b <= c`."""
    return node.left, [(type(target.operator), target.comparator) for target in node.comparisons]


def elements(node: cst.CSTNode) -> Optional[List[cst.CSTNode]]:
    """The element values of a tuple or list display (`StarredElement` kept as such), else None."""
    if isinstance(node, (cst.Tuple, cst.List)):
        return [e.value if isinstance(e, cst.Element) else e for e in node.elements]
    return None


def mapped_element(value: cst.CSTNode, index: int, made_from: Dict[int, cst.CSTNode]) -> Optional[cst.CSTNode]:
    """Element `index` of an element-wise construction over a display, as an expression on that
    display's element: `map(f, (a, b))` gives `f(b)` for 1, `map(lambda t: t.view(n), [a, b])` and
    `[t.view(n) for t in (a, b)]` give `b.view(n)`, through `tuple(...)`/`list(...)`. Each node made
    stands, in `made_from`, for the node of the file it was made from. None for anything else."""
    while _builtin_call(value, "tuple", "list") and len(value.args) == 1 and not value.args[0].star:
        value = value.args[0].value
    if _builtin_call(value, "map") and len(value.args) == 2 and not any(arg.star or arg.keyword for arg in value.args):
        function, sequence = value.args[0].value, value.args[1].value
        shown = plain_elements(sequence)
        if shown is None or index >= len(shown):
            return None
        if isinstance(function, cst.Lambda):
            params = function.params
            if len(params.params) != 1 or params.star_arg is not cst.MaybeSentinel.DEFAULT or params.kwonly_params:
                return None
            return _substituted(function.body, params.params[0].name.value, shown[index], made_from)
        made = cst.Call(func=function, args=[cst.Arg(shown[index])])
        made_from[id(made)] = value
        return made
    if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
        loop = value.for_in
        shown = plain_elements(loop.iter)
        if loop.inner_for_in is not None or loop.ifs or not isinstance(loop.target, cst.Name) or shown is None:
            return None
        return _substituted(value.elt, loop.target.value, shown[index], made_from) if index < len(shown) else None
    return None


def _builtin_call(node: cst.CSTNode, *names: str) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in names


def plain_elements(node: cst.CSTNode) -> Optional[List[cst.CSTNode]]:
    """`elements` of a display without a starred element (so each has a known index), else None."""
    shown = elements(node)
    return None if shown is None or any(isinstance(part, cst.StarredElement) for part in shown) else shown


def _substituted(body: cst.CSTNode, name: str, value: cst.CSTNode, made_from: Dict[int, cst.CSTNode]) -> cst.CSTNode:
    return body.visit(_Substitution(name, value, made_from))


class _Substitution(cst.CSTTransformer):
    """`body` with the name `name` read as `value`; names of attributes and keywords stay, and
    each changed node stands for the node of the body it replaces."""

    def __init__(self, name: str, value: cst.CSTNode, made_from: Dict[int, cst.CSTNode]) -> None:
        super().__init__()
        self.name, self.value, self.made_from = name, value, made_from

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False  # an inner lambda may bind the name again

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.CSTNode:
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.CSTNode:
        return updated.with_changes(keyword=original.keyword)

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.CSTNode:
        return self.value if original.value == self.name else updated

    def on_leave(self, original: cst.CSTNode, updated: cst.CSTNode):
        result = super().on_leave(original, updated)
        if result is not original and result is not self.value and isinstance(result, cst.CSTNode):
            self.made_from[id(result)] = original
        return result


SCOPE_NODES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
_SCOPE_TYPES = frozenset(SCOPE_NODES)  # compared by type: libcst's ABC isinstance checks are slow


def own_nodes(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The code nodes of a function's (or module's) own body, in source order: nested functions,
    lambdas and classes are yielded but not entered."""
    stack = list(reversed(list(children(node))))
    while stack:
        sub = stack.pop()
        yield sub
        if type(sub) not in _SCOPE_TYPES:
            stack.extend(reversed(list(children(sub))))


def returned_values(function: cst.FunctionDef) -> List[cst.BaseExpression]:
    """The values a function's own `return` statements give back."""
    return [sub.value for sub in own_nodes(function) if isinstance(sub, cst.Return) and sub.value is not None]


def statements(block: cst.CSTNode) -> List[cst.CSTNode]:
    """The statements of a body: compound statements and the small statements of each line
    (`a = 1; b = 2` gives two), so `ast`'s flat statement lists have a counterpart."""
    body = (
        block.body
        if isinstance(block, (cst.IndentedBlock, cst.SimpleStatementSuite, cst.Module, cst.Else, cst.Finally))
        else block
    )
    if isinstance(body, cst.BaseSuite):
        body = body.body
    flat: List[cst.CSTNode] = []
    for statement in body:
        if isinstance(statement, cst.SimpleStatementLine):
            flat.extend(statement.body)
        else:
            flat.append(statement)
    return flat


def is_static(function: cst.FunctionDef) -> bool:
    """A method decorated `@staticmethod`: its first parameter is not bound to the instance."""
    return any(dotted_name(decorator.decorator) == "staticmethod" for decorator in function.decorators)


def function_params(node: cst.CSTNode) -> Iterator[cst.Param]:
    """Every parameter of a def or lambda: positional-only, plain, *args, keyword-only, **kwargs."""
    params = node.params
    yield from params.posonly_params
    yield from params.params
    if isinstance(params.star_arg, cst.Param):
        yield params.star_arg
    yield from params.kwonly_params
    if params.star_kwarg is not None:
        yield params.star_kwarg


# --- tensors -----------------------------------------------------------------------------------


def is_inplace_method(name: str) -> bool:
    """`add_`, `mul_`, `copy_`: a method that changes its tensor's values (not `__iadd__`, `requires_grad_`)."""
    return name.endswith("_") and not name.endswith("__") and name not in NOT_INPLACE


MAX_VIEWS_FOLLOWED = 3  # names bound to views of views followed back to the tensor they look into


def is_basic_index(index: cst.BaseSlice) -> bool:
    """A slice, an integer, `None` or `...`: indexing with it gives a view (a tensor or a list of indices copies)."""
    if isinstance(index, cst.Slice):
        return True
    value = index.value
    return isinstance(value, (cst.Integer, cst.Ellipsis)) or isinstance(value, cst.Name) and value.value == "None"


def viewed(value: Optional[cst.CSTNode]) -> Optional[cst.CSTNode]:
    """The tensor the value `value` is a view of, sharing its storage and version counter: `w` of
    `w.view(3, -1)`, `w.t()`, `w[0]`, `w[:, 1:]`, `w.T`; None for a copy (`w[mask]`, `w[idx]`) or no view."""
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in VIEWS:
        return value.func.value
    if isinstance(value, cst.Subscript) and all(is_basic_index(element.slice) for element in value.slice):
        return value.value
    if isinstance(value, cst.Attribute) and value.attr.value in ("T", "mT"):
        return value.value
    return None


def strip_views(node: cst.CSTNode) -> cst.CSTNode:
    """The tensor an assignment target or a view expression writes into or looks into: `w[0]`,
    `w.view(-1)[:3]`, `w.T` -> `w`. Any subscript counts: `w[mask] = 0` writes into `w` (read as a
    value, `w[mask]` is a copy: `viewed`)."""
    while True:
        if isinstance(node, cst.Subscript):
            node = node.value
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in VIEWS:
            node = node.func.value
        elif isinstance(node, cst.Attribute) and node.attr.value in ("T", "mT"):
            node = node.value
        else:
            return node


# --- comparing code ------------------------------------------------------------------------------

LEAF_TEXT = {
    cst.Name: "value",
    cst.Integer: "value",
    cst.Float: "value",
    cst.Imaginary: "value",
    cst.SimpleString: "value",
}


def code_key(node: cst.CSTNode, limit: int = 512) -> Optional[tuple]:
    """A hashable description of the code `node` spells (node types, names, literals, operators;
    no whitespace, no parentheses), or None for a tree of more than `limit` nodes. Iterative, so
    a generated 5,000-term expression cannot exhaust the stack."""
    tokens: list = []
    stack: list = [node]
    while stack:
        item = stack.pop()
        if not isinstance(item, cst.CSTNode):
            tokens.append(item)
            continue
        if len(tokens) > limit * 4:
            return None
        item_type = type(item)
        tokens.append(item_type.__name__)
        leaf = LEAF_TEXT.get(item_type)
        if leaf is not None:
            tokens.append(getattr(item, leaf))
            continue
        operator = getattr(item, "operator", None)
        if isinstance(operator, cst.CSTNode):
            tokens.append(type(operator).__name__)
        for name in NAME_FIELDS.get(item_type, ()):
            named = getattr(item, name, None)
            tokens.append(named.value if isinstance(named, cst.Name) else None)
        if item_type is cst.Arg:
            tokens.append(item.star)
        parts = list(children(item))
        stack.extend(reversed(parts))
        stack.append(("children", len(parts)))
    return tuple(tokens)


def same_code(a: cst.CSTNode, b: cst.CSTNode) -> bool:
    """`a` and `b` spell the same code (small trees only; large ones are compared by identity)."""
    if a is b:
        return True
    key = code_key(a)
    return key is not None and key == code_key(b)


def code_of(node: cst.CSTNode) -> str:
    """The code `node` spells, as libcst renders it (with its own parentheses)."""
    return EMPTY_MODULE.code_for_node(node)


EMPTY_MODULE = cst.Module(body=[])


MAX_SNIPPET = 40


def snippet(code: str) -> str:
    """Code on one line, cut to MAX_SNIPPET characters, for a message."""
    code = " ".join(code.split())
    return code if len(code) <= MAX_SNIPPET else code[: MAX_SNIPPET - 1] + "…"


def parse_expression(code: str) -> cst.BaseExpression:
    return cst.parse_expression(code)


PARALLEL_ITERATORS = frozenset({"enumerate", "zip"})


def parallel_iterables(iterated: cst.CSTNode, count: int) -> Optional[List[Optional[cst.CSTNode]]]:
    """What each of `count` loop targets runs over when a loop iterates `enumerate(xs)` (the count,
    None, then `xs`) or `zip(xs, ys)` (`xs`, `ys`); None for any other iterable."""
    if not isinstance(iterated, cst.Call) or name_of(iterated.func) not in PARALLEL_ITERATORS:
        return None
    if any(arg.star for arg in iterated.args):
        return None
    given = [arg.value for arg in iterated.args if arg.keyword is None]
    if name_of(iterated.func) == "enumerate" and given and count == 2:
        return [None, given[0]]
    if name_of(iterated.func) == "zip" and len(given) == count:
        return list(given)
    return None
