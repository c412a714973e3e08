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

import ast
import math
from typing import Iterable, List, Optional, Tuple

from nanlint import values
from nanlint.checks.base import Check, snippet
from nanlint.ftypes import Fix
from nanlint.patterns import Match, Template
from nanlint.syntax import is_literal
from nanlint.values import literal_number

FP16_MAX = 65504.0
FP16_ROUNDS_TO_ZERO = 2.0 ** -25  # positive values up to this round to 0.0 in float16 (ties to even)

HALF_NAMES = frozenset({"torch.float16", "torch.half", "torch.HalfTensor", "torch.cuda.HalfTensor"})
WIDE_NAMES = frozenset({"torch.float32", "torch.float", "torch.float64", "torch.double", "torch.bfloat16"})
AUTOCAST = frozenset({
    "torch.autocast", "torch.amp.autocast", "torch.cuda.amp.autocast", "torch.cpu.amp.autocast",
    "torch.amp.autocast_mode.autocast", "torch.cuda.amp.autocast_mode.autocast",
})
SCALERS = frozenset({
    "torch.GradScaler", "torch.amp.GradScaler", "torch.cuda.amp.GradScaler", "torch.amp.grad_scaler.GradScaler",
    "torch.cuda.amp.grad_scaler.GradScaler", "torch.distributed.fsdp.sharded_grad_scaler.ShardedGradScaler",
})
# Decorators whose function body runs with autocast off or its inputs cast to float32.
FLOAT32_DECORATORS = frozenset({"custom_fwd", "custom_bwd", "autocast"})
WIDENING_METHODS = frozenset({"float", "double"})
DTYPE_KEYWORDS = frozenset({"dtype", "torch_dtype"})
CLAMPS = frozenset({"clamp", "clamp_", "clip", "clip_", "clamp_min", "clamp_min_"})
# Fill operations whose value operand is converted to the tensor's own dtype (index of the value).
RAISING_FILLS = {"masked_fill": 2, "masked_fill_": 2, "fill_": 1, "fill": 1, "index_fill": 3, "index_fill_": 3,
                 "full_like": 1, "new_full": 2}


class HalfEvidence:
    """The first line showing that a file computes in float16, if any: `.half()`, float16 given as a
    dtype (`.to(torch.float16)`, `.type(torch.half)`, `dtype=torch.float16`, `torch_dtype=...`,
    `torch.set_default_dtype(torch.float16)`, `dtype = torch.float16`), float16 autocast, a
    `GradScaler`. Mentions that only adapt to float16 are not evidence: a comparison
    (`if x.dtype == torch.float16: x = x.float()`), `torch.finfo(torch.float16)`, `.half().float()`
    (a rounding trick)."""

    def __init__(self) -> None:
        self.line: Optional[int] = None  # float16 tensors or modules (`.half()`, a float16 dtype)
        self.autocast_line: Optional[int] = None  # only mixed precision: autocast, GradScaler
        self.widened: set = set()

    def observe_assign(self, node: ast.Assign, ctx) -> None:
        if self.line is None and ctx.qualified(node.value) in HALF_NAMES:
            self.line = node.lineno

    def observe_call(self, node: ast.Call, ctx) -> None:
        if self.line is not None:
            return
        func = node.func
        method = func.attr if isinstance(func, ast.Attribute) and ctx.qualified(func) is None else None
        if method in WIDENING_METHODS and isinstance(func.value, ast.Call):
            self.widened.add(id(func.value))  # `.half().float()`
        if method == "half" and not node.args and not node.keywords and id(node) not in self.widened:
            self.line = node.lineno
            return
        name = ctx.qualified(func)
        dtypes = [k.value for k in node.keywords if k.arg in DTYPE_KEYWORDS]
        if method in ("to", "type") or name == "torch.set_default_dtype":
            dtypes += node.args
        if name in SCALERS or name in AUTOCAST:
            if self.autocast_line is None and (name in SCALERS or _autocast_may_be_float16(node, ctx)):
                self.autocast_line = node.lineno
        elif any(ctx.qualified(d) in HALF_NAMES for d in dtypes):
            self.line = node.lineno


def _autocast_may_be_float16(call: ast.Call, ctx) -> bool:
    keywords = {k.arg: k.value for k in call.keywords}
    if is_literal(keywords.get("enabled"), False):
        return False
    dtype = keywords.get("dtype")
    if dtype is not None:
        return ctx.qualified(dtype) not in WIDE_NAMES
    device = keywords.get("device_type", call.args[0] if call.args else None)
    return not (ctx.qualified(call.func) == "torch.cpu.amp.autocast" or _is_string(device, "cpu"))


