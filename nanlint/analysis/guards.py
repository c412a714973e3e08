"""Values the code under check tests before it uses them: `if n > 0:`, `torch.where(d != 0, x / d, 0)`,
`mask_exists = area > 0 and ...`, `if not mask.any(): return`, `assert (std > 0).all()`.

A value its author compares in the same function, before the risky use, is a value they thought
about: rules that would flag it (a division by a count, the mean of a selection) stay silent. This
is a precision device, not a proof: the comparison is not checked to exclude 0.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, List, Optional, Set, Tuple

import libcst as cst

from nanlint.analysis.syntax import (
    CONDITIONS,
    called_name,
    code_key,
    is_constant,
    name_of,
    own_nodes,
    positional_args,
    walk,
)
from nanlint.analysis.values import MASK, PRESERVING

# Calls that test or reduce their receiver; `mask.any()`, `sel.numel() == 0`, `den.sum() > 0` all test it.
TESTING_CALLS = frozenset(
    {"any", "all", "count_nonzero", "nonzero", "numel", "isclose", "allclose", "sum", "abs", "item"}
)
MAX_HOPS = 2
NUMBER_OF = frozenset({"len", "int", "float"})  # builtins whose number a test of it tests their argument by


def value_keys(node: cst.CSTNode, ctx, hops: int = 0, bound: bool = False) -> Set[object]:
    """Keys naming `node` and what it is built from by shape changes and reductions, so that
    `mask.sum()[:, None].float()` shares a key with `mask` and with `mask.sum()`; `bound`: a name's
    key is the name with the assignment it sees (`name_key`)."""
    keys: Set[object] = set()
    while True:
        name = name_of(node)
        if name is not None and bound and isinstance(node, cst.Name):
            return keys | _reaching_keys(node, ctx, hops)
        if name is not None:
            keys.add(name)
            found = ctx.lookup(node) if hops < MAX_HOPS else None
            if found is not None:
                keys |= ctx.at(found.seq, value_keys, found.value, ctx, hops + 1, bound)
            return keys
        key = code_key(node)
        if key is not None:
            keys.add((key, _names_seen(node, ctx)) if bound else key)
        if isinstance(node, cst.Subscript):
            index = node.slice[0].slice if len(node.slice) == 1 else None
            if isinstance(index, cst.Index) and ctx.fact(index.value).has(MASK):
                # a boolean selection: testing its size tests its mask, and every selection made with it
                keys |= value_keys(index.value, ctx, hops + 1, bound)
            node = node.value
        elif isinstance(node, cst.Attribute) and node.attr.value in ("data", "values", "shape"):
            node = node.value
        elif isinstance(node, cst.Call) and name_of(node.func) in NUMBER_OF and positional_args(node):
            node = positional_args(node)[0]  # `len(sel)`, `int(mask.sum())`
        elif isinstance(node, cst.Call):
            described = ctx.describe(node)
            if (
                described is None
                or not described[1]
                or not (described[0] in PRESERVING or described[0] in TESTING_CALLS)
            ):
                return keys
            node = described[1][0]
        else:
            return keys


def name_key(name: str, ctx) -> object:
    """The key of the value a name holds where it is read: the name with the assignment it sees, so
    that testing a parameter (`if mask is None:`) says nothing of what the name is bound to later
    (`mask = torch.eq(labels, labels.T)`)."""
    found = ctx.binding_of(name)
    return (name, found.seq) if found is not None else name


def _reaching_keys(node: cst.Name, ctx, hops: int) -> Set[object]:
    """The keys of each assignment of `node` that may reach it (`ctx.reaching`), and of what each is
    built from: after `if mask is None: mask = torch.ones(n)`, the parameter's and the ones'."""
    bindings = ctx.reaching(node, node)
    if not bindings:
        return {name_key(node.value, ctx)}
    keys: Set[object] = set()
    for binding in bindings:
        keys.add((node.value, binding.seq))
        if binding.value is not None and hops < MAX_HOPS:
            step = 0 if _kept_from(binding.value, ctx) == node.value else 1  # `n = n.float()` is still `n`
            keys |= ctx.at(binding.seq, value_keys, binding.value, ctx, hops + step, True)
    return keys


def _kept_from(value: cst.CSTNode, ctx) -> Optional[str]:
    """The name `value` holds the values of through ops that keep them (`n.float().to(device)`: `n`)."""
    while isinstance(value, cst.Call):
        described = ctx.describe(value)
        if described is None or not described[1] or described[0] not in PRESERVING:
            return None
        value = described[1][0]
    return name_of(value)


def _names_seen(node: cst.CSTNode, ctx) -> FrozenSet[object]:
    """The keys of the names in `node`, each with the assignment it sees (`name_key`)."""
    return frozenset(name_key(inner.value, ctx) for inner in walk(node) if isinstance(inner, cst.Name))


class ComparedValues:
    """Per function, the values compared (or tested with `any()`, `numel()`...) so far.

    One per file, shared by every rule: noting a node only records it with the time it was seen;
    its keys are worked out when a rule first asks about that function, which few ever do."""

    def __init__(self) -> None:
        self.pending: Dict[int, List[Tuple[cst.CSTNode, int]]] = {}
        self.keys: Dict[int, Set[object]] = {}
        self.seen: Set[int] = set()

    def note(self, node: cst.CSTNode, ctx) -> None:
        if id(node) in self.seen:
            return
        self.seen.add(id(node))
        self.pending.setdefault(id(ctx.function_scope().node), []).append((node, ctx.seq + 1))

    def _scope_keys(self, ctx) -> Set[object]:
        scope = id(ctx.function_scope().node)
        keys = self.keys.setdefault(scope, set())
        for test, horizon in self.pending.pop(scope, ()):
            keys |= ctx.at(horizon, _tested_keys, test, ctx, True)
        return keys

    def guards(self, node: cst.CSTNode, ctx) -> bool:
        """True when `node`, or both sides of a difference `node` (`if hi == lo:` guards `hi - lo`),
        were compared earlier in the function."""
        compared = self._scope_keys(ctx)
        if not compared:
            return False
        if not value_keys(node, ctx, bound=True).isdisjoint(compared):
            return True
        return (
            isinstance(node, cst.BinaryOperation)
            and isinstance(node.operator, cst.Subtract)
            and all(not value_keys(side, ctx, bound=True).isdisjoint(compared) for side in (node.left, node.right))
        )

    def guards_a_term(self, node: cst.CSTNode, ctx) -> bool:
        """True when a term `node` adds up (`y_o` of `union = y_o + y_pred_o - inter`), itself, was
        compared earlier in the function: a sum of non-negative parts is positive when one part is."""
        compared = self._scope_keys(ctx)
        return bool(compared) and any(_term_key(term, ctx) in compared for term in _added_terms(node, ctx))


def _term_key(term: cst.CSTNode, ctx) -> object:
    """A term's key as a comparison of it is kept (`value_keys` bound)."""
    name = name_of(term)
    return name_key(name, ctx) if name is not None else (code_key(term), _names_seen(term, ctx))


