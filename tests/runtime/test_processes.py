"""`nanlint verify` in every process of a run: real subprocesses, DataLoader workers (fork and spawn),
torchrun ranks, and the processes it cannot monitor (reported as unknown, exit 2)."""

import json
import os
import re
import sys

import pytest

import nanlint
from cli_support import line_of, write
from nanlint.runtime.bypass import bootstrap_bypass

PYTHON = sys.executable
TORCHRUN = os.path.join(os.path.dirname(sys.executable), "torchrun")

FLAGGED = """
import torch
import torch.nn.functional as F

x = torch.randn(4, 3)
p = torch.log(F.softmax(x * 1000, dim=-1))  # flagged
"""

WORKER_LOG = """
import sys
import torch
from torch.utils.data import DataLoader, Dataset


class Data(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return torch.log(torch.zeros(2))  # worker-log


if __name__ == "__main__":
    weight = torch.ones(3, requires_grad=True)
    for step in range(5):  # training steps first: past the full window, the parent is sampled
        (weight * 2).sum().backward()
    loader = DataLoader(Data(), batch_size=2, num_workers=2, multiprocessing_context=sys.argv[1])
    total = 0.0
    for batch in loader:  # fetch
        total = total + (batch * 2).sum()
"""

WORKER_NUMPY = """
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class Data(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return np.array([np.nan, 1.0], dtype=np.float32)


if __name__ == "__main__":
    for batch in DataLoader(Data(), batch_size=2, num_workers=2):  # fetch
        (batch * 2).sum()
"""

DDP = """
import torch
import torch.distributed as dist
import torch.nn as nn

dist.init_process_group("gloo")
rank = dist.get_rank()
model = nn.parallel.DistributedDataParallel(nn.Linear(3, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(4):
    out = model(torch.ones(2, 3)).sum()
    scale = torch.tensor(0.0 if rank == 1 and step == 2 else 1.0)
    loss = out / scale  # rank1-div
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
dist.destroy_process_group()
"""


# nanlint's own code: the folder of the package this test imports (the one verify runs from).
NANLINT_PACKAGE = os.path.dirname(os.path.realpath(nanlint.__file__))


def nanlint_frames(tracebacks):
    """The frames of Python tracebacks (`File "PATH", line N`) whose file is in nanlint's package.
    A checkout, its venv and the interpreter may all have "nanlint" in their paths: only the
    package's own files count."""
    files = re.findall(r'^\s*File "([^"]+)", line \d+', tracebacks, re.M)
    assert files, tracebacks
    return [path for path in files if os.path.realpath(path).startswith(NANLINT_PACKAGE + os.sep)]


def report(result):
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def runtime_findings(document):
    return [(f["code"], f["line"]) for f in document["runtime_findings"]]


