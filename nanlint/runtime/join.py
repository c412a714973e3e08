"""Join what ran with what `check` found: an outcome per finding, and findings only the run revealed.

An event confirms a finding when it happened at one of the finding's lines and is one of the events
its rule predicts (the rule's `confirmed_by`: `log` made -inf forward or an inf gradient backward, a
division made inf, autograd refused an in-place change...); events in steps GradScaler skipped do not
count. The outcomes:

- confirmed: such an event happened;
- not triggered: an op ran at those lines and none of the predicted events happened (with the margins
  of the predicted ops);
- not reached: no op ran at those lines;
- static only: the rule predicts no run-time event (a suppression comment, a slow setting).
- unknown: no process of the run was monitored (every finding), or a subprocess escaped the monitor
  (the findings no monitored process reached).

Root causes, in-place errors and non-finite input data that confirm no finding become runtime findings
with codes of their own, at flagged lines as elsewhere. Candidates (findings of opt-in rules the
selection leaves off) are kept only when confirmed. Does not import torch.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Callable, Dict, Iterable, List, Optional, Set, Tuple

from nanlint.catalog import Prediction, Rule, read_catalog
from nanlint.types import Finding, Span
from nanlint.runtime.events import Kind
from nanlint.runtime.inplace import describe_error
from nanlint.runtime.summary import Margin, RunSummary, SiteEvent

CONFIRMED, NOT_TRIGGERED, NOT_REACHED, STATIC_ONLY = "confirmed", "not triggered", "not reached", "static only"
UNKNOWN, BY_TESTS = "unknown", "made on purpose by the tests"


@functools.lru_cache(maxsize=1)
def runtime_codes() -> Dict[Tuple[str, str], str]:
    """The code of the runtime rule that reports each (kind, phase) of event, from the `events` of
    the rules in rules/runtime.toml (read, not built: a monitored process imports no checks)."""
    codes: Dict[Tuple[str, str], str] = {}
    for rule in read_catalog().values():
        if rule.check == "runtime":
            events = rule.params.get("events")
            for event in events if isinstance(events, list) else ():
                phase, kind = str(event).split()
                codes[(kind, phase)] = rule.code
    return codes


@dataclass
class Outcome:
    finding: Finding
    outcome: str
    evidence: List[SiteEvent] = field(default_factory=list)  # the predicted events that confirm it
    discounted: List[SiteEvent] = field(default_factory=list)  # predicted, but none of it counts (SiteEvent.unexpected)
    other: List[SiteEvent] = field(default_factory=list)  # events at these lines its rule does not predict
    margins: List[Margin] = field(default_factory=list)  # of the ops its rule predicts, at these lines
    opt_in: bool = False  # a candidate: its rule is off in the selection, and the run confirmed it
    why: str = ""  # why the outcome is unknown


@dataclass
class RuntimeFinding:
    finding: Finding
    event: SiteEvent
    flagged: List[str] = field(default_factory=list)  # codes of the findings at its line (none predicts it)


@dataclass
class Joined:
    outcomes: List[Outcome]
    runtime_findings: List[RuntimeFinding]
    echoes: List[SiteEvent] = field(default_factory=list)  # non-finite state an earlier root left behind
    by_tests: List[SiteEvent] = field(default_factory=list)  # edge values the test suite made on purpose
    thrown_away: List[SiteEvent] = field(default_factory=list)  # values every occurrence of which was masked
    searched: list = field(default_factory=list)  # search.report.SearchFinding: triggers past the static findings

    def counts(self) -> Dict[str, int]:
        counts = {CONFIRMED: 0, NOT_TRIGGERED: 0, NOT_REACHED: 0, STATIC_ONLY: 0, UNKNOWN: 0, BY_TESTS: 0}
        for outcome in self.outcomes:
            counts[outcome.outcome] += 1
        counts["confirmed_opt_in"] = sum(o.opt_in for o in self.outcomes)
        counts["runtime"] = len(self.runtime_findings)
        return counts

    def as_unknown(self, why: str, outcomes=(CONFIRMED, NOT_TRIGGERED, NOT_REACHED)) -> "Joined":
        """The outcomes the run cannot vouch for (processes it did not monitor) become unknown."""
        return Joined(
            [Outcome(o.finding, UNKNOWN, why=why) if o.outcome in outcomes else o for o in self.outcomes],
            self.runtime_findings,
            self.echoes,
            self.by_tests,
            self.thrown_away,
            self.searched,
        )

    @property
    def found_anything(self) -> bool:
        return bool(self.runtime_findings) or any(o.outcome == CONFIRMED for o in self.outcomes)


def join(
    findings: Iterable[Finding],
    summary: RunSummary,
    cwd: Optional[str] = None,
    catalog: Optional[Dict[str, Rule]] = None,
    candidates: Iterable[Finding] = (),
    is_test: Optional[Callable[[str], bool]] = None,
) -> Joined:
    """`candidates`: findings of rules the selection leaves off (opt-in rules), kept when confirmed.
    `is_test(path)`: whether a file is test code (the project's test patterns), whose edge values are
    made on purpose."""
    cwd = cwd or os.getcwd()
    if catalog is None:
        # Built here, not at import: the monitored processes that import this module import no checks.
        from nanlint.checks.registry import load_catalog

        catalog = load_catalog()
    if is_test is not None:
        for event in summary.events:
            decide_by_test(event, is_test, cwd)
    lines = _LineIndex(summary)
    used: Set[int] = set()  # ids of the events that confirmed a finding
    flagged: Dict[Tuple[str, int], List[str]] = {}
    outcomes = []
    for finding, opt_in in [(f, False) for f in findings] + [(f, True) for f in candidates]:
        path = os.path.realpath(os.path.join(cwd, finding.path))
        span = range(finding.span.line, max(finding.span.end_line, finding.span.line) + 1)
        outcome = _outcome(finding, catalog.get(finding.code), path, span, lines, summary)
        if opt_in and outcome.outcome != CONFIRMED:
            continue
        outcome.opt_in = opt_in
        outcomes.append(outcome)
        used.update(id(event) for event in outcome.evidence + outcome.discounted)
        for line in span:
            flagged.setdefault((path, line), []).append(finding.code)
    runtime = [
        RuntimeFinding(_runtime_finding(event, cwd, catalog), event, flagged.get((event.path, event.line), []))
        for event in summary.events
        if id(event) not in used and _is_runtime_finding(event)
    ]
    left = [
        event
        for event in summary.events
        if id(event) not in used and _is_runtime_kind(event) and event.count and not event.unexpected
    ]
    return Joined(
        outcomes,
        runtime,
        [event for event in summary.events if event.kind == Kind.ECHO],
        [event for event in left if event.by_test],
        [event for event in left if event.masked],
    )


def decide_by_test(event: SiteEvent, is_test: Callable[[str], bool], cwd: str) -> None:
    """Edge values a test suite feeds on purpose: born on a line of test code, or born elsewhere and
    looked at by the test (an `isinf`, an `==`, `assert_close` against an expected inf)."""
    remaining = event.count - event.skipped - event.masked
    if remaining <= 0 or event.path.startswith("<"):
        return
    if is_test(event.path):
        event.by_test, event.by_test_why = remaining, "born on a line of test code, which feeds edge values on purpose"
        return
    looked = [
        (inspection["count"], by) for inspection in event.inspections for by in inspection["by"] if is_test(by["path"])
    ]
    if looked:
        event.by_test = min(remaining, sum(count for count, _ in looked))
        first = looked[0][1]
        event.by_test_why = "the test looked at it with %s at %s:%d" % (
            first["op"],
            display_path(first["path"], cwd),
            first["line"],
        )


class _LineIndex:
    def __init__(self, summary: RunSummary):
        self.events: Dict[Tuple[str, int], List[SiteEvent]] = {}
        self.margins: Dict[Tuple[str, int], List[Margin]] = {}
        for event in summary.events:
            self.events.setdefault((event.path, event.line), []).append(event)
        for margin in summary.margins:
            self.margins.setdefault((margin.path, margin.line), []).append(margin)


def _outcome(finding, rule: Optional[Rule], path, span, lines: _LineIndex, summary: RunSummary) -> Outcome:
    predictions = (rule.confirmed_by if rule else None) or ()
    outcome = Outcome(finding, NOT_REACHED if predictions else STATIC_ONLY)
    for line in span:
        for event in lines.events.get((path, line), []):
            if not predicted(predictions, event):
                outcome.other.append(event)
            elif event.unexpected:
                outcome.evidence.append(event)
            else:
                outcome.discounted.append(event)
        outcome.margins.extend(
            m for m in lines.margins.get((path, line), []) if any(same_op(m.op, p.op) for p in predictions)
        )
    if not predictions:
        return outcome
    if outcome.evidence:
        outcome.outcome = CONFIRMED
    elif outcome.discounted and all(event.by_test for event in outcome.discounted):
        outcome.outcome = BY_TESTS
    elif any((path, line) in summary.reached for line in span) or outcome.other or outcome.discounted:
        outcome.outcome = NOT_TRIGGERED
    return outcome


def predicted(predictions, event: SiteEvent) -> bool:
    """Whether the event is one a rule's `confirmed_by` names (what confirms its finding)."""
    return any(_predicts(p, event) for p in predictions)


def _predicts(prediction: Prediction, event: SiteEvent) -> bool:
    if event.kind == Kind.INPLACE_ERROR:
        phase = "inplace"
    elif event.kind in (Kind.ROOT, Kind.NUMERIC_ERROR):  # an op that raised instead of making Inf/NaN
        phase = event.phase
    else:  # propagation, fills, input data: nothing was born here
        return False
    return phase == prediction.phase and same_op(event.op, prediction.op)


def same_op(op: str, pattern: str) -> bool:
    """`log_` and `special.logit` are the in-place and namespaced forms of `log` and `logit`."""
    short = op.rsplit(".", 1)[-1]
    if short.endswith("_") and not short.endswith("__"):
        short = short[:-1]
    return fnmatchcase(op, pattern) or fnmatchcase(short, pattern)


def _is_runtime_kind(event: SiteEvent) -> bool:
    return (event.kind, event.phase) in runtime_codes()


def _is_runtime_finding(event: SiteEvent) -> bool:
    return _is_runtime_kind(event) and event.unexpected > 0


def _runtime_finding(event: SiteEvent, cwd: str, catalog: Dict[str, Rule]) -> Finding:
    code = runtime_codes()[(event.kind, event.phase)]
    return Finding(
        path=display_path(event.path, cwd),
        span=Span(event.line, 1, event.line, 1),
        code=code,
        name=catalog[code].name,
        message=describe_event(event),
    )


def display_path(path: str, cwd: str) -> str:
    if path.startswith("<"):
        return path
    relative = os.path.relpath(path, cwd)
    return path if relative.startswith(os.pardir) else relative


def describe_event(event: SiteEvent) -> str:
    """One sentence: what happened, where in the computation, how often, from when."""
    if event.kind == Kind.INPLACE_ERROR:
        text = describe_error(event.op, event.message or "", event.saved, event.run_at, event.path)
    elif event.kind == Kind.NUMERIC_ERROR:
        text = "forward %s raised instead of making Inf/NaN: %s" % (event.op, event.message or "")
    elif event.kind == Kind.FROM_WORKER:
        text = "non-finite data (%s, %s) came in from outside in a batch a DataLoader worker loaded" % (
            event.values,
            event.dtype,
        )
    elif event.kind == Kind.INPUT:
        text = "non-finite data (%s, %s) came in from outside and was first used by %s" % (
            event.values,
            event.dtype,
            event.op,
        )
    else:
        text = "%s %s %s %s (%s)" % (
            _phase_words(event),
            event.op,
            "made" if event.kind == Kind.ROOT else "turned Inf into",
            event.values,
            event.dtype,
        )
        if event.node and event.phase == "backward":
            text += " in %s" % event.node
        origin = event.origin or {}
        if origin.get("kind") == Kind.FILL:
            text += " from the inf written by %s at line %s" % (origin.get("op"), origin.get("line"))
    if event.replay:
        text += " (found by replaying %s)" % event.replay
    return text + _frequency(event)


def describe_echo(event: SiteEvent, cwd: str) -> str:
    """`train.py:18: linear met NaN (float32) ... after the NaN born at losses.py:49 (div) at step 5`."""
    root = event.origin or {}
    if root.get("op"):
        birth = "the NaN/Inf born at %s:%s (%s) at step %s" % (
            display_path(root.get("path", "?"), cwd),
            root.get("line"),
            root.get("op"),
            root.get("step"),
        )
    else:
        birth = "the NaN/Inf the tripwire met at step %s (its line not named)" % root.get("step")
    return "%s:%d: %s met %s (%s), an echo of %s (weights or activations it poisoned), not data from outside%s" % (
        display_path(event.path, cwd),
        event.line,
        event.op,
        event.values,
        event.dtype,
        birth,
        _frequency(event),
    )


def _phase_words(event: SiteEvent) -> str:
    return {"forward": "forward", "backward": "backward of", "optimizer": "optimizer step"}.get(
        event.phase, event.phase
    )


def _frequency(event: SiteEvent) -> str:
    times = "once" if event.count == 1 else "%d times" % event.count
    text = ", " + times
    if len(event.ranks) > 1:
        text += " on ranks " + ", ".join(map(str, event.ranks))
    if event.workers:
        text += " in DataLoader worker%s %s" % (
            "s" if len(event.workers) > 1 else "",
            ", ".join(map(str, event.workers)),
        )
    if event.first_step is not None:
        rank = "rank %d, " % event.first_rank if event.first_rank is not None else ""
        text += ", first at %sstep %d" % (rank, event.first_step)
    if event.skipped:
        text += " (%d in steps GradScaler skipped)" % event.skipped
    if event.masked:
        by = event.masked_by or {}
        text += " (%s thrown away by %s at line %s: finite results, never used further)" % (
            "all" if event.masked == event.count else event.masked,
            by.get("op"),
            by.get("line"),
        )
    if event.contexts:
        more = len(event.contexts) - _TESTS_NAMED
        text += " [in %s%s]" % (", ".join(event.contexts[:_TESTS_NAMED]), " and %d more" % more if more > 0 else "")
    return text


_TESTS_NAMED = 3  # tests named in an event's description; JSON `contexts` lists them all


def describe_margin(margin: Margin) -> str:
    if margin.quantity.startswith("max") and margin.limit > 1:
        danger = "overflows %s above %.4g" % (margin.dtype, margin.limit)
    else:
        danger = "danger at %g" % margin.limit
    return "%s = %.3g (%s; %s)" % (margin.quantity, margin.value, margin.dtype, danger)