def _added_terms(node: cst.CSTNode, ctx) -> List[cst.CSTNode]:
    """The terms a sum adds (not those it subtracts), through one assignment of a name."""
    if isinstance(node, cst.Name):
        found = ctx.lookup(node)
        node = found.value if found is not None else node
    terms: List[cst.CSTNode] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, cst.BinaryOperation) and isinstance(item.operator, (cst.Add, cst.Subtract)):
            stack.append(item.left)
            if isinstance(item.operator, cst.Add):
                stack.append(item.right)
        else:
            terms.append(item)
    return terms if len(terms) > 1 else []


def where_guarded(node: cst.CSTNode, argument: cst.CSTNode, ctx) -> bool:
    """`node` (an op on `argument`) sits in a branch of a `torch.where` whose condition tests
    `argument` (`torch.where(n > 0, torch.log(n), 0)`): its forward value is taken only where the
    author chose; its gradient there is the where trap, another rule's."""
    parents = ctx.positions.parents()
    keys = value_keys(argument, ctx)
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, (cst.FunctionDef, cst.Module)):
        if isinstance(parent, cst.Call) and child is not parent.func:
            described = ctx.describe(parent)
            if described is not None and described[0] == "where" and len(described[1]) == 3:
                condition = described[1][0]
                tested = {key for sub in walk(condition) for key in _tested_keys(sub, ctx)}
                branch = child.value if isinstance(child, cst.Arg) else child
                if branch is not condition and not keys.isdisjoint(tested):
                    return True
        child, parent = parent, parents.get(id(parent))
    return False


def _tested_keys(test: cst.CSTNode, ctx, bound: bool = False) -> Set[object]:
    return {key for value in _tested_values(test, ctx) for key in value_keys(value, ctx, bound=bound)}


