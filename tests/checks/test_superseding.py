"""Superseded findings are found by sorting, not by comparing every pair: the result is the same as
the pairwise definition, on random spans and on one file with tens of thousands of findings."""

import random

from nanlint.engine.walk import _drop_superseded
from nanlint.types import Finding, Span


def naive(findings, superseded):
    winners = [f for f in findings if f.code in superseded]
    return [f for f in findings if not any(
        f.code in superseded[w.code] and (w.span.line, w.span.column) <= (f.span.line, f.span.column)
        and (f.span.end_line, f.span.end_column) <= (w.span.end_line, w.span.end_column) for w in winners)]


def random_findings(rng, count):
    findings = []
    for _ in range(count):
        line, column = rng.randint(1, 30), rng.randint(1, 40)
        end_line = line + rng.choice([0, 0, 0, 1, 3])
        end_column = rng.randint(column + 1, 80) if end_line == line else rng.randint(1, 80)
        code = rng.choice(["NAN101", "NAN102", "NAN105"])
        findings.append(Finding("f.py", Span(line, column, end_line, end_column), code, code, "m"))
    return findings


def test_sorting_gives_the_pairwise_answer():
    rng = random.Random(7)
    superseded = {"NAN102": {"NAN101"}, "NAN105": {"NAN101", "NAN102"}}
    for _ in range(300):
        findings = random_findings(rng, rng.randint(0, 40))
        assert _drop_superseded(findings, superseded) == naive(findings, superseded)


def test_fifty_thousand_findings_in_one_file():
    findings = [Finding("f.py", Span(line, 5, line, 30), "NAN102", "n", "m") for line in range(1, 25_001)]
    findings += [Finding("f.py", Span(line, 10, line, 20), "NAN101", "n", "m") for line in range(1, 25_001)]
    kept = _drop_superseded(findings, {"NAN102": {"NAN101"}})
    assert len(kept) == 25_000 and all(f.code == "NAN102" for f in kept)
