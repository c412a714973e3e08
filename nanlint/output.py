"""Render a Report: text (with the source line and a caret), concise, JSON, SARIF 2.1.0, GitHub annotations.

Findings go to standard output; files that could not be checked go to standard error, one line
each (`nanlint: error: PATH[:LINE[:COL]]: what went wrong`), and in the SARIF and GitHub formats
they also appear in the output (tool execution notifications; `::error` annotations).

JSON (`--output-format json`) is a list with one object per finding, sorted by file, line and
column, in the shape of ruff's JSON output:

    {
      "code": "NAN101",                       # the rule's code
      "name": "log-of-possibly-zero",         # the rule's name
      "message": "`log` of a sum, ...",       # one line: why it is risky, and the hint
      "filename": "src/loss.py",              # as discovered (relative to where nanlint ran)
      "cell": null,                           # in a notebook: the cell's number (rows count in it)
      "location": {"row": 5, "column": 12},   # 1-based; columns count characters
      "end_location": {"row": 5, "column": 27},   # exclusive
      "url": "https://...",                   # the rule's documentation
      "fix": null | {
        "applicability": "safe" | "unsafe",   # unsafe fixes change numbers (add an eps, a clamp)
        "message": "Clamp the argument ...",  # the fix's title
        "edits": [{"content": "...", "cell": null,   # the cell it changes, in a notebook
                   "location": {"row", "column"}, "end_location": {"row", "column"},
                   "start": 120, "end": 135}]  # the same range as character offsets in the file
      }                                        # (in a notebook's code: its code cells joined)
    }

In a notebook (`nb.ipynb`), text and concise findings read `nb.ipynb:cell 3:2:5:` (line 2, column
5 of the notebook's third cell, markdown cells counted), as ruff writes them, and JSON rows count
in the cell; SARIF regions and GitHub annotations point into the notebook's JSON text, at that cell
line (SARIF adds the cell and the position in it as the result's properties).

With `--statistics`, JSON is a list of `{"code", "name", "count", "fixable"}`, most frequent first.
"""

from __future__ import annotations

import json
import os
import sys
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, TextIO, Tuple
from urllib.parse import quote

from nanlint import __version__
from nanlint.analysis.gradient import WHERE_IT_SPEAKS
from nanlint.catalog import Rule
from nanlint.ftypes import Edit, FileError, Finding, Report, Span
from nanlint.notebook import Notebook, is_notebook, load as load_notebook
from nanlint.source import SourceError, line_starts, lines, read

