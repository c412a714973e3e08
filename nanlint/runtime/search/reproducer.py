"""A reproducer for a trigger: the inputs (`torch.save`) and a script that loads them, calls the function
under `nanlint.watch()`, and exits 1 when an op at the flagged line produced the NaN/Inf again.

The script imports the function's module as the program did (a module of a package keeps its relative
imports); a script's file is loaded without running its top-level code (a training script would train
again): only its imports, definitions and constant assignments are executed, at their own line numbers.
Every reproducer is run once in a fresh process before the search claims anything, with the search's
guard on (no writes, network or subprocesses).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import List, NamedTuple

import torch

from nanlint import install
from nanlint.runtime.bypass import BOOTSTRAP_DIR
from nanlint.runtime.search.calls import Call
from nanlint.runtime.search.targets import Target
from nanlint.runtime.search.trial import Goal

SCRIPT = "reproduce.py"
INPUTS = "inputs.pt"
_RERUN_TIMEOUT = 120
_MAIN_ALIAS = "nanlint_reproduced"  # the name a script (`__main__`) is loaded under

_TEMPLATE = '''"""Reproducer written by `nanlint verify --search`: {claim}.

    python {script}      # exit status 1: the NaN/Inf appeared at the line again; 0: it did not
"""
import ast
import builtins
import importlib
import os
import pickle
import sys
import types

import torch

import nanlint
from nanlint.catalog import Prediction
from nanlint.runtime.join import describe_event, predicted

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = {path!r}
MODULE = {module!r}
QUALNAME = {qualname!r}
LINES = {lines!r}
PREDICTED = [Prediction(*p) for p in {predictions!r}]  # the events that confirm the finding
sys.path[:0] = [p for p in {sys_path!r} if p not in sys.path]


def defined_names(node):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {{(a.asname or a.name).split(".")[0] for a in node.names}}
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {{node.name}}
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return {{n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}}


def is_definition(node, known):
    """Imports, functions, classes, and assignments computed from literals and names already defined."""
    if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return True
    if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
        used = {{n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}}
        return used <= known | set(dir(builtins))
    return False


def load_definitions():
    if MODULE != {main_alias!r}:  # a module the program imported: imported again, as a package wants it
        return importlib.import_module(MODULE)
    with open(SOURCE, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), SOURCE)
    kept, known = [], set()
    for node in tree.body:
        if is_definition(node, known):
            kept.append(node)
            known |= defined_names(node)
    tree.body = kept
    module = types.ModuleType(MODULE)
    module.__file__, module.__package__ = SOURCE, MODULE.rpartition(".")[0]
    sys.modules[MODULE] = module
    exec(compile(tree, SOURCE, "exec"), module.__dict__)
    return module


class Unpickler(pickle.Unpickler):
    def find_class(self, module, name):  # classes of a script were pickled as __main__.X
        return super().find_class(MODULE if module == "__main__" else module, name)


def backward(output):
    tensors = [output] if isinstance(output, torch.Tensor) else [
        t for t in (output if isinstance(output, (list, tuple)) else []) if isinstance(t, torch.Tensor)]
    tensors = [t for t in tensors if t.requires_grad and t.is_floating_point()]
    if tensors:
        sum(t.sum() for t in tensors).backward()


function = load_definitions()
for part in QUALNAME.split("."):
    function = getattr(function, part)
unpickling = types.ModuleType("unpickling")
unpickling.Unpickler, unpickling.load = Unpickler, pickle.load
inputs = torch.load(os.path.join(HERE, {inputs!r}), weights_only=False, pickle_module=unpickling)
torch.manual_seed({seed})
with nanlint.watch(paths=[SOURCE]) as watch:
    try:
        backward(function(*inputs["args"], **inputs["kwargs"]))
    except RuntimeError as error:
        print("the call raised: %s" % str(error).splitlines()[0])
here = [e for e in watch.events if e.path == os.path.realpath(SOURCE)]
for event in here:
    print("%s:%d: %s" % (SOURCE, event.line, describe_event(event)))
at_line = [e for e in here if e.line in LINES and predicted(PREDICTED, e) and e.unexpected]
print("reproduced" if at_line else "not reproduced")
sys.exit(1 if at_line else 0)
'''


class Reproducer(NamedTuple):
    folder: str
    confirmed: bool
    why: str  # when not confirmed: what the re-run showed


def folder_name(target: Target, line: int) -> str:
    stem = os.path.splitext(os.path.basename(target.path))[0]
    return "%s-%d-%s" % (stem, line, re.sub(r"[^A-Za-z0-9_]+", "_", target.qualname))


def write(target: Target, call: Call, goal: Goal, line: int, claim: str, root: str, seed: int) -> str:
    folder = os.path.join(root, folder_name(target, line))
    os.makedirs(folder, exist_ok=True)
    live = call.clone()
    torch.save({"args": live.args, "kwargs": live.kwargs, "changes": call.changes}, os.path.join(folder, INPUTS))
    module = _MAIN_ALIAS if target.module == "__main__" else target.module
    script = _TEMPLATE.format(
        claim=claim,
        script=SCRIPT,
        path=target.path,
        module=module,
        main_alias=_MAIN_ALIAS,
        qualname=target.qualname,
        lines=[line],
        predictions=[tuple(p) for p in goal.predictions],
        sys_path=_import_roots(),
        inputs=INPUTS,
        seed=seed,
    )
    with open(os.path.join(folder, SCRIPT), "w", encoding="utf-8") as handle:
        handle.write(script)
    return folder


def _import_roots() -> List[str]:
    """The program's own import folders (the environment's are found without help)."""
    environment = tuple(os.path.realpath(p) + os.sep for p in {sys.prefix, sys.base_prefix, sys.exec_prefix})
    return [
        os.path.abspath(p)
        for p in sys.path
        if p
        and os.path.isdir(p)
        and not (os.path.realpath(p) + os.sep).startswith(environment + (BOOTSTRAP_DIR + os.sep,))
    ]


# The re-run is guarded as the search is: the modules the reproducer imports must not write or connect.
_GUARDED_RUN = """import runpy, sys
from nanlint.runtime.search import guard
with guard.sandbox():
    runpy.run_path(sys.argv[1], run_name="__main__")
"""


def rerun(folder: str) -> Reproducer:
    """Run the reproducer in a fresh process (not monitored by the verify run) and read its verdict."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", _GUARDED_RUN, SCRIPT],
            cwd=folder,
            env=_fresh_environment(),
            capture_output=True,
            text=True,
            timeout=_RERUN_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return Reproducer(folder, False, "the reproducer did not finish within %ds" % _RERUN_TIMEOUT)
    lines = done.stdout.strip().splitlines()
    if done.returncode == 1 and lines and lines[-1] == "reproduced":
        return Reproducer(folder, True, "")
    last = (done.stderr.strip().splitlines() or lines or ["no output"])[-1]
    return Reproducer(folder, False, "re-running the reproducer did not show it (%s)" % last[:200])


def _fresh_environment() -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NANLINT_")}
    package_parent = os.path.dirname(install.PACKAGE_DIR)
    env["PYTHONPATH"] = package_parent + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env
