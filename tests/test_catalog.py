"""Every rule's catalog examples are its tests: bad examples report exactly their lines, good
ones stay silent, fixes produce the expected code and are idempotent."""

import ast

import pytest

from nanlint.api import Checker
from nanlint.catalog import load_catalog
from nanlint.config import Settings
from nanlint.fixes import fix_text

CATALOG = load_catalog()
EVERY_RULE = Checker(Settings(select=("ALL",), preview=True), CATALOG)


def examples(kind):
    return list(_examples(kind))


def _examples(kind):
    for rule in CATALOG.values():
        for index, example in enumerate(getattr(rule, kind)):
            yield pytest.param(rule, example, id=f"{rule.code}-{rule.name}-{kind}{index}")


def findings(code, example):
    result = EVERY_RULE.check_text(example.code, example.path)
    assert not result.errors, result.errors
    return result.findings


@pytest.mark.parametrize("rule, example", examples("bad"))
def test_bad_example_is_reported_on_its_lines(rule, example):
    lines = sorted(f.line for f in findings(rule.code, example) if f.code == rule.code)
    assert lines == sorted(example.lines), [f.message for f in findings(rule.code, example)]


@pytest.mark.parametrize("rule, example", examples("good"))
def test_good_example_stays_silent(rule, example):
    reported = [f"{f.line}: {f.code} {f.message}" for f in findings(rule.code, example) if f.code == rule.code]
    assert reported == []


def fixed(rule, example, unsafe):
    only_this_rule = Checker(Settings(select=(rule.code,), preview=True), CATALOG)

    def recheck(text):
        return only_this_rule.check_text(text, example.path).findings

    outcome = fix_text(example.code, example.path, recheck(example.code), recheck, unsafe)
    assert outcome.error is None
    return outcome.text


@pytest.mark.parametrize("rule, example", examples("bad"))
def test_fix_gives_the_expected_code_and_is_idempotent(rule, example):
    for expected, unsafe in ((example.fixed, False), (example.unsafe_fixed, True)):
        if expected is None:
            continue
        once = fixed(rule, example, unsafe)
        assert once == expected
        ast.parse(once)
        assert fixed(rule, type(example)(once, (), None, None, example.path), unsafe) == once


@pytest.mark.parametrize("rule", CATALOG.values(), ids=lambda r: r.code)
def test_rule_has_complete_docs(rule):
    assert rule.docs.what and rule.docs.why and rule.docs.instead
    if rule.fixable:
        assert any(ex.fixed or ex.unsafe_fixed for ex in rule.bad), "a fixable rule shows its fix in an example"
