"""Attribution: which line of the user's code is running an op.

A frame's file is one of three classes, decided once per file name:

- LIBRARY: the standard library, site-packages/dist-packages, torch and nanlint themselves;
- USER: any other file (a script, a notebook cell, a test, a project module not under the PATHS);
- CHECKED: a file under the PATHS given to `nanlint verify` (when there are none, USER counts as CHECKED).

The site of an op is the innermost CHECKED frame, else the innermost USER frame, else the innermost
frame at all (an op run by library code alone, e.g. inside a DataLoader worker's collate function).
"""

from __future__ import annotations

import itertools
import linecache
import os
import site
import sys
import sysconfig
import types
from typing import Dict, Iterable, List, NamedTuple, Optional, Set, Tuple

from nanlint.install import PACKAGE_DIR

LIBRARY, USER, CHECKED = 0, 1, 2
_MAX_CACHED = 100_000  # sites and code classes kept; past that the cache starts again


class Site(NamedTuple):
    path: str
    line: int
    function: str
    column: int = 0  # 1-based, of the expression running the op (only when the resolver is asked for columns)


def _library_roots(extra: Iterable[str]) -> List[str]:
    roots = set(extra)
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            roots.add(path)
    for path in getattr(site, "getsitepackages", lambda: [])():
        roots.add(path)
    user_site = getattr(site, "USER_SITE", None)
    if user_site:
        roots.add(user_site)
    roots.add(PACKAGE_DIR)
    return sorted({_dir_prefix(os.path.realpath(r)) for r in roots})


def _dir_prefix(path: str) -> str:
    return path.rstrip(os.sep) + os.sep


def _is_library_name(filename: str) -> bool:
    if filename.startswith(("<frozen", "<__array_function__", "<eval_with_key")):
        return True
    return (os.sep + "site-packages" + os.sep) in filename or (os.sep + "dist-packages" + os.sep) in filename


class SiteResolver:
    """Finds the user's frame for the op being run; caches the class of every file name it meets."""

    def __init__(self, paths: Iterable[str] = (), library_dirs: Iterable[str] = (), columns: bool = False):
        """`columns`: sites carry the column of the expression running the op (a search's trial: a trigger
        matches its finding by column; the cost is a walk of the code's positions per op)."""
        self.columns = columns
        self._checked = [_dir_prefix(os.path.realpath(p)) for p in paths if os.path.isdir(p)]
        self._checked_files = {os.path.realpath(p) for p in paths if os.path.isfile(p)}
        self._library = _library_roots(library_dirs)
        self._user_is_checked = not paths
        self._classes: Dict[str, int] = {}
        # By id(code), which hashes at no cost where a code object hashes its whole content: the class of
        # each code's file met in a walk (with the code, which keeps the id its own), the library and the
        # checked codes among them but the outermost, and the sites of each code by instruction.
        self._code_classes: Dict[int, Tuple[types.CodeType, int]] = {}
        self._library_codes: Set[int] = set()
        self._checked_codes: Set[int] = set()
        self._sites: Dict[int, Tuple[types.CodeType, Dict[int, Site]]] = {}
        self._real: Dict[str, str] = {}
        self._outermost: Optional[types.CodeType] = None

    def classify(self, filename: str) -> int:
        cls = self._classes.get(filename)
        if cls is None:
            cls = self._classes[filename] = self._classify(filename)
        return cls

    def _classify(self, filename: str) -> int:
        if filename.startswith("<"):
            return LIBRARY if _is_library_name(filename) else (CHECKED if self._user_is_checked else USER)
        real = self.real_path(filename)
        if _is_library_name(real) or any(real.startswith(root) for root in self._library):
            return LIBRARY
        if self._user_is_checked or real in self._checked_files:
            return CHECKED
        if any(real.startswith(root) for root in self._checked):
            return CHECKED
        return USER

    def real_path(self, filename: str) -> str:
        real = self._real.get(filename)
        if real is None:
            real = self._real[filename] = filename if filename.startswith("<") else os.path.realpath(filename)
        return real

    def frame(self, depth: int = 1):
        """The frame an op should be blamed on, looking up from the caller's caller at `depth`."""
        frame = sys._getframe(depth + 1)
        innermost = frame
        user = None
        library, checked = self._library_codes, self._checked_codes
        while frame is not None:
            code = frame.f_code
            if id(code) in library:  # most frames walked: one set lookup each
                frame = frame.f_back
                continue
            if id(code) in checked:
                return frame
            if code is self._outermost:
                break
            cls = self._classify_code(code)
            if cls == CHECKED:
                return frame
            if cls == USER and user is None:
                user = frame
            frame = frame.f_back
        return user if user is not None else innermost

    def _classify_code(self, code: types.CodeType) -> int:
        known = self._code_classes.get(id(code))
        if known is not None:
            return known[1]
        if len(self._code_classes) >= _MAX_CACHED:  # code made on the fly (exec, notebooks) is not kept forever
            self._code_classes.clear()
            self._library_codes.clear()
            self._checked_codes.clear()
        cls = self.classify(code.co_filename)
        self._code_classes[id(code)] = (code, cls)
        if cls != USER and code is not self._outermost:
            (self._library_codes if cls == LIBRARY else self._checked_codes).add(id(code))
        return cls

    @property
    def outermost(self) -> Optional[types.CodeType]:
        """The code of the frame where this process's own stack begins: frames above a forked DataLoader
        worker's loop are a copy of the parent's."""
        return self._outermost

    @outermost.setter
    def outermost(self, code: Optional[types.CodeType]) -> None:
        self._outermost = code
        self._library_codes.discard(id(code))
        self._checked_codes.discard(id(code))

    def current(self, depth: int = 1) -> Site:
        return self.site_of(self.frame(depth + 1))

    def site_of(self, frame: types.FrameType) -> Site:
        """Where the frame is now. A frame's line, column and function follow from its code and the
        instruction it runs, so sites are kept by those: working out a line scans the code's line table,
        and this is asked at every op checked and several times a step at the tripwire."""
        code = frame.f_code
        known = self._sites.get(id(code))
        if known is None:
            if len(self._sites) >= _MAX_CACHED:
                self._sites.clear()
            known = self._sites[id(code)] = (code, {})
        site = known[1].get(frame.f_lasti)
        if site is None:
            column = _column(frame) if self.columns else 0
            site = known[1][frame.f_lasti] = Site(
                self.real_path(code.co_filename), frame.f_lineno, code.co_name, column
            )
        return site

    def is_user_file(self, path: str) -> bool:
        return self.classify(path) != LIBRARY


def _column(frame) -> int:
    """The 1-based column where the instruction the frame runs starts (its call's expression)."""
    positions = next(itertools.islice(frame.f_code.co_positions(), frame.f_lasti // 2, None), None)
    return positions[2] + 1 if positions and positions[2] is not None else 0


def site_of_code(code, resolver: SiteResolver) -> Optional[Site]:
    """The `def` line of a function (used for a custom autograd.Function's backward)."""
    if code is None:
        return None
    line = code.co_firstlineno  # the first decorator's line, when there are decorators
    while linecache.getline(code.co_filename, line).lstrip().startswith("@"):
        line += 1
    return Site(resolver.real_path(code.co_filename), line, code.co_name)
