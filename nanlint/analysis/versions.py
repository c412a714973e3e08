"""Which Python version a file's syntax needs: checked against `target-version`, and named in the
message when a parser refuses a line that holds syntax newer than it knows."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import Callable, Iterator, Optional, Tuple

import libcst as cst

from nanlint.analysis.syntax import code_of, walk

Version = Tuple[int, int]
RUNNING: Version = sys.version_info[:2]


def target_version(name: str) -> Version:
    """`py311` -> (3, 11)."""
    return 3, int(name[len("py3") :])


def dotted(version: Version) -> str:
    return f"{version[0]}.{version[1]}"


@dataclass(frozen=True)
class Feature:
    """A construct added in `version`: `hint` finds where it may be in the text (a pre-filter for
    the walk, and what a refused line is searched for); `found` tells it in the tree."""

    name: str
    version: Version
    hint: re.Pattern
    found: Callable[[cst.CSTNode], bool]


def _node(*names: str) -> Callable[[cst.CSTNode], bool]:
    """A test for the libcst node types `names` (those this libcst has)."""
    types = tuple(getattr(cst, name) for name in names if hasattr(cst, name))
    return lambda node: isinstance(node, types)


def _parenthesized_with(node: cst.CSTNode) -> bool:
    # `with (a):` and `with (a, b):` are older syntax (an expression in parentheses, a tuple)
    return (
        isinstance(node, cst.With)
        and isinstance(node.lpar, cst.LeftParen)
        and (len(node.items) > 1 or any(item.asname is not None for item in node.items))
    )


def _starred_index(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Index) and node.star == "*"


def _f_string_expressions(parts) -> Iterator[cst.BaseExpression]:
    for part in parts:
        if isinstance(part, cst.FormattedStringExpression):
            yield part.expression
            yield from _f_string_expressions(part.format_spec or ())


def _f_string_701(node: cst.CSTNode) -> bool:
    """An f-string whose `{}` holds its own closing quote, a backslash or a comment (PEP 701)."""
    if not isinstance(node, cst.FormattedString):
        return False
    for expression in _f_string_expressions(node.parts):
        code = code_of(expression)
        if node.end in code or "\\" in code or "#" in code:
            return True
    return False


def _type_parameter_default(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.TypeParam) and getattr(node, "default", None) is not None


def _bare_except_tuple(node: cst.CSTNode) -> bool:
    return (
        isinstance(node, (cst.ExceptHandler, cst.ExceptStarHandler))
        and isinstance(node.type, cst.Tuple)
        and not node.type.lpar
    )


FEATURES = (
    Feature("`match` statements", (3, 10), re.compile(r"^[ \t]*match\b.*:", re.M), _node("Match")),
    Feature(
        "parenthesized context managers",
        (3, 10),
        re.compile(r"^[ \t]*(?:async[ \t]+)?with[ \t]*\(", re.M),
        _parenthesized_with,
    ),
    Feature("`except*` clauses", (3, 11), re.compile(r"^[ \t]*except[ \t]*\*", re.M), _node("TryStar")),
    Feature("starred subscripts (`a[*b]`)", (3, 11), re.compile(r"\[[ \t]*\*"), _starred_index),
    Feature(
        "`type` statements", (3, 12), re.compile(r"^[ \t]*type[ \t]+[A-Za-z_]\w*[ \t]*[=\[]", re.M), _node("TypeAlias")
    ),
    Feature(
        "type parameter lists",
        (3, 12),
        re.compile(r"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+\w+[ \t]*\[", re.M),
        _node("TypeParameters"),
    ),
    Feature(
        "f-strings that reuse their quotes or hold a backslash or a comment",
        (3, 12),
        re.compile(r"(?<![\w])[rRbB]?[fF][rRbB]?['\"]"),
        _f_string_701,
    ),
    Feature(
        "type parameter defaults",
        (3, 13),
        re.compile(r"^[ \t]*(?:type|(?:async[ \t]+)?def|class)[ \t]+\w+[ \t]*\[", re.M),
        _type_parameter_default,
    ),
    Feature(
        "template strings (t-strings)",
        (3, 14),
        re.compile(r"(?<![\w'\"])(?:[tT][rR]?|[rR][tT])['\"]"),
        _node("TemplatedString"),
    ),
    Feature(
        "`except` clauses listing types without parentheses",
        (3, 14),
        re.compile(r"^[ \t]*except\b[ \t]*\*?[ \t]*[^(\s:][^:]*,[^:]*:", re.M),
        _bare_except_tuple,
    ),
    Feature("`lazy` imports", (3, 15), re.compile(r"^[ \t]*lazy[ \t]+(?:import|from)\b", re.M), _node("LazyImport")),
)


@dataclass(frozen=True)
class NewerSyntax:
    """The first construct of a file that needs a Python newer than the target."""

    feature: Feature
    line: int
    column: int  # 1-based

    def reason(self, target: str) -> str:
        return f"{self.feature.name} need Python {dotted(self.feature.version)} or newer (target-version is {target})"


def newer_syntax(module: cst.Module, text: str, target: Version) -> Optional[NewerSyntax]:
    """The first construct in `module` that Python `target` cannot parse, if any. The tree is
    walked only when the text hints at such a construct."""
    wanted = [feature for feature in FEATURES if feature.version > target and feature.hint.search(text)]
    if not wanted:
        return None
    for node in walk(module):
        for feature in wanted:
            if feature.found(node):
                from libcst.metadata import MetadataWrapper, PositionProvider  # one position pass, for this file only

                where = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)[node].start
                return NewerSyntax(feature, where.line, where.column + 1)
    return None


def note_for_line(line: str, target: Optional[Version]) -> str:
    """For a line a parser refused: ` (X need Python 3.N)` when it holds syntax newer than the
    running interpreter or the target knows (the likely reason), else ""."""
    newest = min(RUNNING, target) if target else RUNNING
    for feature in reversed(FEATURES):
        if feature.version > newest and feature.hint.search(line):
            return f" ({feature.name} need Python {dotted(feature.version)} or newer)"
    return ""
