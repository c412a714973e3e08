"""One line per diagnostic, for CI logs: `github` (workflow commands), `azure` (Azure Pipelines
logging commands), `pylint` (`path:line: [CODE] message`, which tools reading pylint's or
flake8's pylint format parse).

A finding is a warning annotation, a file that could not be checked an error one. In a notebook
the annotation is on the notebook's JSON text, at the cell line; GitHub's message names the cell.
"""

from __future__ import annotations

from typing import List, TextIO

from nanlint.types import Diagnostic


def _headline(diagnostic: Diagnostic) -> str:
    """`CODE message` for a finding, `invalid-syntax: message` for a file that could not be checked,
    as ruff writes them."""
    return f"{diagnostic.code}{':' if diagnostic.is_problem else ''} {diagnostic.message}"


def render_github(diagnostics: List[Diagnostic], stream: TextIO, sources) -> None:
    for diagnostic in diagnostics:
        span = sources.in_file(diagnostic)
        # GitHub refuses `col` and `endColumn` on an annotation spanning several lines.
        columns = (
            f",col={span.column},endLine={span.end_line},endColumn={span.end_column}"
            if span.line == span.end_line
            else f",endLine={span.end_line}"
        )
        text = f"{diagnostic.path}:{sources.start(diagnostic)}: {_headline(diagnostic)}"
        stream.write(
            f"::{diagnostic.severity} title=nanlint ({diagnostic.code}),file={_github_property(diagnostic.path)},"
            f"line={span.line}{columns}::{_github_data(text)}\n"
        )


def _github_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    return _github_data(text).replace(":", "%3A").replace(",", "%2C")


def render_azure(diagnostics: List[Diagnostic], stream: TextIO, sources) -> None:
    for diagnostic in diagnostics:
        span = sources.in_file(diagnostic)
        stream.write(
            f"##vso[task.logissue type={diagnostic.severity};sourcepath={_azure_property(diagnostic.path)};"
            f"linenumber={span.line};columnnumber={span.column};code={_azure_property(diagnostic.code)};]"
            f"{_azure_data(diagnostic.message)}\n"
        )


def _azure_data(text: str) -> str:
    # The escapes the Azure Pipelines agent undoes (azure-pipelines-task-lib's escapedata).
    return text.replace("%", "%AZP25").replace("\r", "%0D").replace("\n", "%0A")


def _azure_property(text: str) -> str:
    return _azure_data(text).replace(";", "%3B").replace("]", "%5D")


def render_pylint(diagnostics: List[Diagnostic], stream: TextIO, sources) -> None:
    for diagnostic in diagnostics:
        stream.write(
            f"{diagnostic.path}:{sources.in_file(diagnostic).line}: [{diagnostic.code}] {diagnostic.message}\n"
        )
