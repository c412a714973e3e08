"""What the monitor leaves out to stay cheap, and that the findings stay the same without it."""

import os

import pytest
import torch
from torch import nn

from cli_support import line_of
from nanlint.runtime import ops
from nanlint.runtime.events import MemorySink
from nanlint.runtime.monitor import Monitor
from nanlint.runtime.schedule import Schedule

HERE = os.path.realpath(__file__)


def at(marker):
    return line_of(HERE, marker)


# One op whose autograd node is each of ops.GRADIENT_MOVERS, from a 2-d input (the node is the result's
# grad_fn; for several results, the first one's).
MOVERS = {
    "TBackward0": lambda x: x.t(),
    "TransposeBackward0": lambda x: x.transpose(0, 1),
    "TransposeBackward1": lambda x: x.clone().transpose_(0, 1),
    "PermuteBackward0": lambda x: x.permute(1, 0),
    "ViewBackward0": lambda x: x.view(-1),
    "UnsafeViewBackward0": lambda x: torch.matmul(x.unsqueeze(0).expand(2, -1, -1), x.t()),
    "ReshapeAliasBackward0": lambda x: x.t().unsqueeze(0).reshape(x.shape[1], x.shape[0]),
    "SqueezeBackward0": lambda x: x.unsqueeze(0).squeeze(),
    "SqueezeBackward1": lambda x: x.unsqueeze(0).squeeze(0),
    "SqueezeBackward2": lambda x: x.unsqueeze(0).squeeze((0,)),
    "UnsqueezeBackward0": lambda x: x.unsqueeze(0),
    "CloneBackward0": lambda x: x.clone(),
    "SliceBackward0": lambda x: x[1:],
    "SelectBackward0": lambda x: x[0],
    "CatBackward0": lambda x: torch.cat([x, x * 2]),
    "SplitBackward0": lambda x: x.split(2),
    "SplitWithSizesBackward0": lambda x: x.split([1, 3]),
    "UnbindBackward0": lambda x: x.unbind(),
    "StackBackward0": lambda x: torch.stack([x, x * 2]),
    "ReluBackward0": lambda x: x.relu(),
    "ThresholdBackward0": lambda x: nn.functional.threshold(x, 0.5, -1.0),
}


def test_every_gradient_mover_is_covered_here():
    assert set(MOVERS) == ops.GRADIENT_MOVERS


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("node", sorted(MOVERS))
def test_a_gradient_mover_makes_no_non_finite_gradient_from_finite_ones(node, dtype):
    """The largest finite gradients, and random ones, go through each node the monitor leaves unhooked:
    what it gives back is finite (it moves, selects or zeroes values, never adds or scales them)."""
    x = (torch.randn(4, 4) * 1e3).to(dtype).requires_grad_()
    result = MOVERS[node](x)
    first = result[0] if isinstance(result, tuple) else result
    assert type(first.grad_fn).__name__ == node
    made = []
    first.grad_fn.register_hook(lambda grad_inputs, grad_outputs: made.extend(g for g in grad_inputs if g is not None))
    largest = torch.finfo(dtype).max
    for fill in (torch.full_like(first, largest), -torch.full_like(first, largest), torch.randn_like(first)):
        made.clear()
        torch.autograd.grad(first, x, grad_outputs=fill, retain_graph=True)
        assert made and all(torch.isfinite(g).all() for g in made)


def test_a_backward_root_behind_a_transpose_is_named_and_its_weight_gradient_keeps_its_origin(watch):
    """The transpose between the matmul and its weight gets no hook: the matmul's hook names nothing
    here (its gradients come in non-finite), the sqrt's does; the weight's .grad, marked through the
    transpose, is no data from outside when clip_grad_norm_ reads it."""
    weight = nn.Parameter(torch.zeros(3, 3))
    x = torch.ones(2, 3)
    with watch():
        out = x @ weight.t()
        loss = out.pow(2).sum().sqrt()  # sqrt-root
        loss.backward()
        nn.utils.clip_grad_norm_([weight], 1.0)
    assert [(e["phase"], e["op"], e["line"]) for e in watch.events(kind="root")] == [
        ("backward", "sqrt", at("# sqrt-root"))
    ]
    assert watch.events(kind="input") == []


def step(model, optimizer, x):
    optimizer.zero_grad()
    model(x).pow(2).mean().backward()
    optimizer.step()  # optimizer-step


def test_parameters_made_non_finite_between_steps_are_no_root_of_the_next_step():
    """Checked op by op, parameters found finite after a step are not read again before the next one
    unless a value was found non-finite since: the fill below was, so the step that leaves the unused
    parameter non-finite is not blamed for it."""
    sink = MemorySink()
    model = nn.Linear(3, 1)
    unused = nn.Parameter(torch.zeros(2))
    optimizer = torch.optim.SGD(list(model.parameters()) + [unused], lr=0.1)
    monitor = Monitor(sink, schedule=Schedule.always_full()).install()
    try:
        step(model, optimizer, torch.ones(4, 3))
        with torch.no_grad():
            unused[0] = float("inf")  # fill-unused
        step(model, optimizer, torch.ones(4, 3))
    finally:
        monitor.uninstall()
    events = [r for r in sink.records if r["type"] == "event"]
    assert [(e["kind"], e["line"]) for e in events] == [("fill", at("# fill-unused"))]


def test_an_optimizer_step_whose_gradients_are_finite_is_still_named_at_every_step():
    """The check before a step is skipped while nothing could have changed the parameters; the check
    after it still runs at every step, and names the step that makes them non-finite."""
    sink = MemorySink()
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=1e38)
    monitor = Monitor(sink, schedule=Schedule.always_full()).install()
    try:
        for _ in range(3):
            step(model, optimizer, torch.full((4, 3), 1e3))
    finally:
        monitor.uninstall()
    roots = [r for r in sink.records if r["type"] == "event" and r["kind"] == "root"]
    assert [(r["phase"], r["op"], r["line"]) for r in roots][:1] == [("optimizer", "SGD.step", at("# optimizer-step"))]


def loss_of(model, x, bad):
    out = model(x)
    return out.pow(2).mean() + (torch.log(out - out.detach()).mean() if bad else 0.0)  # between-calls


def test_a_value_born_between_module_calls_is_named_when_backward_is_called_from_an_outer_frame():
    """The step's first module call is in loss_of, its backward() in the loop: after the first step at
    the tripwire, only the frames that called backward() (and the innermost) keep their variables, and
    that is what the replay of a later step needs."""
    sink = MemorySink()
    model = nn.Linear(4, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    monitor = Monitor(sink, schedule=Schedule(full_seconds=0.0, sample_share=0.0)).install()
    try:
        for index in range(6):
            loss = loss_of(model, torch.randn(8, 4), bad=index == 4)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    finally:
        monitor.uninstall()
    roots = [r for r in sink.records if r["type"] == "event" and r["kind"] == "root"]
    line = at("# between-calls")
    assert [(r["phase"], r["op"], r["line"], r["step"]) for r in roots] == [
        ("forward", "log", line, 4),
        ("backward", "log", line, 4),
    ]
    assert all(r["replay"].startswith("the step from line") for r in roots)
    assert [r for r in sink.records if r["type"] == "note" and r.get("topic") == "tripwire"] == []
