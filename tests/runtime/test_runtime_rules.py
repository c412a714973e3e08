"""The runtime rules (NAN011-NAN015) are catalog rules: their bad examples, run under `nanlint
verify`, are reported at their lines, their fixed twins are not, and `--ignore`, `# noqa` and
`nanlint rule` work for them as for any other rule."""

import json
import sys

import pytest

from nanlint.checks.registry import load_catalog
from nanlint.runtime.events import Kind
from nanlint.runtime.join import runtime_codes

RUNTIME_RULES = [rule for rule in load_catalog().values() if not rule.static]


def runtime_findings(nanlint, directory, code, *options):
    path = directory / "example.py"
    path.write_text(code, encoding="utf-8")
    result = nanlint("verify", str(path), "--output-format", "json", *options, "--run", sys.executable, str(path), cwd=directory, timeout=180)
    document = json.loads(result.stdout)
    return [(finding["code"], finding["line"]) for finding in document["runtime_findings"]]


def test_every_runtime_code_is_in_the_catalog():
    assert [rule.code for rule in RUNTIME_RULES] == ["NAN011", "NAN012", "NAN013", "NAN014", "NAN015"]


@pytest.mark.parametrize("rule", RUNTIME_RULES, ids=lambda rule: rule.code)
def test_bad_example_is_reported_at_its_lines_and_its_twin_is_not(nanlint, tmp_path, rule):
    (bad,), (good,) = rule.bad, rule.good
    assert runtime_findings(nanlint, tmp_path, bad.code) == [(rule.code, line) for line in bad.lines]
    assert runtime_findings(nanlint, tmp_path, good.code) == []


def test_ignore_and_noqa_apply_to_runtime_findings(nanlint, tmp_path):
    (bad,) = RUNTIME_RULES[0].bad
    assert runtime_findings(nanlint, tmp_path, bad.code, "--ignore", "NAN011") == []
    silenced = bad.code.replace("y = x.log()", "y = x.log()  # noqa: NAN011")
    assert silenced != bad.code
    assert runtime_findings(nanlint, tmp_path, silenced) == []


def test_runtime_rules_have_pages(nanlint):
    result = nanlint("rule", "NAN012")
    assert result.returncode == 0
    assert "runtime-nonfinite-backward" in result.stdout and "sqrt" in result.stdout


def test_each_runtime_rule_names_the_events_it_reports_and_no_event_has_two_rules():
    phases = {"forward", "backward", "optimizer"}
    kinds = {value for name, value in vars(Kind).items() if not name.startswith("_")}
    named = [str(event).split() for rule in RUNTIME_RULES for event in rule.params["events"]]
    assert all(rule.params["events"] for rule in RUNTIME_RULES)
    assert all(len(words) == 2 and words[0] in phases and words[1] in kinds for words in named), named
    assert len({tuple(words) for words in named}) == len(named)
    assert set(runtime_codes().values()) == {rule.code for rule in RUNTIME_RULES}
