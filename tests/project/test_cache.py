"""The cache: warm runs give the same report as cold ones, findings and errors included; any change
to a file, the settings, the catalog or nanlint itself invalidates; a broken cache is a miss;
`nanlint clean` removes the caches, and only them."""

import json
import os
import subprocess
import sys
from typing import List, NamedTuple

import pytest

from cli_support import LOG_OF_STD, RISKY, SAFE, nanlint_env, write
from nanlint.project import cache as cache_module
from nanlint.project.checker import Checker
from nanlint.project.run import single
from nanlint.project.config import Settings

BROKEN = "import torch\ndef f(:\n    pass\n"
EXTRA_RULE = """
family = "extra"
title = "Extra"

[[rule]]
code = "NAN990"
name = "any-sigmoid"
message = "{message}"
check = "pattern"
[rule.params]
pattern = "sigmoid($x)"
[rule.docs]
what = "w"
why = "w"
instead = "w"
[[rule.bad]]
code = "import torch\\ntorch.sigmoid(x)\\n"
lines = [2]
[[rule.good]]
code = "import torch\\n"
"""


def project(tmp_path):
    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "safe.py", SAFE)
    write(tmp_path, "broken.py", BROKEN)
    return tmp_path


def checker(tmp_path, **settings):
    defaults = dict(root=str(tmp_path), cache_dir=str(tmp_path / "cache"), select=("NAN101", "NAN102"))
    return Checker(Settings(**{**defaults, **settings}))


def run(tmp_path, **settings):
    return single(checker(tmp_path, **settings)).run([str(tmp_path)], jobs=1)


def cache_files(tmp_path):
    return sorted((tmp_path / "cache").glob("*.json"))


def tamper(tmp_path, path_suffix, message):
    """Rewrite the cached message of every finding of one file: a later run that shows it read the cache."""
    (cache_file,) = cache_files(tmp_path)
    data = json.loads(cache_file.read_text())
    for path, entry in data["files"].items():
        if path.endswith(path_suffix):
            for finding in entry[2]:
                finding[6] = message
    cache_file.write_text(json.dumps(data))


def messages(report):
    return [(os.path.basename(f.path), f.line, f.code, f.message, f.fix) for f in report.findings]


def test_a_warm_run_reads_findings_fixes_and_errors_from_the_cache(tmp_path):
    project(tmp_path)
    cold = run(tmp_path)
    assert {f.code for f in cold.findings} == {"NAN101", "NAN102"} and any(f.fix for f in cold.findings)
    assert [e.message.split(": ", 1)[1] for e in cold.errors] == ["syntax error: invalid syntax"]
    warm = run(tmp_path)
    assert (messages(warm), warm.errors) == (messages(cold), cold.errors)
    tamper(tmp_path, "risky.py", "from the cache")
    assert {f.message for f in run(tmp_path).findings} == {"from the cache"}


def test_a_changed_file_is_checked_again(tmp_path):
    project(tmp_path)
    run(tmp_path)
    tamper(tmp_path, "risky.py", "stale")
    write(tmp_path, "risky.py", RISKY + "\n# edited\n")
    assert "stale" not in {f.message for f in run(tmp_path).findings}


@pytest.mark.parametrize("change", [
    dict(select=("NAN101",)),
    dict(per_file_ignores={"risky.py": ("NAN102",)}),
    dict(test_patterns=("risky.py",)),
])
def test_settings_that_change_findings_use_another_cache(tmp_path, change):
    project(tmp_path)
    run(tmp_path)
    tamper(tmp_path, "risky.py", "stale")
    assert "stale" not in {f.message for f in run(tmp_path, **change).findings}
    assert len(cache_files(tmp_path)) == 2


def test_settings_that_only_change_the_output_share_the_cache(tmp_path):
    project(tmp_path)
    run(tmp_path)
    run(tmp_path, output_format="json", unsafe_fixes=True, fix=True)
    assert len(cache_files(tmp_path)) == 1


def test_a_changed_rule_file_invalidates(tmp_path):
    project(tmp_path)
    write(tmp_path, "sig.py", "import torch\ny = torch.sigmoid(x)\n")
    rules = tmp_path / "extra.toml"
    rules.write_text(EXTRA_RULE.format(message="first wording"))
    settings = dict(extend_rule_files=(str(rules),), select=("NAN990",))
    assert {f.message for f in run(tmp_path, **settings).findings} == {"first wording"}
    rules.write_text(EXTRA_RULE.format(message="second wording"))
    assert {f.message for f in run(tmp_path, **settings).findings} == {"second wording"}


