"""Render a Report in one of ruff's output formats; the human ones live here.

`full` (alias `text`): each finding with its source line and a caret, then a summary; `concise`:
one line per finding; `grouped`: findings under the name of their file. The machine formats are
in nanlint/formats/: JSON documents (`json`, `json-lines`, `rdjson`, `gitlab`), CI annotations
(`github`, `azure`, `pylint`), `junit` and `sarif`.

Files that could not be checked go to standard error, one line each (`nanlint: error:
PATH[:LINE[:COL]]: what went wrong`); the machine formats list them beside the findings too, under
ruff's names (`invalid-syntax`, `io-error`, `panic`): a consumer reading only the report sees them.

In a notebook (`nb.ipynb`), the human formats read `nb.ipynb:cell 3:2:5:` (line 2, column 5 of the
notebook's third cell, markdown cells counted), as ruff writes them, and JSON (`json`, `json-lines`)
rows count in the cell, its `cell` key naming it; the formats a tool lays over the file (`sarif`,
`github`, `azure`, `pylint`, `gitlab`, `rdjson`, `junit`) point into the notebook's JSON text, at
that cell line.
"""

from __future__ import annotations

import importlib
import os
import sys
from bisect import bisect_right
from collections import Counter
from typing import TYPE_CHECKING, Dict, List, NamedTuple, Optional, Sequence, Set, TextIO, Tuple

from nanlint.catalog import Rule
from nanlint.types import ERROR, OUTPUT_FORMATS, WARNING, Diagnostic, FileError, Finding, Report, Span
from nanlint.inputs import is_notebook
from nanlint.inputs.source import SourceError, line_starts, lines, read

# Each part of a report is imported by what shows it: a finding's excerpt needs no notebook reader, no
# tokenizer (--add-noqa's line) and no rule pages (the machine formats' links).
if TYPE_CHECKING:
    from nanlint.inputs.notebook import Notebook


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


class Location(NamedTuple):
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
        self._open_lines: Dict[str, Optional[Set[int]]] = {}

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
            from nanlint.inputs.notebook import load as load_notebook

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
            self._open_lines.pop(path, None)

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
        return Span(
            *notebook.file_position(span.line, span.column), *notebook.file_position(span.end_line, span.end_column)
        )

    def start(self, diagnostic: Diagnostic) -> Location:
        """Where a diagnostic starts, as the user reads it."""
        return self._read_at(diagnostic, diagnostic.span.line, diagnostic.span.column)

    def end(self, diagnostic: Diagnostic) -> Location:
        return self._read_at(diagnostic, diagnostic.span.end_line, diagnostic.span.end_column)

    def _read_at(self, diagnostic: Diagnostic, row: int, column: int) -> Location:
        return self.location(diagnostic.path, row, column) if diagnostic.in_code else Location(row, column)

    def in_file(self, diagnostic: Diagnostic) -> Span:
        """Where a diagnostic lies in the file as stored, for the formats a tool lays over it."""
        return self.file_span(diagnostic.path, diagnostic.span) if diagnostic.in_code else diagnostic.span

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

    def byte_column(self, path: str, row: int, column: int) -> int:
        """A 1-based character column of the file as stored (a notebook: its JSON text) as a 1-based
        count of UTF-8 bytes (rdjson's columns)."""
        notebook = self.notebook(path)
        line = self.line(path, row) if notebook is None or not notebook.cells else _nth_line(notebook.file.text, row)
        return column if line is None else len(line[: column - 1].encode("utf-8", "surrogatepass")) + 1

    def noqa_line(self, path: str, span: Span) -> Optional[int]:
        """The line of the code where `--add-noqa` puts a comment silencing a finding on `span`."""
        from nanlint.engine.noqa import Untokenizable, layout, noqa_line

        if path not in self._open_lines:
            try:
                self._open_lines[path] = layout(self.text(path) or "").open_lines
            except Untokenizable:
                self._open_lines[path] = None
        open_lines = self._open_lines[path]
        return span.line if open_lines is None else noqa_line(span, open_lines)


def _nth_line(text: str, number: int) -> Optional[str]:
    found = lines(text)
    return found[number - 1] if 0 < number <= len(found) else None