def _tested_values(node: cst.CSTNode, ctx) -> List[cst.CSTNode]:
    """The values a comparison or a test call (`any`, `all`, `isclose`, `allclose`) looks at."""
    if isinstance(node, cst.Comparison):
        if all(
            isinstance(target.operator, (cst.Is, cst.IsNot)) for target in node.comparisons
        ) and _passed_with_evidence(node.left, ctx):
            return []  # `n is not None` says the optional argument is there; the file's calls say what it is
        operands = [node.left, *(target.comparator for target in node.comparisons)]
        return [operand for operand in operands if not is_constant(operand)]
    if isinstance(node, cst.Call) and name_of(node.func) == "len":
        return positional_args(node)[:1] if _is_condition(node, ctx) else []
    if isinstance(node, cst.Call):
        described = ctx.describe(node)
        if described is not None and described[1]:
            if described[0] in ("any", "all", "isclose", "allclose"):
                return [described[1][0]]
            if described[0] in TESTING_CALLS and _is_condition(node, ctx):  # `if sel.numel():`
                return [described[1][0]]
    return []


def _is_condition(node: cst.CSTNode, ctx) -> bool:
    """`node` is what a condition tests for truth: the test of an `if`, `while`, `assert` or
    conditional expression, or an operand of `not`, `and`, `or` there."""
    parents = ctx.positions.parents()
    parent = parents.get(id(node))
    while isinstance(parent, (cst.UnaryOperation, cst.BooleanOperation)) and (
        not isinstance(parent, cst.UnaryOperation) or isinstance(parent.operator, cst.Not)
    ):
        node, parent = parent, parents.get(id(parent))
    return type(parent) in CONDITIONS and parent.test is node


def _passed_with_evidence(node: cst.CSTNode, ctx) -> bool:
    """A parameter for which the file's own calls pass a value with evidence of a risk (a count
    of labels that can select nothing)."""
    name = name_of(node)
    passed = ctx.parameter_fact(name) if name is not None else None
    return passed is not None and passed.why is not None


# Ops that take a NaN or an Inf in and give a finite value out, or skip it: what the code does with
# a value right after making it can make its NaN harmless (a logged metric's `nanmean`).
NAN_TOLERANT = frozenset(
    {
        "nan_to_num",
        "nan_to_num_",
        "nanmean",
        "nansum",
        "nanmedian",
        "nanquantile",
        "nanmin",
        "nanmax",
        "nanstd",
        "nanvar",
        "nanpercentile",
        "nanargmin",
        "nanargmax",
    }
)
NAN_TESTS = frozenset({"isnan", "isinf", "isfinite", "isposinf", "isneginf"})


def cleaned_after(node: cst.CSTNode, ctx) -> bool:
    """Every way the value of `node` is used takes its NaN or Inf out: it is the argument of
    `nan_to_num`, a `nan*` reduction, or a `masked_fill`/`where` whose condition tests it with
    `isnan`/`isfinite`, directly or through the one name it is assigned to in its function."""
    parents = ctx.positions.parents()
    value, parent = _outermost_same_value(node, parents, ctx)
    if _tolerates(parent, value, ctx):
        return True
    target = _assigned_name(parent, value)
    if target is None:
        return False
    if _overwrites_non_finite(_next_statement(parent, parents), target, ctx):
        return True
    uses = [
        use
        for use in own_nodes(ctx.function_scope().node)
        if isinstance(use, cst.Name) and use.value == target and use is not _target_node(parent)
    ]
    return bool(uses) and all(_tolerates(*reversed(_outermost_same_value(use, parents, ctx)), ctx) for use in uses)


def replaced_when_not_finite(node: cst.CSTNode, ctx) -> bool:
    """The value of `node` is assigned to a name that the very next statement tests for NaN or Inf
    and assigns again when it finds one (`kl = d[m].mean()` then `if not torch.isfinite(kl): kl =
    torch.zeros(())`): the non-finite tensor is dropped, from the forward pass and the graph."""
    parents = ctx.positions.parents()
    value, parent = _outermost_same_value(node, parents, ctx)
    target = _assigned_name(parent, value)
    following = _next_statement(parent, parents)
    if target is None or not isinstance(following, cst.If):
        return False
    tested = any(
        isinstance(sub, cst.Call) and _called(sub, ctx) in NAN_TESTS and target in map(name_of, walk(sub))
        for sub in walk(following.test)
    )
    return tested and any(
        isinstance(sub, cst.Assign) and any(name_of(t.target) == target for t in sub.targets)
        for sub in walk(following.body)
    )


