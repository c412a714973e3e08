"""The sampled monitor: steps checked at the tripwire only, and replay naming the line anyway."""

import contextlib
import json
import sys
import textwrap

import pytest

torch = pytest.importorskip("torch")
from torch import nn  # noqa: E402

from nanlint.runtime.finite import HostReads  # noqa: E402
from nanlint.runtime.events import MemorySink  # noqa: E402
from nanlint.runtime.monitor import Monitor  # noqa: E402
from nanlint.runtime.schedule import Schedule  # noqa: E402


def tripwire_only():
    """After the first step, every step is checked at the tripwire only (no window, no sample)."""
    return Schedule(full_seconds=0.0, sample_share=0.0)


class LogNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)
        self.norm = nn.BatchNorm1d(4)
        self.calls = 0

    def forward(self, x, bad=False):
        self.calls += 1
        h = self.norm(self.linear(x))
        if bad:
            h = torch.log(h - h.detach())  # LOG LINE: log(0) = -inf
        return h.sum(dim=1)


class SqrtNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)

    def forward(self, x, bad=False):
        h = self.linear(x)
        d = h - h.detach() if bad else h
        return torch.sqrt(d * d + (0.0 if bad else 1.0))  # SQRT LINE: gradient 1/(2*sqrt(0)) = inf


@contextlib.contextmanager
def tripwire_monitor():
    """A monitor checking every step after the first at the tripwire only; its records are `monitor.sink`'s."""
    monitor = Monitor(MemorySink(), schedule=tripwire_only()).install()
    try:
        yield monitor
    finally:
        monitor.uninstall()


def line_of(cls, marker):
    import inspect

    source, first = inspect.getsourcelines(cls)
    return first + next(i for i, text in enumerate(source) if marker in text)


def train(model, steps, bad_step, loss_of=lambda out: out.pow(2).mean(), schedule=None):
    sink = MemorySink()
    monitor = Monitor(sink, schedule=schedule or tripwire_only()).install()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    try:
        for step in range(steps):
            out = model(torch.randn(8, 4), bad=step == bad_step)
            loss = loss_of(out)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    finally:
        monitor.uninstall()
    return sink.records


def roots(records):
    return [r for r in records if r["type"] == "event" and r["kind"] == "root"]


def notes(records, topic):
    return [r["message"] for r in records if r["type"] == "note" and r.get("topic") == topic]


def test_a_forward_root_in_a_tripwire_step_is_named_by_replaying_the_module_call():
    model = LogNet()
    records = train(model, steps=6, bad_step=3)
    (root,) = roots(records)
    assert (root["op"], root["phase"], root["line"], root["step"]) == ("log", "forward", line_of(LogNet, "LOG LINE"), 3)
    assert root["replay"].startswith("LogNet called at ")
    assert not notes(records, "tripwire")
    assert model.calls == 6  # the replay ran on a copy: the user's module saw only its own calls


def test_a_backward_root_in_a_tripwire_step_is_named_by_replaying_forward_and_backward():
    records = train(SqrtNet(), steps=5, bad_step=2, loss_of=lambda out: out.sum())
    (root,) = roots(records)
    assert (root["op"], root["phase"], root["line"], root["step"]) == ("sqrt", "backward", line_of(SqrtNet, "SQRT LINE"), 2)
    assert not notes(records, "tripwire")


def test_replay_leaves_the_users_module_state_alone():
    model = LogNet()
    sink = MemorySink()
    monitor = Monitor(sink, schedule=tripwire_only()).install()
    try:
        model(torch.randn(8, 4)).sum().backward()  # step 0, op by op; then the tripwire
        out = model(torch.randn(8, 4), bad=True)
        running_mean = model.norm.running_mean.clone()
        out.sum().backward()  # the trip: replay runs the module again, on a copy
    finally:
        monitor.uninstall()
    assert torch.equal(model.norm.running_mean, running_mean)
    assert [r["op"] for r in roots(sink.records)] == ["log"]


