"""In-place changes to tensors autograd saved for backward.

Backward functions of some operations reuse their forward *output* (sigmoid's gradient is
`y * (1 - y)`, exp's is `y`, relu's is `y > 0`). Autograd records each saved tensor's version
counter; an in-place change bumps it, and the backward pass then raises "one of the variables
needed for gradient computation has been modified by an inplace operation". The checks here follow
that through local assignments (`saved-output-inplace`), through `nn.Sequential` neighbours
(`sequential-inplace`), and through optimizer steps, which update every parameter in place, between
two backward calls (`step-between-backward`).
"""

from __future__ import annotations

import ast
from typing import Dict, List, Optional, Tuple

from nanlint.checks.base import Check, snippet
from nanlint.ftypes import Fix
from nanlint.syntax import NOT_INPLACE, argument, is_inplace_method, is_literal, strip_views

# Operations whose backward uses their result (verified with torch 2.13: `y = op(x); y.mul_(2)`
# then backward raises). Their in-place spellings save the result too.
SAVED_OUTPUT_OPS = frozenset({
    "sigmoid", "expit", "tanh", "exp", "exp2", "expm1", "softmax", "softmin", "log_softmax", "relu", "sqrt",
    "rsqrt", "reciprocal", "tan", "prod", "cumprod", "logsumexp", "std", "norm", "vector_norm", "gumbel_softmax",
    "sigmoid_", "tanh_", "exp_", "relu_", "sqrt_", "rsqrt_", "reciprocal_",
})
# These save their result only when they run in place (non-in-place they save their input).
SAVED_WHEN_INPLACE = frozenset({"leaky_relu", "elu", "celu", "selu", "leaky_relu_", "elu_", "celu_", "selu_"})

# nn modules whose forward saves its output, and whether only with inplace=True.
SAVING_MODULES = {"Sigmoid": False, "Tanh": False, "Softmax": False, "Softmin": False, "LogSoftmax": False,
                  "ReLU": False, "LeakyReLU": True, "ELU": True, "CELU": True, "SELU": True}
NN = ("torch.nn.", "torch.nn.modules.")


def module_class(call: ast.AST, ctx) -> Optional[str]:
    """`ReLU` for `nn.ReLU(...)` / `torch.nn.ReLU(...)` / `from torch.nn import ReLU`, else None."""
    if not isinstance(call, ast.Call):
        return None
    name = ctx.qualified(call.func) or ""
    if name.startswith(NN):
        return name.rsplit(".", 1)[-1]
    return None


def is_inplace_module(call: ast.AST, ctx) -> bool:
    """An nn module built with `inplace=True` (ReLU, Dropout, Hardtanh, ...) that really changes data:
    `Dropout(p=0.0, inplace=True)` is a no-op."""
    if module_class(call, ctx) is None or not is_literal(argument(call, "inplace"), True):
        return False
    rate = argument(call, "p") or (call.args[0] if call.args and module_class(call, ctx).endswith("Dropout") else None)
    return not (isinstance(rate, ast.Constant) and rate.value == 0)


def saving_module(call: ast.AST, ctx) -> Optional[str]:
    name = module_class(call, ctx)
    if name not in SAVING_MODULES:
        return None
    if SAVING_MODULES[name] and not is_literal(argument(call, "inplace"), True):
        return None
    return f"nn.{name}"