def _next_statement(small: cst.CSTNode, parents) -> Optional[cst.CSTNode]:
    """The statement after the one that holds the small statement `small` (an assignment), in its block."""
    statement = parents.get(id(small))
    block = parents.get(id(statement))
    if not isinstance(block, (cst.IndentedBlock, cst.Module)):
        return None
    body = list(block.body)
    index = next((i for i, item in enumerate(body) if item is statement), None)
    return body[index + 1] if index is not None and index + 1 < len(body) else None


def _overwrites_non_finite(statement: Optional[cst.CSTNode], target: str, ctx) -> bool:
    """`statement` writes over the NaN (or non-finite) entries of `target` in place:
    `t[torch.isnan(t)] = 0`, `t[t != t] = 0`, `t.masked_fill_(~t.isfinite(), 0)`, `t.nan_to_num_()`."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        written = small.targets[0].target
        return (
            isinstance(written, cst.Subscript)
            and name_of(written.value) == target
            and any(_tests_non_finite(element.slice, target, ctx) for element in written.slice)
        )
    call = small.value if isinstance(small, cst.Expr) else None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and name_of(call.func.value) == target):
        return False
    method = call.func.attr.value
    return (
        method == "nan_to_num_"
        or method == "masked_fill_"
        and any(_tests_non_finite(arg.value, target, ctx) for arg in call.args[:1])
    )


def _tests_non_finite(node: cst.CSTNode, target: str, ctx) -> bool:
    """`node` tests `target` for NaN or Inf: `torch.isnan(t)`, `~t.isfinite()`, `t != t`."""
    for sub in walk(node):
        if isinstance(sub, cst.Call) and _called(sub, ctx) in NAN_TESTS and target in map(name_of, walk(sub)):
            return True
        if (
            isinstance(sub, cst.Comparison)
            and len(sub.comparisons) == 1
            and isinstance(sub.comparisons[0].operator, cst.NotEqual)
            and name_of(sub.left) == target == name_of(sub.comparisons[0].comparator)
        ):
            return True
    return False


def _outermost_same_value(node: cst.CSTNode, parents, ctx) -> Tuple[cst.CSTNode, cst.CSTNode]:
    """`node` widened over the views and casts that keep its values (`(a / b).float()`), and its parent."""
    parent = parents.get(id(node))
    while isinstance(parent, (cst.Attribute, cst.Call)):
        call = parents.get(id(parent)) if isinstance(parent, cst.Attribute) else parent
        described = ctx.describe(call) if isinstance(call, cst.Call) else None
        if described is None or described[0] not in PRESERVING or not described[1] or described[1][0] is not node:
            break
        node, parent = call, parents.get(id(call))
    return node, parent


def _tolerates(parent: cst.CSTNode, value: cst.CSTNode, ctx) -> bool:
    """The call around `value` takes a NaN out of it: `nan_to_num(value)`, `value.nanmean()`,
    `value.masked_fill(value.isnan(), 0)`, `torch.where(torch.isfinite(value), value, 0)`."""
    call = ctx.positions.parents().get(id(parent)) if isinstance(parent, (cst.Arg, cst.Attribute)) else parent
    if not isinstance(call, cst.Call):
        return False
    name = _called(call, ctx)
    if name in NAN_TOLERANT:
        return True
    return name in ("masked_fill", "masked_fill_", "where") and any(
        isinstance(sub, cst.Call) and _called(sub, ctx) in NAN_TESTS for sub in walk(call)
    )


def _called(call: cst.Call, ctx) -> str:
    """The short name of what `call` calls: `nanmean` for `torch.nanmean(x)`, `x.nanmean()`, `np.nanmean(x)`."""
    return (ctx.qualified(call.func) or called_name(call.func)).rsplit(".", 1)[-1]


def _assigned_name(parent: cst.CSTNode, value: cst.CSTNode):
    if (
        isinstance(parent, cst.Assign)
        and parent.value is value
        and len(parent.targets) == 1
        and isinstance(parent.targets[0].target, cst.Name)
    ):
        return parent.targets[0].target.value
    return None


def _target_node(parent: cst.CSTNode):
    return parent.targets[0].target if isinstance(parent, cst.Assign) else None
