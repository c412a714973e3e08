"""`fp16-optimizer-eps`: an adaptive optimizer whose eps is 0 in the float16 parameters it updates.

Adam, AdamW, NAdam, RMSprop and Adagrad divide each update by `sqrt(v) + eps`, computed in the
parameters' dtype. Their default eps (1e-8; Adagrad's 1e-10) rounds to 0 in float16, so once the
squared gradients `v` underflow (gradients below about 2.4e-4) the update is `m / 0`: the
parameters become Inf or NaN at `optimizer.step()`. Mixed precision (autocast with float32
parameters) is safe; pure float16 parameters (`model.half()`) are not.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional, Tuple

import libcst as cst

from nanlint.checks.base import Check
from nanlint.checks.precision import FP16_ROUNDS_TO_ZERO, HALF_NAMES, resolve_literal
from nanlint.checks.saved import first_argument
from nanlint.checks.steps import MadeOptimizer, made_optimizers, optimized_models
from nanlint.analysis.values import literal_number
from nanlint.analysis.syntax import argument, is_self_attribute, keyword_args, name_of, positional_args

# Optimizers whose update divides by `sqrt(v) + eps`, with their default eps (verified with torch 2.13:
# a float16 `nn.Linear` with small gradients has non-finite parameters after two steps).
DEFAULT_EPS = {"Adam": 1e-8, "AdamW": 1e-8, "NAdam": 1e-8, "RMSprop": 1e-8, "Adagrad": 1e-10}


SUBMODULE = re.compile(r"[.[]")  # where the code of a module's submodule starts: `model.head`, `model[0]`


class Optimizer(NamedTuple):
    node: cst.Call
    kind: str  # `Adam`
    models: Tuple[str, ...]  # the code of the models whose parameters it updates
    eps: str  # how the finding names eps: "1e-08 (its default)"
    origin: str  # where it is built: "`torch.optim.Adam` at line 9", "... at optim.py:6"


class HalfOptimizerEps(Check):
    """`opt = torch.optim.Adam(model.parameters())` (eps left at its default or a literal at or below
    2**-25) with `model` made float16 in the file (`model.half()`, `model = Net().half()`,
    `model.to(torch.float16)`); reported at `opt.step()`, where the parameters turn non-finite (at
    the construction when the file has no step)."""

    kind = "fp16-optimizer-eps"
    FIELDS = ("optimizer", "eps", "model", "half_line", "origin")

    def begin(self, ctx) -> None:
        self.half_models: Dict[str, cst.CSTNode] = {}  # code of a model -> where it was made float16
        self.optimizers: List[Optimizer] = []
        self.assigned: Dict[int, str] = {}  # id of an assigned value -> the code of its target
        self.steps: List[tuple] = []  # (optimizer code, step call)

    def handlers(self):
        return {cst.Assign: self.visit_assign, cst.Call: self.visit_call}

    def visit_assign(self, node: cst.Assign, ctx) -> None:
        for assigned in node.targets:
            target = assigned.target
            if not (name_of(target) or is_self_attribute(target)):
                continue
            if _makes_half(node.value, ctx):
                self.half_models.setdefault(ctx.positions.source(target), node)
            self.assigned[id(node.value)] = ctx.positions.source(target)

    def visit_call(self, node: cst.Call, ctx) -> None:
        optimizer = self._optimizer(node, ctx)
        if optimizer is not None:
            self.optimizers.append(optimizer)
            return
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        if _makes_half(node, ctx):
            self.half_models.setdefault(ctx.positions.source(func.value), node)
        elif func.attr.value == "step":
            first = first_argument(node)  # `scaler.step(opt)`
            self.steps.append(
                (ctx.positions.source(first) if first is not None else ctx.positions.source(func.value), node)
            )

    def _optimizer(self, value: cst.Call, ctx) -> Optional[Optimizer]:
        models = optimized_models(value, ctx)
        found = (self._adaptive(made, value, models, ctx) for made in made_optimizers(value, ctx))
        return next((optimizer for optimizer in found if optimizer is not None), None) if models else None

    def _adaptive(self, made: MadeOptimizer, value: cst.Call, models: Tuple[str, ...], ctx) -> Optional[Optimizer]:
        kind = (made.owner.qualified(made.construction.func) or "").rsplit(".", 1)[-1]
        if kind not in DEFAULT_EPS:
            return None
        origin = _origin(made, kind, ctx)
        eps = argument(made.construction, "eps")
        if eps is None:
            return Optimizer(value, kind, models, f"{DEFAULT_EPS[kind]:g} (its default)", origin)
        number = _number(eps, made, value, ctx)
        if number is not None and 0 < number <= FP16_ROUNDS_TO_ZERO:
            return Optimizer(value, kind, models, f"{number:g}", origin)
        return None

    def _half(self, model: str) -> Optional[cst.CSTNode]:
        """Where `model`, or the module it belongs to (`model` for `model.head`, `model[0]`), was made float16."""
        cuts = reversed([cut.start() for cut in SUBMODULE.finditer(model) if "(" not in model[cut.start() :]])
        prefixes = [model] + [model[:cut] for cut in cuts]
        return next((self.half_models[prefix] for prefix in prefixes if prefix in self.half_models), None)

    def end(self, ctx) -> None:
        for optimizer in self.optimizers:
            halves = ((model, self._half(model)) for model in optimizer.models)
            model, half = next(((model, half) for model, half in halves if half is not None), ("", None))
            if half is None:
                continue
            code = self.assigned.get(id(optimizer.node))
            steps = [step for stepped, step in self.steps if code is not None and stepped == code]
            self.report(
                ctx,
                steps[0] if steps else optimizer.node,
                optimizer=code or f"torch.optim.{optimizer.kind}",
                eps=optimizer.eps,
                model=model,
                half_line=ctx.positions.line(half),
                origin=optimizer.origin,
            )


def _makes_half(node: cst.CSTNode, ctx) -> bool:
    """`x.half()`, `x.to(torch.float16)`, `x.to(dtype=torch.half)`, `x.type(torch.HalfTensor)`."""
    if (
        not isinstance(node, cst.Call)
        or not isinstance(node.func, cst.Attribute)
        or ctx.qualified(node.func) is not None
    ):
        return False
    method = node.func.attr.value
    if method == "half":
        return not node.args
    if method in ("to", "type"):
        dtypes = positional_args(node) + [value for key, value in keyword_args(node).items() if key == "dtype"]
        return any(ctx.qualified(dtype) in HALF_NAMES for dtype in dtypes)
    return False


def _origin(made: MadeOptimizer, kind: str, ctx) -> str:
    line = made.owner.positions.line(made.construction)
    where = f"line {line}" if made.owner is ctx else f"{Path(made.owner.path).name}:{line}"
    return f"`torch.optim.{kind}` at {where}"


def _number(eps: cst.BaseExpression, made: MadeOptimizer, value: cst.Call, ctx) -> Optional[float]:
    """The number `eps` holds: as the project sets it when the optimizer is built right here, else
    (inside a factory, whose parameters only its callers bind) only a literal."""
    if made.construction is not value:
        return literal_number(eps)
    resolved = resolve_literal(eps, ctx)
    return resolved[0] if resolved is not None else None