class SavedOutputModified(Check):
    """`y = torch.sigmoid(x)` (or `softmax`, `exp`, `tanh`, `relu`, `sqrt`, an `nn.Sigmoid()`
    module, ...) and later, in the same function and with `y` not reassigned, an in-place change of
    `y` or a view of it: `y.mul_(2)`, `y += 1`, `y[mask] = 0`, `F.relu(y, inplace=True)`,
    `self.act(y)` with `self.act = nn.ReLU(inplace=True)`. Silent under no_grad."""

    kind = "saved-output-inplace"
    PARAMS = {"training_code_only": (bool, True)}

    def begin(self, ctx) -> None:
        self.modules: Dict[Tuple[int, str], ast.Call] = {}  # (class or scope id, attribute/name) -> nn module call
        self.statement_calls: set = set()
        self.grad_aware: List[Tuple[int, int]] = []  # line ranges of `if x.requires_grad:` style branches

    def handlers(self):
        return {ast.Assign: self.visit_assign, ast.AugAssign: self.visit_augassign, ast.Expr: self.visit_expr,
                ast.Call: self.visit_call, ast.If: self.visit_if}

    def visit_if(self, node: ast.If, ctx) -> None:
        """Code that tests `requires_grad`, `torch.is_grad_enabled()` or `self.training` chose its
        in-place path knowingly."""
        names = {sub.attr if isinstance(sub, ast.Attribute) else getattr(sub, "id", "") for sub in ast.walk(node.test)}
        if names & GRAD_AWARE_NAMES:
            self.grad_aware.append((node.lineno, node.end_lineno))

    def _in_scope(self, node: ast.AST, ctx) -> bool:
        """Where backward can follow: not in an `autograd.Function`'s own forward/backward (grad is off
        there), not in a grad-aware branch, and with `training_code_only`, in a `forward`/`__call__`
        method or a function whose name mentions loss or training."""
        if any(start <= node.lineno <= end for start, end in self.grad_aware):
            return False
        functions = [s.node for s in ctx.scopes if s.kind == "function" and not isinstance(s.node, ast.Lambda)]
        classes = [s.node for s in ctx.scopes if s.kind == "class"]
        if classes and functions and any(_is_autograd_function(c, ctx) for c in classes):
            return False
        if not self.params["training_code_only"]:
            return True
        if not functions:
            return False
        name = functions[-1].name.lower()
        return name in ("forward", "__call__") or "loss" in name or "train" in name

    # --- modules defined in the file --------------------------------------------------------

    @staticmethod
    def _owner(target: ast.AST, ctx) -> Optional[Tuple[int, str]]:
        """(class id, attribute) of `self.attr`, (0, name) of a plain name."""
        if isinstance(target, ast.Name):
            return (0, target.id)
        return _self_owner(target, ctx)

    def _module_of(self, callee: ast.AST, ctx) -> Optional[ast.Call]:
        owner = self._owner(callee, ctx)
        if owner is None:
            return None
        if owner[0] == 0:
            value = ctx.assigned_value(callee.id)
            return value if isinstance(value, ast.Call) and module_class(value, ctx) else None
        return self.modules.get(owner)

    # --- what saved its output -------------------------------------------------------------

    def saver(self, value: Optional[ast.AST], ctx) -> Optional[str]:
        """The operation that saved `value` (an assigned expression) for backward, if any."""
        if not isinstance(value, ast.Call):
            return None
        described = ctx.describe(value)
        if described is not None:
            op, _, keywords = described
            if op in SAVED_OUTPUT_OPS or op in SAVED_WHEN_INPLACE and (op.endswith("_") or is_literal(keywords.get("inplace"), True)):
                return f"`{op}`"
            return None
        module = self._module_of(value.func, ctx)
        return saving_module(module, ctx) if module is not None else None

    # --- in-place changes --------------------------------------------------------------------

    def visit_assign(self, node: ast.Assign, ctx) -> None:
        for target in node.targets:
            if isinstance(target, ast.Subscript):
                self._judge(target, node, "item assignment", ctx)
            elif module_class(node.value, ctx) is not None:
                owner = self._owner(target, ctx)
                if owner is not None and owner[0] != 0:
                    self.modules[owner] = node.value

    def visit_augassign(self, node: ast.AugAssign, ctx) -> None:
        fix = None
        if isinstance(node.target, ast.Name):
            name = node.target.id
            operator = ctx.source(node)[len(ctx.source(node.target)):].lstrip().split("=", 1)[0]
            fix = self._fix(ctx, node, f"{name} = {name} {operator} {_parenthesized(node.value, ctx)}")
        self._judge(node.target, node, "augmented assignment", ctx, fix)

    def visit_expr(self, node: ast.Expr, ctx) -> None:
        call = node.value
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
            return
        receiver, method = call.func.value, call.func.attr
        if isinstance(receiver, ast.Name) and is_inplace_method(method):
            self.statement_calls.add(id(call))
            rest = ctx.source(call)[len(ctx.source(call.func)):]
            fix = self._fix(ctx, node, f"{receiver.id} = {receiver.id}.{method[:-1]}{rest}")
            self._judge(receiver, call, f"`.{method}()`", ctx, fix)

    def visit_call(self, node: ast.Call, ctx) -> None:
        if id(node) in self.statement_calls:
            return
        func = node.func
        if isinstance(func, ast.Attribute) and is_inplace_method(func.attr) and ctx.qualified(func) is None:
            self._judge(func.value, node, f"`.{func.attr}()`", ctx)
            return
        described = ctx.describe(node)
        if described is not None:
            op, operands, keywords = described
            inplace = keywords.get("inplace")
            if operands and (is_literal(inplace, True) or op.endswith("_") and op not in NOT_INPLACE):
                fix = None
                if is_literal(inplace, True):
                    fix = self.replacing(*ctx.offsets(inplace), "False") if self.rule.fixable else None
                self._judge(operands[0], node, f"`{op}(..., inplace=True)`" if inplace is not None else f"`{op}`", ctx, fix)
            return
        module = self._module_of(func, ctx)
        if module is not None and is_inplace_module(module, ctx) and node.args:
            self._judge(node.args[0], node, f"`{ctx.source(func)}` (an in-place `nn.{module_class(module, ctx)}`)", ctx)

    def _judge(self, target: ast.AST, node: ast.AST, how: str, ctx, fix: Optional[Fix] = None) -> None:
        if ctx.grad_disabled or not self._in_scope(node, ctx):
            return
        base = strip_views(target)
        if not isinstance(base, ast.Name):
            return
        found = ctx.lookup(base)
        if found is None:
            return
        saver = self.saver(found[1], ctx)
        if saver is not None:
            self.report(ctx, node, fix, how=how, target=snippet(ctx.source(target)), saver=saver, line=found[1].lineno)

    def _fix(self, ctx, node: ast.AST, code: str) -> Optional[Fix]:
        if not self.rule.fixable or node.lineno != node.end_lineno:
            return None
        return self.replacing(*ctx.offsets(node), code)


