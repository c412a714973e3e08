"""Keep nanlint's frames out of the tracebacks and warnings the user reads.

An exception a torch op raises passes through the monitor's `__torch_function__`, so Python puts the
monitor's frames into its traceback. In a process `nanlint verify` runs, `sys.excepthook` and
`threading.excepthook` (which print an uncaught exception) get the traceback with nanlint's frames cut
out; torch's frames and the user's stay. pytest and IPython skip them by `__tracebackhide__` (monitor.py).

A warning torch raises inside an op names the frame that called the op, which is the monitor's: while
the monitor is installed such warnings are shown (and recorded, filtered, counted once) at the user's
line that ran the op instead, as they would be without it.
"""

from __future__ import annotations

import os
import sys
import threading
import warnings
from typing import Callable

from nanlint.install import PACKAGE_DIR


def hide_own_frames() -> None:
    """Install the excepthooks (once per process)."""
    if getattr(sys.excepthook, "_nanlint", False):
        return
    previous, previous_thread_hook = sys.excepthook, threading.excepthook

    def excepthook(kind, error, traceback):
        previous(kind, error, _trim_chain(error, traceback))

    def thread_excepthook(args):
        trimmed = _trim_chain(args.exc_value, args.exc_traceback)
        previous_thread_hook(type(args)((args.exc_type, args.exc_value, trimmed, args.thread)))

    excepthook._nanlint = True
    sys.excepthook, threading.excepthook = excepthook, thread_excepthook


def _trim_chain(error, traceback):
    """Trim the exception's traceback and those of its causes and contexts; return the new head."""
    head = without_own_frames(traceback)
    seen = {id(error)}
    linked = [getattr(error, "__cause__", None), getattr(error, "__context__", None)]
    while linked:
        other = linked.pop()
        if other is None or id(other) in seen:
            continue
        seen.add(id(other))
        other.__traceback__ = without_own_frames(other.__traceback__)
        linked += [other.__cause__, other.__context__]
    if error is not None:
        error.__traceback__ = head
    return head


def without_own_frames(traceback):
    """The traceback without the entries of nanlint's files (relinked in place); unchanged when
    nothing else would be left (an error of nanlint's own)."""
    kept = []
    entry = traceback
    while entry is not None:
        if not entry.tb_frame.f_code.co_filename.startswith(PACKAGE_DIR + os.sep):
            kept.append(entry)
        entry = entry.tb_next
    if not kept or len(kept) == _length(traceback):
        return traceback
    for outer, inner in zip(kept, kept[1:]):
        outer.tb_next = inner
    kept[-1].tb_next = None
    return kept[0]


def _length(traceback) -> int:
    count = 0
    while traceback is not None:
        count, traceback = count + 1, traceback.tb_next
    return count


_OWN_MODULES = r"nanlint\.runtime(\.|$)"


def warnings_at_user_lines(user_frame: Callable) -> Callable[[], None]:
    """Show the warnings raised in nanlint's frames at `user_frame()`'s line, under the user's filters;
    returns the undo. Every such warning reaches `_showwarnmsg` (the filter says "always"), which warns
    again from the user's line, where the user's filters, registry and `catch_warnings` apply."""
    shown = warnings._showwarnmsg

    def _showwarnmsg(message) -> None:
        frame = user_frame() if str(message.filename).startswith(PACKAGE_DIR + os.sep) else None
        if frame is None:
            shown(message)
            return
        module_globals = frame.f_globals
        warnings.warn_explicit(
            message.message,
            message.category,
            frame.f_code.co_filename,
            frame.f_lineno,
            module=module_globals.get("__name__"),
            registry=module_globals.setdefault("__warningregistry__", {}),
            module_globals=module_globals,
        )

    warnings._showwarnmsg = _showwarnmsg
    warnings.filterwarnings("always", module=_OWN_MODULES)
    mine = warnings.filters[0]

    def undo() -> None:
        if warnings._showwarnmsg is _showwarnmsg:
            warnings._showwarnmsg = shown
        if mine in warnings.filters:
            warnings.filters.remove(mine)
            warnings._filters_mutated()

    return undo
