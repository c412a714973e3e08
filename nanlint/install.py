"""Where this nanlint lives: its package folder, and the checkout around it when it runs from one."""

from __future__ import annotations

import os
from pathlib import Path

# A plain absolute path (not resolved), as Python names the code it runs from here.
PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
# The folder above the package: a checkout, when it holds pyproject.toml and rules/ (see `in_checkout`).
ABOVE_PACKAGE = Path(__file__).resolve().parent.parent


def in_checkout() -> bool:
    """Run from a checkout (editable or from source), not from an installed wheel."""
    return (ABOVE_PACKAGE / "pyproject.toml").is_file() and (ABOVE_PACKAGE / "rules").is_dir()
