"""The Python API of the static check: `check(paths)` -> Report, the same run the CLI makes."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from nanlint.cache import Cache, configuration_key, default_directory
from nanlint.catalog import Rule, load_catalog
from nanlint.config import Settings, enabled_rules, ignored_codes_for
from nanlint.discovery import Discovered, Discovery, Excludes, Skipped, matches, relative_parts
from nanlint.analysis.engine import FileResult, RuleSet, check_source
from nanlint.ftypes import FileError, Report
from nanlint.analysis.parse import Unparsed, parse
from nanlint.analysis.versions import target_version
from nanlint.hierarchy import Resolver
from nanlint.notebook import Notebook, is_notebook, load as load_notebook
from nanlint.source import SourceError, SourceFile, content_digest, read
from nanlint.workers import check_all


class Checker:
    """One configuration's settings resolved against the catalog: which rules run, which files
    are test code and which paths are excluded (relative to its root), and checking a file."""

    def __init__(self, settings: Settings, catalog: Optional[Dict[str, Rule]] = None) -> None:
        self.settings = settings
        self.catalog = catalog if catalog is not None else load_catalog(settings.extend_rule_files)
        self.rules = enabled_rules(settings, self.catalog)
        self._ruleset: Optional[RuleSet] = None
        self.root = Path(settings.root).resolve()
        self.excludes = Excludes(str(self.root), settings.excludes)

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

    def check_source(self, source: SourceFile, named: bool = False) -> FileResult:
        """`named`: the file was named explicitly (or read from standard input), so it is parsed
        and its syntax errors reported even if it never mentions torch."""
        try:
            result = check_source(source, self.ruleset, self.is_test(source.path), self.catalog, named, self.settings.target_version)
        except Exception as error:  # a bug of nanlint's own: report it, go on with the other files
            message = f"{source.path}: internal error: {type(error).__name__}: {error}"
            return FileResult(errors=[FileError(source.path, message, "internal")])
        ignored = ignored_codes_for(self.relative(source.path), self.settings, self.catalog)
        if ignored:
            result.findings = [f for f in result.findings if f.code not in ignored]
        return result

    def check_notebook(self, notebook: Notebook, named: bool = False) -> Tuple[Notebook, FileResult]:
        """The notebook as checked and its result. When its code does not parse, each cell that does
        not parse on its own is reported and left out, and the other cells are checked."""
        result = self.check_source(notebook.source_file(), named)
        if not any(error.kind != "internal" for error in result.errors):
            return notebook, findings_in_cells(notebook, result)
        target = self.settings.target_version
        broken = {cell.number: _parse_failure(f"{notebook.path}:cell {cell.number}", cell.code, target) for cell in notebook.cells}
        broken = {number: failure for number, failure in broken.items() if failure is not None}
        if not broken:  # the code parses (syntax newer than target-version, say)
            result.errors = [_in_cell(notebook, error) for error in result.errors]
            return notebook, result
        checked = notebook.without(list(broken))
        result = self.check_source(checked.source_file(), named)
        result.errors = [_cell_error(notebook, number, failure) for number, failure in broken.items()] + [
            _in_cell(checked, error) for error in result.errors]
        return checked, findings_in_cells(checked, result)

    def check_file(self, path: str) -> FileResult:
        return self.check_path(path)[1]

    def check_text(self, text: str, path: str, named: bool = False) -> FileResult:
        """Check text that is already decoded (a fix's result, a catalog example, an editor's
        document). It is not decoded again: a coding line such as latin-1 would misread its UTF-8
        encoding."""
        return self.check_source(SourceFile(path, text, "utf-8", False, text.encode("utf-8", "surrogatepass")), named)

    def check_path(self, path: str, named: bool = False) -> Tuple[Optional[str], FileResult]:
        """(digest of the bytes checked, or None if unreadable; the result)."""
        try:
            if is_notebook(path):
                notebook = load_notebook(path)
                return content_digest(notebook.data), self.check_notebook(notebook, named)[1]
            source = read(path)
        except SourceError as error:
            return None, FileResult(errors=[FileError(path, str(error))])
        return content_digest(source.data), self.check_source(source, named)

    def open_cache(self) -> Optional[Cache]:
        if not self.settings.cache:
            return None
        return Cache(default_directory(self.settings), configuration_key(self.settings, self.rules, self.root))

    def project(self) -> "Project":
        """A run in which every file is checked with these settings."""
        return Project(Resolver(self.settings, lambda _: self))

    def files(self, paths: Sequence[str]) -> Tuple[List[str], List[FileError]]:
        """The files these settings would check under `paths`, and the paths that cannot be read."""
        discovered = self.project().discover(paths)
        return [candidate.path for candidate in discovered.files], discovered.errors

    def run(self, paths: Sequence[str], jobs: Optional[int] = None) -> Report:
        return self.project().run(paths, jobs)


class Project:
    """A run over files that may each use another configuration (nanlint/hierarchy.py): finds
    the files, checks them (each configuration with its own cache), and reports."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self.discovery = Discovery(resolver)
        self.cache_warning: Optional[str] = None

    @property
    def root(self) -> Checker:
        """The checker of the configuration found from the current folder (or given by --config)."""
        return self.resolver.root

    @property
    def settings(self) -> Settings:
        return self.root.settings

    @property
    def rules(self) -> List[Rule]:
        return self.root.rules

    @property
    def checkers(self) -> List[Checker]:
        """The checker of each configuration the run has met so far."""
        return self.resolver.checkers

    @property
    def catalog(self) -> Dict[str, Rule]:
        """Every rule any configuration of the run knows (for showing findings)."""
        merged: Dict[str, Rule] = {}
        for checker in self.checkers:
            merged.update(checker.catalog)
        return merged

    def checker_for(self, path: str) -> Checker:
        return self.resolver.for_path(path)

    def named_skip(self, path: str) -> Optional[Skipped]:
        return self.discovery.named_skip(path)

    def discover(self, paths: Sequence[str]) -> Discovered:
        return self.discovery.discover(paths)

    def check(self, discovered: Discovered, jobs: Optional[int] = None) -> Report:
        report = Report(errors=list(discovered.errors), files_checked=len(discovered.files))
        caches: Dict[int, Optional[Cache]] = {}

        def cache_of(checker: Checker) -> Optional[Cache]:
            if id(checker) not in caches:
                caches[id(checker)] = checker.open_cache()
            return caches[id(checker)]

        for result in check_all(discovered.files, jobs, cache_of):
            report.findings.extend(result.findings)
            report.errors.extend(result.errors)
        for cache in filter(None, caches.values()):
            cache.save()
            self.cache_warning = self.cache_warning or cache.warning
        return report.sort()

    def run(self, paths: Sequence[str], jobs: Optional[int] = None) -> Report:
        return self.check(self.discover(paths), jobs)


