"""`nanlint verify` names only the ops that made a value non-finite: not the ops that hand back their
input, not what a root's NaN poisoned downstream, not a value computed and thrown away, and not the
edge values a test suite feeds on purpose. Real CLI, real torch, real subprocesses."""

import json
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points

from cli_support import line_of

INSTALLED = any(entry.name == "nanlint" for entry in entry_points().select(group="pytest11"))
PLUGIN = () if INSTALLED else ("-p", "nanlint.pytest_plugin")

PYTHON = sys.executable


def write(directory, name, text):
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def verify_json(nanlint, folder, *command, options=()):
    result = nanlint("verify", ".", "--output-format", "json", "--no-progress", *options, "--run", *command,
                     cwd=folder)
    return result, json.loads(result.stdout)


def runtime_lines(document):
    return sorted((r["line"], r["code"], r["event"]["op"]) for r in document["runtime_findings"])


def test_ops_that_hand_back_their_input_are_not_roots(nanlint, tmp_path):
    script = write(tmp_path, "identity.py", """
        import torch
        import torch.nn.functional as F

        w = torch.zeros(3, requires_grad=True)
        torch.sqrt(w * 0).sum().backward()  # sqrt-root
        torch.nn.utils.clip_grad_norm_([w], 1.0)  # clip: its internal `.to` hands back a NaN norm
        x = torch.log(torch.zeros(2))  # log-root
        x.float()
        x.to(torch.float32)
        F.dropout(x, 0.5, training=False)
        x.type_as(x)
        x.to(torch.float16)
    """)
    result, document = verify_json(nanlint, tmp_path, PYTHON, "identity.py")
    assert result.returncode == 1, result.stderr
    assert runtime_lines(document) == [
        (line_of(script, "# sqrt-root"), "NAN012", "sqrt"), (line_of(script, "# log-root"), "NAN011", "log")]


TRAINING = """
    import io
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


    def loss_of(out, y, step):
        err = (out - y) ** 2
        if step == BAD_STEP:
            err = err / torch.zeros_like(err)  # loss-root
        return err.mean()


    for step in range(STEPS):
        x, y = torch.randn(16, 4), torch.randn(16, 1)
        out = model(x)  # model-call
        loss = loss_of(out, y, step)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    buffer = io.BytesIO()
    torch.save(torch.tensor([1.0, float("nan")]), buffer)
    buffer.seek(0)
    outside = torch.load(buffer)
    print((outside * 2).sum())  # loaded-data
"""


def test_weights_a_root_poisoned_are_its_echoes_not_data_from_outside(nanlint, tmp_path):
    script = write(tmp_path, "train.py", "BAD_STEP, STEPS = 5, 8\n" + textwrap.dedent(TRAINING))
    result, document = verify_json(nanlint, tmp_path, PYTHON, "train.py", options=("--monitor", "full"))
    assert result.returncode == 1, result.stderr
    root_line, model_line = line_of(script, "# loss-root"), line_of(script, "# model-call")
    assert [(r["line"], r["code"]) for r in document["runtime_findings"]] == [(line_of(script, "# loaded-data"), "NAN015")]
    (division,) = document["findings"]
    assert (division["line"], division["outcome"]) == (root_line, "confirmed")
    assert {(e["line"], e["op"]) for e in document["echoes"]} <= {(model_line, "linear"), (model_line, "batch_norm")}
    assert document["echoes"] and all(e["origin"]["line"] == root_line for e in document["echoes"])
    assert any("an echo of the NaN/Inf born at train.py:%d (div) at step 5" % root_line in n for n in document["notes"])


THROWN_AWAY = """
    import torch

    x = torch.tensor([0.0, 1.0, 4.0], requires_grad=True)
    safe = torch.where(x > 0, torch.log(x.detach()), torch.zeros_like(x))  # where-log
    y = torch.nan_to_num(torch.tensor([1.0, 0.0]) / 0.0)  # nan-to-num
    z = torch.log(torch.tensor([0.0, 2.0]))  # log-then-fill
    z = z.masked_fill(torch.isinf(z), 0.0)
    trap = torch.where(x > 0, torch.sqrt(x - 1), x).sum()  # where-trap
    trap.backward()
    used = torch.log(torch.tensor([0.0])) * 2  # used-further
    print(safe, y, z, used)
"""


