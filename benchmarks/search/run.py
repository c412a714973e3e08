"""The search benchmark: real bugs whose shipped inputs do not trigger them, and their fixed twins.

    python benchmarks/search/run.py                  # every case, 30 s of search per finding
    python benchmarks/search/run.py --budget 10 CASE...
    python benchmarks/search/run.py --no-static      # no static finding: the search past them alone

Each folder under `cases/` is built from a case of benchmarks/realbugs (`from` in its `case.toml`):

- `benign.py`: the reported code with inputs that do NOT trigger the bug (the run stays finite), while
  changing input values only (a zero row, a saturated probability, two equal inputs, larger logits)
  does; `lines` are the lines where the bug can be born;
- `fixed.py`: the same benign program with the report's fix; `fixed_lines` are the lines of the fix.

For each case, `nanlint verify --preview --search` runs benign.py and fixed.py (in a copy of the
folder). A case is triggered when a finding covering `lines` comes back "triggerable", a static finding
or one the search made past them (a risky op no rule flagged: `--no-static` leaves the static findings
out, `--select NAN0`, to measure that search alone). Every
reproducer the search claims is run again here in a fresh process, and must show its NaN/Inf. A
fixed twin fails when its own search is triggerable at the fix, or when the inputs that triggered
the bug, given to the fixed function (the reproducer pointed at fixed.py), make NaN/Inf at the fix.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
ROOT = HERE.parent.parent
GOAL_SECONDS = 30.0


@dataclass
class Run:
    """One `verify --search` of one script: the searches of the findings at the lines that matter."""

    at_lines: List[dict] = field(default_factory=list)  # findings covering the case's lines
    claims: List[dict] = field(default_factory=list)  # every triggerable search of the script
    seconds: float = 0.0
    error: str = ""

    def status(self) -> str:
        if self.error:
            return "error: " + self.error
        if not self.at_lines:
            return "not flagged"
        if any(f["outcome"] == "confirmed" for f in self.at_lines):
            return "benign run already triggers"
        statuses = [f.get("search", {}).get("status", "no search") for f in self.at_lines]
        return "triggerable" if "triggerable" in statuses else statuses[0]

    def search_seconds(self) -> float:
        return sum(f.get("search", {}).get("seconds", 0.0) for f in self.at_lines)


def verify(folder: Path, script: str, lines: List[int], budget: float, options=()) -> Run:
    started = time.monotonic()
    command = [sys.executable, "-m", "nanlint", "verify", script, "--preview", *options, "--output-format", "json", "--search",
               "--search-budget", str(budget), "--search-dir", "repro-" + script[:-3], "--no-progress",
               "--run", sys.executable, script]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=budget * 20 + 300)
    run = Run(seconds=time.monotonic() - started)
    try:
        document = json.loads(done.stdout)
    except ValueError:
        run.error = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return run
    # The static findings, and the search's findings past them (a risky op no rule flagged), alike.
    for finding in document["findings"] + [dict(f, outcome="not triggered") for f in document.get("search_findings", [])]:
        if any(finding["line"] <= line <= finding["end_line"] for line in lines):
            run.at_lines.append(finding)
        if finding.get("search", {}).get("status") == "triggerable":
            run.claims.append(dict(finding["search"], line=finding["line"]))
    return run


def reproduces(claim: dict) -> bool:
    script = os.path.join(claim["reproducer"], "reproduce.py")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, script], capture_output=True, text=True, env=env, timeout=300)
    return done.returncode == 1 and done.stdout.strip().endswith("reproduced") and "not reproduced" not in done.stdout


def on_the_fix(claim: dict, fixed: Path, fixed_lines: List[int]) -> str:
    """The bug's trigger given to the fixed twin: its reproducer, pointed at fixed.py and its fix."""
    script = Path(claim["reproducer"]) / "reproduce.py"
    text = re.sub(r"^SOURCE = .*$", "SOURCE = %r" % os.path.realpath(fixed), script.read_text(encoding="utf-8"),
                  count=1, flags=re.M)
    text = re.sub(r"^LINES = .*$", "LINES = %r" % fixed_lines, text, count=1, flags=re.M)
    twin_script = script.with_name("reproduce_on_fixed.py")
    twin_script.write_text(text, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, str(twin_script)], capture_output=True, text=True, env=env, timeout=300)
    verdict = (done.stdout.strip().splitlines() or [""])[-1]
    if done.returncode == 0 and verdict == "not reproduced":
        return "finite on the bug's trigger"
    if done.returncode == 1 and verdict == "reproduced":
        return "TRIGGERED by the bug's trigger"
    return "the bug's trigger does not run on it: " + (done.stderr.strip().splitlines() or ["?"])[-1][:120]


