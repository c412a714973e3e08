"""`nanlint verify --search` past the static findings: every risky op that ran (or sits unreached behind a
None argument) in a recorded function is searched, and what it triggers is a finding of its own. Real CLI,
real torch, real runs of the reproducers."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

from cli_support import line_of, nanlint_env

PYTHON = sys.executable

LOSSES = """
    import torch

    from .helpers import SCALE


    def log_loss(logits, target):
        probs = torch.softmax(logits * SCALE, dim=-1)
        return -torch.log(probs).gather(1, target[:, None]).mean()  # package-log
"""

PROGRAM = """
    import torch
    import torch.nn as nn

    from pkg import log_loss


    class Scaled(nn.Module):
        def __init__(self):
            super().__init__()
            self.temperature = 0.5

        def forward(self, x):
            return (x.detach().abs() + 1.0).div(self.temperature).log().sum()  # temperature


    def radius(p):
        return p.abs().pow(0.5).sum()  # gradient-only


    def masked_total(x, mask=None):
        if mask is not None:
            x = x / mask.sum()  # behind-none
        return x.sum()


    def transform(x, mode):
        if mode == "log":
            return torch.log(x).sum()  # late-calls
        return x.sum()


    def both_logs(z, w):
        return torch.log(torch.softmax(z, -1)).sum() + torch.log(w).sum()  # two-logs


    torch.manual_seed(0)
    log_loss(torch.randn(4, 5, requires_grad=True), torch.tensor([0, 1, 2, 3])).backward()
    Scaled()(torch.randn(4, 3))
    with torch.no_grad():
        radius(torch.rand(5) + 0.5)
    masked_total(torch.rand(3))
    for call in range(12):
        transform(torch.rand(3) + 1.0, "log" if call >= 9 else "linear")
    both_logs(torch.randn(2, 3, requires_grad=True), torch.rand(3, requires_grad=True) + 0.5)
"""


def write(directory, name, text):
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def searched(tmp_path_factory):
    from cli_support import run_nanlint

    project = tmp_path_factory.mktemp("past")
    write(project, "pkg/__init__.py", LOSSES)  # a function of a package's own module, with a relative import
    write(project, "pkg/helpers.py", "SCALE = 1.0\n")
    program = write(project, "train.py", PROGRAM)
    result = run_nanlint("verify", ".", "--search", "--search-budget", "8", "--search-dir", "repro",
                         "--output-format", "json", "--no-progress", "--run", PYTHON, "train.py", cwd=project,
                         timeout=900)
    return project, program, result, json.loads(result.stdout)


def found_at(document, line):
    return [f for f in document["search_findings"] if f["line"] == line]


def test_a_risky_op_no_rule_flagged_is_searched_and_its_trigger_is_a_finding(searched):
    project, program, result, document = searched
    assert result.returncode == 1, result.stderr
    (temperature,) = found_at(document, line_of(program, "# temperature"))
    assert temperature["code"] == "NAN011" and "`self.temperature` (0.5)" in temperature["message"]
    assert "reproducer: repro/" in temperature["message"]
    (behind_none,) = found_at(document, line_of(program, "# behind-none"))
    assert "as `mask` (it was None)" in behind_none["message"]
    (gradient_only,) = found_at(document, line_of(program, "# gradient-only"))
    assert gradient_only["code"] == "NAN012" and "in the backward pass" in gradient_only["message"]
    (late,) = found_at(document, line_of(program, "# late-calls"))  # only calls after the third reach it
    assert "makes log at train.py:%d produce -inf" % line_of(program, "# late-calls") in late["message"]
    for finding in (temperature, behind_none, gradient_only, late):
        script = project / finding["message"].split("reproducer: ")[1]
        rerun = subprocess.run([PYTHON, str(script)], capture_output=True, text=True, env=nanlint_env(), timeout=120)
        assert rerun.returncode == 1 and rerun.stdout.strip().endswith("reproduced"), rerun.stdout + rerun.stderr


def test_a_trigger_matches_its_finding_by_op_and_column(searched):
    project, program, result, document = searched
    (finding,) = [f for f in document["findings"] if f["line"] == line_of(program, "# two-logs")]
    search = finding["search"]
    assert search["status"] == "triggerable", search
    assert "`z`" in search["claim"] and "`w`" not in search["claim"]  # the log of softmax(z), not log(w) beside it
    assert finding["column"] <= search["trigger"]["column"] < finding["end_column"]


def test_a_reproducer_of_a_function_inside_a_package_imports_cleanly(searched):
    project, program, result, document = searched
    (finding,) = [f for f in document["findings"] if f["path"] == os.path.join("pkg", "__init__.py")]
    assert finding["search"]["status"] == "triggerable", finding["search"]  # its re-run confirmed it
