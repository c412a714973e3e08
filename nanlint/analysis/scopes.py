"""Scopes and bindings: what each function, class or module body assigns, in walk order.

A `Binding` records one assignment (its place in walk order and the value, None when it cannot be
followed); a `Scope` keeps a body's bindings by name and answers which one a use at a given point
sees (the last one before it). `x[i] = v` is kept under the key `x[]` (WRITTEN), so that the value
analysis knows the tensor it followed was changed since.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, List, NamedTuple, Optional

import libcst as cst

from nanlint.analysis.names import dotted_name
from nanlint.analysis.syntax import is_literal


class Binding(NamedTuple):
    """An assignment to a name in a scope: its place in walk order and the value (None: unknown,
    such as a parameter or a `for` target that could not be followed)."""

    seq: int
    value: Optional[cst.CSTNode]


WRITTEN = "[]"  # records `x[i] = v` under the key `x[]`, beside the bindings of `x`


class Scope:
    """A function, class or module body: the names assigned in it, in order."""

    def __init__(self, node: cst.CSTNode, kind: str) -> None:
        self.node = node
        self.kind = kind
        self.records: Dict[str, List[Binding]] = {}
        self.size = 0  # bindings recorded so far
        self.params: Dict[str, int] = {}  # parameter name -> the seq of its binding
        self.owner: Optional[cst.ClassDef] = None  # a method's class
        self.grad_disabled = kind == "function" and disables_grad(node)

    def record(self, name: str, seq: int, value: Optional[cst.CSTNode]) -> None:
        self.records.setdefault(name, []).append(Binding(seq, value))
        self.size += 1

    def without(self, dead: FrozenSet[int]) -> "Scope":
        """A copy of this scope without the bindings whose values are among the `dead` node ids
        (assignments that never run)."""
        kept = Scope(self.node, self.kind)
        kept.params, kept.owner, kept.grad_disabled = self.params, self.owner, self.grad_disabled
        for name, records in self.records.items():
            for binding in records:
                if binding.value is None or id(binding.value) not in dead:
                    kept.record(name, binding.seq, binding.value)
        return kept

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


GRAD_OFF_BLOCKS = frozenset({"no_grad", "inference_mode"})  # blocks and decorators that turn grad off


def disables_grad(node: cst.CSTNode) -> bool:
    """A function decorated `@torch.no_grad()` or `@torch.inference_mode()` (not `inference_mode(False)`):
    it runs with grad off."""
    for decorator in getattr(node, "decorators", ()):
        target = decorator.decorator
        called = isinstance(target, cst.Call)
        name = dotted_name(target.func if called else target) or ""
        switched_on = called and target.args and is_literal(target.args[0].value, False)
        if name.rsplit(".", 1)[-1] in GRAD_OFF_BLOCKS and not switched_on:
            return True
    return False
