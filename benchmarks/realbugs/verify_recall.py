"""`run.py --verify`: does `nanlint verify` locate each real bug at its line when the script runs?

For each case, `nanlint verify <case> --output-format json --run python bug.py` (and the same on
fixed.py) runs in its own subprocess, at most two at a time, each with a time limit. From its JSON:

- located at the bug line: a confirmed finding whose span covers the line, or a runtime finding there;
- located anywhere: a confirmed or runtime finding anywhere (else: missed, with what the run said);
- static findings at the bug line: confirmed or not (the issue's target: every one confirmed), for the
  default rules; findings of opt-in rules appear only when the run confirmed them, and are counted apart;
- twins: fixed.py runs with a confirmed or runtime finding (something non-finite born in a fixed file).

`--anomaly` also runs each bug.py under torch's `detect_anomaly` alone, and counts the cases whose
"Traceback of forward call that caused the error" ends at the bug line.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence

MAX_JOBS = 2  # the machine is shared: never more than two runs at once
VERIFY_SECONDS = 120
_ANOMALY_RUNNER = (
    "import runpy, sys, torch\n"
    "torch.set_num_threads(1)\n"
    "torch.autograd.set_detect_anomaly(True)\n"
    "sys.argv = [sys.argv[1]]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)
_FORWARD_TRACEBACK = "Traceback of forward call that caused the error:"
_FRAME = re.compile(r'File "(?P<path>[^"]+)", line (?P<line>\d+)')


@dataclass
class VerifyResult:
    """What one `nanlint verify` run said about one script, reduced to what the benchmark counts."""

    at_line: List[str] = field(default_factory=list)  # codes (confirmed or runtime) at the bug line
    anywhere: List[str] = field(default_factory=list)  # "code@line" of every confirmed or runtime finding
    static_at_line: Dict[str, str] = field(default_factory=dict)  # static code (default rules) -> its outcome
    opt_in_at_line: List[str] = field(default_factory=list)  # opt-in rules' codes the run confirmed there
    status: str = ""  # the child's status line, or why the run gave no report

    def said(self) -> str:
        return ", ".join(self.anywhere) or self.status or "nothing"


@dataclass
class CaseVerdict:
    name: str
    bug: VerifyResult
    twin: VerifyResult
    anomaly: Optional[str] = None  # "file:line" anomaly mode's forward traceback ends at ("" = silent)


def _environment(root: Path) -> Dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def run_verify(folder: Path, script: str, line: int, root: Path, options: Sequence[str] = ()) -> VerifyResult:
    command = [sys.executable, "-m", "nanlint", "verify", ".", "--output-format", "json", "--no-progress",
               "--timeout", str(VERIFY_SECONDS), *options, "--run", sys.executable, script]
    try:
        done = subprocess.run(command, capture_output=True, text=True, cwd=folder, env=_environment(root),
                              timeout=VERIFY_SECONDS + 60)
        report = json.loads(done.stdout)
    except subprocess.TimeoutExpired:
        return VerifyResult(status="nanlint verify did not finish")
    except ValueError:
        return VerifyResult(status=f"no JSON report (exit {done.returncode}): {done.stderr.strip()[-300:]}")
    return reduce_report(report, script, line)


def reduce_report(report: dict, script: str, line: int) -> VerifyResult:
    result = VerifyResult(status=report["child"]["status"])
    for finding in report["findings"]:
        in_script = finding["path"] == script
        covers = in_script and finding["line"] <= line <= finding["end_line"]
        if covers and finding.get("opt_in"):  # shown only when confirmed: not a static finding of the selection
            result.opt_in_at_line.append(finding["code"])
        elif covers:
            result.static_at_line[finding["code"]] = finding["outcome"]
        if finding["outcome"] == "confirmed":
            result.anywhere.append(f"{finding['code']}@{finding['path']}:{finding['line']}")
            if covers:
                result.at_line.append(finding["code"])
    for finding in report["runtime_findings"]:
        result.anywhere.append(f"{finding['code']}@{finding['path']}:{finding['line']}")
        if finding["path"] == script and finding["line"] == line:
            result.at_line.append(finding["code"])
    result.status = "; ".join([result.status] + report.get("notes", []))
    return result


def run_anomaly(folder: Path, script: str) -> str:
    """Where torch's anomaly mode points (the innermost frame of the script in its forward traceback)."""
    try:
        done = subprocess.run([sys.executable, "-c", _ANOMALY_RUNNER, script], capture_output=True, text=True,
                              cwd=folder, timeout=VERIFY_SECONDS)
    except subprocess.TimeoutExpired:
        return ""
    _, found, traceback = done.stderr.partition(_FORWARD_TRACEBACK)
    if not found:
        return ""
    frames = [m for m in _FRAME.finditer(traceback.split("(Triggered internally")[0]) if Path(m["path"]).name == script]
    return f"{script}:{frames[-1]['line']}" if frames else ""


