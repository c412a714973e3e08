"""The cache: what `check` found in each file, so that an unchanged file is not parsed again.

A result is reused only when nothing that decides it changed: the file's bytes (a BLAKE2 digest)
and those of the project's other files its findings used (a loss whose argument a training script
passes, a model whose `forward` it calls),
the path it is reported under, whether it was named on the command line (a named file is parsed
even without torch), nanlint's version and its own code (each module's size and modification
time), the Python version (its parser), the
rule catalog (the bytes of every rule file, `extend-rule-files` included) and every setting that
can change a finding (the rule selection, per-file-ignores, test patterns, target-version, the
project root...). Findings (with their fixes) and errors are stored, not only clean files. Only a
valid configuration stores results (its selectors are validated before any file is checked), so a
configuration whose results file exists was valid: a run the cache answers validates nothing.

Layout: one JSON file per configuration, `<cache-dir>/<key>.json`, holding an entry per file; a
run whose files use several configurations (nested configuration files) keeps one per each. Beside
them, `<cache-dir>/catalogs/<digest>.json` keeps the rule catalog as the checks validated it, by the
digest of the rule files and of nanlint (`CatalogSource`), read only when a run needs it: a run
whose every file is answered by the cache reads no catalog, and imports neither the checks nor libcst.
A run loads it once, checks only the files whose entry is missing or stale, and, if it learnt
something, rewrites it atomically (a temporary file, then `os.replace`): concurrent runs never
see a half-written file, the last writer wins, and workers never touch it (only the main process
does). An unreadable or corrupt cache is an empty one; a cache that cannot be written is skipped
with one warning. The default directory is `.nanlint_cache` in the project root (the
configuration's folder, else the current one), with a `.gitignore` of `*` like ruff's and a
CACHEDIR.TAG; `nanlint clean` removes the folders that carry that tag, and nothing else.
"""

from __future__ import annotations

import json
import os
import sys
from functools import cached_property
from typing import TYPE_CHECKING, Dict, Iterable, Iterator, List, Optional, Tuple

from nanlint.install import PACKAGE_DIR
from nanlint.version import __version__
from nanlint.catalog import Rule, catalog_data, catalog_from_data, rule_files
from nanlint.types import PROBLEM_CODES, Edit, FileError, FileResult, Finding, Fix, Related, Span
from nanlint.inputs.source import blake2b, file_bytes, file_digest, replace_atomically

# Folders are plain strings: no pathlib on a cached check's path (nanlint/commands/cli.py).
if TYPE_CHECKING:
    from pathlib import Path

FORMAT = 5
DEFAULT_DIR = ".nanlint_cache"
CATALOGS = "catalogs"  # the subfolder of validated catalogs (CatalogSource)
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


def _files_digest(paths: Iterable[str]) -> str:
    digest = blake2b(digest_size=16)
    for path in paths:
        digest.update(path.encode("utf-8", "surrogateescape") + b"\0")
        try:
            with open(path, "rb") as stream:
                digest.update(stream.read())
        except OSError as error:
            digest.update(f"unreadable: {error}".encode())
    return digest.hexdigest()


_CODE_DIGEST: List[str] = []


def code_digest() -> str:
    """nanlint's own modules: a changed check invalidates the cache even at the same version. Each
    module is known by its path, size and modification time, as Python knows whether its bytecode
    is stale (reading them all would cost a cached run more than the rest of its work). Read once
    per process (a process that checks again, the language server or `--watch`, runs the code it
    started with)."""
    if not _CODE_DIGEST:
        digest = blake2b(digest_size=16)
        for name, stamp in sorted(_module_stamps(os.path.realpath(PACKAGE_DIR), "")):
            digest.update(f"{name}\0{stamp}\0".encode("utf-8", "surrogateescape"))
        _CODE_DIGEST.append(digest.hexdigest())
    return _CODE_DIGEST[0]


