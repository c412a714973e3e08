"""The Python API of the static check: `check(paths)` -> Report, the same run the CLI makes."""

from __future__ import annotations

from typing import Optional, Sequence

from nanlint.types import Report
from nanlint.project.checker import Checker
from nanlint.project.config import Settings
from nanlint.project.run import Project, single

__all__ = ["Checker", "Project", "Report", "Settings", "check"]


def check(paths: Sequence[str], settings: Optional[Settings] = None, jobs: Optional[int] = None) -> Report:
    """Check files and folders as `nanlint check --config` does, with `settings` (default: the
    defaults) for every file; returns findings and errors, sorted."""
    return single(Checker(settings or Settings())).run(paths, jobs)
