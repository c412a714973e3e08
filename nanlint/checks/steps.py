"""`step-between-backward`: an optimizer step between building a graph through a model and backward-ing it.

`optimizer.step()` updates every parameter of its model in place, which bumps the version counters
autograd checks; a graph built through the model before the step saved those parameters (or
activations computed from them), so backpropagating it after the step raises "one of the variables
needed for gradient computation has been modified by an inplace operation". Two shapes: straight
code (the GAN loop that computes the generator loss through the discriminator, steps the
discriminator, then backpropagates the generator loss), and a loop that backpropagates, on each
pass, a value computed through the model before the loop while it steps that model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Dict, Iterator, List, NamedTuple, Optional, Set, Tuple

import libcst as cst

from nanlint.analysis import ops
from nanlint.analysis.scopes import Binding
from nanlint.checks.base import Check
from nanlint.checks.saved import first_argument, self_owner
from nanlint.analysis.callers import CallSite, argument_for, method_named
from nanlint.analysis.context import Construction, FileContext, Passed
from nanlint.analysis.syntax import (
    assigned_pairs,
    attribute_name,
    called_name,
    children,
    elements,
    function_params,
    is_self_attribute,
    keyword_args,
    name_of,
    names_bound,
    number_value,
    own_nodes,
    positional_args,
    returned_values,
    string_value,
    subscript_index,
    walk,
)

VALUES_AND_INDICES = frozenset({"max", "min", "sort", "topk", "kthvalue", "mode", "median", "cummax", "cummin"})
MAX_HOPS = 6  # assignments followed back from a loss to the values it is built from
MAX_CALLS_FOLLOWED = 3  # the project's functions followed into, call within call, for the models they run


class Backward(NamedTuple):
    order: int  # walk order among the calls
    seq: int  # assignments made before it
    node: cst.Call
    loss: cst.Name
    loops: Tuple[int, ...]  # ids of the loops around it


class Step(NamedTuple):
    order: int
    seq: int
    node: cst.Call  # the step, or the call of a function that makes it (`self.update_D(d_loss)`)
    optimizer: str  # its code: `opt_d`, `self.opt`
    model: str  # the model it updates: `D`, `self.netD`
    loops: Tuple[int, ...]
    shown: cst.Call  # where it is reported: the step itself when this file holds it


class ClassOptimizer(NamedTuple):
    """`self.opt = torch.optim.X(...)`, and the function that assigns it (`__init__`)."""

    construction: cst.Call
    function: cst.CSTNode


class Stale(NamedTuple):
    """A value built through the model before the step: by an assignment of the function (`value`),
    or, for a parameter, by the callers that pass it (`value` None)."""

    name: str
    where: str  # `line 12`, or the callers' `train.py:40`
    value: Optional[cst.CSTNode]


class StepBetweenBackward(Check):
    """A backward call on a loss whose graph goes through a value computed by `model(...)` before
    `opt.step()` changed that model's parameters (the optimizer built in this file as
    `torch.optim.X(model.parameters())`): after an earlier backward in the same function, or, in a
    loop, a value computed before the loop and backward-ed again on each pass. Reported at the step.
    Values computed under no_grad or through `.detach()`, losses of unrelated models, optimizers
    whose model is unknown, and branches of the same `if`/`else` are left alone."""

    kind = "step-between-backward"
    FIELDS = ("step", "model", "loss", "after", "built")

    def begin(self, ctx) -> None:
        self.calls = 0  # calls met so far: the walk order of backward and step calls
        self.backwards: Dict[int, List[Backward]] = {}  # by function scope
        self.steps: Dict[int, List[Step]] = {}
        self.loops: List[Tuple[int, int]] = []  # (id, seq at its start) of the loops around the walk
        self.class_optimizers: Dict[Tuple[int, str], ClassOptimizer] = {}
        self.no_graph: Set[int] = set()  # values assigned under no_grad
        self.reported: Set[int] = set()
        self.branches: List[Tuple[cst.CSTNode, cst.CSTNode]] = []  # (body, orelse) of each `if` with an else
        self.branch_nodes: List[Tuple[Set[int], Set[int]]] = []  # their node ids, collected when first needed

    def handlers(self):
        return {
            cst.Call: self.visit_call,
            cst.If: self.visit_if,
            cst.Assign: self.visit_assign,
            cst.For: self.visit_loop,
            cst.While: self.visit_loop,
        }

    def visit_if(self, node: cst.If, ctx) -> None:
        if node.orelse is not None:
            self.branches.append((node.body, node.orelse))

    def visit_assign(self, node: cst.Assign, ctx) -> None:
        if ctx.grad_disabled:
            self.no_graph.add(id(node.value))
        for assigned in node.targets:
            owner = self_owner(assigned.target, ctx)
            if owner is not None and optimized_models(node.value, ctx):
                self.class_optimizers[owner] = ClassOptimizer(node.value, ctx.function_scope().node)

    def visit_loop(self, node: cst.CSTNode, ctx) -> Callable[[], None]:
        self.loops.append((id(node), ctx.seq))
        scope = id(ctx.scopes[-1].node)
        return lambda: self._leave_loop(scope, ctx)

    def _exclusive(self, a: cst.CSTNode, b: cst.CSTNode) -> bool:
        """True when one node is in the body and the other in the else branch of the same `if`."""
        while len(self.branch_nodes) < len(self.branches):
            body, orelse = self.branches[len(self.branch_nodes)]
            self.branch_nodes.append(({id(sub) for sub in walk(body)}, {id(sub) for sub in walk(orelse)}))
        for body, orelse in self.branch_nodes:
            a_body, b_body = _within(a, body), _within(b, body)
            a_else, b_else = _within(a, orelse), _within(b, orelse)
            if a_body and b_else or a_else and b_body:
                return True
        return False

    def visit_call(self, node: cst.Call, ctx) -> None:
        self.calls += 1
        scope = id(ctx.scopes[-1].node)
        loops = tuple(loop for loop, _ in self.loops)
        stepped = self._stepped_optimizer(node, ctx)
        if stepped is not None:
            optimizer, models = stepped
            self.steps.setdefault(scope, []).extend(
                Step(self.calls, ctx.seq, node, optimizer, model, loops, node) for model in models
            )
            return
        loss = _backward_loss(node, ctx)
        if loss is not None:
            self._backward(scope, Backward(self.calls, ctx.seq, node, loss, loops), ctx)
        else:
            self._called_effects(scope, node, loops, ctx)

    def _backward(self, scope: int, backward: Backward, ctx) -> None:
        self._judge_after_steps(scope, backward, ctx)
        self.backwards.setdefault(scope, []).append(backward)

    def _called_effects(self, scope: int, call: cst.Call, loops: Tuple[int, ...], ctx) -> None:
        """The backward calls and optimizer steps a function of the project makes (`self.update_D(d_loss)`),
        as if made at `call`: a backward of the loss it passes, a step of the models the optimizer updates."""
        callee = ctx.callee_function(call.func)
        function = callee.node if callee is not None else None
        if not isinstance(function, cst.FunctionDef) or callee.model is None:
            return
        for effect in _effects(callee):
            self.calls += 1
            if effect.loss is not None:
                passed = _argument(call, function, effect.loss)
                if isinstance(passed, cst.Name):
                    self._backward(scope, Backward(self.calls, ctx.seq, call, passed, loops), ctx)
            elif effect.optimizer is not None:
                self._called_step(scope, call, effect, callee, loops, ctx)

    def _called_step(self, scope: int, call: cst.Call, effect: "Effect", callee, loops: Tuple[int, ...], ctx) -> None:
        """A step a called function makes, reported at the step when this file holds it, else at the call."""
        function = callee.node
        models = self._stepped_models(call, effect.optimizer, callee, ctx)
        shown = effect.node if callee.model is ctx else call
        inside = callee.model.positions.source(effect.optimizer)
        optimizer = inside if callee.model is ctx else _model_outside(call, inside, function, ctx) or inside
        self.steps.setdefault(scope, []).extend(
            Step(self.calls, ctx.seq, call, optimizer, model, loops, shown) for model in models
        )

    def _stepped_models(self, call: cst.Call, optimizer: cst.CSTNode, callee, ctx) -> Tuple[str, ...]:
        """The models a called function's step updates, as the caller names them: an optimizer it is
        passed updates what that argument updates here; `self.opt_d` of a method, what its class's
        constructor made it update (`self.D`), on the object the call is made on."""
        function = callee.node
        parameter = name_of(optimizer)
        if parameter is not None:
            passed = _argument(call, function, parameter)
            return self._updated_models(passed, ctx) if passed is not None else ()
        owner = callee.model.gradient.function_of(function).owner
        attribute = attribute_name(optimizer)
        built = _class_optimizer(owner, attribute, callee.model) if owner is not None and attribute else None
        func = call.func
        if built is None or not isinstance(func, cst.Attribute) or func.attr.value != function.name.value:
            return ()
        return _models_held_by(ctx.positions.source(func.value), built, callee.model)

    def _judge_after_steps(self, scope: int, backward: Backward, ctx) -> None:
        """`d_loss.backward(); opt_d.step(); g_loss.backward()` with `g_loss` built through `D` before the step."""
        for step in self.steps.get(scope, ()):
            earlier = any(
                b.order < step.order and not self._exclusive(b.node, step.node) for b in self.backwards.get(scope, ())
            )
            if not earlier or self._exclusive(step.node, backward.node):
                continue
            stale = self._stale_value(backward, step.model, lambda name, binding: binding.seq <= step.seq, ctx)
            if stale is not None and (stale.value is None or not self._exclusive(stale.value, backward.node)):
                self._report(step, backward, stale, f"after it (line {ctx.positions.line(backward.node)})", ctx)
                return

    def _leave_loop(self, scope: int, ctx) -> None:
        """A step in the loop after a backward in it, whose loss goes through a value computed by the
        model before the loop and not again in it: the next pass backpropagates the old graph."""
        loop, start = self.loops.pop()
        end = ctx.seq
        records = ctx.scopes[-1].records

        def before_loop(name: str, binding: Binding) -> bool:
            return binding.seq <= start and not any(start < later.seq <= end for later in records.get(name, ()))

        for step in self.steps.get(scope, ()):
            if loop not in step.loops or id(step.shown) in self.reported:
                continue
            for backward in self.backwards.get(scope, ()):
                if (
                    loop not in backward.loops
                    or backward.order > step.order
                    or self._exclusive(backward.node, step.node)
                ):
                    continue
                stale = self._stale_value(backward, step.model, before_loop, ctx)
                if stale is not None:
                    self._report(
                        step,
                        backward,
                        stale,
                        f"again on the loop's next pass (line {ctx.positions.line(backward.node)})",
                        ctx,
                    )
                    break

    def _report(self, step: Step, backward: Backward, stale: Stale, after: str, ctx) -> None:
        if id(step.shown) not in self.reported:
            self.reported.add(id(step.shown))
            if stale.name == backward.loss.value:
                built = f"was computed by `{step.model}` before the step ({stale.where})"
            else:
                built = f"goes through `{stale.name}`, computed by `{step.model}` before the step ({stale.where})"
            self.report(
                ctx,
                step.shown,
                step=step.optimizer,
                model=step.model,
                loss=backward.loss.value,
                after=after,
                built=built,
            )

    def _stale_value(
        self, backward: Backward, model: str, stale: Callable[[str, Binding], bool], ctx
    ) -> Optional[Stale]:
        """The first value the loss is built from (itself included, following assignments back) that
        an assignment `stale` accepts computed by calling `model`; for a parameter, that every caller
        passes such a value."""
        pending = [(backward.loss.value, backward.seq + 1, 0)]
        seen: Set[int] = set()
        while pending:
            name, horizon, hops = pending.pop()
            binding = ctx.at(horizon, ctx.lookup_name, name)
            if binding is None:
                passed = ctx.at(horizon, ctx.passed_values, name)
                if passed and all(_passes_through(value, model, ctx) for value in passed):
                    return Stale(name, _callers_place(passed[0], ctx), None)
                continue
            if id(binding.value) in seen or id(binding.value) in self.no_graph:
                continue
            seen.add(id(binding.value))
            if stale(name, binding) and _calls_model(binding.value, model, ctx):
                return Stale(name, f"line {ctx.positions.line(binding.value)}", binding.value)
            if hops < MAX_HOPS:
                pending.extend((sub, binding.seq, hops + 1) for sub in _graph_names(binding.value, ctx, True))
        return None

    def _stepped_optimizer(self, node: cst.Call, ctx) -> Optional[Tuple[str, Tuple[str, ...]]]:
        """`opt.step()`, `self.opt_d.step()`, `scaler.step(opt)` -> (optimizer code, the models it
        updates) when the optimizer's construction names them."""
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "step":
            return None
        first = first_argument(node)
        for candidate in ([first] if first is not None else []) + [func.value]:
            models = self._updated_models(candidate, ctx)
            if models:
                return ctx.positions.source(candidate), models
        return None

    def _updated_models(self, optimizer: cst.CSTNode, ctx) -> Tuple[str, ...]:
        """The models the optimizer `optimizer` names updates, as this function names them: built here,
        in `__init__` (`self.opt`), or passed in by the callers (`train_step(G, D, opt_g, opt_d)`)."""
        name = name_of(optimizer)
        if name is None:
            owner = self_owner(optimizer, ctx)
            built = self.class_optimizers.get(owner) if owner is not None else None
            named = _held_models(built, ctx) if built is not None else _object_optimizer_models(optimizer, ctx)
        else:
            named = tuple(dict.fromkeys(model for made in ctx.constructions(name) for model in _seen_here(made, ctx)))
        return named or _models_followed(optimizer, ctx)