def test_a_new_nanlint_version_invalidates(tmp_path, monkeypatch):
    project(tmp_path)
    run(tmp_path)
    tamper(tmp_path, "risky.py", "stale")
    monkeypatch.setattr(cache_module, "__version__", "99.0")
    assert "stale" not in {f.message for f in run(tmp_path).findings}


@pytest.mark.parametrize("garbage", [b"", b"\x00\xff not json", b"[]", b'{"format": 1, "files": []}',
                                     b'{"format": 1, "files": {"x": 3}}'])
def test_a_corrupt_cache_file_is_a_miss_and_is_rewritten(tmp_path, garbage):
    project(tmp_path)
    cold = run(tmp_path)
    (cache_file,) = cache_files(tmp_path)
    cache_file.write_bytes(garbage)
    assert messages(run(tmp_path)) == messages(cold)
    assert json.loads(cache_file.read_text())["format"] == cache_module.FORMAT


@pytest.mark.parametrize("entry", [None, 7, [], ["/x", "d", [], []], ["ABS", "DIGEST", [[1, 2]], []],
                                   ["ABS", "DIGEST", [["1", 1, 1, 2, "NAN101", "n", "m", None]], []],
                                   ["ABS", "DIGEST", [[1, 1, 1, 2, "NAN101", "n", "m", ["t", "yes", []]]], []]])
def test_a_corrupt_entry_is_a_miss(tmp_path, entry):
    project(tmp_path)
    cold = run(tmp_path)
    (cache_file,) = cache_files(tmp_path)
    data = json.loads(cache_file.read_text())
    risky = next(path for path in data["files"] if path.endswith("risky.py"))
    real = data["files"][risky]
    if isinstance(entry, list) and entry[:1] == ["ABS"]:
        entry = [real[0], real[1], *entry[2:]]
    data["files"][risky] = entry
    cache_file.write_text(json.dumps(data))
    assert messages(run(tmp_path)) == messages(cold)


def test_the_default_cache_lives_in_the_project_root_and_git_ignores_it(nanlint, tmp_path):
    project(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.nanlint]\nselect = ['NAN101']\n")
    (tmp_path / "sub").mkdir()
    nanlint("check", "..", cwd=tmp_path / "sub")
    assert (tmp_path / ".nanlint_cache" / ".gitignore").read_text().splitlines()[-1] == "*"
    assert not (tmp_path / "sub" / ".nanlint_cache").exists()


def test_no_cache_and_cache_dir_options(nanlint, tmp_path):
    project(tmp_path)
    nanlint("check", ".", "--no-cache", cwd=tmp_path)
    assert not (tmp_path / ".nanlint_cache").exists()
    nanlint("check", ".", "--cache-dir", "elsewhere", cwd=tmp_path)
    assert (tmp_path / "elsewhere" / ".gitignore").is_file() and list((tmp_path / "elsewhere").glob("*.json"))
    assert not (tmp_path / ".nanlint_cache").exists()


def test_cache_settings_in_the_configuration(nanlint, tmp_path):
    project(tmp_path)
    (tmp_path / "nanlint.toml").write_text('cache = false\n')
    nanlint("check", ".", cwd=tmp_path)
    assert not (tmp_path / ".nanlint_cache").exists()
    (tmp_path / "nanlint.toml").write_text('cache-dir = "build/lint-cache"\n')
    (tmp_path / "sub").mkdir()
    nanlint("check", "..", cwd=tmp_path / "sub")
    assert list((tmp_path / "build" / "lint-cache").glob("*.json"))


def test_an_unwritable_cache_warns_once_and_the_check_goes_on(nanlint, tmp_path):
    project(tmp_path)
    (tmp_path / "not-a-dir").write_text("")
    result = nanlint("check", "risky.py", "safe.py", "--select", "NAN101", "--cache-dir", "not-a-dir", "--output-format", "concise", cwd=tmp_path)
    assert result.returncode == 1
    assert "risky.py:7:" in result.stdout
    warnings = [line for line in result.stderr.splitlines() if "cache" in line]
    assert len(warnings) == 1 and warnings[0].startswith("nanlint: warning: cannot write the cache in not-a-dir")


def test_warm_cli_output_is_identical_to_cold(nanlint, tmp_path):
    project(tmp_path)
    runs = [nanlint("check", ".", "--select", "NAN101,NAN102", cwd=tmp_path) for _ in range(2)]
    assert list(tmp_path.joinpath(".nanlint_cache").glob("*.json"))
    assert (runs[0].returncode, runs[0].stdout, runs[0].stderr) == (runs[1].returncode, runs[1].stdout, runs[1].stderr)
    assert runs[0].returncode == 2 and "NAN102" in runs[0].stdout


