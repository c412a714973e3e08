"""How commands speak to the user on standard error."""

from __future__ import annotations

import sys


def warn(message: str) -> None:
    sys.stderr.write(f"nanlint: warning: {message}\n")