class Effect(NamedTuple):
    """A backward call (of the parameter `loss`) or an optimizer step (of `optimizer`: a parameter or
    `self.opt`) a function makes, in source order."""

    node: cst.Call
    loss: Optional[str]
    optimizer: Optional[cst.CSTNode]


def _effects(callee) -> List[Effect]:
    """The backward calls of a parameter and the steps of a parameter's or an attribute's optimizer that
    the project function `callee` makes in its own body (memoised per function)."""
    known = callee.model.memo("step effects")
    function = callee.node
    if id(function) not in known or known[id(function)][0] is not function:
        known[id(function)] = (function, list(_own_effects(function, callee.model)))
    return known[id(function)][1]


def _own_effects(function: cst.FunctionDef, ctx) -> Iterator[Effect]:
    parameters = set(_parameters(function, ctx))
    for node in own_nodes(function):
        if not isinstance(node, cst.Call):
            continue
        loss = _backward_loss(node, ctx)
        if loss is not None:  # the graph of what the loss is built from (`lossG = bce(d_fake, ones)`)
            for parameter in _graph_parameters(loss.value, function, parameters, ctx):
                yield Effect(node, parameter, None)
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value == "step" and not node.args:
            optimizer = node.func.value
            if name_of(optimizer) in parameters or is_self_attribute(optimizer):
                yield Effect(node, None, optimizer)