def _parse_failure(name: str, code: str, target: Optional[str]) -> Optional[Unparsed]:
    try:
        parse(name, code, target_version(target) if target else None)
    except Unparsed as failure:
        return failure
    return None


def _cell_error(notebook: Notebook, number: int, failure: Unparsed) -> FileError:
    """A cell that does not parse, at its line in the notebook's code (its message says the cell's)."""
    if not failure.line:
        return FileError(notebook.path, failure.message)
    index = [cell.number for cell in notebook.cells].index(number)
    return FileError(notebook.path, failure.message, "syntax", notebook.first_lines[index] + failure.line - 1, failure.column)


def _in_cell(notebook: Notebook, error: FileError) -> FileError:
    """An error placed at a line of the notebook's code, its message naming the cell and the line
    in it instead, as for a cell that does not parse."""
    where = f"{notebook.path}:{error.line}:"
    if not error.line or not error.message.startswith(where):
        return error
    position = notebook.locate(error.line)
    return replace(error, message=f"{notebook.path}:cell {position.cell}:{position.line}:{error.message[len(where):]}")


# A line of the checked code named inside a message: `(line 6)`, `float16 used at line 9`.
LINE_IN_MESSAGE = re.compile(r"\bline (\d+)\b")


def findings_in_cells(notebook: Notebook, result: FileResult) -> FileResult:
    """The findings of a notebook with every line their messages name (a saving op, a fill, where
    float16 is used, where the value was made) given as the cell and the line in it, as their own
    location is: a line of the joined cells means nothing to the reader of the notebook."""
    result.findings = [
        replace(finding, message=lines_in_cells(notebook, finding.message),
                related=tuple(replace(place, message=lines_in_cells(notebook, place.message)) for place in finding.related))
        for finding in result.findings
    ]
    return result


def lines_in_cells(notebook: Notebook, message: str) -> str:
    """`line N` of the notebook's joined code as `cell C, line M`; quoted code (between backticks)
    is the notebook's own text, and left as it is."""
    if not notebook.cells:
        return message

    def in_cell(found: "re.Match") -> str:
        position = notebook.locate(int(found.group(1)))
        return f"cell {position.cell}, line {position.line}"

    parts = message.split("`")
    parts[::2] = [LINE_IN_MESSAGE.sub(in_cell, part) for part in parts[::2]]
    return "`".join(parts)


def check(paths: Sequence[str], settings: Optional[Settings] = None, jobs: Optional[int] = None) -> Report:
    """Check files and folders as `nanlint check --config` does, with `settings` (default: the
    defaults) for every file; returns findings and errors, sorted."""
    return Checker(settings or Settings()).run(paths, jobs)