def test_a_value_born_between_module_calls_is_a_note_and_the_next_steps_are_checked_op_by_op():
    def loss_of(out, state={"step": 0}):
        state["step"] += 1
        loss = out.pow(2).mean()
        if state["step"] in (3, 5):  # steps 2 and 4: a NaN born outside any module, no gradient through it
            loss = loss + (torch.log(torch.zeros(1)) * 0).sum()
        return loss

    records = train(SqrtNet(), steps=6, bad_step=-1, loss_of=loss_of)
    (note,) = notes(records, "tripwire")
    assert note.startswith("step 2 (forward pass, checked at the tripwire only): the loss given to backward()")
    assert "the next 20 steps were checked op by op" in note
    (root,) = [r for r in roots(records) if r["phase"] == "forward"]
    assert (root["op"], root["step"], "replay" in root) == ("log", 4, False)  # named op by op, not replayed


def test_host_reads_per_tripwire_step_do_not_grow_with_the_number_of_ops():
    def reads_per_step(depth):
        layers = [m for _ in range(depth) for m in (nn.Linear(16, 16), nn.Tanh())]
        model = nn.Sequential(*layers, nn.Linear(16, 1))
        optimizer = torch.optim.Adam(model.parameters())
        monitor = Monitor(MemorySink(), schedule=tripwire_only()).install()
        try:
            counts = []
            for _ in range(5):
                before = HostReads.count
                optimizer.zero_grad()
                model(torch.randn(8, 16)).pow(2).mean().backward()
                optimizer.step()
                counts.append(HostReads.count - before)
        finally:
            monitor.uninstall()
        return counts[2:]  # the first step is checked op by op, the second starts at the tripwire

    shallow, deep = reads_per_step(2), reads_per_step(20)
    assert shallow == deep == [1, 1, 1]  # one read per step, at the optimizer step


def test_with_gradient_accumulation_each_forward_pass_is_read_at_the_next_backward():
    model = LogNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    with tripwire_monitor() as monitor:
        for step in range(6):
            for micro_batch in range(2):
                model(torch.randn(8, 4), bad=(step, micro_batch) == (3, 0)).pow(2).mean().backward()
            optimizer.step()
            optimizer.zero_grad()
    (root,) = roots(monitor.sink.records)
    assert (root["op"], root["line"], root["step"]) == ("log", line_of(LogNet, "LOG LINE"), 6)
    assert "replay" in root and not notes(monitor.sink.records, "tripwire")


def test_the_last_tripwire_step_before_a_step_checked_op_by_op_is_still_checked():
    model = SqrtNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    with tripwire_monitor() as monitor:
        for step in range(4):
            if step == 2:
                monitor.schedule.escalate(2)  # step 3 will be checked op by op: the tripwire is disarmed first
            optimizer.zero_grad()
            model(torch.randn(8, 4), bad=step == 2).sum().backward()
            optimizer.step()
    (root,) = roots(monitor.sink.records)
    assert (root["op"], root["phase"], root["step"]) == ("sqrt", "backward", 2)
    assert "replay" in root


def test_a_forward_pass_whose_backward_raises_is_read_before_the_error_leaves():
    model = LogNet()
    with tripwire_monitor() as monitor:
        for step in range(3):
            out = model(torch.randn(8, 4), bad=step == 2)
            loss = out.pow(2).sum()
            if step == 2:
                out.add_(1)  # pow saved its input: backward raises
                with pytest.raises(RuntimeError, match="modified by an inplace operation"):
                    loss.backward()
            else:
                loss.backward()
    assert [(r["op"], r["line"]) for r in roots(monitor.sink.records)] == [("log", line_of(LogNet, "LOG LINE"))]


def test_the_tripwire_gives_nn_module_call_back_and_lets_torch_fx_take_it_meanwhile():
    original = nn.Module.__call__
    model = LogNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    with tripwire_monitor() as monitor:
        for step in range(4):
            if step == 2:
                traced = torch.fx.symbolic_trace(nn.Sequential(nn.Linear(4, 4), nn.ReLU()))  # fx patches __call__ too
                assert traced(torch.ones(1, 4)).shape == (1, 4)
            optimizer.zero_grad()
            model(torch.randn(8, 4), bad=step == 3).pow(2).mean().backward()
            optimizer.step()
    assert nn.Module.__call__ is original
    assert [(r["op"], r["step"], "replay" in r) for r in roots(monitor.sink.records)] == [("log", 3, True)]


def test_schedule_checks_the_first_window_whole_then_samples_within_the_share():
    schedule = Schedule(full_seconds=10.0, sample_share=0.05)
    decisions = []
    for step in range(400):
        full = schedule.next_is_full(step, None)
        decisions.append(full)
        schedule.step_done(full, 0.2 if full else 0.1)  # a step checked op by op costs twice as much
    assert all(decisions[:50])  # the first 10 s
    after = decisions[60:]
    assert any(after) and not all(after)
    assert schedule.sampled_full_time <= 0.05 * (schedule.run_time - 10.0) + 0.2


