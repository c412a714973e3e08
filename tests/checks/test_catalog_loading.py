"""A rule file is checked when the catalog loads: a bad check, parameter, pattern, template or
message field is one error naming the file and the rule, exit 2, for `check` and `rules` alike."""

import pytest

from cli_support import write
from rule_files import TEAM_RULE


@pytest.mark.parametrize("change, message", [
    (("`{op}` of {why}", "`{op}` of {nothing}"), "rule NAN950: the message uses `{nothing}`, which check `risky-argument` does not give"),
    (("`{op}` of {why}", "`{op` of"), "rule NAN950: bad message"),
    (('check = "risky-argument"', 'check = "no-such-check"'), "rule NAN950: unknown check `no-such-check`"),
    (('ops = ["acos"]', 'opps = ["acos"]'), "rule NAN950: unknown parameter `opps`"),
    (('danger = ["nonpositive"]', 'danger = ["sometimes"]'), "rule NAN950: unknown predicate `sometimes`"),
    (('danger = ["nonpositive"]', 'danger = ["nonpositive"]\n\n[rule.fix]\ntemplate = "torch.acos("'), "rule NAN950: bad fix template"),
    (('check = "risky-argument"', 'check = "risky-argument"\nconfirmed_by = ["sideways acos"]'), "rule NAN950: `confirmed_by` entry 'sideways acos' must be \"PHASE OP\""),
    (('check = "risky-argument"', 'check = "risky-argument"\nconfirmed_by = "forward acos"'), "rule NAN950: `confirmed_by` must be a list"),
    (('check = "risky-argument"', 'check = "risky-argument"\nconfirmed_by = ["backward {opps}"]'), "rule NAN950: `confirmed_by` names `{opps}`, which is not a list of op names"),
])
def test_a_bad_rule_is_one_error_naming_file_and_rule(nanlint, tmp_path, change, message):
    old, new = change
    assert old in TEAM_RULE
    write(tmp_path, "team.toml", TEAM_RULE.replace(old, new, 1))
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nextend-rule-files = ["team.toml"]\n')
    write(tmp_path, "a.py", "import torch\ny = torch.log(x)\n")
    write(tmp_path, "b.py", "import torch\ny = torch.log(x)\n")
    for command in (("check", "."), ("rules",)):
        result = nanlint(*command, cwd=tmp_path)
        assert result.returncode == 2, result.stdout
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and "team.toml" in lines[0] and message in lines[0], lines


def test_a_bad_pattern_is_named(nanlint, tmp_path):
    rule = TEAM_RULE.replace('check = "risky-argument"', 'check = "pattern"').replace('ops = ["acos"]\ndanger = ["nonpositive"]', 'pattern = "acos($x"')
    rule = rule.replace("`{op}` of {why}", "acos of {x}")
    write(tmp_path, "team.toml", rule)
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nextend-rule-files = ["team.toml"]\n')
    result = nanlint("check", ".", cwd=tmp_path)
    assert result.returncode == 2
    assert "team.toml: rule NAN950: bad pattern: `acos($x` is not an expression" in result.stderr


def test_the_validated_catalog_is_read_only_while_it_is_as_new_as_the_rule_files(tmp_path, monkeypatch):
    import shutil

    from nanlint import catalog
    from nanlint.checks.registry import build_catalog

    built = build_catalog()
    assert catalog.read_validated() == built  # as `python -m nanlint.formats.rule_pages` last wrote it
    copy = tmp_path / "rules"
    shutil.copytree(catalog.default_rule_dir(), copy)
    monkeypatch.setattr(catalog, "default_rule_dir", lambda: str(copy))
    assert {code: rule.source for code, rule in catalog.read_validated().items()} == {
        code: str(copy / rule.source.rsplit("/", 1)[-1]) for code, rule in built.items()
    }  # the files' folder, wherever a wheel put them
    log = copy / "log.toml"
    log.write_text(log.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert catalog.read_validated() is None  # a rule file changed since: read and validated again
