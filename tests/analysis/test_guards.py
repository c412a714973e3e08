"""Facts about denominators and the guards that make them safe (nanlint/analysis/values.py,
guards.py): the kind of evidence a fact carries (a count, a spread, a norm, a range), the
`where`/`masked_fill`/`clamp` that make a count positive, and the values a comparison
(`if n > 0:`, `mask.any()`) guards later in the function."""

import libcst
import pytest

from cli_support import walked_to_last
from nanlint.analysis.guards import ComparedValues, value_keys
from nanlint.analysis.values import COUNT, NORM, POS, RANGE, SPREAD
from nanlint.checks.base import PREDICATES


def fact_of(body):
    source = "import torch\ndef f(x, mask, w, lo):\n" + "".join(f"    {line}\n" for line in body)
    ctx, value = walked_to_last(source)
    return ctx.fact(value)

@pytest.mark.parametrize(
    "body, tag",
    [
        (["return (x > 0).sum()"], COUNT),
        (["m = x > 0", "n = m.float().sum(-1)", "return 2 * n[:, None]"], COUNT),
        (["return x.std(-1, keepdim=True)"], SPREAD),
        (["return torch.linalg.vector_norm(x, dim=-1)"], NORM),
        (["return x.max() - x.min()"], RANGE),
        (["hi = x.amax(-1)", "lo2 = x.amin(-1)", "return hi - lo2"], RANGE),
    ],
)
def test_denominator_kinds_carry_their_tag_and_evidence(body, tag):
    fact = fact_of(body)
    assert fact.has(tag) and fact.why

def test_elementwise_max_minus_min_is_not_a_range():
    assert not fact_of(["return torch.max(x, w) - torch.min(x, w)"]).has(RANGE)

@pytest.mark.parametrize(
    "expression",
    [
        "torch.where(n == 0, 1, n)",
        "torch.where(n > 0, n, torch.ones_like(n))",
        "torch.where(0 < n, n, 1.0)",
        "n.masked_fill(n == 0, 1)",
        "n.clamp(min=lo)",
    ],
)
def test_zero_guards_make_a_count_positive(expression):
    fact = fact_of(["n = mask.sum()", f"return {expression}"])
    assert fact.signs == POS and not PREDICATES["zero"](fact)

def test_where_that_selects_the_zero_keeps_the_evidence():
    fact = fact_of(["n = mask.sum()", "return torch.where(n > 0, 1.0, n)"])
    assert PREDICATES["zero"](fact)

def test_a_mask_is_known_by_how_it_is_made_not_by_its_name():
    assert not PREDICATES["count"](fact_of(["return w.sum()"]))
    assert not PREDICATES["count"](fact_of(["return mask.sum()"]))
    assert PREDICATES["count"](fact_of(["valid = x > lo", "return valid.sum()"]))

def test_compared_values_share_keys_through_shape_changes_and_reductions():
    source = "import torch\ndef f(mask, x):\n    n = mask.sum(-1)\n    return n[:, None].float()\n"
    ctx, value = walked_to_last(source)
    assert {"n", "mask"} <= value_keys(value, ctx)
    compared = ComparedValues()
    compared.note(libcst.parse_expression("mask.any()"), ctx)
    assert compared.guards(value, ctx)
    assert not ComparedValues().guards(value, ctx)

def test_comparing_both_ends_guards_a_difference():
    source = "import torch\ndef f(hi, lo):\n    return hi - lo\n"
    ctx, value = walked_to_last(source)
    compared = ComparedValues()
    compared.note(libcst.parse_expression("hi == lo"), ctx)
    assert compared.guards(value, ctx)
