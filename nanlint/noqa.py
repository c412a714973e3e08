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
from typing import Dict, List, Optional, Set

from nanlint.analysis.suppressions import SUPPRESSION
from nanlint.ftypes import FileError, Finding, Span
from nanlint.source import NEWLINE, RewriteError, SourceError, read, rewrite


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
    lines: int  # how many lines got a comment, or more codes in theirs


def add_noqa(text: str, findings: List[Finding]) -> Added:
    """`text` with the codes of `findings` in a `# noqa` comment on a line of each that can hold one."""
    shape = layout(text)
    codes: Dict[int, Set[str]] = {}
    for finding in findings:
        line = noqa_line(finding.span, shape.open_lines)
        if line is not None:
            codes.setdefault(line, set()).add(finding.code)
    starts = [0] + [match.end() for match in NEWLINE.finditer(text)]
    # From the last line up, so that the offsets of the lines above stay true.
    for line in sorted(codes, reverse=True):
        text = _with_codes(text, starts[line - 1], starts[line] if line < len(starts) else len(text), shape.comments.get(line), codes[line])
    return Added(text, len(codes))


@dataclass
class NoqaRun:
    """What `--add-noqa` did: lines changed, files it could not change, findings still reported."""

    lines: int = 0
    errors: List[FileError] = field(default_factory=list)
    unsilenced: List[Finding] = field(default_factory=list)


def add_to_files(checker, findings: List[Finding]) -> NoqaRun:
    """Add the comments to each file with findings. A file is checked again as it is read now (it
    may have changed since), and its new text checked before it is written: it must still parse."""
    run = NoqaRun()
    for path in sorted({finding.path for finding in findings}):
        try:
            source = read(path)
        except SourceError as error:
            run.errors.append(FileError(path, str(error)))
            continue
        current = checker.check_source(source)
        try:
            added = add_noqa(source.text, current.findings)
        except Untokenizable as error:
            run.errors.append(FileError(path, f"{path}: no noqa comments added: Python's tokenizer cannot read it ({error})"))
            continue
        after = checker.check_text(added.text, path)
        if after.errors:
            run.errors.append(FileError(path, f"{path}: no noqa comments added, the file is unchanged: {after.errors[0].message}", "internal"))
            continue
        run.unsilenced.extend(after.findings)
        if added.lines:
            try:
                rewrite(path, source.encode(added.text), source.data, "no noqa comments added")
            except (OSError, RewriteError) as problem:
                message = str(problem) if isinstance(problem, RewriteError) else f"{path}: no noqa comments added, the file cannot be written: {problem.strerror or problem}"
                run.errors.append(FileError(path, message))
                continue
            run.lines += added.lines
    return run


def _with_codes(text: str, start: int, end: int, comment: Optional[tokenize.TokenInfo], codes: Set[str]) -> str:
    line = text[start:end]
    body = line.rstrip("\r\n")
    existing = _noqa_with_codes(comment.string) if comment is not None else None
    if existing is None:
        return text[:start] + body.rstrip() + "  # noqa: " + ", ".join(sorted(codes)) + line[len(body):] + text[end:]
    offset = start + comment.start[1]
    merged = sorted(set(existing.group("noqa_codes").upper().replace(",", " ").split()) | codes)
    return text[: offset + existing.start()] + "# noqa: " + ", ".join(merged) + text[offset + existing.end():]


def _noqa_with_codes(comment: str):
    """The `noqa: CODES` directive of a comment, if it has one (a bare `# noqa` silences every code already)."""
    return next((m for m in SUPPRESSION.finditer(comment) if m.group("noqa_codes") is not None), None)
