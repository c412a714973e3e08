"""The pre-parse skip is safe: rules report only in files that import torch, and every such file
passes the text test, so skipping the others before parsing loses nothing."""

import ast

import libcst
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nanlint.project.checker import Checker
from nanlint.checks.registry import load_catalog
from nanlint.project.config import Settings
from nanlint.engine.walk import check_tree, may_import_torch
from nanlint.engine.suppressions import META_CODES

CATALOG = load_catalog()
EVERY_RULE = Checker(Settings(select=("ALL",), preview=True, cache=False), CATALOG)
BAD_EXAMPLES = [
    pytest.param(example.code, example.path, id=f"{rule.code}-bad{index}")
    for rule in CATALOG.values() for index, example in enumerate(rule.bad) if rule.code not in META_CODES and rule.static
]


def rule_findings(code, path):
    """Findings of every rule on `code`, walked even when the text test would skip it."""
    result = check_tree(libcst.parse_module(code), path, code, EVERY_RULE.ruleset, False, CATALOG)
    return [f for f in result.findings if f.code not in META_CODES]


@pytest.mark.parametrize("code, path", BAD_EXAMPLES)
def test_without_a_torch_import_no_rule_reports(code, path):
    assert rule_findings(code, path), "the example itself is reported"
    # The same code with its torch imports and calls renamed: method calls such as `x.log()` and
    # divisions remain, but nothing says the file is torch code.
    renamed = code.replace("torch", "tensorlib")
    assert rule_findings(renamed, path) == []
    assert not may_import_torch(renamed)


def test_a_torch_import_under_any_spelling_keeps_the_file():
    code = "import ｔｏｒｃｈ\ndef f(x):\n    total = x.std()\n    return ｔｏｒｃｈ.log(total)\n"
    assert may_import_torch(code) and rule_findings(code, "a.py")
    assert EVERY_RULE.check_text(code, "a.py").findings


TORCHY_MODULES = st.sampled_from(["torch", "torch.nn.functional", "torchvision.ops", "pytorch_lightning", "functorch"])
SPELLINGS = st.sampled_from([str, lambda name: name.replace("t", "ｔ"), lambda name: name.replace("o", "\U0001d428")])


@settings(max_examples=100, deadline=None)
@given(TORCHY_MODULES, SPELLINGS, st.sampled_from(["import {}", "import {} as T", "from {} import log", "from .{} import x"]),
       st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_every_file_that_imports_torch_passes_the_text_test(module, spell, statement, noise):
    code = f"# {noise!r}\n" + statement.format(spell(module)) + "\n"
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return
    names = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    names += [a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names]
    assert any("torch" in name for name in names)
    assert may_import_torch(code)

