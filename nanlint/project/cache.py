"""The cache: what `check` found in each file, so that an unchanged file is not parsed again.

A result is reused only when nothing that decides it changed: the file's bytes (a BLAKE2 digest)
and those of the project's other files its findings used (a loss whose argument a training script
passes, a model whose `forward` it calls),
the path it is reported under, whether it was named on the command line (a named file is parsed
even without torch), nanlint's version and its own code, the Python version (its parser), the
rule catalog (the bytes of every rule file, `extend-rule-files` included) and every setting that
can change a finding (enabled rules, per-file-ignores, test patterns, target-version, the
project root...). Findings (with their fixes) and errors are stored, not only clean files.

Layout: one JSON file per configuration, `<cache-dir>/<key>.json`, holding an entry per file; a
run whose files use several configurations (nested configuration files) keeps one per each.
A run loads it once, checks only the files whose entry is missing or stale, and, if it learnt
something, rewrites it atomically (a temporary file, then `os.replace`): concurrent runs never
see a half-written file, the last writer wins, and workers never touch it (only the main process
does). An unreadable or corrupt cache is an empty one; a cache that cannot be written is skipped
with one warning. The default directory is `.nanlint_cache` in the project root (the
configuration's folder, else the current one), with a `.gitignore` of `*` like ruff's and a
CACHEDIR.TAG; `nanlint clean` removes the folders that carry that tag, and nothing else.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Dict, Iterable, List, Optional

from nanlint.install import PACKAGE_DIR
from nanlint.version import __version__
from nanlint.analysis.project import file_digest
from nanlint.catalog import default_rule_dir
from nanlint.types import PROBLEM_CODES, Edit, FileError, Finding, Fix, Related, Span
from nanlint.inputs.source import replace_atomically

FORMAT = 4
DEFAULT_DIR = ".nanlint_cache"
GITIGNORE = "# Automatically created by nanlint.\n*\n"
CACHEDIR_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by nanlint.\n"
# Settings that only decide which files are checked, or how results are shown and fixed.
NOT_AFFECTING_FINDINGS = frozenset(
    {
        "output_format",
        "fix",
        "unsafe_fixes",
        "cache",
        "cache_dir",
        "source",
        "exclude",
        "extend_exclude",
        "force_exclude",
        "respect_gitignore",
    }
)


def _files_digest(paths: Iterable[Path]) -> str:
    digest = hashlib.blake2b(digest_size=16)
    for path in paths:
        digest.update(str(path).encode("utf-8", "surrogateescape") + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError as error:
            digest.update(f"unreadable: {error}".encode())
    return digest.hexdigest()


def code_digest() -> str:
    """nanlint's own modules: a changed check invalidates the cache even at the same version."""
    package = Path(PACKAGE_DIR).resolve()
    return _files_digest(sorted(package.rglob("*.py")))


def configuration_key(settings, rules: Iterable, root: Path) -> str:
    """The digest of everything besides a file's bytes and path that decides its findings."""
    rule_files = sorted(default_rule_dir().glob("*.toml")) + [Path(p) for p in settings.extend_rule_files]
    options = {
        name: value for name, value in dataclasses.asdict(settings).items() if name not in NOT_AFFECTING_FINDINGS
    }
    material = {
        "format": FORMAT,
        "nanlint": __version__,
        "code": code_digest(),
        "python": [sys.implementation.name, *sys.version_info[:2]],
        "catalog": _files_digest(rule_files),
        "enabled": [rule.code for rule in rules],
        "settings": options,
        "root": str(root),
    }
    text = json.dumps(material, sort_keys=True, default=repr)
    return hashlib.blake2b(text.encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()


def default_directory(settings) -> Path:
    return Path(settings.cache_dir) if settings.cache_dir else Path(settings.root) / DEFAULT_DIR


class Cache:
    """The entries of one configuration: display path -> [absolute path, digest, findings, errors, named,
    {other file's absolute path: its digest}]."""

    def __init__(self, directory: Path, key: str) -> None:
        self.directory = directory
        self.file = directory / f"{key}.json"
        self.entries: Dict[str, list] = self._load()
        self.changed = False
        self.warning: Optional[str] = None

    def _load(self) -> Dict[str, list]:
        try:
            data = json.loads(self.file.read_bytes())
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("files"), dict):
            return {}
        return data["files"]

    def knows(self, path: str) -> bool:
        return path in self.entries

    def lookup(self, path: str, digest: str, named: bool = False):
        """The stored FileResult of `path` if it was checked with these bytes, named (or walked) as
        now, else None."""
        from nanlint.engine.walk import FileResult

        entry = self.entries.get(path)
        try:
            absolute, stored_digest, findings, errors, was_named, depends = entry
            if absolute != os.path.abspath(path) or stored_digest != digest or was_named is not named:
                return None
            if any(file_digest(other) != known for other, known in depends.items()):
                return None
            return FileResult(
                [_finding(path, item) for item in findings], [_error(path, item) for item in errors], dict(depends)
            )
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return None  # a corrupt entry is a miss

    def store(self, path: str, digest: str, result, named: bool = False) -> None:
        self.entries[path] = [
            os.path.abspath(path),
            digest,
            [_finding_data(f) for f in result.findings],
            [_error_data(e) for e in result.errors],
            named,
            result.depends,
        ]
        self.changed = True

    def save(self) -> None:
        """Write the entries if this run added any; on failure keep going and set `warning`."""
        if not self.changed:
            return
        try:
            _prepare(self.directory)
            data = json.dumps({"format": FORMAT, "files": self.entries}, ensure_ascii=False, separators=(",", ":"))
            replace_atomically(str(self.file), data.encode("utf-8"))
        except (OSError, ValueError) as error:
            self.warning = f"cannot write the cache in {self.directory}: {getattr(error, 'strerror', None) or error}"


