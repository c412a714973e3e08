"""Outcomes from real `check` findings joined with a real monitored run (in this process)."""

import os
import runpy
import textwrap

import pytest

import nanlint
from cli_support import line_of
from nanlint.api import check
from nanlint.types import Finding, Span
from nanlint.runtime.join import CONFIRMED, NOT_REACHED, NOT_TRIGGERED, STATIC_ONLY, join
from nanlint.runtime.render import render_text
from nanlint.runtime.runner import ChildResult
from nanlint.runtime.summary import RunSummary, summarize

PROJECT = '''
import torch

def confident(logits):
    probs = torch.softmax(logits, dim=-1)
    return torch.log(probs)  # confirmed

def counted(x):
    return torch.log(torch.relu(x + 5))  # not-triggered

def unused(x):
    return torch.log(x.std())  # not-reached

def unflagged(x):
    return x / 0  # runtime-only

confident(torch.tensor([0.0, 200.0]))
counted(torch.tensor([1.0, 2.0, 3.0]))
unflagged(torch.ones(1))
'''


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """The project's findings, and the summary of running it under the monitor."""
    path = str(tmp_path_factory.mktemp("project") / "model.py")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(textwrap.dedent(PROJECT))
    with nanlint.watch(paths=[path]) as watched:
        runpy.run_path(path)
    return path, check([path]).findings, summarize(watched.records)


def outcome_at(joined, line):
    (outcome,) = [o for o in joined.outcomes if o.finding.line == line]
    return outcome


def test_every_outcome_from_real_findings(project):
    path, findings, summary = project
    joined = join(findings, summary, cwd=os.path.dirname(path))
    assert {f.line for f in findings} == {line_of(path, m) for m in ("# confirmed", "# not-triggered", "# not-reached")}
    confirmed = outcome_at(joined, line_of(path, "# confirmed"))
    assert confirmed.outcome == CONFIRMED
    assert [(e.phase, e.op, e.values) for e in confirmed.evidence] == [("forward", "log", "-inf")]
    quiet = outcome_at(joined, line_of(path, "# not-triggered"))
    assert quiet.outcome == NOT_TRIGGERED
    assert [(m.quantity, m.value) for m in quiet.margins] == [("min x", 6.0)]
    assert outcome_at(joined, line_of(path, "# not-reached")).outcome == NOT_REACHED
    (runtime,) = joined.runtime_findings
    assert (runtime.finding.code, runtime.finding.line) == ("NAN011", line_of(path, "# runtime-only"))
    assert joined.found_anything


def test_text_report_names_each_outcome(project):
    path, findings, summary = project
    joined = join(findings, summary, cwd=os.path.dirname(path))
    text = render_text(joined, summary, ChildResult(returncode=0), None)
    assert "confirmed: forward log made -inf (float32), once" in text
    assert "not triggered: min x = 6 (float32; danger at 0)" in text
    assert "not reached: no op ran at this line" in text
    assert "NAN011 forward div made +inf" in text
    assert "1 confirmed, 1 not triggered, 1 not reached, 1 found at run time only" in text


def finding_at(path, line, code):
    return Finding(path=path, span=Span(line, 5, line, 20), code=code, name="test-rule", message="flagged")


def test_a_fully_masked_softmax_confirms_the_mask_rule_at_the_softmax_line(tmp_path):
    path = str(tmp_path / "attention.py")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(textwrap.dedent('''
            import torch
            scores = torch.zeros(2, 3)
            mask = torch.tensor([[True, False, False], [True, True, True]])
            masked = scores.masked_fill(mask, float("-inf"))  # fill
            weights = torch.softmax(masked, dim=-1)  # softmax
        '''))
    with nanlint.watch() as watched:
        runpy.run_path(path)
    summary = summarize(watched.records)
    joined = join([finding_at(path, line_of(path, "# softmax"), "NAN601")], summary)
    (outcome,) = joined.outcomes
    assert outcome.outcome == CONFIRMED
    assert [(e.op, e.values) for e in outcome.evidence] == [("softmax", "NaN")]
    assert not joined.runtime_findings  # the softmax's NaN is the finding's evidence, not a finding of its own
    (at_fill,) = join([finding_at(path, line_of(path, "# fill"), "NAN601")], summary).outcomes
    assert at_fill.outcome == NOT_TRIGGERED  # writing -inf is what the rule expects, not what it predicts


def event(op, phase="forward", kind="root", line=3, **fields):
    return dict({"type": "event", "kind": kind, "phase": phase, "op": op, "path": "/p/a.py", "line": line,
                 "step": 0, "pid": 1, "values": "-inf", "dtype": "float32"}, **fields)


def joined_at_line_3(codes, *records, candidates=()):
    findings = [finding_at("a.py", 3, code) for code in codes]
    return join(findings, summarize([*records, {"type": "reach", "path": "/p/a.py", "line": 3}]), cwd="/p",
                candidates=[finding_at("a.py", 3, code) for code in candidates])


