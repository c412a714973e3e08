"""Half-precision literals: eps guards that round to 0 in float16, fill values beyond its range.

float16 holds magnitudes from 2**-24 (about 5.96e-8, a subnormal) to 65504. A guard such as
`x + 1e-8` or `clamp(min=1e-10)` rounds to `x + 0` there, and a fill value such as `-1e9` either
raises ("value cannot be converted to type c10::Half without overflow": `masked_fill`, `fill_`,
`full_like`, `new_full`, `index_fill`, `clamp`) or silently becomes -inf (`torch.where`, item
assignment). Both checks collect candidates during the walk and report them at the end only if the
file shows that float16 is in play: `.half()`, `torch.float16`/`torch.half`, float16 autocast,
`GradScaler`. bfloat16 has float32's exponent range, so its evidence does not count.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Callable, Dict, Iterable, List, NamedTuple, Optional, Tuple

import libcst as cst

from nanlint.analysis import values
from nanlint.checks.base import Check
from nanlint.types import Fix
from nanlint.analysis.patterns import Match, Template
from nanlint.analysis.syntax import (
    children,
    is_constant,
    is_literal,
    keyword_args,
    name_of,
    positional_args,
    snippet,
    string_value,
    walk,
)
from nanlint.analysis.ops import OPS
from nanlint.analysis.values import literal_number

FP16_MAX = 65504.0
FP16_ROUNDS_TO_ZERO = 2.0**-25  # positive values up to this round to 0.0 in float16 (ties to even)
# `F.normalize(input, p, dim, eps)`, `F.cosine_similarity(x1, x2, dim, eps)`: more operands pass eps by position
EPS_POSITION = 3

HALF_NAMES = frozenset({"torch.float16", "torch.half", "torch.HalfTensor", "torch.cuda.HalfTensor"})
WIDE_NAMES = frozenset({"torch.float32", "torch.float", "torch.float64", "torch.double", "torch.bfloat16"})
AUTOCAST = frozenset(
    {
        "torch.autocast",
        "torch.amp.autocast",
        "torch.cuda.amp.autocast",
        "torch.cpu.amp.autocast",
        "torch.amp.autocast_mode.autocast",
        "torch.cuda.amp.autocast_mode.autocast",
    }
)
SCALERS = frozenset(
    {
        "torch.GradScaler",
        "torch.amp.GradScaler",
        "torch.cuda.amp.GradScaler",
        "torch.amp.grad_scaler.GradScaler",
        "torch.cuda.amp.grad_scaler.GradScaler",
        "torch.distributed.fsdp.sharded_grad_scaler.ShardedGradScaler",
    }
)
# Decorators whose function body runs with autocast off or its inputs cast to float32.
FLOAT32_DECORATORS = frozenset({"custom_fwd", "custom_bwd", "autocast"})
WIDENING_METHODS = frozenset({"float", "double"})
DTYPE_KEYWORDS = frozenset({"dtype", "torch_dtype"})
CLAMPS = frozenset({"clamp", "clamp_", "clip", "clip_", "clamp_min", "clamp_min_"})
COUNTS = frozenset({"sum", "count_nonzero"})
BOOLEAN_OPS = frozenset(
    {"bool", "isnan", "isinf", "isfinite", "logical_not", "logical_and", "logical_or", "logical_xor", "isin"}
    | {"eq", "ne", "gt", "lt", "ge", "le", "greater", "less"}
)
NAME_HOPS = 2  # local names followed back to a count's making
# Fill operations whose value operand is converted to the tensor's own dtype (index of the value).
RAISING_FILLS = {
    "masked_fill": 2,
    "masked_fill_": 2,
    "fill_": 1,
    "fill": 1,
    "index_fill": 3,
    "index_fill_": 3,
    "full_like": 1,
    "new_full": 2,
}


class HalfEvidence:
    """The first node showing that a file computes in float16, if any: `.half()`, float16 given as a
    dtype (`.to(torch.float16)`, `.type(torch.half)`, `dtype=torch.float16`, `torch_dtype=...`,
    `torch.set_default_dtype(torch.float16)`, `dtype = torch.float16`), float16 autocast, a
    `GradScaler`. Mentions that only adapt to float16 are not evidence: a comparison
    (`if x.dtype == torch.float16: x = x.float()`), `torch.finfo(torch.float16)`, `.half().float()`
    (a rounding trick). Nodes, not lines: the walk meets them in source order, and their line is
    looked up only for a report."""

    def __init__(self) -> None:
        self.node: Optional[cst.CSTNode] = None  # float16 tensors or modules (`.half()`, a float16 dtype)
        self.autocast_node: Optional[cst.CSTNode] = None  # only mixed precision: autocast, GradScaler
        self.widened: set = set()
        self.places: List[Tuple[cst.CSTNode, cst.CSTNode, bool]] = []  # (evidence, its scope, autocast only)

    def observe_assign(self, node: cst.Assign, ctx, scope: cst.CSTNode) -> None:
        if ctx.qualified(node.value) in HALF_NAMES:
            self._note(node, scope, autocast=False)

    def _note(self, node: cst.CSTNode, scope: cst.CSTNode, autocast: bool) -> None:
        self.places.append((node, scope, autocast))
        if autocast and self.autocast_node is None:
            self.autocast_node = node
        elif not autocast and self.node is None:
            self.node = node

    def observe_call(self, node: cst.Call, ctx, scope: cst.CSTNode) -> None:
        func = node.func
        method = func.attr.value if isinstance(func, cst.Attribute) and ctx.qualified(func) is None else None
        if method in WIDENING_METHODS and isinstance(func.value, cst.Call):
            self.widened.add(id(func.value))  # `.half().float()`
        if method == "half" and not node.args and id(node) not in self.widened:
            self._note(node, scope, autocast=False)
            return
        name = ctx.qualified(func)
        dtypes = [value for key, value in keyword_args(node).items() if key in DTYPE_KEYWORDS]
        if method in ("to", "type") or name == "torch.set_default_dtype":
            dtypes += positional_args(node)
        if name in SCALERS or name in AUTOCAST:
            if name in SCALERS or _autocast_may_be_float16(node, ctx):
                self._note(node, scope, autocast=True)
        elif any(ctx.qualified(d) in HALF_NAMES for d in dtypes):
            self._note(node, scope, autocast=False)

    def found(self, autocast_float32: bool) -> Optional[cst.CSTNode]:
        """The evidence that puts a value at risk; for a value autocast keeps in float32, only pure
        float16 code counts."""
        if self.node is not None:
            return self.node
        return None if autocast_float32 else self.autocast_node

    def found_for(self, scope: cst.CSTNode, autocast_float32: bool, ctx, origin: cst.CSTNode) -> Optional[cst.CSTNode]:
        """`found`, counting only evidence that reaches code of `scope`: the script's top level
        (float16 for the whole file), `scope` itself, a method of its class, or a function of the
        file that calls it (directly or through others); an autocast block only what runs inside it
        (`origin`, the candidate, or a call there of a function that reaches it). A float16 cast in
        an unrelated class (a data transform's `half=True` option) puts nothing else at risk."""
        return _reaching(self.places, _callers_of(scope, ctx), autocast_float32, ctx, origin)


def _reaching(
    places, reached: Dict[int, cst.CSTNode], autocast_float32: bool, ctx, origin: cst.CSTNode
) -> Optional[cst.CSTNode]:
    for node, where, autocast in places:
        if autocast and autocast_float32:
            continue
        block = _autocast_block(node, ctx) if autocast else None
        if block is not None:
            if _runs_inside(block, origin, ctx):
                return node
        elif where is ctx.module or id(where) in reached:
            return node
    return None


def _autocast_block(node: cst.CSTNode, ctx) -> Optional[cst.CSTNode]:
    """What an autocast call covers when it opens a `with` statement or decorates a function."""
    parents = ctx.positions.parents()
    holder = parents.get(id(node))
    if isinstance(holder, (cst.WithItem, cst.Decorator)):
        block = parents.get(id(holder))
        return block if isinstance(block, (cst.With, cst.FunctionDef)) else None
    return None


def _runs_inside(block: cst.CSTNode, origin: cst.CSTNode, ctx) -> bool:
    """`origin` is in `block`, or in a function of the file a call in `block` reaches (through others)."""
    gradient = ctx.gradient
    pending = [gradient.function_around(origin)]
    seen = {id(pending[0].node)}
    if _within(origin, block, ctx):
        return True
    while pending:
        function = pending.pop()
        for caller, call in gradient.call_sites(function):
            if _within(call, block, ctx):
                return True
            if id(caller.node) not in seen:
                seen.add(id(caller.node))
                pending.append(caller)
    return False


def _within(node: cst.CSTNode, block: cst.CSTNode, ctx) -> bool:
    parents = ctx.positions.parents()
    while node is not None and node is not block:
        node = parents.get(id(node))
    return node is block


def _callers_of(scope: cst.CSTNode, ctx) -> Dict[int, cst.CSTNode]:
    """`scope`, the methods of its class and every function of the file that calls one of them,
    transitively, by id."""
    gradient = ctx.gradient
    table = {id(function.node): function for function in gradient.functions()}
    start = table.get(id(scope))
    if start is None:
        return {id(scope): scope}
    pending = [f for f in table.values() if f is start or start.owner is not None and f.owner is start.owner]
    reached = {id(f.node): f.node for f in pending}
    while pending:
        function = pending.pop()
        for caller, _ in gradient.call_sites(function):
            if id(caller.node) not in reached:
                reached[id(caller.node)] = caller.node
                pending.append(caller)
    return reached


# How many files away float16 evidence is looked for: the caller's file, and its callers' files.
CALLER_FILE_HOPS = 2


def evidence_in_callers(scope: cst.CSTNode, autocast_float32: bool, ctx, origin: cst.CSTNode) -> Optional[str]:
    """Where another file of the project shows that the code of `scope` runs in float16, found by
    following its callers, in its own file and across files (at most CALLER_FILE_HOPS files away):
    evidence in a calling function of another file, in what calls that function there, or at that
    file's top level (`with torch.autocast(dtype=torch.float16): loss = criterion(...)` in train.py,
    for the loss's module in losses.py). As `path:line`, for the message."""
    if ctx.project is None:
        return None
    pending = [(ctx, scope, 0, origin)]
    seen = {id(scope)}
    while pending:
        model, function, hops, origin = pending.pop(0)
        if model is not ctx:
            found = _reaching(_half_places_of(model), _callers_of(function, model), autocast_float32, model, origin)
            if found is not None:
                return f"{Path(model.path).name}:{model.positions.line(found)}"
        for reaching in _callers_of(function, model).values():
            if not isinstance(reaching, cst.FunctionDef):
                continue
            for caller_model, site in model.call_sites(reaching):
                further = hops + (caller_model is not model)
                if id(site.caller) not in seen and further <= CALLER_FILE_HOPS:
                    seen.add(id(site.caller))
                    pending.append((caller_model, site.caller, further, site.call))
    return None


def _half_places_of(model) -> list:
    """`half_places` of another file, found once per run (every candidate of every file asks)."""
    known = model.memo("half_places")
    if id(model.module) not in known:
        known[id(model.module)] = half_places(model)
    return known[id(model.module)]  # type: ignore[return-value]


def half_places(ctx) -> list:
    """The float16 evidence of a file the walk does not visit (another file of the project), found
    as the walk would find it: in source order, each with the function it is in."""
    evidence = HalfEvidence()
    pending: List[Tuple[cst.CSTNode, cst.CSTNode]] = [(ctx.module, ctx.module)]
    while pending:
        node, scope = pending.pop()
        if isinstance(node, cst.Call):
            evidence.observe_call(node, ctx, scope)
        elif isinstance(node, cst.Assign):
            evidence.observe_assign(node, ctx, scope)
        inner = node if isinstance(node, cst.FunctionDef) else scope
        pending.extend((child, inner) for child in reversed(list(children(node))))
    return evidence.places


def _autocast_may_be_float16(call: cst.Call, ctx) -> bool:
    keywords = keyword_args(call)
    if is_literal(keywords.get("enabled"), False):
        return False
    dtype = keywords.get("dtype")
    if dtype is not None:
        return ctx.qualified(dtype) not in WIDE_NAMES
    positional = positional_args(call)
    device = keywords.get("device_type", positional[0] if positional else None)
    return not (ctx.qualified(call.func) == "torch.cpu.amp.autocast" or string_value(device) == "cpu")


class AtLine(NamedTuple):
    """Message text that names the line of `node` (`"`eps` (line {line})"`), spelled at report
    time: positions are computed lazily, only for findings."""

    template: str
    node: cst.CSTNode
    model: object = None  # the file `node` is in, when not the one walked

    def render(self, ctx) -> str:
        return self.template.format(line=(self.model or ctx).positions.line(self.node))


FixMaker = Callable[[], Optional[Fix]]


def _rendered(fields: dict, ctx) -> dict:
    return {key: value.render(ctx) if isinstance(value, AtLine) else value for key, value in fields.items()}


class _HalfPrecisionCheck(Check):
    """Shared machinery: float16 evidence, float32 regions, candidates reported at the end.

    A float32 region (a `with torch.autocast(..., enabled=False):` block, a function decorated
    `@custom_fwd(cast_inputs=torch.float32)`) is tracked with a depth counter: its handler counts
    it in and returns a callable the walker calls after the region's children, which counts it out."""

    connected_evidence = False  # count only float16 evidence that reaches the candidate's code

    def begin(self, ctx) -> None:
        self.evidence = HalfEvidence()
        self.float32_depth = 0
        self.candidates: List[Tuple[cst.CSTNode, Optional[FixMaker], bool, dict]] = []

    def handlers(self):
        return {
            cst.Assign: self.visit_assign,
            cst.Call: self.visit_call,
            cst.With: self.visit_with,
            cst.FunctionDef: self.visit_function,
        }

    def visit_assign(self, node: cst.Assign, ctx) -> None:
        self.evidence.observe_assign(node, ctx, ctx.function_scope().node)

    def visit_call(self, node: cst.Call, ctx) -> None:
        self.evidence.observe_call(node, ctx, ctx.function_scope().node)

    def visit_with(self, node: cst.With, ctx) -> Optional[Callable[[], None]]:
        for item in node.items:
            expr = item.item
            if isinstance(expr, cst.Call) and ctx.qualified(expr.func) in AUTOCAST:
                if is_literal(keyword_args(expr).get("enabled"), False):
                    return self._enter_float32_region()
        return None

    def visit_function(self, node: cst.FunctionDef, ctx) -> Optional[Callable[[], None]]:
        for decorator in node.decorators:
            expr = decorator.decorator
            target = expr.func if isinstance(expr, cst.Call) else expr
            name = ctx.qualified(target) or ""
            if name.rsplit(".", 1)[-1] in FLOAT32_DECORATORS and _decorator_means_float32(expr):
                return self._enter_float32_region()
        return None

    def _enter_float32_region(self) -> Callable[[], None]:
        self.float32_depth += 1

        def leave() -> None:
            self.float32_depth -= 1

        return leave

    def in_float32_region(self) -> bool:
        """The walk is inside a float32 region now (candidates are made as the walk meets them)."""
        return self.float32_depth > 0

    def candidate(
        self, ctx, node: cst.CSTNode, fix: Optional[FixMaker] = None, autocast_float32: bool = False, **fields
    ) -> None:
        """`autocast_float32`: the value is float32 under autocast (`x.sum()`, `x.norm()`, `exp`...),
        so only pure float16 code (`.half()`, a float16 dtype) puts it at risk. `fix` makes the fix
        and fields may be `AtLine`s: both need positions, so they are made only for a report."""
        if not self.in_float32_region():
            self.candidates.append((node, fix, autocast_float32, fields, ctx.function_scope().node))

    def end(self, ctx) -> None:
        for node, fix, autocast_float32, fields, scope in self.candidates:
            if self.connected_evidence:
                evidence = self.evidence.found_for(scope, autocast_float32, ctx, node)
            else:
                evidence = self.evidence.found(autocast_float32)
            where = f"line {ctx.positions.line(evidence)}" if evidence is not None else None
            where = where or evidence_in_callers(scope, autocast_float32, ctx, node)
            if where is not None:
                self.report(ctx, node, fix and fix(), evidence=where, **_rendered(fields, ctx))

    def fix_with(self, ctx, literal: cst.CSTNode, template: str, tensor: cst.CSTNode) -> Optional[FixMaker]:
        """What makes the fix putting `template` in place of `literal`, called only for a report."""
        if not self.rule.fixable or not isinstance(tensor, (cst.Name, cst.Attribute)):
            return None  # `torch.finfo(<long expression>.dtype)` would be no improvement
        return lambda: self.render_fix(ctx, literal, Template(template), Match({"x": tensor}))


def _decorator_means_float32(decorator: cst.BaseExpression) -> bool:
    """`@custom_fwd(cast_inputs=torch.float32)`, `@autocast(enabled=False)`; a bare `@custom_fwd` keeps the dtype."""
    if not isinstance(decorator, cst.Call):
        return False
    keywords = keyword_args(decorator)
    return is_literal(keywords.get("enabled"), False) or "cast_inputs" in keywords


# Operations autocast runs in float32 (torch.amp docs, CUDA "ops that can autocast to float32").
AUTOCAST_FLOAT32_OPS = frozenset(
    {
        "acos",
        "asin",
        "cosh",
        "erfinv",
        "exp",
        "expm1",
        "log",
        "log10",
        "log2",
        "log1p",
        "reciprocal",
        "rsqrt",
        "sinh",
        "tan",
        "pow",
        "softplus",
        "layer_norm",
        "group_norm",
        "norm",
        "vector_norm",
        "matrix_norm",
        "cosine_similarity",
        "dist",
        "pdist",
        "cdist",
        "renorm",
        "logsumexp",
        "prod",
        "cumprod",
        "cumsum",
        "sum",
        "softmax",
        "log_softmax",
        "softmin",
        "mse_loss",
        "l1_loss",
        "smooth_l1_loss",
        "kl_div",
        "nll_loss",
        "cross_entropy",
        "binary_cross_entropy_with_logits",
    }
)
SHAPE_METHODS = frozenset(
    {
        "unsqueeze",
        "squeeze",
        "view",
        "reshape",
        "expand",
        "expand_as",
        "flatten",
        "transpose",
        "permute",
        "detach",
        "clone",
        "contiguous",
        "abs",
        "clamp",
        "clamp_min",
        "sqrt",
    }
)


def autocast_float32(node: cst.CSTNode, ctx, depth: int = 0) -> bool:
    """Whether autocast computes this value in float32: an op on autocast's float32 list, `x ** 2`,
    shape changes and arithmetic of such values, following local names."""
    if depth > 6:
        return False
    if literal_number(node) is not None:
        return True
    name = name_of(node)
    if name is not None:
        value = ctx.assigned_value(name)
        return value is not None and autocast_float32(value, ctx, depth + 1)
    if isinstance(node, cst.Subscript):
        return autocast_float32(node.value, ctx, depth + 1)
    if isinstance(node, cst.UnaryOperation):
        return autocast_float32(node.expression, ctx, depth + 1)
    if isinstance(node, cst.BinaryOperation):
        if isinstance(node.operator, cst.Power):
            return True
        return autocast_float32(node.left, ctx, depth + 1) and autocast_float32(node.right, ctx, depth + 1)
    if isinstance(node, cst.Call):
        described = ctx.describe(node)
        if described is None:
            return False
        op, operands, _ = described
        if op in AUTOCAST_FLOAT32_OPS:
            return True
        return op in SHAPE_METHODS and bool(operands) and autocast_float32(operands[0], ctx, depth + 1)
    return False


FLOAT32_OR_WIDER = WIDE_NAMES - {"torch.bfloat16"}


def is_explicitly_wide(node: cst.CSTNode, ctx, depth: int = 0) -> bool:
    """True when the expression is cast to float32/float64 somewhere (`x.float()`, `.to(torch.float32)`,
    `dtype=torch.float32`), following local names: type promotion then keeps the result wide."""
    if depth > 3:
        return False
    for sub in walk(node):
        if isinstance(sub, cst.Call):
            func = sub.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value in WIDENING_METHODS
                and not sub.args
                and ctx.qualified(func) is None
            ):
                return True
            widening = [a for a in positional_args(sub) if ctx.qualified(a) in FLOAT32_OR_WIDER]
            dtype = keyword_args(sub).get("dtype")
            if widening or dtype is not None and ctx.qualified(dtype) in FLOAT32_OR_WIDER:
                return True
        elif name_of(sub) is not None and depth < 3:
            value = ctx.assigned_value(name_of(sub))
            if value is not None and value is not node and is_explicitly_wide(value, ctx, depth + 1):
                return True
    return False


