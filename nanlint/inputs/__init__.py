"""What nanlint reads: a source file's bytes and text, and a notebook's code cells.

Whether a path is a notebook is told here: nanlint/inputs/notebook.py is imported only where one is read."""

from __future__ import annotations

NOTEBOOK_SUFFIX = ".ipynb"


def is_notebook(path: str) -> bool:
    return path.endswith(NOTEBOOK_SUFFIX)
