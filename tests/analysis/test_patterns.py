"""Pattern features on real parsed code: walrus captures (of a name as written, too), fixes only for
fully captured matches, captured operands parenthesized where precedence needs it, and
supersession of findings contained in a more specific one."""

import pytest

from cli_support import walked, walked_to_last

from nanlint.project.checker import Checker
from nanlint.checks.registry import load_catalog
from nanlint.project.config import Settings
from nanlint.analysis.patterns import Pattern, Template


def test_walrus_captures_the_whole_matched_expression():
    ctx, node = walked("import torch\ntorch.sqrt(((a - b) ** 2).sum(-1))")
    match = Pattern("sqrt($d := sum(($a - $b) ** 2, *$rest))").match(node, ctx)
    assert match is not None
    assert ctx.positions.source(match.captures["d"]) == "((a - b) ** 2).sum(-1)"
    assert ctx.positions.source(match.captures["a"]) == "a"


def test_walrus_capture_still_requires_its_shape():
    ctx, node = walked("import torch\ntorch.sqrt(x.sum(-1))")
    assert Pattern("sqrt($d := sum(($a - $b) ** 2, *$rest))").match(node, ctx) is None


def test_a_template_renders_only_when_the_match_captured_all_its_names():
    ctx, node = walked("import torch\ntorch.log(torch.exp(x).sum())")
    template = Template("torch.logsumexp($x, $dim, *$rest)")
    without_dim = Pattern("log(sum(exp($x), *$rest))").match(node, ctx)
    assert template.render(without_dim, ctx, ctx.spell) is None
    ctx, node = walked("import torch\ntorch.log(torch.exp(x).sum(-1))")
    with_dim = Pattern("log(sum(exp($x), $dim, *$rest))").match(node, ctx)
    assert template.render(with_dim, ctx, ctx.spell) == "torch.logsumexp(x, -1)"


CHECKER = Checker(Settings(select=("ALL",), preview=True), load_catalog())


def codes(code):
    return sorted(f.code for f in CHECKER.check_text(code, "example.py").findings)


def test_a_specific_rule_supersedes_general_findings_inside_its_expression():
    code = "import torch\np = torch.sigmoid(z)\nl = y * torch.log(p) + (1 - y) * torch.log(1 - p)\n"
    assert codes(code) == ["NAN105"]


def test_general_findings_outside_the_specific_expression_stay():
    code = "import torch\np = torch.sigmoid(z)\nl = y * torch.log(p) + (1 - y) * torch.log(1 - p)\nm = torch.log(p)\n"
    assert codes(code) == ["NAN103", "NAN105"]  # log(p) of a sigmoid, outside the cross-entropy


def test_a_star_argument_is_only_captured_by_a_rest():
    ctx, node = walked("import torch\ntorch.log(torch.softmax(x, *a))")
    assert Pattern("log(softmax($x, $dim))").match(node, ctx) is None
    rest = Pattern("log(softmax($x, *$rest))").match(node, ctx).captures["rest"]
    assert [ctx.positions.source(operand) for operand in rest.operands] == ["*a"]


def test_a_double_star_argument_is_dropped_keywords_or_held_by_the_rest():
    ctx, node = walked("import torch\ntorch.log(torch.softmax(x, 1, **kw))")
    assert Pattern("log(softmax($x, $dim))").match(node, ctx).dropped_keywords
    rest = Pattern("log(softmax($x, *$rest))").match(node, ctx).captures["rest"]
    assert [ctx.positions.source(arg) for arg in rest.double_star] == ["**kw"]


def test_a_captured_tuple_keeps_its_parentheses_everywhere():
    ctx, node = walked("import torch\ntorch.log(torch.exp(x).sum((1, 2)))")
    match = Pattern("log(sum(exp($x), *$rest))").match(node, ctx)
    assert Template("torch.logsumexp($x, *$rest)").render(match, ctx, ctx.spell) == "torch.logsumexp(x, (1, 2))"
    match = Pattern("log(sum(exp($x), $dim))").match(node, ctx)
    assert Template("f($dim)").render(match, ctx, ctx.spell) == "f((1, 2))"
    assert Template("$dim").render(match, ctx, ctx.spell) == "(1, 2)"
    assert Template("$dim[0] + $dim").render(match, ctx, ctx.spell) == "(1, 2)[0] + (1, 2)"


def test_named_expression_captures_the_code_as_written():
    source = "import torch\ndef f(p, t):\n    inter = (p * t).sum()\n    return inter / (p.sum() + t.sum() - inter)\n"
    ctx, value = walked_to_last(source)
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
    ctx, value = walked_to_last(source)
    match = Pattern("$num / $den").match(value, ctx)
    assert Template(template).render(match, ctx, ctx.spell) == expected
