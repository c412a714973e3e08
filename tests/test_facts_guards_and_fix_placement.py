"""Engine additions used by the division, masking, where and reduction rules: evidence kinds in
facts, zero-guarding `where`/`masked_fill`, compared-value guards, NamedExpr captures, and the
placement of fixes (grouping parentheses, precedence of captured operands)."""

import libcst
import pytest

from nanlint.checks.base import PREDICATES, _without_grouping_parens
from nanlint.analysis.context import FileContext
from nanlint.analysis.guards import ComparedValues, value_keys
from nanlint.analysis.patterns import Pattern, Template
from nanlint.analysis.syntax import statements, walk
from nanlint.analysis.values import COUNT, NORM, POS, RANGE, SPREAD


def walk_to_last(source):
    """Record the assignments of `source` as the walker does; return the context and the last
    statement's expression (the value under test)."""
    tree = libcst.parse_module(source)
    ctx = FileContext("t.py", source, False, tree)
    for node in walk(tree):
        if isinstance(node, (libcst.Import, libcst.ImportFrom)):
            ctx.imports.add(node)
    ctx.push_scope(tree, "module")
    function = tree.body[-1]
    ctx.push_scope(function, "function")
    body = statements(function.body)
    for statement in body[:-1]:
        if isinstance(statement, libcst.Assign):
            ctx.record(statement.targets[0].target.value, statement.value)
    return ctx, body[-1].value


def fact_of(body):
    source = "import torch\ndef f(x, mask, w, lo):\n" + "".join(f"    {line}\n" for line in body)
    ctx, value = walk_to_last(source)
    return ctx.fact(value)


@pytest.mark.parametrize(
    "body, tag",
    [
        (["return (x > 0).sum()"], COUNT),
        (["n = mask.float().sum(-1)", "return 2 * n[:, None]"], COUNT),
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


def test_mask_named_parameters_count_as_masks():
    assert not PREDICATES["count"](fact_of(["return w.sum()"]))
    source = "import torch\ndef f(valid_mask, x):\n    return valid_mask.sum()\n"
    ctx, value = walk_to_last(source)
    assert PREDICATES["count"](ctx.fact(value))


def test_compared_values_share_keys_through_shape_changes_and_reductions():
    source = "import torch\ndef f(mask, x):\n    n = mask.sum(-1)\n    return n[:, None].float()\n"
    ctx, value = walk_to_last(source)
    assert {"n", "mask"} <= value_keys(value, ctx)
    compared = ComparedValues()
    compared.note(libcst.parse_expression("mask.any()"), ctx)
    assert compared.guards(value, ctx)
    assert not ComparedValues().guards(value, ctx)


def test_comparing_both_ends_guards_a_difference():
    source = "import torch\ndef f(hi, lo):\n    return hi - lo\n"
    ctx, value = walk_to_last(source)
    compared = ComparedValues()
    compared.note(libcst.parse_expression("hi == lo"), ctx)
    assert compared.guards(value, ctx)


def test_named_expression_captures_the_code_as_written():
    source = "import torch\ndef f(p, t):\n    inter = (p * t).sum()\n    return inter / (p.sum() + t.sum() - inter)\n"
    ctx, value = walk_to_last(source)
    pattern = Pattern("($num := sum($a * $b)) / ($den := sum($c) + sum($d) - $num)")
    match = pattern.match(value, ctx)
    assert match is not None
    assert ctx.positions.source(match.captures["num"]) == "inter"
    assert ctx.positions.source(match.captures["den"]) == "p.sum() + t.sum() - inter"


@pytest.mark.parametrize(
    "template, expected",
    [
        ("($num + 1e-6) / ($den + 1e-6)", "(2 * i + 1e-6) / (a + b + 1e-6)"),
        ("$den * $num", "(a + b) * (2 * i)"),
        ("$num / $den", "2 * i / (a + b)"),
    ],
)
def test_captured_operands_get_parentheses_only_where_precedence_needs_them(template, expected):
    source = "import torch\ndef f(i, a, b):\n    return 2 * i / (a + b)\n"
    ctx, value = walk_to_last(source)
    match = Pattern("$num / $den").match(value, ctx)
    assert Template(template).render(match, ctx, ctx.spell) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("y = x / (a - b)", "(a - b)"),
        ("y = f(a - b)", "a - b"),
        ("y = x[(a - b)]", "(a - b)"),
        ("y = t( a - b )", "a - b"),
    ],
)
def test_fix_span_widens_over_grouping_parentheses_only(text, expected):
    start = text.index("a - b")
    new_start, new_end = _without_grouping_parens(text, start, start + len("a - b"))
    assert text[new_start:new_end] == expected
