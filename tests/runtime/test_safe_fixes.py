"""A safe fix keeps the program valid and its numbers equal where the original was finite: each
program below is fixed by the real `nanlint check --fix`, then both versions run with torch on
random and edge inputs, forward and backward, and are compared."""

import importlib.util
import textwrap

import pytest
import torch

from cli_support import call_nanlint

# code -> (the function as users write it, how to make its inputs)
PROGRAMS = {
    "NAN102": ("return torch.log(F.softmax(x, dim=-1))", "logits"),
    "NAN102-positional-dim": ("return torch.log(torch.softmax(x, 1))", "logits"),
    "NAN103": ("return torch.log(torch.sigmoid(x))", "logits"),
    "NAN104": ("return torch.log(1 - torch.sigmoid(x))", "logits"),
    "NAN105": ("return y * torch.log(torch.sigmoid(x)) + (1 - y) * torch.log(1 - torch.sigmoid(x))", "labels"),
    "NAN106": ("return torch.log(1 + x.abs())", "logits"),
    "NAN107": ("return torch.log(1 + torch.exp(x))", "logits"),
    "NAN108": ("return torch.log(torch.sum(torch.exp(x), dim=-1))", "logits"),
    "NAN109": ("p = torch.softmax(x, dim=-1)\n    return p * torch.log(p)", "logits"),
    "NAN404": ("return x / x.norm(dim=-1, keepdim=True)", "logits"),
    "NAN501": ("return torch.exp(x) / torch.sum(torch.exp(x), dim=-1, keepdim=True)", "logits"),
    "NAN503": ("return torch.exp(x) / torch.exp(y)", "pairs"),
    "NAN651": ("return torch.where(x > 0, torch.sqrt(x), torch.zeros_like(x))", "logits"),
    "NAN903": ("net = nn.Sequential(nn.Sigmoid(), nn.ReLU(inplace=True))\n    return net(x)", "logits"),
}
# Code that must get no safe fix, or one that still runs: a softmax over an implicit dim, a
# `_stacklevel` only F.softmax takes, a log2.
MUST_STILL_RUN = {
    "implicit-dim": "return torch.log(F.softmax(x))",
    "stacklevel": "return torch.log(F.softmax(x, dim=-1, _stacklevel=5))",
    "log2": "return torch.log2(torch.softmax(x, dim=-1))",
}
HEADER = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n\ndef f(x, y):\n    "
# A loss that differentiates `f`, so rules about gradient-only hazards speak on it.
FOOTER = "\n\ndef training_step(x, y):\n    return f(x, y)\n"


# Input scales where float64 still computes the original accurately, and one where it does not
# (`1 - sigmoid(33)` has lost two digits, `1 - sigmoid(200)` is 0): there the fix only has to be
# finite wherever the original was.
ACCURATE_SCALES, EXTREME_SCALES = (1.0, 5.0), (30.0, 200.0)


def inputs(kind):
    """(x, y, whether the original is accurate there) on random, large and all-zero inputs."""
    generator = torch.Generator().manual_seed(0)
    cases = []
    for shape in [(4, 7), (1, 3)]:
        for scale in ACCURATE_SCALES + EXTREME_SCALES:
            x = torch.randn(shape, generator=generator, dtype=torch.float64) * scale
            y = torch.randn(shape, generator=generator, dtype=torch.float64) * scale
            if kind == "labels":
                y = (torch.rand(shape, generator=generator) > 0.5).double()
            cases.append((x, y, scale in ACCURATE_SCALES))
        cases.append((torch.zeros(shape, dtype=torch.float64), torch.zeros(shape, dtype=torch.float64), True))
    return cases


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.f


def run(f, x, y):
    """The forward value and the gradient with respect to x (float64, for tight comparisons)."""
    x = x.clone().requires_grad_(True)
    out = f(x, y)
    (grad,) = torch.autograd.grad(out.sum(), x, allow_unused=True)
    return out.detach(), grad if grad is not None else torch.zeros_like(x)


def fixed_program(tmp_path, body, select=None):
    path = tmp_path / "program.py"
    path.write_text(HEADER + textwrap.dedent(body) + "\n" + FOOTER, encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    result = call_nanlint("check", "--fix", "--no-cache", "--select", select or "ALL", "--preview", str(path), cwd=tmp_path)
    assert result.returncode in (0, 1), result.stderr
    return before, path.read_text(encoding="utf-8"), path


def assert_close_where_finite(before, after, accurate=True):
    finite = torch.isfinite(before)
    assert torch.isfinite(after[finite]).all(), (before, after)
    if accurate:
        assert torch.allclose(before[finite], after[finite], rtol=1e-4, atol=1e-9), (before, after)


@pytest.mark.parametrize("case", PROGRAMS)
def test_a_safe_fix_keeps_the_numbers(tmp_path, case):
    body, kind = PROGRAMS[case]
    code = case.split("-", 1)[0]
    before_text, after_text, path = fixed_program(tmp_path, body, code)
    assert after_text != before_text, f"{code} made no fix"
    original = tmp_path / "original.py"
    original.write_text(before_text, encoding="utf-8")
    f_before, f_after = load(original, "original"), load(path, "fixed")
    for x, y, accurate in inputs(kind):
        out_after, grad_after = run(f_after, x, y)
        try:
            out_before, grad_before = run(f_before, x, y)
        except RuntimeError as error:  # the original breaks backward (an in-place change): the fix must not
            assert "inplace" in str(error)
            continue
        assert_close_where_finite(out_before, out_after, accurate)
        assert_close_where_finite(grad_before, grad_after, accurate)


@pytest.mark.parametrize("case", MUST_STILL_RUN)
def test_a_safe_fix_never_breaks_a_call(tmp_path, case):
    _, _, path = fixed_program(tmp_path, MUST_STILL_RUN[case])
    f = load(path, "fixed")
    for x, y, accurate in inputs("logits"):
        out, _ = run(f, x, y)
        expected = torch.softmax(x, dim=-1)
        expected = torch.log2(expected) if case == "log2" else torch.log(expected)
        assert_close_where_finite(expected, out, accurate)
