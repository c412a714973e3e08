"""Outcomes from real `check` findings joined with a real monitored run (in this process)."""

import os
import runpy
import textwrap

import pytest

import nanlint
from cli_support import line_of
from nanlint.api import check
from nanlint.ftypes import Finding, Span
from nanlint.runtime.join import CONFIRMED, NOT_REACHED, NOT_TRIGGERED, join
from nanlint.runtime.render import render_text
from nanlint.runtime.runner import ChildResult
from nanlint.runtime.summary import summarize

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


def finding_at(path, line, code="NAN999"):
    return Finding(path=path, span=Span(line, 5, line, 20), code=code, name="test-rule", message="flagged")


def test_an_inf_fill_that_becomes_nan_later_confirms_the_fill_line(tmp_path):
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
    joined = join([finding_at(path, line_of(path, "# fill"))], summarize(watched.records))
    (outcome,) = joined.outcomes
    assert outcome.outcome == CONFIRMED and not outcome.evidence
    assert [(e.op, e.line) for e in outcome.via_fill] == [("softmax", line_of(path, "# softmax"))]
    assert [r.finding.code for r in joined.runtime_findings] == ["NAN011"]  # the softmax line itself


def test_overflow_in_grad_scaler_skipped_steps_does_not_confirm():
    records = [
        {"type": "event", "kind": "root", "phase": "backward", "op": "mm", "path": "/p/a.py", "line": 3,
         "step": 0, "pid": 1, "values": "+inf", "dtype": "float16"},
        {"type": "amp_skip", "step": 0, "pid": 1},
        {"type": "reach", "path": "/p/a.py", "line": 3},
    ]
    joined = join([finding_at("a.py", 3)], summarize(records), cwd="/p")
    (outcome,) = joined.outcomes
    assert outcome.outcome == NOT_TRIGGERED and [e.op for e in outcome.expected] == ["mm"]
    assert not joined.runtime_findings and not joined.found_anything


def test_counts_beyond_the_full_records_come_from_count_records():
    event = {"type": "event", "kind": "root", "phase": "forward", "op": "log", "path": "/p/a.py", "line": 3,
             "step": 0, "pid": 1, "context": None, "values": "-inf", "dtype": "float32"}
    records = [dict(event, step=s) for s in range(10)]
    records.append({"type": "count", "kind": "root", "phase": "forward", "op": "log", "path": "/p/a.py",
                    "line": 3, "pid": 1, "context": None, "count": 42})
    (summarized,) = summarize(records).events
    assert (summarized.count, summarized.first_step) == (42, 0)
