"""Branches a function cannot take: `if` tests whose value the constants the function sees decide.

A module's `forward` often picks its output by a setting its constructor kept (`if self.activation ==
"relu": return F.relu(x)`, `if self.with_act: x = self.act(x)`). Judged for one construction
(`Block(activation="relu")`), or for a setting every construction gives alike, one side of such a
test never runs; what it returns or binds is not what the function computes. `dead_nodes` gives
the nodes of the statements that never run, for a summary to leave out.
"""

from __future__ import annotations

import operator
from typing import Callable, Dict, FrozenSet, Iterable, List, NamedTuple, Optional, Set

import libcst as cst

from nanlint.analysis.syntax import statements, walk

# The constants a test's operand is seen to hold, all of them (None: unknown, or only some known); OBJECT
# for a call's result, an object that is not None but whose truth and value are unknown.
Choices = Callable[[cst.BaseExpression], Optional[List[object]]]
OBJECT = object()

COMPARISONS = {
    cst.Equal: operator.eq,
    cst.NotEqual: operator.ne,
    cst.Is: operator.is_,
    cst.IsNot: operator.is_not,
}


def truth(test: cst.BaseExpression, choices: Choices) -> Optional[bool]:
    """The value of `test` whatever constants its operands hold, or None when they do not decide it."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = truth(test.expression, choices)
        return None if inner is None else not inner
    if isinstance(test, cst.BooleanOperation):
        return _combined(test, choices)
    if isinstance(test, cst.Comparison):
        return _compared(test, choices)
    held = choices(test)
    return _one({bool(value) for value in held}) if held and OBJECT not in held else None


def _combined(test: cst.BooleanOperation, choices: Choices) -> Optional[bool]:
    left, right = truth(test.left, choices), truth(test.right, choices)
    deciding = isinstance(test.operator, cst.Or)  # `or` is decided by a true side, `and` by a false one
    if left is deciding or right is deciding:
        return deciding
    return None if left is None or right is None else not deciding


def _compared(test: cst.Comparison, choices: Choices) -> Optional[bool]:
    if len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    compare = COMPARISONS.get(type(target.operator))
    if compare is None:
        return None
    left, right = choices(test.left), choices(target.comparator)
    if not left or not right:
        return None
    if (OBJECT in left or OBJECT in right) and not (compare in (operator.is_, operator.is_not) and None in right):
        return None  # an object is known only not to be None (`labels is not None` with a tensor passed)
    return _one({bool(compare(a, b)) for a in left for b in right})


def _one(values: Set[bool]) -> Optional[bool]:
    return values.pop() if len(values) == 1 else None


def dead_nodes(function: cst.FunctionDef, choices: Choices) -> FrozenSet[int]:
    """The ids of every node in the statements of `function` that never run: the side of an `if`
    its test rules out, and what follows an `if` whose taken side always returns or raises."""
    dead: Set[int] = set()
    _mark_block(function.body, choices, dead)
    return frozenset(dead)


def _mark_block(block: cst.CSTNode, choices: Choices, dead: Set[int]) -> bool:
    """Mark the dead parts of `block`; True when the block always leaves the function."""
    body = statements(block)
    for index, statement in enumerate(body):
        if _mark_statement(statement, choices, dead):
            _mark_all(body[index + 1 :], dead)
            return True
    return False


def _mark_statement(statement: cst.CSTNode, choices: Choices, dead: Set[int]) -> bool:
    """Mark the dead parts of `statement`; True when it always leaves the function."""
    if isinstance(statement, (cst.Return, cst.Raise)):
        return True
    if isinstance(statement, cst.With):
        return _mark_block(statement.body, choices, dead)
    if isinstance(statement, (cst.For, cst.While, cst.Try)):  # a body that may not run, or may stop early
        _mark_block(statement.body, choices, dead)
        return False
    return _mark_if(statement, choices, dead) if isinstance(statement, cst.If) else False


def _mark_if(statement: cst.If, choices: Choices, dead: Set[int]) -> bool:
    decided = truth(statement.test, choices)
    if decided is False:
        _mark_all([statement.body], dead)
    body_leaves = decided is not False and _mark_block(statement.body, choices, dead)
    orelse = statement.orelse
    if decided is True:
        _mark_all([orelse] if orelse is not None else [], dead)
        return body_leaves
    if orelse is None:
        return False
    if isinstance(orelse, cst.If):  # `elif`
        else_leaves = _mark_if(orelse, choices, dead)
    else:
        else_leaves = _mark_block(orelse.body, choices, dead)
    return else_leaves and (decided is False or body_leaves)


def _mark_all(nodes: Iterable[cst.CSTNode], dead: Set[int]) -> None:
    for node in nodes:
        dead.update(id(sub) for sub in walk(node))


class Branch(NamedTuple):
    """One side of an `if` chain (`if`/`elif`/`else` read as one choice): the chain's first `if`, which
    side (0 for the body, 1 for the first `elif` or `else`, ...) and how many sides the chain has (a
    missing `else` counts: the path that takes none)."""

    chain: cst.If
    side: int
    sides: int


class Reach(NamedTuple):
    """How a statement runs on the paths to a later use in the same function: on every one (`always`; a
    loop's body counts as running), never (the other side of an `if` that holds the use, or a side
    constants rule out), or on some only: by a side of an `if` chain (`branch`), or (`branch` None) on
    the other side of the use's own `if` in a loop, taken by an earlier pass."""

    always: bool
    never: bool = False
    branch: Optional[Branch] = None