def test_schedule_checks_each_new_tests_first_step_and_escalates_after_a_trip():
    schedule = Schedule(full_seconds=0.0, sample_share=0.0)
    schedule.step_done(True, 1.0)
    assert schedule.next_is_full(0, "test_a") and not schedule.next_is_full(1, "test_a")
    assert schedule.next_is_full(2, "test_b") and not schedule.next_is_full(3, "test_b")
    schedule.escalate(3)
    assert all(schedule.next_is_full(step, "test_b") for step in range(4, 24))
    assert not schedule.next_is_full(24, "test_b")


def test_verify_past_its_full_window_names_the_line_by_replay_and_says_what_it_sampled(nanlint, tmp_path):
    (tmp_path / "train.py").write_text(textwrap.dedent("""
        import torch
        from torch import nn


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.linear = nn.Linear(4, 4)

            def forward(self, x):
                return torch.log(self.linear(x).abs())  # log-line


        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.0)
        for step in range(12):
            x = torch.randn(8, 4)
            if step == 9:
                with torch.no_grad():
                    model.linear.bias.zero_()
                x[0] = 0.0
            loss = model(x).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    """))
    result = nanlint("verify", ".", "--full-window", "0", "--output-format", "json", "--run", sys.executable,
                     "train.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    (found,) = document["runtime_findings"]
    assert (found["code"], found["line"]) == ("NAN011", 12)
    assert "found by replaying Net called at" in found["message"] and "first at step 9" in found["message"]
    assert any(note.endswith("steps were checked op by op and the rest at the tripwire (module outputs, the loss, "
                             "gradients, parameters): margins and \"not reached\" speak for the steps checked op "
                             "by op; `--monitor full` checks every step") for note in document["notes"])

    full = nanlint("verify", ".", "--monitor", "full", "--output-format", "json", "--run", sys.executable,
                   "train.py", cwd=tmp_path)
    document = json.loads(full.stdout)
    assert ("NAN011", 12) in [(f["code"], f["line"]) for f in document["runtime_findings"]]
    assert not any("replaying" in f["message"] for f in document["runtime_findings"])
    assert not any("tripwire" in note for note in document["notes"])
    bad = nanlint("verify", ".", "--monitor", "sometimes", "--run", sys.executable, "train.py", cwd=tmp_path)
    assert bad.returncode == 2 and "--monitor" in bad.stderr


def test_a_new_pytest_test_is_checked_op_by_op_from_its_first_module_call(monkeypatch):
    model = SqrtNet()
    sink = MemorySink()
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/test_a.py::test_a (call)")
    monitor = Monitor(sink, schedule=tripwire_only()).install()
    try:
        for _ in range(3):  # the first step op by op, then the tripwire
            model(torch.randn(8, 4)).sum().backward()
        monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/test_b.py::test_b (call)")
        out = model(torch.randn(8, 4))
        torch.log(out - out.detach()).sum()  # outside any module: seen only op by op
    finally:
        monitor.uninstall()
    (root,) = roots(sink.records)
    assert (root["op"], root["context"], "replay" in root) == ("log", "tests/test_b.py::test_b", False)


def test_replay_runs_under_the_autocast_region_the_call_ran_in():
    class HalfOverflow(nn.Module):
        def forward(self, x, bad=False):
            y = torch.mm(x, x.t())  # AUTOCAST LINE: bf16 under CPU autocast
            return y.exp() if bad else y  # exp overflows bf16 and float32 alike past 88.7

    sink = MemorySink()
    model = HalfOverflow()
    monitor = Monitor(sink, schedule=tripwire_only()).install()
    try:
        for step in range(3):
            x = torch.randn(4, 4, requires_grad=True) * (30.0 if step == 2 else 1.0)
            with torch.autocast("cpu", dtype=torch.bfloat16):
                out = model(x, bad=step == 2)
            out.float().sum().backward()
    finally:
        monitor.uninstall()
    (root,) = [r for r in roots(sink.records) if r["phase"] == "forward"]
    assert (root["op"], root["dtype"], root["step"]) == ("exp", "bfloat16", 2)


def test_a_data_parallel_wrapper_is_replayed_through_the_model_inside_it():
    records = train(nn.DataParallel(LogNet()), steps=4, bad_step=2)
    (root,) = roots(records)
    assert (root["op"], root["line"], root["step"]) == ("log", line_of(LogNet, "LOG LINE"), 2)
    assert root["replay"].startswith("DataParallel called at ")


def test_weights_an_optimizer_step_made_non_finite_are_found_at_their_next_use():
    model = nn.Linear(4, 1)
    sink = MemorySink()
    optimizer = torch.optim.SGD(model.parameters(), lr=3e38)  # the update overflows float32
    monitor = Monitor(sink, schedule=tripwire_only()).install()
    try:
        for step in range(4):
            optimizer.zero_grad()
            model(torch.randn(8, 4) * 10).pow(2).mean().backward()
            if step == 2:
                optimizer.step()  # STEP LINE
    finally:
        monitor.uninstall()
    (root,) = roots(sink.records)
    assert (root["phase"], root["op"], root["step"]) == ("optimizer", "SGD.step", 2)
    assert root["line"] == line_of_function(test_weights_an_optimizer_step_made_non_finite_are_found_at_their_next_use,
                                            "STEP LINE")


def line_of_function(function, marker):
    import inspect

    source, first = inspect.getsourcelines(function)
    return first + next(i for i, text in enumerate(source) if marker in text)


def test_non_finite_inputs_of_a_tripwire_step_are_named_as_such():
    model = SqrtNet()
    sink = MemorySink()
    monitor = Monitor(sink, schedule=tripwire_only()).install()
    try:
        for step in range(3):
            x = torch.randn(8, 4)
            if step == 2:
                x[0, 0] = float("nan")  # data that arrived broken
            model(x).sum().backward()
    finally:
        monitor.uninstall()
    (note,) = notes(sink.records, "tripwire")
    assert note.startswith("step 2 (forward pass, checked at the tripwire only): the inputs of SqrtNet called at ")
    assert "were already non-finite" in note and not roots(sink.records)


def test_large_finite_half_precision_outputs_do_not_trip_the_tripwire():
    class Big(nn.Module):
        def forward(self, x):
            return x * 100.0  # 10^6 values of 100: a norm of 10^5, past float16's 65504

    sink = MemorySink()
    model = Big()
    monitor = Monitor(sink, schedule=tripwire_only()).install()
    try:
        for _ in range(3):
            x = torch.ones(1000, 1000, dtype=torch.float16, requires_grad=True)
            model(x).float().mean().backward()
    finally:
        monitor.uninstall()
    assert not notes(sink.records, "tripwire") and not roots(sink.records)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16, torch.bfloat16])
