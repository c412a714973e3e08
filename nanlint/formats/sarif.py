"""`sarif`: SARIF 2.1.0, for code-scanning dashboards: a result per finding, the rules it names
(with their pages), and a tool execution notification per file that could not be checked. In a
notebook a region is in the notebook's JSON text, and the result's properties hold the cell and the
place in it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, TextIO
from urllib.parse import quote

from nanlint.version import __version__
from nanlint.catalog import Rule
from nanlint.formats.rule_pages import REPOSITORY, rule_markdown, rule_url
from nanlint.formats.documents import dump, location_json
from nanlint.types import FileError, Finding, Report

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def sarif_log(report: Report, catalog: Dict[str, Rule], sources) -> dict:
    used = sorted({f.code for f in report.findings if f.code in catalog})
    index = {code: i for i, code in enumerate(used)}
    notifications = [_sarif_notification(error) for error in report.errors]
    run = {
        "tool": {
            "driver": {
                "name": "nanlint",
                "version": __version__,
                "informationUri": REPOSITORY,
                "rules": [_sarif_rule(catalog[code]) for code in used],
            }
        },
        "columnKind": "unicodeCodePoints",  # our columns count characters, not UTF-16 units
        "results": [_sarif_result(f, index, sources) for f in report.findings],
        "invocations": [{"executionSuccessful": not report.errors, "toolExecutionNotifications": notifications}],
    }
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _uri(path: str) -> str:
    """A relative path as a relative URI reference; an absolute one as a file: URI."""
    if os.path.isabs(path):
        return Path(path).as_uri()
    return quote(path.replace(os.sep, "/"))


def _sarif_notification(error: FileError) -> dict:
    location: dict = {"artifactLocation": {"uri": _uri(error.path)}}
    if error.line:
        location["region"] = {"startLine": error.line, **({"startColumn": error.column} if error.column else {})}
    return {
        "level": "error",
        "message": {"text": error.message},
        "descriptor": {"id": error.code},
        "locations": [{"physicalLocation": location}],
    }


def _sarif_rule(rule: Rule) -> dict:
    url = rule_url(rule)
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.docs.what},
        "fullDescription": {"text": rule.docs.why},
        "help": {"text": rule.docs.instead, "markdown": rule_markdown(rule)},
        **({"helpUri": url} if url else {}),
        "defaultConfiguration": {"level": "warning", "enabled": rule.default},
        "properties": {"family": rule.family, "fixable": rule.fixable},
    }


def _physical(path: str, span, sources) -> dict:
    span = sources.file_span(path, span)
    return {
        "artifactLocation": {"uri": _uri(path)},
        "region": {
            "startLine": span.line,
            "startColumn": span.column,
            "endLine": span.end_line,
            "endColumn": span.end_column,
        },
    }


def _sarif_result(finding: Finding, index: Dict[str, int], sources) -> dict:
    span = sources.file_span(finding.path, finding.span)
    result = {
        "ruleId": finding.code,
        "level": "warning",
        "message": {"text": finding.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(finding.path)},
                    "region": {
                        "startLine": span.line,
                        "startColumn": span.column,
                        "endLine": span.end_line,
                        "endColumn": span.end_column,
                    },
                }
            }
        ],
    }
    if finding.related:
        result["relatedLocations"] = [
            {
                "id": number,
                "message": {"text": related.message},
                "physicalLocation": _physical(finding.path, related.span, sources),
            }
            for number, related in enumerate(finding.related)
        ]
    if finding.code in index:
        result["ruleIndex"] = index[finding.code]
    start = sources.location(finding.path, finding.line, finding.column)
    if start.cell is not None:  # in a notebook: the cell, and the place in it
        end = sources.location(finding.path, finding.span.end_line, finding.span.end_column)
        result["properties"] = {
            "cell": start.cell,
            "location": location_json(start),
            "end_location": location_json(end),
        }
    return result


def render(report: Report, stream: TextIO, catalog: Dict[str, Rule], sources) -> None:
    dump(sarif_log(report, catalog, sources), stream)
