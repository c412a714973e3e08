"""Fixing files: the fixes of a report applied to each file (re-checked with its own configuration as
it reads now), written or shown as diffs, and what remains; one pipeline for `check --fix`, `--diff`
and standard input."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Tuple, Union

from nanlint.formats.output import Sources
from nanlint.inputs import is_notebook
from nanlint.inputs.source import RewriteError, SourceError, SourceFile, read, rewrite
from nanlint.project.checker import Checker, findings_in_cells
from nanlint.project.run import Project
from nanlint.types import FileError, FileResult, Finding, Report

# The fixes (libcst) are imported by the functions that make them: a check without --fix or --diff needs none.
# So is the notebook reader: a notebook is told from a Python file as the SourceFile it is not.
if TYPE_CHECKING:
    from nanlint.engine.fixes import FixOutcome
    from nanlint.inputs.notebook import Notebook


class Outcome:
    """A check run after fixing: what remains, the fixes made, the diffs (--diff)."""

    __slots__ = (
        "report",
        "fixed",
        "diffs",
        "sources",
        "fixed_stdin",
        "written",
        "nothing_checked",
        "skipped_on_purpose",
    )

    def __init__(
        self,
        report: Report,
        fixed: Optional[List[Finding]] = None,
        diffs: Optional[List[str]] = None,
        sources: Optional[Sources] = None,
        fixed_stdin: Optional[bytes] = None,
        written: Optional[bytes] = None,
        nothing_checked: Optional[str] = None,
        skipped_on_purpose: bool = False,
    ) -> None:
        self.report = report
        self.fixed = [] if fixed is None else fixed
        self.diffs = [] if diffs is None else diffs
        self.sources = Sources() if sources is None else sources
        self.fixed_stdin = fixed_stdin
        self.written = written  # the fixed file's bytes, when fixes changed it
        self.nothing_checked = nothing_checked  # the warning of a run that found no file to check
        self.skipped_on_purpose = skipped_on_purpose  # ... every path named was skipped by force-exclude: a pass


Document = Union[SourceFile, "Notebook"]  # what is checked and fixed: a Python file or a notebook


def checked(checker: Checker, document: Document, named: bool = False) -> Tuple[Document, FileResult]:
    """The document as checked (a notebook without the cells that do not parse) and its result.
    `named`: it was named explicitly, so it is parsed even if it never mentions torch."""
    if not isinstance(document, SourceFile):
        return checker.check_notebook(document, named)
    return document, checker.check_source(document, named)


def code_of(document: Document) -> str:
    return document.text if isinstance(document, SourceFile) else document.code


def sources_of(document: Document, code: Optional[str] = None) -> Sources:
    """The code of a document for the output (`code` in place of its own, after fixes)."""
    code = code_of(document) if code is None else code
    return Sources({document.path: code}, None if isinstance(document, SourceFile) else {document.path: document})


def fix_files(project: Project, report: Report, write: bool) -> Outcome:
    """Fix every file with fixable findings: write the results (or collect diffs), re-check them."""
    from nanlint.engine.fixes import applicable
    from nanlint.inputs.notebook import load as load_notebook

    unsafe = project.settings.unsafe_fixes
    fixable = {f.path for f in applicable(report.findings, unsafe)}
    total = Outcome(
        Report([f for f in report.findings if f.path not in fixable], list(report.errors), report.files_checked)
    )
    for path in sorted(fixable):
        file_report = Report([f for f in report.findings if f.path == path])
        try:
            document = load_notebook(path) if is_notebook(path) else read(path)
        except SourceError as error:
            file_report.errors.append(error.error)
            _merge(total, Outcome(file_report))
            continue
        _merge(total, fix_source(project.checker_for(path), file_report, document, write, unsafe))
    total.report.sort()
    return total


def fix_source(checker: Checker, report: Report, document: Document, write: bool, unsafe: bool) -> Outcome:
    """One file's fixes (with its own configuration's checker): the remaining findings, the fixes
    made, and its diff."""
    from nanlint.engine.fixes import encoding_error, fix_text

    path = document.path
    # The fixes are worked out again on the content read now: the file may have changed since the
    # check, and edits found in other content would land at the wrong places. A notebook's fixes
    # apply to its code as checked.
    analysed = report.findings
    if write or not isinstance(document, SourceFile):
        document, result = checked(checker, document)
        analysed = result.findings if write else analysed
    text = code_of(document)
    fixed = fix_text(text, path, analysed, lambda code: checker.check_text(code, path).findings, unsafe)
    error = fixed.error or (encoding_error(document, fixed.text) if isinstance(document, SourceFile) else None)
    if error is not None:
        failed = Report(report.findings, report.errors + [FileError(path, error, "internal")])
        return Outcome(failed, sources=sources_of(document))
    if fixed.text == text:
        return Outcome(report, sources=sources_of(document))
    try:
        data, diffs, sources = _fixed_file(document, fixed)
        if write:
            rewrite(path, data, document.data)
    except (OSError, RewriteError) as problem:  # the other files are still fixed
        unwritten = (
            problem.error
            if isinstance(problem, RewriteError)
            else FileError(path, f"fixes left unapplied, the file cannot be written: {problem.strerror or problem}")
        )
        return Outcome(Report(report.findings, report.errors + [unwritten]), sources=sources_of(document))
    remaining = checker.check_text(fixed.text, path)
    fixed_notebook = None if isinstance(document, SourceFile) else sources.notebook(path)
    if fixed_notebook is not None:  # the lines its messages name, in the fixed notebook's cells
        remaining = findings_in_cells(fixed_notebook, remaining)
    after = Report(remaining.findings, report.errors + remaining.errors)
    return Outcome(after, fixed.applied, diffs, sources, written=data)


def _fixed_file(document: Document, fixed: FixOutcome) -> Tuple[bytes, List[str], Sources]:
    """The bytes of the fixed file, its diffs, and its code for the output. A notebook's diff is
    one per changed cell, as ruff shows them."""
    from nanlint.engine.fixes import moved, unified_diff

    if isinstance(document, SourceFile):
        return (
            document.encode(fixed.text),
            [unified_diff(document.text, fixed.text, document.path)],
            sources_of(document, fixed.text),
        )
    sources = document.fixed_sources(
        fixed.text, lambda offset, past_insertions: moved(offset, fixed.rounds, past_insertions)
    )
    data = document.with_sources(sources)
    diffs = [
        unified_diff(cell.source + "\n", sources[cell.number] + "\n", f"{document.path}:cell {cell.number}")
        for cell in document.cells
        if cell.number in sources
    ]
    from nanlint.inputs.notebook import parse as parse_notebook

    return data, diffs, sources_of(parse_notebook(data, document.path), fixed.text)


def _merge(total: Outcome, part: Outcome) -> None:
    total.report.findings.extend(part.report.findings)
    total.report.errors.extend(part.report.errors)
    total.fixed += part.fixed
    total.diffs.extend(part.diffs)
    total.sources.update(part.sources)