def test_clean_removes_the_caches_and_only_them(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "sub/nanlint.toml", 'cache-dir = "../elsewhere"\n')
    write(tmp_path, "sub/m.py", LOG_OF_STD)
    assert nanlint("check", ".", cwd=tmp_path).returncode == 1
    assert nanlint("check", ".", cwd=tmp_path / "sub").returncode == 1
    assert (tmp_path / ".nanlint_cache").is_dir() and (tmp_path / "elsewhere").is_dir()
    write(tmp_path, "other/.nanlint_cache/notes.txt", "not nanlint's")  # a folder by that name nanlint did not make
    result = nanlint("clean", cwd=tmp_path / "sub")
    assert result.returncode == 0
    assert result.stderr == f"Removing cache at: {os.path.join('..', 'elsewhere')}\n"
    result = nanlint("clean", cwd=tmp_path)
    assert result.stderr.splitlines() == [
        "Removing cache at: .nanlint_cache",
        f"nanlint: warning: {os.path.join('other', '.nanlint_cache')} is not removed: it has no CACHEDIR.TAG of nanlint's",
    ]
    assert not (tmp_path / ".nanlint_cache").exists() and not (tmp_path / "elsewhere").exists()
    assert (tmp_path / "other" / ".nanlint_cache" / "notes.txt").is_file() and (tmp_path / "risky.py").is_file()


def test_clean_run_above_a_nested_configuration_removes_its_cache_dir_too(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "sub/nanlint.toml", 'cache-dir = "../elsewhere"\n')
    write(tmp_path, "sub/m.py", LOG_OF_STD)
    assert nanlint("check", ".", cwd=tmp_path).returncode == 1  # sub/m.py is cached with its own configuration
    assert (tmp_path / ".nanlint_cache").is_dir() and (tmp_path / "elsewhere").is_dir()
    result = nanlint("clean", cwd=tmp_path)
    assert (result.returncode, result.stderr.splitlines()) == (0, ["Removing cache at: .nanlint_cache", "Removing cache at: elsewhere"])
    assert not (tmp_path / "elsewhere").exists() and (tmp_path / "sub" / "m.py").is_file()


# `python -m nanlint ARGS`, then which of the modules a cached check must not need it imported: those
# named in $UNNEEDED (comma-separated), with their submodules; and how many times it opened a file in
# the cache's `catalogs` folder.
IMPORTS_PROBE = """
import os, runpy, sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
sys.argv = ["nanlint", *sys.argv[1:]]
try:
    runpy.run_module("nanlint", run_name="__main__")
except SystemExit as done:
    code = done.code
unneeded = os.environ["UNNEEDED"].split(",")
heavy = sorted(name for name in sys.modules if any(name == u or name.startswith(u + ".") for u in unneeded))
catalogs = sum(f"{os.sep}catalogs{os.sep}" in path for path in opened)
sys.stderr.write(f"\\nexit {code}, imported {len(heavy)}: {' '.join(heavy[:5])}\\ncatalog opened {catalogs}\\n")
"""
ENGINE = "libcst,nanlint.checks,nanlint.analysis,nanlint.engine.walk"
# What no human format needs either: argparse (a plain command line is read by the quick parse),
# dataclasses (and the inspect, ast and dis it imports), the notebook reader for Python files,
# --show-settings' module, the rest of the engine (--add-noqa's tokenizer).
STARTUP = "argparse,dataclasses,inspect,nanlint.inputs.notebook,nanlint.commands.show,nanlint.commands.parser,nanlint.engine"


class Probe(NamedTuple):
    stdout: str
    stderr: List[str]  # the report's lines on stderr
    imported: str  # `exit CODE, imported COUNT: FIRST NAMES`
    catalog_opened: str  # `catalog opened COUNT`


def _cached_imports(tmp_path, output_format, unneeded):
    """The probe of a cold run and of a run the cache answers."""
    project(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.nanlint]\nselect = ['NAN101', 'NAN102']\n")
    (tmp_path / ".gitignore").write_text("build/\n")
    command = [sys.executable, "-c", IMPORTS_PROBE, "check", "risky.py", "safe.py", "--output-format", output_format]

    def probe():
        done = subprocess.run(
            command, cwd=tmp_path, env=nanlint_env({"UNNEEDED": unneeded}), capture_output=True, text=True
        )
        *report, imported, catalog_opened = done.stderr.splitlines()
        return Probe(done.stdout, report, imported, catalog_opened)

    return probe(), probe()