def test_a_value_thrown_away_is_no_finding_but_its_nan_gradient_is(nanlint, tmp_path):
    script = write(tmp_path, "masked.py", THROWN_AWAY)
    result, document = verify_json(nanlint, tmp_path, PYTHON, "masked.py")
    assert result.returncode == 1, result.stderr
    trap, used = line_of(script, "# where-trap"), line_of(script, "# used-further")
    assert runtime_lines(document) == [(trap, "NAN012", "sqrt"), (used, "NAN011", "log")]
    thrown = {(e["line"], e["op"], e["masked_by"]["op"]) for e in document["thrown_away"]}
    assert thrown == {(line_of(script, "# where-log"), "log", "where"), (line_of(script, "# nan-to-num"), "div", "nan_to_num"),
                      (line_of(script, "# log-then-fill"), "log", "masked_fill"), (trap, "sqrt", "where")}
    assert any(n.startswith("4 NaN/Inf thrown away by the op that took them") for n in document["notes"])


def test_strict_raises_where_a_value_is_used_and_lists_the_thrown_away_ones(nanlint, tmp_path):
    script = write(tmp_path, "masked.py", THROWN_AWAY.replace("    trap.backward()\n", ""))
    result = nanlint("verify", ".", "--strict", "--no-progress", "--run", PYTHON, "masked.py", cwd=tmp_path)
    assert result.returncode == 1
    assert "NonFiniteError: nanlint: forward log produced -inf (float32) at %s:%d" % (
        script, line_of(script, "# used-further")) in result.stderr
    assert "masked.py:%d: forward log made -inf (float32), once, first at step 0 (all thrown away by where at line %d" % (
        line_of(script, "# where-log"), line_of(script, "# where-log")) in result.stdout


LIBRARY = """
    import torch


    def safe_log(x):
        return torch.where(x > 0, torch.log(x), torch.zeros_like(x))


    def log_of(x):
        return torch.log(x)  # lib-log


    def normalized(x):
        return x / x.sum()  # lib-div
"""

SUITE = """
    import math

    import torch

    import mylib


    def test_a_train_step_first():
        w = torch.ones(2, requires_grad=True)
        (w * 2).sum().backward()
        (w * 3).sum().backward()


    def test_safe_log_at_zero():
        assert mylib.safe_log(torch.tensor([0.0, 1.0]))[0] == 0


    def test_log_of_zero_is_minus_inf():
        assert torch.isneginf(mylib.log_of(torch.zeros(1))).all()  # asserts-inf


    def test_edge_value_on_the_tests_own_line():
        assert torch.isnan(torch.sqrt(torch.tensor([-1.0]))).all()  # own-line


    def test_close_to_inf():
        torch.testing.assert_close(mylib.log_of(torch.zeros(1)), torch.tensor([-math.inf]))


    def test_a_real_bug():
        mylib.normalized(torch.zeros(3)).sum()
"""