def test_the_fused_gradient_check_is_exact_and_leaves_every_value_and_version_as_it_was(dtype):
    from nanlint.runtime.finite import finite_in_one_read

    large = torch.finfo(dtype).max / 4  # finite, and far past what a norm of the tensor could hold
    gradients = [torch.full((64, 64), large, dtype=dtype), torch.randn(33, dtype=dtype)]
    bits = [g.clone() for g in gradients]
    versions = [g._version for g in gradients]
    assert finite_in_one_read([], gradients)
    assert [g._version for g in gradients] == versions
    assert all(torch.equal(g, b) for g, b in zip(gradients, bits))
    for bad in (float("nan"), float("inf"), float("-inf")):
        gradients[1][7] = bad
        assert not finite_in_one_read([torch.ones(3)], gradients)
    gradients[1][7] = 0.0
    assert not finite_in_one_read([torch.tensor([1.0, float("nan")])], gradients)  # a borrowed tensor's NaN


READ_ONLY_OUTPUTS = {
    "view": "x.view(1, 16)",  # a view of the input's read-only pages
    "function": "Lookup.apply(self.scale)",  # a custom autograd.Function's result: a grad_fn, no view
}


@pytest.mark.parametrize("returned", sorted(READ_ONLY_OUTPUTS))
def test_a_module_output_in_read_only_memory_is_read_and_never_written(tmp_path, returned):
    """A model whose outermost output is read-only memory (an input memory-mapped read-only): the
    tripwire reads it; a write would kill the process with SIGSEGV."""
    script = tmp_path / "readonly.py"
    script.write_text(textwrap.dedent("""
        import mmap, warnings
        import torch
        from torch import nn
        from nanlint.runtime.events import MemorySink
        from nanlint.runtime.monitor import Monitor
        from nanlint.runtime.schedule import Schedule

        page = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ)

        def read_only(count):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # "The given buffer is not writable"
                return torch.frombuffer(page, dtype=torch.float32, count=count)

        class Lookup(torch.autograd.Function):
            @staticmethod
            def forward(ctx, scale):
                return read_only(16)  # memory torch did not allocate, returned as a new tensor

            @staticmethod
            def backward(ctx, grad):
                return grad.sum().reshape(1)

        class Features(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = nn.Parameter(torch.ones(1))

            def forward(self, x):
                return RETURNED

        data = read_only(16)
        features, head = Features(), nn.Linear(16, 1)
        optimizer = torch.optim.SGD(list(features.parameters()) + list(head.parameters()), lr=0.1)
        sink = MemorySink()
        monitor = Monitor(sink, schedule=Schedule(full_seconds=0.0, sample_share=0.0)).install()
        try:
            for _ in range(4):
                optimizer.zero_grad()
                head(features(data)).pow(2).mean().backward()
                optimizer.step()
        finally:
            monitor.uninstall()
        print(monitor.schedule.steps - monitor.schedule.full_steps, [r for r in sink.records if r["type"] == "event"])
    """).replace("RETURNED", READ_ONLY_OUTPUTS[returned]))
    import subprocess

    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["3", "[]"]  # three steps at the tripwire, nothing reported