def _graph_parameters(name: str, function: cst.FunctionDef, parameters: Set[str], ctx) -> List[str]:
    """The parameters of `function` the value of `name` is built from through the graph, following
    the function's own assignments back: a backward of it backpropagates through what they are given."""
    values = _built_from(list(_assigned_values(function, ctx).get(name, ())), function, ctx)
    names = [name, *(found for value in values for found in _graph_names(value, ctx))]
    return [found for found in dict.fromkeys(names) if found in parameters]


def _class_optimizer(owner: cst.ClassDef, attribute: str, ctx) -> Optional[ClassOptimizer]:
    """`self.<attribute> = torch.optim.X(...)` in one of the class's methods, if one makes it."""
    for method in owner.body.body:
        if not isinstance(method, cst.FunctionDef):
            continue
        for node in own_nodes(method):
            if isinstance(node, cst.Assign) and any(
                is_self_attribute(target.target) and target.target.attr.value == attribute for target in node.targets
            ):
                if optimized_models(node.value, ctx):
                    return ClassOptimizer(node.value, method)
    return None


def _object_optimizer_models(optimizer: cst.CSTNode, ctx) -> Tuple[str, ...]:
    """`model.D` for `model.opt_d.step()` with `model = GANModel(...)`, whose class makes
    `self.opt_d = torch.optim.Adam(self.D.parameters())`: the models the object's optimizer updates."""
    if not isinstance(optimizer, cst.Attribute) or name_of(optimizer.value) is None:
        return ()
    built = ctx.construction(optimizer.value)
    made = ctx.locate(built.func) if built is not None else None
    if made is None or not made.is_class or not isinstance(made.node, cst.ClassDef) or made.model is None:
        return ()
    held = _class_optimizer(made.node, optimizer.attr.value, made.model)
    return _models_held_by(ctx.positions.source(optimizer.value), held, made.model) if held is not None else ()


