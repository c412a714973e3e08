import os
import sys
import warnings

import pytest

pytest.importorskip("torch")


def pytest_configure(config):
    # `pytest_plugins` is only allowed in the top-level conftest; registering here keeps pytester
    # (for the plugin's tests) local to the runtime tests.
    if not config.pluginmanager.has_plugin("pytester"):
        config.pluginmanager.import_plugin("pytester")
    _installed_modules_stay_imported()


def _installed_modules_stay_imported():
    """pytester puts sys.modules back as it was after an in-process run (`pytester.runpytest`) and after
    its test, dropping the modules the inner tests imported first. torch's cannot be imported twice: they
    register operators with torch's C++ dispatcher, which keeps them. When the inner tests were the first
    in a worker to import torch.distributed.tensor (torch.testing.assert_close does), the next import of
    it there (torch._dynamo's, at the first optimizer built: torch wraps Optimizer.add_param_group with
    dynamo's disable) failed with "Only a single TORCH_LIBRARY can be used to register the namespace
    c10d_functional", and so did every later test in that worker that built one. Installed modules (the
    standard library's and site-packages') stay imported, as pytester keeps zope's; the inner project's
    modules still go."""
    import _pytest.pytester as pytester_module

    snapshot = pytester_module.SysModulesSnapshot
    if getattr(snapshot, "keeps_installed_modules", False):
        return
    prefixes = tuple({os.path.join(os.path.realpath(p), "") for p in (sys.prefix, sys.base_prefix)})

    def installed(name):
        path = getattr(sys.modules.get(name), "__file__", None)
        return not path or os.path.realpath(path).startswith(prefixes)

    class KeepInstalled(snapshot):
        keeps_installed_modules = True

        def __init__(self, preserve=None):
            super().__init__(preserve=lambda name: installed(name) or bool(preserve and preserve(name)))

    pytester_module.SysModulesSnapshot = KeepInstalled

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
