"""The report is the same whatever the number of worker processes."""

import resource

import pytest

from cli_support import RISKY, run_nanlint, write
from nanlint.project import workers
from nanlint.project.checker import Checker
from nanlint.project.run import single
from nanlint.project.config import Settings

FILLER = "\n".join(f"def helper_{i}(x):\n    return torch.log((x > 0).sum(dim={i % 3}))\n" for i in range(60))


def tree(tmp_path, files=48):
    """`files` files of about 6 KiB, with findings, plus an unparsable and an undecodable one."""
    for index in range(files):
        write(tmp_path, f"pkg{index % 4}/module_{index:02}.py", RISKY + "\n" + FILLER)
    write(tmp_path, "pkg0/broken.py", "import torch\ndef f(:\n")
    (tmp_path / "pkg1" / "latin.py").write_bytes(b"import torch\nname = '\xe9'\n")
    return tmp_path


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def test_workers_give_the_same_report_as_one_process(tmp_path, monkeypatch):
    tree(tmp_path)
    monkeypatch.setattr(workers, "PARALLEL_MIN_BYTES", 0)
    checker = Checker(Settings(root=str(tmp_path), cache=False, select=("ALL",), preview=True))
    serial = single(checker).run([str(tmp_path)], jobs=1)
    before = children_cpu_seconds()
    parallel = single(checker).run([str(tmp_path)], jobs=3)
    assert children_cpu_seconds() > before, "the workers did the checking"
    assert parallel.findings == serial.findings and parallel.errors == serial.errors
    assert len(serial.findings) > 48 * 60 and len(serial.errors) == 2


def test_small_runs_stay_in_one_process(tmp_path):
    files = [str(write(tmp_path, f"m{index}.py", RISKY)) for index in range(20)]  # files named: no git
    checker = Checker(Settings(root=str(tmp_path), cache=False))
    before = children_cpu_seconds()
    assert len(single(checker).run(files, jobs=4).findings) == 2 * 20
    assert children_cpu_seconds() == before


@pytest.mark.slow  # 400 KiB with every rule, four runs (test_hierarchy's worker test runs the CLI's -j 2 by default)
@pytest.mark.parametrize("jobs", ["2", "3"])
def test_cli_output_does_not_depend_on_the_job_count(tmp_path, jobs):
    tree(tmp_path, files=64)  # about 400 KiB: above the threshold for workers
    options = ("check", ".", "--no-cache", "--select", "ALL", "--preview", "--output-format", "json")
    one = run_nanlint(*options, "-j", "1", cwd=tmp_path)
    many = run_nanlint(*options, "-j", jobs, cwd=tmp_path)
    assert one.returncode == 2 and one.stdout.count('"code"') > 64 * 60
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)
