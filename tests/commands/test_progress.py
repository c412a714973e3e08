"""The progress line a long check keeps on a terminal: shown after its delay, counting every file
once (from the cache, in this process, in workers), erased before the report; never elsewhere."""

import io
import os
import pty
import select
import subprocess
import sys

import pytest

from cli_support import RISKY, call_nanlint, nanlint_env, write
from nanlint.commands import progress
from nanlint.commands.progress import ProgressLine
from nanlint.project import workers
from nanlint.project.checker import Checker
from nanlint.project.config import Settings
from nanlint.project.run import single

ERASE = "\r\x1b[2K"


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_the_line_waits_for_its_delay_refreshes_at_most_ten_times_a_second_and_is_erased():
    stream, clock = io.StringIO(), Clock()
    line = ProgressLine(40, stream, clock)
    clock.now += progress.DELAY - 0.5
    line(3)
    assert stream.getvalue() == ""
    clock.now += 0.5
    line(4)
    line(5)  # the same instant: not rewritten
    clock.now += 2 * progress.REFRESH
    line(6)
    line.close()
    assert stream.getvalue() == f"{ERASE}Checking files: 4/40{ERASE}Checking files: 6/40{ERASE}"


def test_a_check_done_before_the_delay_leaves_no_trace():
    stream = io.StringIO()
    line = ProgressLine(3, stream, Clock())
    line(3)
    line.close()
    assert stream.getvalue() == ""


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_file_is_counted_once_whoever_checks_it(tmp_path, monkeypatch, jobs):
    for index in range(6):
        write(tmp_path, f"pkg{index % 2}/module_{index}.py", RISKY)
    monkeypatch.setattr(progress, "DELAY", 0)
    monkeypatch.setattr(progress, "REFRESH", 0)
    monkeypatch.setattr(workers, "PARALLEL_MIN_BYTES", 0)
    checker = Checker(Settings(root=str(tmp_path), cache=True, cache_dir=str(tmp_path / "cache")))
    single(checker).run([str(tmp_path / "pkg0")])  # pkg0's three files are then answered by the cache
    project = single(checker)
    stream = io.StringIO()
    line = ProgressLine(6, stream, Clock())
    report = project.check(project.discover([str(tmp_path)]), jobs, line)
    line.close()
    counts = [int(shown.split(": ")[1].split("/")[0]) for shown in stream.getvalue().split(ERASE) if shown]
    assert counts[0] == 3 and counts[-1] == 6 and counts == sorted(counts)
    assert report.files_checked == 6 and len({finding.path for finding in report.findings}) == 6


def test_no_line_when_standard_error_is_no_terminal(tmp_path, monkeypatch):
    write(tmp_path, "model.py", RISKY)
    monkeypatch.setattr(progress, "DELAY", 0)
    result = call_nanlint("check", "model.py", "--no-cache", cwd=tmp_path)
    assert result.returncode == 1 and result.stderr == ""


def on_a_terminal(folder, *arguments):
    """(the completed CLI, what its standard error showed): the CLI in a process of its own, its
    standard error a pseudo-terminal, the progress line's delay set to 0."""
    script = "import sys; from nanlint.commands import progress; progress.DELAY = 0; from nanlint.commands.cli import main; sys.exit(main(sys.argv[1:]))"
    terminal, other_end = pty.openpty()
    try:
        child = subprocess.run(
            [sys.executable, "-c", script, *arguments],
            cwd=folder, stdout=subprocess.PIPE, stderr=other_end, env=nanlint_env(), timeout=120,
        )
        os.close(other_end)
        shown = b""
        while select.select([terminal], [], [], 0)[0]:
            try:
                chunk = os.read(terminal, 65536)
            except OSError:  # EIO: Linux's answer once every writer has closed its end
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(terminal)
    return child, shown.decode()


def test_a_real_terminal_sees_the_line_erased_before_the_report(tmp_path):
    write(tmp_path, "model.py", RISKY)
    write(tmp_path, "safe.py", "import torch\n")
    child, shown = on_a_terminal(tmp_path, "check", ".", "--no-cache", "-j", "1")
    assert child.returncode == 1 and b"NAN1" in child.stdout
    assert shown.startswith(f"{ERASE}Checking files: ") and shown.endswith(ERASE) and "/2" in shown
    quiet, shown = on_a_terminal(tmp_path, "check", ".", "--no-cache", "-j", "1", "--quiet")
    assert quiet.returncode == 1 and shown == ""