def _models_followed(optimizer: cst.CSTNode, ctx) -> Tuple[str, ...]:
    """The models an optimizer updates, as the function walked now names them, with both followed to
    the objects they hold across calls, attributes and files (`FileContext.made_objects`): in
    `def optimize(self, data, model, optimizer)`, called as `self.loss_f.optimize(data, self.model,
    self.optimizer)` by a trainer that keeps what the script gives it, `optimizer` updates `model`
    when the script builds `Adam(model.parameters())` over the same `model` it gives the trainer."""
    made = [source for source in ctx.made_objects(optimizer) or () if _is_optimizer(source.node, source.model)]
    per_optimizer = {
        frozenset(
            model.key()
            for expression in _models(_optimized_parameters(source.node))
            for model in source.within(source.model.made_objects, expression) or ()
        )
        for source in made
    }
    if len(per_optimizer) != 1:  # several optimizers over different models (a helper used both ways): unknown
        return ()
    updated = next(iter(per_optimizer))
    if not updated:
        return ()
    return tuple(
        ctx.positions.source(candidate)
        for candidate in _model_candidates(ctx)
        if any(model.key() in updated for model in ctx.made_objects(candidate) or ())
    )


def _model_candidates(ctx) -> Iterator[cst.CSTNode]:
    """What the function walked now may name a model by: its parameters but `self`, and the
    attributes its class's `__init__` sets (`self.D = D`)."""
    function = ctx.function_scope().node
    if not isinstance(function, cst.FunctionDef):
        return
    for parameter in function_params(function):
        if parameter.name.value not in ("self", "cls"):
            yield parameter.name
    owner = ctx.class_node()
    init = method_named(owner, "__init__") if owner is not None else None
    for node in own_nodes(init) if init is not None else ():
        for target in node.targets if isinstance(node, cst.Assign) else ():
            yield from (
                attribute for attribute, _ in assigned_pairs(target.target, node.value) if is_self_attribute(attribute)
            )