class Summary:
    """What the human formats print after the findings: the fixes made (`--show-fixes`), the counts."""

    def __init__(
        self, unsafe_fixes: bool = False, fixed: Sequence[Finding] = (), quiet: bool = False, show_fixes: bool = False
    ) -> None:
        self.unsafe_fixes = unsafe_fixes
        self.fixed = list(fixed)
        self.quiet = quiet
        self.show_fixes = show_fixes

    def fix_mark(self, finding: Finding) -> str:
        return "[*] " if finding.fix is not None and (finding.fix.safe or self.unsafe_fixes) else ""

    def write(self, report: Report, stream: TextIO) -> None:
        if self.show_fixes and self.fixed:
            stream.write("\n" + fix_table(self.fixed, Style(use_color(stream))) + "\n")
        if self.quiet:
            return
        count, fixed = len(report.findings), len(self.fixed)
        if count == 0 and fixed == 0:
            if not report.errors:
                stream.write("All checks passed!\n")
            return
        if fixed:
            stream.write(f"Found {plural(count + fixed, 'error')} ({fixed} fixed, {count} remaining).\n")
        else:
            stream.write(f"Found {plural(count, 'error')}.\n")
        safe = sum(1 for f in report.findings if f.fix and f.fix.safe)
        unsafe = sum(1 for f in report.findings if f.fix and not f.fix.safe)
        fixable = safe + (unsafe if self.unsafe_fixes else 0)
        hidden = 0 if self.unsafe_fixes else unsafe
        hint = (
            f" ({plural(hidden, 'hidden fix', 'hidden fixes')} can be enabled with the `--unsafe-fixes` option)"
            if hidden
            else ""
        )
        if fixable:
            stream.write(f"[*] {fixable} fixable with the `--fix` option{hint}.\n")
        elif hidden:
            stream.write(f"No fixes available{hint}.\n")


def fix_table(fixed: Sequence[Finding], style: Style) -> str:
    """`--show-fixes`: the fixes made, per file and rule, as ruff lists them."""
    per_file: Dict[str, Counter] = {}
    for finding in fixed:
        per_file.setdefault(finding.path, Counter())[(finding.code, finding.name)] += 1
    width = len(str(max(max(counts.values()) for counts in per_file.values())))
    text = style(f"Fixed {plural(len(fixed), 'error')}:", "1;32") + "\n"
    for path in sorted(per_file):
        text += f"{style('-', '36')} {style(path, '1')}{style(':', '36')}\n"
        for (code, name), count in sorted(per_file[path].items(), key=lambda item: (-item[1], item[0])):
            text += f"    {count:>{width}} × {style(code, '1;31')} ({name})\n"
    return text


def plural(count: int, singular: str, plural: Optional[str] = None) -> str:
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def _start(finding: Finding, sources: Sources) -> Location:
    return sources.location(finding.path, finding.line, finding.column)


def render_full(report: Report, stream: TextIO, sources: Sources, summary: Summary) -> None:
    style = Style(use_color(stream))
    for finding in report.findings:
        start = _start(finding, sources)
        stream.write(
            f"{style(finding.path, '1')}:{start}: {style(finding.code, '1;31')} "
            f"{summary.fix_mark(finding)}{finding.message}\n"
        )
        stream.write(_source_excerpt(finding, start.row, sources.line(finding.path, finding.line), style, sources))
    summary.write(report, stream)


def _source_excerpt(finding: Finding, row: int, line: Optional[str], style: Style, sources: Sources) -> str:
    if line is None:
        return ""
    line = line.expandtabs(1)  # one column per character, so the caret stays under the span
    start = finding.column - 1
    end = finding.span.end_column - 1 if finding.span.end_line == finding.line else len(line)
    number = str(row)
    gutter = " " * len(number)
    caret = " " * start + style("^" * max(1, end - start), "1;31")
    text = f"{gutter} |\n{number} | {line}\n{gutter} | {caret}\n"
    for related in finding.related:
        where = _line_words(sources.location(finding.path, related.span.line, related.span.column))
        text += f"{gutter} = note: {where}: {related.message}\n"
    if finding.fix is not None:
        text += f"{gutter} = help: {finding.fix.title}{'' if finding.fix.safe else ' (unsafe)'}\n"
    return text + "\n"


def render_concise(report: Report, stream: TextIO, sources: Sources, summary: Summary) -> None:
    for finding in report.findings:
        stream.write(
            f"{finding.path}:{_start(finding, sources)}: {finding.code} {summary.fix_mark(finding)}{finding.message}\n"
        )
    summary.write(report, stream)