def test_an_output_viewing_a_base_changed_in_place_after_the_call_is_read_without_raising():
    class Split(nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = nn.Linear(4, 6)

        def forward(self, x):
            h = self.linear(x)
            return (h, *h.chunk(3, dim=1))

    model = Split()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    with tripwire_monitor() as monitor:
        for _ in range(4):
            optimizer.zero_grad()
            whole, *_ = model(torch.randn(8, 4))
            whole.mul_(2)  # the chunks' base, changed in place: torch refuses to read their grad_fn now
            whole.pow(2).mean().backward()
            optimizer.step()
    assert monitor.schedule.steps - monitor.schedule.full_steps == 3
    assert not roots(monitor.sink.records) and not notes(monitor.sink.records, "tripwire")


def test_a_module_returning_its_parameter_gets_no_hook_that_outlives_the_step():
    class Prior(nn.Module):
        def __init__(self):
            super().__init__()
            self.mean = nn.Parameter(torch.zeros(3))

        def forward(self):
            return self.mean

    prior = Prior()
    optimizer = torch.optim.SGD(prior.parameters(), lr=0.01)
    with tripwire_monitor():
        for _ in range(10):
            optimizer.zero_grad()
            prior().pow(2).sum().backward()
            optimizer.step()
    assert not prior.mean._backward_hooks


def test_calls_no_backward_follows_are_read_in_batches_and_a_nan_among_them_is_named():
    model = LogNet().eval()
    with tripwire_monitor() as monitor:
        model(torch.randn(8, 4)).sum().backward()  # the step checked op by op: later ones at the tripwire
        with torch.no_grad():
            for index in range(200):
                model(torch.randn(8, 4), bad=index == 100)
        pending = len(monitor.tripwire._calls)
    assert pending < 64  # the evaluation's inputs and outputs are not kept until a backward() that never comes
    (root,) = roots(monitor.sink.records)
    assert (root["op"], root["line"]) == ("log", line_of(LogNet, "LOG LINE"))
    assert root["replay"].startswith("LogNet called at ")


class TwoHeads(nn.Module):
    """Two outputs made by one autograd node (chunk): the gradient reaching each is kept by its own index."""

    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 8)

    def forward(self, x, bad=False):
        h = self.linear(x)
        if bad:
            h = torch.sqrt(h - h.detach())  # SQRT LINE: gradient 1/(2*sqrt(0)) = inf
        return h.chunk(2, dim=1)


def test_a_backward_root_behind_an_output_of_a_multi_output_node_is_named_by_replay():
    records = train(TwoHeads(), steps=5, bad_step=2, loss_of=lambda outs: outs[1].sum())  # only the second used
    (root,) = roots(records)
    assert (root["op"], root["phase"], root["line"], root["step"]) == (
        "sqrt", "backward", line_of(TwoHeads, "SQRT LINE"), 2)
    assert root["replay"].startswith("TwoHeads called at ")
    assert not notes(records, "tripwire")
