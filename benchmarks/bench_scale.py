"""Whether `nanlint check` stays linear in a file's size: ratios to libcst's bare parse of the same file.

    python benchmarks/bench_scale.py [--source FILE] [--lines 10000 80000] [--runs 3] [--against CHECKOUT]

One file of real code (by default timm's `vision_transformer.py` from the corpus `bench_check.py`
builds) is repeated into files of `--lines` lines. For each size, interleaved `--runs` times:

- libcst's `parse_module` of the file, in a process of its own (the floor of a check);
- `nanlint check --no-cache -j 1` of the file with the default rules;
- with `--against CHECKOUT`, the same check by another nanlint (a checkout's folder put first on
  PYTHONPATH: `git worktree add /tmp/before COMMIT`), for a before/after a busy machine cannot skew.

CPU seconds and peak memory come from each process's rusage, less `python -c "import libcst"`'s CPU;
the fastest run of each is kept. Issue 22's targets: CPU <= 1.6x the parse at 80,000 lines, memory
<= 2x.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from bench_check import ROOT, corpus_dir, ensure_corpus

DEFAULT_SOURCE = Path("timm") / "timm" / "models" / "vision_transformer.py"
PARSE = "import libcst, sys; libcst.parse_module(open(sys.argv[1], encoding='utf-8').read())"
IMPORT = "import libcst"


def repeated(source: Path, lines: int, folder: Path) -> Path:
    """`source` repeated whole until the file has at least `lines` lines."""
    text = source.read_text(encoding="utf-8")
    if not text.endswith("\n"):
        text += "\n"
    copies = -(-lines // text.count("\n"))
    path = folder / f"{source.stem}_{lines}.py"
    path.write_text(text * copies, encoding="utf-8")
    return path


def usage(command: Sequence[str], pythonpath: Path) -> Tuple[float, float]:
    """(CPU seconds, peak RSS in MiB) of one run."""
    env = dict(os.environ, PYTHONPATH=str(pythonpath))
    child = os.fork()
    if child == 0:  # pragma: no cover - the forked child
        sink = os.open(os.devnull, os.O_WRONLY)
        os.dup2(sink, 1)
        os.dup2(sink, 2)
        os.execve(command[0], list(command), env)
    _, _, rusage = os.wait4(child, 0)
    return rusage.ru_utime + rusage.ru_stime, rusage.ru_maxrss / 1024


def check_command(path: Path) -> List[str]:
    return [sys.executable, "-m", "nanlint", "check", "--no-cache", "-j", "1", "--exit-zero", str(path)]


def measure(path: Path, runs: int, against: Optional[Path]) -> Dict[str, Tuple[float, float]]:
    commands = {
        "import libcst": ([sys.executable, "-c", IMPORT], ROOT),
        "libcst parse": ([sys.executable, "-c", PARSE, str(path)], ROOT),
        "nanlint check": (check_command(path), ROOT),
    }
    if against is not None:
        commands[f"nanlint check ({against.name})"] = (check_command(path), against)
    best: Dict[str, Tuple[float, float]] = {}
    for _ in range(runs):
        for name, (command, pythonpath) in commands.items():
            cpu, memory = usage(command, pythonpath)
            previous = best.get(name)
            best[name] = (min(cpu, previous[0]), min(memory, previous[1])) if previous else (cpu, memory)
    return best


def report(lines: int, best: Dict[str, Tuple[float, float]]) -> List[str]:
    floor = best.pop("import libcst")[0]
    parse_cpu, parse_memory = best["libcst parse"]
    rows = [f"{lines:,} lines"]
    for name, (cpu, memory) in best.items():
        ratio = (cpu - floor) / (parse_cpu - floor)
        rows.append(f"  {name:<32} {cpu:7.2f} s CPU  {ratio:5.2f}x parse   {memory:7.0f} MiB  {memory / parse_memory:5.2f}x")
    return rows


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, help="a file of real torch code (default: from the corpus)")
    parser.add_argument("--lines", type=int, nargs="+", default=[10000, 80000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another checkout to time side by side")
    options = parser.parse_args(argv)
    source = options.source
    if source is None:
        ensure_corpus(corpus_dir(), build=True)
        source = corpus_dir() / DEFAULT_SOURCE
    against = options.against.resolve() if options.against else None
    print(f"{source} repeated; fastest of {options.runs} interleaved runs, CPU less libcst's import")
    with tempfile.TemporaryDirectory() as folder:
        for lines in options.lines:
            path = repeated(source, lines, Path(folder))
            print("\n".join(report(lines, measure(path, options.runs, against))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