class VanishingEpsilon(_HalfPrecisionCheck):
    """`x + 1e-8`, `clamp(min=1e-10)`, `clamp_min(1e-12)` with a positive literal (inline or through
    a local, module constant or parameter default) that rounds to 0 in float16."""

    kind = "fp16-vanishing-eps"
    FIELDS = ("evidence", "eps", "origin", "expr")
    connected_evidence = True

    def handlers(self):
        return {**super().handlers(), cst.BinaryOperation: self.visit_binop}

    def visit_binop(self, node: cst.BinaryOperation, ctx) -> None:
        if not isinstance(node.operator, cst.Add):
            return
        for guard, other in ((node.right, node.left), (node.left, node.right)):
            self._judge(node, guard, other, ctx)

    def visit_call(self, node: cst.Call, ctx) -> None:
        super().visit_call(node, ctx)
        described = ctx.describe(node)
        if described is None or not described[1]:
            return
        op, operands, keywords = described
        if op in CLAMPS:
            low = keywords.get("min", operands[1] if len(operands) >= 2 else None)
            if low is not None:
                self._judge(node, low, operands[0], ctx)
        elif op in OPS and OPS[op].eps > 0 and len(operands) <= EPS_POSITION:
            self._judge_own_eps(node, op, operands[0], keywords.get("eps"), ctx)

    def _judge_own_eps(
        self, node: cst.Call, op: str, tensor: cst.BaseExpression, given: Optional[cst.BaseExpression], ctx
    ) -> None:
        """An op that guards itself with an eps (`F.normalize`'s 1e-12, `cosine_similarity`'s 1e-8):
        the one given, else its default. Autocast runs their norms in float32."""
        if given is not None:
            self._judge(node, given, tensor, ctx, autocast=True)
        elif OPS[op].eps <= FP16_ROUNDS_TO_ZERO and self._half_tensor(tensor, ctx):
            self.candidate(
                ctx,
                node,
                None,
                True,
                eps=f"{OPS[op].eps:.0e}".replace("e-0", "e-"),
                origin=f"`{op}`'s default",
                expr=op,
            )

    def _judge(
        self, node: cst.CSTNode, guard: cst.BaseExpression, tensor: cst.BaseExpression, ctx, autocast: bool = False
    ) -> None:
        found = resolve_literal(guard, ctx)
        if found is None or not 0 < found[0] <= FP16_ROUNDS_TO_ZERO or not self._half_tensor(tensor, ctx):
            return
        value, literal, origin = found
        fix = self.fix_with(ctx, literal, "torch.finfo($x.dtype).eps", tensor) if literal is guard else None
        self.candidate(
            ctx,
            node,
            fix,
            autocast or autocast_float32(tensor, ctx),
            eps=snippet(ctx.positions.source(literal)),
            origin=origin,
            expr=snippet(ctx.positions.source(node)),
        )

    @staticmethod
    def _half_tensor(tensor: cst.BaseExpression, ctx) -> bool:
        """A tensor that may be float16: not a number, not cast to float32 or wider, not a count of
        a boolean tensor (an integer tensor: a float eps makes it float32, autocast or not)."""
        return (
            ctx.is_tensor_receiver(tensor)
            and literal_number(tensor) is None
            and not is_explicitly_wide(tensor, ctx)
            and not _boolean_count(tensor, ctx)
        )


