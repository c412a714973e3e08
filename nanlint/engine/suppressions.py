"""Suppression comments: `# noqa`, `# noqa: NAN101`, `# nanlint: ignore[NAN101]`, `# nanlint: ignore`.

Only real comments count, read from the libcst tree: the same words inside a string or a docstring
silence nothing. A suppression naming a NAN code no rule has is reported (NAN001), and so is one
that silences nothing (NAN002), with a fix that removes it. A bare `# noqa` may be meant for
another linter, so it is never reported as unused; a bare `# nanlint: ignore` is nanlint's alone. A
suppression of a code only `nanlint verify` reports (a runtime finding) is never reported as unused.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Dict, FrozenSet, Iterable, List, Optional, Set, Tuple

import libcst as cst

from nanlint.catalog import read_catalog
from nanlint.types import Edit, Finding, Fix, Span

from nanlint.engine.directives import (  # noqa: F401  (the comments' grammar, here for the engine's modules)
    CODE_IN_LIST,
    META_CODES,
    NAN_CODE,
    SKIP_FILE,
    SKIP_FILE_LINE,
    SUPPRESSION,
    SUPPRESSION_WORD,
    UNKNOWN_SUPPRESSION,
    UNUSED_SUPPRESSION,
)


@dataclass
class Directive:
    """One `noqa...` or `nanlint: ignore...` in a comment. `codes` is None for a blanket one;
    `spelled` holds each code with its offset in the comment, as written (`nan101` too)."""

    comment: cst.Comment
    line: int
    column: int  # of the comment, 0-based
    own_line: bool
    start: int  # of the directive in the comment's text
    end: int
    ignore: bool  # `nanlint: ignore` rather than `noqa`
    codes: Optional[Tuple[str, ...]]
    spelled: Tuple[Tuple[str, int], ...] = ()
    used: Set[str] = field(default_factory=set)

    def silences(self, code: str) -> bool:
        return self.codes is None or code in self.codes


class _CommentCollector(cst.CSTVisitor):
    """Every comment of a file, with whether it stands on a line of its own."""

    def __init__(self) -> None:
        super().__init__()
        self.comments: List[Tuple[cst.Comment, bool]] = []

    def visit_EmptyLine(self, node: cst.EmptyLine) -> bool:
        if node.comment is not None:
            self.comments.append((node.comment, True))
        return False

    def visit_Comment(self, node: cst.Comment) -> None:
        self.comments.append((node, False))


def comments(module: cst.Module) -> List[Tuple[cst.Comment, bool]]:
    collector = _CommentCollector()
    module.visit(collector)
    return collector.comments


def skips_file(module: cst.Module) -> bool:
    """A `# nanlint: skip-file` comment on a line of its own."""
    return any(own_line and SKIP_FILE.match(comment.value) for comment, own_line in comments(module))


def directives(ctx) -> Dict[int, List[Directive]]:
    """Line -> the suppression directives on it."""
    found: Dict[int, List[Directive]] = {}
    for comment, own_line in comments(ctx.module):
        if not SUPPRESSION_WORD.search(comment.value):
            continue
        where = ctx.positions.position(comment).start
        for match in SUPPRESSION.finditer(comment.value):
            found.setdefault(where.line, []).append(_directive(comment, where.line, where.column, own_line, match))
    return found


def _directive(comment: cst.Comment, line: int, column: int, own_line: bool, match: re.Match) -> Directive:
    ignore = match.group("ignore") is not None
    group = "ignore_codes" if ignore else "noqa_codes"
    listed = match.group(group)
    spelled: Tuple[Tuple[str, int], ...] = ()
    codes = None
    if listed is not None:
        base = match.start(group)
        spelled = tuple((m.group().upper(), base + m.start()) for m in CODE_IN_LIST.finditer(listed))
        codes = tuple(code for code, _ in spelled)
    return Directive(comment, line, column, own_line, match.start(), match.end(), ignore, codes, spelled)


def apply(ctx, findings: List[Finding], known_codes: Set[str], ran: Set[str], report: Set[str]) -> List[Finding]:
    """The findings no directive silences, plus NAN001/NAN002 findings where `report` has them.
    `ran`: the codes of the rules that ran on the file, whose silence can be judged."""
    if not SUPPRESSION_WORD.search(ctx.text) or not findings and not _names_nanlint_codes(ctx.text):
        return findings  # reading the comments costs a visit and a position pass: only when needed
    by_line = directives(ctx)
    kept = [finding for finding in findings if not _silenced(finding, by_line)]
    meta: List[Finding] = []
    for line in sorted(by_line):
        for directive in by_line[line]:
            if UNKNOWN_SUPPRESSION in report:
                meta.extend(_unknown(ctx, directive, known_codes))
            if UNUSED_SUPPRESSION in report:
                meta.extend(_unused(ctx, directive, ran - META_CODES - run_only_codes()))
    # A suppression finding is silenced only by a comment naming its code: a blanket noqa comment
    # would otherwise hide that it silences nothing.
    return kept + [finding for finding in meta if not _named_on_its_line(finding, by_line)]


@functools.lru_cache(maxsize=1)
def run_only_codes() -> FrozenSet[str]:
    """The codes of the rules only `nanlint verify` reports, from a run (NAN011-015): the static pass
    cannot tell whether a suppression of theirs silences something, so it never calls one unused."""
    return frozenset(code for code, rule in read_catalog().items() if not rule.static)


def _named_on_its_line(finding: Finding, by_line: Dict[int, List[Directive]]) -> bool:
    return any(
        directive.codes is not None and finding.code in directive.codes
        for directive in by_line.get(finding.span.line, ())
    )


def _names_nanlint_codes(text: str) -> bool:
    """Whether some line holding a suppression word also names a NAN code or is nanlint's own
    (`# noqa: E501` and a bare `# noqa`, common in any code base, can be neither unknown nor judged)."""
    for word in SUPPRESSION_WORD.finditer(text):
        end = text.find("\n", word.end())
        if word.group().lower() == "nanlint:" or NAN_CODE.search(text, word.end(), end if end != -1 else len(text)):
            return True
    return False


def _silenced(finding: Finding, by_line: Dict[int, List[Directive]]) -> bool:
    for line in range(finding.span.line, finding.span.end_line + 1):
        for directive in by_line.get(line, ()):
            if directive.silences(finding.code):
                directive.used.add(finding.code)
                return True
    return False


def _unknown(ctx, directive: Directive, known_codes: Set[str]) -> Iterable[Finding]:
    for code, offset in directive.spelled:
        if code.startswith("NAN") and code not in known_codes:
            yield _at(
                ctx,
                directive,
                offset,
                len(code),
                UNKNOWN_SUPPRESSION,
                "unknown-suppression",
                f"Suppression names `{code}`, which is not a nanlint rule",
            )


def _unused(ctx, directive: Directive, judged: Set[str]) -> Iterable[Finding]:
    if directive.codes is None:
        if directive.ignore and not directive.used and judged:
            yield _at(
                ctx,
                directive,
                directive.start,
                directive.end - directive.start,
                UNUSED_SUPPRESSION,
                "unused-suppression",
                "Unused `nanlint: ignore`: no finding on this line",
                _removal(ctx, directive, ()),
            )
        return
    for code, offset in directive.spelled:
        if code in judged and code not in directive.used:
            remaining = tuple(c for c in directive.codes if c != code)
            yield _at(
                ctx,
                directive,
                offset,
                len(code),
                UNUSED_SUPPRESSION,
                "unused-suppression",
                f"Unused suppression of `{code}`: no {code} finding on this line",
                _removal(ctx, directive, remaining),
            )


def _at(
    ctx, directive: Directive, offset: int, length: int, code: str, name: str, message: str, fix: Optional[Fix] = None
) -> Finding:
    column = directive.column + offset + 1
    return Finding(ctx.path, Span(directive.line, column, directive.line, column + length), code, name, message, fix)


def _removal(ctx, directive: Directive, remaining: Tuple[str, ...]) -> Fix:
    """Rewrite the directive with only the codes still in use, or take it out; a comment left
    with nothing else goes, and so does a line that held only that comment."""
    text = directive.comment.value
    start = ctx.positions.offsets(directive.comment)[0]
    if remaining:
        listed = ", ".join(remaining)
        replacement = f"# nanlint: ignore[{listed}]" if directive.ignore else f"# noqa: {listed}"
        return _fix(Edit(start + directive.start, start + directive.end, replacement))
    before, after = text[: directive.start].rstrip(), text[directive.end :].strip()
    if after and not before.strip("# \t"):
        return _fix(
            Edit(start, start + len(text), "# " + after.lstrip("#").lstrip())
        )  # `noqa: X because ...` keeps its reason
    if before.strip("# \t"):
        return _fix(Edit(start, start + len(text), f"{before} {after}".rstrip()))
    line_start = ctx.positions.line_starts[directive.line - 1]
    if directive.own_line:
        line_end = (
            ctx.positions.line_starts[directive.line]
            if directive.line < len(ctx.positions.line_starts)
            else len(ctx.text)
        )
        return _fix(Edit(line_start, line_end, ""))
    before = ctx.text[line_start:start]
    return _fix(Edit(line_start + len(before.rstrip(" \t")), start + len(text), ""))


def _fix(edit: Edit) -> Fix:
    return Fix("Remove the unused suppression", (edit,), True)


def suppressed(finding: Finding) -> bool:
    """Whether a comment in the finding's file silences it (for findings made outside the static
    pass: `nanlint verify`'s runtime findings). A file that cannot be read or parsed silences nothing."""
    from nanlint.analysis.context import FileContext
    from nanlint.analysis.parse import Unparsed, deep_enough, parse
    from nanlint.inputs.source import SourceError, read

    try:
        source = read(finding.path)
        if not SUPPRESSION_WORD.search(source.text):
            return False
        ctx = FileContext(finding.path, source.text, False, parse(finding.path, source.text))
        return deep_enough(lambda: _silenced(finding, directives(ctx)))
    except (SourceError, Unparsed, RecursionError, MemoryError):
        return False
