"""`nanlint check --watch`: check, then check again whenever a file that would be checked, the
configuration or a rule file changes (or one is added or removed).

Changes are found by polling each file's modification time and size twice a second: no
dependency, and it works where file system events do not (network mounts, containers). Each run
starts on a cleared screen when standard output is a terminal; Ctrl-C ends the watch.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import Callable, Dict, Iterable, NoReturn, Tuple

POLL_SECONDS = 0.5
CLEAR_SCREEN = "\033[H\033[2J\033[3J"

Stamps = Dict[str, Tuple[int, int]]


def notify(message: str) -> None:
    """A status line on standard output, timed as ruff's watch mode prints them."""
    sys.stdout.write(f"[{time.strftime('%H:%M:%S')}] {message}\n")
    sys.stdout.flush()


def stamps(paths: Iterable[str]) -> Stamps:
    """path -> (modification time in ns, size); a path that vanished is left out, which is a change too."""
    found: Stamps = {}
    for path in paths:
        try:
            status = os.stat(path)
        except OSError:
            continue
        found[path] = (status.st_mtime_ns, status.st_size)
    return found


def watch(check: Callable[[], None], watched: Callable[[], Iterable[str]], interval: float = POLL_SECONDS) -> NoReturn:
    """Run `check` now and after every change to the files `watched()` names; never returns,
    KeyboardInterrupt ends it. The files are stamped before each run, so that a change made while
    it runs is seen by the next poll."""
    # Ctrl-C ends the watch even when the watcher was started with SIGINT ignored (a shell's
    # background job, some process supervisors): Python installs no KeyboardInterrupt handler then.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    seen = stamps(watched())
    _run(check, "Starting linter in watch mode...")
    while True:
        time.sleep(interval)
        now = stamps(watched())
        if now != seen:
            seen = now
            _run(check, "File change detected...")


def _run(check: Callable[[], None], message: str) -> None:
    if sys.stdout.isatty():
        sys.stdout.write(CLEAR_SCREEN)
    notify(message)
    check()
