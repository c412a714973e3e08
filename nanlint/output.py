"""Render a Report: text (with the source line and a caret), concise, JSON, SARIF 2.1.0, GitHub annotations.

JSON (`--output-format json`) is a list with one object per finding:
    {"code", "name", "message", "filename", "location": {"row", "column"},
     "end_location": {"row", "column"}, "url",
     "fix": null | {"applicability": "safe" | "unsafe", "message",
                    "edits": [{"content", "start", "end"}]}}   # start/end: character offsets
Rows and columns are 1-based; `end_location` is exclusive, as in ruff's JSON.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from typing import Dict, List, Optional, TextIO

from nanlint import __version__
from nanlint.catalog import Rule
from nanlint.ftypes import Finding, Report
from nanlint.source import SourceError, read

DOCS_URL = "https://github.com/nanlint/nanlint/blob/main/rules/{family}.toml"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def use_color(stream: TextIO) -> bool:
    return "NO_COLOR" not in os.environ and hasattr(stream, "isatty") and stream.isatty()


class Style:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.enabled else text


def _fix_mark(finding: Finding, unsafe: bool) -> str:
    if finding.fix is None or not (finding.fix.safe or unsafe):
        return ""
    return "[*] "


def render_text(report: Report, stream: TextIO, unsafe_fixes: bool = False) -> None:
    style = Style(use_color(stream))
    lines_cache: Dict[str, List[str]] = {}
    for finding in report.findings:
        where = f"{style(finding.path, '1')}:{finding.line}:{finding.column}:"
        stream.write(f"{where} {style(finding.code, '1;31')} {_fix_mark(finding, unsafe_fixes)}{finding.message}\n")
        stream.write(_source_excerpt(finding, lines_cache, style))
    _summary(report, stream, unsafe_fixes)


def _source_excerpt(finding: Finding, cache: Dict[str, List[str]], style: Style) -> str:
    if finding.path not in cache:
        try:
            cache[finding.path] = read(finding.path).text.splitlines()
        except SourceError:
            cache[finding.path] = []
    lines = cache[finding.path]
    if not 0 < finding.line <= len(lines):
        return ""
    line = lines[finding.line - 1].expandtabs(1)
    start = finding.column - 1
    end = finding.span.end_column - 1 if finding.span.end_line == finding.line else len(line)
    width = max(1, end - start)
    number = str(finding.line)
    gutter = " " * len(number)
    caret = " " * start + style("^" * width, "1;31")
    text = f"{gutter} |\n{number} | {line}\n{gutter} | {caret}\n"
    if finding.fix is not None:
        text += f"{gutter} = help: {finding.fix.title}{'' if finding.fix.safe else ' (unsafe)'}\n"
    return text + "\n"


def _summary(report: Report, stream: TextIO, unsafe_fixes: bool) -> None:
    count = len(report.findings)
    if count == 0:
        return
    stream.write(f"Found {count} error{'s' if count != 1 else ''}.\n")
    safe = sum(1 for f in report.findings if f.fix and f.fix.safe)
    unsafe = sum(1 for f in report.findings if f.fix and not f.fix.safe)
    if safe or unsafe and unsafe_fixes:
        fixable = safe + (unsafe if unsafe_fixes else 0)
        stream.write(f"[*] {fixable} fixable with the `--fix` option")
        stream.write(f" ({unsafe} hidden fixes can be enabled with the `--unsafe-fixes` option).\n" if unsafe and not unsafe_fixes else ".\n")
    elif unsafe:
        stream.write(f"No fixes available ({unsafe} hidden fixes can be enabled with the `--unsafe-fixes` option).\n")


def render_concise(report: Report, stream: TextIO, unsafe_fixes: bool = False) -> None:
    for finding in report.findings:
        stream.write(f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {_fix_mark(finding, unsafe_fixes)}{finding.message}\n")
    _summary(report, stream, unsafe_fixes)


def _rule_url(rule: Optional[Rule]) -> Optional[str]:
    return DOCS_URL.format(family=rule.family) if rule is not None else None


def finding_json(finding: Finding, catalog: Dict[str, Rule]) -> dict:
    fix = None
    if finding.fix is not None:
        fix = {
            "applicability": "safe" if finding.fix.safe else "unsafe",
            "message": finding.fix.title,
            "edits": [{"content": e.content, "start": e.start, "end": e.end} for e in finding.fix.edits],
        }
    return {
        "code": finding.code,
        "name": finding.name,
        "message": finding.message,
        "filename": finding.path,
        "location": {"row": finding.span.line, "column": finding.span.column},
        "end_location": {"row": finding.span.end_line, "column": finding.span.end_column},
        "url": _rule_url(catalog.get(finding.code)),
        "fix": fix,
    }


def render_json(report: Report, stream: TextIO, catalog: Dict[str, Rule]) -> None:
    json.dump([finding_json(f, catalog) for f in report.findings], stream, indent=2, ensure_ascii=False)
    stream.write("\n")


def render_github(report: Report, stream: TextIO) -> None:
    for finding in report.findings:
        span = finding.span
        stream.write(
            f"::warning title=nanlint ({finding.code}),file={_escape_property(finding.path)},line={span.line},col={span.column},"
            f"endLine={span.end_line},endColumn={span.end_column}::{_escape_data(finding.code + ' ' + finding.message)}\n"
        )
    for error in report.errors:
        location = f",line={error.line}" if error.line else ""
        stream.write(f"::error title=nanlint,file={_escape_property(error.path)}{location}::{_escape_data(error.message)}\n")


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def sarif_log(report: Report, catalog: Dict[str, Rule]) -> dict:
    used = sorted({f.code for f in report.findings if f.code in catalog})
    index = {code: i for i, code in enumerate(used)}
    rules = [_sarif_rule(catalog[code]) for code in used]
    results = [_sarif_result(f, index) for f in report.findings]
    notifications = [
        {"level": "error", "message": {"text": e.message},
         "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(e.path)}}}]}
        for e in report.errors
    ]
    run = {
        "tool": {"driver": {"name": "nanlint", "version": __version__, "informationUri": "https://github.com/nanlint/nanlint", "rules": rules}},
        "results": results,
        "invocations": [{"executionSuccessful": not report.errors, "toolExecutionNotifications": notifications}],
    }
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _uri(path: str) -> str:
    return path.replace(os.sep, "/")


def _sarif_rule(rule: Rule) -> dict:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.docs.what},
        "fullDescription": {"text": rule.docs.why},
        "help": {"text": rule.docs.instead, "markdown": rule_markdown(rule)},
        "helpUri": _rule_url(rule),
        "defaultConfiguration": {"level": "warning", "enabled": rule.default},
        "properties": {"family": rule.family, "fixable": rule.fixable},
    }


def _sarif_result(finding: Finding, index: Dict[str, int]) -> dict:
    span = finding.span
    result = {
        "ruleId": finding.code,
        "level": "warning",
        "message": {"text": finding.message},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": _uri(finding.path)},
            "region": {"startLine": span.line, "startColumn": span.column, "endLine": span.end_line, "endColumn": span.end_column},
        }}],
    }
    if finding.code in index:
        result["ruleIndex"] = index[finding.code]
    return result


def render_sarif(report: Report, stream: TextIO, catalog: Dict[str, Rule]) -> None:
    json.dump(sarif_log(report, catalog), stream, indent=2, ensure_ascii=False)
    stream.write("\n")


def render_statistics(report: Report, stream: TextIO, catalog: Dict[str, Rule]) -> None:
    counts = Counter(f.code for f in report.findings)
    fixable = {f.code for f in report.findings if f.fix is not None and f.fix.safe}
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        rule = catalog.get(code)
        mark = "[*]" if code in fixable else "[ ]"
        stream.write(f"{count:5d}\t{code}\t{mark} {rule.name if rule else ''}\n")


def render(report: Report, output_format: str, stream: TextIO, catalog: Dict[str, Rule], unsafe_fixes: bool = False) -> None:
    if output_format == "json":
        render_json(report, stream, catalog)
    elif output_format == "sarif":
        render_sarif(report, stream, catalog)
    elif output_format == "github":
        render_github(report, stream)
    elif output_format == "concise":
        render_concise(report, stream, unsafe_fixes)
    else:
        render_text(report, stream, unsafe_fixes)


def rule_markdown(rule: Rule) -> str:
    """A rule's page, in the shape of ruff's: what it does, why, example, use instead, references."""
    parts = [
        f"# {rule.name} ({rule.code})",
        f"Family: {rule.family}. {'Enabled by default' if rule.default else 'Off by default (select it by code, or use --preview)'}."
        + (" Fix available." if rule.fixable else ""),
        "## What it does\n" + rule.docs.what.strip(),
        "## Why is this bad?\n" + rule.docs.why.strip(),
        "## Example\n```python\n" + rule.bad[0].code.strip() + "\n```",
        "## Use instead\n" + rule.docs.instead.strip() + "\n```python\n" + rule.good[0].code.strip() + "\n```",
    ]
    if rule.docs.references:
        parts.append("## References\n" + "\n".join(f"- {ref}" for ref in rule.docs.references))
    return "\n\n".join(parts) + "\n"


def render_errors(report: Report, stream: TextIO = sys.stderr) -> None:
    style = Style(use_color(stream))
    for error in report.errors:
        label = "internal error" if error.kind == "internal" else "error"
        stream.write(f"{style('nanlint: ' + label + ':', '1;31')} {error.message}\n")
