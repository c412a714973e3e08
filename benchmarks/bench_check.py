"""Benchmark `nanlint check` against TorchFix and flake8 on the same real PyTorch code.

    python benchmarks/bench_check.py [--sample-lines 100000] [--skip-peers] [--no-build]

The corpus is `$NANLINT_CORPUS` (default `${TMPDIR:-/tmp}/nanlint-corpus`), built with
`../shared/corpus/make_corpus.sh` when absent (about 1 GB of wheels, downloaded once). A pinned
sample of its files (chosen by a hash of their paths, so every run measures the same code) is
copied into a flat temporary folder, and each tool checks that folder in one process:

- nanlint: `check --select ALL --preview -j 1 --no-cache` (every rule of the catalog), with the
  default rules only, and computing every fix (`--unsafe-fixes --diff`);
- libcst's bare `parse_module` of the same files (nanlint's own parser: the floor of its cost);
- TorchFix 0.7.0: `--select ALL -j 1`, installed into its own venv under the temporary folder
  (never a dependency of nanlint);
- flake8 7 with its default plugins, `-j 1`, in a venv of its own.

CPU seconds and peak memory come from each tool's own rusage (`os.wait4`). Then the whole corpus:
nanlint's time per file in one process (the slowest files, and their peak memory each in a fresh
process), a cold run with all cores, and a warm re-run with the cache. Timings are noisy on a
shared machine; the ratios are what to read.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

ROOT = Path(__file__).resolve().parent.parent
MAKE_CORPUS = ROOT.parent / "shared" / "corpus" / "make_corpus.sh"
PACKAGES = ("timm", "transformers", "torchvision", "pytorch-lightning", "diffusers", "kornia", "torchmetrics", "torch")
PEERS = {"torchfix": "torchfix==0.7.0", "flake8": "flake8>=7,<8"}
NANLINT = (sys.executable, "-m", "nanlint", "check", "--select", "ALL", "--preview", "--output-format", "concise", "--exit-zero")
DEFAULT_RULES = (sys.executable, "-m", "nanlint", "check", "--output-format", "concise", "--exit-zero")
# libcst's parse of every file that mentions torch (the files nanlint parses), in one process.
PARSE_SCRIPT = """
import pathlib, sys, libcst
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.py")):
    text = path.read_bytes().decode("utf-8", "replace")
    if "torch" in text:
        try:
            libcst.parse_module(text)
        except Exception:
            pass
"""
PER_FILE_SCRIPT = """
import sys, time
from nanlint.project.checker import Checker
from nanlint.project.config import Settings
from nanlint.project.run import files
checker = Checker(Settings(select=("ALL",), preview=True, cache=False))
checked, _ = files(checker, [sys.argv[1]])
for path in checked:
    start = time.process_time()
    result = checker.check_file(path)
    internal = sum(e.kind == "internal" for e in result.errors)
    print(f"{time.process_time() - start:.4f}\\t{len(result.findings)}\\t{len(result.errors)}\\t{internal}\\t{path}")
