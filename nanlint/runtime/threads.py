"""Carry the monitor into the threads the user starts.

torch function modes are thread-local, so a mode pushed in the main thread does not see the ops of a
`threading.Thread`. Wrapping `Thread._bootstrap_inner`, which every thread started through `threading`
runs (subclasses and ThreadPoolExecutor workers included), pushes the monitor's mode in each new thread.
Not covered: threads started with `_thread.start_new_thread` directly, and C++ threads (autograd's device
threads run backward hooks, which the monitor does not need a mode for, so backward stays covered).
"""

from __future__ import annotations

import threading
from typing import Callable, ContextManager


def follow_threads(mode_for_thread: Callable[[], ContextManager]) -> Callable[[], None]:
    original = threading.Thread._bootstrap_inner

    def bootstrap_inner(self):
        try:
            mode = mode_for_thread()
            mode.__enter__()
        except Exception:  # never stop a user's thread because the monitor could not start in it
            mode = None
        try:
            original(self)
        finally:
            if mode is not None:
                try:
                    mode.__exit__(None, None, None)
                except Exception:
                    pass

    threading.Thread._bootstrap_inner = bootstrap_inner

    def undo() -> None:
        threading.Thread._bootstrap_inner = original

    return undo