def _boolean_count(node: cst.BaseExpression, ctx, hops: int = 0) -> bool:
    """`mask.sum()`, `torch.count_nonzero(x > 0)`: a count of a boolean tensor, with no dtype asked."""
    if isinstance(node, cst.Name):
        found = ctx.lookup(node) if hops < NAME_HOPS else None
        return (
            found is not None
            and found.value is not None
            and ctx.at(found.seq, _boolean_count, found.value, ctx, hops + 1)
        )
    described = ctx.describe(node) if isinstance(node, cst.Call) else None
    if described is None or described[0] not in COUNTS or not described[1] or DTYPE_KEYWORDS & set(described[2]):
        return False
    return _boolean(described[1][0], ctx, hops)


def _boolean(node: cst.BaseExpression, ctx, hops: int = 0) -> bool:
    """A tensor of dtype bool: a comparison, its negation, `.bool()`, `isnan`..., or a name bound to one."""
    if isinstance(node, cst.Comparison):
        return True
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.BitInvert, cst.Not)):
        return _boolean(node.expression, ctx, hops)
    if isinstance(node, cst.Name):
        found = ctx.lookup(node) if hops < NAME_HOPS else None
        return found is not None and found.value is not None and ctx.at(found.seq, _boolean, found.value, ctx, hops + 1)
    described = ctx.describe(node) if isinstance(node, cst.Call) else None
    return described is not None and described[0] in BOOLEAN_OPS


