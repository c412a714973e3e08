"""`# noqa: CODE` comments for findings (`--add-noqa`, the language server's quick fix), merged into
the line's own suppression that lists codes when it has one (`# noqa: E501` becomes
`# noqa: E501, NAN101`, `# nanlint: ignore[E501]` becomes `# nanlint: ignore[E501, NAN101]`), as ruff writes them.

A finding is silenced by a suppression on any line of its span (suppressions.py), and
the comment goes on the first of those lines that can end in one: not a line that ends inside a
string, or with a backslash continuation. Python's tokenizer says which lines those are (a line
that can take a comment ends with a NEWLINE or NL token); it is also where the JSON output's
`noqa_row` points.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass
from typing import Dict, List, Optional, Set, Tuple

from nanlint.engine.directives import CODE_IN_LIST, SUPPRESSION
from nanlint.inputs.source import line_starts
from nanlint.types import Edit, Finding, Span


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
        _codes_edit(
            text,
            starts[line - 1],
            starts[line] if line < len(starts) else len(text),
            shape.comments.get(line),
            codes[line],
        )
        for line in sorted(codes)
    )
    for edit in reversed(edits):  # from the last line up, so that the offsets of the lines above stay true
        text = text[: edit.start] + edit.content + text[edit.end :]
    return Added(text, edits)


def noqa_edit(text: str, finding: Finding) -> Optional[Edit]:
    """The edit that silences one finding (the language server's quick fix); None where no line of
    its span can take a comment, or the tokenizer cannot read the text."""
    try:
        edits = add_noqa(text, [finding]).edits
    except Untokenizable:
        return None
    return edits[0] if edits else None


def _codes_edit(text: str, start: int, end: int, comment: Optional[tokenize.TokenInfo], codes: Set[str]) -> Edit:
    """The edit that puts `codes` in the list of the line's first suppression that lists codes
    (`# noqa: E501`, `# nanlint: ignore[E501]`), else in a new `# noqa` at the end of the line."""
    listing = _code_list(comment.string) if comment is not None else None
    if listing is None:
        line = text[start:end]
        code_end = start + len(line.rstrip("\r\n").rstrip())
        return Edit(code_end, start + len(line.rstrip("\r\n")), "  # noqa: " + ", ".join(sorted(codes)))
    match, group = listing
    offset = start + comment.start[1]
    merged = sorted(set(CODE_IN_LIST.findall(match.group(group))) | codes)
    return Edit(offset + match.start(group), offset + match.end(group), ", ".join(merged))


def _code_list(comment: str) -> Optional[Tuple[re.Match, str]]:
    """The first suppression of a comment that lists codes, and the name of its group holding them
    (a blanket `# noqa` silences every code already)."""
    for match in SUPPRESSION.finditer(comment):
        for group in ("noqa_codes", "ignore_codes"):
            if match.group(group) is not None:
                return match, group
    return None