def test_an_event_the_rule_does_not_predict_is_a_runtime_finding_of_its_own():
    """`log` made -inf on a line whose suppression comment names an unknown code: NAN001 predicts
    no run-time event, so the -inf is NAN011, at that line."""
    joined = joined_at_line_3(["NAN001"], event("log"))
    (outcome,) = joined.outcomes
    assert outcome.outcome == STATIC_ONLY and not outcome.evidence
    (runtime,) = joined.runtime_findings
    assert (runtime.finding.code, runtime.finding.line, runtime.flagged) == ("NAN011", 3, ["NAN001"])
    text = render_text(joined, RunSummary(), ChildResult(returncode=0), None)
    assert "static only: NAN001 predicts no NaN/Inf a run could show" in text
    assert "found at run time: NAN001 flagged this line but does not predict this" in text
    assert "0 confirmed, 0 not triggered, 0 not reached, 1 static only, 1 found at run time only" in text


@pytest.mark.parametrize("code, record, confirmed", [
    ("NAN101", event("log"), True),
    ("NAN101", event("log", phase="backward", node="LogBackward0", values="+inf"), True),
    ("NAN101", event("log_"), True),  # the in-place form
    ("NAN101", event("div", values="+inf"), False),
    ("NAN101", event("mul_", phase="backward", kind="inplace_error"), False),
    ("NAN111", event("special.logit"), True),  # the namespaced form
    ("NAN304", event("acos", values="NaN"), False),  # gradient-only: its forward NaN is another hazard
    ("NAN304", event("acos", phase="backward", values="-inf"), True),
    ("NAN401", event("div_", values="+inf"), True),
    ("NAN401", event("log"), False),
    ("NAN401", event("div", kind="nan_from_inf", values="NaN"), False),  # carried, not born here
    ("NAN505", event("exp", values="+inf"), True),
    ("NAN902", event("mul_", phase="backward", kind="inplace_error"), True),
    ("NAN902", event("mul", values="NaN"), False),
    ("NAN904", event("SGD.step", phase="backward", kind="inplace_error"), True),
    ("NAN803", event("Adam.step", phase="optimizer", values="NaN"), True),
])
def test_a_finding_is_confirmed_by_the_phase_and_op_its_rule_predicts(code, record, confirmed):
    joined = joined_at_line_3([code], record)
    (outcome,) = joined.outcomes
    assert (outcome.outcome == CONFIRMED) == confirmed
    born_here = record["kind"] in ("root", "inplace_error")
    assert len(joined.runtime_findings) == (born_here and not confirmed)


def test_margins_are_those_of_the_predicted_ops():
    margins = [{"type": "margin", "path": "/p/a.py", "line": 3, "op": op, "quantity": quantity, "value": 0.5,
                "dtype": "float32", "limit": 0.0, "lowest": True}
               for op, quantity in (("log", "min x"), ("div", "min |denominator|"))]
    (outcome,) = joined_at_line_3(["NAN401"], *margins).outcomes
    assert outcome.outcome == NOT_TRIGGERED and [m.op for m in outcome.margins] == ["div"]


def test_an_opt_in_candidate_is_kept_only_when_confirmed():
    joined = joined_at_line_3(["NAN101"], event("div", values="+inf"), candidates=["NAN401", "NAN702"])
    assert [(o.finding.code, o.outcome, o.opt_in) for o in joined.outcomes] == [
        ("NAN101", NOT_TRIGGERED, False), ("NAN401", CONFIRMED, True)]
    assert not joined.runtime_findings and joined.found_anything
    assert joined.counts()["confirmed_opt_in"] == 1
    text = render_text(joined, RunSummary(), ChildResult(returncode=0), None)
    assert "confirmed (opt-in rule): forward div made +inf" in text
    assert "nanlint verify: 1 confirmed (1 from an opt-in rule), 1 not triggered" in text


def test_overflow_in_grad_scaler_skipped_steps_does_not_confirm():
    records = [
        event("div", phase="backward", values="+inf", dtype="float16"),
        {"type": "amp_skip", "step": 0, "pid": 1},
    ]
    joined = joined_at_line_3(["NAN401"], *records)
    (outcome,) = joined.outcomes
    assert outcome.outcome == NOT_TRIGGERED and [e.op for e in outcome.discounted] == ["div"]
    assert not joined.runtime_findings and not joined.found_anything


def test_counts_beyond_the_full_records_come_from_count_records():
    event = {"type": "event", "kind": "root", "phase": "forward", "op": "log", "path": "/p/a.py", "line": 3,
             "step": 0, "pid": 1, "context": None, "values": "-inf", "dtype": "float32"}
    records = [dict(event, step=s) for s in range(10)]
    records.append({"type": "count", "kind": "root", "phase": "forward", "op": "log", "path": "/p/a.py",
                    "line": 3, "pid": 1, "context": None, "count": 42})
    (summarized,) = summarize(records).events
    assert (summarized.count, summarized.first_step) == (42, 0)
