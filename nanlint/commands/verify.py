"""`nanlint verify [PATHS...] --run CMD [ARGS...]`: run the code and say which findings really fire.

Exit codes: 1 if a finding was confirmed, a non-finite value was found at run time, or (with --search)
a finding was shown triggerable; 0 if not and the command succeeded; 2 on a usage error, or when the
command failed, crashed, timed out or was interrupted and nothing was found, or when no process of the
command was monitored (the run could not vouch for the code).
"""

from __future__ import annotations

import argparse
import io
import math
import os
import shutil
import sys
import tempfile
from typing import List, Tuple

from nanlint.types import OUTPUT_FORMATS, Exit, Finding, Report
from nanlint.inputs import is_notebook
from nanlint.project.run import make_project
from nanlint.runtime import environment
from nanlint.runtime.events import read_run_dir
from nanlint.runtime.join import NOT_REACHED, join
from nanlint.runtime.render import annotated_findings, process_notes, render_concise, render_json, render_text
from nanlint.runtime.runner import child_environment, run_child
from nanlint.runtime.schedule import FULL
from nanlint.runtime.search.plan import (
    FlaggedLine,
    SearchPlan,
    finding_columns,
    finding_lines,
    predictions_of,
)
from nanlint.runtime.search.report import SearchReport
from nanlint.runtime.summary import summarize
from nanlint.engine.suppressions import suppressed


def run(args: argparse.Namespace) -> int:
    problem = _usage_problem(args)
    if problem:
        sys.stderr.write("nanlint verify: error: %s\n" % problem)
        return Exit.ERROR
    paths = args.paths or ["."]
    project = make_project(args)  # a configuration or selection error exits 2, as for check
    report, candidates = _static_findings(args, paths, project)
    fmt = args.output_format or project.settings.output_format or "text"
    run_dir, temporary = _run_dir(args.events_dir)
    try:
        env = child_environment(
            run_dir, paths, args.strict, args.anomaly, math.inf if args.monitor == FULL else args.full_window
        )
        if args.search:
            env[environment.SEARCH_PLAN] = _search_plan(args, report.findings, project.catalog, run_dir).save(run_dir)
        child = run_child(
            args.run,
            env,
            run_dir,
            args.timeout,
            progress=not args.no_progress,
            stdout_to_stderr=OUTPUT_FORMATS[fmt].machine,
        )
        if child.start_error:
            sys.stderr.write("nanlint verify: error: %s\n" % child.status_line())
            return Exit.ERROR
        summary = summarize(read_run_dir(run_dir))
    finally:
        if temporary:
            shutil.rmtree(run_dir, ignore_errors=True)
    joined = _unknown_where_unmonitored(
        join(
            report.findings,
            summary,
            catalog=project.catalog,
            candidates=candidates,
            is_test=lambda path: project.checker_for(path).is_test(path),
        ),
        summary,
    )
    enabled = {rule.code for rule in project.rules}
    joined.runtime_findings = [
        r for r in joined.runtime_findings if r.finding.code in enabled and not suppressed(r.finding)
    ]
    searched = _search_report(args, joined, summary) if args.search else None
    if searched:
        joined.searched = searched.found(project.catalog, lambda f: f.code in enabled and not suppressed(f))
    _write(fmt, args, joined, summary, child, project.catalog, searched)
    if report.errors:
        from nanlint.formats.output import render_errors

        render_errors(report)
    if joined.found_anything or (searched and searched.triggered):
        return Exit.FINDINGS
    return Exit.CLEAN if child.succeeded and summary.monitored else Exit.ERROR


def _unknown_where_unmonitored(joined, summary):
    if not summary.monitored:
        return joined.as_unknown("no process of the command was monitored, so the run says nothing about this line")
    if summary.unmonitored:
        return joined.as_unknown(
            "no monitored process ran this line, and a subprocess ran unmonitored", outcomes=(NOT_REACHED,)
        )
    return joined


def _static_findings(args, paths, project) -> Tuple[Report, List[Finding]]:
    """The static pass, run once with the opt-in rules on: the report of the selected rules, and the
    candidates, the findings of opt-in rules the selection leaves off but `--preview` would take (an
    explicit `--ignore` still rules them out): the run may confirm them, which removes the doubt that
    keeps them off by default. The selected rules' findings are the same either way: a rule that
    supersedes a selected one runs, silently, whether it is selected or not (engine/walk.py).
    A notebook's code runs under other names (`<ipython-input-...>`): its findings cannot be confirmed."""
    wider = project if args.preview else make_project(argparse.Namespace(**dict(vars(args), preview=True)))
    report = wider.run(paths, None)
    selected: List[Finding] = []
    candidates: List[Finding] = []
    for finding in report.findings:
        if is_notebook(finding.path):
            continue
        chosen = finding.code in {rule.code for rule in project.checker_for(finding.path).rules}
        (selected if chosen else candidates).append(finding)
    report.findings = selected
    return report, candidates


def _usage_problem(args) -> str:
    if not args.run:
        return "--run needs a command, e.g. --run python train.py"
    if args.timeout is not None and args.timeout <= 0:
        return "--timeout must be a positive number of seconds"
    if args.search_budget <= 0 or args.search_total_budget <= 0:
        return "--search-budget and --search-total-budget must be positive numbers of seconds"
    if args.search_dir and os.path.exists(args.search_dir) and not os.path.isdir(args.search_dir):
        return "--search-dir is not a directory: %s" % args.search_dir
    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        return "no such file or directory: %s" % ", ".join(missing)
    return ""


def _search_plan(args, findings, catalog, run_dir: str) -> SearchPlan:
    cwd = os.getcwd()
    flagged = [
        FlaggedLine(
            *finding_lines(f, cwd), code=f.code, predictions=predictions_of(catalog, f.code), columns=finding_columns(f)
        )
        for f in findings
        if predictions_of(catalog, f.code)
    ]
    folder = os.path.abspath(args.search_dir) if args.search_dir else os.path.join(run_dir, "reproducers")
    return SearchPlan(flagged, args.search_budget, args.search_total_budget, folder)


def _search_report(args, joined, summary) -> SearchReport:
    kept = bool(args.search_dir or args.events_dir)  # else the reproducers went with the temporary run folder
    return SearchReport(joined, summary.searches, summary.unfinished, reproducers_kept=kept)


def _run_dir(events_dir) -> Tuple[str, bool]:
    if events_dir:
        os.makedirs(events_dir, exist_ok=True)
        return os.path.abspath(events_dir), False
    return tempfile.mkdtemp(prefix="nanlint-verify-"), True


def _write(fmt, args, joined, summary, child, catalog, searched) -> None:
    if fmt == "json":
        text = render_json(joined, summary, child, args.run, args.timeout, searched, args.strict)
    elif fmt == "concise":
        text = render_concise(joined, summary, child, args.timeout, searched)
    elif fmt in ("sarif", "github"):
        text = _with_check_formatter(fmt, annotated_findings(joined, summary.notes), catalog)
        sys.stderr.write("".join("note: %s\n" % note for note in process_notes(summary, child)))
        sys.stderr.write(child.status_line(args.timeout) + "\n")
    else:
        text = render_text(joined, summary, child, args.timeout, searched, args.strict)
    sys.stdout.write(text)
    sys.stdout.flush()


def _with_check_formatter(fmt: str, findings: list, catalog) -> str:
    """check's SARIF and GitHub formats, for findings whose messages carry their outcome."""
    from nanlint.formats.output import render

    stream = io.StringIO()
    render(Report(findings=findings).sort(), fmt, stream, catalog)
    return stream.getvalue()
