"""The environment variables through which `nanlint verify` configures the processes it monitors.

The runner sets them (runner.child_environment); the bootstrap and `activate` read them in each
monitored Python. The bootstrap (bootstrap/sitecustomize.py) spells NANLINT_RUN_DIR and
NANLINT_PACKAGE_DIR itself: it runs before nanlint can be imported.
"""

from __future__ import annotations

import os
from typing import List

RUN_DIR = "NANLINT_RUN_DIR"  # where the process reports (events.JsonlSink); unset: not monitored
PATHS = "NANLINT_PATHS"  # the checked paths, joined by os.pathsep: ops there are the program's own
STRICT = "NANLINT_STRICT"  # "1": the first non-finite value stops the program
ANOMALY = "NANLINT_ANOMALY"  # "1": torch's anomaly mode too (`verify --anomaly`)
PACKAGE_DIR = "NANLINT_PACKAGE_DIR"  # the folder nanlint is imported from, whatever the program's sys.path
FULL_WINDOW = "NANLINT_FULL_WINDOW"  # seconds every op is checked before sampling ("inf": always)
SEARCH_PLAN = "NANLINT_SEARCH_PLAN"  # `verify --search`: the plan's file (search/plan.py)


def checked_paths() -> List[str]:
    """The paths whose code the run checks, as the runner passed them."""
    return [path for path in os.environ.get(PATHS, "").split(os.pathsep) if path]
