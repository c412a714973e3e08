"""File discovery through the real CLI: nothing is skipped silently. Unreadable folders, runs that
check nothing and empty rule selections are errors; --show-files says what is checked and why the
rest is not; .gitignore files are honoured without git; files named explicitly are parsed even
when they never mention torch."""

import os
import re
import shutil
import subprocess

import pytest
from cli_support import LOG_OF_STD, RISKY, write

CONCISE = ("--output-format", "concise", "--no-cache")
# Root reads any file whatever its mode; without these two capabilities it is held to the mode bits.
DROP_ROOT_READING = ("setpriv", "--bounding-set=-dac_override,-dac_read_search", "--")


def reported(result):
    return set(re.findall(r"^(.+?):\d+:\d+: (NAN\d+) ", result.stdout, re.M))


@pytest.fixture
def held_to_permissions(tmp_path):
    """The command prefix under which nanlint is held to permission bits: none for a user; for root
    (as in CI), setpriv without the capabilities that let root read anything."""
    probe = write(tmp_path, "probe/closed.txt", "x")
    probe.chmod(0)
    prefix = DROP_ROOT_READING if os.geteuid() == 0 else ()
    if prefix and shutil.which("setpriv") is None:
        pytest.skip("running as root, and setpriv is not there to drop root's reading rights")
    if subprocess.run([*prefix, "cat", str(probe)], capture_output=True).returncode == 0:
        pytest.skip("cannot make a file unreadable here")
    shutil.rmtree(probe.parent)
    return prefix


@pytest.fixture
def closed_folder(tmp_path):
    """tmp_path with src/ok.py (one finding) and secret/ (mode 000) holding a risky file."""
    write(tmp_path, "src/ok.py", LOG_OF_STD)
    write(tmp_path, "secret/hidden.py", RISKY)
    (tmp_path / "secret").chmod(0)
    yield tmp_path
    (tmp_path / "secret").chmod(0o755)


def test_an_unreadable_folder_is_an_error_and_the_other_files_are_checked(nanlint, closed_folder, held_to_permissions):
    walked = nanlint("check", ".", *CONCISE, cwd=closed_folder, prefix=held_to_permissions)
    assert walked.returncode == 2
    assert reported(walked) == {("src/ok.py", "NAN101")}
    assert walked.stderr == "nanlint: error: secret: permission denied: cannot list this folder, its files are not checked\n"

    named = nanlint("check", "secret", "src", *CONCISE, cwd=closed_folder, prefix=held_to_permissions)
    assert named.returncode == 2 and reported(named) == {("src/ok.py", "NAN101")}
    assert named.stderr == walked.stderr


def test_a_file_in_an_unreadable_folder_is_reported_as_a_permission_problem(nanlint, closed_folder, held_to_permissions):
    result = nanlint("check", "secret/hidden.py", "src/ok.py", *CONCISE, cwd=closed_folder, prefix=held_to_permissions)
    assert result.returncode == 2
    assert reported(result) == {("src/ok.py", "NAN101")}
    assert result.stderr == "nanlint: error: secret/hidden.py: permission denied: cannot enter the folder secret\n"


def test_a_folder_of_test_files_only_checks_nothing_and_says_so(nanlint, tmp_path):
    for name in ("tests/test_loss.py", "tests/test_model.py", "conftest.py"):
        write(tmp_path, name, RISKY)
    result = nanlint("check", ".", *CONCISE, cwd=tmp_path)
    assert result.returncode == 2
    assert "All checks passed!" not in result.stdout
    assert result.stderr == (
        "nanlint: warning: no Python files checked: 3 test files skipped (check-tests is off); `--show-files` lists them\n")


