import warnings

import pytest

pytest.importorskip("torch")


def pytest_configure(config):
    # `pytest_plugins` is only allowed in the top-level conftest; registering here keeps pytester
    # (for the plugin's tests) local to the runtime tests.
    if not config.pluginmanager.has_plugin("pytester"):
        config.pluginmanager.import_plugin("pytester")

warnings.filterwarnings("ignore", message="Failed to initialize NumPy")


@pytest.fixture
def watch():
    """Run a block under a fresh monitor; `.events(kind=...)` are the records it wrote."""
    import nanlint

    class Recorder:
        def __init__(self):
            self.watch = None

        def __call__(self, **options):
            self.watch = nanlint.watch(**options)
            return self.watch

        def events(self, **match):
            return [
                r for r in self.watch.records
                if r.get("type") == "event" and all(r.get(k) == v for k, v in match.items())
            ]

    return Recorder()


@pytest.fixture
def nanlint():
    """Run the real CLI in a subprocess (cli_support.run_nanlint): `nanlint verify` runs the user's
    command in processes of its own, and these tests are about them."""
    from cli_support import run_nanlint

    return run_nanlint
