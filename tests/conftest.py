import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_nanlint(*args, cwd=None, stdin=None, env=None, timeout=120):
    """Run the real CLI in a subprocess: `python -m nanlint ARGS`."""
    environment = dict(os.environ, NO_COLOR="1", PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "nanlint", *map(str, args)],
        cwd=cwd, input=stdin, capture_output=True, text=True, env=environment, timeout=timeout,
    )


@pytest.fixture
def nanlint():
    return run_nanlint
