"""Which tensors autograd saved as *inputs*: the operands of products and of layers with weights.

`y = torch.mm(p, b)` saves `b` to compute `p`'s gradient (and `p` for `b`'s); so do `@`, `*`, `/`,
`F.linear`, `F.conv2d`, `einsum` and the `nn.Linear`, `nn.Conv2d`, `nn.LayerNorm` and `nn.BatchNorm`
modules (`self.fc(x)` saves `x`). Changing such an operand in place afterwards (while the same
assignment of its name is live) makes backward raise "modified by an inplace operation"; so does
changing it earlier in a loop that uses it later, on the next pass. `InputUses` records the uses
as the walk meets them and answers, for an in-place change, which use saved the tensor.
"""

from __future__ import annotations

from typing import Callable, Dict, List, NamedTuple, Optional, Tuple, Union

import libcst as cst

from nanlint.analysis import ops
from nanlint.analysis.scopes import Binding
from nanlint.analysis.syntax import is_constant, name_of, positional_args, snippet, strip_views, walk

# Binary operators whose backward reads both operands.
SAVING_OPERATORS = {cst.MatrixMultiply: "@", cst.Multiply: "*", cst.Divide: "/"}
# Calls whose result is a Python number, not a tensor: `x * len(y)` saves nothing.
NOT_TENSORS = frozenset({"item", "tolist", "numpy"})  # tensor methods that return Python values
NUMBER_CALLS = frozenset({"len", "int", "float", "sum", "max", "min", "abs", "round"})


class Use(NamedTuple):
    binding: Binding  # the assignment of the name the use saw
    # the operation, as the finding names it; for a call of the project's code, what finds out whether
    # it saves the argument at all (another file may have to be read: only an in-place change asks)
    saver: Union[str, Callable[[], Optional[str]]]
    node: cst.CSTNode
    loops: Tuple[int, ...]  # ids of the loops around it
    evident: bool  # the operation only takes tensors (a torch call, a module, `@`): the name holds one
    # the operands whose gradient needs the saved one (autograd saves it only if one of them needs
    # a gradient); None: a layer's weights, which always do
    needing: Optional[Tuple[cst.CSTNode, ...]]

    def resolved(self, ctx) -> Optional["Use"]:
        """This use with its saver named, or None when the call saves nothing, or saves the tensor
        only for operands with no evidence of a gradient (`einsum(rotation, points)` of detached
        angles keeps nothing of `points`)."""
        if self.needing is not None:
            scope = ctx.function_scope().node
            if not any(ctx.gradient.learned(operand, scope) for operand in self.needing):
                return None
        if isinstance(self.saver, str):
            return self
        saver = self.saver()
        return self._replace(saver=saver) if saver is not None else None


class Change(NamedTuple):
    """An in-place change inside a loop that no earlier use explains: a later use in the loop may."""

    name: str
    binding: Binding
    loops: Tuple[int, ...]
    report: object  # called with the use that saved the tensor
    evident_only: bool


