"""The real-bug benchmark: NaN/Inf and autograd bugs from public reports, each with its fixed twin.

    python benchmarks/realbugs/run.py                 # verify every label by running, then recall
    python benchmarks/realbugs/run.py --static-only   # recall only (no torch runs)
    python benchmarks/realbugs/run.py --labels-only   # only verify the labels by running (--scripts-only: not the projects)
    python benchmarks/realbugs/run.py -v CASE...      # some cases, one line each
    python benchmarks/realbugs/run.py --verify [-j 2] [--anomaly] [--full-window 0]   # recall of `nanlint verify`
    python benchmarks/realbugs/run.py --cases-dir DIR [...]   # score the cases of a folder outside the repo

Each case is a folder under `cases/` with `bug.py` (reproduces the bug on torch CPU), `fixed.py`
(its fixed twin) and `case.toml`:

    source = "https://github.com/owner/repo/issues/123"   # the public report (unique per case)
    title = "the report's title"
    line = 14                          # the line of bug.py where the NaN/Inf is born
    symptom = "nan"                    # "nan", "inf" or "error" (an exception, e.g. autograd's)
    error = "modified by an inplace"   # with symptom = "error": a substring of its message
    outputs = ["loss", "w.grad"]       # expressions read in the script's globals after it ran
    phase = "backward"                 # where the bad value appears: "forward" or "backward"
    trigger = "an all-zero row"        # what makes it happen
    category = "sqrt"                  # the family of the bug

and, optionally:

    fix = "https://github.com/owner/repo/commit/abc"   # the upstream fix fixed.py follows

    [[residual]]                       # a hazard the upstream fix left in fixed.py (a true positive)
    line = 28                          # its line in fixed.py
    rule = "NAN407"                    # the rule that reports it there
    why = "a predicted box of zero height: w / h = inf, and atan's gradient 0 * inf = NaN"
    trigger = [["pbox = make()", "pbox = make()\npbox[3] = 0.0"]]   # [line of fixed.py, its replacement]
    symptom = "nan"                    # with `trigger`: what fixed.py so changed shows in `outputs`
    outputs = ["pbox.grad"]            # with `trigger`, optional: default the case's `outputs`

A label holds when bug.py shows its symptom (a NaN, an Inf, or the error) in `outputs` and
fixed.py raises nothing and leaves every output finite; and a residual's trigger holds when fixed.py,
with those lines replaced (an input that reaches the hazard), shows the residual's symptom. Scripts
run in children forked from one process that imported torch once, one thread each, with a time limit.

A case may also be a project: the bug as it sits in a repository of a few files (the risky value made
in one file or class, consumed in another), `project/bug/` and `project/fixed/` (the same files but for
the fix), with bug.py and fixed.py then optional (at the case's root or under `repro/`), and

    [project]
    run = "train.py"                   # the entry script: run with the project folder as cwd, first on sys.path
    file = "losses.py"                 # the project file where the NaN/Inf is born
    line = 23                          # its line in project/bug/<file>
    outputs = ["loss", "model.fc.weight.grad"]   # read in the entry script's globals after it ran

A project's label holds as a single file's does, running project/bug/<run> and project/fixed/<run>
(the project's own modules are dropped from sys.modules first: two projects may both have a
`losses.py`); a [[residual]] of a project case names its `file` in project/fixed/ (none: fixed.py), and
its trigger runs the fixed project with that file so changed.

Recall at the bug line: a finding of `nanlint check` whose span covers `line`. Twins flagged:
fixed.py files with any finding (a twin fixes the reported bug only, so another hazard of the same
code can remain), split into twins whose every finding is at a labelled residual (the rule covering
its line) and twins with a finding no residual explains (false alarms); and twins flagged at the
fix: a finding on the lines that replaced the bug line. For projects, the same in project/bug/<file> at
the project's `line`, anywhere in project/bug/, and anywhere in project/fixed/. nanlint runs once over
every file, from an empty folder: no module sits there, so a project's `from losses import x` can only
mean the losses.py beside it, as for Python running its entry script.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import importlib
import json
import math
import multiprocessing
import os
import signal
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
ROOT = HERE.parent.parent
SYMPTOMS = ("nan", "inf", "error")
PHASES = ("forward", "backward", "optimizer")  # where the NaN or the error is born
REQUIRED = ("source", "title", "line", "symptom", "outputs", "phase", "trigger", "category")
OPTIONAL = ("error", "fix", "residual", "project")
PROJECT_KEYS = {"run": str, "file": str, "line": int, "outputs": list}
RULE_CODE = re.compile(r"^NAN\d{3}$")
RUN_SECONDS = 60


@dataclass
class Residual:
    """A hazard the upstream fix left in fixed.py, at `line`, that `rule` reports; `trigger` replaces
    lines of fixed.py ([line, replacement] pairs) to give it an input that reaches the hazard."""

    line: int
    rule: str
    why: str
    trigger: List[List[str]] = field(default_factory=list)
    symptom: str = ""
    outputs: List[str] = field(default_factory=list)
    file: str = ""  # in a project case: the file of project/fixed/ it is in (empty: fixed.py)


@dataclass
class Project:
    """The bug as it sits in a project of a few files: `run` is the entry script, `line` the line of
    project/bug/<file> where the NaN/Inf is born, `outputs` read in the entry script's globals."""

    run: str
    file: str
    line: int
    outputs: List[str]