class OverflowingFill(_HalfPrecisionCheck):
    """A fill value beyond float16's range (|v| > 65504, finite) given to `masked_fill`, `fill_`,
    `full_like`, `new_full`, `index_fill`, `clamp` bounds, a scalar branch of `torch.where`, or an
    item assignment."""

    kind = "fp16-overflowing-fill"
    FIELDS = ("evidence", "value", "origin", "effect")

    def visit_call(self, node: cst.Call, ctx) -> None:
        super().visit_call(node, ctx)
        described = ctx.describe(node)
        if described is None:
            return
        op, operands, keywords = described
        for value, tensor, effect in self._fill_values(op, operands, keywords):
            self._judge(node, value, tensor, effect, ctx)

    def _fill_values(
        self, op: str, operands: list, keywords: dict
    ) -> Iterable[Tuple[cst.BaseExpression, cst.BaseExpression, str]]:
        raises = 'raises "value cannot be converted to type c10::Half without overflow"'
        tensor = operands[0] if operands else keywords.get("input")  # `torch.clamp(input=x, min=...)`
        if tensor is None:
            return
        if op in RAISING_FILLS:
            index = RAISING_FILLS[op]
            value = keywords.get("value", operands[index] if len(operands) > index else None)
            if value is not None:
                yield value, tensor, f"`{op}` {raises}"
        elif op in CLAMPS:
            for key, index in (("min", 1), ("max", 2)):
                bound = keywords.get(key, operands[index] if len(operands) > index else None)
                if bound is not None:
                    yield bound, tensor, f"`{op}` {raises}"
        elif op == "where" and len(operands) == 3:
            for branch, other in ((operands[1], operands[2]), (operands[2], operands[1])):
                yield branch, other, "`where` turns it into inf"

    def visit_assign(self, node: cst.Assign, ctx) -> None:
        super().visit_assign(node, ctx)
        for target in node.targets:
            if isinstance(target.target, cst.Subscript):
                self._judge(node, node.value, target.target.value, "item assignment turns it into inf", ctx)

    def _judge(
        self, node: cst.CSTNode, value: cst.BaseExpression, tensor: cst.BaseExpression, effect: str, ctx
    ) -> None:
        found = resolve_literal(value, ctx)
        if found is None or not FP16_MAX < abs(found[0]) < math.inf or is_integer_expression(found[1]):
            return  # integers this large are token ids and bit patterns written into integer tensors
        if not ctx.is_tensor_receiver(tensor) or literal_number(tensor) is not None or is_explicitly_wide(tensor, ctx):
            return
        number, literal, origin = found
        template = "torch.finfo($x.dtype).min" if number < 0 else "torch.finfo($x.dtype).max"
        fix = self.fix_with(ctx, literal, template, tensor) if literal is value else None
        self.candidate(ctx, node, fix, value=snippet(ctx.positions.source(literal)), origin=origin, effect=effect)


