"""ruff's habits beyond the output formats, through the real CLI on real files: --show-fixes,
--exit-non-zero-on-fix, --add-noqa, -o/--output-file, --watch (a real subprocess, a real edit),
`nanlint clean`, `nanlint rule --all`, `nanlint rules --select`."""

import json
import os
import queue
import signal
import stat
import subprocess
import sys
import threading
import time

import pytest
from cli_support import LOG_OF_STD, RISKY, nanlint_env, write

from nanlint.catalog import load_catalog

FIRST_RULES = ("--select", "NAN101,NAN102")
SOFTMAX_ONLY = ("--select", "NAN102")


def test_show_fixes_lists_the_fixes_made_per_file_and_rule(nanlint, tmp_path):
    write(tmp_path, "a.py", RISKY)
    write(tmp_path, "b.py", "import torch\np = torch.log(torch.softmax(z, -1))\nq = torch.log(torch.softmax(w, -1))\n")
    result = nanlint("check", "a.py", "b.py", "--fix", "--show-fixes", *SOFTMAX_ONLY, cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == (
        "\n"
        "Fixed 3 errors:\n"
        "- a.py:\n"
        "    1 × NAN102 (log-of-softmax)\n"
        "- b.py:\n"
        "    2 × NAN102 (log-of-softmax)\n"
        "\n"
        "Found 3 errors (3 fixed, 0 remaining).\n"
    )
    assert "log_softmax" in (tmp_path / "b.py").read_text()


def test_show_fixes_is_silent_when_nothing_was_fixed_and_refused_with_diff(nanlint, tmp_path):
    write(tmp_path, "risky.py", LOG_OF_STD)
    quiet = nanlint("check", "risky.py", "--show-fixes", "--output-format", "concise", *FIRST_RULES, cwd=tmp_path)
    assert "Fixed" not in quiet.stdout and quiet.returncode == 1
    refused = nanlint("check", "risky.py", "--show-fixes", "--diff", cwd=tmp_path)
    assert refused.returncode == 2 and "`--diff` cannot be used with `--show-fixes`" in refused.stderr


def test_exit_non_zero_on_fix(nanlint, tmp_path):
    path = write(tmp_path, "risky.py", RISKY)
    assert nanlint("check", "risky.py", "--fix", *SOFTMAX_ONLY, cwd=tmp_path).returncode == 0
    path.write_text(RISKY.lstrip())
    flagged = nanlint("check", "risky.py", "--fix", "--exit-non-zero-on-fix", *SOFTMAX_ONLY, cwd=tmp_path)
    assert flagged.returncode == 1 and "log_softmax" in path.read_text()
    assert nanlint("check", "risky.py", "--fix", "--exit-non-zero-on-fix", *SOFTMAX_ONLY, cwd=tmp_path).returncode == 0  # nothing left to fix
    clash = nanlint("check", "risky.py", "--exit-zero", "--exit-non-zero-on-fix", cwd=tmp_path)
    assert clash.returncode == 2 and "cannot be used with" in clash.stderr


NOQA_SOURCE = '''import torch

def f(x, p):
    a = torch.log(x.std())  # noqa: E501
    b = torch.log(torch.softmax(p, -1)) + torch.log(x.var())  # the reason
    c = torch.log(x.std(dim=len("""
""")))
    d = torch.log(  # nanlint: ignore[NAN102]
        x.std())
    return a, b, c, d
'''

NOQA_ADDED = '''import torch

def f(x, p):
    a = torch.log(x.std())  # noqa: E501, NAN101
    b = torch.log(torch.softmax(p, -1)) + torch.log(x.var())  # the reason  # noqa: NAN101, NAN102
    c = torch.log(x.std(dim=len("""
""")))  # noqa: NAN101
    d = torch.log(  # nanlint: ignore[NAN102]  # noqa: NAN101
        x.std())
    return a, b, c, d
'''


def test_add_noqa_silences_every_finding_merging_with_existing_comments(nanlint, tmp_path):
    path = write(tmp_path, "m.py", NOQA_SOURCE)
    path.chmod(0o640)
    assert nanlint("check", "m.py", *FIRST_RULES, "--output-format", "concise", cwd=tmp_path).stdout.count("NAN10") == 5
    result = nanlint("check", "m.py", "--add-noqa", *FIRST_RULES, cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "Added 4 noqa directives.\n")
    assert path.read_text() == NOQA_ADDED
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    after = nanlint("check", "m.py", *FIRST_RULES, cwd=tmp_path)
    assert (after.returncode, after.stdout) == (0, "All checks passed!\n")
    again = nanlint("check", "m.py", "--add-noqa", *FIRST_RULES, cwd=tmp_path)
    assert (again.returncode, again.stderr, path.read_text()) == (0, "", NOQA_ADDED)


def test_add_noqa_silences_what_each_files_configuration_reports(nanlint, tmp_path):
    write(tmp_path, "nanlint.toml", 'select = ["NAN101", "NAN102"]\n')
    write(tmp_path, "sub/nanlint.toml", 'select = ["NAN101"]\n')
    top, below = write(tmp_path, "risky.py", RISKY), write(tmp_path, "sub/risky.py", RISKY)
    result = nanlint("check", "--add-noqa", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "Added 3 noqa directives.\n")
    assert top.read_text().count("# noqa: NAN10") == 2
    assert [line.endswith("# noqa: NAN101") for line in below.read_text().splitlines() if "torch.log(" in line] == [False, True]
    assert nanlint("check", cwd=tmp_path).stdout == "All checks passed!\n"
    (tmp_path / "empty").mkdir()
    nothing = nanlint("check", "--add-noqa", "empty", cwd=tmp_path)
    assert (nothing.returncode, nothing.stderr) == (2, "nanlint: warning: no Python files checked: there are none under the paths given\n")


def test_add_noqa_keeps_line_endings_and_refuses_fix(nanlint, tmp_path):
    path = tmp_path / "crlf.py"
    path.write_bytes(b"import torch\r\ny = torch.log(x.std())\r\n")
    assert nanlint("check", "crlf.py", "--add-noqa", *FIRST_RULES, cwd=tmp_path).returncode == 0
    assert path.read_bytes() == b"import torch\r\ny = torch.log(x.std())  # noqa: NAN101\r\n"
    refused = nanlint("check", "crlf.py", "--add-noqa", "--fix", cwd=tmp_path)
    assert refused.returncode == 2 and "`--add-noqa` cannot be used with `--fix`" in refused.stderr


def test_output_file_holds_the_report(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "broken.py", "import torch\nx = (\n")
    result = nanlint("check", "risky.py", "broken.py", "-o", "reports/nanlint.json", "--output-format", "json", *FIRST_RULES, cwd=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("nanlint: error: broken.py:2:5: ")
    report = json.loads((tmp_path / "reports" / "nanlint.json").read_text(encoding="utf-8"))
    assert [entry["code"] for entry in report] == ["invalid-syntax", "NAN102", "NAN101"]


def test_output_file_with_fixed_standard_input(nanlint, tmp_path):
    result = nanlint("check", "-", "--fix", "--output-file", "out.txt", "--output-format", "concise", *FIRST_RULES, cwd=tmp_path,
                     stdin=RISKY.lstrip())
    assert "log_softmax" in result.stdout and "NAN" not in result.stdout  # the fixed code alone
    assert (tmp_path / "out.txt").read_text().startswith("-:7:39: NAN101 ")


def test_output_file_that_cannot_be_written_is_a_usage_error(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    (tmp_path / "taken").write_text("a file, not a folder")
    result = nanlint("check", "risky.py", "-o", "taken/report.txt", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.startswith("nanlint: error: cannot write the output file taken/report.txt")


class Lines:
    """The lines a process prints, read by a thread, waited for with a deadline."""

    def __init__(self, stream):
        self.queue = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            self.queue.put(line)

    def wait_for(self, text, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.queue.get(timeout=0.2)
            except queue.Empty:
                continue
            self.seen.append(line)
            if text in line:
                return line
        raise AssertionError(f"no {text!r} in {self.seen}")


def test_watch_checks_again_when_a_file_changes(tmp_path):
    path = write(tmp_path, "train.py", "import torch\n")
    process = subprocess.Popen(
        [sys.executable, "-m", "nanlint", "check", "--watch", "--output-format", "concise", *FIRST_RULES, "."],
        cwd=tmp_path, env=nanlint_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out = Lines(process.stdout)
        out.wait_for("Starting linter in watch mode...")
        out.wait_for("Found 0 errors. Watching for file changes.")
        path.write_text(LOG_OF_STD.lstrip())
        out.wait_for("File change detected...")
        out.wait_for("Found 1 error. Watching for file changes.")
        assert out.wait_for("NAN101").startswith("train.py:5:12: NAN101 ")
        write(tmp_path, "new.py", RISKY)  # a new file is watched too
        out.wait_for("Found 3 errors. Watching for file changes.")
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 130
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.stderr.read() == "nanlint: interrupted\n"


def test_watch_checks_again_when_a_configuration_is_added_below(tmp_path):
    write(tmp_path, "nanlint.toml", 'select = ["NAN101", "NAN102"]\n')
    write(tmp_path, "sub/risky.py", RISKY)
    process = subprocess.Popen(
        [sys.executable, "-m", "nanlint", "check", "--watch", "--no-cache", "--output-format", "concise", "."],
        cwd=tmp_path, env=nanlint_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out = Lines(process.stdout)
        out.wait_for("Found 2 errors. Watching for file changes.")
        write(tmp_path, "sub/nanlint.toml", 'select = ["NAN101"]\n')  # the nearest configuration of sub/risky.py now
        out.wait_for("File change detected...")
        out.wait_for("Found 1 error. Watching for file changes.")
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 130
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_watch_refuses_what_it_cannot_repeat(nanlint, tmp_path):
    for extra in (("--diff",), ("--statistics",), ("-o", "x.txt")):
        result = nanlint("check", "--watch", *extra, cwd=tmp_path)
        assert result.returncode == 2 and "`--watch` cannot be used with" in result.stderr
    assert "cannot read standard input" in nanlint("check", "--watch", "-", cwd=tmp_path, stdin="").stderr


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


def test_rule_all_prints_every_page(nanlint):
    catalog = load_catalog()
    text = nanlint("rule", "--all")
    assert text.returncode == 0
    assert [line[2:] for line in text.stdout.splitlines() if line.startswith("# ")] == [f"{r.name} ({r.code})" for r in catalog.values()]
    listed = json.loads(nanlint("rule", "--all", "--output-format", "json").stdout)
    assert [rule["code"] for rule in listed] == list(catalog)
    assert listed[0]["url"] == f"https://github.com/nanlint/nanlint/blob/main/docs/rules/{listed[0]['code']}.md"
    for wrong in (("rule",), ("rule", "NAN101", "--all")):
        result = nanlint(*wrong)
        assert result.returncode == 2 and "give a rule's code or name, or `--all`" in result.stderr


@pytest.mark.parametrize("selection, prefixes", [(("--select", "NAN1,NAN95"), ("NAN1", "NAN95")), (("--select", "nan901"), ("NAN901",))])
def test_rules_select_filters_the_listing(nanlint, selection, prefixes):
    result = nanlint("rules", *selection)
    codes = [line.split()[0] for line in result.stdout.splitlines()]
    expected = [code for code in load_catalog() if code.startswith(prefixes)]
    assert result.returncode == 0 and codes == expected and codes
    as_json = json.loads(nanlint("rules", *selection, "--output-format", "json").stdout)
    assert [rule["code"] for rule in as_json] == expected


def test_rules_select_of_an_unknown_prefix_is_an_error(nanlint):
    result = nanlint("rules", "--select", "NAN99")
    assert result.returncode == 2 and "unknown rule selector `NAN99`" in result.stderr
