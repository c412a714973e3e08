"""Patterns of the real-bug benchmark (benchmarks/realbugs) that the monitor once missed, on real torch."""

import json
import os
import sys

import pytest
import torch

from cli_support import line_of

HERE = os.path.realpath(__file__)


def at(marker):
    return line_of(HERE, marker)


def test_a_fill_value_that_overflows_float16_is_located_where_torch_raised(watch):
    """apex #93: masked_fill(-1e15) in float16 raises instead of writing -inf."""
    scores = torch.randn(2, 4).half()
    mask = torch.tensor([[False, True, False, True], [False, False, True, True]])
    with watch(), pytest.raises(RuntimeError, match="without overflow"):
        scores.masked_fill(mask, -1e15)  # half-overflow
    (event,) = watch.events(kind="numeric_error")
    assert (event["phase"], event["op"], event["line"]) == ("forward", "masked_fill", at("# half-overflow"))
    assert "cannot be converted to type" in event["message"]


def test_the_inverse_of_a_singular_matrix_is_located_where_torch_raised(watch):
    with watch(), pytest.raises(RuntimeError, match="singular"):
        torch.linalg.inv(torch.zeros(2, 2) + 1e-10)  # singular-inverse
    (event,) = watch.events(kind="numeric_error")
    assert (event["op"], event["line"]) == ("linalg.inv", at("# singular-inverse"))


def test_other_errors_are_not_reported(watch):
    with watch(), pytest.raises(RuntimeError, match="size"):
        torch.ones(2) + torch.ones(3)
    assert watch.events() == []


def test_a_nan_target_masked_after_the_loss_is_located_where_backward_makes_the_nan(watch):
    """pytorch#64305: the NaN of a missing target, masked out after the squared error, still makes
    the weight gradient NaN (0 * NaN in the square's backward): blamed on the square, in backward."""
    model = torch.nn.Linear(1, 2, bias=False)
    with watch():
        target = torch.tensor([[float("nan"), 0.0]])
        prediction = model(torch.tensor([[1.0]]))
        loss = torch.square(prediction - target)  # masked-after
        loss[~torch.isnan(target)].sum().backward()
    assert torch.isnan(model.weight.grad).any()
    (root,) = watch.events(kind="root")
    assert (root["phase"], root["op"], root["line"], root["node"]) == (
        "backward", "square", at("# masked-after"), "PowBackward0")


def test_an_inf_propagated_from_a_real_root_is_not_blamed_again_in_backward(watch):
    x = torch.zeros(2, requires_grad=True)
    with watch():
        y = torch.log(x)  # real-root
        (y * y * 0).sum().backward()  # the product's backward makes NaN from the saved -inf: not a root
    assert [(e["phase"], e["line"]) for e in watch.events(kind="root")] == [("forward", at("# real-root"))]


@pytest.mark.parametrize("as_keyword", [False, True], ids=["step(closure)", "step(closure=closure)"])
def test_the_closure_of_an_lbfgs_step_is_monitored(watch, as_keyword):
    """blog: sqrt of a squared Sobel response, minimised by LBFGS: its closure is the whole forward and
    backward, run inside optimizer.step()."""
    image = torch.zeros(1, 4, requires_grad=True)
    optimizer = torch.optim.LBFGS([image], max_iter=2)

    def closure():
        optimizer.zero_grad()
        loss = torch.sqrt(image ** 2).sum()  # sqrt-in-closure
        loss.backward()
        return loss

    with watch():
        optimizer.step(closure=closure) if as_keyword else optimizer.step(closure)
    roots = watch.events(kind="root")
    assert ("backward", "sqrt", at("# sqrt-in-closure")) in {(e["phase"], e["op"], e["line"]) for e in roots}


def test_verify_confirms_a_nan_filtered_after_the_op(nanlint, tmp_path):
    """synapse#237: `nanmean` of a squared error over NaN targets (NAN603) is confirmed by the square's
    backward making the NaN gradient."""
    (tmp_path / "train.py").write_text(
        "import torch\n"
        "model = torch.nn.Linear(3, 2)\n"
        "y = torch.randn(8, 2)\n"
        "y[::4, 1] = float('nan')\n"
        "loss = torch.nanmean((model(torch.randn(8, 3)) - y) ** 2)  # nanmean-after\n"
        "loss.backward()\n", encoding="utf-8")
    result = nanlint(
        "verify", ".", "--select", "NAN603", "--output-format", "json", "--run", sys.executable, "train.py", cwd=tmp_path
    )
    document = json.loads(result.stdout)
    (finding,) = [f for f in document["findings"] if f["code"] == "NAN603"]
    assert finding["outcome"] == "confirmed" and finding["line"] == line_of(str(tmp_path / "train.py"), "# nanmean-after")
    assert [(e["phase"], e["op"]) for e in finding["evidence"]] == [("backward", "pow")]
