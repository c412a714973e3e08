"""Which files to check, and which are skipped and why: Python files and Jupyter notebooks under
the given paths, minus excluded, gitignored and test files, each folder judged by the settings
that apply there (nanlint/project/hierarchy.py).

A path named explicitly is checked, even a test file or an excluded one, unless `force-exclude`
is on: then its excludes and test-file skipping apply to it too (pre-commit names every staged
file, so its hook runs with `--force-exclude` and skips what `nanlint check .` skips). Exclude
patterns are matched against the folders and files *below* a folder named on the command line,
so `nanlint check build/` checks `build/`, although `build` is excluded by default; the same
holds for test code in a test folder named explicitly and for the .gitignore that ignores a
folder named explicitly. Symlinked folders are not followed, so symlink loops cannot trap the
walk. A folder or file that cannot be read is reported, and the others are still checked.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, List, NamedTuple, Optional, Sequence, Set, Tuple

from nanlint.types import FileError
from nanlint.project.gitignore import GitIgnore, Ignores
from nanlint.inputs import NOTEBOOK_SUFFIX

if TYPE_CHECKING:
    from nanlint.project.checker import Checker
    from nanlint.project.hierarchy import Resolver

CHECKED_SUFFIXES = (".py", ".pyi", NOTEBOOK_SUFFIX)
TEST_CODE, EXCLUDED, GITIGNORED, NOT_PYTHON = "test code", "excluded", "gitignored", "not Python"


class Candidate(NamedTuple):
    """A file to check, the settings it is checked with, and whether it was named explicitly."""

    path: str
    checker: "Checker"
    named: bool


class Skipped(NamedTuple):
    path: str  # a folder's ends with "/"
    kind: str  # TEST_CODE, EXCLUDED, GITIGNORED or NOT_PYTHON
    reason: str
    named: bool  # named on the command line, and skipped under force-exclude


class Discovered:
    __slots__ = ("files", "skipped", "errors")

    def __init__(self) -> None:
        self.files: List[Candidate] = []
        self.skipped: List[Skipped] = []
        self.errors: List[FileError] = []


class Discovery:
    """Walks the given paths, asking `resolver` (nanlint/project/hierarchy.py) for each folder's settings."""

    def __init__(self, resolver: "Resolver") -> None:
        self.resolver = resolver
        self.gitignore = GitIgnore()

    def discover(self, paths: Sequence[str]) -> Discovered:
        """Sorted, without duplicates: a file reached twice (`a.py ./a.py /abs/a.py`, a folder and a
        file in it) is checked once."""
        found = Discovered()
        for given in dict.fromkeys(paths):
            self._named(given, found)
        by_path = {candidate.path: candidate for candidate in found.files}
        names = sorted(by_path)
        found.files = [by_path[name] for name in (_unique_files(names) if len(paths) > 1 else names)]
        found.skipped.sort()
        return found

    def named_skip(self, path: str) -> Optional[Skipped]:
        """Why `path`, named explicitly (a file or standard input's --stdin-filename), is skipped:
        only under force-exclude, when an exclude pattern matches it or it is test code."""
        is_dir = os.path.isdir(path)
        checker = self.resolver.for_path(path)
        settings = checker.settings
        if not settings.force_exclude:
            return None
        shown = path + "/" if is_dir and not path.endswith("/") else path
        pattern = checker.excludes.pattern_for(path)
        if pattern is not None:
            return Skipped(shown, EXCLUDED, f"excluded by `{pattern}`", True)
        if not settings.check_tests and checker.is_test(os.path.join(path, "_") if is_dir else path):
            return Skipped(shown, TEST_CODE, "test code, check-tests is off", True)
        return None

    def _named(self, given: str, found: Discovered) -> None:
        problem = _missing(given)
        if problem is not None:
            found.errors.append(FileError(given, problem))
            return
        skip = self.named_skip(given)
        if skip is not None:
            found.skipped.append(skip)
        elif os.path.isdir(given):
            self._walk(given, found)
        else:
            found.files.append(Candidate(os.path.normpath(given), self.resolver.for_file(given), True))

    def _walk(self, top: str, found: Discovered) -> None:
        top_checker = self.resolver.for_directory(top)
        # A test folder named explicitly is checked whole.
        tests_wanted = top_checker.settings.check_tests or top_checker.is_test(os.path.join(top, "_"))
        pending: List[Tuple[str, Ignores]] = [(top, self.gitignore.for_named_folder(os.path.abspath(top)))]
        while pending:
            folder, ignores = pending.pop()
            try:
                with os.scandir(folder) as listing:
                    entries = sorted(listing, key=lambda entry: entry.name)
            except OSError as error:
                found.errors.append(FileError(folder, _unlistable(folder, error)))
                continue
            checker = self.resolver.for_directory(folder)
            for entry in entries:
                path = os.path.normpath(os.path.join(folder, entry.name))
                if entry.is_dir(follow_symlinks=False):
                    skip = self._folder_skip(path, top, ignores)
                    if skip is None:
                        pending.append((path, ignores.below(os.path.abspath(path))))
                    else:
                        found.skipped.append(skip)
                    continue
                skip = self._file_skip(path, entry, checker, top, ignores, tests_wanted)
                if skip is None:
                    found.files.append(Candidate(path, checker, False))
                else:
                    found.skipped.append(skip)

    def _folder_skip(self, path: str, top: str, ignores: Ignores) -> Optional[Skipped]:
        checker = self.resolver.for_directory(path)  # a folder with its own configuration is judged by it
        pattern = checker.excludes.pattern_for(path, top)
        if pattern is not None:
            return Skipped(path + "/", EXCLUDED, f"excluded by `{pattern}`", False)
        ignored_by = ignores.ignored_by(os.path.abspath(path), True) if checker.settings.respect_gitignore else None
        if ignored_by is not None:
            return Skipped(path + "/", GITIGNORED, f"gitignored by {_shown(ignored_by)}", False)
        return None

    def _file_skip(
        self, path: str, entry: os.DirEntry, checker: "Checker", top: str, ignores: Ignores, tests_wanted: bool
    ) -> Optional[Skipped]:
        if not path.endswith(CHECKED_SUFFIXES):
            why = "symlinked folder, not followed" if entry.is_symlink() and os.path.isdir(path) else NOT_PYTHON
            return Skipped(path, NOT_PYTHON, why, False)
        if not _is_file(entry):  # a FIFO would block, a broken or looping link cannot be read
            return Skipped(path, NOT_PYTHON, "not a regular file", False)
        pattern = checker.excludes.pattern_for(path, top)
        if pattern is not None:
            return Skipped(path, EXCLUDED, f"excluded by `{pattern}`", False)
        ignored_by = ignores.ignored_by(os.path.abspath(path), False) if checker.settings.respect_gitignore else None
        if ignored_by is not None:
            return Skipped(path, GITIGNORED, f"gitignored by {_shown(ignored_by)}", False)
        if not (tests_wanted or checker.settings.check_tests) and checker.is_test(path):
            return Skipped(path, TEST_CODE, "test code, check-tests is off", False)
        return None