@pytest.mark.parametrize("output_format", ["full", "concise", "json"])
def test_a_check_the_cache_answers_imports_neither_libcst_nor_the_checks(tmp_path, output_format):
    cold, warm = _cached_imports(tmp_path, output_format, ENGINE)
    assert cold.imported.startswith("exit 1, imported ") and not cold.imported.startswith("exit 1, imported 0:")
    assert warm.imported == "exit 1, imported 0: "
    assert warm[:2] == cold[:2]
    assert (tmp_path / ".nanlint_cache" / "catalogs").is_dir()


@pytest.mark.parametrize("output_format", ["full", "concise", "grouped"])
def test_a_check_the_cache_answers_imports_only_what_it_needs_to_start(tmp_path, output_format):
    cold, warm = _cached_imports(tmp_path, output_format, STARTUP)
    assert cold.imported.startswith("exit 1, imported ") and not cold.imported.startswith("exit 1, imported 0:")
    assert warm.imported == "exit 1, imported 0: "
    assert warm[:2] == cold[:2]


@pytest.mark.parametrize("output_format, opened", [("full", 0), ("grouped", 0), ("json", 1), ("json-lines", 1)])
def test_a_check_the_cache_answers_reads_the_catalog_only_for_a_report_that_describes_rules(
    tmp_path, output_format, opened
):
    """The human formats name no rule's metadata: the run reads no catalog. The machine formats give
    each finding's rule page: the catalog is read from the cache (and still no check imported)."""
    cold, warm = _cached_imports(tmp_path, output_format, ENGINE)
    assert cold.catalog_opened != "catalog opened 0"  # written by the cold run: the probe sees it
    assert (warm.imported, warm.catalog_opened) == ("exit 1, imported 0: ", f"catalog opened {opened}")
    assert warm[:2] == cold[:2]


def test_a_changed_rule_file_is_validated_again(nanlint, tmp_path):
    project(tmp_path)
    write(tmp_path, "sig.py", "import torch\ny = torch.sigmoid(x)\n")
    rules = tmp_path / "extra.toml"
    rules.write_text(EXTRA_RULE.format(message="first wording"))
    (tmp_path / "nanlint.toml").write_text('extend-rule-files = ["extra.toml"]\nselect = ["NAN990"]\n')
    assert nanlint("check", "sig.py", cwd=tmp_path).returncode == 1
    assert nanlint("check", "sig.py", cwd=tmp_path).returncode == 1  # the catalog read from the cache
    rules.write_text(EXTRA_RULE.format(message="first wording").replace('check = "pattern"', 'check = "no-such-check"'))
    result = nanlint("check", "sig.py", cwd=tmp_path)
    assert result.returncode == 2 and "unknown check `no-such-check`" in result.stderr


def test_an_invalid_selection_stores_nothing_and_is_an_error_when_cached_results_exist(nanlint, tmp_path):
    """Validation is skipped only for a configuration whose results are cached, which an invalid one never has."""
    project(tmp_path)
    assert nanlint("check", "risky.py", "--select", "NAN101", cwd=tmp_path).returncode == 1
    for selection in ("NAN9XX", "NAN101,NAN9XX"):
        result = nanlint("check", "risky.py", "--select", selection, cwd=tmp_path)
        assert (result.returncode, result.stdout) == (2, "")
        assert "names unknown rule selector `NAN9XX`" in result.stderr
    assert len(list((tmp_path / ".nanlint_cache").glob("*.json"))) == 1


@pytest.mark.parametrize("garbage", [b"", b"not json", b"[]", b'{"format": 4, "rules": [{"code": "NAN101"}]}'])
@pytest.mark.parametrize("needed_by", ["an edited file", "the json output"])
def test_a_corrupt_catalog_in_the_cache_is_a_miss_and_is_rewritten(nanlint, tmp_path, garbage, needed_by):
    """Read only when the run needs it: a file to check, a report that describes rules."""
    project(tmp_path)
    options = ["--output-format", "json" if needed_by == "the json output" else "concise"]
    cold = nanlint("check", ".", *options, cwd=tmp_path)
    (catalog,) = (tmp_path / ".nanlint_cache" / "catalogs").glob("*.json")
    stored = catalog.read_bytes()
    catalog.write_bytes(garbage)
    if needed_by == "an edited file":
        write(tmp_path, "safe.py", SAFE + "\n# edited\n")
    warm = nanlint("check", ".", *options, cwd=tmp_path)
    assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout, cold.stderr)
    assert catalog.read_bytes() == stored