"""


def corpus_dir() -> Path:
    return Path(os.environ.get("NANLINT_CORPUS") or Path(os.environ.get("TMPDIR", "/tmp")) / "nanlint-corpus")


def ensure_corpus(corpus: Path, build: bool) -> None:
    if all((corpus / package).is_dir() for package in PACKAGES):
        return
    if not build or not MAKE_CORPUS.is_file():
        sys.exit(f"no corpus at {corpus}: build it with `bash {MAKE_CORPUS} {corpus}` or set NANLINT_CORPUS")
    print(f"building the corpus in {corpus} with {MAKE_CORPUS} ...", flush=True)
    subprocess.run(["bash", str(MAKE_CORPUS), str(corpus)], check=True)


def line_count(path: Path) -> int:
    with open(path, "rb") as stream:
        return stream.read().count(b"\n")


def sample(corpus: Path, target_lines: int, folder: Path) -> Tuple[int, int]:
    """Copy files chosen by the hash of their relative path into `folder` (flat names) until
    `target_lines` lines; returns (files, lines)."""
    files = sorted(corpus.rglob("*.py"), key=lambda p: hashlib.sha256(p.relative_to(corpus).as_posix().encode()).hexdigest())
    folder.mkdir(parents=True)
    lines = count = 0
    for path in files:
        if lines >= target_lines:
            break
        shutil.copyfile(path, folder / path.relative_to(corpus).as_posix().replace("/", "__"))
        lines += line_count(path)
        count += 1
    return count, lines


def install_peer(venvs: Path, name: str) -> Path:
    venv = venvs / f"{name}-venv"
    tool = venv / "bin" / name
    if not tool.exists():
        print(f"installing {PEERS[name]} into {venv} ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", PEERS[name]], check=True)
    return tool


def measure(command: Sequence[str], cwd: Optional[Path] = None) -> Tuple[float, float, float, int]:
    """(wall seconds, CPU seconds, peak RSS in MiB, exit status) of one run, from its rusage."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        process = subprocess.Popen(command, cwd=cwd, stdout=sink, stderr=sink, env=env)
        _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, process.returncode


def peers_table(folder: Path, files: int, lines: int, venvs: Path, skip_peers: bool) -> List[str]:
    commands = {
        "nanlint (all rules, -j 1)": [*NANLINT, "-j", "1", "--no-cache", str(folder)],
        "nanlint (default rules, -j 1)": [*DEFAULT_RULES, "-j", "1", "--no-cache", str(folder)],
        "nanlint --unsafe-fixes --diff (all rules, -j 1)": [*NANLINT, "--unsafe-fixes", "--diff", "-j", "1", "--no-cache", str(folder)],
        "libcst.parse_module alone": [sys.executable, "-c", PARSE_SCRIPT, str(folder)],
    }
    if not skip_peers:
        commands["TorchFix 0.7.0 (--select ALL -j 1)"] = [str(install_peer(venvs, "torchfix")), "--select", "ALL", "-j", "1", str(folder)]
        commands["flake8 7 (default plugins, -j 1)"] = [str(install_peer(venvs, "flake8")), "-j", "1", "--output-file", os.devnull, str(folder)]
    rows = {name: measure(command) for name, command in commands.items()}
    torchfix = next((cpu for name, (_, cpu, _, _) in rows.items() if name.startswith("TorchFix")), None)
    table = [f"Sample: {files} files, {lines:,} lines.", "",
             "| tool | CPU s | lines per CPU-second | nanlint is faster by | peak memory |", "|---|---|---|---|---|"]
    nanlint_cpu = rows[next(iter(rows))][1]
    for name, (_, cpu, rss, _) in rows.items():
        ratio = "" if name.startswith("nanlint") else f"{cpu / nanlint_cpu:.1f}x"
        table.append(f"| {name} | {cpu:.2f} | {lines / cpu:,.0f} | {ratio} | {rss:.0f} MiB |")
    cpu = {name: row[1] for name, row in rows.items()}
    default_cpu, parse_cpu = cpu["nanlint (default rules, -j 1)"], cpu["libcst.parse_module alone"]
    table += ["", f"nanlint (default rules) CPU / libcst's bare parse of the same files: {default_cpu / parse_cpu:.2f}x (goal: <= 1.5x); "
              f"all rules: {nanlint_cpu / parse_cpu:.2f}x.",
              f"Computing every fix (--unsafe-fixes --diff) / checking: {cpu['nanlint --unsafe-fixes --diff (all rules, -j 1)'] / nanlint_cpu:.2f}x (goal: <= 1.5x)."]
    if torchfix:
        table += [f"nanlint (default rules) vs TorchFix, lines per CPU-second: {torchfix / default_cpu:.1f}x (goal: >= 10x)"]
    return table