def render_grouped(report: Report, stream: TextIO, sources: Sources, summary: Summary) -> None:
    """Findings under the name of their file, `line:column` aligned within it, as ruff groups them."""
    style = Style(use_color(stream))
    by_file: Dict[str, List[Finding]] = {}
    for finding in report.findings:
        by_file.setdefault(finding.path, []).append(finding)
    for path, findings in by_file.items():
        starts = [_start(f, sources) for f in findings]
        rows = max(len(_row(start)) for start in starts)
        columns = max(len(str(start.column)) for start in starts)
        stream.write(style(path, "4") + ":\n")
        for f, start in zip(findings, starts):
            where = f"{_row(start):>{rows}}{style(':', '36')}{start.column:<{columns}}"
            stream.write(f"  {where} {style(f.code, '1;31')} {summary.fix_mark(f)}{f.message}\n")
        stream.write("\n")
    summary.write(report, stream)


def _line_words(location: Location) -> str:
    """A line named in words: `line 14`, in a notebook `cell 3, line 2` (as messages name lines)."""
    return f"line {location.row}" if location.cell is None else f"cell {location.cell}, line {location.row}"


def _row(location: Location) -> str:
    return str(location.row) if location.cell is None else f"cell {location.cell}:{location.row}"


def diagnostics(report: Report, catalog: Dict[str, Rule]) -> List[Diagnostic]:
    """The findings and the files that could not be checked, in one list sorted by place."""
    from nanlint.formats.rule_pages import rule_url

    found = [
        Diagnostic(f.path, f.span, f.code, f.name, f.message, WARNING, rule_url(catalog.get(f.code)), f.fix, f.related)
        for f in report.findings
    ]
    found += [_problem(error) for error in report.errors]
    return sorted(found, key=lambda d: (d.path, d.span.line, d.span.column, d.is_problem, d.code, d.message))


def _problem(error: FileError) -> Diagnostic:
    line, column = error.line or 1, error.column or 1
    return Diagnostic(
        error.path,
        Span(line, column, line, column),
        error.code,
        error.code,
        error.reason,
        ERROR,
        in_code=bool(error.line),
    )


def statistics(report: Report, catalog: Dict[str, Rule]) -> List[dict]:
    counts = Counter(f.code for f in report.findings)
    fixable = {f.code for f in report.findings if f.fix is not None and f.fix.safe}
    return [
        {
            "code": code,
            "name": catalog[code].name if code in catalog else "",
            "count": count,
            "fixable": code in fixable,
        }
        for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]


STATISTICS_FORMATS = tuple(name for name, output in OUTPUT_FORMATS.items() if output.statistics)


def render_statistics(report: Report, output_format: str, stream: TextIO, catalog: Dict[str, Rule]) -> None:
    rows = statistics(report, catalog)
    if output_format == "json":
        from nanlint.formats import documents

        documents.dump(rows, stream)
        return
    width = max((len(str(row["count"])) for row in rows), default=1)
    for row in rows:
        mark = "[*]" if row["fixable"] else "[ ]"
        stream.write(f"{row['count']:>{width}}\t{row['code']}\t{mark} {row['name']}\n")


HUMAN = {"full": render_full, "text": render_full, "concise": render_concise, "grouped": render_grouped}
# Each machine format's renderer, as (module, function): its module is imported when it is used.
MACHINE = {
    "json": ("documents", "render_json"),
    "json-lines": ("documents", "render_json_lines"),
    "rdjson": ("documents", "render_rdjson"),
    "gitlab": ("documents", "render_gitlab"),
    "junit": ("junit", "render"),
    "github": ("annotations", "render_github"),
    "azure": ("annotations", "render_azure"),
    "pylint": ("annotations", "render_pylint"),
}


def render(
    report: Report,
    output_format: str,
    stream: TextIO,
    catalog: Dict[str, Rule],
    sources: Optional[Sources] = None,
    summary: Optional[Summary] = None,
) -> None:
    """Findings in a format; `sources` holds text not on disk as checked, `summary` what follows them."""
    sources = sources or Sources()
    if output_format in HUMAN:
        HUMAN[output_format](report, stream, sources, summary or Summary())
    elif output_format == "sarif":
        from nanlint.formats import sarif

        sarif.render(report, stream, catalog, sources)
    else:
        module, function = MACHINE[output_format]
        renderer = getattr(importlib.import_module(f"nanlint.formats.{module}"), function)
        renderer(diagnostics(report, catalog), stream, sources)


def render_errors(report: Report, stream: TextIO = sys.stderr) -> None:
    """One line per file that could not be checked; internal errors say so in their message."""
    style = Style(use_color(stream))
    for error in report.errors:
        stream.write(f"{style('nanlint: error:', '1;31')} {error.message}\n")
