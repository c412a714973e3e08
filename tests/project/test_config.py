"""Configuration through the CLI: discovery of the config file, its keys and errors,
file discovery (excludes, .gitignore, paths named explicitly), per-file-ignores."""

import json
import re
import shutil
import subprocess

import pytest
from cli_support import HUNG, LOG_OF_STD, RISKY, write
from rule_files import TEAM_RULE

CONCISE = ("--output-format", "concise")


def reported(result):
    """{(path, code)} of concise output."""
    return set(re.findall(r"^(.+?):\d+:\d+: (NAN\d+) ", result.stdout, re.M))


def checked_files(result):
    return {path for path, _ in reported(result)}


def test_the_nearest_pyproject_with_a_nanlint_table_is_used(nanlint, tmp_path):
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nselect = ["NAN102"]\n')
    write(tmp_path, "pkg/pyproject.toml", '[project]\nname = "pkg"\n')  # no [tool.nanlint]: skipped
    write(tmp_path, "pkg/sub/risky.py", RISKY)
    result = nanlint("check", ".", *CONCISE, cwd=tmp_path / "pkg" / "sub")
    assert reported(result) == {("risky.py", "NAN102")}


def test_nanlint_toml_takes_top_level_keys_and_wins_over_pyproject_in_its_folder(nanlint, tmp_path):
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nselect = ["NAN102"]\n')
    write(tmp_path, "nanlint.toml", 'select = ["NAN101"]\n')
    write(tmp_path, "risky.py", RISKY)
    assert reported(nanlint("check", ".", *CONCISE, cwd=tmp_path)) == {("risky.py", "NAN101")}


def test_config_option_names_the_file(nanlint, tmp_path):
    write(tmp_path, "configs/strict.toml", 'select = ["NAN102"]\n')
    write(tmp_path, "risky.py", RISKY)
    result = nanlint("check", "risky.py", "--config", "configs/strict.toml", *CONCISE, cwd=tmp_path)
    assert reported(result) == {("risky.py", "NAN102")}
    missing = nanlint("check", "risky.py", "--config", "nope.toml", cwd=tmp_path)
    assert missing.returncode == 2 and missing.stderr == "nanlint: error: nope.toml: configuration file not found\n"


