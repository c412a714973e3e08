"""Every rule's catalog examples are its tests: bad examples report exactly their lines, good
ones stay silent, fixes produce the expected code and are idempotent."""

import libcst

import pytest

from nanlint.api import Checker
from nanlint.catalog import Rule, load_catalog
from nanlint.config import Settings
from nanlint.fixes import fix_text
from nanlint.analysis.suppressions import UNUSED_SUPPRESSION

CATALOG = load_catalog()
EVERY_RULE = Checker(Settings(select=("ALL",), preview=True), CATALOG)


def examples(kind):
    return list(_examples(kind))


def _examples(kind):
    for rule in filter(Rule.static.fget, CATALOG.values()):  # runtime rules' examples are run: tests/runtime
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
    """The example fixed by this rule's fixes alone, with every rule running (as NAN002 needs)."""

    def recheck(text):
        return [f for f in EVERY_RULE.check_text(text, example.path).findings if f.code == rule.code]

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
        libcst.parse_module(once)
        assert fixed(rule, type(example)(once, (), None, None, example.path), unsafe) == once


@pytest.mark.parametrize("rule", CATALOG.values(), ids=lambda r: r.code)
def test_rule_has_complete_docs(rule):
    assert rule.docs.what and rule.docs.why and rule.docs.instead
    if rule.fixable:
        assert any(ex.fixed or ex.unsafe_fixed for ex in rule.bad), "a fixable rule shows its fix in an example"


@pytest.mark.parametrize("rule", [rule for rule in CATALOG.values() if rule.static], ids=lambda r: r.code)
def test_rule_says_which_runtime_events_confirm_it(rule):
    """`nanlint verify` confirms a finding only by an event its rule predicts: every bundled rule
    says which (`confirmed_by`), or `[]` for none; a new rule without the key fails here."""
    assert rule.confirmed_by is not None, "add `confirmed_by` to %s (`[]` if no run-time event can confirm it)" % rule.code


# Code where one check once wrote into the shared context: `requires_grad_()` hid the softmax.
CROSS_RULE_PROBE = """
import torch

def f(x):
    p = torch.softmax(x, -1)
    p.requires_grad_()
    return torch.log(p)
"""


def test_a_rules_findings_do_not_depend_on_which_other_rules_run():
    """Each rule alone finds on every catalog example what it finds beside all the others: checks
    share the file's context but never write to it, and a superseding rule hides what it
    supersedes whether it is enabled or not."""
    sources = [example for rule in CATALOG.values() for example in rule.bad + rule.good]
    sources.append(type(sources[0])(CROSS_RULE_PROBE))
    mismatches = []
    for code in set(CATALOG) - {UNUSED_SUPPRESSION}:  # NAN002 judges the suppressions of the rules that run
        alone = Checker(Settings(select=(code,), preview=True), CATALOG)
        for example in sources:
            found_alone = [f for f in alone.check_text(example.code, example.path).findings if f.code == code]
            found_beside = [f for f in EVERY_RULE.check_text(example.code, example.path).findings if f.code == code]
            if found_alone != found_beside:
                mismatches.append((code, example.code.strip().splitlines()[-1]))
    assert mismatches == []
