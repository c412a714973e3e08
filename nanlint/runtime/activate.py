"""Start the monitor in a Python process that `nanlint verify` launched (called by the bootstrap).

The process reports to the run directory named by NANLINT_RUN_DIR. torch is not imported here: the
monitor is installed right after the program itself imports torch (an import hook on the name
"torch"), so Python processes that never use torch pay nothing but one small file.
"""

from __future__ import annotations

import atexit
import importlib.abc
import importlib.util
import os
import sys
import time
from typing import Callable, Optional

from nanlint.runtime import environment, processes
from nanlint.runtime.bypass import audit_subprocesses
from nanlint.runtime.events import JsonlSink
from nanlint.runtime.frames import hide_own_frames

active_monitor = None


def activate() -> None:
    run_dir = os.environ.get(environment.RUN_DIR)
    if not run_dir or not os.path.isdir(run_dir):
        return
    sink = JsonlSink(run_dir)
    sink.emit(processes.process_record())
    atexit.register(_finish, sink)
    hide_own_frames()
    sys.addaudithook(audit_subprocesses(sink))
    if "torch" in sys.modules:
        _start(sink)
    else:
        sys.meta_path.insert(
            0, _AfterImport("torch", lambda module: _start(sink), lambda error: _no_torch(sink, error))
        )


def _start(sink) -> None:
    global active_monitor
    import torch

    from nanlint.runtime.monitor import Monitor
    from nanlint.runtime.schedule import Schedule

    if os.environ.get(environment.ANOMALY) == "1":
        torch.autograd.set_detect_anomaly(True)
    schedule = Schedule(float(os.environ.get(environment.FULL_WINDOW, Schedule.full_seconds)))
    strict = os.environ.get(environment.STRICT) == "1"
    active_monitor = Monitor(sink, paths=environment.checked_paths(), strict=strict, schedule=schedule).install()
    processes.follow(active_monitor, _finish)
    _report_uncaught(active_monitor)
    search_plan = os.environ.get(environment.SEARCH_PLAN)
    if search_plan:
        from nanlint.runtime.search.session import start

        start(active_monitor, search_plan)


def _report_uncaught(monitor) -> None:
    """The exception that ends the program passes the monitor first (an in-place error it did not see)."""
    shown = sys.excepthook

    def excepthook(kind, error, traceback):
        try:
            monitor.uncaught(error, traceback)
        except Exception:  # the program's own error must be shown whatever happens here
            pass
        shown(kind, error, traceback)

    sys.excepthook = excepthook


def _no_torch(sink, error: str) -> None:
    """The program's `import torch` failed: this Python has no (working) torch, and nothing can be
    monitored in it. The report says so first (the program usually dies of it)."""
    sink.emit({"type": "no_torch", "pid": os.getpid(), "python": sys.executable, "error": error})


def _finish(sink) -> None:
    if active_monitor is not None:
        active_monitor.flush()
    sink.emit({"type": "exit", "pid": os.getpid(), "time": time.time()})
    sink.close()


class _AfterImport(importlib.abc.MetaPathFinder):
    """Runs a callback once a top-level module has finished importing, and `failed` (with the
    error, as "Type: message") when it cannot be found or its import raises."""

    def __init__(self, name: str, callback: Callable, failed: Callable[[str], None] = lambda error: None):
        self._name = name
        self._callback = callback
        self._failed = failed

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self._name:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(fullname)
        except ImportError as error:
            self._failed("%s: %s" % (type(error).__name__, error))
            raise
        if spec is None:
            self._failed("ModuleNotFoundError: No module named %r" % fullname)
        if spec is None or spec.loader is None:
            return spec
        spec.loader = _CallbackLoader(spec.loader, self._callback, self._failed)
        return spec


class _CallbackLoader(importlib.abc.Loader):
    def __init__(self, loader, callback: Callable, failed: Callable[[str], None] = lambda error: None):
        self._loader = loader
        self._callback = callback
        self._failed = failed

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module) -> None:
        # Put the real loader back first, so the module never sees this wrapper.
        module.__loader__ = self._loader
        if module.__spec__ is not None:
            module.__spec__.loader = self._loader
        try:
            self._loader.exec_module(module)
        except ImportError as error:  # a torch that is there but does not import (a missing library)
            self._failed("%s: %s" % (type(error).__name__, error))
            raise
        try:
            self._callback(module)
        except Exception as error:  # the user's program must run even if the monitor cannot
            sys.stderr.write("nanlint: the runtime monitor could not start: %s\n" % error)

    def __getattr__(self, name):
        return getattr(self._loader, name)


def current_monitor() -> Optional[object]:
    return active_monitor
