"""The real-bug benchmark: NaN/Inf and autograd bugs from public reports, each with its fixed twin.

    python benchmarks/realbugs/run.py                 # verify every label by running, then recall
    python benchmarks/realbugs/run.py --static-only   # recall only (no torch runs)
    python benchmarks/realbugs/run.py --labels-only   # only verify the labels by running
    python benchmarks/realbugs/run.py -v CASE...      # some cases, one line each
    python benchmarks/realbugs/run.py --verify [-j 2] [--anomaly]   # recall of `nanlint verify`

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

Recall at the bug line: a finding of `nanlint check` whose span covers `line`. Twins flagged:
fixed.py files with any finding (a twin fixes the reported bug only, so another hazard of the same
code can remain), split into twins whose every finding is at a labelled residual (the rule covering
its line) and twins with a finding no residual explains (false alarms); and twins flagged at the
fix: a finding on the lines that replaced the bug line.
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import os
import signal
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
ROOT = HERE.parent.parent
SYMPTOMS = ("nan", "inf", "error")
PHASES = ("forward", "backward")
REQUIRED = ("source", "title", "line", "symptom", "outputs", "phase", "trigger", "category")
OPTIONAL = ("error", "fix", "residual")
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

    @property
    def bug(self) -> Path:
        return self.folder / "bug.py"

    @property
    def fixed(self) -> Path:
        return self.folder / "fixed.py"

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
    case = Case(name=folder.name, folder=folder, residual=residuals, **meta)
    problems = [
        f"symptom {case.symptom!r} is not one of {SYMPTOMS}" * (case.symptom not in SYMPTOMS),
        f"phase {case.phase!r} is not one of {PHASES}" * (case.phase not in PHASES),
        "symptom 'error' needs `error`, a substring of the message" * (case.symptom == "error" and not case.error),
        "bug.py or fixed.py is missing" * (not (case.bug.is_file() and case.fixed.is_file())),
    ]
    if case.bug.is_file():
        lines = case.bug.read_text(encoding="utf-8").splitlines()
        if not 1 <= case.line <= len(lines) or not lines[case.line - 1].strip():
            problems.append(f"line {case.line} is not a line of code in bug.py")
    if case.fixed.is_file():
        problems += [problem for residual in case.residual for problem in residual_problems(residual, case.fixed)]
    problems = [problem for problem in problems if problem]
    if problems:
        raise CaseError(f"{folder.name}: " + "; ".join(problems))
    return case


def residual_problems(residual: Residual, fixed: Path) -> List[str]:
    """Why a [[residual]] entry is not well formed against fixed.py (empty: it is)."""
    lines = fixed.read_text(encoding="utf-8").splitlines()
    where = f"residual at line {residual.line}"
    problems = [
        f"{where}: not a line of code in fixed.py" * (not 1 <= residual.line <= len(lines) or not lines[residual.line - 1].strip()),
        f"{where}: rule {residual.rule!r} is not a rule code" * (not RULE_CODE.match(residual.rule)),
        f"{where}: `why` is empty" * (not residual.why.strip()),
        f"{where}: a trigger needs `symptom` 'nan' or 'inf'" * (bool(residual.trigger) and residual.symptom not in ("nan", "inf")),
    ]
    for pair in residual.trigger:
        if len(pair) != 2:
            problems.append(f"{where}: a trigger entry is [line of fixed.py, its replacement], not {pair!r}")
        elif sum(line.strip() == pair[0].strip() for line in lines) != 1:
            problems.append(f"{where}: trigger line {pair[0]!r} is not exactly one line of fixed.py")
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


def load_cases(names: Sequence[str] = ()) -> List[Case]:
    folders = [CASES / name for name in names] if names else sorted(p for p in CASES.iterdir() if p.is_dir())
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


def _run_in_child(script: Path, outputs: List[str]) -> RunResult:
    import runpy

    import torch

    torch.set_num_threads(1)
    os.chdir(script.parent)
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


def run_script(script: Path, outputs: List[str]) -> RunResult:
    """Run `script` in a forked child (torch is imported once, in the parent) and return what it did."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        signal.alarm(RUN_SECONDS)
        try:
            result = _run_in_child(script, outputs)
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


def label_problems(case: Case) -> List[str]:
    """Why the case's label does not hold, by running both files (empty: it holds)."""
    bug, fixed = run_script(case.bug, case.outputs), run_script(case.fixed, case.outputs)
    problems = []
    if bug.problem:
        problems.append(f"bug.py: {bug.problem}")
    elif case.symptom == "error":
        if case.error not in bug.error:
            problems.append(f"bug.py: expected an error with {case.error!r}, got {bug.error or 'none'!r}")
    elif case.symptom not in bug.nonfinite:
        problems.append(f"bug.py: expected {case.symptom} in {case.outputs}, got {bug.nonfinite or 'finite'} {bug.error}".rstrip())
    if fixed.problem:
        problems.append(f"fixed.py: {fixed.problem}")
    elif fixed.error or fixed.nonfinite:
        problems.append(f"fixed.py: not clean: {fixed.error or fixed.nonfinite}")
    return problems + [problem for residual in case.residual if residual.trigger for problem in trigger_problems(case, residual)]


def trigger_problems(case: Case, residual: Residual) -> List[str]:
    """Why a residual's trigger does not show its hazard when fixed.py runs with it (empty: it does)."""
    with tempfile.TemporaryDirectory(prefix="realbugs-residual-") as folder:
        script = Path(folder) / "fixed.py"
        script.write_text(triggered(case.fixed, residual.trigger), encoding="utf-8")
        result = run_script(script, residual.outputs or case.outputs)
    where = f"residual at line {residual.line} triggered"
    if result.problem or result.error:
        return [f"{where}: {result.problem or result.error}"]
    if residual.symptom not in result.nonfinite:
        return [f"{where}: expected {residual.symptom} in {residual.outputs or case.outputs}, got {result.nonfinite or 'finite'}"]
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