def test_a_folder_without_python_files_checks_nothing_and_says_so(nanlint, tmp_path):
    write(tmp_path, "docs/index.md", "# notes\n")
    write(tmp_path, "build/generated.py", RISKY)
    result = nanlint("check", ".", *CONCISE, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "nanlint: warning: no Python files checked: 1 path excluded; `--show-files` lists them\n"
    empty = nanlint("check", "docs", *CONCISE, cwd=tmp_path)
    assert empty.returncode == 2
    assert empty.stderr == "nanlint: warning: no Python files checked: there are none under the paths given\n"


@pytest.mark.parametrize("where", ["command line", "configuration"])
def test_an_empty_selection_is_an_error(nanlint, tmp_path, where):
    write(tmp_path, "risky.py", RISKY)
    if where == "configuration":
        write(tmp_path, "pyproject.toml", "[tool.nanlint]\nselect = []\n")
        result = nanlint("check", ".", cwd=tmp_path)
        why = f"{tmp_path / 'pyproject.toml'}: [tool.nanlint]: `select` is empty"
    else:
        result = nanlint("check", ".", "--select", "", cwd=tmp_path)
        why = "command line: `--select` is empty"
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"nanlint: error: no rules selected ({why})\n"


def test_show_files_lists_what_is_checked_and_why_the_rest_is_skipped(nanlint, tmp_path):
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nextend-exclude = ["generated"]\n')
    write(tmp_path, ".gitignore", "scratch.py\n")
    for name in ("src/loss.py", "src/generated/table.py", "scratch.py", "tests/test_loss.py", "README.md"):
        write(tmp_path, name, LOG_OF_STD)
    result = nanlint("check", "--show-files", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "src/loss.py",
        ".gitignore (skipped: not Python)",
        "README.md (skipped: not Python)",
        "pyproject.toml (skipped: not Python)",
        "scratch.py (skipped: gitignored by .gitignore)",
        "src/generated/ (skipped: excluded by `generated`)",
        "tests/test_loss.py (skipped: test code, check-tests is off)",
    ]
    assert not (tmp_path / ".nanlint_cache").exists(), "nothing was checked"


def test_gitignore_files_are_honoured_outside_a_git_repository(nanlint, tmp_path):
    """Nested .gitignore files, negation, anchored and folder patterns, as git reads them (no git here)."""
    project = tmp_path / "project"
    write(project, ".gitignore", "scratch/\nnotes_*.py\n/top_only.py\ndata/*\n!data/keep/\n")
    write(project, "src/sub/.gitignore", "*.py\n!wanted.py\n")
    kept = ("src/a.py", "src/sub/wanted.py", "src/top_only.py", "data/keep/y.py")
    ignored = ("scratch/b.py", "src/notes_c.py", "src/sub/d.py", "top_only.py", "data/x.py")
    for name in kept + ignored:
        write(project, name, LOG_OF_STD)
    assert not any((folder / ".git").exists() for folder in (project, *project.parents))
    result = nanlint("check", ".", *CONCISE, cwd=project)
    assert {path for path, _ in reported(result)} == set(kept)
    unrestricted = nanlint("check", ".", "--no-respect-gitignore", *CONCISE, cwd=project)
    assert {path for path, _ in reported(unrestricted)} == set(kept + ignored)
    # A path named explicitly is checked although ignored; below a named folder its own rules hold.
    named = nanlint("check", "scratch", "src/notes_c.py", "src/sub", *CONCISE, cwd=project)
    assert {path for path, _ in reported(named)} == {"scratch/b.py", "src/notes_c.py", "src/sub/wanted.py"}


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_gitignore_matching_agrees_with_git_and_reads_info_exclude(nanlint, tmp_path):
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    write(tmp_path, ".git/info/exclude", "local_*.py\n")
    write(tmp_path, ".gitignore", "out/\n*.gen.py\n!keep.gen.py\n")
    write(tmp_path, "pkg/.gitignore", "/private.py\n")
    for name in ("a.py", "local_b.py", "out/c.py", "x.gen.py", "keep.gen.py", "pkg/private.py", "pkg/inner/private.py"):
        write(tmp_path, name, LOG_OF_STD)
    listed = subprocess.run(["git", "ls-files", "--others", "--exclude-standard"], cwd=tmp_path, capture_output=True, text=True, check=True)
    by_git = {name for name in listed.stdout.splitlines() if name.endswith(".py")}
    assert by_git == {"a.py", "keep.gen.py", "pkg/inner/private.py"}
    assert {path for path, _ in reported(nanlint("check", ".", *CONCISE, cwd=tmp_path))} == by_git


def test_a_file_named_explicitly_is_parsed_even_without_torch(nanlint, tmp_path):
    write(tmp_path, "tools/broken.py", "def f(:\n    pass\n")
    named = nanlint("check", "tools/broken.py", *CONCISE, cwd=tmp_path)
    assert named.returncode == 2
    assert re.fullmatch(r"nanlint: error: tools/broken\.py:1:\d+: syntax error: .+\n", named.stderr), named.stderr
    # Walked, a file that cannot import torch cannot hold a finding, and is not parsed.
    walked = nanlint("check", ".", *CONCISE, cwd=tmp_path)
    assert (walked.returncode, walked.stdout, walked.stderr) == (0, "All checks passed!\n", "")
