"""How fast nanlint answers the calls a pre-commit hook and an editor make: ratios to `python -c pass`.

    python benchmarks/bench_startup.py [--runs 15] [--against CHECKOUT]

Each command runs `--runs` times, interleaved with the others (so a busy spell of a shared machine
hits them all alike); the median wall time of each is printed with its ratio to a bare interpreter
start. The commands (issue 22's targets in brackets):

- `nanlint --version` [<= 3x], `nanlint --help`;
- `nanlint check` of one small file whose result is cached [<= 2x, must 4x];
- the same check with no cache: the engine's import and one parse [<= 1.5x libcst's import plus parse];
- `python -c "import libcst; libcst.parse_module(...)"` of that file, the floor of a cold check;
- what importing the standard library modules a cached check needs costs on its own (no pathlib since
  7559805; `python -m` adds runpy's importlib.util and contextlib).

Each nanlint timed has its bytecode compiled first, as an installed one has: with PYTHONDONTWRITEBYTECODE
set (as on the development machine) every run would otherwise compile nanlint's modules from source,
which libcst's installed bytecode spares it.

`--against CHECKOUT` also times `--version`, the cached check and the check with no cache with another nanlint (a checkout's
folder, put first on PYTHONPATH; `git worktree add` or `git archive` of an older commit), in the
same interleaved runs: a before/after that a busy machine cannot skew.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence

SMALL_FILE = """import torch


def loss(logits, target):
    probs = torch.softmax(logits, dim=-1)
    return -torch.log(probs.gather(1, target[:, None])).mean()
"""


def commands(folder: Path) -> Dict[str, List[str]]:
    small = str(folder / "model.py")
    nanlint = [sys.executable, "-m", "nanlint"]
    parse = f"import libcst; libcst.parse_module(open({small!r}).read())"
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "stdlib the CLI needs": [sys.executable, "-c", "import bisect, fnmatch, json, tokenize, typing"],
        "nanlint --version": [*nanlint, "--version"],
        "nanlint --help": [*nanlint, "--help"],
        "check, cached": [*nanlint, "check", small, "--cache-dir", str(folder / "cache"), "--exit-zero", "-q"],
        "check, no cache": [*nanlint, "check", small, "--no-cache", "--exit-zero", "-q"],
        "libcst import + parse": [sys.executable, "-c", parse],
    }


def against(named: Dict[str, List[str]], folder: Path, checkout: str) -> Dict[str, List[str]]:
    """`--version`, the cached check (its own cache folder) and the check with no cache run by the
    nanlint of `checkout`."""
    cached = named["check, cached"]
    other_cache = cached[: cached.index("--cache-dir") + 1] + [str(folder / "cache-against")]
    other_cache += cached[cached.index("--cache-dir") + 2 :]
    return {
        "--version (against)": named["nanlint --version"],
        "check, cached (against)": other_cache,
        "check, no cache (against)": named["check, no cache"],
    }


def compile_bytecode(env: Optional[Dict[str, str]], cwd: Path) -> None:
    """Write the bytecode of the nanlint that `env` imports (None: this environment's). Run in `cwd`, the
    timed commands' folder: `python -c` puts its current folder first on sys.path, so run from a checkout it
    would compile that checkout's nanlint, not the one `env` names, which `--against` then timed uncompiled."""
    script = "import compileall, os, nanlint; compileall.compile_dir(os.path.dirname(nanlint.__file__), quiet=1)"
    subprocess.run([sys.executable, "-c", script], capture_output=True, check=True, env=env, cwd=cwd)


def median_times(
    runs: int, named: Dict[str, Sequence[str]], cwd: Path, envs: Dict[str, Dict[str, str]]
) -> Dict[str, float]:
    times: Dict[str, List[float]] = {name: [] for name in named}
    for _ in range(runs):
        for name, command in named.items():
            start = time.perf_counter()
            subprocess.run(command, cwd=cwd, capture_output=True, check=False, env=envs.get(name))
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--against", metavar="CHECKOUT", help="also time another nanlint checkout's calls")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="nanlint-startup-") as temporary:
        folder = Path(temporary)
        (folder / "model.py").write_text(SMALL_FILE, encoding="utf-8")
        named = commands(folder)
        envs: Dict[str, Dict[str, str]] = {}
        if args.against:
            others = against(named, folder, args.against)
            path = os.pathsep.join(filter(None, [str(Path(args.against).resolve()), os.environ.get("PYTHONPATH")]))
            envs = {name: {**os.environ, "PYTHONPATH": path} for name in others}
            named.update(others)
        compile_bytecode(envs.get("check, cached (against)"), folder)
        compile_bytecode(None, folder)
        for name in ("check, cached", "check, cached (against)"):  # fills the caches
            if name in named:
                subprocess.run(named[name], cwd=folder, capture_output=True, check=False, env=envs.get(name))
        medians = median_times(args.runs, named, folder, envs)
    base = medians["python -c pass"]
    floor = medians["libcst import + parse"]
    for name, seconds in medians.items():
        print(f"{name:24} {seconds * 1000:7.1f} ms  {seconds / base:5.1f}x python -c pass")
    for name in ("check, no cache", "check, no cache (against)"):
        if name in medians:
            print(f"{name:24} {'':7}     {medians[name] / floor:5.1f}x libcst import + parse")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