def _is_string(node: Optional[ast.AST], text: str) -> bool:
    return isinstance(node, ast.Constant) and node.value == text


class _HalfPrecisionCheck(Check):
    """Shared machinery: float16 evidence, float32 regions, candidates reported at the end."""

    def begin(self, ctx) -> None:
        self.evidence = HalfEvidence()
        self.float32_regions: List[Tuple[int, int]] = []
        self.candidates: List[Tuple[ast.AST, Optional[Fix], bool, dict]] = []

    def handlers(self):
        return {
            ast.Assign: self.visit_assign,
            ast.Call: self.visit_call,
            ast.With: self.visit_with,
            ast.AsyncWith: self.visit_with,
            ast.FunctionDef: self.visit_function,
            ast.AsyncFunctionDef: self.visit_function,
        }

    def visit_assign(self, node: ast.Assign, ctx) -> None:
        self.evidence.observe_assign(node, ctx)

    def visit_call(self, node: ast.Call, ctx) -> None:
        self.evidence.observe_call(node, ctx)

    def visit_with(self, node: ast.With, ctx) -> None:
        for item in node.items:
            expr = item.context_expr
            if isinstance(expr, ast.Call) and ctx.qualified(expr.func) in AUTOCAST:
                if is_literal({k.arg: k.value for k in expr.keywords}.get("enabled"), False):
                    self.float32_regions.append((node.lineno, node.end_lineno))

    def visit_function(self, node, ctx) -> None:
        for decorator in node.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            name = ctx.qualified(target) or ""
            if name.rsplit(".", 1)[-1] in FLOAT32_DECORATORS and _decorator_means_float32(decorator):
                self.float32_regions.append((node.lineno, node.end_lineno))

    def in_float32_region(self, node: ast.AST) -> bool:
        return any(start <= node.lineno <= end for start, end in self.float32_regions)

    def candidate(self, node: ast.AST, fix: Optional[Fix] = None, autocast_float32: bool = False, **fields) -> None:
        """`autocast_float32`: the value is float32 under autocast (`x.sum()`, `x.norm()`, `exp`...),
        so only pure float16 code (`.half()`, a float16 dtype) puts it at risk."""
        if not self.in_float32_region(node):
            self.candidates.append((node, fix, autocast_float32, fields))

    def end(self, ctx) -> None:
        for node, fix, autocast_float32, fields in self.candidates:
            line = self.evidence.line or (None if autocast_float32 else self.evidence.autocast_line)
            if line is not None:
                self.report(ctx, node, fix, evidence=f"line {line}", **fields)

    def fix_with(self, ctx, literal: ast.AST, template: str, tensor: ast.AST) -> Optional[Fix]:
        if not self.rule.fixable or not isinstance(tensor, (ast.Name, ast.Attribute)):
            return None  # `torch.finfo(<long expression>.dtype)` would be no improvement
        return self.render_fix(ctx, literal, Template(template), Match({"x": tensor}))


def _decorator_means_float32(decorator: ast.AST) -> bool:
    """`@custom_fwd(cast_inputs=torch.float32)`, `@autocast(enabled=False)`; a bare `@custom_fwd` keeps the dtype."""
    if not isinstance(decorator, ast.Call):
        return False
    keywords = {k.arg: k.value for k in decorator.keywords}
    return is_literal(keywords.get("enabled"), False) or "cast_inputs" in keywords


# Operations autocast runs in float32 (torch.amp docs, CUDA "ops that can autocast to float32").
AUTOCAST_FLOAT32_OPS = frozenset({
    "acos", "asin", "cosh", "erfinv", "exp", "expm1", "log", "log10", "log2", "log1p", "reciprocal", "rsqrt", "sinh",
    "tan", "pow", "softplus", "layer_norm", "group_norm", "norm", "vector_norm", "matrix_norm", "cosine_similarity",
    "dist", "pdist", "cdist", "renorm", "logsumexp", "prod", "cumprod", "cumsum", "sum", "softmax", "log_softmax",
    "softmin", "mse_loss", "l1_loss", "smooth_l1_loss", "kl_div", "nll_loss", "cross_entropy",
    "binary_cross_entropy_with_logits",
})
SHAPE_METHODS = frozenset({"unsqueeze", "squeeze", "view", "reshape", "expand", "expand_as", "flatten", "transpose",
                           "permute", "detach", "clone", "contiguous", "abs", "clamp", "clamp_min", "sqrt"})