def _module_stamps(folder: str, prefix: str) -> Iterator[Tuple[str, str]]:
    """(path under the package, size and modification time) of each module in `folder` and below
    (symlinked folders are not followed, as with os.walk; os.scandir spares a cached run a stat per folder)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.is_dir():
            if not entry.is_symlink() and entry.name != "__pycache__":
                yield from _module_stamps(entry.path, f"{prefix}{entry.name}/")
        elif entry.name.endswith(".py"):
            try:
                status = entry.stat()
                yield f"{prefix}{entry.name}", f"{status.st_size} {status.st_mtime_ns}"
            except OSError as error:
                yield f"{prefix}{entry.name}", f"unreadable: {error}"


def _nanlint_material() -> dict:
    return {
        "format": FORMAT,
        "nanlint": __version__,
        "code": code_digest(),
        "python": [sys.implementation.name, *sys.version_info[:2]],
    }


def _digest(material: dict) -> str:
    text = json.dumps(material, sort_keys=True, default=repr)
    return blake2b(text.encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()


def configuration_key(settings, rules_digest: str, root: str) -> str:
    """The digest of everything besides a file's bytes and path that decides its findings. The enabled
    rules are not in it: they follow from the settings and the catalog, which follows from the rule
    files (`rules_digest`) and nanlint, so a cached check needs no catalog to find its results."""
    options = {name: value for name, value in settings._asdict().items() if name not in NOT_AFFECTING_FINDINGS}
    material = {**_nanlint_material(), "catalog": rules_digest, "settings": options, "root": root}
    return _digest(material)


class CatalogSource:
    """The catalog that one set of rule files makes (the bundled ones and `extend-rule-files`), loaded
    only when something needs it: a file to analyse, selectors to validate, a report that names rules.
    The rule files' digest (their paths and bytes) is computed once: it names the catalog's file in the
    cache and is part of the results' key. The catalog is read from `<cache-dir>/catalogs/`, kept there
    as the checks validated it, in a file named by that digest and nanlint's (its version and code, as
    for the results); when it is not there (or cannot be read), it is validated again, which imports
    every check and libcst (nanlint/checks/registry.py), and stored with the results (`Cache.save`)."""

    def __init__(self, settings, catalog: Optional[Dict[str, Rule]] = None) -> None:
        """`catalog`: the one the rule files make, if the caller has it already."""
        self.extend_rule_files = settings.extend_rule_files
        self.directory = default_directory(settings) if settings.cache else None
        self._catalog = catalog
        self.unsaved = False  # validated by this run, not read from the cache: `Cache.save` stores it

    @cached_property
    def digest(self) -> str:
        """Of the rule files' paths and bytes: only a run with a cache needs it."""
        return _files_digest(rule_files(self.extend_rule_files))

    @cached_property
    def file(self) -> Optional[str]:
        if self.directory is None:
            return None
        name = _digest({**_nanlint_material(), "catalog": self.digest})
        return os.path.join(self.directory, CATALOGS, f"{name}.json")

    @property
    def catalog(self) -> Dict[str, Rule]:
        """Every rule, each built by its check (a bad one is a CatalogError)."""
        if self._catalog is None:
            self._catalog = self._read()
        if self._catalog is None:
            from nanlint.checks.registry import load_catalog  # the checks, and libcst

            self._catalog = load_catalog(self.extend_rule_files)
            self.unsaved = self.file is not None
        return self._catalog

    def _read(self) -> Optional[Dict[str, Rule]]:
        """The stored catalog, or None if there is none (or it cannot be read, or is of another shape)."""
        if self.file is None:
            return None
        try:
            data = json.loads(file_bytes(self.file))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                return None
            return catalog_from_data(data["rules"])
        except (OSError, TypeError, ValueError, KeyError, AttributeError):
            return None

    def data(self) -> Optional[bytes]:
        """What `Cache.save` writes of the catalog: None if it does not survive the trip through JSON."""
        rules = catalog_data(self.catalog)
        if rules is None:
            return None
        return json.dumps({"format": FORMAT, "rules": rules}, separators=(",", ":")).encode()


def default_directory(settings) -> str:
    return settings.cache_dir or os.path.join(settings.root, DEFAULT_DIR)


def results_file(directory: str, key: str) -> str:
    return os.path.join(directory, f"{key}.json")


class Cache:
    """The entries of one configuration: display path -> [absolute path, digest, findings, errors, named,
    {other file's absolute path: its digest}]."""

    def __init__(self, directory: str, key: str, source: CatalogSource) -> None:
        self.directory = directory
        self.file = results_file(directory, key)
        self.entries: Dict[str, list] = self._load()
        self.changed = False
        self.warning: Optional[str] = None
        self.source = source  # its catalog is stored beside the results if this run validated it

    def _load(self) -> Dict[str, list]:
        try:
            data = json.loads(file_bytes(self.file))
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
        """Write the entries if this run added any, and the catalog if it was not stored; on failure
        keep going and set `warning`."""
        # The catalog makes no cache folder of its own: it is written with results, or into a cache that is there.
        storing = self.source.unsaved and (self.changed or os.path.isdir(self.directory))
        catalog = self.source.data() if storing else None
        if not self.changed and catalog is None:
            return
        try:
            _prepare(self.directory)
            if catalog is not None and self.source.file is not None:
                _make_folder(os.path.dirname(self.source.file))
                replace_atomically(self.source.file, catalog)
                self.source.unsaved = False
            if not self.changed:
                return
            data = json.dumps({"format": FORMAT, "files": self.entries}, ensure_ascii=False, separators=(",", ":"))
            replace_atomically(self.file, data.encode("utf-8"))
        except (OSError, ValueError) as error:
            from pathlib import PurePath  # the folder named as ever: `.nanlint_cache`, not `./.nanlint_cache`

            where = PurePath(self.directory)
            self.warning = f"cannot write the cache in {where}: {getattr(error, 'strerror', None) or error}"


def is_cache(directory: Path) -> bool:
    """A folder nanlint made: its CACHEDIR.TAG is nanlint's own."""
    try:
        return (directory / "CACHEDIR.TAG").read_text(encoding="utf-8") == CACHEDIR_TAG
    except (OSError, UnicodeDecodeError):
        return False


def caches_under(root: Path) -> List[Path]:
    """The `.nanlint_cache` folders in `root` and below (symlinked folders are not followed)."""
    from pathlib import Path

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
            import shutil

            shutil.rmtree(directory)
            removed.append(directory)
    return removed


def _prepare(directory: str) -> None:
    os.makedirs(directory, exist_ok=True)
    for name, content in ((".gitignore", GITIGNORE), ("CACHEDIR.TAG", CACHEDIR_TAG)):
        marker = os.path.join(directory, name)
        if not os.path.exists(marker):
            with open(marker, "w", encoding="utf-8") as stream:
                stream.write(content)


def _make_folder(path: str) -> None:
    """Make `path` unless it is a folder already (Path.mkdir(exist_ok=True))."""
    try:
        os.mkdir(path)
    except FileExistsError:
        if not os.path.isdir(path):
            raise


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
    return [error.reason, error.kind, error.line, error.column, error.cell, error.cell_line]


def _error(path: str, data: List) -> FileError:
    reason, kind, line, column, cell, cell_line = data
    if kind not in PROBLEM_CODES:
        raise ValueError(f"unknown kind of error {kind!r}")
    return FileError(path, *_typed(str, reason, kind), *_typed(int, line, column, cell, cell_line))
