"""Where this nanlint lives: its package folder, and the checkout around it when it runs from one."""

from __future__ import annotations

import os

# A plain absolute path (not resolved), as Python names the code it runs from here.
PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
# The folder above the package: a checkout, when it holds pyproject.toml and rules/ (see `in_checkout`).
ABOVE_PACKAGE = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def in_checkout() -> bool:
    """Run from a checkout (editable or from source), not from an installed wheel."""
    return os.path.isfile(os.path.join(ABOVE_PACKAGE, "pyproject.toml")) and os.path.isdir(
        os.path.join(ABOVE_PACKAGE, "rules")
    )
