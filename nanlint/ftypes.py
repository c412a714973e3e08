"""Plain data types shared by the engine, the CLI, the outputs and the runtime monitor."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Tuple


@dataclass(frozen=True)
class Span:
    """A source range: 1-based lines, 1-based columns, end exclusive (as ruff reports them)."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True)
class Edit:
    """Replace the text between two offsets of the file's text (in characters) by `content`."""

    start: int
    end: int
    content: str


@dataclass(frozen=True)
class Fix:
    """What a rule proposes: edits, a one-line title, and whether they keep the numbers unchanged."""

    title: str
    edits: Tuple[Edit, ...]
    safe: bool


@dataclass(frozen=True)
class Finding:
    """One diagnostic at one place in one file."""

    path: str
    span: Span
    code: str
    name: str
    message: str
    fix: Optional[Fix] = None

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    def sort_key(self) -> tuple:
        return (self.path, self.span.line, self.span.column, self.code, self.message)


@dataclass(frozen=True)
class FileError:
    """A file nanlint could not check (unreadable, not decodable, not parseable) or an internal error."""

    path: str
    message: str
    kind: str = "error"  # "error" for bad input, "internal" for a bug of nanlint's own
    line: int = 0

    def sort_key(self) -> tuple:
        return (self.path, self.line, self.kind, self.message)


@dataclass
class Report:
    """Everything one `check` run produced, sorted the same way whatever the job count."""

    findings: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    files_checked: int = 0

    def sort(self) -> "Report":
        self.findings.sort(key=Finding.sort_key)
        self.errors.sort(key=FileError.sort_key)
        return self