def _models_held_by(holder: str, built: ClassOptimizer, ctx) -> Tuple[str, ...]:
    """The models a class's optimizer updates that its object holds, named through `holder`, the code
    naming the object (`trainer.D` for `self.D` when `holder` is `trainer`)."""
    held = _held_models(built, ctx)
    return tuple(dict.fromkeys(holder + model[len("self") :] for model in held if model.startswith("self.")))


def _held_models(built: ClassOptimizer, ctx) -> Tuple[str, ...]:
    """The models a class's optimizer updates, as its construction names them and as the object holds
    them: `D` and `self.D` for `self.D = D; self.opt_d = Adam(D.parameters())` in `__init__`."""
    models = optimized_models(built.construction, ctx)
    held = _self_attributes(built.function)
    return tuple(dict.fromkeys(name for model in models for name in (model, *held.get(model, ()))))


def _self_attributes(function: cst.CSTNode) -> Dict[str, List[str]]:
    """The `self.` attributes a function assigns each of its plain names to (`self.G, self.D = G, D`)."""
    held: Dict[str, List[str]] = {}
    for node in own_nodes(function):
        if not isinstance(node, cst.Assign):
            continue
        for target in node.targets:
            for attribute, value in assigned_pairs(target.target, node.value):
                name = name_of(value)
                if name is not None and name_of(attribute) is None and is_self_attribute(attribute):
                    held.setdefault(name, []).append(f"self.{attribute.attr.value}")
    return held


def _seen_here(made: Construction, ctx) -> Iterator[str]:
    """The models the optimizer `made` builds updates, as the function walked now names them: for an
    optimizer its callers pass, the parameters they pass those models for."""
    models = optimized_models(made.call, made.model)
    if made.site is None:
        yield from models
        return
    function = ctx.function_scope().node
    for parameter in function.params.params:
        passed = argument_for(made.site, function, parameter.name.value)
        if passed is not None and made.model.positions.source(passed) in models:
            yield parameter.name.value


def _within(node: cst.CSTNode, ids: Set[int]) -> bool:
    """`node` is one of the nodes `ids` holds, or (a value the walker made, such as the element of a
    tuple unpacking) is built around one of them."""
    return id(node) in ids or any(id(sub) in ids for sub in walk(node))


class MadeOptimizer(NamedTuple):
    """An optimizer a call makes: the `torch.optim` construction, in the file `owner` walks (another
    file's when a project function builds it), and what it updates as the calling file writes it."""

    construction: cst.Call
    owner: FileContext
    params: Optional[cst.BaseExpression]


def made_optimizers(value: Optional[cst.CSTNode], ctx) -> List[MadeOptimizer]:
    """`torch.optim.Adam(D.parameters(), ...)`, or the constructions a call of one of the project's
    functions may return (`build_optimizer(D.parameters(), cfg)`, in any file), with their parameters
    as the call passes them. Memoised per call: every check that follows optimizers asks of every call."""
    if not isinstance(value, cst.Call):
        return []
    known = ctx.memo("made optimizers")
    if id(value) not in known or known[id(value)][0] is not value:  # the node is kept: its id is not reused
        known[id(value)] = (value, _made_optimizers(value, ctx))
    return known[id(value)][1]


def _made_optimizers(value: cst.Call, ctx) -> List[MadeOptimizer]:
    if _is_optimizer(value, ctx):
        return [MadeOptimizer(value, ctx, _optimized_parameters(value))]
    callee = ctx.callee_function(value.func)
    if callee is None or not isinstance(callee.node, cst.FunctionDef):
        return []
    return [
        MadeOptimizer(returned, callee.model, _as_passed(_optimized_parameters(returned), value, callee.node))
        for returned in returned_values(callee.node)
        if isinstance(returned, cst.Call) and _is_optimizer(returned, callee.model)
    ]