class InputUses:
    def __init__(self) -> None:
        self.uses: Dict[Tuple[int, str], List[Use]] = {}  # by (function scope id, name)
        self.loops: List[Tuple[int, int]] = []  # (id, seq at its start) of the loops around the walk
        self.changes: List[Tuple[int, Change]] = []  # (scope id, change) waiting for their loop's end

    # --- uses ------------------------------------------------------------------------------

    def note_call(self, node: cst.Call, ctx, module: Optional[str], kind: str) -> None:
        """A torch call that saves its operands, a call of a module that saves its input (`module`: the
        class of the layer that takes the input; `kind`: what the module is, for the message), or a
        call of the project's own code that passes its first argument to one of those."""
        first = node.args[0].value if node.args and node.args[0].keyword is None and not node.args[0].star else None
        if module in ops.SAVING_INPUT_MODULES and first is not None:
            self._use(first, f"`{ctx.positions.source(node.func)}` ({kind})", node, ctx, True, None)
            return
        described = ctx.describe(node)
        if described is None:
            if first is not None:
                self._use(first, lambda: _named_saver(node, ctx), node, ctx, True, None)
            return
        for operand, op, needing in saved_operands(described, ctx):
            self._use(operand, f"`{op}`", node, ctx, True, needing)

    def note_binary(self, node: cst.BinaryOperation, ctx) -> None:
        """`a @ b` saves both; `a * b` and `a / b` save `a` only when `b` is a tensor too (`x * width`
        with a Python number saves nothing), so each side counts when the other is known as a tensor."""
        symbol = SAVING_OPERATORS.get(type(node.operator))
        if symbol is None or _is_number(node.left, ctx) or _is_number(node.right, ctx):
            return
        for operand, other in ((node.left, node.right), (node.right, node.left)):
            if symbol == "@" or _is_tensor(other, ctx):
                needing = (other, operand) if symbol == "/" and operand is node.right else (other,)
                self._use(operand, f"`{symbol}`", node, ctx, symbol == "@", needing)

    def _use(self, operand: cst.CSTNode, saver, node: cst.CSTNode, ctx, evident: bool, needing) -> None:
        name = name_of(_viewed(operand))
        binding = ctx.binding_of(name) if name is not None else None
        if binding is not None:
            loops = tuple(loop for loop, _ in self.loops)
            self.uses.setdefault((id(ctx.function_scope().node), name), []).append(
                Use(binding, saver, node, loops, evident, needing)
            )

    # --- in-place changes ------------------------------------------------------------------

    def saved_by(self, name: str, change: cst.CSTNode, ctx, evident_only: bool, report) -> Optional[Use]:
        """The use before the in-place change `change` of `name` that saved the tensor it holds (not
        an operation the change is an operand of: `a / b.clamp_min_(eps)` divides by the changed
        tensor); inside a loop, `report(use)` is called at the loop's end when a use later in the
        loop saved it."""
        binding = ctx.binding_of(name)
        if binding is None:
            return None
        scope = id(ctx.function_scope().node)
        for use in self.uses.get((scope, name), ()):
            if _encloses(use.node, change, ctx):
                continue
            saving = use.resolved(ctx) if use.binding is binding and (use.evident or not evident_only) else None
            if saving is not None:
                return saving
        if self.loops:
            self.changes.append(
                (scope, Change(name, binding, tuple(loop for loop, _ in self.loops), report, evident_only))
            )
        return None

    def enter_loop(self, node: cst.CSTNode, ctx):
        self.loops.append((id(node), ctx.seq))
        return lambda: self._leave_loop(ctx)

    def _leave_loop(self, ctx) -> None:
        loop, start = self.loops.pop()
        end = ctx.seq
        waiting = []
        for scope, change in self.changes:
            if loop not in change.loops:
                waiting.append((scope, change))
                continue
            records = ctx.function_scope().records.get(change.name, ())
            if any(start < record.seq <= end for record in records):
                continue  # assigned again in the loop: each pass changes a new tensor
            for use in self.uses.get((scope, change.name), ()):
                if loop in use.loops and use.binding is change.binding and (use.evident or not change.evident_only):
                    saving = use.resolved(ctx)
                    if saving is None:
                        continue
                    change.report(saving)
                    break
            else:
                if change.loops[0] != loop:  # an outer loop may still use it later
                    waiting.append((scope, change))
        self.changes = waiting


def _encloses(outer: cst.CSTNode, inner: cst.CSTNode, ctx) -> bool:
    start, end = ctx.positions.offsets(outer)
    inner_start, inner_end = ctx.positions.offsets(inner)
    return start <= inner_start and inner_end <= end and outer is not inner


# Ops whose backward reads an operand for that operand's own gradient too (measured on torch 2.13:
# `a / b` keeps `b` when only `b` needs a gradient; a product keeps `a` only for `b`'s gradient).
SELF_NEEDING = frozenset({"atan2", "maximum", "minimum"})
DIVISIONS = frozenset({"div", "divide", "true_divide"})


class SavedOperand(NamedTuple):
    operand: cst.CSTNode
    op: str
    needing: Optional[Tuple[cst.CSTNode, ...]]  # see Use.needing


def saved_operands(described, ctx) -> List[SavedOperand]:
    """The operands a described torch call saves for backward, with the op and the operands whose
    gradient needs each: every tensor operand of a product-like op of two tensors or more, the
    first operand of a normalization (for its own gradient and the weight's)."""
    op, operands, _ = described
    if op in ops.SAVING_FIRST_OPERAND and operands and not isinstance(operands[0], cst.Arg):
        return [SavedOperand(operands[0], op, None)]
    if op not in ops.SAVING_INPUTS:
        return []
    tensors = [operand for operand in operands if not isinstance(operand, cst.Arg) and not _is_number(operand, ctx)]
    if len(tensors) < 2:
        return []
    return [SavedOperand(operand, op, _needing(op, operand, tensors)) for operand in tensors]


def _needing(op: str, operand: cst.CSTNode, tensors: List[cst.CSTNode]) -> Tuple[cst.CSTNode, ...]:
    if op in SELF_NEEDING or op in DIVISIONS and operand is not tensors[0]:
        return tuple(tensors)
    return tuple(other for other in tensors if other is not operand)


# How deep calls of the project's code are followed to find what saves an argument.
MAX_SAVER_DEPTH = 3


def _named_saver(call: cst.Call, ctx) -> Optional[str]:
    saver = argument_saver(call, ctx)
    return f"`{snippet(ctx.positions.source(call.func))}` ({saver})" if saver is not None else None


