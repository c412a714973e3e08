"""The pytest plugin in a temporary project (pytester), and the cheap import it promises."""

import subprocess
import sys
from importlib.metadata import entry_points

# Installed, nanlint registers the plugin through its pytest11 entry point; from a checkout on
# PYTHONPATH it has to be named (naming it when installed would register it twice).
INSTALLED = any(entry.name == "nanlint" for entry in entry_points().select(group="pytest11"))
PLUGIN = () if INSTALLED else ("-p", "nanlint.pytest_plugin")

LIBRARY = """
import torch

def log_of(x):
    return torch.log(x)

def exp_of(x):
    return torch.exp(x)
"""

TESTS = """
import pytest
import torch

import numbers_lib

def test_clean():
    assert torch.exp(torch.zeros(1)).item() == 1.0

def test_log_zero():
    numbers_lib.log_of(torch.zeros(3))

@pytest.mark.nanlint_allow
def test_meant_to_overflow():
    numbers_lib.exp_of(torch.tensor([1000.0]))
"""


def test_summary_lists_each_tests_events(pytester):
    pytester.makepyfile(test_numbers=TESTS, numbers_lib=LIBRARY)
    result = pytester.runpytest(*PLUGIN, "--nanlint")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines([
        "*nanlint: NaN/Inf produced by tests*",
        "test_numbers.py::test_log_zero",
        "    numbers_lib.py:4: forward log made -inf (float32), once, first at step 0",
        "test_numbers.py::test_meant_to_overflow",
        "    numbers_lib.py:7: forward exp made +inf (float32), once, first at step 0",
    ])
    assert "test_numbers.py::test_clean" not in result.stdout.str()


def test_strict_fails_the_test_that_made_nan(pytester):
    pytester.makepyfile(test_numbers=TESTS, numbers_lib=LIBRARY)
    result = pytester.runpytest(*PLUGIN, "--nanlint-strict")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*test_log_zero*", "*nanlint: this test produced new NaN/Inf values*"])


def test_without_the_option_the_plugin_is_silent(pytester):
    pytester.makepyfile(test_numbers=TESTS, numbers_lib=LIBRARY)
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(passed=3)
    assert "NaN/Inf produced" not in result.stdout.str()  # no summary section (the header may list the plugin)


def test_importing_nanlint_and_its_plugin_does_not_import_torch():
    code = "import sys, nanlint, nanlint.pytest_plugin; print('torch' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_an_in_process_run_leaves_the_torch_modules_it_imported_imported(pytester):
    """torch's modules register operators with its C++ dispatcher: one pytester dropped from sys.modules
    after an in-process run could not be imported again (conftest.py keeps installed modules imported)."""
    import pytest
    import torch

    if not torch.distributed.is_available():
        pytest.skip("this torch has no torch.distributed")
    pytester.makepyfile(test_imports="import torch.distributed.tensor\n\n\ndef test_imports():\n    pass\n")
    pytester.runpytest().assert_outcomes(passed=1)
    assert "torch.distributed.tensor" in sys.modules
    import torch._dynamo  # noqa: F401  (it imports torch.distributed.tensor: raised here when that was dropped)
