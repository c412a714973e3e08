"""Hierarchical configuration through the real CLI, as in ruff: each file is checked with the
nearest configuration file among its folders, whatever the current folder; `--config` is used
for every file; the command line is over each file's settings; the cache and the worker
processes keep each configuration's settings apart; --show-settings tells which apply."""

import json
import re

import pytest
from cli_support import LOG_OF_STD, RISKY, run_nanlint, write

CONCISE = ("--output-format", "concise")
FILLER = "\n".join(f"def helper_{i}(x):\n    return torch.log((x > 0).sum(dim={i % 3}))\n" for i in range(60))


def reported(result):
    return set(re.findall(r"^(.+?):\d+:\d+: (NAN\d+) ", result.stdout, re.M))


@pytest.fixture
def nested(tmp_path):
    """project/ (its pyproject.toml excludes `gen`, selects NAN101) and project/sub/ (its own
    nanlint.toml: NAN102 only, excludes `pkg/generated` relative to sub/, ignores NAN102 in scripts/)."""
    project = tmp_path / "project"
    write(project, "pyproject.toml", '[tool.nanlint]\nselect = ["NAN101"]\nextend-exclude = ["gen"]\n')
    write(project, "sub/nanlint.toml", 'select = ["NAN102"]\nextend-exclude = ["pkg/generated"]\n'
                                       'per-file-ignores = { "scripts/*" = ["NAN102"] }\n')
    for name in ("top.py", "gen/skipped.py", "pkg/generated/top_level.py", "sub/inner.py",
                 "sub/pkg/generated/skipped.py", "sub/scripts/quiet.py", "sub/gen/kept.py"):
        write(project, name, RISKY)
    (tmp_path / "elsewhere").mkdir()
    return project


EXPECTED = {
    ("top.py", "NAN101"), ("pkg/generated/top_level.py", "NAN101"),  # `pkg/generated` is sub's pattern
    ("sub/inner.py", "NAN102"), ("sub/gen/kept.py", "NAN102"),  # sub does not exclude `gen`
}


def relative_to(project, findings):
    return {(path.replace(str(project) + "/", ""), code) for path, code in findings}


def test_each_file_uses_its_nearest_configuration_from_any_folder(nanlint, nested):
    here = nanlint("check", ".", *CONCISE, "--no-cache", cwd=nested)
    assert reported(here) == EXPECTED, here.stdout + here.stderr
    elsewhere = nanlint("check", nested, *CONCISE, "--no-cache", cwd=nested.parent / "elsewhere")
    assert relative_to(nested, reported(elsewhere)) == EXPECTED
    inside = nanlint("check", ".", *CONCISE, "--no-cache", cwd=nested / "sub")
    assert reported(inside) == {("inner.py", "NAN102"), ("gen/kept.py", "NAN102")}
    named = nanlint("check", nested / "sub" / "inner.py", *CONCISE, "--no-cache", cwd=nested.parent / "elsewhere")
    assert relative_to(nested, reported(named)) == {("sub/inner.py", "NAN102")}


def test_config_option_is_used_for_every_file(nanlint, nested):
    write(nested.parent, "strict.toml", 'select = ["NAN101", "NAN102"]\n')
    result = nanlint("check", ".", "--config", nested.parent / "strict.toml", *CONCISE, "--no-cache", cwd=nested)
    found = reported(result)
    assert ("sub/inner.py", "NAN101") in found and ("sub/scripts/quiet.py", "NAN102") in found
    assert ("gen/skipped.py", "NAN101") in found and ("sub/pkg/generated/skipped.py", "NAN102") in found


def test_command_line_options_are_over_each_files_settings(nanlint, nested):
    result = nanlint("check", ".", "--select", "NAN102", *CONCISE, "--no-cache", cwd=nested)
    assert reported(result) == {
        ("top.py", "NAN102"), ("pkg/generated/top_level.py", "NAN102"), ("sub/inner.py", "NAN102"), ("sub/gen/kept.py", "NAN102")}


def test_a_cache_per_configuration_gives_the_same_report_warm(nanlint, nested):
    cold = nanlint("check", ".", *CONCISE, cwd=nested)
    assert reported(cold) == EXPECTED
    caches = {folder: list((nested / folder / ".nanlint_cache").glob("*.json")) for folder in (".", "sub")}
    assert all(len(files) == 1 for files in caches.values()), caches
    entries = {folder: set(json.loads(files[0].read_text())["files"]) for folder, files in caches.items()}
    assert entries == {".": {"top.py", "pkg/generated/top_level.py"},
                       "sub": {"sub/inner.py", "sub/gen/kept.py", "sub/scripts/quiet.py"}}
    warm = nanlint("check", ".", *CONCISE, cwd=nested)
    assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout, cold.stderr)
    # Changing sub's configuration changes what its files report, cache or not.
    write(nested, "sub/nanlint.toml", 'select = ["NAN101"]\n')
    changed = nanlint("check", "sub", *CONCISE, cwd=nested)
    assert ("sub/inner.py", "NAN101") in reported(changed) and ("sub/inner.py", "NAN102") not in reported(changed)