def argument_saver(call: cst.Call, ctx, depth: int = 0) -> Optional[str]:
    """What saves the first argument of a call to the project's own code for backward: the torch op,
    `@` or nn module its body passes the parameter to, or a call it passes the parameter on to in
    turn (`self.ln_1(x)` whose class's `forward` calls `F.layer_norm(input, ...)`)."""
    callee = ctx.callee_function(call.func)
    if callee is None or not isinstance(callee.node, cst.FunctionDef) or depth >= MAX_SAVER_DEPTH:
        return None
    known = callee.model.memo("argument_saver")
    key = id(callee.node)
    if key not in known:
        known[key] = None  # a recursive call saves nothing more
        known[key] = _first_argument_saver(callee.node, callee.model, depth)
    return known[key]


def _first_argument_saver(function: cst.FunctionDef, model, depth: int) -> Optional[str]:
    parameters = [param.name.value for param in function.params.params]
    if parameters[:1] == ["self"]:
        parameters = parameters[1:]
    if not parameters:
        return None
    for node in walk(function.body):
        saver = _saver_of(node, parameters[0], model, depth, function)
        if saver is not None:
            return f"its `{function.name.value}` passes it to {saver}"
    return None


def _saver_of(node: cst.CSTNode, name: str, model, depth: int, function: cst.FunctionDef) -> Optional[str]:
    """What in `node`, one node of `function`'s body, saves the tensor the function's `name` holds
    (for an operand with evidence of a gradient)."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.MatrixMultiply):
        return "`@`" if name in (name_of(_viewed(node.left)), name_of(_viewed(node.right))) else None
    if not isinstance(node, cst.Call):
        return None
    described = model.describe_call(node)
    if described is not None:
        saved = [
            saved.op
            for saved in saved_operands(described, model)
            if name_of(_viewed(saved.operand)) == name
            and (saved.needing is None or any(model.gradient.learned(operand, function) for operand in saved.needing))
        ]
        return f"`{saved[0]}`" if saved else None
    first = positional_args(node)[:1]
    if not first or name_of(_viewed(first[0])) != name:
        return None
    return argument_saver(node, model, depth + 1)


def _viewed(operand: cst.CSTNode) -> cst.CSTNode:
    """The tensor `operand` is a view of (`b`, `b.t()`, `b[:, 0]`, `b.view(-1)[1:]`), or `operand`
    itself: an index by a tensor, a name or a key (`b[mask]`, `b[idx]`, `d["lr"]`) gathers a copy, or
    reads a dict."""
    node = operand
    while True:
        if isinstance(node, cst.Subscript):
            if not all(_basic_index(element.slice) for element in node.slice):
                return operand
            node = node.value
        elif isinstance(node, (cst.Call, cst.Attribute)) and strip_views(node) is not node:
            node = node.func.value if isinstance(node, cst.Call) else node.value
        else:
            return node


def _basic_index(index: cst.BaseSlice) -> bool:
    if isinstance(index, cst.Slice):
        return True
    value = index.value
    if isinstance(value, cst.UnaryOperation):
        value = value.expression
    return isinstance(value, (cst.Integer, cst.Ellipsis)) or name_of(value) is None and isinstance(value, cst.Name)


def _is_tensor(node: cst.CSTNode, ctx, depth: int = 0) -> bool:
    """Known to hold a tensor: the result of a torch function or tensor method that computes one (not
    `x.size(1)` or `x.item()`), also through a name or a view."""
    node = strip_views(node)
    if isinstance(node, cst.Call):
        described = ctx.describe(node)
        op = ops.OPS.get(described[0]) if described is not None else None
        return (
            described is not None
            and described[0] not in NOT_TENSORS
            and not (op is not None and op.handles == ops.METADATA)
        )
    name = name_of(node)
    if name is not None and depth < 3:
        found = ctx.lookup_name(name)
        return found is not None and _is_tensor(found.value, ctx, depth + 1)
    return False


def _is_number(node: cst.CSTNode, ctx, depth: int = 0) -> bool:
    """A Python number, as far as the code shows: a literal, `len(x)`, a name assigned one."""
    if is_constant(node) or isinstance(node, cst.UnaryOperation) and is_constant(node.expression):
        return True
    if isinstance(node, cst.Call):
        return name_of(node.func) in NUMBER_CALLS or ctx.qualified(node.func) in ("math.sqrt", "math.log", "math.exp")
    if isinstance(node, cst.BinaryOperation) and depth < 3:
        return _is_number(node.left, ctx, depth + 1) and _is_number(node.right, ctx, depth + 1)
    name = name_of(node)
    if name is not None and depth < 3:
        found = ctx.lookup_name(name)
        return found is not None and _is_number(found.value, ctx, depth + 1)
    return False
