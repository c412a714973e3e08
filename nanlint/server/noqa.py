"""The edit that silences a finding with a `# noqa: CODE` comment.

The comment goes on a line of the finding's span (the lines a suppression is read on), at the end
of a line that ends outside a string and without a backslash: Python's tokenizer tells which do
(nanlint/noqa.py, which `--add-noqa` uses too).
A suppression listing codes already on such a line gets the code added to its list instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional

from nanlint.analysis.suppressions import CODE_IN_LIST, SUPPRESSION
from nanlint.ftypes import Edit, Finding
from nanlint.noqa import Untokenizable, layout
from nanlint.source import line_starts


@dataclass(frozen=True)
class LineEnd:
    """Where a trailing comment can be added to a line (after its code, or its comment), and the
    comment it has, with the comment's offset in the text."""

    insert_at: int
    comment_start: int = 0
    comment: str = ""


class CommentPlaces:
    """The lines of a text that can take a trailing comment."""

    def __init__(self, text: str) -> None:
        self.ends: Dict[int, LineEnd] = _line_ends(text)

    def noqa_edit(self, finding: Finding) -> Optional[Edit]:
        lines = [line for line in range(finding.span.line, finding.span.end_line + 1) if line in self.ends]
        for line in lines:
            merged = self._merged(self.ends[line], finding.code)
            if merged is not None:
                return merged
        if not lines:
            return None
        at = self.ends[lines[0]].insert_at
        return Edit(at, at, f"  # noqa: {finding.code}")

    def _merged(self, end: LineEnd, code: str) -> Optional[Edit]:
        """The code added to the first suppression listing codes in the line's comment."""
        for match in SUPPRESSION.finditer(end.comment):
            group = "ignore_codes" if match.group("ignore") else "noqa_codes"
            if match.group(group) is None:
                continue
            listed = list(CODE_IN_LIST.finditer(match.group(group)))
            if listed:
                at = end.comment_start + match.start(group) + listed[-1].end()
                return Edit(at, at, f", {code}")
            at = end.comment_start + match.start(group)
            return Edit(at, at, code)
        return None


def _line_ends(text: str) -> Dict[int, LineEnd]:
    """Line number -> its end, for each line that can end in a comment (noqa.layout); none when
    the tokenizer refuses the text (syntax newer than this Python's tokenizer reads)."""
    try:
        shape = layout(text)
    except Untokenizable:
        return {}
    starts = line_starts(text)
    ends: Dict[int, LineEnd] = {}
    for line in shape.open_lines:
        if line > len(starts):
            continue
        line_start = starts[line - 1]
        comment = shape.comments.get(line)
        if comment is not None:
            comment_start = line_start + comment.start[1]
            ends[line] = LineEnd(comment_start + len(comment.string), comment_start, comment.string)
        else:
            line_end = starts[line] if line < len(starts) else len(text)
            ends[line] = LineEnd(line_start + len(text[line_start:line_end].rstrip("\r\n").rstrip(" \t\f")))
    return ends
