"""The tripwire: cheap checks on the steps that the monitor does not check op by op.

What it checks: the outputs of every outermost module call (a module called while no other module runs:
the model, a loss module; its inputs are examined only when it trips), the loss given to `backward()`,
and the parameters' gradients after it, at the optimizer step (or after `backward()` when there is no
optimizer). They are tested on the device (`finite.finite_in_one_read`: the gradients and the outputs
autograd made go through GradScaler's fused exact check, which writes each value back as it was; other
tensors are only read) and the flags are read back once per step, at the gradient checkpoint; a forward
pass whose gradients are not checked after it (gradient accumulation, a step GradScaler skipped) is read
at the next `backward()`, and calls no `backward()` follows are read 64 at a time. The weights an
optimizer step made are checked
where they are next used. A trip is explained by replay: the first outermost call whose inputs were
finite and whose outputs were not runs again, op by op under the monitor, on a copy of its module with
copies of its inputs and the random state it started with, which names the line; a gradient born in a
module's backward is found by running that call's forward and backward again with the gradient that
reached its output. A value born in code between module calls is found by replaying the whole step in a
forked child (step_replay.py). What neither replay explains becomes a note, and the schedule checks the
next steps op by op, where the next occurrence is named.
"""

from __future__ import annotations

import contextlib
import copy
import functools
from dataclasses import dataclass
from typing import Dict, List, Optional

import torch

from nanlint.runtime import finite, step_replay
from nanlint.runtime.sites import Site

FORWARD, BACKWARD = "forward", "backward"
_AUTOCAST_DEVICES = ("cpu", "cuda")
_MAX_NOTES = 3
_MAX_PENDING_CALLS = 64  # outermost calls kept for the next backward(), with their inputs and outputs
_MAX_STEP_REPLAYS = 5  # whole steps replayed in a forked child (step_replay.py) per process


@dataclass
class ModuleCall:
    """One call of an outermost module in a step checked at the tripwire (every field given: a default
    made by a factory costs a call, and this is made at every step)."""

    module: torch.nn.Module
    site: Site
    grad_enabled: bool
    autocast: List[tuple]  # (device type, dtype) of each autocast region the call ran in
    rng: torch.Tensor
    versions: List[int]
    args: tuple
    kwargs: dict
    outputs: List[torch.Tensor]  # read at the gradient checkpoint
    made: List[bool]  # per output: finite.is_made_by_autograd, at the call
    grad_outputs: Dict[int, torch.Tensor]  # by output: the gradient that reached it (see _keeper)

    @property
    def label(self) -> str:
        return "%s called at %s:%d" % (type(self.module).__name__, self.site.path, self.site.line)


@dataclass
class ForwardPass:
    """The module calls of one forward pass and the loss given to its `backward()`, not read yet."""

    calls: List[ModuleCall]
    losses: List[torch.Tensor]
    site: Site  # the backward() call
    step: int
    plan: object = None  # a step_replay.StepPlan to replay the whole step, or why there is none
    first_call: Optional[ModuleCall] = None  # the step's first module call: its random state and modes
    rng: Optional[torch.Tensor] = None  # with no module call: the random state the step before left
    replayed: bool = False  # the whole step was replayed already

    def tensors(self) -> List[torch.Tensor]:
        return [tensor for call in self.calls for tensor in call.outputs] + self.losses

    def split(self) -> tuple:
        """(borrowed, made): the tensors to read only, and those autograd made on torch's own memory."""
        borrowed, made = [], []
        for call in self.calls:
            for tensor, own in zip(call.outputs, call.made):
                (made if own else borrowed).append(tensor)
        for loss in self.losses:
            (made if finite.is_made_by_autograd(loss) else borrowed).append(loss)
        return borrowed, made