def optimized_models(value: Optional[cst.CSTNode], ctx) -> Tuple[str, ...]:
    """`D` for an optimizer made of `D.parameters()` (also `D.module.parameters()`,
    `self.netD.parameters()`), directly or by a project function it is passed to; each model of
    `itertools.chain(G.parameters(), D.parameters())`, a list or sum of such, or parameter groups."""
    made = made_optimizers(value, ctx)
    return tuple(ctx.positions.source(model) for model in _models(made[0].params)) if made else ()


def _models(params: Optional[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    """The modules whose parameters `params` holds."""
    if isinstance(params, cst.Call) and attribute_name(params.func) in ("parameters", "named_parameters"):
        model = params.func.value
        yield model.value if attribute_name(model) == "module" and isinstance(model, cst.Attribute) else model
    elif isinstance(params, cst.Call) and called_name(params.func) in ("chain", "list", "tuple"):
        for arg in params.args:
            yield from _models(arg.value)
    elif isinstance(params, cst.Call) and called_name(params.func) == "filter" and len(params.args) == 2:
        yield from _models(params.args[1].value)  # `filter(lambda p: p.requires_grad, D.parameters())`
    elif isinstance(params, (cst.ListComp, cst.GeneratorExp)) and params.for_in.inner_for_in is None:
        yield from _models(params.for_in.iter)  # `[p for p in D.parameters() if p.requires_grad]`
    elif isinstance(params, (cst.List, cst.Tuple)):
        for element in params.elements:
            yield from _models(element.value)
    elif isinstance(params, cst.Dict):  # a parameter group
        for element in params.elements:
            if isinstance(element, cst.DictElement) and string_value(element.key) == "params":
                yield from _models(element.value)
    elif isinstance(params, cst.BinaryOperation) and isinstance(params.operator, cst.Add):
        yield from _models(params.left)
        yield from _models(params.right)


def _optimized_parameters(construction: cst.Call) -> Optional[cst.CSTNode]:
    """What an optimizer's construction updates: its first argument, or `params=`."""
    return first_argument(construction) or keyword_args(construction).get("params")


def _is_optimizer(call: cst.Call, ctx) -> bool:
    return (ctx.qualified(call.func) or "").startswith("torch.optim.")


def _as_passed(params: Optional[cst.CSTNode], call: cst.Call, function: cst.FunctionDef) -> Optional[cst.CSTNode]:
    """`params`, written in `function`, as `call` passes it: the argument for a parameter's name, and
    `arg.parameters()` for `model.parameters()` with `model` a parameter; None for anything else."""
    name = name_of(params)
    if name is not None:
        return _argument(call, function, name)
    if not isinstance(params, cst.Call) or attribute_name(params.func) not in ("parameters", "named_parameters"):
        return None
    owner = name_of(params.func.value)
    passed = _argument(call, function, owner) if owner is not None else None
    if passed is None:
        return None
    return params.with_changes(func=params.func.with_changes(value=passed))


def _argument(call: cst.Call, function: cst.FunctionDef, name: str) -> Optional[cst.BaseExpression]:
    params = function.params.params
    bound = isinstance(call.func, cst.Attribute) and bool(params) and params[0].name.value in ("self", "cls")
    return argument_for(CallSite(call, function, skips_self=bound, assigned_before=0), function, name)


def _graph(expression: cst.CSTNode, ctx, through_calls: bool = False) -> Iterator[cst.CSTNode]:
    """The nodes of `expression` autograd records a graph through: not below `.detach()`, `.item()`,
    `.data`, `argmax` and the other operations with no gradient; with `through_calls` (code of the
    function walked now), into a call of a project function only through the arguments its returned
    value is computed from (`d_loss, g_adv = losses(D, real, fake)` with `D(fake.detach())` in
    `d_loss`: not `fake`)."""
    stack = [expression]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, cst.Attribute) and node.attr.value in ("data", "indices"):
            continue
        if isinstance(node, (cst.Comparison, cst.BooleanOperation)) or _indices_of(node, ctx):
            continue  # `(model(x) > 0).float()`, `model(x).max(1)[1]`: no gradient
        if isinstance(node, cst.Call):
            described = ctx.describe(node)
            if described is not None and described[0] in ops.NO_GRADIENT:
                continue
        passed = _passed_into(node, ctx) if through_calls else None
        if passed is None:
            stack.extend(children(node))
            continue
        if passed.call is not node:
            yield passed.call  # `f(x)` of `f(x)[1]`
        stack.extend(passed.inputs)


def _indices_of(node: cst.CSTNode, ctx) -> bool:
    """`x.max(1)[1]`, `torch.topk(x, k)[1]`: the indices a values-and-indices operation returns."""
    if not isinstance(node, cst.Subscript) or not isinstance(node.value, cst.Call):
        return False
    index = subscript_index(node)
    if not (isinstance(index, cst.Integer) and index.evaluated_value == 1):
        return False
    described = ctx.describe(node.value)
    return described is not None and described[0] in VALUES_AND_INDICES


class PassedInto(NamedTuple):
    call: cst.Call
    inputs: List[cst.CSTNode]  # the callee and the arguments the returned value is computed from


def _passed_into(node: cst.CSTNode, ctx) -> Optional[PassedInto]:
    """What of a call of a project function (or of one element of its returned tuple, `f(x)[1]`) its
    value is computed from: the callee and the arguments of the parameters its `return` reaches; None
    for any other node."""
    element = None
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Call) and len(node.slice) == 1:
        index = node.slice[0].slice
        element = number_value(index.value) if isinstance(index, cst.Index) else None
        node = node.value
    if not isinstance(node, cst.Call) or ctx.describe(node) is not None:
        return None
    callee = ctx.callee_function(node.func)
    function = callee.node if callee is not None else None
    if not isinstance(function, cst.FunctionDef) or callee.model is None or any(arg.star for arg in node.args):
        return None
    reached = _reached_parameters(callee, int(element) if isinstance(element, (int, float)) else None)
    passed = [_argument(node, function, parameter) for parameter in reached]
    return PassedInto(node, [node.func, *(argument for argument in passed if argument is not None)])