def verify_cases(cases: Sequence, root: Path, jobs: int, anomaly: bool,
                 progress: Callable[[str], None], options: Sequence[str] = ()) -> List[CaseVerdict]:
    """`options`: more options for `nanlint verify` (`--full-window 0`)."""
    def one(case) -> CaseVerdict:
        folder = case.bug.parent  # the case's folder, or its repro/
        verdict = CaseVerdict(case.name, run_verify(folder, "bug.py", case.line, root, options),
                              run_verify(folder, "fixed.py", 0, root, options))
        if anomaly:
            verdict.anomaly = run_anomaly(folder, "bug.py")
        progress(case.name)
        return verdict

    with ThreadPoolExecutor(max_workers=max(1, min(jobs, MAX_JOBS))) as pool:
        return list(pool.map(one, cases))


def print_verify_table(cases: Sequence, verdicts: List[CaseVerdict], verbose: bool,
                       percent: Callable[[int, int], str]) -> None:
    total = len(cases)
    by_name = {v.name: v for v in verdicts}
    at_line = [c for c in cases if by_name[c.name].bug.at_line]
    anywhere = [c for c in cases if by_name[c.name].bug.anywhere]
    static = [(c, code, outcome) for c in cases for code, outcome in by_name[c.name].bug.static_at_line.items()]
    confirmed = [s for s in static if s[2] == "confirmed"]
    twins = [c for c in cases if by_name[c.name].twin.anywhere]
    print(f"nanlint verify on {total} cases:")
    print(f"  located at the bug line   {percent(len(at_line), total)}")
    print(f"  located anywhere          {percent(len(anywhere), total)}")
    print(f"  static findings (default rules) at the bug line confirmed: {percent(len(confirmed), len(static))} "
          f"(in {len({c.name for c, _, _ in static})} cases)")
    opt_in = [c for c in cases if by_name[c.name].bug.opt_in_at_line]
    print(f"  opt-in rules' findings at the bug line that the run confirmed: in {len(opt_in)} cases")
    print(f"  twins where verify reports a non-finite value born in fixed.py: {percent(len(twins), total)}")
    if verdicts and verdicts[0].anomaly is not None:
        located = [c for c in cases if by_name[c.name].anomaly == f"bug.py:{c.line}"]
        pointed = [c for c in cases if by_name[c.name].anomaly]
        print(f"torch detect_anomaly alone: forward traceback at the bug line {percent(len(located), total)}, "
              f"anywhere {percent(len(pointed), total)}")
    missed = [c for c in cases if c not in at_line]
    for case in missed:
        print(f"  missed {case.name} (line {case.line}, {case.symptom} {case.phase}): {by_name[case.name].bug.said()}")
    for case, code, outcome in static:
        if outcome != "confirmed":
            print(f"  static {code} at {case.name} line {case.line}: {outcome}")
    for case in twins:
        print(f"  twin {case.name}: {by_name[case.name].twin.said()}")
    if verbose:
        for case in cases:
            verdict = by_name[case.name]
            print(f"{case.name:48} line {case.line:>3} at line {','.join(verdict.bug.at_line) or '-':14} "
                  f"said {verdict.bug.said()}")