def autocast_float32(node: ast.AST, ctx, depth: int = 0) -> bool:
    """Whether autocast computes this value in float32: an op on autocast's float32 list, `x ** 2`,
    shape changes and arithmetic of such values, following local names."""
    if depth > 6:
        return False
    if literal_number(node) is not None:
        return True
    if isinstance(node, ast.Name):
        value = ctx.assigned_value(node.id)
        return value is not None and autocast_float32(value, ctx, depth + 1)
    if isinstance(node, ast.Subscript):
        return autocast_float32(node.value, ctx, depth + 1)
    if isinstance(node, ast.UnaryOp):
        return autocast_float32(node.operand, ctx, depth + 1)
    if isinstance(node, ast.BinOp):
        if isinstance(node.op, ast.Pow):
            return True
        return autocast_float32(node.left, ctx, depth + 1) and autocast_float32(node.right, ctx, depth + 1)
    if isinstance(node, ast.Call):
        described = ctx.describe(node)
        if described is None:
            return False
        op, operands, _ = described
        if op in AUTOCAST_FLOAT32_OPS:
            return True
        return op in SHAPE_METHODS and bool(operands) and autocast_float32(operands[0], ctx, depth + 1)
    return False


def is_explicitly_wide(node: ast.AST, ctx, depth: int = 0) -> bool:
    """True when the expression is cast to float32/float64 somewhere (`x.float()`, `.to(torch.float32)`,
    `dtype=torch.float32`), following local names: type promotion then keeps the result wide."""
    if depth > 3:
        return False
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            func = sub.func
            if isinstance(func, ast.Attribute) and func.attr in WIDENING_METHODS and not sub.args and ctx.qualified(func) is None:
                return True
            widening = [a for a in sub.args if ctx.qualified(a) in WIDE_NAMES - {"torch.bfloat16"}]
            widening += [k.value for k in sub.keywords if k.arg == "dtype" and ctx.qualified(k.value) in WIDE_NAMES - {"torch.bfloat16"}]
            if widening:
                return True
        elif isinstance(sub, ast.Name) and depth < 3:
            value = ctx.assigned_value(sub.id)
            if value is not None and value is not node and is_explicitly_wide(value, ctx, depth + 1):
                return True
    return False


class VanishingEpsilon(_HalfPrecisionCheck):
    """`x + 1e-8`, `clamp(min=1e-10)`, `clamp_min(1e-12)` with a positive literal (inline or through
    a local, module constant or parameter default) that rounds to 0 in float16."""

    kind = "fp16-vanishing-eps"
    PARAMS = {}

    def handlers(self):
        return {**super().handlers(), ast.BinOp: self.visit_binop}

    def visit_binop(self, node: ast.BinOp, ctx) -> None:
        if not isinstance(node.op, ast.Add):
            return
        for guard, other in ((node.right, node.left), (node.left, node.right)):
            self._judge(node, guard, other, ctx)

    def visit_call(self, node: ast.Call, ctx) -> None:
        super().visit_call(node, ctx)
        described = ctx.describe(node)
        if described is None or described[0] not in CLAMPS:
            return
        op, operands, keywords = described
        low = keywords.get("min", operands[1] if len(operands) >= 2 else None)
        if low is not None and operands:
            self._judge(node, low, operands[0], ctx)

    def _judge(self, node: ast.AST, guard: ast.AST, tensor: ast.AST, ctx) -> None:
        found = resolve_literal(guard, ctx)
        if found is None or not 0 < found[0] <= FP16_ROUNDS_TO_ZERO:
            return
        if not ctx.is_tensor_receiver(tensor) or literal_number(tensor) is not None or is_explicitly_wide(tensor, ctx):
            return
        value, literal, origin = found
        fix = self.fix_with(ctx, literal, "torch.finfo($x.dtype).eps", tensor) if literal is guard else None
        self.candidate(node, fix, autocast_float32(tensor, ctx), eps=snippet(ctx.source(literal)), origin=origin, expr=snippet(ctx.source(node)))


