"""Small questions about syntax trees that several checks ask."""

from __future__ import annotations

import ast
from typing import Optional

# Methods returning a view that shares storage (and the autograd version counter) with the tensor.
VIEW_METHODS = frozenset({
    "view", "view_as", "reshape", "t", "transpose", "permute", "flatten", "squeeze", "unsqueeze",
    "narrow", "select", "expand", "expand_as", "unflatten", "movedim", "swapaxes", "as_strided", "diagonal",
})


# Trailing-underscore methods that do not change a tensor's values.
NOT_INPLACE = frozenset({"requires_grad_", "share_memory_", "detach_", "retain_grad", "register_hook", "record_stream"})


def is_inplace_method(name: str) -> bool:
    """`add_`, `mul_`, `copy_`: a method that changes its tensor's values (not `__iadd__`, `requires_grad_`)."""
    return name.endswith("_") and not name.endswith("__") and name not in NOT_INPLACE


def is_literal(node: Optional[ast.AST], value) -> bool:
    """`node` is the literal True, False or None given as `value`."""
    return isinstance(node, ast.Constant) and node.value is value


def argument(call: ast.Call, keyword: str, position: Optional[int] = None) -> Optional[ast.AST]:
    """The value passed to `call` as `keyword=`, else its positional argument at `position`."""
    for item in call.keywords:
        if item.arg == keyword:
            return item.value
    if position is not None and len(call.args) > position:
        return call.args[position]
    return None


def strip_views(node: ast.AST) -> ast.AST:
    """The tensor a view expression looks into: `w[0]`, `w.view(-1)[:3]`, `w.T` -> `w`."""
    while True:
        if isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in VIEW_METHODS:
            node = node.func.value
        elif isinstance(node, ast.Attribute) and node.attr in ("T", "mT"):
            node = node.value
        else:
            return node


def code_key(node: ast.AST, limit: int = 512) -> Optional[tuple]:
    """A hashable description of the code `node` spells (node types, names, constants; no
    positions, no load/store contexts), or None for a tree of more than `limit` nodes. Iterative,
    unlike `ast.dump`, so a generated 5,000-term expression cannot exhaust the stack."""
    tokens: list = []
    stack: list = [node]
    while stack:
        item = stack.pop()
        if not isinstance(item, ast.AST):
            tokens.append(item)
            continue
        if len(tokens) > limit * 4:
            return None
        tokens.append(type(item).__name__)
        for name in reversed(item._fields):
            if name == "ctx":
                continue
            value = getattr(item, name, None)
            if isinstance(value, list):
                stack.extend(reversed(value))
                stack.append(("list", len(value)))
            else:
                stack.append(value if isinstance(value, ast.AST) else ("value", repr(value)))
    return tuple(tokens)


def same_code(a: ast.AST, b: ast.AST) -> bool:
    """`a` and `b` spell the same code (small trees only; large ones are compared by identity)."""
    if a is b:
        return True
    key = code_key(a)
    return key is not None and key == code_key(b)
