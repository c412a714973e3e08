"""Helpers behind the mixed-precision, autograd and anomaly rules (NAN8xx, NAN9xx), and their CLI fixes."""

import libcst

import pytest

from nanlint.api import Checker
from nanlint.catalog import load_catalog
from nanlint.checks.precision import FP16_MAX, FP16_ROUNDS_TO_ZERO, constant_value, is_integer_expression
from nanlint.config import Settings

CATALOG = load_catalog()


def codes(text, select, path="example.py"):
    result = Checker(Settings(select=tuple(select), preview=True), CATALOG).check_text(text, path)
    assert not result.errors, result.errors
    return [(f.code, f.line) for f in result.findings]


def test_float16_thresholds_match_the_format():
    # 2**-24 is float16's smallest subnormal; half of it rounds to 0 (ties to even), 65504 is its max.
    assert FP16_ROUNDS_TO_ZERO == 2.0 ** -24 / 2
    assert FP16_MAX == (2 - 2 ** -10) * 2 ** 15


@pytest.mark.parametrize("text, value", [("-1e9", -1e9), ("float(2 ** 30)", 2.0 ** 30), ("1e-8 * 10", 1e-7), ("x + 1", None), ("1 / 0", None)])
def test_constant_value(text, value):
    assert constant_value(libcst.parse_expression(text)) == value


@pytest.mark.parametrize("text, integer", [("151654", True), ("-2 ** 31", True), ("-1e9", False), ("float(2 ** 30)", False), ("2 ** 40 / 2", False)])
def test_integer_fill_values_are_told_apart(text, integer):
    assert is_integer_expression(libcst.parse_expression(text)) is integer


GUARD = """
import torch

def safe_log(p, eps=1e-10):
    return torch.log(p + eps)

{evidence}
"""


@pytest.mark.parametrize("evidence, reported", [
    ("model.half()", True),
    ("x = torch.zeros(3, dtype=torch.float16)", True),
    ("y = x.to(torch.half)", True),
    ("DTYPE = torch.float16", True),
    ("scaler = torch.cuda.amp.GradScaler()", True),
    ("ctx = torch.autocast('cuda')", True),
    ("ctx = torch.autocast('cuda', dtype=torch.bfloat16)", False),
    ("ctx = torch.autocast('cpu')", False),
    ("ctx = torch.autocast('cuda', enabled=False)", False),
    ("ok = x.dtype == torch.float16", False),
    ("big = torch.finfo(torch.float16).max", False),
    ("r = x.half().float()", False),
    ("model.bfloat16()", False),
])
def test_float16_evidence(evidence, reported):
    found = codes(GUARD.format(evidence=evidence), ["NAN801"])
    assert found == ([("NAN801", 5)] if reported else [])


def test_autocast_float32_ops_keep_their_guard_only_under_autocast():
    body = """
import torch

def unit(v):
    return v / (v.pow(2).sum(-1, keepdim=True) + 1e-12)
"""
    assert codes(body + "ctx = torch.autocast('cuda')\n", ["NAN801"]) == []
    assert codes(body + "model.half()\n", ["NAN801"]) == [("NAN801", 5)]


def test_overflowing_fill_through_a_module_constant_and_where():
    text = """
import torch

MASK_VALUE = -1e9

def attend(scores, mask):
    scores = torch.where(mask, scores, MASK_VALUE)
    scores = scores.masked_fill(~mask, MASK_VALUE)
    return scores.softmax(-1)

model.half()
"""
    assert codes(text, ["NAN802"]) == [("NAN802", 7), ("NAN802", 8)]


def test_leaf_check_survives_tuple_targets_and_reports_their_line():
    text = """
import torch

def decay(model):
    for name, p in model.named_parameters():
        p.mul_(0.9)
"""
    assert codes(text, ["NAN901"]) == [("NAN901", 6)]


def test_anomaly_under_main_guard_is_reported_but_not_under_a_debug_switch():
    text = """
import torch

if __name__ == "__main__":
    torch.autograd.set_detect_anomaly(True)
    if DEBUG:
        torch.autograd.set_detect_anomaly(True)
"""
    assert codes(text, ["NAN951"]) == [("NAN951", 5)]
    assert codes(text, ["NAN951"], path="tests/test_train.py") == []