class Tripwire:
    def __init__(self, monitor):
        self.monitor = monitor
        self.armed = False
        self.unexplained = 0
        self.gradients_were_finite = False  # at the last check: then weights found non-finite are the step's
        self._replaying = False
        self._forward_tripped = False  # since the gradients were last checked: then non-finite ones are no news
        self._step = 0  # the step being checked
        self._calls: List[ModuleCall] = []  # since the last backward()
        self._forward: Optional[ForwardPass] = None  # the last backward()'s, until its gradients are checked
        self._depth = 0  # module calls running: only an outermost one (depth 0) is recorded
        self._start: Optional[Dict[int, step_replay.FrameState]] = None  # the user's frames at the step's first call
        self._first_call: Optional[ModuleCall] = None
        self._explaining: Optional[ForwardPass] = None  # the pass whose trip is being explained
        self._rng_at_step_end: Optional[torch.Tensor] = None  # kept while steps call no module
        self._step_replays = 0
        self._backward_callers: step_replay.CodeIds = {}  # the code of the frames that called backward()
        self._call_module = None  # what nn.Module.__call__ was before the tripwire took it

    # ----------------------------------------------------------------- arming

    def arm(self) -> None:
        """Check the step that starts now at the tripwire (the monitor's mode is off).

        Module calls are seen by taking `nn.Module.__call__`, not by global module hooks: those send every
        module call, inner ones too, down torch's slow path (measured: 5% of a small MLP's step), while
        this costs an inner call one Python frame.
        """
        if self.armed:
            return
        self.armed = True
        self._calls, self._forward, self._depth = [], None, 0
        if self._call_module is None:
            self._call_module = torch.nn.Module.__call__
            torch.nn.Module.__call__ = self._module_call(self._call_module)

    def disarm(self) -> None:
        if self._forward is not None:  # the tripwire leaves no step unchecked: its gradients are complete
            self.check_gradients(self._forward.site, self._forward.step)
        self.armed = False
        self._calls, self._forward = [], None
        if self._call_module is not None and getattr(torch.nn.Module.__call__, "_nanlint_tripwire", None) is self:
            torch.nn.Module.__call__ = self._call_module  # unless someone (torch.fx) took it after us
            self._call_module = None

    def _module_call(self, original):
        tripwire = self

        def __call__(module, *args, **kwargs):
            if tripwire._depth or tripwire._replaying or not tripwire.armed:
                return original(module, *args, **kwargs)
            return tripwire._outermost_call(original, module, args, kwargs)

        __call__._nanlint_tripwire = self
        return __call__

    def _outermost_call(self, original, module, args, kwargs):
        self.monitor.start_new_context()
        if not self.armed:  # a new test: checked op by op from this call on
            return original(module, *args, **kwargs)
        call = self._record_call(module, args, kwargs)
        if self._start is None:  # the step's first module call: where a replay of the whole step starts
            self._start = step_replay.frames_at_step_start(self.monitor.sites, self._backward_callers)
            self._first_call = call
        self._depth += 1
        try:
            output = original(module, *args, **kwargs)
        finally:
            self._depth -= 1
        call.outputs = outputs = _output_tensors(output)
        call.made = [finite.is_made_by_autograd(t) for t in outputs]
        for index, tensor in enumerate(outputs):
            node = _node(tensor)
            if node is not None:  # a node's pre-hook: a third of what a tensor hook costs
                node.register_prehook(_keeper(call.grad_outputs, index, tensor.output_nr))
        self._calls.append(call)
        if len(self._calls) >= _MAX_PENDING_CALLS:  # calls no backward() follows (evaluation): read them now
            self._settle_calls()
        return output

    def _record_call(self, module, args, kwargs) -> ModuleCall:
        versions = [t._version for t in finite.float_tensors(args)]
        site = self.monitor.sites.current()
        autocast = _autocast_regions()
        return ModuleCall(
            module, site, torch.is_grad_enabled(), autocast, torch.get_rng_state(), versions, args, kwargs, [], [], {}
        )

    # ----------------------------------------------------------------- checkpoints

    def check_forward(self, loss, site: Site, step: int) -> None:
        """At backward(): keep the step's module outputs and its loss, to read with its gradients."""
        self.settle_forward()  # an earlier backward's gradients were not checked yet: its forward is read now
        if self._start:
            plan = step_replay.plan(self._start, self.monitor.sites, self._backward_callers)
        else:  # a loop over raw tensors: its body, from the random state the last step left
            plan = step_replay.plan_from_loop(self.monitor.sites)
        self._forward = ForwardPass(
            self._calls, finite.float_tensors(loss), site, step, plan, self._first_call, rng=self._rng_at_step_end
        )
        # Where the next such step starts drawing random numbers (this one's backward and update draw none).
        self._rng_at_step_end = None if self._start else torch.get_rng_state()
        self._calls, self._start, self._first_call = [], None, None

    def _settle_calls(self) -> None:
        calls, self._calls = self._calls, []
        forward = ForwardPass(calls, [], calls[-1].site, self.monitor.step)
        if not finite.quick_all_finite(forward.tensors()):
            self._explain_forward(forward)

    def settle_forward(self) -> None:
        """Read the last forward pass on its own, now (its gradients are checked later, or never)."""
        forward, self._forward = self._forward, None
        if forward is not None and not finite.quick_all_finite(forward.tensors()):
            self._explain_forward(forward)

    def check_gradients(self, site: Optional[Site], step: int, grads: Optional[List[torch.Tensor]] = None) -> None:
        """After backward(), or at the optimizer step: were the last forward pass and the gradients finite?

        `grads` default to those of the forward pass's modules. `site` is the line to name if a gradient's
        trip cannot be explained; None: the caller's, found only then. One host read when all is finite.
        """
        self._step = step
        forward, self._forward = self._forward, None
        self._explaining = forward
        calls = forward.calls if forward is not None else []
        borrowed, made = forward.split() if forward is not None else ([], [])
        if grads is None:
            grads = [g for call in calls for g in _parameter_grads(call.module)]
        tripped, self._forward_tripped = self._forward_tripped, False
        for grad in grads:
            (made if finite.is_torch_memory(grad) else borrowed).append(grad)
        if finite.finite_in_one_read(borrowed, made):
            self.gradients_were_finite = True
            return
        # The exact test: a norm also overflows for finite values.
        if forward is not None and not finite.all_finite_many(forward.tensors()):
            self._explain_forward(forward)  # by what the last check said of the gradients (weights found non-finite)
            tripped = True
        self.gradients_were_finite = not tripped and finite.all_finite_many(grads)  # true if a norm overflowed
        if tripped or self.gradients_were_finite:
            return
        site = site or self.monitor.sites.current()
        previous = None
        for call in reversed(calls):  # the order in which backward reached them
            if not call.grad_outputs:
                continue
            if not finite.all_finite_many(call.grad_outputs.values()):
                if previous is None or not self._replay_backward(previous):
                    where = (
                        "between %s and the loss" % call.label
                        if previous is None
                        else "between %s and %s" % (call.label, previous.label)
                    )
                    self._unexplained(
                        BACKWARD,
                        site,
                        "the gradient reaching the output of %s was already "
                        "non-finite: it was born in the backward of the code %s" % (call.label, where),
                    )
                return
            previous = call
        for call in calls:
            own = _parameter_grads(call.module)
            if own and not finite.all_finite_many(own) and call.grad_outputs:
                if not self._replay_backward(call):
                    self._unexplained(
                        BACKWARD,
                        site,
                        "replaying the backward of %s did not make the non-finite gradient again" % call.label,
                    )
                return
        self._unexplained(BACKWARD, site, "a gradient was non-finite after backward() while %s" % _finite_calls(calls))

    def _explain_forward(self, forward: ForwardPass) -> None:
        self._step, self._forward_tripped, self._explaining = forward.step, True, forward
        for call in forward.calls:
            if not finite.all_finite_many(call.outputs):
                if not finite.all_finite_many(_argument_tensors(call)):  # checked only now: the inputs are kept
                    self._unexplained(FORWARD, call.site, "the inputs of %s were already non-finite" % call.label)
                else:
                    self._replay_forward(call)
                return
        self._unexplained(
            FORWARD, forward.site, "the loss given to backward() was non-finite while %s" % _finite_calls(forward.calls)
        )

    # ----------------------------------------------------------------- replay

    def _replay_forward(self, call: ModuleCall) -> None:
        module = self._replayable(call)
        if module is None:
            return
        found = self.monitor.replay(lambda: _call_again(call, module), call.label, self._step)
        if not found:
            self._unexplained(
                FORWARD, call.site, "replaying %s op by op did not make the non-finite value again" % call.label
            )

    def _replay_backward(self, call: ModuleCall) -> bool:
        module = self._replayable(call)
        if module is None:
            return True

        def forward_and_backward():
            outputs = _output_tensors(_call_again(call, module))
            pairs = [(outputs[i], g) for i, g in sorted(call.grad_outputs.items()) if i < len(outputs)]
            pairs = [(o, g) for o, g in pairs if o.requires_grad]
            if pairs:
                self.monitor.replay_backward([o for o, _ in pairs], [g for _, g in pairs])

        return self.monitor.replay(forward_and_backward, call.label, self._step)

    def _replayable(self, call: ModuleCall) -> Optional[torch.nn.Module]:
        """A copy of the call's module to run again, or None (with a note when the reason is news)."""
        state = list(call.module.parameters()) + list(call.module.buffers())
        state = [t for t in state if finite.is_checkable(t)]
        if not finite.quick_all_finite([t.detach() for t in state]):
            self.monitor.weights_found_nonfinite(state)  # an earlier step made them: not this call
            return None
        inputs = finite.float_tensors(list(call.args))
        if [t._version for t in inputs] != call.versions:
            self._unexplained(
                FORWARD, call.site, "%s changed its inputs in place, so it could not be replayed" % call.label
            )
            return None
        try:
            return copy.deepcopy(_unwrapped(call.module))
        except Exception as error:
            self._unexplained(
                FORWARD,
                call.site,
                "%s could not be copied to replay it (%s)" % (call.label, str(error).split("\n")[0][:120]),
            )
            return None

    def replaying(self, active: bool) -> None:
        self._replaying = active

    # ----------------------------------------------------------------- what replay could not explain

    def _replay_step(self) -> str:
        """Replay the whole step being explained, op by op, in a forked child: "" when that named where the
        value was born, else why it did not."""
        forward = self._explaining
        if forward is None or forward.replayed:
            return "the step could not be replayed"
        forward.replayed = True
        if not isinstance(forward.plan, step_replay.StepPlan):
            return forward.plan or "no backward() ended the step"
        problem = step_replay.can_fork() or step_replay.prepare(forward.plan)
        if isinstance(problem, str):
            return problem
        if self._step_replays >= _MAX_STEP_REPLAYS:
            return "%d steps were replayed already" % _MAX_STEP_REPLAYS
        self._step_replays += 1
        first = forward.first_call
        if first is not None:
            run = functools.partial(_in_state_of, first, problem)
        else:
            run = functools.partial(_with_rng, forward.rng, problem)
        records = step_replay.run_in_child(self.monitor, run, forward.plan.label, self._step)
        if self.monitor.receive_replayed(records):
            return ""
        return "replaying %s op by op did not make it again" % forward.plan.label

    def _unexplained(self, phase: str, site: Site, why: str) -> None:
        if self.monitor.echoes_a_root(self._step):
            return  # the weights an earlier named root poisoned: nothing new was born
        replay = self._replay_step()
        if not replay:
            return  # the step replayed named the line
        why += " (and %s)" % replay
        self.unexplained += 1
        step = self._step
        self.monitor.schedule.escalate(step)
        self.monitor.root_seen(
            {
                "path": site.path,
                "line": site.line,
                "op": None,
                "kind": "tripwire",
                "step": self.monitor.step_number(step),
            }
        )
        if self.unexplained > _MAX_NOTES:
            return
        self.monitor.note(
            "tripwire",
            "step %d (%s pass, checked at the tripwire only): %s, so the line where it was born is not known "
            "(%s:%d); the next %d steps were checked op by op, `--monitor full` checks every step"
            % (
                self.monitor.step_number(step),
                phase,
                why,
                site.path,
                site.line,
                self.monitor.schedule.escalation_steps,
            ),
        )