class OverflowingFill(_HalfPrecisionCheck):
    """A fill value beyond float16's range (|v| > 65504, finite) given to `masked_fill`, `fill_`,
    `full_like`, `new_full`, `index_fill`, `clamp` bounds, a scalar branch of `torch.where`, or an
    item assignment."""

    kind = "fp16-overflowing-fill"
    PARAMS = {}

    def visit_call(self, node: ast.Call, ctx) -> None:
        super().visit_call(node, ctx)
        described = ctx.describe(node)
        if described is None:
            return
        op, operands, keywords = described
        for value, tensor, effect in self._fill_values(op, operands, keywords):
            self._judge(node, value, tensor, effect, ctx)

    def _fill_values(self, op: str, operands: list, keywords: dict) -> Iterable[Tuple[ast.AST, ast.AST, str]]:
        raises = "raises \"value cannot be converted to type c10::Half without overflow\""
        if op in RAISING_FILLS:
            index = RAISING_FILLS[op]
            value = keywords.get("value", operands[index] if len(operands) > index else None)
            if value is not None:
                yield value, operands[0], f"`{op}` {raises}"
        elif op in CLAMPS:
            for key, index in (("min", 1), ("max", 2)):
                bound = keywords.get(key, operands[index] if len(operands) > index else None)
                if bound is not None:
                    yield bound, operands[0], f"`{op}` {raises}"
        elif op == "where" and len(operands) == 3:
            for branch, other in ((operands[1], operands[2]), (operands[2], operands[1])):
                yield branch, other, "`where` turns it into inf"

    def visit_assign(self, node: ast.Assign, ctx) -> None:
        super().visit_assign(node, ctx)
        for target in node.targets:
            if isinstance(target, ast.Subscript):
                self._judge(node, node.value, target.value, "item assignment turns it into inf", ctx)

    def _judge(self, node: ast.AST, value: ast.AST, tensor: ast.AST, effect: str, ctx) -> None:
        found = resolve_literal(value, ctx)
        if found is None or not FP16_MAX < abs(found[0]) < math.inf or is_integer_expression(found[1]):
            return  # integers this large are token ids and bit patterns written into integer tensors
        if not ctx.is_tensor_receiver(tensor) or literal_number(tensor) is not None or is_explicitly_wide(tensor, ctx):
            return
        number, literal, origin = found
        template = "torch.finfo($x.dtype).min" if number < 0 else "torch.finfo($x.dtype).max"
        fix = self.fix_with(ctx, literal, template, tensor) if literal is value else None
        self.candidate(node, fix, value=snippet(ctx.source(literal)), origin=origin, effect=effect)


def constant_value(node: ast.AST) -> Optional[float]:
    """The value of a literal or of constant arithmetic on literals: `-1e9`, `2 ** 30`, `float(2 ** 30)`."""
    return values.constant_value(node, casts=True)


def is_integer_expression(node: ast.AST) -> bool:
    """`151654`, `-2**31`: integer arithmetic (no float literal, no `float(...)`, no true division)."""
    if isinstance(node, ast.Call) or any(isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Div) for sub in ast.walk(node)):
        return False
    constants = [sub.value for sub in ast.walk(node) if isinstance(sub, ast.Constant)]
    return bool(constants) and all(type(value) is int for value in constants)


def resolve_literal(node: ast.AST, ctx, depth: int = 0) -> Optional[Tuple[float, ast.AST, str]]:
    """(value, literal node, where it comes from) for a numeric literal (or constant arithmetic)
    written inline, or reached through a local or module assignment or a parameter's default."""
    value = constant_value(node)
    if value is not None:
        return value, node, "inline"
    if not isinstance(node, ast.Name) or depth > 2:
        return None
    assigned = ctx.assigned_value(node.id)
    if assigned is not None:
        found = resolve_literal(assigned, ctx, depth + 1)
        return (found[0], found[1], f"`{node.id}` (line {assigned.lineno})") if found else None
    default = parameter_default(node.id, ctx)
    if default is not None and constant_value(default) is not None:
        return constant_value(default), default, f"the default of `{node.id}` (line {default.lineno})"
    return None


def parameter_default(name: str, ctx) -> Optional[ast.AST]:
    """The default value of parameter `name` of the innermost enclosing function that has it."""
    for scope in reversed(ctx.scopes):
        if scope.kind != "function":
            continue
        args = scope.node.args
        positional = args.posonlyargs + args.args
        for arg, default in zip(positional[len(positional) - len(args.defaults):], args.defaults):
            if arg.arg == name:
                return default
        for arg, default in zip(args.kwonlyargs, args.kw_defaults):
            if arg.arg == name:
                return default
        if any(arg.arg == name for arg in positional + args.kwonlyargs):
            return None
    return None
