"""Plain data types shared by the engine, the CLI, the outputs and the runtime monitor.

Records are NamedTuples (derived with `_replace`), or classes with __slots__ where they change: a
dataclass costs a run about a millisecond to define, and `dataclasses` imports `inspect`, together as
much as a cached check's own work. The modules that define records on a cached check's path do without
`from __future__ import annotations`: typing.NamedTuple compiles each string annotation into a ForwardRef,
which about doubles what a record costs to define."""

from enum import IntEnum
from typing import Dict, List, NamedTuple, Optional, Tuple


class Span(NamedTuple):
    """A source range: 1-based lines, 1-based columns, end exclusive (as ruff reports them)."""

    line: int
    column: int
    end_line: int
    end_column: int


class Edit(NamedTuple):
    """Replace the text between two offsets of the file's text (in characters) by `content`."""

    start: int
    end: int
    content: str


class Fix(NamedTuple):
    """What a rule proposes: edits, a one-line title, and whether they keep the numbers unchanged."""

    title: str
    edits: Tuple[Edit, ...]
    safe: bool


class Related(NamedTuple):
    """Another place of the chain a finding follows: where the value it judges was made."""

    span: Span
    message: str


class Finding(NamedTuple):
    """One diagnostic at one place in one file; `related`, the other lines of its chain."""

    path: str
    span: Span
    code: str
    name: str
    message: str
    fix: Optional[Fix] = None
    related: Tuple[Related, ...] = ()

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    def sort_key(self) -> tuple:
        return (self.path, self.span.line, self.span.column, self.code, self.message)


# What each kind of FileError is called where the output formats list it beside the findings:
# ruff's names for the same problems (`code` and `name` of its JSON output).
# The `target-version`s a project may name: the oldest Python its code must run on.
TARGET_VERSIONS = ("py39", "py310", "py311", "py312", "py313")


class Exit(IntEnum):
    """The exit status of every command, as ruff's: 0 nothing found, 1 findings, 2 an error or a usage error."""

    CLEAN = 0
    FINDINGS = 1
    ERROR = 2


class OutputFormat(NamedTuple):
    """An output format: `check` writes every one; `--statistics` only those with a table of counts
    (as ruff); `verify` those it names; a machine format's reader gets stdout to itself (`verify`
    sends the run's own output to stderr then)."""

    name: str
    statistics: bool = False
    verify: bool = False
    machine: bool = True


OUTPUT_FORMATS: Dict[str, OutputFormat] = {
    output.name: output
    for output in (
        OutputFormat("full", statistics=True, machine=False),
        OutputFormat("text", statistics=True, verify=True, machine=False),
        OutputFormat("concise", statistics=True, verify=True, machine=False),
        OutputFormat("grouped", machine=False),
        OutputFormat("json", statistics=True, verify=True),
        OutputFormat("json-lines"),
        OutputFormat("junit"),
        OutputFormat("gitlab"),
        OutputFormat("pylint"),
        OutputFormat("rdjson"),
        OutputFormat("azure"),
        OutputFormat("sarif", verify=True),
        OutputFormat("github", verify=True),
    )
}


PROBLEM_CODES = {"syntax": "invalid-syntax", "error": "io-error", "internal": "panic"}
SYNTAX_ERROR = "syntax error: "  # how the message of a file that does not parse goes on after its location
WARNING, ERROR = "warning", "error"  # a finding is a warning; a file that could not be checked, an error


class FileError(NamedTuple):
    """A file nanlint could not check (unreadable, not decodable, not parseable) or an internal error:
    why (`reason`), and where: `line` and `column` (1-based, 0 when unknown) in the file, or, in a
    notebook, in its joined code, with the cell and the line in that cell that the message names."""

    path: str
    reason: str
    # "syntax" for code that does not parse, "error" for other bad input, "internal" for a bug of nanlint's own
    kind: str = "error"
    line: int = 0
    column: int = 0
    cell: int = 0  # a notebook's cell the error is in (0: not a notebook's), with the line in that cell
    cell_line: int = 0

    def sort_key(self) -> tuple:
        return (self.path, self.line, self.kind, self.reason)

    @property
    def code(self) -> str:
        return PROBLEM_CODES[self.kind]

    @property
    def message(self) -> str:
        """One line for the user: `path:line:column: why` (in a notebook `path:cell N:line:column:`),
        with `syntax error: ` before the why of code that does not parse."""
        line = self.cell_line if self.cell else self.line
        where = self.path + (f":cell {self.cell}" if self.cell else "")
        where += f":{line}:{self.column}" if line and self.column else f":{line}" if line else ""
        return f"{where}: {SYNTAX_ERROR if self.kind == 'syntax' else ''}{self.reason}"


class FileProblem(Exception):
    """Raised where a file turns out unreadable or unparseable; carries the FileError to report."""

    def __init__(self, error: FileError) -> None:
        super().__init__(error.message)
        self.error = error


class Diagnostic(NamedTuple):
    """A finding or a file that could not be checked, as the machine-readable formats list them."""

    path: str
    span: Span
    code: str
    name: str
    message: str
    severity: str  # WARNING or ERROR
    url: Optional[str] = None
    fix: Optional[Fix] = None
    related: Tuple[Related, ...] = ()
    in_code: bool = True  # `span` is a place in the checked code (False: a file error that names no line)

    @property
    def is_problem(self) -> bool:
        return self.severity == ERROR


class FileResult:
    """What checking one file found (a record the cache stores and gives back)."""

    __slots__ = ("findings", "errors", "depends")

    def __init__(
        self,
        findings: Optional[List[Finding]] = None,
        errors: Optional[List[FileError]] = None,
        depends: Optional[Dict[str, str]] = None,
    ) -> None:
        self.findings = [] if findings is None else findings
        self.errors = [] if errors is None else errors
        self.depends = {} if depends is None else depends  # the project's other files its findings used: path -> digest


class Report:
    """Everything one `check` run produced, sorted the same way whatever the job count."""

    __slots__ = ("findings", "errors", "files_checked")

    def __init__(self, findings: Optional[list] = None, errors: Optional[list] = None, files_checked: int = 0) -> None:
        self.findings = [] if findings is None else findings
        self.errors = [] if errors is None else errors
        self.files_checked = files_checked

    def sort(self) -> "Report":
        self.findings.sort(key=Finding.sort_key)
        self.errors.sort(key=FileError.sort_key)
        return self
