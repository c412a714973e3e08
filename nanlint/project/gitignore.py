"""What .gitignore files ignore, read with pathspec rather than asked of git: the same answer with
or without git installed, inside a repository or outside one.

Each folder may have rules: its `.gitignore` and, at a repository's root, `.git/info/exclude`
before it. A path is judged by the deepest folder whose rules match it; within a folder the
last matching pattern wins (`!pattern` re-includes, a leading `/` anchors to the folder, a
trailing `/` matches folders only). The rules of the folders above the one walked apply too: up
to the repository's root inside a repository, up to the file system's root outside one. As in
git, an ignored folder is not entered, so nothing below it can be re-included.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Dict, List, NamedTuple, Optional, Tuple

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec

GITIGNORE = ".gitignore"


class Rules(NamedTuple):
    """One folder's patterns: `spec` decides, `any_pattern` (every pattern as an ignore) tells
    whether one of them matches at all, so that a deeper folder's rules can overrule."""

    directory: str
    source: str
    spec: GitIgnoreSpec
    any_pattern: GitIgnoreSpec

    def verdict(self, path: str, is_dir: bool) -> Optional[bool]:
        """True: ignored, False: re-included, None: no pattern here matches `path`."""
        relative = os.path.relpath(path, self.directory).replace(os.sep, "/") + ("/" if is_dir else "")
        if not self.any_pattern.match_file(relative):
            return None
        return self.spec.match_file(relative)


def _read_lines(path: str) -> List[str]:
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as stream:
            return stream.read().splitlines()
    except OSError:
        return []


def _git_dir(directory: str) -> Optional[str]:
    """The git directory of a repository whose root is `directory`: `.git`, or where a worktree's
    or submodule's `.git` file points (the shared one, for a worktree)."""
    dot_git = os.path.join(directory, ".git")
    if os.path.isdir(dot_git):
        return dot_git
    lines = _read_lines(dot_git)
    if not lines or not lines[0].startswith("gitdir:"):
        return None
    git_dir = os.path.join(directory, lines[0][len("gitdir:") :].strip())
    common = _read_lines(os.path.join(git_dir, "commondir"))
    return os.path.normpath(os.path.join(git_dir, common[0].strip()) if common else git_dir)


class GitIgnore:
    """The rules of each folder, read once."""

    def __init__(self) -> None:
        self._rules: Dict[str, Optional[Rules]] = {}
        self._repository_root: Dict[str, bool] = {}

    def _is_repository_root(self, directory: str) -> bool:
        if directory not in self._repository_root:
            self._repository_root[directory] = os.path.lexists(os.path.join(directory, ".git"))
        return self._repository_root[directory]

    def rules(self, directory: str) -> Optional[Rules]:
        if directory not in self._rules:
            self._rules[directory] = self._load(directory)
        return self._rules[directory]

    def _load(self, directory: str) -> Optional[Rules]:
        source = os.path.join(directory, GITIGNORE)
        lines = _read_lines(source)
        git_dir = _git_dir(directory) if self._is_repository_root(directory) else None
        if git_dir is not None:
            exclude = os.path.join(git_dir, "info", "exclude")
            excluded = _read_lines(exclude)
            if excluded and not lines:
                source = exclude
            lines = excluded + lines  # .gitignore comes later: it wins
        patterns = [line for line in lines if line.strip() and not line.startswith("#")]
        if not patterns:
            return None
        everything = [line[1:] if line.startswith("!") else line for line in patterns]
        from pathspec import GitIgnoreSpec  # imported once a folder has patterns: many runs meet none

        return Rules(directory, source, GitIgnoreSpec.from_lines(patterns), GitIgnoreSpec.from_lines(everything))

    def chain(self, directory: str) -> "Ignores":
        """The rules that apply to the entries of `directory` (an absolute path): its own and its
        parents', up to the repository's root or the file system's."""
        folders = [directory]
        while not self._is_repository_root(folders[-1]) and os.path.dirname(folders[-1]) != folders[-1]:
            folders.append(os.path.dirname(folders[-1]))
        found = (self.rules(folder) for folder in reversed(folders))
        return Ignores(self, tuple(rules for rules in found if rules is not None))

    def for_named_folder(self, directory: str) -> "Ignores":
        """The rules for walking a folder named on the command line: a parent's rules that ignore
        it (or a folder between them) do not apply below it, since it was asked for."""
        chain = self.chain(directory)
        kept = tuple(
            rules for rules in chain.rules if rules.directory == directory or not _ignores_on_the_way(rules, directory)
        )
        return Ignores(self, kept)


def _ignores_on_the_way(rules: Rules, directory: str) -> bool:
    """Do `rules` ignore `directory` or a folder between their own folder and it?"""
    folder = directory
    while folder != rules.directory and len(folder) > len(rules.directory):
        if rules.verdict(folder, True):
            return True
        folder = os.path.dirname(folder)
    return False


class Ignores(NamedTuple):
    """The rules in force in one folder, outermost first."""

    gitignore: GitIgnore
    rules: Tuple[Rules, ...]

    def ignored_by(self, path: str, is_dir: bool) -> Optional[str]:
        """The file whose rules ignore `path` (absolute), or None if it is not ignored."""
        for rules in reversed(self.rules):
            verdict = rules.verdict(path, is_dir)
            if verdict is not None:
                return rules.source if verdict else None
        return None

    def below(self, directory: str) -> "Ignores":
        """The rules in force in `directory`, a child folder: these and its own."""
        own = self.gitignore.rules(directory)
        return self if own is None else Ignores(self.gitignore, self.rules + (own,))
