import warnings

import pytest

pytest.importorskip("torch")



def pytest_configure(config):
    # `pytest_plugins` is only allowed in the top-level conftest; registering here keeps pytester
    # (for the plugin's tests) local to the runtime tests.
    if not config.pluginmanager.has_plugin("pytester"):
        config.pluginmanager.import_plugin("pytester")

warnings.filterwarnings("ignore", message="Failed to initialize NumPy")


def line_of(path, marker):
    """The line number of the only line of `path` holding `marker` (tests mark the lines they blame)."""
    with open(path, encoding="utf-8") as handle:
        hits = [n for n, text in enumerate(handle, 1) if text.rstrip().endswith(marker)]
    assert len(hits) == 1, (marker, hits)
    return hits[0]


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
