"""Text, concise and JSON renderings of a verify run; Finding objects for check's other formatters."""

from __future__ import annotations

import json
import os
from typing import List, Optional

from nanlint.runtime.join import (
    BY_TESTS,
    CONFIRMED,
    NOT_REACHED,
    NOT_TRIGGERED,
    STATIC_ONLY,
    UNKNOWN,
    Joined,
    Outcome,
    RuntimeFinding,
    describe_echo,
    describe_event,
    describe_margin,
    display_path,
)
from nanlint.runtime.runner import ChildResult
from nanlint.runtime.summary import RunSummary

JSON_VERSION = 1


def outcome_detail(outcome: Outcome, notes: List[str]) -> str:
    """The sentence after the outcome's name: the evidence, the margins, or why nothing was seen."""
    if outcome.outcome == CONFIRMED:
        return "; ".join(describe_event(e) for e in outcome.evidence)
    if outcome.outcome == STATIC_ONLY:
        return "%s predicts no NaN/Inf a run could show" % outcome.finding.code
    if outcome.outcome == BY_TESTS:
        return "; ".join("%s: %s" % (describe_event(e), e.by_test_why) for e in outcome.discounted)
    if outcome.outcome == NOT_TRIGGERED:
        parts = [describe_margin(m) for m in outcome.margins] or [
            "ran, and none of the NaN/Inf its rule predicts was born"
        ]
        parts += ["not counted: %s" % describe_event(e) for e in outcome.discounted]
        return "; ".join(parts)
    if outcome.outcome == UNKNOWN:
        return outcome.why
    if any("torch.compile" in note for note in notes):
        return "no monitored op ran at this line (torch.compile was used: compiled code is not seen)"
    return "no op ran at this line"


def outcome_name(outcome: Outcome) -> str:
    """ "confirmed", or "confirmed (opt-in rule)" for a candidate the run confirmed, ..."""
    return outcome.outcome + (" (opt-in rule)" if outcome.opt_in else "")


def runtime_detail(runtime: RuntimeFinding) -> str:
    if runtime.flagged:
        return "found at run time: %s flagged this line but does not predict this" % ", ".join(runtime.flagged)
    return "found at run time: no rule flagged this line"


def annotated_findings(joined: Joined, notes: List[str]) -> list:
    """Every finding with its outcome appended to its message, then the runtime findings."""
    findings = [
        o.finding._replace(message="%s [%s: %s]" % (o.finding.message, outcome_name(o), outcome_detail(o, notes)))
        for o in joined.outcomes
    ]
    return findings + [r.finding for r in joined.runtime_findings] + [found.finding for found in joined.searched]


def no_torch_line(summary: RunSummary) -> Optional[str]:
    """When no process could be monitored because the command's `import torch` failed: that, in
    one line (the run says nothing about any finding then, and the command usually died of it)."""
    if summary.monitored or not summary.no_torch:
        return None
    return "nanlint verify: %s: nothing ran under the monitor; run the command with a Python that has torch" % (
        _no_torch(summary)
    )


def _no_torch(summary: RunSummary) -> str:
    first = summary.no_torch[0]
    return "the command's Python (%s) cannot import torch (%s)" % (first.get("python"), first.get("error"))


