"""Run the user's command as a child process with the monitor's bootstrap, and stop it cleanly.

Process groups: when stdin is a terminal the child stays in nanlint's process group, so it can read the
terminal and receives Ctrl-C from it directly (nanlint waits for it to wind down and then reports).
Otherwise (CI, pipes) it gets a session of its own, so a timeout stops the whole tree it started.
Stopping is gradual: SIGINT (Python runs its exit handlers, the monitor writes its last counts), then
SIGTERM, then SIGKILL. A second Ctrl-C skips ahead.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Dict, List, Optional

from nanlint import install
from nanlint.runtime import environment
from nanlint.runtime.bypass import BOOTSTRAP_DIR, bootstrap_bypass
from nanlint.runtime.events import RunDirTail
from nanlint.runtime.schedule import Schedule

_GRACE_SECONDS = (5.0, 3.0)  # after SIGINT, after SIGTERM
_POLL_SECONDS = 0.2


@dataclass
class ChildResult:
    returncode: Optional[int] = None
    duration: float = 0.0
    timed_out: bool = False
    interrupted: bool = False
    start_error: Optional[str] = None
    bypass: Optional[str] = None  # why the command's own Python would not load the bootstrap

    @property
    def succeeded(self) -> bool:
        return self.returncode == 0 and not (self.timed_out or self.interrupted or self.start_error)

    def status_line(self, timeout: Optional[float] = None) -> str:
        if self.start_error:
            return "the command could not be started: %s" % self.start_error
        if self.timed_out:
            return "the command timed out after %gs and was stopped" % timeout
        if self.interrupted:
            return "the command was interrupted (Ctrl-C) after %.1fs" % self.duration
        if self.returncode is not None and self.returncode < 0:
            return "the command was killed by signal %s" % _signal_name(-self.returncode)
        if self.returncode:
            return "the command exited with status %d" % self.returncode
        return "the command exited normally after %.1fs" % self.duration


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


def child_environment(
    run_dir: str, paths: List[str], strict: bool, anomaly: bool, full_window: float = Schedule.full_seconds
) -> Dict[str, str]:
    env = dict(os.environ)
    previous = env.get("PYTHONPATH")
    env["PYTHONPATH"] = BOOTSTRAP_DIR + (os.pathsep + previous if previous else "")
    env[environment.RUN_DIR] = run_dir
    env[environment.PATHS] = os.pathsep.join(os.path.abspath(p) for p in paths)
    env[environment.STRICT] = "1" if strict else "0"
    env[environment.ANOMALY] = "1" if anomaly else "0"
    env[environment.FULL_WINDOW] = repr(full_window)
    env[environment.PACKAGE_DIR] = install.PACKAGE_DIR
    return env


class _Progress:
    """`nanlint: running 12s, 3 events, 2 processes` (then what `--search` is doing) redrawn in place on
    a terminal, nothing otherwise."""

    def __init__(self, run_dir: str, enabled: bool):
        self._tail = RunDirTail(run_dir)
        self._enabled = enabled
        self._drawn = 0.0

    def update(self, elapsed: float) -> None:
        if not self._enabled or elapsed - self._drawn < 0.5:
            return
        self._drawn = elapsed
        self._tail.poll()
        sys.stderr.write(
            "\r\x1b[Knanlint: running %ds, %d event(s), %d process(es)%s"
            % (
                elapsed,
                self._tail.events,
                self._tail.processes,
                ", " + self._tail.search_progress if self._tail.search_progress else "",
            )
        )
        sys.stderr.flush()

    def clear(self) -> None:
        if self._enabled and self._drawn:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def run_child(
    command: List[str],
    env: Dict[str, str],
    run_dir: str,
    timeout: Optional[float],
    progress: bool,
    stdout_to_stderr: bool = False,
) -> ChildResult:
    """Run the command to its end, its timeout or Ctrl-C. `stdout_to_stderr` keeps nanlint's stdout
    for a machine-readable report."""
    own_group = os.name == "posix" and not _stdin_is_terminal()
    started = time.monotonic()
    try:
        sys.stdout.flush()
        stdout = sys.stderr.fileno() if stdout_to_stderr else None
        process = subprocess.Popen(
            command,
            env=env,
            start_new_session=own_group,
            stdout=stdout,
            preexec_fn=_default_sigint if os.name == "posix" else None,
        )
    except OSError as error:
        return ChildResult(start_error=str(error))
    result = ChildResult(bypass=bootstrap_bypass(command))
    stopper = _Stopper(process, own_group)
    display = _Progress(run_dir, progress and sys.stderr.isatty())
    previous_handler = _on_interrupt(lambda: stopper.interrupt(result))
    try:
        while process.poll() is None:
            elapsed = time.monotonic() - started
            if timeout is not None and elapsed > timeout and not result.timed_out:
                result.timed_out = True
                stopper.stop()
            display.update(elapsed)
            stopper.escalate_if_due()
            time.sleep(_POLL_SECONDS)
    finally:
        signal.signal(signal.SIGINT, previous_handler)
        display.clear()
    result.returncode = process.returncode
    result.duration = time.monotonic() - started
    return result


def _default_sigint() -> None:
    # A shell's background job inherits SIGINT ignored; the child must get KeyboardInterrupt so that
    # Python runs its exit handlers and the monitor writes its last records.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except ValueError:
        return False


def _on_interrupt(callback):
    def handler(signum, frame):
        callback()

    return signal.signal(signal.SIGINT, handler)


class _Stopper:
    """SIGINT, then SIGTERM, then SIGKILL, each after a grace period, to the child or its group."""

    _SIGNALS = (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGKILL", signal.SIGTERM))

    def __init__(self, process: subprocess.Popen, own_group: bool):
        self._process = process
        self._own_group = own_group
        self._stage = -1
        self._next_at: Optional[float] = None

    def interrupt(self, result: ChildResult) -> None:
        result.interrupted = True
        if self._stage < 0 and not self._own_group:
            # The terminal sent SIGINT to the child too; give it the grace period to wind down.
            self._stage, self._next_at = 0, time.monotonic() + _GRACE_SECONDS[0]
        else:
            self.stop()

    def stop(self) -> None:
        """Send the next signal now."""
        self._stage += 1
        if self._stage >= len(self._SIGNALS):
            return
        self._send(self._SIGNALS[self._stage])
        if self._stage < len(_GRACE_SECONDS):
            self._next_at = time.monotonic() + _GRACE_SECONDS[self._stage]
        else:
            self._next_at = None

    def escalate_if_due(self) -> None:
        if self._next_at is not None and time.monotonic() >= self._next_at:
            self.stop()

    def _send(self, signum) -> None:
        try:
            if self._own_group:
                os.killpg(self._process.pid, signum)
            else:
                self._process.send_signal(signum)
        except (ProcessLookupError, PermissionError):
            pass
