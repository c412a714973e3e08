"""While a candidate runs, refuse what would reach outside the process: writing or creating files,
the network, subprocesses. An audit hook (`sys.addaudithook`, which cannot be removed, so it is added
once and does nothing outside the block) raises in the function at the attempt, before it happens,
and remembers it even if the function catches the exception."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Optional

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
_REFUSED_PREFIXES = ("socket.", "subprocess.", "os.exec", "os.spawn", "os.posix_spawn", "shutil.", "urllib.")
_REFUSED_EVENTS = frozenset(
    {
        "os.system",
        "os.fork",
        "os.forkpty",
        "os.kill",
        "os.killpg",
        "os.remove",
        "os.unlink",
        "os.rename",
        "os.replace",
        "os.rmdir",
        "os.mkdir",
        "os.makedirs",
        "os.chmod",
        "os.chown",
        "os.truncate",
        "os.link",
        "os.symlink",
        "os.utime",
        "os.startfile",
        "ftplib.connect",
        "http.client.connect",
        "smtplib.connect",
        "webbrowser.open",
        "sqlite3.connect",
        "pty.spawn",
    }
)


class Refused(PermissionError):
    """Raised in the searched function when it tries to leave the process."""


class _State:
    """Process-wide, not per thread: a thread the function starts is refused the same things."""

    active = False
    refused: Optional[str] = None


_state = _State()
_installed = False


def _hook(event: str, args) -> None:
    if not _state.active:
        return
    what = _refusal(event, args)
    if what:
        if not _is_bytecode_cache(event, args):  # Python's own .pyc writes: refused, but not the function's doing
            _state.refused = _state.refused or what
        raise Refused("nanlint verify --search does not let the searched function %s" % what)


def _is_bytecode_cache(event: str, args) -> bool:
    return event == "open" and "__pycache__" in str(args[0] if args else "")


def _refusal(event: str, args) -> str:
    if event == "open":
        path, mode, flags = (tuple(args) + (None, None, 0))[:3]
        writing = (mode and any(c in str(mode) for c in "wax+")) or (flags or 0) & _WRITE_FLAGS
        return "open %r for writing" % (path,) if writing else ""
    if event in _REFUSED_EVENTS or event.startswith(_REFUSED_PREFIXES):
        return "call %s" % event
    return ""


@contextlib.contextmanager
def sandbox():
    """Refuse writes, network and subprocesses for the block; `.refused` says what was."""
    global _installed
    if not _installed:
        sys.addaudithook(_hook)
        _installed = True
    box = _Box()
    _state.active, _state.refused = True, None
    try:
        yield box
    finally:
        _state.active = False
        box.refused = _state.refused


class _Box:
    refused: Optional[str] = None
