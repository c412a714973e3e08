"""Why a command would start a Python that never loads nanlint's bootstrap (so nothing monitors it).

The bootstrap is a `sitecustomize` found through PYTHONPATH, with NANLINT_RUN_DIR in the environment:
`python -I` and `-E` ignore PYTHONPATH, `-S` skips `sitecustomize`, and a child started with an
environment of its own may have dropped either variable. Used by the runner for the command itself and
by monitored processes for the subprocesses they start. Imports nothing heavy: it runs in the bootstrap.
"""

from __future__ import annotations

import os
import re
from typing import Mapping, Optional, Sequence

_PYTHON = re.compile(r"^python[0-9.]*(\.exe)?$")
_FLAG_REASONS = {
    "I": "python -I ignores PYTHONPATH",
    "E": "python -E ignores PYTHONPATH",
    "S": "python -S skips sitecustomize",
}
ENV_RUN_DIR = "NANLINT_RUN_DIR"
BOOTSTRAP_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bootstrap")


def bootstrap_bypass(argv: Sequence[str], env: Optional[Mapping[str, str]] = None,
                     bootstrap_dir: Optional[str] = None) -> Optional[str]:
    """The reason a Python started with `argv` (and `env`, when it is given its own) is not monitored,
    or None when nothing says it would not be (a non-Python command may start Pythons that are)."""
    if not argv or not _PYTHON.match(os.path.basename(str(argv[0]))):
        return None
    reason = _flag_reason([str(a) for a in argv[1:]])
    if reason or env is None:
        return reason
    if not env.get(ENV_RUN_DIR):
        return "its environment has no %s" % ENV_RUN_DIR
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