@dataclass
class Case:
    name: str
    folder: Path
    source: str
    title: str
    line: int
    symptom: str
    outputs: List[str]
    phase: str
    trigger: str
    category: str
    error: str = ""
    fix: str = ""
    residual: List[Residual] = field(default_factory=list)
    project: Optional[Project] = None

    def _single(self, name: str) -> Path:
        """bug.py or fixed.py: at the case's root, else under repro/ (the root's path when in neither)."""
        for folder in (self.folder, self.folder / "repro"):
            if (folder / name).is_file():
                return folder / name
        return self.folder / name

    @property
    def bug(self) -> Path:
        return self._single("bug.py")

    @property
    def fixed(self) -> Path:
        return self._single("fixed.py")

    @property
    def single(self) -> bool:
        """The case has its single-file reproduction (bug.py and fixed.py)."""
        return self.bug.is_file() and self.fixed.is_file()

    @property
    def project_bug(self) -> Path:
        return self.folder / "project" / "bug"

    @property
    def project_fixed(self) -> Path:
        return self.folder / "project" / "fixed"

    def fixed_lines(self) -> range:
        """The lines of fixed.py that stand where the bug line stood in bug.py."""
        bug = self.bug.read_text(encoding="utf-8").splitlines()
        fixed = self.fixed.read_text(encoding="utf-8").splitlines()
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, bug, fixed, autojunk=False).get_opcodes():
            if i1 < self.line <= i2 or tag == "insert" and i1 == self.line - 1:
                if tag == "equal":
                    line = j1 + self.line - i1
                    return range(line, line + 1)
                return range(j1 + 1, max(j2, j1 + 1) + 1)
        return range(0)


class CaseError(Exception):
    """A case folder that does not hold a well-formed case."""


