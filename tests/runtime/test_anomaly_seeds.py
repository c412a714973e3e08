"""The seed documents' examples under `nanlint verify`, without and with `--anomaly`.

The examples are those of the seed documents (a reference page of `torch.autograd.detect_anomaly`,
notes on `set_detect_anomaly` for NaN gradients from `sqrt`), with their own `detect_anomaly()` lines
taken out, so torch's anomaly mode is on only under `--anomaly`. Each run is a real `nanlint verify`
of a real script. What each reports: nanlint names the line and op where the value was born, forward
and backward; torch's anomaly mode raises only on a NaN in backward (silent on `x / 0`'s +inf gradient)
and names the backward node where the NaN appeared (`MulBackward0` for a `sqrt` at 0).
"""

import json
import sys
import textwrap

import pytest

from cli_support import line_of

PYTHON = sys.executable
ANOMALY_RAISED = "Error detected in "  # the warning torch's anomaly mode prints before it raises

SEEDS = {
    "division": """
        import torch

        x = torch.tensor([1.0], requires_grad=True)
        y = x / 0  # the division
        y.backward()
        print("grad", x.grad)
    """,
    "square": """
        import torch

        x = torch.tensor([2.0], requires_grad=True)
        y = x ** 2
        y.backward()
        print(x.grad)
    """,
    "model": """
        import torch
        import torch.nn as nn

        class MyModel(nn.Module):
            def __init__(self):
                super().__init__()
                self.linear = nn.Linear(2, 1)

            def forward(self, x):
                return self.linear(x)

        model = MyModel()
        x = torch.tensor([[1.0, 2.0]], requires_grad=True)
        output = model(x)
        loss = output / 0  # the division
        loss.backward()
    """,
    "sqrt": """
        import torch

        x = torch.zeros(3, requires_grad=True)
        loss = (x * x).sum().sqrt()  # the sqrt
        loss.backward()
    """,
}


def verify(nanlint, tmp_path, name, *options):
    script = tmp_path / f"{name}.py"
    script.write_text(textwrap.dedent(SEEDS[name]), encoding="utf-8")
    result = nanlint("verify", script.name, "--output-format", "json", *options, "--run", PYTHON, script.name,
                     cwd=tmp_path)
    return result, json.loads(result.stdout)


def born(document):
    """(phase, op, values, line) of every value the run found born (confirmed or at run time)."""
    events = [e for f in document["findings"] for e in f["evidence"]] + [r["event"] for r in document["runtime_findings"]]
    return {(e["phase"], e["op"], e["values"], e["line"]) for e in events}


@pytest.mark.parametrize("options", [(), ("--anomaly",)], ids=["nanlint", "nanlint+anomaly"])
def test_division_by_zero_then_backward(nanlint, tmp_path, options):
    """Anomaly mode is silent on the +inf gradient; nanlint names the division, forward and backward."""
    result, document = verify(nanlint, tmp_path, "division", *options)
    line = line_of(str(tmp_path / "division.py"), "# the division")
    assert born(document) == {("forward", "div", "+inf", line), ("backward", "div", "+inf", line)}
    assert result.returncode == 1 and document["child"]["returncode"] == 0
    assert ANOMALY_RAISED not in result.stderr and "grad tensor([inf])" in result.stderr


@pytest.mark.parametrize("options", [(), ("--anomaly",)], ids=["nanlint", "nanlint+anomaly"])
def test_a_correct_gradient_passes_both(nanlint, tmp_path, options):
    result, document = verify(nanlint, tmp_path, "square", *options)
    assert born(document) == set() and result.returncode == 0
    assert "tensor([4.])" in result.stderr and ANOMALY_RAISED not in result.stderr


def test_division_of_a_model_output(nanlint, tmp_path):
    result, document = verify(nanlint, tmp_path, "model", "--anomaly")
    line = line_of(str(tmp_path / "model.py"), "# the division")  # +inf or -inf: the weights are random
    assert {(phase, op, at) for phase, op, _, at in born(document)} == {("forward", "div", line), ("backward", "div", line)}
    assert document["child"]["returncode"] == 0 and ANOMALY_RAISED not in result.stderr


def test_sqrt_at_zero(nanlint, tmp_path):
    """Anomaly mode stops the run at MulBackward0, where the NaN appeared; nanlint names the sqrt's +inf."""
    result, document = verify(nanlint, tmp_path, "sqrt", "--anomaly")
    line = line_of(str(tmp_path / "sqrt.py"), "# the sqrt")
    assert born(document) == {("backward", "sqrt", "+inf", line)}
    assert document["child"]["returncode"] == 1
    assert "Error detected in MulBackward0" in result.stderr
    assert "Function 'MulBackward0' returned nan values" in result.stderr
    plain, plain_document = verify(nanlint, tmp_path, "sqrt")
    assert born(plain_document) == born(document) and plain_document["child"]["returncode"] == 0
    assert ANOMALY_RAISED not in plain.stderr
