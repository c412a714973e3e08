"""`nanlint check --watch`: a real process, real edits, checked again as they happen; and what it
refuses to repeat."""

import queue
import signal
import subprocess
import sys
import threading
import time

from cli_support import HUNG, LOG_OF_STD, RISKY, nanlint_env, write

FIRST_RULES = ("--select", "NAN101,NAN102")


class Lines:
    """The lines a process prints, read by a thread, waited for with a deadline."""

    def __init__(self, stream):
        self.queue = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            self.queue.put(line)

    def wait_for(self, text, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.queue.get(timeout=0.2)
            except queue.Empty:
                continue
            self.seen.append(line)
            if text in line:
                return line
        raise AssertionError(f"no {text!r} in {self.seen}")


def test_watch_checks_again_when_a_file_changes(tmp_path):
    path = write(tmp_path, "train.py", "import torch\n")
    process = subprocess.Popen(
        [sys.executable, "-m", "nanlint", "check", "--watch", "--output-format", "concise", *FIRST_RULES, "."],
        cwd=tmp_path, env=nanlint_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out = Lines(process.stdout)
        out.wait_for("Starting linter in watch mode...")
        out.wait_for("Found 0 errors. Watching for file changes.")
        path.write_text(LOG_OF_STD.lstrip())
        out.wait_for("File change detected...")
        out.wait_for("Found 1 error. Watching for file changes.")
        assert out.wait_for("NAN101").startswith("train.py:5:12: NAN101 ")
        write(tmp_path, "new.py", RISKY)  # a new file is watched too
        out.wait_for("Found 3 errors. Watching for file changes.")
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=HUNG) == 130
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.stderr.read() == "nanlint: interrupted\n"


def test_watch_checks_again_when_a_configuration_is_added_below(tmp_path):
    write(tmp_path, "nanlint.toml", 'select = ["NAN101", "NAN102"]\n')
    write(tmp_path, "sub/risky.py", RISKY)
    process = subprocess.Popen(
        [sys.executable, "-m", "nanlint", "check", "--watch", "--no-cache", "--output-format", "concise", "."],
        cwd=tmp_path, env=nanlint_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out = Lines(process.stdout)
        out.wait_for("Found 2 errors. Watching for file changes.")
        write(tmp_path, "sub/nanlint.toml", 'select = ["NAN101"]\n')  # the nearest configuration of sub/risky.py now
        out.wait_for("File change detected...")
        out.wait_for("Found 1 error. Watching for file changes.")
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=HUNG) == 130
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_watch_refuses_what_it_cannot_repeat(nanlint, tmp_path):
    for extra in (("--diff",), ("--statistics",), ("-o", "x.txt")):
        result = nanlint("check", "--watch", *extra, cwd=tmp_path)
        assert result.returncode == 2 and "`--watch` cannot be used with" in result.stderr
    assert "cannot read standard input" in nanlint("check", "--watch", "-", cwd=tmp_path, stdin="").stderr


def test_ctrl_c_ends_a_watch_started_with_sigint_ignored(tmp_path):
    write(tmp_path, "train.py", "import torch\n")
    process = subprocess.Popen(
        [sys.executable, "-m", "nanlint", "check", "--watch", *FIRST_RULES, "."],
        cwd=tmp_path, env=nanlint_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))  # as a shell's background job starts it
    try:
        Lines(process.stdout).wait_for("Watching for file changes.")
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=HUNG) == 130
    finally:
        process.kill()