GRAD_AWARE_NAMES = frozenset({"requires_grad", "is_grad_enabled", "is_inference_mode_enabled", "training"})
AUTOGRAD_FUNCTIONS = frozenset({"torch.autograd.Function", "torch.autograd.function.Function", "torch.autograd.function.InplaceFunction"})


def _is_autograd_function(node: ast.ClassDef, ctx) -> bool:
    return any(ctx.qualified(base) in AUTOGRAD_FUNCTIONS or getattr(base, "attr", getattr(base, "id", "")) == "Function" for base in node.bases)


def _parenthesized(node: ast.AST, ctx) -> str:
    code = ctx.source(node)
    return code if isinstance(node, (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant)) else f"({code})"


class SequentialInplace(Check):
    """`nn.Sequential(..., nn.Sigmoid(), nn.ReLU(inplace=True), ...)`: an in-place module right after
    one whose backward needs its output (Sigmoid, Tanh, Softmax, ReLU, in-place LeakyReLU/ELU).
    `BatchNorm -> ReLU(inplace=True)` and `Linear -> ReLU(inplace=True)` are fine and not reported."""

    kind = "sequential-inplace"
    PARAMS = {}

    def handlers(self):
        return {ast.Call: self.visit_call}

    def visit_call(self, node: ast.Call, ctx) -> None:
        if ctx.qualified(node.func) not in ("torch.nn.Sequential", "torch.nn.modules.container.Sequential"):
            return
        for before, after in zip(node.args, node.args[1:]):
            saver = saving_module(before, ctx)
            if saver is not None and is_inplace_module(after, ctx):
                fix = None
                if self.rule.fixable:
                    fix = self.replacing(*ctx.offsets(argument(after, "inplace")), "False")
                self.report(ctx, after, fix, module=snippet(ctx.source(after)), saver=saver)


