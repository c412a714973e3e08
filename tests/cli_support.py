"""Helpers for the tests of the static check, imported by name (`conftest` is ambiguous once
several test folders have one)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import libcst

from nanlint.analysis.context import FileContext
from nanlint.analysis.syntax import statements
from nanlint.analysis.engine import RuleSet, _Walker

ROOT = Path(__file__).resolve().parent.parent


def nanlint_env(env=None):
    """The environment for a nanlint subprocess: this checkout importable, no colour; a None
    value in `env` removes that variable."""
    environment = dict(os.environ, NO_COLOR="1", PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    environment.pop("FORCE_COLOR", None)
    for name, value in (env or {}).items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    return environment


def run_nanlint(*args, cwd=None, stdin=None, env=None, timeout=120, prefix=()):
    """Run the real CLI in a subprocess: `python -m nanlint ARGS` (after the command `prefix`, if
    any). Bytes on stdin give bytes back."""
    return subprocess.run(
        [*prefix, sys.executable, "-m", "nanlint", *map(str, args)],
        cwd=cwd, input=stdin, capture_output=True, text=not isinstance(stdin, bytes), env=nanlint_env(env), timeout=timeout,
    )


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