def _reached_parameters(callee, element: Optional[int]) -> Set[str]:
    """The parameters of the project function `callee` that what it returns (or element `element` of
    the tuples it returns) is computed from through the graph, following its own assignments."""
    function = callee.node
    known = callee.model.memo("parameters returned")
    key = (id(function), element)
    if key not in known:
        parameters = set(_parameters(function, callee.model))
        known[key] = {
            name
            for value in _returned_sources(callee, element)
            for name in _graph_names(value, callee.model)
            if name in parameters
        }
    return known[key]


def _returned_sources(callee, element: Optional[int] = None) -> Iterator[cst.CSTNode]:
    """What the project function `callee` returns (element `element` of the tuples it returns), then
    every value its own statements assign to the names that is computed from, back through the graph,
    each once."""
    returned = [_returned_element(value, element) for value in returned_values(callee.node)]
    return _built_from(returned, callee.node, callee.model)


def _built_from(values: List[cst.CSTNode], function: cst.FunctionDef, ctx) -> Iterator[cst.CSTNode]:
    """`values`, then every value `function`'s own statements assign to the names they are computed
    from, back through the graph, each once."""
    assigned = _assigned_values(function, ctx)
    pending = list(values)
    seen: Set[int] = set()
    while pending:
        value = pending.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        yield value
        pending.extend(made for name in _graph_names(value, ctx) for made in assigned.get(name, ()))


def _returned_element(value: cst.CSTNode, element: Optional[int]) -> cst.CSTNode:
    values = elements(value) if element is not None else None
    return values[element] if values is not None and -len(values) <= element < len(values) else value


def _graph_names(expression: cst.CSTNode, ctx, through_calls: bool = False) -> Iterator[str]:
    for node in _graph(expression, ctx, through_calls):
        name = name_of(node)
        if name is not None:
            yield name


def _calls_model(expression: cst.CSTNode, model: str, ctx, depth: int = 0) -> bool:
    """Whether computing `expression` calls `model(...)` (or `model.module(...)`, `model.forward(...)`),
    also inside a function of the project it calls whose returned value does (`self.loss_fn(x)` whose
    loss runs `self.D`; `d_loss(D, x)` whose loss runs its parameter)."""
    callees = (model, model + ".module", model + ".forward")
    for node in _graph(expression, ctx, through_calls=depth == 0):
        if not isinstance(node, cst.Call):
            continue
        if ctx.positions.source(node.func) in callees:
            return True
        if depth < MAX_CALLS_FOLLOWED and _returns_through(node, model, ctx, depth + 1):
            return True
    return False


def _returns_through(call: cst.Call, model: str, ctx, depth: int) -> bool:
    """Whether a value the project function `call` runs returns was computed by `model` (as the caller
    names it), following the function's own assignments back from its `return` statements."""
    callee = ctx.callee_function(call.func)
    function = callee.node if callee is not None else None
    if not isinstance(function, cst.FunctionDef) or callee.model is None:
        return False
    inner = _model_inside(call, model, function, ctx)
    return inner is not None and any(
        _calls_model(value, inner, callee.model, depth) for value in _returned_sources(callee)
    )


