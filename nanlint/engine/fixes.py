"""Applying fixes: non-overlapping edits, repeated until stable, written only if the result parses.

The result must parse with libcst; otherwise the file is left untouched and the failure reported.
Writing it back, in the file's own encoding, BOM and line endings, keeping its mode, owner and
links, is `source.rewrite`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, Tuple

import libcst

from nanlint.types import Edit, Finding
from nanlint.analysis.parse import libcst_tree, python_syntax_error
from nanlint.inputs.source import SourceFile

MAX_ROUNDS = 10
LINE_WITH_END = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


@dataclass
class FixOutcome:
    text: str
    applied: List[Finding]  # the findings whose fixes were made, over every round
    error: Optional[str] = None
    rounds: Tuple[Tuple[Edit, ...], ...] = ()  # the edits made, round by round, each on the text the round before left


def applicable(findings: List[Finding], unsafe: bool) -> List[Finding]:
    return [f for f in findings if f.fix is not None and (f.fix.safe or unsafe)]


def apply_edits(text: str, findings: List[Finding]) -> Tuple[str, List[Finding], Tuple[Edit, ...]]:
    """Apply each finding's edits unless they overlap an edit already taken; identical insertions
    (two fixes adding the same import) are made once. Returns the text, the findings fixed and the
    edits made."""
    chosen: List[Edit] = []
    applied: List[Finding] = []
    for finding in sorted(findings, key=lambda f: min(e.start for e in f.fix.edits)):
        edits = [e for e in finding.fix.edits if e not in chosen]
        if any(_overlaps(e, other) for e in edits for other in chosen):
            continue
        chosen.extend(edits)
        applied.append(finding)
    for edit in sorted(chosen, key=lambda e: (e.start, e.end), reverse=True):
        text = text[: edit.start] + edit.content + text[edit.end :]
    return text, applied, tuple(chosen)


def moved(offset: int, rounds: Sequence[Sequence[Edit]], past_insertions: bool) -> Optional[int]:
    """Where `offset` of the text before the fixes is in the fixed text, or None if an edit replaced
    the text around it. An insertion at `offset` itself goes before it if `past_insertions`, else
    after it."""
    for edits in rounds:
        shift = 0
        for edit in edits:
            if edit.start < offset < edit.end:
                return None
            if edit.end < offset or edit.end == offset and (edit.start < offset or past_insertions):
                shift += len(edit.content) - (edit.end - edit.start)
        offset += shift
    return offset


def _overlaps(a: Edit, b: Edit) -> bool:
    if a.start == a.end:  # an insertion clashes only with a replacement around it
        return b.start < a.start < b.end
    if b.start == b.end:
        return a.start < b.start < a.end
    return a.start < b.end and b.start < a.end


def parse_error(text: str, path: str) -> Optional[str]:
    """None if `text` parses with libcst, else why not: in Python's words when its compiler (asked
    only then, for the message) refuses the text too, else in libcst's."""
    try:
        libcst_tree(text)
    except libcst.ParserSyntaxError as error:
        python = python_syntax_error(path, text)
        return (
            f"line {python.lineno}: {python.msg}"
            if python is not None and python.lineno
            else f"line {error.raw_line}: {error.message}"
        )
    return None


def fix_text(
    text: str, path: str, findings: List[Finding], recheck: Callable[[str], List[Finding]], unsafe: bool
) -> FixOutcome:
    """Fix until no fixable finding remains (or MAX_ROUNDS), re-checking the text after each round."""
    applied: List[Finding] = []
    current = text
    rounds: List[Tuple[Edit, ...]] = []
    pending = applicable(findings, unsafe)
    for _ in range(MAX_ROUNDS):
        if not pending:
            break
        candidate, fixed, edits = apply_edits(current, pending)
        error = parse_error(candidate, path)
        if error is not None:
            codes = ", ".join(sorted({f.code for f in pending}))
            return FixOutcome(
                text,
                [],
                f"fixes for {codes} left unapplied, the file is unchanged: the fixed code would not parse ({error})",
            )
        if candidate == current:
            break
        current, applied = candidate, applied + fixed
        rounds.append(edits)
        pending = applicable(recheck(current), unsafe)
    return FixOutcome(current, applied, rounds=tuple(rounds))


def encoding_error(source: SourceFile, text: str) -> Optional[str]:
    """None if the fixed text can be written in the file's own encoding, else why not."""
    try:
        source.encode(text)
    except UnicodeEncodeError as error:
        return (
            f"fix left unapplied, its code cannot be written in the file's encoding {source.encoding} ({error.reason})"
        )
    return None


def unified_diff(before: str, after: str, path: str) -> str:
    lines = difflib.unified_diff(_lines_with_ends(before), _lines_with_ends(after), fromfile=path, tofile=path)
    return "".join(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n" for line in lines)


def _lines_with_ends(text: str) -> List[str]:
    """Lines split as Python splits them (not at form feeds, as str.splitlines does), ends kept."""
    return LINE_WITH_END.findall(text)