def test_worker_processes_check_each_file_with_its_own_settings(nested):
    for index in range(80):  # about 300 KiB: above the size for worker processes
        write(nested, f"{'sub/' if index % 2 else ''}many/module_{index:02}.py", RISKY + "\n" + FILLER)
    options = ("check", ".", "--no-cache", "--output-format", "json")
    one = run_nanlint(*options, "-j", "1", cwd=nested)
    many = run_nanlint(*options, "-j", "2", cwd=nested)  # worker processes: a real process starts them
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)
    codes = {(entry["filename"].startswith("sub/"), entry["code"]) for entry in json.loads(one.stdout)}
    assert codes == {(False, "NAN101"), (True, "NAN102")}


def test_show_settings_names_the_configuration_and_resolved_settings_of_a_file(nanlint, nested):
    result = nanlint("check", "--show-settings", "sub/inner.py", "--target-version", "py310", cwd=nested)
    assert result.returncode == 0, result.stderr
    shown = dict(line.split(" = ", 1) for line in result.stdout.splitlines()[1:])
    assert result.stdout.splitlines()[0] == "# Settings for sub/inner.py"
    assert json.loads(shown["configuration"]) == str(nested / "sub" / "nanlint.toml")
    assert json.loads(shown["root"]) == str(nested / "sub")
    assert json.loads(shown["enabled-rules"]) == ["NAN102"]
    assert json.loads(shown["extend-exclude"]) == ["pkg/generated"]
    assert json.loads(shown["target-version"]) == "py310"
    assert json.loads(shown["per-file-ignores"]) == {"scripts/*": ["NAN102"]}
    top = nanlint("check", "--show-settings", "top.py", "--select", "NAN1", cwd=nested)
    assert '\nconfiguration = "' + str(nested / "pyproject.toml") + '"\n' in top.stdout
    assert 'command-line select = ["NAN1"]' in top.stdout


def test_show_settings_leaves_out_the_rules_per_file_ignores_turn_off(nanlint, nested):
    """sub/ selects NAN102 and ignores it in scripts/: a script there is checked with no rule of
    its selection, as `check` shows (silent on it), and --show-settings says so, from any folder."""
    for cwd, path in ((nested, "sub/scripts/quiet.py"), (nested / "sub", "scripts/quiet.py"),
                      (nested.parent / "elsewhere", nested / "sub" / "scripts" / "quiet.py")):
        result = nanlint("check", "--show-settings", path, cwd=cwd)
        shown = dict(line.split(" = ", 1) for line in result.stdout.splitlines()[1:])
        assert json.loads(shown["enabled-rules"]) == [], (cwd, path)
        assert json.loads(shown["per-file-ignored-rules"]) == ["NAN102"]
        assert nanlint("check", path, "--no-cache", *CONCISE, cwd=cwd).stdout.startswith("All checks passed!")
    inner = nanlint("check", "--show-settings", "sub/inner.py", cwd=nested).stdout
    assert 'enabled-rules = ["NAN102"]\nper-file-ignored-rules = []\n' in inner


def test_a_broken_nested_configuration_is_an_error_naming_it(nanlint, nested):
    write(nested, "sub/nanlint.toml", 'selec = ["NAN101"]\n')
    result = nanlint("check", ".", cwd=nested)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"nanlint: error: {nested / 'sub' / 'nanlint.toml'}: unknown key `selec`")


def test_a_project_excluded_folder_is_not_walked_from_another_folder(nanlint, tmp_path):
    project = tmp_path / "project"
    write(project, "pyproject.toml", '[tool.nanlint]\nextend-exclude = ["third_party"]\n')
    write(project, "third_party/vendored.py", LOG_OF_STD)
    write(project, "src/model.py", LOG_OF_STD)
    (tmp_path / "elsewhere").mkdir()
    result = nanlint("check", project, *CONCISE, "--no-cache", cwd=tmp_path / "elsewhere")
    assert {path for path, _ in reported(result)} == {str(project / "src" / "model.py")}
