"""Autograd's in-place errors, attributed to the line that did the in-place change.

"a leaf Variable that requires grad is being used in an in-place operation" is raised by the op itself,
so its line is the op's line. "one of the variables needed for gradient computation has been modified by
an inplace operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1;
expected version 0" is raised later, by backward(); to find the guilty line the monitor keeps a short log
of recent in-place ops with a weak reference to the tensor each one changed, and picks the newest whose
tensor is now at the reported version (the version counter is shared by a tensor and its views).
"""

from __future__ import annotations

import re
import weakref
from collections import deque
from typing import Deque, NamedTuple, Optional, Tuple

LEAF_INPLACE = "leaf Variable that requires grad is being used in an in-place operation"
SAVED_MODIFIED = "modified by an inplace operation"
ANOMALY = re.compile(r"Function '(?P<node>\w+)' returned nan values in its (?P<index>\d+)th output")

_SAVED = re.compile(
    r"\[(?P<type>[\w.]+) \[(?P<shape>[\d, ]*)\]\]"
    r"(?:, which is output (?P<index>\d+) of (?P<node>\w+),)?"
    r" is at version (?P<version>\d+); expected version (?P<expected>\d+)"
)


class SavedTensorModified(NamedTuple):
    shape: Tuple[int, ...]
    node: Optional[str]
    version: int
    expected: int


def parse_saved_modified(message: str) -> Optional[SavedTensorModified]:
    match = _SAVED.search(message)
    if match is None:
        return None
    shape = tuple(int(s) for s in match.group("shape").replace(" ", "").split(",") if s)
    return SavedTensorModified(shape, match.group("node"), int(match.group("version")), int(match.group("expected")))


class _Change(NamedTuple):
    site: object
    op: str
    tensor: "weakref.ref"


def _numel(shape: Tuple[int, ...]) -> int:
    total = 1
    for size in shape:
        total *= size
    return total


class InplaceLog:
    """The most recent in-place changes, newest last."""

    def __init__(self, size: int = 512):
        self._changes: Deque[_Change] = deque(maxlen=size)

    def record(self, site, op: str, tensor) -> None:
        try:
            self._changes.append(_Change(site, op, weakref.ref(tensor)))
        except TypeError:
            pass

    def culprit(self, error: SavedTensorModified) -> Optional[_Change]:
        """The newest change to a tensor now at the reported version, same shape preferred."""
        fallback = None
        for change in reversed(self._changes):
            tensor = change.tensor()
            if tensor is None or tensor._version != error.version:
                continue
            if tuple(tensor.shape) == error.shape or tensor.numel() == _numel(error.shape):
                return change
            if fallback is None:
                fallback = change
        return fallback
