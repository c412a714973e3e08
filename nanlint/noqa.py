"""`--add-noqa`: a `# noqa: CODE` comment on a line of each finding, merged into the line's own
`# noqa: ...` when it has one (`# noqa: E501` becomes `# noqa: E501, NAN101`), as ruff writes them.

A finding is silenced by a suppression on any line of its span (analysis/suppressions.py), and
the comment goes on the first of those lines that can end in one: not a line that ends inside a
string, or with a backslash continuation. Python's tokenizer says which lines those are (a line
that can take a comment ends with a NEWLINE or NL token); it is also where the JSON output's
`noqa_row` points.
"""

from __future__ import annotations

import io
import tokenize
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Dict, List, Optional, Set, Tuple, Union

from nanlint.analysis.suppressions import SUPPRESSION
from nanlint.fixes import moved
from nanlint.ftypes import Edit, FileError, Finding, Span
from nanlint.notebook import Notebook, is_notebook, load as load_notebook
from nanlint.source import RewriteError, SourceError, SourceFile, line_starts, read, rewrite

if TYPE_CHECKING:
    from nanlint.api import Project


@dataclass(frozen=True)
class Layout:
    """What the tokenizer says of a file: the lines that can end in a comment, and the comment of each line."""

    open_lines: Set[int]
    comments: Dict[int, tokenize.TokenInfo]


class Untokenizable(Exception):
    """Python's tokenizer cannot read the file (syntax newer than this Python, or broken code)."""


def layout(text: str) -> Layout:
    open_lines: Set[int] = set()
    comments: Dict[int, tokenize.TokenInfo] = {}
    try:
        for token in tokenize.generate_tokens(io.StringIO(text, newline="").readline):
            if token.type in (tokenize.NEWLINE, tokenize.NL):
                open_lines.add(token.start[0])
            elif token.type == tokenize.COMMENT:
                comments[token.start[0]] = token
    except (tokenize.TokenError, SyntaxError) as error:
        raise Untokenizable(str(error)) from None
    return Layout(open_lines, comments)


def noqa_line(span: Span, lines: Set[int]) -> Optional[int]:
    """The first line of `span` that can end in a comment; None if none can."""
    return next((line for line in range(span.line, span.end_line + 1) if line in lines), None)


@dataclass
class Added:
    text: str
    edits: Tuple[Edit, ...]  # one per line that got a comment, or more codes in its own, in order


def add_noqa(text: str, findings: List[Finding]) -> Added:
    """`text` with the codes of `findings` in a `# noqa` comment on a line of each that can hold one."""
    shape = layout(text)
    codes: Dict[int, Set[str]] = {}
    for finding in findings:
        line = noqa_line(finding.span, shape.open_lines)
        if line is not None:
            codes.setdefault(line, set()).add(finding.code)
    starts = line_starts(text)
    edits = tuple(
        _codes_edit(text, starts[line - 1], starts[line] if line < len(starts) else len(text), shape.comments.get(line), codes[line])
        for line in sorted(codes)
    )
    for edit in reversed(edits):  # from the last line up, so that the offsets of the lines above stay true
        text = text[: edit.start] + edit.content + text[edit.end:]
    return Added(text, edits)


@dataclass
class NoqaRun:
    """What `--add-noqa` did: lines changed, files it could not change, findings still reported."""

    lines: int = 0
    errors: List[FileError] = field(default_factory=list)
    unsilenced: List[Finding] = field(default_factory=list)


def add_to_files(project: "Project", findings: List[Finding]) -> NoqaRun:
    """Add the comments to each file with findings. A file is checked again, with its own
    configuration, as it is read now (it may have changed since), and its new text checked before
    it is written: it must still parse. A notebook's comments go into the cells' code, the rest of
    its JSON kept."""
    run = NoqaRun()
    for path in sorted({finding.path for finding in findings}):
        checker = project.checker_for(path)
        try:
            document = load_notebook(path) if is_notebook(path) else read(path)
            if isinstance(document, Notebook):
                document, current = checker.check_notebook(document)
                code = document.code
            else:
                current, code = checker.check_source(document), document.text
        except SourceError as error:
            run.errors.append(FileError(path, str(error)))
            continue
        try:
            added = add_noqa(code, current.findings)
        except Untokenizable as error:
            run.errors.append(FileError(path, f"{path}: no noqa comments added: Python's tokenizer cannot read it ({error})"))
            continue
        after = checker.check_text(added.text, path)
        if after.errors:
            run.errors.append(FileError(path, f"{path}: no noqa comments added, the file is unchanged: {after.errors[0].message}", "internal"))
            continue
        run.unsilenced.extend(after.findings)
        if added.edits:
            try:
                rewrite(path, _with_comments(document, added), document.data, "no noqa comments added")
            except (OSError, RewriteError) as problem:
                message = str(problem) if isinstance(problem, RewriteError) else f"{path}: no noqa comments added, the file cannot be written: {problem.strerror or problem}"
                run.errors.append(FileError(path, message))
                continue
            run.lines += len(added.edits)
    return run


def _with_comments(document: Union[SourceFile, Notebook], added: Added) -> bytes:
    """The file's new bytes: a notebook's with the `source` of the cells that got comments replaced."""
    if isinstance(document, SourceFile):
        return document.encode(added.text)
    rounds = (added.edits,)
    sources = document.fixed_sources(added.text, lambda offset, past_insertions: moved(offset, rounds, past_insertions))
    return document.with_sources(sources)


def _codes_edit(text: str, start: int, end: int, comment: Optional[tokenize.TokenInfo], codes: Set[str]) -> Edit:
    """The edit that puts `codes` in the `# noqa` of the line from `start` to `end`."""
    line = text[start:end]
    existing = _noqa_with_codes(comment.string) if comment is not None else None
    if existing is None:
        code_end = start + len(line.rstrip("\r\n").rstrip())
        return Edit(code_end, start + len(line.rstrip("\r\n")), "  # noqa: " + ", ".join(sorted(codes)))
    offset = start + comment.start[1]
    merged = sorted(set(existing.group("noqa_codes").upper().replace(",", " ").split()) | codes)
    return Edit(offset + existing.start(), offset + existing.end(), "# noqa: " + ", ".join(merged))


def _noqa_with_codes(comment: str):
    """The `noqa: CODES` directive of a comment, if it has one (a bare `# noqa` silences every code already)."""
    return next((m for m in SUPPRESSION.finditer(comment) if m.group("noqa_codes") is not None), None)
