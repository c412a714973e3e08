"""`fp16-optimizer-eps`: an adaptive optimizer whose eps is 0 in the float16 parameters it updates.

Adam, AdamW, NAdam, RMSprop and Adagrad divide each update by `sqrt(v) + eps`, computed in the
parameters' dtype. Their default eps (1e-8; Adagrad's 1e-10) rounds to 0 in float16, so once the
squared gradients `v` underflow (gradients below about 2.4e-4) the update is `m / 0`: the
parameters become Inf or NaN at `optimizer.step()`. Mixed precision (autocast with float32
parameters) is safe; pure float16 parameters (`model.half()`) are not.
"""

from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional

import libcst as cst

from nanlint.checks.base import Check
from nanlint.checks.precision import FP16_ROUNDS_TO_ZERO, HALF_NAMES
from nanlint.checks.saved import first_argument
from nanlint.checks.steps import optimized_model
from nanlint.analysis.syntax import argument, is_self_attribute, keyword_args, name_of, positional_args
from nanlint.analysis.values import literal_number

# Optimizers whose update divides by `sqrt(v) + eps`, with their default eps (verified with torch 2.13:
# a float16 `nn.Linear` with small gradients has non-finite parameters after two steps).
DEFAULT_EPS = {"Adam": 1e-8, "AdamW": 1e-8, "NAdam": 1e-8, "RMSprop": 1e-8, "Adagrad": 1e-10}


class Optimizer(NamedTuple):
    node: cst.Call
    kind: str  # `Adam`
    model: str  # the code of the model whose parameters it updates
    eps: str  # how the finding names eps: "1e-08 (its default)"


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
        name = ctx.qualified(value.func) or ""
        kind = name.rsplit(".", 1)[-1]
        model = optimized_model(value, ctx)
        if not name.startswith("torch.optim.") or kind not in DEFAULT_EPS or model is None:
            return None
        eps = argument(value, "eps")
        if eps is None:
            return Optimizer(value, kind, model, f"{DEFAULT_EPS[kind]:g} (its default)")
        number = literal_number(eps)
        if number is not None and 0 < number <= FP16_ROUNDS_TO_ZERO:
            return Optimizer(value, kind, model, f"{number:g}")
        return None

    def end(self, ctx) -> None:
        for optimizer in self.optimizers:
            half = self.half_models.get(optimizer.model)
            if half is None:
                continue
            code = self.assigned.get(id(optimizer.node))
            steps = [step for stepped, step in self.steps if code is not None and stepped == code]
            origin = f"`torch.optim.{optimizer.kind}` at line {ctx.positions.line(optimizer.node)}"
            self.report(
                ctx,
                steps[0] if steps else optimizer.node,
                optimizer=code or f"torch.optim.{optimizer.kind}",
                eps=optimizer.eps,
                model=optimizer.model,
                half_line=ctx.positions.line(half),
                origin=origin,
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
