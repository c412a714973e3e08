"""Why a command would start a Python that never loads nanlint's bootstrap (so nothing monitors it).

The bootstrap is a `sitecustomize` found through PYTHONPATH, with NANLINT_RUN_DIR in the environment:
`python -I` and `-E` ignore PYTHONPATH, `-S` skips `sitecustomize`, and a child started with an
environment of its own may have dropped either variable. Used by the runner for the command itself and
by monitored processes for the subprocesses they start. Imports nothing heavy: it runs in the bootstrap.
"""

from __future__ import annotations

import os
import re
from typing import Callable, Mapping, Optional, Sequence

from nanlint.runtime import environment

_PYTHON = re.compile(r"^python[0-9.]*(\.exe)?$")
_FLAG_REASONS = {
    "I": "python -I ignores PYTHONPATH",
    "E": "python -E ignores PYTHONPATH",
    "S": "python -S skips sitecustomize",
}
BOOTSTRAP_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bootstrap")
_watching_subprocesses = True  # off once the program is over (`verify --search` then re-runs reproducers)


def bootstrap_bypass(
    argv: Sequence[str], env: Optional[Mapping[str, str]] = None, bootstrap_dir: Optional[str] = None
) -> Optional[str]:
    """The reason a Python started with `argv` (and `env`, when it is given its own) is not monitored,
    or None when nothing says it would not be (a non-Python command may start Pythons that are)."""
    if not argv or not _PYTHON.match(os.path.basename(str(argv[0]))):
        return None
    reason = _flag_reason([str(a) for a in argv[1:]])
    if reason or env is None:
        return reason
    if not env.get(environment.RUN_DIR):
        return "its environment has no %s" % environment.RUN_DIR
    if bootstrap_dir and bootstrap_dir not in env.get("PYTHONPATH", "").split(os.pathsep):
        return "its PYTHONPATH does not hold nanlint's bootstrap"
    return None


def _flag_reason(args: Sequence[str]) -> Optional[str]:
    words = iter(args)
    for arg in words:
        if arg in ("-", "--") or not arg.startswith("-"):
            return None  # the script, stdin or `--`: the interpreter's options are over
        if arg.startswith("--"):
            continue
        letters = arg[1:]
        for position, letter in enumerate(letters):
            if letter in _FLAG_REASONS:
                return _FLAG_REASONS[letter]
            if letter in "cm":
                return None  # -c CODE and -m MODULE end the interpreter's options
            if letter in "WX":
                if position == len(letters) - 1:
                    next(words, None)  # the value is the next word
                break
    return None


def audit_subprocesses(sink) -> Callable:
    """An audit hook that records the subprocesses started in a way the bootstrap cannot follow."""

    def hook(event, args) -> None:
        if event != "subprocess.Popen" or not _watching_subprocesses:
            return
        try:
            _, argv, _, env = args
            argv = [argv] if isinstance(argv, (str, bytes)) else [str(a) for a in argv]
            reason = bootstrap_bypass(argv, env, BOOTSTRAP_DIR)
        except Exception:  # an audit hook must never break the program
            return
        if reason:
            sink.emit({"type": "unmonitored", "pid": os.getpid(), "argv": argv, "reason": reason})

    return hook


def stop_watching_subprocesses() -> None:
    """The subprocesses started from now on are nanlint's own, not the program's."""
    global _watching_subprocesses
    _watching_subprocesses = False