def constant_value(node: cst.CSTNode) -> Optional[float]:
    """The value of a literal or of constant arithmetic on literals: `-1e9`, `2 ** 30`, `float(2 ** 30)`."""
    return values.constant_value(node, casts=True)


def is_integer_expression(node: cst.CSTNode) -> bool:
    """`151654`, `-2**31`: integer arithmetic (no float literal, no `float(...)`, no true division)."""
    if isinstance(node, cst.Call) or any(
        isinstance(sub, cst.BinaryOperation) and isinstance(sub.operator, cst.Divide) for sub in walk(node)
    ):
        return False
    constants = [sub for sub in walk(node) if is_constant(sub)]
    return bool(constants) and all(isinstance(constant, cst.Integer) for constant in constants)


def resolve_literal(node: cst.CSTNode, ctx) -> Optional[Tuple[float, cst.CSTNode, object]]:
    """(value, literal node, where it is written) for the one number `node` holds: written inline
    (constant arithmetic too, `float(2 ** 30)`), or as the project's code sets it (a local or module
    assignment, a parameter's default or what its callers pass, `self.attr`, a config's item or
    attribute: `ctx.constant_sources`). Where it is written is "inline" or an `AtLine` naming the
    line, with its file when it is another."""
    value = constant_value(node)
    if value is not None:
        return value, node, "inline"
    sources = [source for source in ctx.constant_sources(node) if type(source.value) is float]
    if not sources or len({source.value for source in sources}) != 1:
        return None
    source = sources[0]
    where = "line {line}" if source.model is ctx else f"{Path(source.model.path).name}:{{line}}"
    named = snippet(ctx.positions.source(node)).replace("{", "{{").replace("}", "}}")
    return source.value, source.node, AtLine(f"`{named}`, set at {where}", source.node, source.model)


