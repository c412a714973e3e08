import os
import sys

# `python -m nanlint` puts the current folder first on sys.path: the checked project's own
# `ast.py`, `json.py` or `torch.py` would then shadow the modules nanlint imports, and run.
if not getattr(sys.flags, "safe_path", False) and sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from nanlint.commands.cli import main  # noqa: E402

if __name__ == "__main__":  # worker processes started by spawn/forkserver import this module again
    raise SystemExit(main())
