"""The static pass runs on libcst: its parser decides what is checked, Python's `ast` is not used,
and syntax newer than the running interpreter is checked as any other."""

import os
import re
import sys
import time

import libcst
import pytest

from cli_support import HUNG, RISKY, ROOT, call_nanlint, run_nanlint, write

STATIC_MODULES = [path for path in (ROOT / "nanlint").rglob("*.py") if "runtime" not in path.relative_to(ROOT / "nanlint").parts]

def refusing_parser(message="refused by the test", line=1):
    """libcst's parser refusing every file."""

    def refuse(*args, **kwargs):
        raise libcst.ParserSyntaxError(message, lines=[""], raw_line=line, raw_column=0)

    return refuse


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


def test_with_libcst_refusing_the_file_nothing_is_found_and_the_file_is_reported(tmp_path, monkeypatch):
    write(tmp_path, "risky.py", RISKY)
    # Refused first: the process keeps the trees it parsed for other files' questions, and this
    # one's text would be found there.
    with monkeypatch.context() as patched:
        patched.setattr(libcst, "parse_module", refusing_parser())
        refused = call_nanlint("check", "risky.py", "--no-cache", "--output-format", "concise", cwd=tmp_path)
    assert refused.returncode == 2, refused.stderr
    assert refused.stdout.count("NAN") == 0
    assert refused.stderr.splitlines() == ["nanlint: error: risky.py:1:1: syntax error: refused by the test"]
    normal = call_nanlint("check", "risky.py", "--no-cache", cwd=tmp_path)
    assert normal.returncode == 1


