"""Join what ran with what `check` found: an outcome per finding, and findings only the run revealed.

- confirmed: a root cause at one of the finding's lines (a new NaN/Inf from finite inputs, forward,
  backward or in the optimizer step; or an autograd in-place error), or an explicit inf fill at the
  finding's line that a later op turned into NaN; events in steps GradScaler skipped do not count;
- not triggered: an op ran at those lines and nothing non-finite was born there (with the margins);
- not reached: no op ran at those lines;
- unknown: no process of the run was monitored (every finding), or a subprocess escaped the monitor
  (the findings no monitored process reached).

Root causes, in-place errors and non-finite input data at lines no finding covers become runtime
findings with codes of their own. Does not import torch.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Tuple

from nanlint.catalog import Rule, load_catalog
from nanlint.ftypes import Finding, Span
from nanlint.runtime.events import Kind
from nanlint.runtime.summary import Margin, RunSummary, SiteEvent

CONFIRMED, NOT_TRIGGERED, NOT_REACHED, UNKNOWN = "confirmed", "not triggered", "not reached", "unknown"

# Runtime findings' codes by (kind, phase); their names and docs are in the catalog (rules/runtime.toml).
RUNTIME_CODES = {
    (Kind.ROOT, "forward"): "NAN011",
    (Kind.ROOT, "backward"): "NAN012",
    (Kind.ROOT, "optimizer"): "NAN013",
    (Kind.INPLACE_ERROR, "forward"): "NAN014",
    (Kind.INPLACE_ERROR, "backward"): "NAN014",
    (Kind.INPUT, "forward"): "NAN015",
    (Kind.FROM_WORKER, "forward"): "NAN015",
}
_CONFIRMING = (Kind.ROOT, Kind.INPLACE_ERROR)


@dataclass
class Outcome:
    finding: Finding
    outcome: str
    evidence: List[SiteEvent] = field(default_factory=list)  # what confirms it
    via_fill: List[SiteEvent] = field(default_factory=list)  # NaN made later from this line's inf fill
    expected: List[SiteEvent] = field(default_factory=list)  # overflow in GradScaler-skipped steps
    other: List[SiteEvent] = field(default_factory=list)  # propagation, fills, inputs at these lines
    margins: List[Margin] = field(default_factory=list)
    why: str = ""  # why the outcome is unknown


@dataclass
class RuntimeFinding:
    finding: Finding
    event: SiteEvent


@dataclass
class Joined:
    outcomes: List[Outcome]
    runtime_findings: List[RuntimeFinding]

    def counts(self) -> Dict[str, int]:
        counts = {CONFIRMED: 0, NOT_TRIGGERED: 0, NOT_REACHED: 0, UNKNOWN: 0}
        for outcome in self.outcomes:
            counts[outcome.outcome] += 1
        counts["runtime"] = len(self.runtime_findings)
        return counts

    def as_unknown(self, why: str, outcomes=(CONFIRMED, NOT_TRIGGERED, NOT_REACHED)) -> "Joined":
        """The outcomes the run cannot vouch for (processes it did not monitor) become unknown."""
        return Joined([Outcome(o.finding, UNKNOWN, why=why) if o.outcome in outcomes else o for o in self.outcomes],
                      self.runtime_findings)

    @property
    def found_anything(self) -> bool:
        return bool(self.runtime_findings) or any(o.outcome == CONFIRMED for o in self.outcomes)


def join(findings: Iterable[Finding], summary: RunSummary, cwd: Optional[str] = None, catalog: Optional[Dict[str, Rule]] = None) -> Joined:
    cwd = cwd or os.getcwd()
    catalog = catalog if catalog is not None else load_catalog()
    findings = list(findings)
    lines = _LineIndex(summary)
    covered = set()
    outcomes = []
    for finding in findings:
        path = os.path.realpath(os.path.join(cwd, finding.path))
        span = range(finding.span.line, max(finding.span.end_line, finding.span.line) + 1)
        covered.update((path, line) for line in span)
        outcomes.append(_outcome(finding, path, span, lines, summary))
    runtime = [
        RuntimeFinding(_runtime_finding(event, cwd, catalog), event)
        for event in summary.events
        if (event.path, event.line) not in covered and _is_runtime_finding(event)
    ]
    return Joined(outcomes, runtime)


class _LineIndex:
    def __init__(self, summary: RunSummary):
        self.events: Dict[Tuple[str, int], List[SiteEvent]] = {}
        self.fill_consequences: Dict[Tuple[str, int], List[SiteEvent]] = {}
        self.margins: Dict[Tuple[str, int], List[Margin]] = {}
        for event in summary.events:
            self.events.setdefault((event.path, event.line), []).append(event)
            origin = event.origin or {}
            if event.kind == Kind.ROOT and origin.get("kind") == Kind.FILL and event.unexpected:
                self.fill_consequences.setdefault((origin["path"], origin["line"]), []).append(event)
        for margin in summary.margins:
            self.margins.setdefault((margin.path, margin.line), []).append(margin)


def _outcome(finding, path, span, lines: _LineIndex, summary: RunSummary) -> Outcome:
    outcome = Outcome(finding, NOT_REACHED)
    for line in span:
        for event in lines.events.get((path, line), []):
            if event.kind in _CONFIRMING and event.unexpected:
                outcome.evidence.append(event)
            elif event.kind in _CONFIRMING:
                outcome.expected.append(event)
            else:
                outcome.other.append(event)
        outcome.via_fill.extend(lines.fill_consequences.get((path, line), []))
        outcome.margins.extend(lines.margins.get((path, line), []))
    if outcome.evidence or outcome.via_fill:
        outcome.outcome = CONFIRMED
    elif any((path, line) in summary.reached for line in span) or outcome.other or outcome.expected:
        outcome.outcome = NOT_TRIGGERED
    return outcome


def _is_runtime_finding(event: SiteEvent) -> bool:
    return (event.kind, event.phase) in RUNTIME_CODES and event.unexpected > 0


def _runtime_finding(event: SiteEvent, cwd: str, catalog: Dict[str, Rule]) -> Finding:
    code = RUNTIME_CODES[(event.kind, event.phase)]
    return Finding(
        path=_display_path(event.path, cwd),
        span=Span(event.line, 1, event.line, 1),
        code=code,
        name=catalog[code].name,
        message=describe_event(event),
    )


def _display_path(path: str, cwd: str) -> str:
    if path.startswith("<"):
        return path
    relative = os.path.relpath(path, cwd)
    return path if relative.startswith(os.pardir) else relative


def describe_event(event: SiteEvent) -> str:
    """One sentence: what happened, where in the computation, how often, from when."""
    if event.kind == Kind.INPLACE_ERROR:
        text = "autograd in-place error (%s): %s" % (event.op, event.message or "")
        if event.saved_by:
            text += " [the tensor was saved by %s]" % event.saved_by
    elif event.kind == Kind.FROM_WORKER:
        text = "non-finite data (%s, %s) came in from outside in a batch a DataLoader worker loaded" % (
            event.values, event.dtype)
    elif event.kind == Kind.INPUT:
        text = "non-finite data (%s, %s) came in from outside and was first used by %s" % (
            event.values, event.dtype, event.op)
    else:
        text = "%s %s %s %s (%s)" % (
            _phase_words(event), event.op, "made" if event.kind == Kind.ROOT else "turned Inf into",
            event.values, event.dtype)
        if event.node and event.phase == "backward":
            text += " in %s" % event.node
        origin = event.origin or {}
        if origin.get("kind") == Kind.FILL:
            text += " from the inf written by %s at line %s" % (origin.get("op"), origin.get("line"))
    return text + _frequency(event)


def _phase_words(event: SiteEvent) -> str:
    return {"forward": "forward", "backward": "backward of", "optimizer": "optimizer step"}.get(
        event.phase, event.phase)


def _frequency(event: SiteEvent) -> str:
    times = "once" if event.count == 1 else "%d times" % event.count
    text = ", " + times
    if len(event.ranks) > 1:
        text += " on ranks " + ", ".join(map(str, event.ranks))
    if event.workers:
        text += " in DataLoader worker%s %s" % ("s" if len(event.workers) > 1 else "", ", ".join(map(str, event.workers)))
    if event.first_step is not None:
        rank = "rank %d, " % event.first_rank if event.first_rank is not None else ""
        text += ", first at %sstep %d" % (rank, event.first_step)
    if event.expected:
        text += " (%d in steps GradScaler skipped)" % event.expected
    if event.contexts:
        text += " [in %s]" % ", ".join(event.contexts[:3])
    return text


def describe_margin(margin: Margin) -> str:
    if margin.quantity.startswith("max") and margin.limit > 1:
        danger = "overflows %s above %.4g" % (margin.dtype, margin.limit)
    else:
        danger = "danger at %g" % margin.limit
    return "%s = %.3g (%s; %s)" % (margin.quantity, margin.value, margin.dtype, danger)