class StepBetweenBackward(Check):
    """`a.backward()`, then `opt.step()`, then `b.backward()` where `b` was computed before the step
    by calling the model `opt` updates (`opt = torch.optim.Adam(D.parameters())`, `b = bce(D(fake), 1)`):
    the step changed, in place, parameters that `b`'s graph saved. This is the GAN loop that computes
    the generator loss through the discriminator before stepping the discriminator, and the actor-critic
    loop that does the same with the critic. Losses of unrelated models, optimizers whose model is
    unknown, and branches of the same `if`/`else` are left alone."""

    kind = "step-between-backward"
    PARAMS = {}

    def begin(self, ctx) -> None:
        self.backwards: Dict[int, List[ast.AST]] = {}  # function scope -> backward calls seen
        self.steps: Dict[int, List[Tuple[int, ast.AST, str, str]]] = {}  # scope -> (ctx.seq, node, optimizer, model)
        self.class_optimizers: Dict[Tuple[int, str], ast.Call] = {}
        self.branches: List[Tuple[Tuple[int, int], Tuple[int, int]]] = []

    def handlers(self):
        return {ast.Call: self.visit_call, ast.If: self.visit_if, ast.Assign: self.visit_assign}

    def visit_if(self, node: ast.If, ctx) -> None:
        if node.orelse:
            self.branches.append(((node.body[0].lineno, node.body[-1].end_lineno),
                                  (node.orelse[0].lineno, node.orelse[-1].end_lineno)))

    def visit_assign(self, node: ast.Assign, ctx) -> None:
        for target in node.targets:
            owner = _self_owner(target, ctx)
            if owner is not None and _optimized_model(node.value, ctx) is not None:
                self.class_optimizers[owner] = node.value

    def _exclusive(self, a: ast.AST, b: ast.AST) -> bool:
        """True when one node is in the body and the other in the else branch of the same `if`."""
        for body, orelse in self.branches:
            a_body, b_body = body[0] <= a.lineno <= body[1], body[0] <= b.lineno <= body[1]
            a_else, b_else = orelse[0] <= a.lineno <= orelse[1], orelse[0] <= b.lineno <= orelse[1]
            if a_body and b_else or a_else and b_body:
                return True
        return False

    def visit_call(self, node: ast.Call, ctx) -> None:
        scope = id(ctx.scopes[-1].node)
        stepped = self._stepped_optimizer(node, ctx)
        if stepped is not None:
            if self.backwards.get(scope):
                self.steps.setdefault(scope, []).append((ctx.seq, node) + stepped)
            return
        loss = _backward_loss(node, ctx)
        if loss is None:
            return
        self._judge(scope, loss, node, ctx)
        self.backwards.setdefault(scope, []).append(node)

    def _judge(self, scope: int, loss: ast.Name, node: ast.Call, ctx) -> None:
        found = ctx.lookup(loss)
        if found is None:
            return
        built_seq, built = found
        for step_seq, step, optimizer, model in self.steps.get(scope, ()):
            earlier = any(b.lineno < step.lineno and not self._exclusive(b, step) for b in self.backwards[scope])
            if (built_seq <= step_seq and earlier and not self._exclusive(step, node) and not self._exclusive(built, node)
                    and _calls_model(built, model, ctx)):
                self.report(ctx, node, loss=loss.id, line=built.lineno, step=optimizer, step_line=step.lineno, model=model)
                return

    def _stepped_optimizer(self, node: ast.Call, ctx) -> Optional[Tuple[str, str]]:
        """`opt.step()`, `self.opt_d.step()`, `scaler.step(opt)` -> (optimizer code, model code) when the
        optimizer's construction in this file names the model it updates."""
        func = node.func
        if not isinstance(func, ast.Attribute) or func.attr != "step":
            return None
        for candidate in list(node.args[:1]) + [func.value]:
            constructor = self._constructor(candidate, ctx)
            model = _optimized_model(constructor, ctx) if constructor is not None else None
            if model is not None:
                return ctx.source(candidate), model
        return None

    def _constructor(self, node: ast.AST, ctx) -> Optional[ast.AST]:
        if isinstance(node, ast.Name):
            return ctx.assigned_value(node.id)
        owner = _self_owner(node, ctx)
        return self.class_optimizers.get(owner) if owner is not None else None


