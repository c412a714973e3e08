"""Every rule's catalog examples are its tests: bad examples report exactly their lines, good
ones stay silent, fixes produce the expected code and are idempotent."""

import libcst

import pytest

from nanlint.project.checker import Checker
from nanlint.catalog import Rule
from nanlint.checks.registry import load_catalog
from nanlint.project.config import Settings
from nanlint.engine.fixes import fix_text
from nanlint.engine.suppressions import UNUSED_SUPPRESSION

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

# Every rule alone, one configuration per distinct set of checks that runs (a rule runs with the
# rules that supersede it: RuleSet). NAN002 judges the suppressions of the rules that run: its
# findings depend on them by design.
ALONE = {}
for _code in sorted(set(CATALOG) - {UNUSED_SUPPRESSION}):
    _checker = Checker(Settings(select=(_code,), preview=True), CATALOG)
    ALONE.setdefault(tuple(sorted(check.rule.code for check in _checker.ruleset.checks)), (_checker, []))[1].append(_code)


def _example_groups():
    groups = []
    for rule in CATALOG.values():
        examples = [*rule.bad, *rule.good]
        if rule.code == "NAN101":
            examples.append(type(examples[0])(CROSS_RULE_PROBE))
        groups.append(pytest.param(examples, id=f"examples-of-{rule.code}"))
    return groups


@pytest.mark.parametrize("examples", _example_groups())
def test_a_rules_findings_do_not_depend_on_which_other_rules_run(examples, monkeypatch):
    """Each rule alone finds on every catalog example what it finds beside all the others: checks
    share the file's context but never write to it, and a superseding rule hides what it
    supersedes whether it is enabled or not.

    Each example is checked once per configuration: once with every rule, once with each rule
    alone (a rule alone runs with the rules that supersede it, silently; configurations that run
    the same checks are checked once). The checks of one example share its parsed tree (libcst
    trees are immutable, and every check builds its own context on it); the runs with one rule
    come first, so nothing an all-rules run could leave keyed by the tree's nodes is there yet."""
    parsed = {}

    def parse_once(text, config=None):
        key = (text, repr(config))
        if key not in parsed:
            parsed[key] = parse_module(text, config) if config is not None else parse_module(text)
        return parsed[key]

    parse_module = libcst.parse_module
    monkeypatch.setattr(libcst, "parse_module", parse_once)
    mismatches = []
    for example in examples:
        alone = {}
        for checker, codes in ALONE.values():
            findings = checker.check_text(example.code, example.path).findings
            alone.update({code: [f for f in findings if f.code == code] for code in codes})
        beside = EVERY_RULE.check_text(example.code, example.path).findings
        for code, found_alone in alone.items():
            if found_alone != [f for f in beside if f.code == code]:
                mismatches.append((code, example.code.strip().splitlines()[-1]))
    assert mismatches == []