def test_saved_output_check_everywhere_when_asked(tmp_path):
    rule_file = tmp_path / "extra.toml"
    rule_file.write_text('''
family = "extra"
[[rule]]
code = "NAN949"
name = "inplace-on-saved-output-anywhere"
message = "{how} on `{target}` saved by {saver} (line {line})"
check = "saved-output-inplace"
[rule.params]
training_code_only = false
[rule.docs]
what = "w"
why = "w"
instead = "w"
[[rule.bad]]
code = "x"
[[rule.good]]
code = "x"
''', encoding="utf-8")
    catalog = load_catalog([rule_file])
    text = """
import torch

def schedule(betas):
    s = (1 - betas).cumprod(0).sqrt()
    s -= s[-1].clone()
    return s
"""
    for code, expected in (("NAN902", []), ("NAN949", [("NAN949", 6)])):
        result = Checker(Settings(select=(code,)), catalog).check_text(text, "sched.py")
        assert [(f.code, f.line) for f in result.findings] == expected


def test_step_between_backward_follows_grad_scaler_and_lightning_style_helpers():
    text = """
import torch

def step(G, D, z, real, scaler, accelerator, bce):
    opt_d = torch.optim.SGD(D.parameters(), lr=0.1)
    fake = G(z)
    d_loss = bce(D(real), 1) + bce(D(fake.detach()), 0)
    g_loss = bce(D(fake), 1)
    accelerator.backward(d_loss)
    scaler.step(opt_d)
    scaler.scale(g_loss).backward()
"""
    assert codes(text, ["NAN904"]) == [("NAN904", 10)]


def test_cli_fixes_an_inplace_dropout_after_relu(tmp_path, nanlint):
    source = tmp_path / "head.py"
    source.write_text("import torch.nn as nn\n\nhead = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Dropout(0.5, inplace=True))\n", encoding="utf-8")
    checked = nanlint("check", source, "--select", "NAN903", "--output-format", "concise")
    assert checked.returncode == 1 and "NAN903" in checked.stdout
    fixed = nanlint("check", source, "--select", "NAN903", "--fix")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "nn.Dropout(0.5, inplace=False)" in source.read_text(encoding="utf-8")


def test_half_optimizer_eps_is_reported_at_its_construction_when_the_file_has_no_step():
    text = """
import torch

def build(model):
    model.half()
    return torch.optim.AdamW(model.parameters(), lr=1e-4)

def build_wide(model):
    return torch.optim.AdamW(model.float().parameters())
"""
    assert codes(text, ["NAN803"]) == [("NAN803", 6)]


def test_module_parameters_count_as_leaves_until_the_module_is_frozen():
    text = """
import torch.nn as nn

head = nn.Linear(8, 2)
head.weight[0] = 0.0
head.requires_grad_(False)
head.weight[1] = 0.0
head = nn.Linear(8, 2)
head.bias.zero_()
"""
    assert codes(text, ["NAN901"]) == [("NAN901", 5), ("NAN901", 9)]


def test_saved_input_changed_on_the_next_pass_of_a_loop_unless_reassigned_in_it():
    text = """
import torch
import torch.nn as nn

class Net(nn.Module):
    def forward(self, w, h, steps):
        for _ in range(steps):
            h[0] = 0
            out = torch.matmul(w, h)
        g = h.clone()
        for _ in range(steps):
            g[0] = 0
            out = torch.matmul(w, g)
            g = out.tanh()
        return out
"""
    assert codes(text, ["NAN902"]) == [("NAN902", 8)]


def test_module_classes_of_the_file_hold_the_parameters_they_set():
    text = """
import torch
import torch.nn as nn

class Scale(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))
        self.proj = nn.Linear(n, n)
        self.register_buffer("bias", torch.zeros(n))

m = Scale(4).to("cpu")
m.weight.fill_(0.5)
m.proj.bias.zero_()
m.bias.zero_()
m.extra.weight.zero_()
"""
    assert codes(text, ["NAN901"]) == [("NAN901", 13), ("NAN901", 14)]