def test_syntax_newer_than_the_interpreter_is_checked(tmp_path):
    write(tmp_path, "new.py", """
        import torch

        type Logits = torch.Tensor

        def loss[T](logits: T) -> T:
            return torch.log(torch.softmax(logits, dim=-1))
    """)
    result = call_nanlint("check", "new.py", "--no-cache", "--output-format", "concise", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "new.py:6:12: NAN102" in result.stdout


@pytest.mark.slow  # 1,500 nested brackets: libcst takes a while, in a process of its own
def test_deeply_nested_code_is_checked_without_crashing_the_run(tmp_path):
    write(tmp_path, "deep.py", "import torch\nx = " + "[" * 1500 + "]" * 1500 + "\n")
    write(tmp_path, "risky.py", RISKY)
    result = run_nanlint("check", ".", "--no-cache", "--output-format", "concise", cwd=tmp_path, timeout=HUNG)
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
    result = call_nanlint("check", "order.py", "--no-cache", "--output-format", "concise", cwd=tmp_path)
    assert "order.py:6:20: NAN101" in result.stdout, result.stdout


def recording_parser():
    """libcst's parser, telling which Python version nanlint configured it for."""
    parse_module = libcst.parse_module

    def recording(source, config=libcst.PartialParserConfig()):
        sys.stderr.write(f"parsed for Python {config.python_version}\n")
        return parse_module(source, config)

    return recording


NEW_TYPE_ALIAS = """
    import torch

    type Logits = torch.Tensor

    def loss(logits):
        return torch.log(torch.softmax(logits, dim=-1))
"""


def test_target_version_makes_newer_syntax_an_error_naming_the_version_it_needs(tmp_path):
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\ntarget-version = "py311"\n')
    write(tmp_path, "new.py", NEW_TYPE_ALIAS)
    result = call_nanlint("check", "new.py", "--no-cache", "--output-format", "concise", cwd=tmp_path)
    assert result.returncode == 2
    assert "new.py:6:12: NAN102" in result.stdout  # the file is still checked
    assert result.stderr == "nanlint: error: new.py:3:1: syntax error: `type` statements need Python 3.12 or newer (target-version is py311)\n"
    newer = call_nanlint("check", "new.py", "--no-cache", "--target-version", "py312", cwd=tmp_path)
    assert newer.returncode == 1 and newer.stderr == ""


@pytest.mark.parametrize("code, feature, line", [
    ("match command:\n    case 1:\n        pass\n", "`match` statements need Python 3.10", 2),
    ("with (open(a) as f, open(b) as g):\n    pass\n", "parenthesized context managers need Python 3.10", 2),
    ("try:\n    pass\nexcept* ValueError:\n    pass\n", "`except*` clauses need Python 3.11", 2),
    ("def f[T](x: T) -> T:\n    return x\n", "type parameter lists need Python 3.12", 2),
    ('name = f"{x["key"]}"\n', "f-strings that reuse their quotes or hold a backslash or a comment need Python 3.12", 2),
])
def test_target_version_py39_names_each_newer_construct(tmp_path, code, feature, line):
    write(tmp_path, "new.py", "import torch\n" + code)
    result = call_nanlint("check", "new.py", "--no-cache", "--target-version", "py39", cwd=tmp_path)
    assert result.returncode == 2
    assert re.fullmatch(rf"nanlint: error: new\.py:{line}:\d+: syntax error: {re.escape(feature)} or newer \(target-version is py39\)\n", result.stderr), result.stderr


def test_older_syntax_passes_every_target_and_a_bad_target_is_refused(tmp_path):
    write(tmp_path, "old.py", 'import torch\nwith (open(a)) as f:\n    name = f"{x!r:>{width}}"\n    y = a[1:2, ...]\n')
    for target in ("py39", "py313"):
        result = call_nanlint("check", "old.py", "--no-cache", "--target-version", target, cwd=tmp_path)
        assert (result.returncode, result.stderr) == (0, ""), (target, result.stderr)
    write(tmp_path, "nanlint.toml", 'target-version = "py38"\n')
    bad = call_nanlint("check", "old.py", cwd=tmp_path)
    assert bad.returncode == 2
    assert bad.stderr == f"nanlint: error: {tmp_path / 'nanlint.toml'}: `target-version` must be one of py39, py310, py311, py312, py313, got 'py38'\n"


def test_the_target_version_is_handed_to_libcsts_parser(tmp_path, monkeypatch):
    write(tmp_path, "new.py", NEW_TYPE_ALIAS)
    monkeypatch.setattr(libcst, "parse_module", recording_parser())
    result = call_nanlint("check", "new.py", "--no-cache", "--target-version", "py312", cwd=tmp_path)
    assert result.returncode == 1 and result.stderr == "parsed for Python 3.12\n"


@pytest.mark.skipif(sys.version_info >= (3, 15), reason="Python 3.15 reads lazy imports")
def test_a_line_refused_for_syntax_newer_than_python_says_which_version_it_needs(tmp_path, monkeypatch):
    write(tmp_path, "lazy.py", "import torch\nlazy import json\n")
    # An older libcst, which does not know the syntax on line 2 of the file.
    monkeypatch.setattr(libcst, "parse_module", refusing_parser("unexpected token", line=2))
    result = call_nanlint("check", "lazy.py", "--no-cache", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "nanlint: error: lazy.py:2:6: syntax error: invalid syntax (`lazy` imports need Python 3.15 or newer)\n"


@pytest.mark.skipif(sys.version_info >= (3, 15), reason="Python 3.15 reads lazy imports")
def test_a_syntax_error_is_placed_where_it_is_not_where_python_meets_newer_syntax(tmp_path):
    try:
        libcst.parse_module("lazy import json\n")
    except libcst.ParserSyntaxError:
        pytest.skip("this libcst does not read lazy imports")
    write(tmp_path, "broken.py", "import torch\nlazy import json\n\ndef f(:\n    pass\n")
    result = call_nanlint("check", "broken.py", "--no-cache", cwd=tmp_path)
    assert result.returncode == 2
    # Python's compiler stops at line 2 ("invalid syntax"); libcst reads it, and refuses line 4.
    assert re.fullmatch(r"nanlint: error: broken\.py:[45]:\d+: syntax error: expected .+\n", result.stderr), result.stderr


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="the CPU time of another process is read from /proc")
def test_the_parse_budget_is_read_as_the_parsers_cpu_time_not_the_clock():
    from nanlint.analysis.parse import _cpu_seconds

    child = os.fork()
    if child == 0:  # pragma: no cover - the forked child
        time.sleep(0.3)
        os._exit(0)
    try:
        used = _cpu_seconds(child)
    finally:
        os.waitpid(child, 0)
    assert used is not None and 0 <= used < 0.3  # a sleeping child uses next to no CPU, whatever the clock says
    assert _cpu_seconds(child) is None  # gone: nothing to read
