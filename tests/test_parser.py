"""The static pass runs on libcst: its parser decides what is checked, Python's `ast` is not used,
and syntax newer than the running interpreter is checked as any other."""

import sys

import libcst

from cli_support import RISKY, ROOT, run_nanlint, write

STATIC_MODULES = [path for path in (ROOT / "nanlint").rglob("*.py") if "runtime" not in path.relative_to(ROOT / "nanlint").parts]

# Runs the CLI with libcst's parser refusing every file.
REFUSING_PARSER = """
import sys
import libcst

def refuse(*args, **kwargs):
    raise libcst.ParserSyntaxError("refused by the test", lines=[""], raw_line=1, raw_column=0)

libcst.parse_module = refuse
from nanlint.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _imports(module):
    names = []

    class Collect(libcst.CSTVisitor):
        def visit_Import(self, node):
            names.extend(module.code_for_node(alias.name) for alias in node.names)

        def visit_ImportFrom(self, node):
            if node.module is not None and not node.relative:
                names.append(module.code_for_node(node.module))

    module.visit(Collect())
    return names


def test_no_module_of_the_static_path_imports_ast():
    assert len(STATIC_MODULES) > 20
    offenders = {path.name: names for path in STATIC_MODULES if "ast" in (names := _imports(libcst.parse_module(path.read_text(encoding="utf-8"))))}
    assert offenders == {}


def test_with_libcst_refusing_the_file_nothing_is_found_and_the_file_is_reported(tmp_path):
    write(tmp_path, "risky.py", RISKY)
    normal = run_nanlint("check", "risky.py", "--no-cache", cwd=tmp_path)
    assert normal.returncode == 1
    refused = _run_refusing(tmp_path, "check", "risky.py", "--no-cache", "--output-format", "concise")
    assert refused.returncode == 2, refused.stderr
    assert refused.stdout.count("NAN") == 0
    assert refused.stderr.splitlines() == ["nanlint: error: risky.py:1:1: syntax error: refused by the test"]


def _run_refusing(cwd, *args):
    import os
    import subprocess

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", REFUSING_PARSER, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_syntax_newer_than_the_interpreter_is_checked(tmp_path):
    write(tmp_path, "new.py", """
        import torch

        type Logits = torch.Tensor

        def loss[T](logits: T) -> T:
            return torch.log(torch.softmax(logits, dim=-1))
    """)
    result = run_nanlint("check", "new.py", "--no-cache", "--output-format", "concise", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "new.py:6:12: NAN102" in result.stdout


def test_deeply_nested_code_is_checked_without_crashing_the_run(tmp_path):
    write(tmp_path, "deep.py", "import torch\nx = " + "[" * 1500 + "]" * 1500 + "\n")
    write(tmp_path, "risky.py", RISKY)
    result = run_nanlint("check", ".", "--no-cache", "--output-format", "concise", cwd=tmp_path, timeout=300)
    assert result.returncode == 1, result.stderr
    assert "risky.py:5:" in result.stdout and "Traceback" not in result.stderr


def test_the_walk_follows_the_order_the_code_runs(tmp_path):
    """A class's bases, an except clause's type and a case's guard run before the body: names they
    assign are known there (libcst's fields list them after it)."""
    write(tmp_path, "order.py", """
        import torch

        def f(command, scores):
            match command:
                case {"k": t} if (z := t.relu()) is not None:
                    return torch.log(z)
    """)
    result = run_nanlint("check", "order.py", "--no-cache", "--output-format", "concise", cwd=tmp_path)
    assert "order.py:6:20: NAN101" in result.stdout, result.stdout
