"""An editor's document checked as `nanlint check` checks its file: with the nearest configuration
from the file's folder up (the current folder's for a document not on disk), and `force-exclude`
honoured as for `--stdin-filename`. What kept it from being checked (a syntax error, a bad
configuration) is kept as problems, to be shown rather than passed over."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from nanlint.api import Checker
from nanlint.catalog import CatalogError
from nanlint.config import ConfigError, find_config, load_settings, validate_selectors
from nanlint.fixes import FixOutcome, fix_text
from nanlint.ftypes import FileError, Finding

# What follows the path in a FileError's message: `12:5: syntax error: ...` or `12: ...`.
LOCATION = re.compile(r"(\d+)(?::(\d+))?: ")


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
        outcome = fix_text(self.text, self.path, self.findings, lambda text: self.checker.check_text(text, self.path).findings, unsafe)
        return outcome if outcome.error or outcome.text != self.text else None


Stamp = Tuple[Tuple[int, int], ...]


class Linter:
    """Checks documents, keeping one Checker per configuration file until that file (or a rule
    file it names) changes."""

    def __init__(self) -> None:
        self._checkers: Dict[Optional[Path], Tuple[Stamp, Checker]] = {}

    def analyse(self, text: str, path: str, on_disk: bool) -> Analysis:
        try:
            checker = self.checker_for(Path(path).parent if on_disk else Path.cwd())
        except (ConfigError, CatalogError) as error:
            return Analysis(text, path, problems=[Problem(f"nanlint: configuration error: {error}")])
        if on_disk and checker.force_excluded(path):
            return Analysis(text, path, checker=checker)
        result = checker.check_text(text, path)
        findings = sorted(result.findings, key=Finding.sort_key)
        return Analysis(text, path, findings, [problem_of(error) for error in result.errors], checker)

    def checker_for(self, folder: Path) -> Checker:
        config = find_config(folder)
        known = self._checkers.get(config)
        if known is not None and known[0] == _stamp(config, known[1].settings.extend_rule_files):
            return known[1]
        checker = Checker(load_settings(config))
        validate_selectors(checker.settings, checker.catalog)
        self._checkers[config] = (_stamp(config, checker.settings.extend_rule_files), checker)
        return checker


def _stamp(config: Optional[Path], rule_files: Tuple[str, ...]) -> Stamp:
    stamps = []
    for path in ([config] if config else []) + list(rule_files):
        try:
            status = os.stat(path)
            stamps.append((status.st_mtime_ns, status.st_size))
        except OSError:
            stamps.append((-1, -1))
    return tuple(stamps)


def problem_of(error: FileError) -> Problem:
    """A FileError's message without its path, and its line and column when it names them."""
    message = error.message
    prefix = error.path + ":"
    if message.startswith(prefix):
        message = message[len(prefix):].lstrip()
    where = LOCATION.match(message)
    if where is None:
        return Problem(message, error.line)
    return Problem(message[where.end():], int(where.group(1)), int(where.group(2) or 0))