DOCS_URL = "https://github.com/nanlint/nanlint/blob/main/rules/{family}.toml"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def use_color(stream: TextIO) -> bool:
    """Colour on a terminal (or with FORCE_COLOR), never when NO_COLOR is set (https://no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty()


class Style:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.enabled else text


@dataclass(frozen=True)
class Location:
    """Where a finding is, as the user reads it: in a notebook, the cell and the line in it."""

    row: int
    column: int
    cell: Optional[int] = None

    def __str__(self) -> str:
        where = f"{self.row}:{self.column}"
        return where if self.cell is None else f"cell {self.cell}:{where}"


class Sources:
    """The code of the checked files, read again for excerpts and positions (a notebook's code is
    its code cells joined); `given` holds code, `notebooks` notebooks, not on disk as checked
    (standard input, fixes)."""

    def __init__(self, given: Optional[Dict[str, str]] = None, notebooks: Optional[Dict[str, Notebook]] = None) -> None:
        self._text: Dict[str, Optional[str]] = dict(given or {})
        self._notebooks: Dict[str, Optional[Notebook]] = dict(notebooks or {})
        self._starts: Dict[str, List[int]] = {}
        self._lines: Dict[str, List[str]] = {}

    def text(self, path: str) -> Optional[str]:
        if path not in self._text:
            if is_notebook(path):
                notebook = self.notebook(path)
                self._text[path] = notebook.code if notebook is not None else None
                return self._text[path]
            try:
                self._text[path] = read(path).text
            except SourceError:
                self._text[path] = None
        return self._text[path]

    def notebook(self, path: str) -> Optional[Notebook]:
        """The notebook at `path`, None for a Python file (or a notebook that cannot be read)."""
        if not is_notebook(path):
            return None
        if path not in self._notebooks:
            try:
                self._notebooks[path] = load_notebook(path)
            except SourceError:
                self._notebooks[path] = None
        return self._notebooks[path]

    def update(self, other: "Sources") -> None:
        self._text.update(other._text)
        self._notebooks.update(other._notebooks)
        for path in other._text:
            self._starts.pop(path, None)
            self._lines.pop(path, None)

    def location(self, path: str, row: int, column: int) -> Location:
        """A position of the code as the user reads it (in a notebook: in its cell)."""
        notebook = self.notebook(path)
        if notebook is None or not notebook.cells:
            return Location(row, column)
        where = notebook.locate(row)
        return Location(where.line, column, where.cell)

    def file_span(self, path: str, span: Span) -> Span:
        """A span of the code where it lies in the file (in a notebook: in its JSON text)."""
        notebook = self.notebook(path)
        if notebook is None or not notebook.cells:
            return span
        return Span(*notebook.file_position(span.line, span.column), *notebook.file_position(span.end_line, span.end_column))

    def line(self, path: str, number: int) -> Optional[str]:
        if path not in self._lines:
            text = self.text(path)
            if text is None:
                return None
            self._lines[path] = lines(text)  # split once per file, not once per finding
        all_lines = self._lines[path]
        return all_lines[number - 1] if 0 < number <= len(all_lines) else None

    def position(self, path: str, offset: int) -> Tuple[int, int]:
        """(row, column), 1-based, of a character offset."""
        if path not in self._starts:
            self._starts[path] = line_starts(self.text(path) or "")
        starts = self._starts[path]
        row = bisect_right(starts, offset) - 1
        return row + 1, offset - starts[row] + 1


class Summary:
    """What the text formats print after the findings."""

    def __init__(self, unsafe_fixes: bool = False, fixed: int = 0, quiet: bool = False) -> None:
        self.unsafe_fixes = unsafe_fixes
        self.fixed = fixed
        self.quiet = quiet

    def fix_mark(self, finding: Finding) -> str:
        return "[*] " if finding.fix is not None and (finding.fix.safe or self.unsafe_fixes) else ""

    def write(self, report: Report, stream: TextIO) -> None:
        if self.quiet:
            return
        count = len(report.findings)
        if count == 0 and self.fixed == 0:
            if not report.errors:
                stream.write("All checks passed!\n")
            return
        if self.fixed:
            total = count + self.fixed
            stream.write(f"Found {_plural(total, 'error')} ({self.fixed} fixed, {count} remaining).\n")
        else:
            stream.write(f"Found {_plural(count, 'error')}.\n")
        safe = sum(1 for f in report.findings if f.fix and f.fix.safe)
        unsafe = sum(1 for f in report.findings if f.fix and not f.fix.safe)
        fixable = safe + (unsafe if self.unsafe_fixes else 0)
        hidden = 0 if self.unsafe_fixes else unsafe
        hint = f" ({_plural(hidden, 'hidden fix', 'hidden fixes')} can be enabled with the `--unsafe-fixes` option)" if hidden else ""
        if fixable:
            stream.write(f"[*] {fixable} fixable with the `--fix` option{hint}.\n")
        elif hidden:
            stream.write(f"No fixes available{hint}.\n")


def _plural(count: int, singular: str, plural: Optional[str] = None) -> str:
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def _start(finding: Finding, sources: Sources) -> Location:
    return sources.location(finding.path, finding.line, finding.column)


def render_text(report: Report, stream: TextIO, sources: Sources, summary: Summary) -> None:
    style = Style(use_color(stream))
    for finding in report.findings:
        start = _start(finding, sources)
        stream.write(f"{style(finding.path, '1')}:{start}: {style(finding.code, '1;31')} {summary.fix_mark(finding)}{finding.message}\n")
        stream.write(_source_excerpt(finding, start.row, sources.line(finding.path, finding.line), style))
    summary.write(report, stream)


def _source_excerpt(finding: Finding, row: int, line: Optional[str], style: Style) -> str:
    if line is None:
        return ""
    line = line.expandtabs(1)  # one column per character, so the caret stays under the span
    start = finding.column - 1
    end = finding.span.end_column - 1 if finding.span.end_line == finding.line else len(line)
    number = str(row)
    gutter = " " * len(number)
    caret = " " * start + style("^" * max(1, end - start), "1;31")
    text = f"{gutter} |\n{number} | {line}\n{gutter} | {caret}\n"
    if finding.fix is not None:
        text += f"{gutter} = help: {finding.fix.title}{'' if finding.fix.safe else ' (unsafe)'}\n"
    return text + "\n"


def render_concise(report: Report, stream: TextIO, sources: Sources, summary: Summary) -> None:
    for finding in report.findings:
        stream.write(f"{finding.path}:{_start(finding, sources)}: {finding.code} {summary.fix_mark(finding)}{finding.message}\n")
    summary.write(report, stream)


def _rule_url(rule: Optional[Rule]) -> Optional[str]:
    return DOCS_URL.format(family=rule.family) if rule is not None else None


def _location(location: Location) -> dict:
    return {"row": location.row, "column": location.column}


def _edit_json(path: str, edit: Edit, sources: Sources) -> dict:
    start = sources.location(path, *sources.position(path, edit.start))
    return {
        "content": edit.content,
        "cell": start.cell,
        "location": _location(start),
        "end_location": _location(sources.location(path, *sources.position(path, edit.end))),
        "start": edit.start,
        "end": edit.end,
    }


def finding_json(finding: Finding, catalog: Dict[str, Rule], sources: Sources) -> dict:
    path, span = finding.path, finding.span
    fix = None
    if finding.fix is not None:
        fix = {
            "applicability": "safe" if finding.fix.safe else "unsafe",
            "message": finding.fix.title,
            "edits": [_edit_json(path, edit, sources) for edit in finding.fix.edits],
        }
    start = _start(finding, sources)
    return {
        "code": finding.code,
        "name": finding.name,
        "message": finding.message,
        "filename": path,
        "cell": start.cell,
        "location": _location(start),
        "end_location": _location(sources.location(path, span.end_line, span.end_column)),
        "url": _rule_url(catalog.get(finding.code)),
        "fix": fix,
    }


def _dump(data, stream: TextIO) -> None:
    json.dump(data, stream, indent=2, ensure_ascii=False)
    stream.write("\n")


def render_json(report: Report, stream: TextIO, catalog: Dict[str, Rule], sources: Sources) -> None:
    _dump([finding_json(f, catalog, sources) for f in report.findings], stream)


def render_github(report: Report, stream: TextIO, sources: Sources) -> None:
    """GitHub Actions workflow commands: each finding a warning annotation on its span."""
    for finding in report.findings:
        span = sources.file_span(finding.path, finding.span)
        location = f"{finding.path}:{_start(finding, sources)}:"
        stream.write(
            f"::warning title=nanlint ({finding.code}),file={_escape_property(finding.path)},line={span.line},"
            f"col={span.column},endLine={span.end_line},endColumn={span.end_column}"
            f"::{_escape_data(f'{location} {finding.code} {finding.message}')}\n"
        )
    for error in report.errors:
        line = f",line={error.line}" if error.line else ""
        stream.write(f"::error title=nanlint,file={_escape_property(error.path)}{line}::{_escape_data(error.message)}\n")


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def sarif_log(report: Report, catalog: Dict[str, Rule], sources: Sources) -> dict:
    used = sorted({f.code for f in report.findings if f.code in catalog})
    index = {code: i for i, code in enumerate(used)}
    notifications = [_sarif_notification(error) for error in report.errors]
    run = {
        "tool": {"driver": {
            "name": "nanlint", "version": __version__, "informationUri": "https://github.com/nanlint/nanlint",
            "rules": [_sarif_rule(catalog[code]) for code in used],
        }},
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
        location["region"] = {"startLine": error.line}
    return {
        "level": "error",
        "message": {"text": error.message},
        "descriptor": {"id": "internal-error" if error.kind == "internal" else "file-error"},
        "locations": [{"physicalLocation": location}],
    }


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


def _sarif_result(finding: Finding, index: Dict[str, int], sources: Sources) -> dict:
    span = sources.file_span(finding.path, finding.span)
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
    start = _start(finding, sources)
    if start.cell is not None:
        end = sources.location(finding.path, finding.span.end_line, finding.span.end_column)
        result["properties"] = {"cell": start.cell, "location": _location(start), "end_location": _location(end)}
    return result


def render_sarif(report: Report, stream: TextIO, catalog: Dict[str, Rule], sources: Sources) -> None:
    _dump(sarif_log(report, catalog, sources), stream)


def statistics(report: Report, catalog: Dict[str, Rule]) -> List[dict]:
    counts = Counter(f.code for f in report.findings)
    fixable = {f.code for f in report.findings if f.fix is not None and f.fix.safe}
    return [
        {"code": code, "name": catalog[code].name if code in catalog else "", "count": count, "fixable": code in fixable}
        for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]


def render_statistics(report: Report, output_format: str, stream: TextIO, catalog: Dict[str, Rule]) -> None:
    rows = statistics(report, catalog)
    if output_format == "json":
        _dump(rows, stream)
        return
    width = max((len(str(row["count"])) for row in rows), default=1)
    for row in rows:
        mark = "[*]" if row["fixable"] else "[ ]"
        stream.write(f"{row['count']:>{width}}\t{row['code']}\t{mark} {row['name']}\n")


def render(report: Report, output_format: str, stream: TextIO, catalog: Dict[str, Rule],
           sources: Optional[Sources] = None, summary: Optional[Summary] = None) -> None:
    """Findings in a format; `sources` holds text not on disk as checked, `summary` what follows them."""
    sources = sources or Sources()
    summary = summary or Summary()
    if output_format == "json":
        render_json(report, stream, catalog, sources)
    elif output_format == "sarif":
        render_sarif(report, stream, catalog, sources)
    elif output_format == "github":
        render_github(report, stream, sources)
    elif output_format == "concise":
        render_concise(report, stream, sources, summary)
    else:
        render_text(report, stream, sources, summary)


def rule_markdown(rule: Rule) -> str:
    """A rule's page, in the shape of ruff's: what it does, why, example, use instead, references."""
    parts = [
        f"# {rule.name} ({rule.code})",
        f"Family: {rule.family}. {'Enabled by default' if rule.default else 'Off by default (select it by code, or use --preview)'}."
        + (" Fix available." if rule.fixable else ""),
        "## What it does\n" + rule.docs.what.strip(),
        "## Why is this bad?\n" + rule.docs.why.strip() + (f"\n\n{WHERE_IT_SPEAKS}" if rule.gradient else ""),
        "## Example\n```python\n" + rule.bad[0].code.strip() + "\n```",
        "## Use instead\n" + rule.docs.instead.strip() + "\n```python\n" + rule.good[0].code.strip() + "\n```",
    ]
    if rule.docs.references:
        parts.append("## References\n" + "\n".join(f"- {ref}" for ref in rule.docs.references))
    return "\n\n".join(parts) + "\n"


def render_errors(report: Report, stream: TextIO = sys.stderr) -> None:
    """One line per file that could not be checked; internal errors say so in their message."""
    style = Style(use_color(stream))
    for error in report.errors:
        stream.write(f"{style('nanlint: error:', '1;31')} {error.message}\n")
