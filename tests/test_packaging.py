"""Packaging: the wheel ships the rule catalog and runs without torch; the pre-commit hook works
through the real `pre-commit try-repo`; README's test command works in a checkout named as `git
clone` names it. All install from the package index, so they are slow."""

import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from cli_support import RISKY, ROOT, SAFE, run_nanlint, write

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def clean_env(**extra):
    """The environment without this checkout on the path, so only installed code runs."""
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    environment.update(NO_COLOR="1", **extra)
    return environment


def run(*command, cwd=None, env=None, timeout=900):
    result = subprocess.run([str(part) for part in command], cwd=cwd, env=env or clean_env(), capture_output=True, text=True, timeout=timeout)
    return result


def ok(*command, **kwargs):
    result = run(*command, **kwargs)
    assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    return result


def test_sources_keep_to_python_3_9_syntax():
    """requires-python is >=3.9: no `match`, no parenthesised context managers, and `X | None` is never
    evaluated: annotations are strings (`from __future__ import annotations`), or, in the modules that
    evaluate theirs to define records cheaply (nanlint/types.py), none is written with `|`."""
    import ast

    for path in sorted((ROOT / "nanlint").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        ast.parse(text, filename=str(path), feature_version=(3, 9))
        tree = ast.parse(text)
        annotations = [node.annotation for node in ast.walk(tree)
                       if isinstance(node, (ast.AnnAssign, ast.arg)) and node.annotation is not None]
        annotations += [node.returns for node in ast.walk(tree)
                        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None]
        if annotations and "from __future__ import annotations" not in text:
            unions = [ast.unparse(part) for annotation in annotations for part in ast.walk(annotation)
                      if isinstance(part, ast.BinOp) and isinstance(part.op, ast.BitOr)]
            assert not unions, (path, unions)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    ok(sys.executable, "-m", "build", "--wheel", "--outdir", out, ROOT)
    (built,) = out.glob("nanlint-*.whl")
    return built


@pytest.mark.slow
def test_the_wheel_ships_the_catalog_and_declares_its_dependencies(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        entry_points = archive.read(next(n for n in names if n.endswith(".dist-info/entry_points.txt"))).decode()
    shipped = sorted(n.split("/")[-1] for n in names if n.startswith("nanlint/rules/"))
    assert shipped == sorted([p.name for p in (ROOT / "rules").glob("*.toml")] + ["validated.json"])
    assert "Requires-Python: >=3.9" in metadata
    requirements = [line.split(": ", 1)[1] for line in metadata.splitlines() if line.startswith("Requires-Dist: ")]
    assert any(r.startswith("libcst") for r in requirements)
    assert any(r.startswith("tomli") and "python_version < '3.11'" in r.replace('"', "'") for r in requirements)
    assert all("extra ==" in r for r in requirements if r.startswith("torch"))
    assert "nanlint = nanlint.commands.cli:main" in entry_points


@pytest.mark.slow
def test_the_installed_wheel_runs_without_torch(wheel, tmp_path):
    environment = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(environment)
    python = environment / "bin" / "python"
    ok(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel)
    assert run(python, "-c", "import torch").returncode != 0, "the fresh venv must not have torch"

    project = tmp_path / "project"
    write(project, "risky.py", RISKY)
    write(project, "safe.py", SAFE)
    nanlint = environment / "bin" / "nanlint"
    rules = ok(nanlint, "rules", cwd=project)
    assert rules.stdout == run_nanlint("rules").stdout  # the same catalog as the checkout's rules/
    assert "NAN101" in rules.stdout
    assert ok(nanlint, "--version", cwd=project).stdout.startswith("nanlint ")
    checked = run(nanlint, "check", ".", "--output-format", "concise", "--select", "NAN101,NAN102", cwd=project)
    assert checked.returncode == 1, checked.stderr
    assert [line.split(": ")[1].split()[0] for line in checked.stdout.splitlines()[:2]] == ["NAN102", "NAN101"]
    assert ok(python, "-m", "nanlint", "check", "safe.py", cwd=project).stdout == "All checks passed!\n"


def git(*arguments, cwd):
    identity = ("-c", "user.name=nanlint tests", "-c", "user.email=tests@nanlint.invalid", "-c", "commit.gpgsign=false")
    return ok("git", *identity, *arguments, cwd=cwd)


def committed_copy_of_this_checkout(destination: Path) -> Path:
    """This checkout's files (tracked and untracked, not ignored) committed in a new repository:
    try-repo installs the hook from a repository's commit."""
    listed = ok("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT).stdout.split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)
    git("init", "-q", cwd=destination)
    git("add", "-A", cwd=destination)
    git("commit", "-q", "-m", "nanlint under test", cwd=destination)
    return destination


@pytest.fixture(scope="module")
def try_repo(tmp_path_factory):
    """`try_repo(project, *arguments)`: the real `pre-commit try-repo` of this checkout's hook,
    committed in a new repository, run in `project`."""
    if not (ROOT / ".git").exists():
        pytest.skip("needs this checkout to be a git repository")
    base = tmp_path_factory.mktemp("hook")
    hook_repo = committed_copy_of_this_checkout(base / "repository")
    env = clean_env(PRE_COMMIT_HOME=str(base / "pre-commit-home"))

    def run_hook(project, *arguments):
        return run(sys.executable, "-m", "pre_commit", "try-repo", hook_repo, "nanlint", *arguments, cwd=project, env=env)

    return run_hook


def git_project(path: Path) -> Path:
    path.mkdir()
    git("init", "-q", cwd=path)
    return path


@pytest.mark.slow
@needs_git
def test_the_pre_commit_hook_fails_on_risky_code_and_passes_on_safe_code(tmp_path, try_repo):
    project = git_project(tmp_path / "project")
    write(project, "risky.py", RISKY)
    write(project, "safe.py", SAFE)
    write(project, "README.md", "notes\n")

    git("add", "README.md", cwd=project)  # nothing Python staged: the hook is skipped and passes
    nothing = try_repo(project)
    assert nothing.returncode == 0, nothing.stdout + nothing.stderr
    assert "(no files to check)Skipped" in nothing.stdout

    safe = try_repo(project, "--files", "safe.py")
    assert safe.returncode == 0, safe.stdout + safe.stderr
    assert "nanlint" in safe.stdout and "Passed" in safe.stdout

    risky = try_repo(project, "--files", "risky.py", "safe.py")
    assert risky.returncode == 1, risky.stdout + risky.stderr
    assert "Failed" in risky.stdout and "risky.py:5:12: NAN102" in risky.stdout


@pytest.mark.slow
@needs_git
def test_the_pre_commit_hook_skips_test_files_as_check_dot_does(tmp_path, try_repo):
    """pre-commit names every staged file; `nanlint check .` walks. Both skip test code."""
    project = git_project(tmp_path / "project")
    write(project, "src/loss.py", SAFE)
    write(project, "tests/test_loss.py", RISKY)  # test code computes naive references on purpose
    write(project, "conftest.py", RISKY)
    git("add", "-A", cwd=project)
    walked = run_nanlint("check", ".", "--no-cache", cwd=project)
    assert walked.returncode == 0, walked.stdout + walked.stderr
    everything = try_repo(project, "--all-files")
    assert everything.returncode == 0, everything.stdout + everything.stderr
    tests_only = try_repo(project, "--files", "tests/test_loss.py", "conftest.py")
    assert tests_only.returncode == 0 and "Passed" in tests_only.stdout, tests_only.stdout + tests_only.stderr

    write(project, "src/train.py", RISKY)
    git("add", "-A", cwd=project)
    assert run_nanlint("check", ".", "--no-cache", cwd=project).returncode == 1
    failing = try_repo(project, "--all-files")
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "src/train.py:5:12: NAN102" in failing.stdout and "test_loss.py" not in failing.stdout


def readme_test_command() -> str:
    """The README's command that installs and runs the tests (the one ending in `pytest -q`)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (command,) = [line for line in re.findall(r"^python3 -m venv .*$", readme, re.M) if line.endswith("python -m pytest -q")]
    return command


@pytest.mark.slow
@needs_git
def test_readme_test_command_in_a_checkout_named_nanlint(tmp_path):
    """`git clone` names the folder `nanlint`, and README puts the venv inside it: every path of
    the venv, torch's frames included, then holds the word nanlint. README's command is run there as
    written, its pytest run narrowed to the tests that read tracebacks and paths (the whole suite
    runs from such a clone in .ci/run, which runs README's command itself)."""
    if not (ROOT / ".git").exists():
        pytest.skip("needs this checkout to be a git repository")
    if ROOT.name == "nanlint" and Path(sys.prefix).resolve().is_relative_to(ROOT.resolve()):
        pytest.skip("this run is README's setup in a checkout named nanlint (as .ci/run makes it): the whole suite is the test")
    checkout = committed_copy_of_this_checkout(tmp_path / "nanlint")
    command = readme_test_command().replace("python -m pytest -q", "python -m pytest -q tests/runtime/test_processes.py")
    result = run("bash", "-c", command, cwd=checkout, timeout=2400)
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-5000:]
    assert re.search(r"\b\d+ passed", result.stdout), result.stdout[-3000:]