ALWAYS = Reach(always=True)
NEVER = Reach(always=False, never=True)


def reach(statement: cst.CSTNode, use: cst.CSTNode, parents: Dict[int, cst.CSTNode], choices: Choices) -> Reach:
    """How `statement` (a node of the file) runs on the paths from its function's start to `use`,
    which follows it in the same function."""
    holding_use = set()
    node: Optional[cst.CSTNode] = use
    while node is not None:
        holding_use.add(id(node))
        node = parents.get(id(node))
    child, node = statement, parents.get(id(statement))
    while node is not None and not isinstance(node, (cst.FunctionDef, cst.Lambda, cst.Module)):
        if id(node) in holding_use:
            if isinstance(node, cst.If) and child is not node.test and _side_of(node, use, parents) is not child:
                return Reach(always=False) if in_loop(node, parents) else NEVER  # an earlier pass took that side
        elif isinstance(node, cst.If) and child is not node.test:
            decided = truth(node.test, choices)
            if decided is not None:
                if decided is not (child is node.body):
                    return NEVER
            else:
                return Reach(always=False, branch=_branch(node, child, parents))
        child, node = node, parents.get(id(node))
    return ALWAYS


def in_loop(node: cst.CSTNode, parents: Dict[int, cst.CSTNode]) -> bool:
    """A loop of its function holds `node`."""
    holder = parents.get(id(node))
    while holder is not None and not isinstance(holder, (cst.FunctionDef, cst.Lambda, cst.Module)):
        if isinstance(holder, (cst.For, cst.While)):
            return True
        holder = parents.get(id(holder))
    return False


def _side_of(statement: cst.If, inner: cst.CSTNode, parents: Dict[int, cst.CSTNode]) -> Optional[cst.CSTNode]:
    """The part of `statement` (its test, body or orelse) that holds `inner`."""
    node: Optional[cst.CSTNode] = inner
    while node is not None:
        parent = parents.get(id(node))
        if parent is statement:
            return node
        node = parent
    return None


def _branch(statement: cst.If, child: cst.CSTNode, parents: Dict[int, cst.CSTNode]) -> Branch:
    """The side of its `if` chain `child`, the body or orelse of `statement`, is."""
    chain = statement
    holder = parents.get(id(chain))
    while isinstance(holder, cst.If) and holder.orelse is chain:
        chain, holder = holder, parents.get(id(holder))
    sides, side, link = 1, 0, chain
    while True:
        if link is statement and child is link.body:
            side = sides - 1
        if not isinstance(link.orelse, cst.If):
            break
        link, sides = link.orelse, sides + 1
    sides += 1  # the last `else`, written or not (the path that takes no side)
    if link.orelse is not None and child is link.orelse:
        side = sides - 1
    return Branch(chain, side, sides)