def _self_owner(node: ast.AST, ctx) -> Optional[Tuple[int, str]]:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        owner = ctx.class_node()
        return (id(owner), node.attr) if owner is not None else None
    return None


def _optimized_model(value: Optional[ast.AST], ctx) -> Optional[str]:
    """`D` for `torch.optim.Adam(D.parameters(), ...)` (also `D.module.parameters()`, `self.netD.parameters()`)."""
    if not isinstance(value, ast.Call) or not (ctx.qualified(value.func) or "").startswith("torch.optim.") or not value.args:
        return None
    params = value.args[0]
    if isinstance(params, ast.Call) and isinstance(params.func, ast.Attribute) and params.func.attr in ("parameters", "named_parameters"):
        model = params.func.value
        if isinstance(model, ast.Attribute) and model.attr == "module":
            model = model.value
        return ctx.source(model)
    return None


def _calls_model(expression: ast.AST, model: str, ctx, depth: int = 0) -> bool:
    """Whether computing `expression` calls `model(...)` (or `model.module(...)`, `model.forward(...)`),
    following local names a few assignments back."""
    for sub in ast.walk(expression):
        if isinstance(sub, ast.Call):
            callee = ctx.source(sub.func)
            if callee in (model, model + ".module", model + ".forward"):
                return True
        elif isinstance(sub, ast.Name) and depth < 4:
            value = ctx.assigned_value(sub.id)
            if value is not None and value is not expression and _calls_model(value, model, ctx, depth + 1):
                return True
    return False


def _backward_loss(node: ast.Call, ctx) -> Optional[ast.Name]:
    """The loss a backward call differentiates, when it is a local name: `loss.backward()`,
    `loss.mean().backward()`, `scaler.scale(loss).backward()`, `torch.autograd.backward(loss)`,
    `accelerator.backward(loss)`, `self.manual_backward(loss)`."""
    func = node.func
    if ctx.qualified(func) == "torch.autograd.backward" or _is_backward_helper(func) and node.args:
        target = node.args[0] if node.args else None
    elif isinstance(func, ast.Attribute) and func.attr == "backward":
        target = func.value
        while isinstance(target, ast.Call) and isinstance(target.func, ast.Attribute):
            target = target.args[0] if target.func.attr == "scale" and target.args else target.func.value
    else:
        return None
    return target if isinstance(target, ast.Name) else None


BACKWARD_HELPERS = ("accelerator", "fabric", "engine", "self")


def _is_backward_helper(func: ast.AST) -> bool:
    """`self.manual_backward(loss)`, `accelerator.backward(loss)`, `model_engine.backward(loss)`; not
    `y.backward(gradient)`, whose argument is a gradient."""
    if not isinstance(func, ast.Attribute):
        return False
    if func.attr == "manual_backward":
        return True
    owner = func.value.id if isinstance(func.value, ast.Name) else func.value.attr if isinstance(func.value, ast.Attribute) else ""
    return func.attr == "backward" and owner.lower().endswith(BACKWARD_HELPERS)