def run_case(case: Path, budget: float, work: Path, options=()) -> dict:
    meta = tomllib.loads((case / "case.toml").read_text(encoding="utf-8"))
    folder = work / case.name
    shutil.copytree(case, folder)
    benign = verify(folder, "benign.py", meta["lines"], budget, options)
    fixed = verify(folder, "fixed.py", meta["fixed_lines"], budget, options)
    false_claims = [c for c in benign.claims + fixed.claims if not reproduces(c)]
    twin_at_fix = [c for c in fixed.claims if set(c["lines"]) & set(meta["fixed_lines"])]
    trigger = next((f["search"] for f in benign.at_lines if f.get("search", {}).get("status") == "triggerable"), None)
    return {
        "case": case.name,
        "status": benign.status(),
        "search_seconds": benign.search_seconds(),
        "claim": next((f["search"]["claim"] for f in benign.at_lines if f.get("search", {}).get("claim")), ""),
        "twin": "triggerable at the fix" if twin_at_fix else fixed.status(),
        "twin_replay": on_the_fix(trigger, folder / "fixed.py", meta["fixed_lines"]) if trigger else "",
        "twin_other_claims": [c["claim"] for c in fixed.claims if c not in twin_at_fix],
        "false_claims": [c["claim"] for c in false_claims],
    }


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases", nargs="*", help="case folder names (default: all)")
    parser.add_argument("--budget", type=float, default=GOAL_SECONDS, help="search seconds per finding")
    parser.add_argument("--no-static", action="store_true",
                        help="no static finding (--select NAN0): only the search past them can trigger")
    args = parser.parse_args(argv)
    options = ("--select", "NAN0") if args.no_static else ()
    cases = sorted(p for p in CASES.iterdir() if p.is_dir() and (not args.cases or p.name in args.cases))
    results = []
    with tempfile.TemporaryDirectory(prefix="nanlint-search-bench-") as work:
        for case in cases:
            result = run_case(case, args.budget, Path(work), options)
            results.append(result)
            print("%-42s %-12s %5.1fs  twin: %s; %s" % (result["case"], result["status"], result["search_seconds"],
                                                          result["twin"], result["twin_replay"]))
            if result["claim"]:
                print("    " + result["claim"])
            for claim in result["twin_other_claims"]:
                print("    twin, another hazard: " + claim)
            for claim in result["false_claims"]:
                print("    FALSE CLAIM (the reproducer did not show it): " + claim)
            sys.stdout.flush()
    triggered = [r for r in results if r["status"] == "triggerable"]
    in_time = [r for r in triggered if r["search_seconds"] <= GOAL_SECONDS]
    false_claims = sum(len(r["false_claims"]) for r in results)
    twins = [r for r in results if r["twin"] == "triggerable at the fix" or r["twin_replay"].startswith("TRIGGERED")]
    print("triggered %d/%d (%d%%), %d within %gs; false claims %d; fixed twins triggered %d/%d" % (
        len(triggered), len(results), round(100 * len(triggered) / max(1, len(results))), len(in_time), GOAL_SECONDS,
        false_claims, len(twins), len(results)))
    return 0 if not false_claims and not twins else 1


if __name__ == "__main__":
    sys.exit(main())