def check(cases: List[Case], extra: Sequence[str]) -> Flags:
    files = [str(path) for case in cases for path in (case.bug, case.fixed)]
    command = [sys.executable, "-m", "nanlint", "check", "--output-format", "json", "--no-cache", "--exit-zero", *extra, *files]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(command, capture_output=True, text=True, cwd=CASES, env=env)
    if done.returncode not in (0, 1, 2) or not done.stdout.strip():
        raise SystemExit(f"nanlint check failed ({done.returncode}): {done.stderr.strip()}")
    by_file = {(case.folder / "bug.py").resolve(): case for case in cases}
    twins = {(case.folder / "fixed.py").resolve(): case for case in cases}
    flags = Flags()
    for finding in json.loads(done.stdout):
        path = (CASES / finding["filename"]).resolve()
        if path in twins:
            twin = twins[path]
            flags.in_twin.setdefault(twin.name, []).append(finding["code"])
            rows = range(finding["location"]["row"], finding["end_location"]["row"] + 1)
            if set(rows) & set(twin.fixed_lines()):
                flags.at_fix.setdefault(twin.name, []).append(finding["code"])
            if not any(residual.rule == finding["code"] and residual.line in rows for residual in twin.residual):
                flags.unexplained.setdefault(twin.name, []).append(finding["code"])
            continue
        case = by_file[path]
        flags.in_bug.setdefault(case.name, []).append(finding["code"])
        if finding["location"]["row"] <= case.line <= finding["end_location"]["row"]:
            flags.at_line.setdefault(case.name, []).append(finding["code"])
    return flags


def percent(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "0/0"


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", help="case folder names (default: all)")
    parser.add_argument("--static-only", action="store_true", help="do not run the scripts to verify the labels")
    parser.add_argument("--labels-only", action="store_true", help="verify the labels by running; no static check")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    parser.add_argument("--json", metavar="PATH", help="write the per-case results as JSON")
    parser.add_argument("--verify", action="store_true", help="run every case under `nanlint verify` instead")
    parser.add_argument("--anomaly", action="store_true", help="with --verify: also run bug.py under detect_anomaly")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="with --verify: runs at once (at most 2)")
    args = parser.parse_args(argv)
    try:
        cases = load_cases(args.cases)
    except CaseError as error:
        print(f"realbugs: {error}", file=sys.stderr)
        return 2
    if args.verify:
        return verify_main(cases, args)
    bad_labels = {}
    if not args.static_only:
        import torch  # noqa: F401  (imported once; every script runs in a fork of this process)

        for case in cases:
            problems = label_problems(case)
            if problems:
                bad_labels[case.name] = problems
                print(f"realbugs: {case.name}: label does not hold: {'; '.join(problems)}", file=sys.stderr)
    if args.labels_only:
        triggers = [residual for case in cases for residual in case.residual if residual.trigger]
        print(f"{len(cases)} cases; labels verified by running: {len(cases) - len(bad_labels)} hold, {len(bad_labels)} do not; "
              f"{len(triggers)} of {sum(len(case.residual) for case in cases)} residual hazards have a trigger run with them")
        return 1 if bad_labels else 0
    default, preview = check(cases, ()), check(cases, ("--preview",))
    if args.verbose:
        for case in cases:
            print(f"{case.name:48} line {case.line:>3} default {','.join(default.at_line.get(case.name, [])) or '-':14} "
                  f"preview {','.join(preview.at_line.get(case.name, [])) or '-':14} twin {','.join(default.in_twin.get(case.name, [])) or '-'}")
    total = len(cases)
    print(f"{total} cases from {len({c.source for c in cases})} reports"
          + ("" if args.static_only else f"; labels verified by running: {total - len(bad_labels)} hold, {len(bad_labels)} do not"))
    for label, flags in (("default rules", default), ("--preview", preview)):
        print(f"{label:14} recall at the bug line {percent(len(flags.at_line), total)}; "
              f"bug files flagged anywhere {percent(len(flags.in_bug), total)}; twins flagged {percent(len(flags.in_twin), total)} "
              f"({len(flags.in_twin) - len(flags.unexplained)} only at labelled residual hazards, {len(flags.unexplained)} with an "
              f"unexplained finding), at the fix {percent(len(flags.at_fix), total)}")
    if args.json:
        results = {case.name: {"source": case.source, "category": case.category, "label_problems": bad_labels.get(case.name, []),
                               "default": default.at_line.get(case.name, []), "preview": preview.at_line.get(case.name, []),
                               "twin_default": default.in_twin.get(case.name, []), "twin_preview": preview.in_twin.get(case.name, []),
                               "twin_at_fix_default": default.at_fix.get(case.name, []),
                               "twin_unexplained_default": default.unexplained.get(case.name, [])}
                   for case in cases}
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 1 if bad_labels else 0


def verify_main(cases: List[Case], args: argparse.Namespace) -> int:
    import verify_recall

    def progress(name: str) -> None:
        print(f"realbugs: verified {name}", file=sys.stderr, flush=True)

    verdicts = verify_recall.verify_cases(cases, ROOT, args.jobs, args.anomaly, progress)
    verify_recall.print_verify_table(cases, verdicts, args.verbose, percent)
    if args.json:
        results = {v.name: {"bug": v.bug.__dict__, "twin": v.twin.__dict__, "anomaly": v.anomaly} for v in verdicts}
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