def test_a_suite_feeding_edge_values_on_purpose_does_not_fail_verify_and_says_why(nanlint, tmp_path):
    write(tmp_path, "mylib/__init__.py", LIBRARY)
    suite = write(tmp_path, "tests/test_lib.py", SUITE)
    command = (PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests")
    result, document = verify_json(nanlint, tmp_path, *command, options=("--select", "NAN0"))
    assert result.returncode == 1, result.stderr  # the real bug
    (bug,) = document["runtime_findings"]
    assert (bug["path"], bug["event"]["op"], bug["event"]["contexts"]) == (
        "mylib/__init__.py", "div", ["tests/test_lib.py::test_a_real_bug"])
    assert bug["event"]["first_step"] == 0  # the test's own first step, whatever earlier tests did
    on_purpose = {(e["path"].rsplit("/", 2)[-1], e["op"], e["by_test_why"]) for e in document["made_by_tests"]}
    assert on_purpose == {
        ("__init__.py", "log", "the test looked at it with isneginf at tests/test_lib.py:%d" % line_of(suite, "# asserts-inf")),
        ("test_lib.py", "sqrt", "born on a line of test code, which feeds edge values on purpose")}
    assert any("made on purpose by the tests, not a finding" in n for n in document["notes"])

    write(tmp_path, "tests/test_lib.py", SUITE.split("    def test_a_real_bug")[0])
    result, document = verify_json(nanlint, tmp_path, *command, options=("--select", "NAN0"))
    assert result.returncode == 0, result.stdout
    assert document["runtime_findings"] == [] and len(document["made_by_tests"]) == 2


def test_the_pytest_plugin_fails_only_the_tests_whose_values_count(pytester):
    pytester.makepyfile(mylib=textwrap.dedent(LIBRARY), test_lib=textwrap.dedent(SUITE))
    result = pytester.runpytest(*PLUGIN, "--nanlint-strict")
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines([
        "*test_a_real_bug*", "*nanlint: this test produced new NaN/Inf values*",
        "    mylib.py:*: forward div made NaN (float32), once, first at step 0",
        "*test_log_of_zero_is_minus_inf*",
        "    mylib.py:*: forward log made -inf (float32), once, first at step 0: made on purpose by the test*",
    ])
    assert "test_safe_log_at_zero" not in result.stdout.str()


LATE = """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    SEEN = []  # what the program keeps across steps: a replay must not add to it


    def standardized_error(out, target):
        SEEN.append(len(SEEN))
        err = out - target
        return ((err - err.mean()) / err.std()).pow(2).mean()  # late-root


    for step in range(60):
        x, y = torch.randn(32, 4), torch.randn(32, 1)
        if step == 45:
            x, y = torch.zeros(32, 4), torch.zeros(32, 1)  # every error equal: a std of 0
            model[2].weight.data.zero_()
        out = model(x)  # first-call
        loss = standardized_error(out, y)
        optimizer.zero_grad()
        loss.backward()  # backward-line
        optimizer.step()
        print("step", step, "loss", round(loss.item(), 4), "calls", len(SEEN))
"""


def test_a_nan_born_between_module_calls_after_the_window_is_named_by_replaying_its_step(nanlint, tmp_path):
    script = write(tmp_path, "late.py", LATE)
    plain = subprocess.run([PYTHON, "late.py"], cwd=tmp_path, capture_output=True, text=True, check=True)
    result = nanlint("verify", ".", "--full-window", "0", "--output-format", "json", "--select", "NAN0",
                     "--no-progress", "--run", PYTHON, "late.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    (root,) = document["runtime_findings"]
    assert (root["line"], root["event"]["op"], root["event"]["first_step"]) == (line_of(script, "# late-root"), "div", 45)
    assert root["event"]["replay"] == "the step from line %d to line %d of late.py" % (
        line_of(script, "# first-call"), line_of(script, "# backward-line"))
    assert not [n for n in document["notes"] if "is not known" in n]
    assert result.stderr.splitlines()[-60:] == plain.stdout.splitlines()  # the replay changed nothing the program saw


def test_the_op_by_op_window_is_not_spent_on_start_up_or_loading_batches(nanlint, tmp_path):
    write(tmp_path, "slow_start.py", """
        import time
        import torch
        import torch.nn as nn
        from torch.utils.data import DataLoader, Dataset


        class Slow(Dataset):
            def __len__(self):
                return 10

            def __getitem__(self, index):
                time.sleep(0.3)  # reading a batch from a slow disk
                return torch.randn(4), torch.randn(1)


        time.sleep(2.5)  # start-up: building the dataset, the model
        model = nn.Linear(4, 1)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        for x, y in DataLoader(Slow(), batch_size=1):
            loss = (model(x) - y).pow(2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    """)
    result, document = verify_json(nanlint, tmp_path, PYTHON, "slow_start.py", options=("--full-window", "2"))
    assert result.returncode == 0, result.stdout
    assert not [n for n in document["notes"] if "checked op by op and the rest at the tripwire" in n]


def test_a_merged_event_names_every_dtype_and_counts_the_tests_it_does_not_name(nanlint, tmp_path):
    write(tmp_path, "mylib/__init__.py", """
        import torch


        def log_of(x):
            return torch.log(x)  # every-dtype
    """)
    write(tmp_path, "tests/test_dtypes.py", """
        import pytest
        import torch

        import mylib


        @pytest.mark.parametrize("case", range(5))
        def test_float32(case):
            for _ in range(12):  # past the occurrences written in full: the rest are counted
                mylib.log_of(torch.zeros(2)).sum()
            if case == 4:
                mylib.log_of(torch.zeros(2, dtype=torch.float16)).sum()
    """)
    result, document = verify_json(nanlint, tmp_path, PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests",
                                   options=("--select", "NAN0"))
    assert result.returncode == 1, result.stderr
    (finding,) = document["runtime_findings"]
    assert finding["event"]["dtype"] == "float32, float16"
    assert finding["message"].startswith("forward log made -inf (float32, float16), 61 times, first at step 0 [in ")
    assert finding["message"].endswith("test_float32[2] and 2 more]")


def test_torch_warnings_under_verify_point_at_the_users_line(nanlint, tmp_path):
    script = write(tmp_path, "warn.py", """
        import warnings
        import torch
        import torch.nn.functional as F

        x = torch.ones(3)
        torch.tensor(x)  # copy-construct
        F.softmax(x)  # implicit-dim
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            torch.tensor(x)  # recorded
        print("recorded at", [(w.filename, w.lineno) for w in caught])
    """)
    result = nanlint("verify", ".", "--no-progress", "--run", PYTHON, "warn.py", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "%s:%d: UserWarning: To copy construct" % (script, line_of(script, "# copy-construct")) in result.stderr
    assert "%s:%d: UserWarning: Implicit dimension" % (script, line_of(script, "# implicit-dim")) in result.stderr
    assert "recorded at [(%r, %d)]" % (script, line_of(script, "# recorded")) in result.stdout
    assert "monitor.py" not in result.stderr
    strict = nanlint("verify", ".", "--no-progress", "--run", PYTHON, "-W", "error::UserWarning", "warn.py", cwd=tmp_path)
    assert "UserWarning: To copy construct" in strict.stderr and "the command exited with status 1" in strict.stdout


def test_a_late_nan_in_a_loop_over_raw_tensors_is_named_by_replaying_the_loop_body(nanlint, tmp_path):
    script = write(tmp_path, "raw_loop.py", """
        import torch

        torch.manual_seed(1)
        x = torch.tensor([[1.0, 2.0], [2.0, 3.0], [3.0, 1.0], [4.0, 3.0]]) * 20
        y = torch.tensor([[0.0], [0.0], [1.0], [1.0]])
        W = torch.zeros((2, 1), requires_grad=True)
        b = torch.zeros(1, requires_grad=True)
        optimizer = torch.optim.SGD([W, b], lr=1)
        for epoch in range(10):
            p = torch.sigmoid(x.matmul(W) + b)
            cost = -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()  # raw-root
            optimizer.zero_grad()
            cost.backward()
            optimizer.step()
    """)
    result, document = verify_json(nanlint, tmp_path, PYTHON, "raw_loop.py",
                                   options=("--full-window", "0", "--select", "NAN0"))
    assert result.returncode == 1, result.stderr
    roots = [r for r in document["runtime_findings"] if r["line"] == line_of(script, "# raw-root")]
    assert roots and all(r["event"]["replay"].startswith("the step from line") for r in roots)
    assert not [n for n in document["notes"] if "is not known" in n]


def test_in_place_errors_of_steps_checked_at_the_tripwire_are_named_at_their_lines(nanlint, tmp_path):
    gan = write(tmp_path, "gan.py", """
        import torch
        import torch.nn as nn

        torch.manual_seed(0)
        G, D = nn.Linear(4, 4), nn.Sequential(nn.Linear(4, 1), nn.Sigmoid())
        opt_G, opt_D = torch.optim.Adam(G.parameters()), torch.optim.Adam(D.parameters())
        for step in range(3):
            fake = G(torch.randn(8, 4))
            d_loss = -torch.log(1 - D(fake)).mean() - torch.log(D(torch.randn(8, 4))).mean()
            g_loss = torch.log(1 - D(fake)).mean()
            opt_D.zero_grad()
            d_loss.backward(retain_graph=True)
            opt_D.step()  # d-step
            opt_G.zero_grad()
            g_loss.backward()
            opt_G.step()
    """)
    leaf = write(tmp_path, "leaf.py", """
        import torch
        import torch.nn as nn

        model = nn.Linear(4, 2)
        for step in range(3):
            model.zero_grad()
            model(torch.randn(8, 4)).pow(2).mean().backward()
            for p in model.parameters():
                p.add_(p.grad, alpha=-0.1)  # leaf-update
    """)
    for script, marker in ((gan, "# d-step"), (leaf, "# leaf-update")):
        result, document = verify_json(nanlint, tmp_path, PYTHON, script,
                                       options=("--full-window", "0", "--select", "NAN0"))
        lines = [(r["line"], r["code"]) for r in document["runtime_findings"]]
        assert (line_of(script, marker), "NAN014") in lines, (script, lines, result.stderr[-2000:])
