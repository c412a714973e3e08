"""The line a long check keeps current on a terminal's standard error, as cargo's and pip's do."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator, Optional, TextIO

from nanlint.project.workers import Progress, unwatched

# A check done sooner shows nothing: a pre-commit hook or an editor's call never flickers.
DELAY = 2.0
REFRESH = 0.1  # seconds between two rewrites of the line


class ProgressLine:
    """`Checking files: 120/560` rewritten in place once the check has run `DELAY` seconds, and erased
    when it ends, so the report that follows starts on a clean line. Called with the number of files
    done so far."""

    def __init__(self, total: int, stream: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.shown_at: Optional[float] = None

    def __call__(self, done: int) -> None:
        now = self.clock()
        if now - self.started < DELAY or (self.shown_at is not None and now - self.shown_at < REFRESH):
            return
        self.shown_at = now
        self.stream.write(f"\r\x1b[2KChecking files: {done}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        if self.shown_at is not None:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()


@contextmanager
def progress_line(total: int, quiet: bool) -> Iterator[Progress]:
    """What to tell of a check's progress: a line on standard error when it is a terminal and the
    user did not ask for quiet, else nothing."""
    stream = sys.stderr
    if quiet or not stream.isatty():
        yield unwatched
        return
    line = ProgressLine(total, stream)
    try:
        yield line
    finally:
        line.close()
