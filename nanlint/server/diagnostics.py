"""An Analysis as LSP diagnostics, in ruff's server's shape: findings are warnings with their code
and a link to the rule's documentation; a document that could not be checked (a syntax error, a
bad configuration) gets one error diagnostic, without a code, saying why."""

from __future__ import annotations

from typing import Dict, List

from lsprotocol import types

from nanlint.catalog import Rule
from nanlint.formats.rule_pages import rule_url
from nanlint.types import Finding
from nanlint.server.linting import Analysis, Problem
from nanlint.server.positions import LineIndex

SOURCE = "nanlint"


def diagnostics(analysis: Analysis, index: LineIndex) -> List[types.Diagnostic]:
    catalog = analysis.checker.catalog if analysis.checker is not None else {}
    found = [finding_diagnostic(finding, index, catalog) for finding in analysis.findings]
    return found + [problem_diagnostic(problem, index) for problem in analysis.problems]


def finding_diagnostic(finding: Finding, index: LineIndex, catalog: Dict[str, Rule]) -> types.Diagnostic:
    url = rule_url(catalog.get(finding.code))
    return types.Diagnostic(
        range=index.span_range(finding.span),
        message=finding.message,
        severity=types.DiagnosticSeverity.Warning,
        code=finding.code,
        code_description=types.CodeDescription(href=url) if url else None,
        source=SOURCE,
    )


def problem_diagnostic(problem: Problem, index: LineIndex) -> types.Diagnostic:
    """At the problem's line and column, or the start of the document when it names none."""
    start = index.offset_of(problem.line, problem.column) if problem.line else 0
    return types.Diagnostic(
        range=index.range(start, start),
        message=problem.message,
        severity=types.DiagnosticSeverity.Error,
        source=SOURCE,
    )
