"""Paths as the configuration sees them: relative to its root, matched against its glob patterns
(`exclude`, `per-file-ignores`, test code)."""

from __future__ import annotations

import fnmatch
import os
import re
from typing import Dict, Optional, Sequence, Tuple


def matches(relative_path: str, pattern: str) -> bool:
    """Glob `pattern` against a relative posix path: the whole path, its name, or any parent folder."""
    return _matches_below(_posix_parts(relative_path), 0, pattern)


def _posix_parts(path: str) -> Tuple[str, ...]:
    """The components of a posix path as PurePosixPath names them (`/` first when it is absolute, no
    empty or `.` one), without importing pathlib on a cached check's path (nanlint/commands/cli.py)."""
    parts = tuple(part for part in path.split("/") if part not in ("", "."))
    return ("/", *parts) if path.startswith("/") else parts


def _matches_below(parts: Sequence[str], depth: int, pattern: str) -> bool:
    """Does `pattern` match one of the components `parts[depth:]` or the path up to one of them?"""
    pattern = pattern.rstrip("/")
    return any(
        fnmatch.fnmatchcase(parts[i], pattern) or fnmatch.fnmatchcase("/".join(parts[: i + 1]), pattern)
        for i in range(depth, len(parts))
    )


def relative_parts(path, root) -> Tuple[str, ...]:
    """`path` relative to `root` as posix parts, or its absolute parts when it lies outside."""
    absolute = os.path.abspath(path)
    base = os.path.join(os.fspath(root), "")
    if absolute + os.sep == base:
        return ()
    if absolute.startswith(base):
        return tuple(absolute[len(base) :].split(os.sep))
    # ("", "abs", "path"): joined with "/" it reads "/abs/path" again
    return ("",) + tuple(part for part in absolute.split(os.sep) if part)


def _any_glob(patterns: Sequence[str]) -> Optional[re.Pattern]:
    """One regex matching what any of the globs matches (as `fnmatchcase` would); None for none."""
    if not patterns:
        return None
    return re.compile("|".join(fnmatch.translate(pattern.rstrip("/")) for pattern in patterns))


class Excludes:
    """One configuration's exclude patterns, matched relative to its root. Each folder's answer
    is remembered, so a tree's files cost one match of their name and path each."""

    def __init__(self, root: str, patterns: Tuple[str, ...]) -> None:
        self.root = root
        self.patterns = patterns
        self._regex: Optional[re.Pattern] = None  # compiled when a path is first matched
        self._folders: Dict[Tuple[Tuple[str, ...], int], bool] = {}

    @property
    def _any(self) -> re.Pattern:
        if self._regex is None:
            self._regex = _any_glob(self.patterns)
        assert self._regex is not None
        return self._regex

    def pattern_for(self, path: str, named_folder: Optional[str] = None) -> Optional[str]:
        """The pattern that excludes `path`, matching only the components below `named_folder`."""
        if not self.patterns:
            return None
        parts = relative_parts(path, self.root)
        below = self._depth_below(parts, named_folder)
        if not self._excluded_parts(parts, below):
            return None
        return next(pattern for pattern in self.patterns if _matches_below(parts, below, pattern))

    def _depth_below(self, parts: Tuple[str, ...], named_folder: Optional[str]) -> int:
        if named_folder is None:
            return 0
        named = relative_parts(named_folder, self.root)
        return len(named) if parts[: len(named)] == named else 0

    def _excluded_parts(self, parts: Tuple[str, ...], below: int) -> bool:
        if len(parts) <= below:
            return False
        return self._folder_excluded(parts[:-1], below) or bool(
            self._any.match(parts[-1]) or self._any.match("/".join(parts))
        )

    def _folder_excluded(self, parts: Tuple[str, ...], below: int) -> bool:
        key = (parts, below)
        if key not in self._folders:
            self._folders[key] = self._excluded_parts(parts, below)
        return self._folders[key]