def _is_file(entry: os.DirEntry) -> bool:
    try:
        return entry.is_file()
    except OSError:  # a symlink loop
        return False


def _missing(given: str) -> Optional[str]:
    """Why a path named on the command line cannot be checked at all, or None if it exists."""
    try:
        os.lstat(given)
    except FileNotFoundError:
        return "no such file or directory"
    except PermissionError:
        folder = _closed_folder(given)
        return f"permission denied: cannot enter the folder {folder}" if folder else "permission denied"
    except OSError as error:
        return str(error.strerror or error)
    return None


def _closed_folder(path: str) -> Optional[str]:
    """The first folder on `path` whose entries cannot be looked up."""
    parts = os.path.normpath(path).split(os.sep)
    for length in range(1, len(parts)):
        folder = os.sep.join(parts[:length]) or os.sep
        try:
            os.lstat(os.sep.join(parts[: length + 1]) or os.sep)
        except PermissionError:
            return folder
        except OSError:
            return None
    return None


def _unlistable(folder: str, error: OSError) -> str:
    if isinstance(error, PermissionError):
        return "permission denied: cannot list this folder, its files are not checked"
    return f"cannot list this folder: {error.strerror or error}"


def _shown(path: str) -> str:
    """A path as short as it can be shown: relative to the current folder when it lies inside."""
    relative = os.path.relpath(path)
    return path if relative.startswith(os.pardir) else relative


def _unique_files(files: List[str]) -> List[str]:
    """The first of each group of names for one file (by its real path)."""
    seen: Set[str] = set()
    unique = []
    for name in files:
        real = os.path.realpath(name)
        if real not in seen:
            seen.add(real)
            unique.append(name)
    return unique
