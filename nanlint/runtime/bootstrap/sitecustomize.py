"""nanlint's bootstrap: `nanlint verify` puts this directory first on PYTHONPATH of the command it runs.

Python imports `sitecustomize` at start-up in every process that reads PYTHONPATH, so every Python
process the command starts (the script, pytest, its subprocesses, spawned DataLoader workers) loads
nanlint's runtime monitor. It does anything only while NANLINT_RUN_DIR is set, and it first runs the
`sitecustomize` this one hides, if there is one further down the path.

nanlint itself is loaded from NANLINT_PACKAGE_DIR (the copy that runs `verify`) without putting its
parent directory on sys.path, so the command's own environment (its torch, its packages) is untouched.
"""

import os
import sys


def _run_hidden_sitecustomize():
    here = os.path.dirname(os.path.abspath(__file__))
    ours = sys.modules.pop("sitecustomize", None)
    saved_path = list(sys.path)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    try:
        import importlib

        importlib.import_module("sitecustomize")
    except ImportError as error:
        if error.name != "sitecustomize":
            sys.stderr.write("Error in sitecustomize; set PYTHONVERBOSE for traceback:\n%r\n" % error)
    except Exception as error:
        sys.stderr.write("Error in sitecustomize; set PYTHONVERBOSE for traceback:\n%r\n" % error)
    finally:
        sys.path[:] = saved_path
        if ours is not None:
            sys.modules["sitecustomize"] = ours


def _load_nanlint(package_dir):
    if "nanlint" in sys.modules or not package_dir:
        return
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "nanlint", os.path.join(package_dir, "__init__.py"), submodule_search_locations=[package_dir]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["nanlint"] = module
    spec.loader.exec_module(module)


def _start_monitor():
    if not os.environ.get("NANLINT_RUN_DIR"):
        return
    try:
        _load_nanlint(os.environ.get("NANLINT_PACKAGE_DIR"))
        from nanlint.runtime.activate import activate

        activate()
    except Exception as error:  # never break the user's Python because nanlint could not start
        sys.stderr.write("nanlint: the runtime monitor could not start: %r\n" % (error,))


_run_hidden_sitecustomize()
_start_monitor()
