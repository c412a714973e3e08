"""In-place autograd errors, on real torch: the in-place line, the op and line that saved the tensor, the versions."""

import json
import os
import sys

import pytest
import torch
import torch.nn.functional as F
from torch import nn

from cli_support import line_of, write

HERE = os.path.realpath(__file__)
MODIFIED = "modified by an inplace operation"


def at(marker):
    return line_of(HERE, marker)


def inplace_errors(watch):
    return watch.events(kind="inplace_error")


def test_a_user_op_saved_its_output_then_an_index_assignment_changed_it(watch):
    x = torch.randn(4, requires_grad=True)
    with watch(), pytest.raises(RuntimeError, match=MODIFIED):
        y = torch.sigmoid(x)  # sigmoid-saves
        y[0] = 0.0  # index-assign
        y.sum().backward()
    (event,) = inplace_errors(watch)
    assert (event["phase"], event["op"], event["line"]) == ("backward", "setitem", at("# index-assign"))
    assert event["saved"] == {"node": "SigmoidBackward0", "op": "sigmoid", "path": HERE,
                              "line": at("# sigmoid-saves"), "version": 0, "found_version": 1}


def test_mm_saved_an_input_a_later_loop_iteration_changed(watch):
    param = torch.randn(4, 4, requires_grad=True)
    with watch(), pytest.raises(RuntimeError, match=MODIFIED):
        b = torch.mm(param, torch.randn(4, 1))
        total = 0
        for i in range(4):
            b[i] = b[i] + 1  # loop-assign
            total = total + torch.mm(param, b)  # mm-saves
        total.sum().backward()
    (event,) = inplace_errors(watch)  # the node torch names is torch::autograd::CopySlices
    assert (event["op"], event["line"]) == ("setitem", at("# loop-assign"))
    saved = event["saved"]
    assert (saved["node"], saved["op"], saved["line"]) == ("MmBackward0", "mm", at("# mm-saves"))
    assert (saved["version"], saved["found_version"]) == (3, 4)


def test_an_in_place_relu_module_changed_what_a_conv_saved(watch):
    x = torch.randn(1, 2, 6, 6)
    with watch(), pytest.raises(RuntimeError, match=MODIFIED):
        first, second = nn.Conv2d(2, 3, 3), nn.Conv2d(3, 3, 3)
        act = nn.ReLU(inplace=True)  # relu-built
        h = first(x)
        out = second(h)  # conv-saves-its-input
        act(h)  # relu-run
        out.sum().backward()
    (event,) = inplace_errors(watch)
    assert (event["op"], event["line"]) == ("relu", at("# relu-built"))
    assert event["run_at"] == {"path": HERE, "line": at("# relu-run")}
    assert event["saved"] == {"node": "ConvolutionBackward0", "op": "conv2d", "path": HERE,
                              "line": at("# conv-saves-its-input"), "version": 0, "found_version": 1}


def test_every_changed_saved_tensor_is_reported_not_only_the_one_backward_met_first(watch):
    x = torch.randn(3, requires_grad=True)
    with watch(), pytest.raises(RuntimeError, match=MODIFIED):
        a = torch.exp(x)
        b = torch.tanh(x)
        a += 1  # first-bug
        b.mul_(2)  # second-bug
        (a * b).sum().backward()
    lines = sorted((e["line"], e["op"], e["saved"]["op"]) for e in inplace_errors(watch))
    assert lines == [(at("# first-bug"), "add_", "exp"), (at("# second-bug"), "mul_", "tanh")]


def test_an_optimizer_step_between_two_backwards_changed_the_saved_weights(watch):
    torch.manual_seed(0)
    z = torch.randn(8, 4)
    with watch(), pytest.raises(RuntimeError, match=MODIFIED):
        generator, discriminator = nn.Linear(4, 4), nn.Linear(4, 1)
        optimizer_d = torch.optim.SGD(discriminator.parameters(), lr=0.1)
        score = discriminator(generator(z))  # d-forward
        d_loss = score.mean()
        g_loss = -score.mean()
        d_loss.backward(retain_graph=True)
        saved_version = discriminator.weight._version
        optimizer_d.step()  # d-step
        g_loss.backward()
    (event,) = inplace_errors(watch)
    assert (event["op"], event["line"]) == ("SGD.step", at("# d-step"))
    saved = event["saved"]
    assert (saved["node"], saved["op"], saved["line"]) == ("AddmmBackward0", "linear", at("# d-forward"))
    assert (saved["version"], saved["found_version"]) == (saved_version, saved_version + 1)


def test_an_in_place_module_applied_to_a_leaf_is_blamed_where_it_was_built(watch):
    weights = torch.randn(3, requires_grad=True)
    with watch(), pytest.raises(RuntimeError, match="leaf Variable"):
        act = nn.LeakyReLU(0.1, inplace=True)  # leaky-built
        act(weights)  # leaky-run
    (event,) = inplace_errors(watch)
    assert (event["phase"], event["op"], event["line"]) == ("forward", "leaky_relu", at("# leaky-built"))
    assert event["run_at"] == {"path": HERE, "line": at("# leaky-run")}


def test_a_functional_call_made_in_place_by_a_positional_flag_is_the_in_place_line(watch):
    x = torch.randn(3, requires_grad=True)
    with watch(), pytest.raises(RuntimeError, match=MODIFIED):
        y = torch.tanh(x)  # tanh-saves
        F.leaky_relu(y, 0.1, True)  # positional-inplace
        y.sum().backward()
    (event,) = inplace_errors(watch)
    assert (event["op"], event["line"], event.get("run_at")) == ("leaky_relu", at("# positional-inplace"), None)
    assert (event["saved"]["op"], event["saved"]["line"]) == ("tanh", at("# tanh-saves"))


SCRIPT = """
import torch
from torch import nn

first, second = nn.Conv2d(2, 3, 3), nn.Conv2d(3, 3, 3)
act = nn.ReLU(inplace=True)
h = first(torch.randn(1, 2, 6, 6))
out = second(h)
act(h)
out.sum().backward()
"""


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_verify_reports_the_in_place_line_the_saving_line_and_the_versions(nanlint, tmp_path, output_format):
    write(tmp_path, "train.py", SCRIPT)
    result = nanlint("verify", ".", "--output-format", output_format, "--run", sys.executable, "train.py",
                     cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    if output_format == "text":
        assert ("train.py:5:1: NAN014 autograd in-place error: relu (in a module built here, run at line 8) "
                "changed a tensor that conv2d (ConvolutionBackward0) at line 7 had saved for backward: saved at "
                "version 0, found at version 1 [torch: one of the variables needed") in result.stdout
        return
    (runtime,) = json.loads(result.stdout)["runtime_findings"]
    assert (runtime["code"], runtime["line"]) == ("NAN014", 5)
    event = runtime["event"]
    assert event["run_at"]["line"] == 8
    assert {k: event["saved"][k] for k in ("node", "op", "line", "version", "found_version")} == {
        "node": "ConvolutionBackward0", "op": "conv2d", "line": 7, "version": 0, "found_version": 1}
