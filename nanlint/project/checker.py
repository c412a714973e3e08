"""One configuration's checker: its settings resolved against the catalog (which rules run, which
files are test code) and checking a file, a text or a notebook with them."""

from __future__ import annotations

import os
import re
from functools import cached_property
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from nanlint.catalog import Rule
from nanlint.types import FileError, FileResult
from nanlint.inputs import is_notebook
from nanlint.inputs.source import SourceError, SourceFile, content_digest, read
from nanlint.project.cache import Cache, CatalogSource, configuration_key, default_directory, results_file
from nanlint.project.config import Settings, enabled_rules, ignored_codes_for, require_rules, validate_selectors
from nanlint.project.paths import Excludes, matches, relative_parts

# The engine (libcst, the checks, the semantic model) is imported by the methods that check a file:
# a run whose files are all answered by the cache never needs it.
if TYPE_CHECKING:
    from nanlint.analysis.parse import Unparsed
    from nanlint.engine.walk import RuleSet
    from nanlint.inputs.notebook import Notebook


class Checker:
    """One configuration's settings resolved against the catalog: which rules run, which files
    are test code and which paths are excluded (relative to its root), and checking a file. The
    catalog (and with it the enabled rules) is loaded by `source` when first needed: a run whose
    files the cache answers needs none. `catalog`, if given, is the one of the settings' rule files."""

    def __init__(
        self, settings: Settings, catalog: Optional[Dict[str, Rule]] = None, source: Optional[CatalogSource] = None
    ) -> None:
        self.settings = settings
        self.source = source or CatalogSource(settings, catalog)
        self._rules: Optional[List[Rule]] = None
        self._ruleset: Optional[RuleSet] = None
        self._validated = False
        self.root = os.path.realpath(settings.root)
        self.excludes = Excludes(self.root, settings.excludes)

    @property
    def catalog(self) -> Dict[str, Rule]:
        return self.source.catalog

    @cached_property
    def cache_key(self) -> str:
        return configuration_key(self.settings, self.source.digest, self.root)

    @property
    def rules(self) -> List[Rule]:
        """The rules the settings enable."""
        if self._rules is None:
            self._rules = enabled_rules(self.settings, self.catalog)
        return self._rules

    @property
    def ruleset(self) -> RuleSet:
        if self._ruleset is None:
            from nanlint.engine.walk import RuleSet

            self._ruleset = RuleSet(self.rules, self.catalog)
        return self._ruleset

    def validate(self) -> None:
        """A selector that names no rule, or a selection left empty, is a ConfigError."""
        if not self._validated:
            validate_selectors(self.settings, self.catalog)
            require_rules(self.settings, self.rules)
            self._validated = True

    def has_results(self) -> bool:
        """Whether the cache holds results of this configuration, which then was valid: only a valid
        one stores any (nanlint/project/workers.py validates before checking)."""
        return self.settings.cache and os.path.isfile(results_file(default_directory(self.settings), self.cache_key))

    def relative(self, path: str) -> str:
        return "/".join(relative_parts(path, self.root))

    def is_test(self, path: str) -> bool:
        relative = self.relative(path)
        return any(matches(relative, pattern) for pattern in self.settings.test_patterns)

    def check_source(self, source: SourceFile, named: bool = False) -> FileResult:
        """`named`: the file was named explicitly (or read from standard input), so it is parsed
        and its syntax errors reported even if it never mentions torch."""
        from nanlint.engine.walk import check_source

        try:
            result = check_source(
                source, self.ruleset, self.is_test(source.path), self.catalog, named, self.settings.target_version
            )
        except Exception as error:  # a bug of nanlint's own: report it, go on with the other files
            reason = f"internal error: {type(error).__name__}: {error}"
            return FileResult(errors=[FileError(source.path, reason, "internal")])
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
        broken = {
            cell.number: _parse_failure(f"{notebook.path}:cell {cell.number}", cell.code, target)
            for cell in notebook.cells
        }
        broken = {number: failure for number, failure in broken.items() if failure is not None}
        if not broken:  # the code parses (syntax newer than target-version, say)
            result.errors = [_in_cell(notebook, error) for error in result.errors]
            return notebook, result
        checked = notebook.without(list(broken))
        result = self.check_source(checked.source_file(), named)
        result.errors = [_cell_error(notebook, number, failure) for number, failure in broken.items()] + [
            _in_cell(checked, error) for error in result.errors
        ]
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
                from nanlint.inputs.notebook import load as load_notebook

                notebook = load_notebook(path)
                return content_digest(notebook.data), self.check_notebook(notebook, named)[1]
            source = read(path)
        except SourceError as error:
            return None, FileResult(errors=[error.error])
        return content_digest(source.data), self.check_source(source, named)

    def open_cache(self) -> Optional[Cache]:
        if not self.settings.cache:
            return None
        return Cache(default_directory(self.settings), self.cache_key, self.source)


def _parse_failure(name: str, code: str, target: Optional[str]) -> Optional[Unparsed]:
    from nanlint.analysis.parse import Unparsed, parse
    from nanlint.analysis.versions import target_version

    try:
        parse(name, code, target_version(target) if target else None)
    except Unparsed as failure:
        return failure
    return None


def _cell_error(notebook: Notebook, number: int, failure: Unparsed) -> FileError:
    """A cell that does not parse, at its line in the notebook's code and in the cell."""
    cell = failure.error
    if not cell.line:
        return cell._replace(path=notebook.path, cell=number)
    index = [c.number for c in notebook.cells].index(number)
    line = notebook.first_lines[index] + cell.line - 1
    return cell._replace(path=notebook.path, line=line, cell=number, cell_line=cell.line)


def _in_cell(notebook: Notebook, error: FileError) -> FileError:
    """An error at a line of the notebook's code, placed in the cell and at the line in it that
    hold that line, as for a cell that does not parse."""
    if not error.line or error.cell:
        return error
    position = notebook.locate(error.line)
    return error._replace(cell=position.cell, cell_line=position.line)


# A line of the checked code named inside a message: `(line 6)`, `float16 used at line 9`.
LINE_IN_MESSAGE = re.compile(r"\bline (\d+)\b")


def findings_in_cells(notebook: Notebook, result: FileResult) -> FileResult:
    """The findings of a notebook with every line their messages name (a saving op, a fill, where
    float16 is used, where the value was made) given as the cell and the line in it, as their own
    location is: a line of the joined cells means nothing to the reader of the notebook."""
    result.findings = [
        finding._replace(
            message=lines_in_cells(notebook, finding.message),
            related=tuple(place._replace(message=lines_in_cells(notebook, place.message)) for place in finding.related),
        )
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