def _model_inside(call: cst.Call, model: str, function: cst.FunctionDef, ctx) -> Optional[str]:
    """`model` as the function `call` runs names it: the parameter the call passes it for (`D` of
    `d_loss(D, x)`), or for a method called on the object that holds it, `self.` and its attribute
    (`trainer.D` for `trainer.losses(x)`, `self.D` for `self.losses(x)`); None when the call does not
    reach it."""
    for parameter in function.params.params:
        passed = _argument(call, function, parameter.name.value)
        if passed is not None and ctx.positions.source(passed) == model:
            return parameter.name.value
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value == function.name.value:
        receiver = ctx.positions.source(func.value)
        if model.startswith(receiver + "."):
            return "self" + model[len(receiver) :]
    return None


def _passes_through(passed: Passed, model: str, ctx) -> bool:
    """Whether a caller computed what it passes through `model`, as the function walked now names it."""
    function = ctx.function_scope().node
    outside = _model_outside(passed.site.call, model, function, passed.model)
    return outside is not None and passed.model.within_caller(
        passed.site, _calls_model, passed.value, outside, passed.model
    )


def _callers_place(passed: Passed, ctx) -> str:
    line = passed.model.positions.line(passed.site.call)
    return f"passed at line {line}" if passed.model is ctx else f"passed at {Path(passed.model.path).name}:{line}"


def _model_outside(call: cst.Call, model: str, function: cst.FunctionDef, ctx) -> Optional[str]:
    """`model` as the function `call` runs names it, written as the caller names it: the argument
    passed for a parameter, or for `self.D` of a method called as `trainer.update(...)`, `trainer.D`."""
    parameter = model.split(".", 1)[0]
    if parameter != "self":
        passed = _argument(call, function, parameter)
        return ctx.positions.source(passed) + model[len(parameter) :] if passed is not None else None
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value == function.name.value:
        return ctx.positions.source(func.value) + model[len("self") :]
    return None


def _parameters(function: cst.FunctionDef, ctx) -> Iterator[str]:
    """The function's parameters whose value the name still carries: never rebound by its own
    statements, or rebound only from itself (`z = F.leaky_relu(self.lin1(z))`: the graph goes on)."""
    assigned = _assigned_values(function, ctx)
    for param in function.params.params:
        name = param.name.value
        if name not in assigned or all(name in set(_graph_names(value, ctx)) for value in assigned[name]):
            yield name


def _assigned_values(function: cst.FunctionDef, ctx) -> Dict[str, List[cst.CSTNode]]:
    """Every value the function's own statements assign to each plain name (`a, b = f(x)`: `f(x)` to
    each), memoised per function."""
    known = ctx.memo("assigned values")
    if id(function) not in known or known[id(function)][0] is not function:
        assigned: Dict[str, List[cst.CSTNode]] = {}
        for node in own_nodes(function):
            targets = [target.target for target in node.targets] if isinstance(node, cst.Assign) else []
            if isinstance(node, (cst.AugAssign, cst.AnnAssign)) and node.value is not None:
                targets = [node.target]
            for name in (name for target in targets for name in names_bound(target)):
                assigned.setdefault(name, []).append(node.value)
        known[id(function)] = (function, assigned)
    return known[id(function)][1]


def _backward_loss(node: cst.Call, ctx) -> Optional[cst.Name]:
    """The loss a backward call differentiates, when it is a local name: `loss.backward()`,
    `loss.mean().backward()`, `scaler.scale(loss).backward()`, `torch.autograd.backward(loss)`,
    `accelerator.backward(loss)`, `self.manual_backward(loss)`."""
    func = node.func
    if ctx.qualified(func) == "torch.autograd.backward" or _is_backward_helper(func) and positional_args(node):
        target = first_argument(node)
    elif attribute_name(func) == "backward":
        target = func.value
        while isinstance(target, cst.Call) and isinstance(target.func, cst.Attribute):
            if target.func.attr.value == "scale" and positional_args(target):
                target = first_argument(target)
            else:
                target = target.func.value
    else:
        return None
    return target if name_of(target) is not None else None


BACKWARD_HELPERS = ("accelerator", "fabric", "engine", "self")


def _is_backward_helper(func: cst.CSTNode) -> bool:
    """`self.manual_backward(loss)`, `accelerator.backward(loss)`, `model_engine.backward(loss)`; not
    `y.backward(gradient)`, whose argument is a gradient."""
    if not isinstance(func, cst.Attribute):
        return False
    if func.attr.value == "manual_backward":
        return True
    owner = func.value.value if isinstance(func.value, cst.Name) else attribute_name(func.value) or ""
    return func.attr.value == "backward" and owner.lower().endswith(BACKWARD_HELPERS)
