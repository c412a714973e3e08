import pytest

from cli_support import run_nanlint


@pytest.fixture
def nanlint():
    """Run the real CLI in a subprocess: `nanlint("check", "x.py", cwd=..., stdin=..., env=...)`."""
    return run_nanlint
