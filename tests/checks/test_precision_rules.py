"""The mixed-precision rules (NAN801-NAN804): float16's thresholds, constants and fill values told
apart, and the evidence that float16 reaches a guard (an eps that is 0 in float16 is reported only
where it does)."""

import libcst
import pytest

from cli_support import cli_findings, findings_of
from nanlint.checks.precision import FP16_MAX, FP16_ROUNDS_TO_ZERO, constant_value, is_integer_expression


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
    found = findings_of(GUARD.format(evidence=evidence), ["NAN801"])
    assert found == ([("NAN801", 5)] if reported else [])

def test_autocast_float32_ops_keep_their_guard_only_under_autocast():
    body = """
import torch

def unit(v):
    return v / (v.pow(2).sum(-1, keepdim=True) + 1e-12)
"""
    assert findings_of(body + "ctx = torch.autocast('cuda')\n", ["NAN801"]) == []
    assert findings_of(body + "model.half()\n", ["NAN801"]) == [("NAN801", 5)]

def test_float16_evidence_counts_only_where_it_reaches_the_guard(tmp_path):
    unrelated = """
        import torch

        class ToTensor:
            def __call__(self, image):
                return torch.from_numpy(image).half()

        def area_ratio(a, b):
            return a / (b + 1e-8)
        """
    assert cli_findings(tmp_path, unrelated, "NAN801") == []
    caller = unrelated + """
        def step(a, b):
            with torch.autocast("cuda", dtype=torch.float16):
                return area_ratio(a.half(), b)
        """
    assert cli_findings(tmp_path, caller, "NAN801") == [("NAN801", 9)]

AGENT = """
import torch

class Agent:
    def normalized(self, x):
        return (x - self.mean) / (self.std + 1e-8)

    def update(self, batch):
        states = self.normalized(batch)
        with torch.autocast("cuda", dtype=torch.float16):
            {inside}
        return loss
"""


@pytest.mark.parametrize(
    "inside, reported",
    [
        ("loss = self.policy(states).mean()", []),  # the guard runs before the block, in float32
        ("loss = self.policy(self.normalized(batch)).mean()", [("NAN801", 6)]),
    ],
)
def test_an_autocast_block_puts_at_risk_only_what_runs_inside_it(inside, reported):
    assert findings_of(AGENT.format(inside=inside), ["NAN801"]) == reported


def test_an_autocast_block_is_judged_for_guards_in_classes_nested_in_classes():
    text = """
import torch

class Outer:
    class Inner:
        def unit(self, v):
            return v / (v @ v.T + 1e-8)

    def step(self, v):
        with torch.autocast("cuda", dtype=torch.float16):
            return v / (v @ v.T + 1e-8)
"""
    assert findings_of(text, ["NAN801"]) == [("NAN801", 11)]


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
    assert findings_of(text, ["NAN802"]) == [("NAN802", 7), ("NAN802", 8)]

def test_half_optimizer_eps_is_reported_at_its_construction_when_the_file_has_no_step():
    text = """
import torch

def build(model):
    model.half()
    return torch.optim.AdamW(model.parameters(), lr=1e-4)

def build_wide(model):
    return torch.optim.AdamW(model.float().parameters())
"""
    assert findings_of(text, ["NAN803"]) == [("NAN803", 6)]
