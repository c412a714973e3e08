"""An editor's document checked as `nanlint check` checks its file: with the settings the
hierarchy of configurations gives it (nanlint/project/hierarchy.py: the nearest one from the file's
folder up; the current folder's for a document not on disk), parsed as a file named explicitly
is, and `force-exclude` honoured as for `--stdin-filename`. What kept it from being checked (a
syntax error, a bad configuration) is kept as problems, to be shown rather than passed over."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from nanlint.project.checker import Checker
from nanlint.project.run import Project
from nanlint.catalog import CatalogError
from nanlint.engine.walk import forget_project
from nanlint.project.config import ConfigError, Settings, find_config, load_settings
from nanlint.engine.fixes import FixOutcome, fix_text
from nanlint.types import SYNTAX_ERROR, FileError, Finding
from nanlint.project.hierarchy import Resolver
from nanlint.project.run import build_checker

# What follows the path in a FileError's message: `12:5: syntax error: ...` or `12: ...`.


@dataclass(frozen=True)
class Problem:
    """Why a document was not checked: one line, and where (1-based line and column; 0 unknown)."""

    message: str
    line: int = 0
    column: int = 0


@dataclass
class Analysis:
    """One text of a document and what its check found."""

    text: str
    path: str
    findings: List[Finding] = field(default_factory=list)
    problems: List[Problem] = field(default_factory=list)
    checker: Optional[Checker] = None

    def fix_all(self) -> Optional[FixOutcome]:
        """The text with every fix `nanlint check --fix` would make (unsafe ones only when the
        configuration enables them), or None when there is nothing to fix."""
        if self.checker is None:
            return None
        unsafe = self.checker.settings.unsafe_fixes
        outcome = fix_text(
            self.text, self.path, self.findings, lambda text: self.checker.check_text(text, self.path).findings, unsafe
        )
        return outcome if outcome.error or outcome.text != self.text else None


Stamp = Tuple[Tuple[int, int], ...]


class Linter:
    """Checks documents, keeping one Checker per configuration file until that file (or a rule
    file it names) changes."""

    def __init__(self) -> None:
        self._checkers: Dict[Optional[str], Tuple[Stamp, Checker]] = {}

    def analyse(self, text: str, path: str, on_disk: bool) -> Analysis:
        forget_project()  # other files may have changed since the last analysis
        try:
            project = self.project()
            checker = project.checker_for(path) if on_disk else project.root
            skipped = on_disk and project.named_skip(path) is not None
        except (ConfigError, CatalogError) as error:
            return Analysis(text, path, problems=[Problem(f"nanlint: configuration error: {error}")])
        if skipped:
            return Analysis(text, path, checker=checker)
        result = checker.check_text(text, path, named=True)
        findings = sorted(result.findings, key=Finding.sort_key)
        return Analysis(text, path, findings, [problem_of(error) for error in result.errors], checker)

    def project(self) -> Project:
        """The configuration files as they are now (one may have been added or edited since the
        last document), each made into a checker again only when it changed."""
        return Project(Resolver(load_settings(find_config(Path.cwd())), self._checker, overrides={}))

    def _checker(self, settings: Settings) -> Checker:
        stamp = _stamp(settings.source, settings.extend_rule_files)
        known = self._checkers.get(settings.source)
        if known is not None and known[0] == stamp:
            return known[1]
        checker = build_checker(settings)
        self._checkers[settings.source] = (stamp, checker)
        return checker


def _stamp(config: Optional[str], rule_files: Tuple[str, ...]) -> Stamp:
    stamps = []
    for path in ([config] if config else []) + list(rule_files):
        try:
            status = os.stat(path)
            stamps.append((status.st_mtime_ns, status.st_size))
        except OSError:
            stamps.append((-1, -1))
    return tuple(stamps)


def problem_of(error: FileError) -> Problem:
    """A FileError's message without the location it starts with (the diagnostic's range says it),
    and its line and column."""
    said = SYNTAX_ERROR + error.reason if error.kind == "syntax" else error.reason
    return Problem(said, error.line, error.column)