def test_python_isolated_is_unknown_and_exit_2(nanlint, tmp_path):
    write(tmp_path, "train.py", FLAGGED)
    result = nanlint("verify", "train.py", "--no-progress", "--run", PYTHON, "-I", "train.py", cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "  unknown: no process of the command was monitored" in result.stdout
    assert "  not reached:" not in result.stdout
    assert ("note: the command ran but no Python process loaded nanlint's monitor: python -I ignores "
            "PYTHONPATH; every outcome is unknown") in result.stdout
    assert "1 unknown" in result.stdout and "(0 process(es) monitored)" in result.stdout


def test_a_subprocess_out_of_reach_is_named_and_its_lines_are_unknown(nanlint, tmp_path):
    write(tmp_path, "train.py", FLAGGED)
    write(tmp_path, "launch.py", "import subprocess, sys, torch\nsubprocess.run([sys.executable, '-I', 'train.py'], check=True)\n")
    result = nanlint("verify", "train.py", "--no-progress", "--output-format", "json", "--run", PYTHON, "launch.py",
                     cwd=tmp_path)
    document = report(result)
    assert [f["outcome"] for f in document["findings"]] == ["unknown"]
    assert document["processes"]["unmonitored"] == [
        {"argv": [PYTHON, "-I", "train.py"], "reason": "python -I ignores PYTHONPATH"}]
    assert any(note.startswith("only some processes were monitored: 1 subprocess(es)") for note in document["notes"])


@pytest.mark.parametrize("context, window", [("fork", "20"), ("fork", "0"), ("spawn", "20")])
def test_dataloader_workers_report_their_own_lines(nanlint, tmp_path, context, window):
    path = write(tmp_path, "load.py", WORKER_LOG)
    result = nanlint("verify", ".", "--no-progress", "--output-format", "json", "--full-window", window,
                     "--run", PYTHON, "load.py", context, cwd=tmp_path)
    document = report(result)
    assert runtime_findings(document) == [("NAN011", line_of(path, "# worker-log"))]
    (event,) = [f["event"] for f in document["runtime_findings"]]
    assert (event["op"], event["workers"], event["count"]) == ("log", [0, 1], 4)
    assert "4 times in DataLoader workers 0, 1" in document["runtime_findings"][0]["message"]
    assert (document["processes"]["monitored"], document["processes"]["workers"]) == (3, 2)
    assert document["processes"]["unfinished"] == 0


def test_data_a_worker_loaded_is_input_at_the_line_that_fetched_it(nanlint, tmp_path):
    path = write(tmp_path, "load.py", WORKER_NUMPY)
    document = report(nanlint("verify", ".", "--no-progress", "--output-format", "json", "--run", PYTHON, "load.py",
                              cwd=tmp_path))
    assert runtime_findings(document) == [("NAN015", line_of(path, "# fetch"))]
    assert "in a batch a DataLoader worker loaded" in document["runtime_findings"][0]["message"]


def test_torchrun_ranks_are_monitored_and_merged(nanlint, tmp_path):
    path = write(tmp_path, "train.py", DDP)
    result = nanlint("verify", ".", "--no-progress", "--output-format", "json", "--run", TORCHRUN, "--standalone",
                     "--nproc_per_node", "2", "train.py", cwd=tmp_path, env={"OMP_NUM_THREADS": "1"}, timeout=300)
    document = report(result)
    division = line_of(path, "# rank1-div")
    # The division confirms a finding (NAN401 flags `/ scale`) or is a runtime finding of its own.
    events = [e for f in document["findings"] for e in f["evidence"] if e["line"] == division]
    events += [f["event"] for f in document["runtime_findings"] if f["line"] == division]
    assert sorted((e["phase"], e["op"]) for e in events) == [("backward", "div"), ("forward", "div")]
    for event in events:
        assert (event["ranks"], event["first_rank"], event["first_step"]) == ([1], 1, 2)
    texts = [f["detail"] for f in document["findings"]] + [f["message"] for f in document["runtime_findings"]]
    assert sum(text.count("once, first at rank 1, step 2") for text in texts) == 2
    assert document["processes"]["ranks"] == [0, 1]
    assert document["processes"]["monitored"] == 3  # the launcher and both ranks


def test_run_accepts_double_dash(nanlint, tmp_path):
    write(tmp_path, "args.py", "import sys, torch\nprint('argv', sys.argv[1:])\ntorch.log(torch.zeros(1))\n")
    result = nanlint("verify", "args.py", "--no-progress", "--run", "--", PYTHON, "args.py", "--", "--lr", "1",
                     cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "argv ['--', '--lr', '1']" in result.stdout
    assert "NAN011 forward log made -inf" in result.stdout


def test_tracebacks_hold_no_nanlint_frames(nanlint, tmp_path):
    write(tmp_path, "shapes.py", """
        import sys
        import threading
        import torch
        from torch.utils.data import DataLoader, Dataset

        def bad_shapes(*args):
            return torch.mm(torch.ones(2, 3), torch.ones(2, 3))

        class Shapes(Dataset):
            __len__ = lambda self: 1
            __getitem__ = bad_shapes

        worker = threading.Thread(target=bad_shapes)
        worker.start()
        worker.join()
        try:
            next(iter(DataLoader(Shapes(), num_workers=1)))
        except RuntimeError as error:  # the worker's traceback, formatted in the worker
            print(error, file=sys.stderr)
        try:
            bad_shapes()
        except RuntimeError as error:
            raise ValueError("shapes") from error
    """)
    result = nanlint("verify", "shapes.py", "--no-progress", "--run", PYTHON, "shapes.py", cwd=tmp_path)
    assert result.returncode == 2
    tracebacks = result.stderr
    # in the thread, in the DataLoader worker, in main
    assert tracebacks.count("return torch.mm(torch.ones(2, 3), torch.ones(2, 3))") == 3
    assert tracebacks.count("RuntimeError: mat1 and mat2 shapes cannot be multiplied") == 3
    assert "Caught RuntimeError in DataLoader worker process 0" in tracebacks
    assert "ValueError: shapes" in tracebacks
    assert nanlint_frames(tracebacks) == []


def test_pytest_under_verify_warns_nothing_and_hides_the_monitor(nanlint, tmp_path):
    write(tmp_path, "shapes.py", "import torch\n\ndef bad_shapes():\n    return torch.mm(torch.ones(2, 3), torch.ones(2, 3))\n")
    write(tmp_path, "test_log.py", """
        import torch
        from shapes import bad_shapes

        def test_log():
            assert torch.log(torch.ones(1)).item() == 0

        def test_shapes():
            bad_shapes()
    """)
    result = nanlint("verify", ".", "--no-progress", "--run", PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                     "test_log.py", cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr  # a test failed
    assert "1 failed, 1 passed" in result.stdout
    assert "return torch.mm(torch.ones(2, 3), torch.ones(2, 3))" in result.stdout
    assert "Warning" not in result.stdout + result.stderr
    assert "nanlint" not in result.stdout[:result.stdout.index("short test summary")]


@pytest.mark.parametrize("argv, reason", [
    (["python", "-I", "x.py"], "python -I ignores PYTHONPATH"),
    (["/usr/bin/python3.11", "-u", "-Es", "x.py"], "python -E ignores PYTHONPATH"),
    (["python3", "-X", "importtime", "-S", "x.py"], "python -S skips sitecustomize"),
    (["python", "-W", "I", "x.py"], None),  # a warning filter's value, not a flag
    (["python", "-c", "import sys", "-I"], None),  # the code's own argument
    (["python", "x.py", "-I"], None),  # the script's own argument
    (["bash", "-I"], None),
])
def test_flags_that_bypass_the_bootstrap(argv, reason):
    assert bootstrap_bypass(argv) == reason


def test_an_environment_without_the_bootstrap():
    assert bootstrap_bypass(["python", "x.py"], env={}) == "its environment has no NANLINT_RUN_DIR"
    kept = {"NANLINT_RUN_DIR": "/run", "PYTHONPATH": os.pathsep.join(["/b", "/src"])}
    assert bootstrap_bypass(["python", "x.py"], env=kept, bootstrap_dir="/b") is None
    assert bootstrap_bypass(["python", "x.py"], env=dict(kept, PYTHONPATH="/src"), bootstrap_dir="/b") == (
        "its PYTHONPATH does not hold nanlint's bootstrap")