class ScaledAfterMatmul(_HalfPrecisionCheck):
    """Attention scores scaled after the matmul, `(q @ k.T) * scale` or `matmul(q, k) / sqrt(d)`,
    then fed to a softmax (through local names and `masked_fill`), in code float16 reaches: the raw
    dot products overflow 65504 before the scale. Operands cast to float32 are left alone."""

    kind = "fp16-scaled-after-matmul"
    FIELDS = ("evidence", "expr")
    connected_evidence = True

    def visit_call(self, node: cst.Call, ctx) -> None:
        super().visit_call(node, ctx)
        described = ctx.describe(node)
        if described is None or described[0] not in SOFTMAXES or not described[1]:
            return
        scores = _scaled_scores(described[1][0], ctx)
        if scores is not None and not is_explicitly_wide(scores, ctx):
            self.candidate(ctx, scores, expr=snippet(ctx.positions.source(scores)))


SOFTMAXES = frozenset({"softmax", "log_softmax", "softmin"})
MATMULS = frozenset({"matmul", "bmm", "einsum", "mm"})


def _scaled_scores(node: cst.CSTNode, ctx, depth: int = 0) -> Optional[cst.BinaryOperation]:
    """The `(q @ k) * scale` / `/ scale` a softmax input is, through local names and mask fills."""
    if depth > 4:
        return None
    if isinstance(node, cst.Name):
        found = ctx.lookup(node)
        return ctx.at(found.seq, _scaled_scores, found.value, ctx, depth + 1) if found is not None else None
    if isinstance(node, cst.Call):  # a mask fill keeps the scores; a cast to float32 (`.float()`) ends the search
        described = ctx.describe(node)
        if described is not None and described[0] == "masked_fill" and described[1]:
            return _scaled_scores(described[1][0], ctx, depth + 1)
        return None
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Multiply, cst.Divide)):
        if _is_matmul(node.left, ctx) and not _is_matmul(node.right, ctx):
            return node
        if isinstance(node.operator, cst.Multiply) and _is_matmul(node.right, ctx) and not _is_matmul(node.left, ctx):
            return node
    return None


def _is_matmul(node: cst.CSTNode, ctx) -> bool:
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.MatrixMultiply):
        return True
    if isinstance(node, cst.Call):
        described = ctx.describe(node)
        return described is not None and described[0] in MATMULS
    return False