def is_cache(directory: Path) -> bool:
    """A folder nanlint made: its CACHEDIR.TAG is nanlint's own."""
    try:
        return (directory / "CACHEDIR.TAG").read_text(encoding="utf-8") == CACHEDIR_TAG
    except (OSError, UnicodeDecodeError):
        return False


def caches_under(root: Path) -> List[Path]:
    """The `.nanlint_cache` folders in `root` and below (symlinked folders are not followed)."""
    found = []
    for folder, subfolders, _ in os.walk(root):
        if DEFAULT_DIR in subfolders:
            subfolders.remove(DEFAULT_DIR)
            found.append(Path(folder) / DEFAULT_DIR)
    return sorted(found)


def clean(directories: Iterable[Path]) -> List[Path]:
    """Remove each of `directories` that is a nanlint cache; returns those removed."""
    removed = []
    for directory in directories:
        if is_cache(directory):
            shutil.rmtree(directory)
            removed.append(directory)
    return removed


def _prepare(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for name, content in ((".gitignore", GITIGNORE), ("CACHEDIR.TAG", CACHEDIR_TAG)):
        marker = directory / name
        if not marker.exists():
            marker.write_text(content, encoding="utf-8")


def _finding_data(finding: Finding) -> list:
    span = finding.span
    fix = finding.fix
    fix_data = None if fix is None else [fix.title, fix.safe, [[e.start, e.end, e.content] for e in fix.edits]]
    related = [[r.span.line, r.span.column, r.span.end_line, r.span.end_column, r.message] for r in finding.related]
    return [
        span.line,
        span.column,
        span.end_line,
        span.end_column,
        finding.code,
        finding.name,
        finding.message,
        fix_data,
        related,
    ]


def _typed(kind: type, *values):
    """`values` if each is a `kind` (a bool is no int here), else ValueError: a corrupt entry."""
    if not all(type(value) is kind for value in values):
        raise ValueError(f"expected {kind.__name__}")
    return values


def _finding(path: str, data: List) -> Finding:
    line, column, end_line, end_column, code, name, message, fix_data, related_data = data
    fix = None
    if fix_data is not None:
        title, safe, edits = fix_data
        _typed(str, title)
        _typed(bool, safe)
        fix = Fix(
            title, tuple(Edit(*_typed(int, start, end), *_typed(str, content)) for start, end, content in edits), safe
        )
    span = Span(*_typed(int, line, column, end_line, end_column))
    related = tuple(Related(Span(*_typed(int, *place[:4])), *_typed(str, place[4])) for place in related_data)
    return Finding(path, span, *_typed(str, code, name, message), fix, related)


def _error_data(error: FileError) -> list:
    return [error.message, error.kind, error.line, error.column]


def _error(path: str, data: List) -> FileError:
    message, kind, line, column = data
    if kind not in PROBLEM_CODES:
        raise ValueError(f"unknown kind of error {kind!r}")
    return FileError(path, *_typed(str, message, kind), *_typed(int, line, column))