def load_case(folder: Path) -> Case:
    try:
        meta = tomllib.loads((folder / "case.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise CaseError(f"{folder.name}: case.toml: {error}") from None
    missing = [key for key in REQUIRED if key not in meta]
    unknown = sorted(set(meta) - set(REQUIRED) - set(OPTIONAL))
    if missing or unknown:
        raise CaseError(f"{folder.name}: case.toml: missing {missing}, unknown {unknown}")
    try:
        residuals = [Residual(**entry) for entry in meta.pop("residual", [])]
    except TypeError as error:
        raise CaseError(f"{folder.name}: case.toml: [[residual]]: {error}") from None
    project = load_project(folder, meta.pop("project", None))
    case = Case(name=folder.name, folder=folder, residual=residuals, project=project, **meta)
    problems = [
        f"symptom {case.symptom!r} is not one of {SYMPTOMS}" * (case.symptom not in SYMPTOMS),
        f"phase {case.phase!r} is not one of {PHASES}" * (case.phase not in PHASES),
        "symptom 'error' needs `error`, a substring of the message" * (case.symptom == "error" and not case.error),
        "bug.py or fixed.py is missing" * (not case.single and (project is None or case.bug.is_file() or case.fixed.is_file())),
        "project/ without [project] in case.toml" * (project is None and (folder / "project").exists()),
    ]
    if case.bug.is_file():
        problems += line_problems(case.bug, case.line, "line")
    if project is not None:
        problems += project_problems(case)
    for residual in case.residual:
        where = inside(case.project_fixed, residual.file) if residual.file else case.fixed
        if residual.file and project is None:
            problems.append(f"residual at line {residual.line}: `file` needs [project]")
        elif where is None or not where.is_file():
            name = f"project/fixed/{residual.file}" if residual.file else "fixed.py"
            problems.append(f"residual at line {residual.line}: {name} is missing")
        else:
            problems += residual_problems(residual, where)
    problems = [problem for problem in problems if problem]
    if problems:
        raise CaseError(f"{folder.name}: " + "; ".join(problems))
    return case


def load_project(folder: Path, table) -> Optional[Project]:
    """The [project] table of case.toml, its keys and their types checked (None: the case has none)."""
    if table is None:
        return None
    where = f"{folder.name}: case.toml: [project]"
    if not isinstance(table, dict):
        raise CaseError(f"{where} must be a table")
    missing = [key for key in PROJECT_KEYS if key not in table]
    unknown = sorted(set(table) - set(PROJECT_KEYS))
    if missing or unknown:
        raise CaseError(f"{where}: missing {missing}, unknown {unknown}")
    wrong = [key for key, kind in PROJECT_KEYS.items() if not isinstance(table[key], kind) or isinstance(table[key], bool)]
    if wrong or not all(isinstance(output, str) for output in table["outputs"]):
        raise CaseError(f"{where}: {', '.join(wrong) or 'outputs'}: wrong type (run, file: strings; line: an integer; "
                        "outputs: a list of strings)")
    return Project(**table)


def line_problems(path: Path, line: int, what: str) -> List[str]:
    """`line` is a line of code (not blank) of `path` (empty: it is)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if not 1 <= line <= len(lines) or not lines[line - 1].strip():
        return [f"{what} {line} is not a line of code in {path.name}"]
    return []


def inside(folder: Path, relative: str) -> Optional[Path]:
    """folder/relative, if `relative` is a relative path that stays inside `folder` (else None)."""
    path = (folder / relative).resolve()
    return path if not Path(relative).is_absolute() and folder.resolve() in path.parents else None


def project_problems(case: Case) -> List[str]:
    """Why the case's project folders do not match its [project] table (empty: they do)."""
    project, problems = case.project, []
    for side in (case.project_bug, case.project_fixed):
        name = f"project/{side.name}"
        if not side.is_dir():
            problems.append(f"{name}/ is missing")
            continue
        for key in ("run", "file"):
            path = inside(side, getattr(project, key))
            if path is None or not path.is_file() or path.suffix != ".py":
                problems.append(f"[project] {key} {getattr(project, key)!r} is not a Python file of {name}/")
    bug_file = inside(case.project_bug, project.file)
    if not problems and bug_file is not None:
        problems += [f"[project] {problem} of project/bug/"
                     for problem in line_problems(bug_file, project.line, "line")]
    if not project.outputs:
        problems.append("[project] outputs is empty")
    return problems


def residual_problems(residual: Residual, fixed: Path) -> List[str]:
    """Why a [[residual]] entry is not well formed against fixed.py (empty: it is)."""
    lines = fixed.read_text(encoding="utf-8").splitlines()
    where = f"residual at line {residual.line}" + f" of {residual.file}" * bool(residual.file)
    problems = [
        f"{where}: not a line of code in {fixed.name}" * (not 1 <= residual.line <= len(lines) or not lines[residual.line - 1].strip()),
        f"{where}: rule {residual.rule!r} is not a rule code" * (not RULE_CODE.match(residual.rule)),
        f"{where}: `why` is empty" * (not residual.why.strip()),
        f"{where}: a trigger needs `symptom` 'nan' or 'inf'" * (bool(residual.trigger) and residual.symptom not in ("nan", "inf")),
    ]
    for pair in residual.trigger:
        if len(pair) != 2:
            problems.append(f"{where}: a trigger entry is [line of fixed.py, its replacement], not {pair!r}")
        elif sum(line.strip() == pair[0].strip() for line in lines) != 1:
            problems.append(f"{where}: trigger line {pair[0]!r} is not exactly one line of {fixed.name}")
    return problems


def triggered(fixed: Path, trigger: List[List[str]]) -> str:
    """fixed.py's text with the trigger's lines replaced, each replacement at the indentation of its line."""
    replacements = {old.strip(): new for old, new in trigger}
    out = []
    for line in fixed.read_text(encoding="utf-8").splitlines():
        new = replacements.get(line.strip())
        indent = line[:len(line) - len(line.lstrip())]
        out.extend([line] if new is None else [indent + part for part in new.splitlines()])
    return "\n".join(out) + "\n"


def load_cases(names: Sequence[str] = (), cases_dir: Optional[Path] = None) -> List[Case]:
    where = cases_dir or CASES
    folders = [where / name for name in names] if names else sorted(p for p in where.iterdir() if p.is_dir())
    cases = [load_case(folder) for folder in folders]
    by_source: Dict[str, str] = {}
    for case in cases:
        if case.source in by_source:
            raise CaseError(f"{case.name}: the same report as {by_source[case.source]} ({case.source})")
        by_source[case.source] = case.name
    return cases


# --- running the scripts --------------------------------------------------------------------

@dataclass
class RunResult:
    """What a script did: the exception it raised, or the kinds of non-finite values its outputs held."""

    error: str = ""
    nonfinite: List[str] = field(default_factory=list)  # "nan", "inf"
    problem: str = ""  # the harness could not tell (timeout, an output that is not there)


def _kinds(value) -> List[str]:
    import torch

    if isinstance(value, torch.Tensor):
        value = value.detach()
        if not (value.is_floating_point() or value.is_complex()):
            return []
        return ["nan"] * bool(torch.isnan(value).any()) + ["inf"] * bool(torch.isinf(value).any())
    if isinstance(value, float):
        return ["nan"] * math.isnan(value) + ["inf"] * math.isinf(value)
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return sorted({kind for item in value for kind in _kinds(item)})
    if hasattr(value, "parameters"):  # an nn.Module: its parameters and their gradients
        return _kinds([tensor for p in value.parameters() for tensor in (p, p.grad) if tensor is not None])
    return []


def _forget_modules(folder: Path) -> None:
    """Drop the modules and packages `folder` holds from sys.modules, so that its imports load its own
    files (another project's `losses`, or a module of the harness, may have the same name)."""
    names = {path.stem if path.suffix == ".py" else path.name for path in folder.iterdir()
             if path.suffix == ".py" or path.is_dir() and path.name != "__pycache__"}
    for name in [name for name in sys.modules if name.split(".")[0] in names]:
        del sys.modules[name]
    importlib.invalidate_caches()


def _run_in_child(script: Path, outputs: List[str], project: Optional[Path] = None) -> RunResult:
    import runpy

    import torch

    torch.set_num_threads(1)
    os.chdir(project or script.parent)
    if project is not None:  # as `cd project && python run.py` would: the folder first on sys.path
        sys.dont_write_bytecode = True
        sys.path.insert(0, str(project))
        _forget_modules(project)
    sys.argv = [str(script)]
    try:
        namespace = runpy.run_path(str(script), run_name="__main__")
    except SystemExit as stop:
        if stop.code not in (None, 0):
            return RunResult(error=f"SystemExit({stop.code})")
        return RunResult(problem="the script exited before its outputs could be read")
    except BaseException as error:  # the symptom of an autograd error
        return RunResult(error=f"{type(error).__name__}: {error}")
    kinds = set()
    for expression in outputs:
        try:
            kinds.update(_kinds(eval(expression, namespace)))
        except Exception as error:
            return RunResult(problem=f"output {expression!r}: {type(error).__name__}: {error}")
    return RunResult(nonfinite=sorted(kinds))


def run_script(script: Path, outputs: List[str], project: Optional[Path] = None) -> RunResult:
    """Run `script` in a forked child (torch is imported once, in the parent) and return what it did;
    with `project`, the script is a project's entry, run with that folder as cwd and first on sys.path."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        signal.alarm(RUN_SECONDS)
        try:
            result = _run_in_child(script, outputs, project)
        except BaseException as error:
            result = RunResult(problem=f"harness: {error}")
        os.write(write, json.dumps(result.__dict__).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    if not data:
        return RunResult(problem=f"the run died (status {status}; over {RUN_SECONDS} s?)")
    return RunResult(**json.loads(data))


def label_problems(case: Case, projects: bool = True) -> List[str]:
    """Why the case's label does not hold, by running both files, and both projects unless `projects`
    is false (empty: it holds)."""
    problems = []
    if case.single:
        bug, fixed = run_script(case.bug, case.outputs), run_script(case.fixed, case.outputs)
        problems += symptom_problems(case, bug, fixed, case.outputs, "bug.py", "fixed.py")
    if case.project is not None and projects:
        project = case.project
        bug = run_script(case.project_bug / project.run, project.outputs, case.project_bug)
        fixed = run_script(case.project_fixed / project.run, project.outputs, case.project_fixed)
        problems += symptom_problems(case, bug, fixed, project.outputs, f"project/bug/{project.run}",
                                     f"project/fixed/{project.run}")
    return problems + [problem for residual in case.residual if residual.trigger for problem in trigger_problems(case, residual)]


def _labels_checked(cases: List[Case], projects: bool) -> Iterator[List[str]]:
    """`label_problems` of each case, in order, on every core: worker processes forked from this one
    (torch already imported), each forking again for every script it runs."""
    check = functools.partial(label_problems, projects=projects)
    workers = min(os.cpu_count() or 1, len(cases))
    if workers < 2:
        yield from map(check, cases)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap(check, cases)


def symptom_problems(case: Case, bug: RunResult, fixed: RunResult, outputs: List[str], bug_name: str,
                     fixed_name: str) -> List[str]:
    """Why a run of the bug does not show the case's symptom, or the fixed one is not clean (empty: fine)."""
    problems = []
    if bug.problem:
        problems.append(f"{bug_name}: {bug.problem}")
    elif case.symptom == "error":
        if case.error not in bug.error:
            problems.append(f"{bug_name}: expected an error with {case.error!r}, got {bug.error or 'none'!r}")
    elif case.symptom not in bug.nonfinite:
        problems.append(f"{bug_name}: expected {case.symptom} in {outputs}, got {bug.nonfinite or 'finite'} {bug.error}".rstrip())
    if fixed.problem:
        problems.append(f"{fixed_name}: {fixed.problem}")
    elif fixed.error or fixed.nonfinite:
        problems.append(f"{fixed_name}: not clean: {fixed.error or fixed.nonfinite}")
    return problems


def trigger_problems(case: Case, residual: Residual) -> List[str]:
    """Why a residual's trigger does not show its hazard when fixed.py runs with it (empty: it does)."""
    outputs = residual.outputs or (case.project.outputs if residual.file else case.outputs)
    with tempfile.TemporaryDirectory(prefix="realbugs-residual-") as folder:
        if residual.file:  # the fixed project, copied, with the residual's file so changed
            project = Path(folder) / "project"
            shutil.copytree(case.project_fixed, project, ignore=shutil.ignore_patterns("__pycache__"))
            (project / residual.file).write_text(triggered(case.project_fixed / residual.file, residual.trigger), encoding="utf-8")
            result = run_script(project / case.project.run, outputs, project)
        else:
            script = Path(folder) / "fixed.py"
            script.write_text(triggered(case.fixed, residual.trigger), encoding="utf-8")
            result = run_script(script, outputs)
    where = f"residual at line {residual.line}" + f" of {residual.file}" * bool(residual.file) + " triggered"
    if result.problem or result.error:
        return [f"{where}: {result.problem or result.error}"]
    if residual.symptom not in result.nonfinite:
        return [f"{where}: expected {residual.symptom} in {outputs}, got {result.nonfinite or 'finite'}"]
    return []


# --- the static pass ------------------------------------------------------------------------

@dataclass
class Flags:
    """What one run of `nanlint check` said about each case."""

    at_line: Dict[str, List[str]] = field(default_factory=dict)  # case -> codes covering the bug line
    in_bug: Dict[str, List[str]] = field(default_factory=dict)  # case -> codes anywhere in bug.py
    in_twin: Dict[str, List[str]] = field(default_factory=dict)  # case -> codes in fixed.py
    at_fix: Dict[str, List[str]] = field(default_factory=dict)  # case -> codes on the lines of the fix
    unexplained: Dict[str, List[str]] = field(default_factory=dict)  # case -> codes in fixed.py at no labelled residual
    # the same for project cases: project/bug/<file> at the project's line, anywhere in project/bug/, project/fixed/
    project_at_line: Dict[str, List[str]] = field(default_factory=dict)  # case -> codes covering the project's line
    project_in_bug: Dict[str, List[str]] = field(default_factory=dict)  # case -> "file:CODE" anywhere in project/bug/
    project_in_twin: Dict[str, List[str]] = field(default_factory=dict)  # case -> "file:CODE" in project/fixed/
    project_unexplained: Dict[str, List[str]] = field(default_factory=dict)  # case -> the same at no labelled residual


def project_files(folder: Path) -> List[Path]:
    return sorted(path for path in folder.rglob("*.py") if "__pycache__" not in path.parts)


def check(cases: List[Case], extra: Sequence[str]) -> Flags:
    """One run of `nanlint check` over every case's files (single files and projects), read per case."""
    singles = [case for case in cases if case.single]
    projects = {side.resolve(): (case, side.name) for case in cases if case.project is not None
                for side in (case.project_bug, case.project_fixed)}
    files = [str(path) for case in singles for path in (case.bug, case.fixed)]
    files += [str(path) for side in projects for path in project_files(side)]
    command = [sys.executable, "-m", "nanlint", "check", "--output-format", "json", "--no-cache", "--exit-zero", *extra, *files]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with tempfile.TemporaryDirectory(prefix="realbugs-check-") as cwd:  # holds no module a project could import
        done = subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env)
    if done.returncode not in (0, 1, 2) or not done.stdout.strip():
        raise SystemExit(f"nanlint check failed ({done.returncode}): {done.stderr.strip()}")
    by_file = {case.bug.resolve(): case for case in singles}
    twins = {case.fixed.resolve(): case for case in singles}
    flags = Flags()
    for finding in json.loads(done.stdout):
        path = (Path(cwd) / finding["filename"]).resolve()
        side = next((folder for folder in path.parents if folder in projects), None)
        if side is not None:
            project_finding(flags, *projects[side], path.relative_to(side).as_posix(), finding)
            continue
        if path in twins:
            twin = twins[path]
            flags.in_twin.setdefault(twin.name, []).append(finding["code"])
            rows = range(finding["location"]["row"], finding["end_location"]["row"] + 1)
            if set(rows) & set(twin.fixed_lines()):
                flags.at_fix.setdefault(twin.name, []).append(finding["code"])
            if not any(not residual.file and residual.rule == finding["code"] and residual.line in rows
                       for residual in twin.residual):
                flags.unexplained.setdefault(twin.name, []).append(finding["code"])
            continue
        case = by_file[path]
        flags.in_bug.setdefault(case.name, []).append(finding["code"])
        if finding["location"]["row"] <= case.line <= finding["end_location"]["row"]:
            flags.at_line.setdefault(case.name, []).append(finding["code"])
    return flags


def project_finding(flags: Flags, case: Case, side: str, file: str, finding: dict) -> None:
    """Count one finding in project/<side>/<file> of `case`."""
    code, rows = finding["code"], range(finding["location"]["row"], finding["end_location"]["row"] + 1)
    if side == "fixed":
        flags.project_in_twin.setdefault(case.name, []).append(f"{file}:{code}")
        if not any(residual.file == file and residual.rule == code and residual.line in rows for residual in case.residual):
            flags.project_unexplained.setdefault(case.name, []).append(f"{file}:{code}")
        return
    flags.project_in_bug.setdefault(case.name, []).append(f"{file}:{code}")
    if file == case.project.file and case.project.line in rows:
        flags.project_at_line.setdefault(case.name, []).append(code)


def percent(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "0/0"


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", help="case folder names (default: all)")
    parser.add_argument("--static-only", action="store_true", help="do not run the scripts to verify the labels")
    parser.add_argument("--labels-only", action="store_true", help="verify the labels by running; no static check")
    parser.add_argument("--scripts-only", action="store_true",
                        help="verify the labels of the single scripts only, not of the project forms (half the runs)")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    parser.add_argument("--json", metavar="PATH", help="write the per-case results as JSON")
    parser.add_argument("--verify", action="store_true", help="run every case under `nanlint verify` instead")
    parser.add_argument("--anomaly", action="store_true", help="with --verify: also run bug.py under detect_anomaly")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="with --verify: runs at once (at most 2)")
    parser.add_argument("--full-window", type=float, metavar="SECONDS",
                        help="with --verify: passed to `nanlint verify` (0: every step after the first at the tripwire)")
    parser.add_argument("--cases-dir", type=Path, metavar="DIR", help=f"the folder of case folders (default: {CASES})")
    args = parser.parse_args(argv)
    if args.cases_dir is not None and not args.cases_dir.is_dir():
        print(f"realbugs: --cases-dir {args.cases_dir}: not a folder", file=sys.stderr)
        return 2
    try:
        cases = load_cases(args.cases, args.cases_dir and args.cases_dir.resolve())
    except CaseError as error:
        print(f"realbugs: {error}", file=sys.stderr)
        return 2
    if args.verify:
        return verify_main([case for case in cases if case.single], args)
    bad_labels = {}
    if not args.static_only:
        import torch  # noqa: F401  (imported once; every script runs in a fork of this process)

        for case, problems in zip(cases, _labels_checked(cases, not args.scripts_only)):
            if problems:
                bad_labels[case.name] = problems
                print(f"realbugs: {case.name}: label does not hold: {'; '.join(problems)}", file=sys.stderr)
    if args.labels_only:
        triggers = [residual for case in cases for residual in case.residual if residual.trigger]
        print(f"{len(cases)} cases; labels verified by running: {len(cases) - len(bad_labels)} hold, {len(bad_labels)} do not; "
              f"{len(triggers)} of {sum(len(case.residual) for case in cases)} residual hazards have a trigger run with them")
        return 1 if bad_labels else 0
    default, preview = check(cases, ()), check(cases, ("--preview",))
    projects = [case for case in cases if case.project is not None]
    if args.verbose:
        print_cases(cases, default, preview)
    total = len([case for case in cases if case.single])
    print(f"{len(cases)} cases from {len({c.source for c in cases})} reports"
          + ("" if args.static_only else f"; labels verified by running: {len(cases) - len(bad_labels)} hold, {len(bad_labels)} do not"))
    for label, flags in (("default rules", default), ("--preview", preview)):
        print(f"{label:14} recall at the bug line {percent(len(flags.at_line), total)}; "
              f"bug files flagged anywhere {percent(len(flags.in_bug), total)}; twins flagged {percent(len(flags.in_twin), total)} "
              f"({len(flags.in_twin) - len(flags.unexplained)} only at labelled residual hazards, {len(flags.unexplained)} with an "
              f"unexplained finding), at the fix {percent(len(flags.at_fix), total)}")
    if projects:
        print(f"{len(projects)} of them as projects ({sum(len(project_files(c.project_bug)) for c in projects)} files with the bug)")
        for label, flags in (("default rules", default), ("--preview", preview)):
            flagged, unexplained = len(flags.project_in_twin), len(flags.project_unexplained)
            print(f"{label:14} project recall at the bug line {percent(len(flags.project_at_line), len(projects))}; "
                  f"project bug folders flagged anywhere {percent(len(flags.project_in_bug), len(projects))}; "
                  f"project twins flagged {percent(flagged, len(projects))} ({flagged - unexplained} only at labelled "
                  f"residual hazards, {unexplained} with an unexplained finding)")
    if args.json:
        results = {case.name: {"source": case.source, "category": case.category, "label_problems": bad_labels.get(case.name, []),
                               "default": default.at_line.get(case.name, []), "preview": preview.at_line.get(case.name, []),
                               "twin_default": default.in_twin.get(case.name, []), "twin_preview": preview.in_twin.get(case.name, []),
                               "twin_at_fix_default": default.at_fix.get(case.name, []),
                               "twin_unexplained_default": default.unexplained.get(case.name, []),
                               **project_results(case, default, preview)}
                   for case in cases}
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 1 if bad_labels else 0


def print_cases(cases: List[Case], default: Flags, preview: Flags) -> None:
    """-v: one line per case, and one per project: the codes at the bug line, and in the twin."""
    def codes(found: Dict[str, List[str]], case: Case) -> str:
        return ",".join(found.get(case.name, [])) or "-"

    for case in cases:
        if case.single:
            print(f"{case.name:48} line {case.line:>3} default {codes(default.at_line, case):14} "
                  f"preview {codes(preview.at_line, case):14} twin {codes(default.in_twin, case)}")
        if case.project is not None:
            where = f"{case.project.file}:{case.project.line}"
            print(f"{case.name:48} project {where:20} default {codes(default.project_at_line, case):14} "
                  f"preview {codes(preview.project_at_line, case):14} anywhere {codes(default.project_in_bug, case)} "
                  f"twin {codes(default.project_in_twin, case)}")


def project_results(case: Case, default: Flags, preview: Flags) -> dict:
    """--json: a project case's findings, under "project" (nothing for a single-file case)."""
    if case.project is None:
        return {}
    return {"project": {"run": case.project.run, "file": case.project.file, "line": case.project.line,
                        "default": default.project_at_line.get(case.name, []),
                        "preview": preview.project_at_line.get(case.name, []),
                        "bug_default": default.project_in_bug.get(case.name, []),
                        "bug_preview": preview.project_in_bug.get(case.name, []),
                        "twin_default": default.project_in_twin.get(case.name, []),
                        "twin_preview": preview.project_in_twin.get(case.name, []),
                        "twin_unexplained_default": default.project_unexplained.get(case.name, [])}}


def verify_main(cases: List[Case], args: argparse.Namespace) -> int:
    import verify_recall

    def progress(name: str) -> None:
        print(f"realbugs: verified {name}", file=sys.stderr, flush=True)

    options = ("--full-window", str(args.full_window)) if args.full_window is not None else ()
    verdicts = verify_recall.verify_cases(cases, ROOT, args.jobs, args.anomaly, progress, options)
    verify_recall.print_verify_table(cases, verdicts, args.verbose, percent)
    if args.json:
        results = {v.name: {"bug": v.bug.__dict__, "twin": v.twin.__dict__, "anomaly": v.anomaly} for v in verdicts}
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
