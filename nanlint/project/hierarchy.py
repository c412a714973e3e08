"""Which settings each file is checked with, as in ruff: those of the nearest configuration file
among its folders (its own folder's, else its parent's, and so on up), with the command line's
options over them. Configuration files are not merged: the nearest one is used whole. A file
under no configuration file uses the one found from the current folder upward, or the defaults.
With `--config` (or Settings given to the Python API), every file uses that one."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Callable, Dict, Iterable, List, Optional

from nanlint.project.config import CONFIG_FILES, Settings, config_in, load_settings

if TYPE_CHECKING:
    from nanlint.project.checker import Checker


class Resolver:
    """Settings per folder, each configuration made into a checker (by `build`) once."""

    def __init__(
        self, base: Settings, build: Callable[[Settings], "Checker"], overrides: Optional[Dict[str, object]] = None
    ) -> None:
        """`overrides` (the command line's options) make it hierarchical; None: `base` for every file."""
        self._build = build
        self._overrides = overrides
        self.root = build(base)
        self._by_config: Dict[Optional[str], "Checker"] = {_key(base.source): self.root}
        self._by_folder: Dict[str, "Checker"] = {}

    @property
    def checkers(self) -> List["Checker"]:
        return list(self._by_config.values())

    def for_path(self, path: str) -> "Checker":
        """The checker of a folder (its own configuration counts) or of a file (its folder's)."""
        return self.for_directory(path) if os.path.isdir(path) else self.for_file(path)

    def for_file(self, path: str) -> "Checker":
        return self.for_directory(os.path.dirname(os.path.abspath(path)))

    def for_directory(self, directory: str) -> "Checker":
        if self._overrides is None:
            return self.root
        absolute = os.path.abspath(directory)
        chain = []
        found = None
        while absolute not in self._by_folder:
            chain.append(absolute)
            config = config_in(absolute)
            parent = os.path.dirname(absolute)
            if config is not None:
                found = self._checker_of(config)
                break
            if parent == absolute:
                found = self.root
                break
            absolute = parent
        else:
            found = self._by_folder[absolute]
        for folder in chain:
            self._by_folder[folder] = found
        return found

    def _checker_of(self, config: str) -> "Checker":
        key = _key(config)
        if key not in self._by_config:
            self._by_config[key] = self._build(load_settings(config).with_overrides(**self._overrides))
        return self._by_config[key]


def _key(source: Optional[str]) -> Optional[str]:
    return os.path.realpath(source) if source else None


def configuration_candidates(paths: Iterable[str]) -> List[str]:
    """Every place a configuration file that applies to `paths` could be, whether one is there or
    not: each configuration file name in their folders and the folders above (what `--watch`
    stamps, to see one added, changed or removed)."""
    folders = set()
    for path in paths:
        folder = os.path.abspath(path if os.path.isdir(path) else os.path.dirname(path) or ".")
        while folder not in folders:
            folders.add(folder)
            parent = os.path.dirname(folder)
            if parent == folder:
                break
            folder = parent
    return [os.path.join(folder, name) for folder in sorted(folders) for name in CONFIG_FILES]
