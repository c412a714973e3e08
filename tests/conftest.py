import pytest

from cli_support import call_nanlint


@pytest.fixture
def nanlint():
    """Run the CLI in this process: `nanlint("check", "x.py", cwd=..., stdin=..., env=...)` gives
    `returncode`, `stdout` and `stderr` as a subprocess would (cli_support.call_nanlint). Tests
    where the process itself matters call cli_support.run_nanlint, a real `python -m nanlint`."""
    return call_nanlint