@pytest.mark.parametrize("content, message", [
    ('[tool.nanlint]\nselec = ["NAN101"]\n', r"pyproject\.toml: \[tool\.nanlint\]: unknown key `selec`"),
    ('[tool.nanlint]\nselect = "NAN101"\n', r"pyproject\.toml: \[tool\.nanlint\]: `select` must be a list of strings, got 'NAN101'"),
    ('[tool.nanlint]\nfix = "yes"\n', r"`fix` must be true or false"),
    ('[tool.nanlint]\noutput-format = "xml"\n', r"`output-format` must be one of full, text, concise, grouped, json, json-lines, junit, gitlab, pylint, rdjson, azure, sarif, github"),
    ('[tool.nanlint]\nper-file-ignores = ["tests/*"]\n', r"`per-file-ignores` must be a table of glob = \[codes\]"),
    ('[tool.nanlint]\nextend-rule-files = ["missing.toml"]\n', r"`extend-rule-files` names `missing.toml`, which is not a file"),
    ('[tool.nanlint]\nignore = ["NAN99"]\n', r"pyproject\.toml: \[tool\.nanlint\]: `ignore` names unknown rule selector `NAN99`"),
    ('[tool.nanlint]\nper-file-ignores = {"tests/*" = ["XYZ1"]}\n', r"`per-file-ignores` for `tests/\*` names unknown rule selector `XYZ1`"),
    ('[tool.nanlint\n', r"pyproject\.toml: invalid TOML"),
    ('[tool]\nnanlint = 3\n', r"pyproject\.toml: `tool\.nanlint` must be a table"),
])
def test_a_bad_configuration_exits_2_naming_the_key_and_the_file(nanlint, tmp_path, content, message):
    write(tmp_path, "pyproject.toml", content)
    write(tmp_path, "risky.py", RISKY)
    result = nanlint("check", "risky.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert re.search(r"^nanlint: error: .*" + message, result.stderr), result.stderr
    assert str(tmp_path / "pyproject.toml") in result.stderr


def test_the_command_line_selection_is_a_layer_over_the_configuration(nanlint, tmp_path):
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nignore = ["NAN101"]\n')
    write(tmp_path, "risky.py", RISKY)
    assert reported(nanlint("check", ".", *CONCISE, cwd=tmp_path)) == {("risky.py", "NAN102")}
    # --select starts over, as in ruff: the configuration's ignore no longer applies.
    assert reported(nanlint("check", ".", "--select", "NAN101", *CONCISE, cwd=tmp_path)) == {("risky.py", "NAN101")}
    # --extend-select adds to the configured selection, and the more specific selector wins.
    assert reported(nanlint("check", ".", "--extend-select", "NAN101", *CONCISE, cwd=tmp_path)) == {
        ("risky.py", "NAN101"), ("risky.py", "NAN102")}


def test_per_file_ignores(nanlint, tmp_path):
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nper-file-ignores = {"scripts/*" = ["NAN101"], "legacy.py" = ["NAN1"]}\n')
    for name in ("scripts/loss.py", "src/loss.py", "legacy.py"):
        write(tmp_path, name, RISKY)
    result = nanlint("check", ".", "--select", "NAN101,NAN102", *CONCISE, cwd=tmp_path)
    assert reported(result) == {
        ("scripts/loss.py", "NAN102"), ("src/loss.py", "NAN101"), ("src/loss.py", "NAN102")}


def test_test_code_is_not_checked_unless_check_tests_is_set_or_it_is_named(nanlint, tmp_path):
    names = ("tests/test_loss.py", "pkg/testing/_internal/reference.py", "pkg/loss_test.py", "src/loss.py")
    for name in names:
        write(tmp_path, name, RISKY)
    assert {path for path, _ in reported(nanlint("check", ".", *CONCISE, cwd=tmp_path))} == {"src/loss.py"}
    named = nanlint("check", "tests/test_loss.py", "pkg/testing", *CONCISE, cwd=tmp_path)
    assert {path for path, _ in reported(named)} == {"tests/test_loss.py", "pkg/testing/_internal/reference.py"}
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\ncheck-tests = true\n')
    assert {path for path, _ in reported(nanlint("check", ".", *CONCISE, cwd=tmp_path))} == set(names)


def test_default_excludes_skip_environments_and_builds_but_a_named_path_is_always_checked(nanlint, tmp_path):
    for name in ("src/a.py", ".venv/lib/b.py", "venv/c.py", "build/lib/d.py", "dist/e.py",
                 "lib/site-packages/f.py", "src/__pycache__/g.py", ".git/h.py", "node_modules/i.py"):
        write(tmp_path, name, LOG_OF_STD)
    assert checked_files(nanlint("check", ".", *CONCISE, cwd=tmp_path)) == {"src/a.py"}
    named = nanlint("check", "build/lib/d.py", "venv", *CONCISE, cwd=tmp_path)
    assert checked_files(named) == {"build/lib/d.py", "venv/c.py"}


def test_exclude_replaces_and_extend_exclude_adds(nanlint, tmp_path):
    for name in ("src/a.py", "src/generated/b.py", "build/c.py", "scripts/d.py"):
        write(tmp_path, name, LOG_OF_STD)
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nextend-exclude = ["src/generated", "d.py"]\n')
    assert checked_files(nanlint("check", ".", *CONCISE, cwd=tmp_path)) == {"src/a.py"}
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nexclude = ["scripts"]\n')
    assert checked_files(nanlint("check", ".", *CONCISE, cwd=tmp_path)) == {"src/a.py", "src/generated/b.py", "build/c.py"}


def test_force_exclude_applies_excludes_to_named_files(nanlint, tmp_path):
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nextend-exclude = ["generated"]\n')
    write(tmp_path, "generated/a.py", LOG_OF_STD)
    write(tmp_path, "src/b.py", LOG_OF_STD)
    assert checked_files(nanlint("check", "generated/a.py", "src/b.py", *CONCISE, cwd=tmp_path)) == {"generated/a.py", "src/b.py"}
    forced = nanlint("check", "generated/a.py", "src/b.py", "--force-exclude", *CONCISE, cwd=tmp_path)
    assert checked_files(forced) == {"src/b.py"}
    stdin = nanlint("check", "--stdin-filename", "generated/x.py", "--force-exclude", cwd=tmp_path, stdin=LOG_OF_STD)
    assert (stdin.returncode, stdin.stdout) == (0, "All checks passed!\n")


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_gitignore_is_respected_unless_a_path_is_named(nanlint, tmp_path):
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    write(tmp_path, ".gitignore", "scratch/\nnotes_*.py\n")
    for name in ("src/a.py", "scratch/b.py", "src/notes_c.py"):
        write(tmp_path, name, LOG_OF_STD)
    write(tmp_path, "src/sub/.gitignore", "*.py\n")
    write(tmp_path, "src/sub/d.py", LOG_OF_STD)
    assert checked_files(nanlint("check", ".", *CONCISE, cwd=tmp_path)) == {"src/a.py"}
    assert checked_files(nanlint("check", "src/notes_c.py", "scratch", *CONCISE, cwd=tmp_path)) == {"src/notes_c.py", "scratch/b.py"}
    unrestricted = nanlint("check", ".", "--no-respect-gitignore", *CONCISE, cwd=tmp_path)
    assert checked_files(unrestricted) == {"src/a.py", "scratch/b.py", "src/notes_c.py", "src/sub/d.py"}


def test_folders_are_walked_for_python_files_only_without_following_symlink_loops(nanlint, tmp_path):
    write(tmp_path, "pkg/a.py", LOG_OF_STD)
    write(tmp_path, "pkg/b.pyi", LOG_OF_STD)
    write(tmp_path, "pkg/c.txt", LOG_OF_STD)
    (tmp_path / "pkg" / "loop").symlink_to(tmp_path / "pkg")
    assert checked_files(nanlint("check", "pkg", *CONCISE, cwd=tmp_path, timeout=HUNG)) == {"pkg/a.py", "pkg/b.pyi"}


def test_settings_from_the_configuration_and_their_command_line_overrides(nanlint, tmp_path):
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\noutput-format = "json"\nfix = true\n')
    path = write(tmp_path, "risky.py", RISKY)
    dry = nanlint("check", "risky.py", "--no-fix", cwd=tmp_path)
    assert [entry["code"] for entry in json.loads(dry.stdout)] == ["NAN102", "NAN101"]
    assert "torch.log(F.softmax" in path.read_text()
    fixed = nanlint("check", "risky.py", "--output-format", "concise", cwd=tmp_path)
    assert "torch.log_softmax(logits, dim=-1)" in path.read_text()
    assert reported(fixed) == {("risky.py", "NAN101")}


def test_extend_rule_files_add_user_rules(nanlint, tmp_path):
    write(tmp_path, "team_rules.toml", TEAM_RULE)
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nextend-rule-files = ["team_rules.toml"]\n')
    write(tmp_path, "model.py", "import torch\n\ndef f(x):\n    return torch.acos(x.sum())\n")
    result = nanlint("check", ".", *CONCISE, cwd=tmp_path)
    assert reported(result) == {("model.py", "NAN950")}
    assert "NAN950" in nanlint("rules", cwd=tmp_path).stdout
    assert nanlint("rule", "team-acos", cwd=tmp_path).stdout.startswith("# team-acos (NAN950)")