def per_file_table(corpus: Path, top: int) -> List[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    output = subprocess.run([sys.executable, "-c", PER_FILE_SCRIPT, str(corpus)], capture_output=True, text=True, env=env, check=True).stdout
    rows = [line.split("\t") for line in output.splitlines()]
    timings = sorted(((float(cpu), path) for cpu, _, _, _, path in rows), reverse=True)
    total_cpu = sum(cpu for cpu, _ in timings)
    lines = sum(line_count(Path(path)) for _, path in timings)
    findings, errors, internal = (sum(int(row[i]) for row in rows) for i in (1, 2, 3))
    table = ["", f"Whole corpus, one process: {len(rows)} files, {lines:,} lines, {total_cpu:.1f} CPU s "
             f"({lines / total_cpu:,.0f} lines per CPU-second); {findings} findings, {errors} file errors, {internal} internal errors.",
             "", "| slowest files (fresh process each) | lines | check CPU s | process CPU s | peak memory |", "|---|---|---|---|---|"]
    for cpu, path in timings[:top]:
        _, process_cpu, rss, _ = measure([*NANLINT, "-j", "1", "--no-cache", path])
        table.append(f"| {Path(path).relative_to(corpus)} | {line_count(Path(path)):,} | {cpu:.2f} | {process_cpu:.2f} | {rss:.0f} MiB |")
    return table


def corpus_runs(corpus: Path, cache_dir: Path) -> List[str]:
    jobs = os.cpu_count() or 1
    no_cache = measure([*NANLINT, "--no-cache", str(corpus)])
    cold = measure([*NANLINT, "--cache-dir", str(cache_dir), str(corpus)])
    warm = measure([*NANLINT, "--cache-dir", str(cache_dir), str(corpus)])
    one_job = measure([*NANLINT, "--no-cache", "-j", "1", str(corpus)])
    return [
        "", f"Whole corpus, `nanlint check --select ALL --preview` ({jobs} cores):", "",
        "| run | wall s | CPU s | peak memory (largest process) |", "|---|---|---|---|",
        f"| cold, --no-cache, -j 1 | {one_job[0]:.2f} | {one_job[1]:.2f} | {one_job[2]:.0f} MiB |",
        f"| cold, --no-cache, all cores | {no_cache[0]:.2f} | {no_cache[1]:.2f} | {no_cache[2]:.0f} MiB |",
        f"| cold, writing the cache, all cores | {cold[0]:.2f} | {cold[1]:.2f} | {cold[2]:.0f} MiB |",
        f"| warm, nothing changed | {warm[0]:.2f} | {warm[1]:.2f} | {warm[2]:.0f} MiB |",
        "", f"Scaling: {one_job[0] / no_cache[0]:.2f}x faster with {jobs} cores than with one. "
        f"Warm re-run: {cold[0] / warm[0]:.0f}x faster than cold (goal: >= 50x).",
    ]


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample-lines", type=int, default=100_000, help="lines in the sample given to every tool")
    parser.add_argument("--skip-peers", action="store_true", help="time nanlint only (no TorchFix, no flake8)")
    parser.add_argument("--no-build", action="store_true", help="do not build a missing corpus")
    parser.add_argument("--slowest", type=int, default=5, help="how many of the slowest files to list")
    parser.add_argument("--work", help="where to keep the sample, the venvs and the cache (default: a temporary folder)")
    args = parser.parse_args(argv)
    corpus = corpus_dir().resolve()
    ensure_corpus(corpus, not args.no_build)
    work = Path(args.work) if args.work else Path(tempfile.gettempdir()) / "nanlint-bench"
    scratch = Path(tempfile.mkdtemp(prefix="run-", dir=work.mkdir(parents=True, exist_ok=True) or work))
    try:
        files, lines = sample(corpus, args.sample_lines, scratch / "sample")
        report = peers_table(scratch / "sample", files, lines, work, args.skip_peers)
        report += per_file_table(corpus, args.slowest)
        report += corpus_runs(corpus, scratch / "cache")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
