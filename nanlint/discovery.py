"""Which files to check: Python files and Jupyter notebooks under the given paths, minus excludes
and .gitignore'd files.

A path named explicitly is always checked (unless `force-exclude` is on and it matches an
exclude pattern: pre-commit names every staged file, so its hook runs with `--force-exclude`).
Exclude patterns are matched against the folders and files *below* a folder named on the command
line, so `nanlint check build/` checks `build/` although `build` is excluded by default.

Inside a git work tree, `git ls-files --cached --others --exclude-standard` lists the files git
does not ignore (nested .gitignore files, the global excludes file and .git/info/exclude
included); a folder that git ignores, or one outside a work tree, is walked without following
symlinked folders, so symlink loops cannot trap the walk.
"""

from __future__ import annotations

import fnmatch
import os
import re
import subprocess
from pathlib import Path, PurePosixPath
from typing import Dict, List, Optional, Sequence, Set, Tuple

from nanlint.notebook import SUFFIX as NOTEBOOK_SUFFIX

CHECKED_SUFFIXES = (".py", ".pyi", NOTEBOOK_SUFFIX)


def matches(relative_path: str, pattern: str) -> bool:
    """Glob `pattern` against a relative posix path: the whole path, its name, or any parent folder."""
    return _matches_below(PurePosixPath(relative_path).parts, 0, pattern)


def _matches_below(parts: Sequence[str], depth: int, pattern: str) -> bool:
    """Does `pattern` match one of the components `parts[depth:]` or the path up to one of them?"""
    pattern = pattern.rstrip("/")
    return any(
        fnmatch.fnmatchcase(parts[i], pattern) or fnmatch.fnmatchcase("/".join(parts[: i + 1]), pattern)
        for i in range(depth, len(parts))
    )


def relative_parts(path: Path, root: Path) -> Tuple[str, ...]:
    """`path` relative to `root` as posix parts, or its absolute parts when it lies outside."""
    absolute = os.path.abspath(path)
    base = os.path.join(os.fspath(root), "")
    if absolute + os.sep == base:
        return ()
    if absolute.startswith(base):
        return tuple(absolute[len(base):].split(os.sep))
    # ("", "abs", "path"): joined with "/" it reads "/abs/path" again
    return ("",) + tuple(part for part in absolute.split(os.sep) if part)


def _any_glob(patterns: Sequence[str]) -> Optional[re.Pattern]:
    """One regex matching what any of the globs matches (as `fnmatchcase` would); None for none."""
    if not patterns:
        return None
    return re.compile("|".join(fnmatch.translate(pattern.rstrip("/")) for pattern in patterns))


class Discovery:
    def __init__(self, root: str, excludes: Tuple[str, ...], respect_gitignore: bool, force_exclude: bool) -> None:
        self.root = Path(os.path.abspath(root))
        self.excludes = excludes
        self.respect_gitignore = respect_gitignore
        self.force_exclude = force_exclude
        self._exclude = _any_glob(excludes)
        self._folders: Dict[Tuple[Tuple[str, ...], int], bool] = {}

    def excluded(self, path: Path, below: int = 0) -> bool:
        """`matches` for every exclude pattern and every component from `below` on; each folder's
        answer is remembered, so a tree's files cost one match of their name and path each."""
        if self._exclude is None:
            return False
        return self._excluded_parts(relative_parts(path, self.root), below)

    def _excluded_parts(self, parts: Tuple[str, ...], below: int) -> bool:
        if len(parts) <= below:
            return False
        return self._folder_excluded(parts[:-1], below) or bool(
            self._exclude.match(parts[-1]) or self._exclude.match("/".join(parts))
        )

    def _folder_excluded(self, parts: Tuple[str, ...], below: int) -> bool:
        key = (parts, below)
        if key not in self._folders:
            self._folders[key] = self._excluded_parts(parts, below)
        return self._folders[key]

    def files(self, paths: Sequence[str]) -> Tuple[List[str], List[Tuple[str, str]]]:
        """(files to check, (path, one-line error) for paths that do not exist). Sorted, no duplicates:
        a file reached twice (`a.py ./a.py /abs/a.py`, a folder and a file in it) is checked once."""
        found: Set[str] = set()
        errors: List[Tuple[str, str]] = []
        for given in dict.fromkeys(paths):
            path = Path(given)
            if not os.path.lexists(given):
                errors.append((given, f"{given}: no such file or directory"))
            elif self.force_exclude and self.excluded(path):
                continue
            elif path.is_dir():
                found.update(self._walk(path))
            else:
                found.add(os.path.normpath(given))
        return _unique_files(sorted(found)) if len(paths) > 1 else sorted(found), errors

    def _walk(self, directory: Path) -> List[str]:
        below = len(relative_parts(directory, self.root))
        listed = self._git_listed(directory) if self.respect_gitignore else None
        candidates = listed if listed is not None else self._os_walk(directory, below)
        return [
            os.path.normpath(str(path))
            for path in candidates
            if path.suffix in CHECKED_SUFFIXES and not self.excluded(path, below) and path.is_file()
        ]

    def _os_walk(self, directory: Path, below: int) -> List[Path]:
        files = []
        for current, dirnames, filenames in os.walk(directory, followlinks=False):
            here = Path(current)
            dirnames[:] = sorted(d for d in dirnames if not self.excluded(here / d, below))
            files.extend(here / name for name in filenames)
        return files

    @staticmethod
    def _git_listed(directory: Path) -> Optional[List[Path]]:
        """Files git does not ignore under `directory`; None outside a work tree or when git ignores
        the folder itself (named explicitly, it is checked anyway)."""
        listed = _git(directory, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ".")
        if listed is None:
            return None
        names = [name for name in listed.split("\0") if name]
        if not names and _git(directory, "check-ignore", "-q", ".") is not None:
            return None
        return [directory / name for name in names]


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


def _git(directory: Path, *arguments: str) -> Optional[str]:
    """git's output, or None if git is missing or fails (exit status other than 0)."""
    try:
        completed = subprocess.run(["git", *arguments], cwd=directory, capture_output=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if completed.returncode != 0:
        return None
    return completed.stdout.decode("utf-8", errors="surrogateescape")