def _autocast_regions() -> List[tuple]:
    if not torch._C._is_any_autocast_enabled():  # one call, where asking each device is two a device
        return []
    return [
        (device, torch.get_autocast_dtype(device)) for device in _AUTOCAST_DEVICES if torch.is_autocast_enabled(device)
    ]


def _unwrapped(module: torch.nn.Module) -> torch.nn.Module:
    """The model inside DistributedDataParallel or DataParallel: a replay needs no process group."""
    wrappers = (torch.nn.parallel.DistributedDataParallel, torch.nn.DataParallel)
    return module.module if isinstance(module, wrappers) else module


def _call_again(call: ModuleCall, module: torch.nn.Module):
    args, kwargs = _copy_tensors(call.args), _copy_tensors(call.kwargs)
    return _in_state_of(call, lambda: module(*args, **kwargs))


def _with_rng(rng: Optional[torch.Tensor], run):
    saved = torch.get_rng_state()
    if rng is not None:
        torch.set_rng_state(rng)
    try:
        return run()
    finally:
        torch.set_rng_state(saved)


def _in_state_of(call: ModuleCall, run):
    """Run with the random state, the gradient mode and the autocast regions the call started with."""
    saved = torch.get_rng_state()
    torch.set_rng_state(call.rng)
    try:
        with contextlib.ExitStack() as regions:
            regions.enter_context(torch.set_grad_enabled(call.grad_enabled))
            for device, dtype in call.autocast:
                regions.enter_context(torch.autocast(device, dtype=dtype))
            return run()
    finally:
        torch.set_rng_state(saved)