def render_text(
    joined: Joined,
    summary: RunSummary,
    child: ChildResult,
    timeout: Optional[float],
    searched=None,
    strict: bool = False,
) -> str:
    first = no_torch_line(summary)
    if first:
        return "\n".join([first, child.status_line(timeout), _summary_line(joined, summary)]) + "\n"
    lines = []
    for index, outcome in sorted(enumerate(joined.outcomes), key=lambda pair: pair[1].finding.sort_key()):
        finding = outcome.finding
        lines.append("%s:%d:%d: %s %s" % (finding.path, finding.line, finding.column, finding.code, finding.message))
        lines.append("  %s: %s" % (outcome_name(outcome), outcome_detail(outcome, summary.notes)))
        if searched and searched.line(index):
            lines.append("  search: %s" % searched.line(index))
    for runtime in sorted(joined.runtime_findings, key=lambda r: r.finding.sort_key()):
        finding = runtime.finding
        lines.append("%s:%d:%d: %s %s" % (finding.path, finding.line, finding.column, finding.code, finding.message))
        lines.append("  " + runtime_detail(runtime))
    for finding in sorted((found.finding for found in joined.searched), key=lambda f: f.sort_key()):
        lines.append("%s:%d:%d: %s %s" % (finding.path, finding.line, finding.column, finding.code, finding.message))
        lines.append("  found by the search past the static findings: no rule flagged this line")
    if lines:
        lines.append("")
    notes = summary.notes + set_aside_notes(joined, strict) + process_notes(summary, child)
    lines.extend("note: " + note for note in notes)
    lines.append(child.status_line(timeout))
    lines.append(_summary_line(joined, summary))
    if searched:
        lines.append(searched.summary_line())
    return "\n".join(lines) + "\n"


def render_concise(
    joined: Joined, summary: RunSummary, child: ChildResult, timeout: Optional[float], searched=None
) -> str:
    first = no_torch_line(summary)
    if first:
        return "\n".join([first, child.status_line(timeout), _summary_line(joined, summary)]) + "\n"
    lines = [
        "%s:%d:%d: %s %s" % (f.path, f.line, f.column, f.code, f.message)
        for f in sorted(annotated_findings(joined, summary.notes), key=lambda f: f.sort_key())
    ]
    lines.extend("note: " + note for note in process_notes(summary, child))
    lines.append(child.status_line(timeout))
    lines.append(_summary_line(joined, summary))
    if searched:
        lines.append(searched.summary_line())
    return "\n".join(lines) + "\n"


def render_json(
    joined: Joined,
    summary: RunSummary,
    child: ChildResult,
    command: List[str],
    timeout: Optional[float],
    searched=None,
    strict: bool = False,
) -> str:
    document = {
        "version": JSON_VERSION,
        "command": command,
        "child": {
            "status": child.status_line(timeout),
            "returncode": child.returncode,
            "timed_out": child.timed_out,
            "interrupted": child.interrupted,
            "duration": round(child.duration, 3),
        },
        "findings": [
            _outcome_json(o, summary.notes, searched.record(i) if searched else None)
            for i, o in enumerate(joined.outcomes)
        ],
        "runtime_findings": [
            dict(_finding_json(r.finding), event=r.event.to_dict(), flagged_by=r.flagged)
            for r in joined.runtime_findings
        ],
        "search_findings": [dict(_finding_json(found.finding), search=found.search) for found in joined.searched],
        "echoes": [e.to_dict() for e in joined.echoes],
        "made_by_tests": [e.to_dict() for e in joined.by_tests],
        "thrown_away": [e.to_dict() for e in joined.thrown_away],
        "notes": summary.notes + set_aside_notes(joined, strict) + process_notes(summary, child),
        "processes": {
            "started": summary.processes,
            "monitored": summary.monitored,
            "workers": summary.workers,
            "ranks": summary.ranks,
            "unfinished": summary.unfinished,
            "unmonitored": [{"argv": r.get("argv"), "reason": r.get("reason")} for r in summary.unmonitored],
        },
        "summary": joined.counts(),
    }
    if searched:
        document["search_summary"] = searched.counts()
    return json.dumps(document, indent=2) + "\n"


def _finding_json(finding) -> dict:
    span = finding.span
    return {
        "path": finding.path,
        "line": span.line,
        "column": span.column,
        "end_line": span.end_line,
        "end_column": span.end_column,
        "code": finding.code,
        "name": finding.name,
        "message": finding.message,
    }


