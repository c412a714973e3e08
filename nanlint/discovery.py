"""Which files to check: Python files under the given paths, minus excludes and .gitignore'd files.

A path named explicitly is always checked. Inside a git work tree, `git ls-files --cached
--others --exclude-standard` lists the files git does not ignore (nested .gitignore files, the
global excludes file and .git/info/exclude included); elsewhere the tree is walked without
following symlinked directories, so symlink loops cannot trap the walk.
"""

from __future__ import annotations

import fnmatch
import os
import subprocess
from pathlib import Path, PurePosixPath
from typing import Iterable, List, Optional, Set, Tuple

PYTHON_SUFFIXES = (".py", ".pyi")


def matches(relative_path: str, pattern: str) -> bool:
    """Glob `pattern` against a relative posix path: the whole path, its name, or any parent folder."""
    path = PurePosixPath(relative_path)
    pattern = pattern.rstrip("/")
    if fnmatch.fnmatch(str(path), pattern) or fnmatch.fnmatch(path.name, pattern):
        return True
    parts = path.parts
    return any(
        fnmatch.fnmatch(part, pattern) or fnmatch.fnmatch("/".join(parts[: i + 1]), pattern)
        for i, part in enumerate(parts[:-1])
    )


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def discover(paths: Iterable[str], root: str, excludes: Tuple[str, ...], respect_gitignore: bool) -> Tuple[List[str], List[str]]:
    """(files to check, one-line errors for paths that do not exist). Order: sorted, no duplicates."""
    root_path = Path(root).resolve()
    found: Set[str] = set()
    errors: List[str] = []
    for given in paths:
        path = Path(given)
        if not os.path.lexists(given):
            errors.append(f"{given}: no such file or directory")
        elif path.is_dir():
            found.update(_walk(path, root_path, excludes, respect_gitignore))
        else:
            found.add(os.path.normpath(given))
    return sorted(found), errors


def _walk(directory: Path, root: Path, excludes: Tuple[str, ...], respect_gitignore: bool) -> List[str]:
    listed = _git_listed(directory) if respect_gitignore else None
    candidates = listed if listed is not None else _os_walk(directory, root, excludes)
    return [
        os.path.normpath(str(path))
        for path in candidates
        if path.suffix in PYTHON_SUFFIXES and not _excluded(path, root, excludes)
    ]


def _excluded(path: Path, root: Path, excludes: Tuple[str, ...]) -> bool:
    relative = _relative(path, root)
    return any(matches(relative, pattern) for pattern in excludes)


def _os_walk(directory: Path, root: Path, excludes: Tuple[str, ...]) -> List[Path]:
    files = []
    for current, dirnames, filenames in os.walk(directory, onerror=None, followlinks=False):
        here = Path(current)
        dirnames[:] = sorted(d for d in dirnames if not _excluded(here / d / "_", root, excludes))
        files.extend(here / name for name in filenames)
    return files


def _git_listed(directory: Path) -> Optional[List[Path]]:
    try:
        completed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."],
            cwd=directory, capture_output=True, timeout=60, check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if completed.returncode != 0:
        return None
    names = completed.stdout.decode("utf-8", errors="surrogateescape").split("\0")
    return [directory / name for name in names if name and (directory / name).is_file()]
