"""The monitor in this process, on real torch: where each NaN/Inf is born, and what it is."""

import os
import threading
import warnings

import pytest
import torch
from torch import nn

from cli_support import line_of
from nanlint.runtime.monitor import NonFiniteError

HERE = os.path.realpath(__file__)


def at(marker):
    return line_of(HERE, marker)


def test_seed_division_by_zero_then_backward(watch):
    x = torch.tensor([1.0], requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with torch.autograd.detect_anomaly():  # anomaly mode stays silent on this +inf gradient
            (x / 0).backward()
    x.grad = None
    with watch():
        y = x / 0  # seed-division
        y.backward()
    line = at("# seed-division")
    forward, backward = watch.events(phase="forward"), watch.events(phase="backward")
    assert [(e["kind"], e["op"], e["line"], e["values"]) for e in forward] == [("root", "div", line, "+inf")]
    assert [(e["kind"], e["op"], e["line"], e["values"]) for e in backward] == [("root", "div", line, "+inf")]
    assert backward[0]["node"].startswith("DivBackward")


def test_sqrt_at_zero_is_blamed_on_sqrt_not_on_the_mul(watch):
    x = torch.zeros(3, requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(RuntimeError, match="MulBackward0"), torch.autograd.detect_anomaly():
            (x * x).sum().sqrt().backward()
    with watch():
        (x * x).sum().sqrt().backward()  # sqrt-at-zero
    roots = watch.events(kind="root")
    assert [(e["phase"], e["op"], e["values"], e["node"]) for e in roots] == [
        ("backward", "sqrt", "+inf", "SqrtBackward0")]
    assert roots[0]["line"] == at("# sqrt-at-zero")
    assert [e["op"] for e in watch.events(kind="nan_from_inf")] == ["mul"]


def test_log_of_zero_in_the_forward_pass(watch):
    probabilities = torch.tensor([0.0, 0.5])
    with watch():
        torch.log(probabilities)  # log-zero
    (event,) = watch.events()
    assert (event["kind"], event["phase"], event["op"], event["values"], event["neginf"]) == (
        "root", "forward", "log", "-inf", 1)
    assert event["line"] == at("# log-zero") and event["path"] == HERE


def test_the_torch_where_trap_gives_a_nan_gradient_at_the_log(watch):
    x = torch.tensor([0.0, 2.0], requires_grad=True)
    with watch():
        safe = torch.where(x > 0, torch.log(x), torch.zeros_like(x))  # where-trap
        safe.sum().backward()
    assert torch.isfinite(safe).all() and torch.isnan(x.grad).any()
    kinds = {(e["phase"], e["kind"], e["op"], e["values"]) for e in watch.events(line=at("# where-trap"))}
    assert kinds == {("forward", "root", "log", "-inf"), ("backward", "root", "log", "NaN")}


def test_leaf_in_place_error_is_recorded_at_its_line_and_re_raised(watch):
    weights = torch.ones(3, requires_grad=True)
    with watch(), pytest.raises(RuntimeError, match="leaf Variable"):
        weights.mul_(2)  # leaf-inplace
    (event,) = watch.events(kind="inplace_error")
    assert (event["phase"], event["op"], event["line"]) == ("forward", "mul_", at("# leaf-inplace"))


def test_saved_tensor_modified_in_place_is_blamed_on_the_in_place_line(watch):
    x = torch.ones(3, requires_grad=True)
    with watch(), pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y = torch.sigmoid(x)
        y.mul_(2)  # saved-inplace
        y.sum().backward()  # backward-call
    (event,) = watch.events(kind="inplace_error")
    assert (event["phase"], event["op"], event["line"]) == ("backward", "mul_", at("# saved-inplace"))
    assert event["saved"]["node"] == "SigmoidBackward0"


def test_nan_in_the_input_data_is_input_not_a_root_cause(watch, tmp_path):
    torch.save(torch.tensor([1.0, float("nan")]), tmp_path / "batch.pt")
    weights = torch.ones(2)
    with watch():
        batch = torch.load(tmp_path / "batch.pt")
        (batch * weights).sum()  # first-op-on-batch
    events = watch.events()
    assert [(e["kind"], e["op"], e["line"]) for e in events] == [("input", "mul", at("# first-op-on-batch"))]
    assert events[0]["values"] == "NaN"


def test_non_finite_data_from_before_the_watch_is_input_where_first_used(watch):
    outside = torch.tensor([float("inf"), 1.0])
    with watch():
        (outside * 2).exp()  # first-use
    assert [(e["kind"], e["op"], e["line"]) for e in watch.events()] == [("input", "mul", at("# first-use"))]


def test_an_intentional_minus_inf_fill_is_not_a_bug_but_the_nan_it_makes_is(watch):
    scores = torch.randn(2, 3)
    mask = torch.tensor([[True, False, False], [True, True, True]])
    with watch():
        masked = scores.masked_fill(mask, float("-inf"))  # fill-line
        weights = torch.softmax(masked, dim=-1)  # softmax-line
    assert torch.isnan(weights[1]).all()
    (fill,) = watch.events(kind="fill")
    (root,) = watch.events(kind="root")
    assert fill["line"] == at("# fill-line")
    assert (root["op"], root["line"], root["values"]) == ("softmax", at("# softmax-line"), "NaN")
    assert root["origin"]["line"] == at("# fill-line") and root["origin"]["kind"] == "fill"


def test_nan_made_from_an_earlier_inf_points_back_to_its_root(watch):
    x = torch.tensor([1.0, 2.0])
    with watch():
        big = x / 0  # inf-root
        big - big  # inf-minus-inf
    (root,) = watch.events(kind="root")
    (secondary,) = watch.events(kind="nan_from_inf")
    assert root["line"] == at("# inf-root")
    assert secondary["line"] == at("# inf-minus-inf") and secondary["origin"]["line"] == at("# inf-root")


def test_two_sites_in_one_run_are_all_recorded_with_counts(watch):
    x = torch.zeros(4)
    with watch():
        for _ in range(25):
            torch.log(x)  # site-one
            torch.rsqrt(x)  # site-two
    summary = {(e.op, e.line): e.count for e in watch.watch.events}
    assert summary == {("log", at("# site-one")): 25, ("rsqrt", at("# site-two")): 25}


def test_propagation_is_not_reported(watch):
    x = torch.tensor([0.0, 1.0])
    with watch():
        y = torch.log(x)
        (y * 2 + 1).relu().sum()
    assert [e["op"] for e in watch.events()] == ["log"]


def test_grad_scaler_skipped_overflow_is_expected():
    import nanlint

    torch.manual_seed(0)
    model = nn.Linear(8, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu", init_scale=2.0**60)
    with nanlint.watch() as w:
        for _ in range(2):
            optimizer.zero_grad()
            with torch.autocast("cpu", dtype=torch.float16):
                loss = model(torch.randn(16, 8)).float().pow(2).mean()
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
    assert [r["step"] for r in w.records if r["type"] == "amp_skip"] == [0, 1]
    events = w.events
    assert events and all(e.phase == "backward" and e.skipped == e.count for e in events)
    assert torch.isfinite(model.weight).all()


def test_optimizer_step_that_makes_weights_infinite(watch):
    model = nn.Linear(2, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=1e38)
    with watch():
        model(torch.full((4, 2), 1e3)).sum().backward()
        optimizer.step()  # diverging-step
    (event,) = watch.events(kind="root")
    assert (event["phase"], event["op"], event["line"]) == ("optimizer", "SGD.step", at("# diverging-step"))


def test_custom_function_backward_is_blamed_on_its_backward_method(watch):
    class Reciprocal(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.clone()

        @staticmethod
        def backward(ctx, grad):  # custom-backward
            (x,) = ctx.saved_tensors
            return grad / x

    x = torch.tensor([0.0, 1.0], requires_grad=True)
    with watch():
        Reciprocal.apply(x).sum().backward()
    (event,) = watch.events(kind="root")
    assert (event["phase"], event["op"], event["line"]) == ("backward", "Reciprocal.backward", at("# custom-backward"))


def test_no_grad_inference_mode_and_bf16_autocast(watch):
    x = torch.zeros(2, 2)
    with watch():
        with torch.no_grad():
            torch.log(x)  # under-no-grad
        with torch.inference_mode():
            torch.log(x)  # under-inference
        with torch.autocast("cpu", dtype=torch.bfloat16):
            torch.mm(torch.full((2, 2), 1e30), torch.full((2, 2), 1e30))  # bf16-overflow
    lines = {(e["line"], e["dtype"]) for e in watch.events(kind="root")}
    assert lines == {(at("# under-no-grad"), "float32"), (at("# under-inference"), "float32"),
                     (at("# bf16-overflow"), "bfloat16")}


def test_ops_in_threads_the_user_starts(watch):
    def work():
        torch.log(torch.zeros(1))  # in-thread

    with watch():
        thread = threading.Thread(target=work)
        thread.start()
        thread.join()
    (event,) = watch.events()
    assert event["line"] == at("# in-thread") and event["thread"] == thread.name


def test_margins_record_the_closest_approach(watch):
    with watch():
        for denominator in (0.5, 3e-9, 0.1):
            torch.ones(2) / torch.tensor([denominator, 1.0])  # margin-div
        torch.exp(torch.tensor([10.0, 80.0]))  # margin-exp
    margins = {(m.op, m.line): m for m in watch.watch.margins}
    division = margins[("div", at("# margin-div"))]
    assert division.quantity == "min |denominator|" and division.value == pytest.approx(3e-9)
    exponential = margins[("exp", at("# margin-exp"))]
    assert exponential.value == 80.0 and exponential.limit == pytest.approx(88.72, abs=0.01)


def test_strict_raises_at_the_first_root_cause_used_further(watch):
    with watch(strict=True), pytest.raises(NonFiniteError, match="log produced -inf") as raised:
        y = torch.log(torch.zeros(1))
        y * 2  # the first op to carry the -inf on: strict raises here
    assert any(entry.lineno + 1 == at("strict raises here") for entry in raised.traceback)


def test_strict_raises_for_a_value_left_untouched_when_the_watch_ends(watch):
    with pytest.raises(NonFiniteError, match="log produced -inf"):
        with watch(strict=True):
            torch.log(torch.zeros(1))


def test_strict_lets_a_value_thrown_away_on_the_spot_pass(watch):
    x = torch.tensor([0.0, 2.0])
    with watch(strict=True):
        torch.where(x > 0, torch.log(x), 0.0)
    (fate,) = [r for r in watch.watch.records if r["type"] == "fate"]
    assert (fate["op"], fate["fate"], fate["by"][0]["op"], fate["count"]) == ("log", "masked", "where", 1)


def test_low_precision_sum_overflow_is_not_a_false_alarm(watch):
    big = torch.full((1000,), 60000.0, dtype=torch.float16)
    with watch():
        (big * 1).sum(dtype=torch.float32)
        torch.full((4,), 3e38) * 1  # float32 values whose sum overflows, all finite
    assert watch.events() == []


def test_watch_uninstalls_cleanly():
    import nanlint
    from torch.overrides import _get_current_function_mode_stack

    before = list(_get_current_function_mode_stack())
    with nanlint.watch():
        pass
    assert list(_get_current_function_mode_stack()) == before


def test_the_test_running_now_follows_every_change_of_pytest_current_test(monkeypatch):
    from nanlint.runtime.monitor import Monitor

    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/a.py::test_one (setup)")
    assert Monitor.current_context() == "tests/a.py::test_one"
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/a.py::test_two (call)")
    assert Monitor.current_context() == "tests/a.py::test_two"
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/a.py::test_two (call)")  # the same text, stored anew
    assert Monitor.current_context() == "tests/a.py::test_two"
    monkeypatch.delenv("PYTEST_CURRENT_TEST")
    assert Monitor.current_context() is None