def _copy_tensors(value):
    if isinstance(value, torch.Tensor):
        copied = value.detach().clone()
        return copied.requires_grad_(value.requires_grad) if copied.is_floating_point() else copied
    if isinstance(value, (list, tuple)):
        return type(value)(_copy_tensors(v) for v in value)
    if isinstance(value, dict):
        return {k: _copy_tensors(v) for k, v in value.items()}
    return value


def _argument_tensors(call: ModuleCall) -> List[torch.Tensor]:
    return finite.float_tensors(list(call.args)) + finite.float_tensors(list(call.kwargs.values()))


def _output_tensors(output) -> List[torch.Tensor]:
    if isinstance(output, dict):
        output = list(output.values())
    return finite.float_tensors(output)


def _node(tensor: torch.Tensor):
    """The autograd node that made the tensor; None for a leaf, or for a view whose base was changed in
    place since (torch refuses to read its grad_fn)."""
    try:
        return tensor.grad_fn
    except RuntimeError:
        return None


def _keeper(grad_outputs: Dict[int, torch.Tensor], index: int, output_nr: int):
    """The pre-hook of the node that made an output: it gets the gradients of all the node's outputs and
    keeps the one reaching ours. It holds the dict only, not the call, whose outputs hold the hook: that
    cycle would keep every step's graph alive until the garbage collector ran. (A leaf output, such as a
    parameter a module returns, gets none: a tensor hook there would stay on it for good.)"""

    def keep(grads):
        grad = grads[output_nr]
        if grad is not None:  # None: no gradient reached this output
            grad_outputs[index] = grad

    return keep


def _parameter_grads(module: torch.nn.Module) -> List[torch.Tensor]:
    return finite.checkable_among([p.grad for p in module.parameters()])


def _finite_calls(calls: List[ModuleCall]) -> str:
    if not calls:
        return "no module was called in the step"
    return "the outputs of %s were finite: it was born in the code between them" % ", ".join(
        sorted({type(c.module).__name__ for c in calls})
    )