def _outcome_json(outcome: Outcome, notes: List[str], search: Optional[dict] = None) -> dict:
    document = dict(
        _finding_json(outcome.finding),
        outcome=outcome.outcome,
        opt_in=outcome.opt_in,
        detail=outcome_detail(outcome, notes),
        evidence=[e.to_dict() for e in outcome.evidence],
        discounted=[e.to_dict() for e in outcome.discounted],
        margins=[m.to_dict() for m in outcome.margins],
    )
    if search:
        document["search"] = {k: v for k, v in search.items() if k not in ("type", "pid")}
    return document


def set_aside_notes(joined: Joined, strict: bool = False) -> List[str]:
    """What the run met that is no finding: echoes of a root, edge values the tests made on purpose,
    and values thrown away on the spot (each listed with `--strict`, else counted)."""
    cwd = os.getcwd()
    notes = [describe_echo(event, cwd) for event in joined.echoes]
    notes += [
        "%s:%d: %s: made on purpose by the tests, not a finding (%s)"
        % (display_path(e.path, cwd), e.line, describe_event(e), e.by_test_why)
        for e in joined.by_tests
    ]
    if strict:
        notes += [
            "%s:%d: %s: not a finding" % (display_path(e.path, cwd), e.line, describe_event(e))
            for e in joined.thrown_away
        ]
    elif joined.thrown_away:
        notes.append(
            "%d NaN/Inf thrown away by the op that took them (torch.where, masked_fill, nan_to_num...: finite "
            "results, never used further) are not findings; --strict lists them" % len(joined.thrown_away)
        )
    return notes


def process_notes(summary: RunSummary, child: ChildResult) -> List[str]:
    """What the report must say about the processes it could not see."""
    notes = []
    if summary.monitored == 0:
        notes.append(
            "the command ran but no Python process loaded nanlint's monitor: %s; every outcome is "
            "unknown" % _why_unmonitored(summary, child)
        )
    elif summary.unmonitored:
        first = summary.unmonitored[0]
        notes.append(
            "only some processes were monitored: %d subprocess(es) started out of the monitor's reach "
            "(`%s`: %s)" % (len(summary.unmonitored), " ".join(first.get("argv") or []), first.get("reason"))
        )
    if summary.unfinished:
        notes.append(
            "%d monitored process(es) ended without exiting normally (crashed, or killed as Pool.terminate() "
            "kills its workers): their events up to that moment are included" % summary.unfinished
        )
    return notes


def _why_unmonitored(summary: RunSummary, child: ChildResult) -> str:
    if child.bypass:
        return child.bypass
    if summary.no_torch:
        return _no_torch(summary)
    if summary.unmonitored:
        return summary.unmonitored[0].get("reason")
    if summary.processes:
        return "%d Python process(es) started with nanlint's bootstrap but none imported torch" % summary.processes
    return "python -I, -E or -S, a non-Python command, or a Python that could not load nanlint (see its stderr)"


def _summary_line(joined: Joined, summary: RunSummary) -> str:
    counts = joined.counts()
    confirmed = "%d confirmed" % counts[CONFIRMED]
    if counts["confirmed_opt_in"]:
        confirmed += " (%d from an opt-in rule)" % counts["confirmed_opt_in"]
    static = ", %d static only" % counts[STATIC_ONLY] if counts[STATIC_ONLY] else ""
    static += ", %d %s" % (counts[BY_TESTS], BY_TESTS) if counts[BY_TESTS] else ""
    unknown = ", %d unknown" % counts[UNKNOWN] if counts[UNKNOWN] else ""
    which = [", %d of them DataLoader workers" % summary.workers] if summary.workers else []
    if summary.ranks:
        which.append(", ranks " + ", ".join(map(str, summary.ranks)))
    return (
        "nanlint verify: %s, %d not triggered, %d not reached%s%s, %d found at run time only "
        "(%d process(es) monitored%s)"
        % (
            confirmed,
            counts[NOT_TRIGGERED],
            counts[NOT_REACHED],
            static,
            unknown,
            counts["runtime"],
            summary.monitored,
            "".join(which),
        )
    )
