"""The Python API of the static check: `check(paths)` -> Report, the same run the CLI makes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from nanlint.cache import Cache, configuration_key, content_digest, default_directory
from nanlint.catalog import Rule, load_catalog
from nanlint.config import Settings, enabled_rules, ignored_codes_for
from nanlint.discovery import Discovery, matches, relative_parts
from nanlint.analysis.engine import FileResult, RuleSet, check_source
from nanlint.ftypes import FileError, Report
from nanlint.analysis.parse import Unparsed, parse
from nanlint.notebook import Notebook, is_notebook, load as load_notebook
from nanlint.source import SourceError, SourceFile, read

# Below this much source (about 0.1 s of work on one core), starting worker processes costs more
# than it saves.
PARALLEL_MIN_BYTES = 256 * 1024
CHUNK_MAX = 16


class Checker:
    """Settings resolved against the catalog: which rules run, and on which files."""

    def __init__(self, settings: Settings, catalog: Optional[Dict[str, Rule]] = None) -> None:
        self.settings = settings
        self.catalog = catalog if catalog is not None else load_catalog(settings.extend_rule_files)
        self.rules = enabled_rules(settings, self.catalog)
        self._ruleset: Optional[RuleSet] = None
        self.root = Path(settings.root).resolve()
        self.cache_warning: Optional[str] = None
        self.discovery = Discovery(str(self.root), settings.excludes, settings.respect_gitignore, settings.force_exclude)

    @property
    def ruleset(self) -> RuleSet:
        if self._ruleset is None:
            self._ruleset = RuleSet(self.rules, self.catalog)
        return self._ruleset

    def relative(self, path: str) -> str:
        return "/".join(relative_parts(Path(path), self.root))

    def is_test(self, path: str) -> bool:
        relative = self.relative(path)
        return any(matches(relative, pattern) for pattern in self.settings.test_patterns)

    def check_source(self, source: SourceFile) -> FileResult:
        try:
            result = check_source(source, self.ruleset, self.is_test(source.path), self.catalog)
        except Exception as error:  # a bug of nanlint's own: report it, go on with the other files
            message = f"{source.path}: internal error: {type(error).__name__}: {error}"
            return FileResult(errors=[FileError(source.path, message, "internal")])
        ignored = ignored_codes_for(self.relative(source.path), self.settings, self.catalog)
        if ignored:
            result.findings = [f for f in result.findings if f.code not in ignored]
        return result

    def check_notebook(self, notebook: Notebook) -> Tuple[Notebook, FileResult]:
        """The notebook as checked and its result. When its code does not parse, each cell that does
        not parse on its own is reported and left out, and the other cells are checked."""
        result = self.check_source(notebook.source_file())
        if not any(error.kind != "internal" for error in result.errors):
            return notebook, result
        broken = {cell.number: _parse_failure(f"{notebook.path}:cell {cell.number}", cell.code) for cell in notebook.cells}
        broken = {number: failure for number, failure in broken.items() if failure is not None}
        if not broken:
            return notebook, result
        checked = notebook.without(list(broken))
        result = self.check_source(checked.source_file())
        result.errors = [_cell_error(notebook, number, failure) for number, failure in broken.items()] + result.errors
        return checked, result

    def check_file(self, path: str) -> FileResult:
        return self.check_path(path)[1]

    def check_text(self, text: str, path: str) -> FileResult:
        """Check text that is already decoded (a fix's result, a catalog example). It is not
        decoded again: a coding line such as latin-1 would misread its UTF-8 encoding."""
        return self.check_source(SourceFile(path, text, "utf-8", False, text.encode("utf-8", "surrogatepass")))

    def files(self, paths: Sequence[str]) -> Tuple[List[str], List[FileError]]:
        """The files to check, and errors for paths that do not exist. Test code found in folders is
        left out unless `check-tests` (it computes naive references on purpose); a test file, or a
        test folder, named explicitly is checked."""
        files, missing = self.discovery.files(paths)
        if not self.settings.check_tests:
            named = {os.path.normpath(path) for path in paths}
            test_folders = tuple(path + os.sep for path in named if os.path.isdir(path) and self.is_test(os.path.join(path, "_")))
            files = [path for path in files if path in named or path.startswith(test_folders) or not self.is_test(path)]
        return files, [FileError(path, message) for path, message in missing]

    def force_excluded(self, path: str) -> bool:
        """Is `path`, named explicitly, skipped (force-exclude on, and an exclude pattern matches)?"""
        return self.settings.force_exclude and self.discovery.excluded(Path(path))

    def run(self, paths: Sequence[str], jobs: Optional[int] = None) -> Report:
        files, errors = self.files(paths)
        report = Report(errors=list(errors))
        cache = self.open_cache()
        for result in self._results(files, jobs, cache):
            report.findings.extend(result.findings)
            report.errors.extend(result.errors)
        if cache is not None:
            cache.save()
            self.cache_warning = cache.warning
        report.files_checked = len(files)
        return report.sort()

    def open_cache(self) -> Optional[Cache]:
        if not self.settings.cache:
            return None
        return Cache(default_directory(self.settings), configuration_key(self.settings, self.rules, self.root))

    def check_path(self, path: str) -> Tuple[Optional[str], FileResult]:
        """(digest of the bytes checked, or None if unreadable; the result)."""
        try:
            if is_notebook(path):
                notebook = load_notebook(path)
                return content_digest(notebook.data), self.check_notebook(notebook)[1]
            source = read(path)
        except SourceError as error:
            return None, FileResult(errors=[FileError(path, str(error))])
        return content_digest(source.data), self.check_source(source)

    def _results(self, files: List[str], jobs: Optional[int], cache: Optional[Cache]) -> List[FileResult]:
        """Each file's result, in the order of `files`: from the cache when its bytes are known,
        else checked here or, when there is enough work, by worker processes."""
        results: Dict[str, FileResult] = {}
        pending = []
        for path in files:
            cached = _cached(cache, path)
            if cached is not None:
                results[path] = cached
            else:
                pending.append(path)
        for path, (digest, result) in zip(pending, self._check_paths(pending, jobs)):
            results[path] = result
            if cache is not None and digest is not None:
                cache.store(path, digest, result)
        return [results[path] for path in files]

    def _check_paths(self, paths: List[str], jobs: Optional[int]) -> List[Tuple[Optional[str], FileResult]]:
        jobs = min(jobs or os.cpu_count() or 1, len(paths))
        sizes = _sizes(paths)
        if jobs <= 1 or sum(sizes.values()) < PARALLEL_MIN_BYTES:
            return [self.check_path(path) for path in paths]
        # Largest files first, in small chunks: no worker is left with a heavy tail.
        order = sorted(paths, key=lambda path: -sizes[path])
        chunk = max(1, min(CHUNK_MAX, len(paths) // (jobs * 16)))
        from concurrent.futures import ProcessPoolExecutor  # 50 ms to import: only when it is used

        with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(self.settings,)) as executor:
            done = dict(zip(order, executor.map(_check_in_worker, order, chunksize=chunk)))
        return [done[path] for path in paths]


def _parse_failure(name: str, code: str) -> Optional[Unparsed]:
    try:
        parse(name, code)
    except Unparsed as failure:
        return failure
    return None


def _cell_error(notebook: Notebook, number: int, failure: Unparsed) -> FileError:
    """A cell that does not parse, at its line in the notebook's code (its message says the cell's)."""
    if not failure.line:
        return FileError(notebook.path, failure.message)
    index = [cell.number for cell in notebook.cells].index(number)
    return FileError(notebook.path, failure.message, "syntax", notebook.first_lines[index] + failure.line - 1, failure.column)


def _cached(cache: Optional[Cache], path: str) -> Optional[FileResult]:
    if cache is None or not cache.knows(path):
        return None
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    return cache.lookup(path, content_digest(data))


def _sizes(paths: List[str]) -> Dict[str, int]:
    sizes = {}
    for path in paths:
        try:
            sizes[path] = os.stat(path).st_size
        except OSError:
            sizes[path] = 0
    return sizes


_WORKER: Optional[Checker] = None


def _init_worker(settings: Settings) -> None:
    global _WORKER
    _WORKER = Checker(settings)


def _check_in_worker(path: str) -> Tuple[Optional[str], FileResult]:
    return _WORKER.check_path(path)


def check(paths: Sequence[str], settings: Optional[Settings] = None, jobs: Optional[int] = None) -> Report:
    """Check files and folders as `nanlint check` does; returns findings and errors, sorted."""
    return Checker(settings or Settings()).run(paths, jobs)
