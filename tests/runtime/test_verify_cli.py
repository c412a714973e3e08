"""`nanlint verify --run` end to end: real subprocesses for nanlint and for the command it runs."""

import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from cli_support import line_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYTHON = sys.executable


def write(directory, name, text):
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def events_at(document, line):
    """Every event the JSON report holds for a line: evidence of findings and runtime findings."""
    found = [e for f in document["findings"] for e in f["evidence"] if e["line"] == line]
    return found + [r["event"] for r in document["runtime_findings"] if r["line"] == line]


@pytest.fixture(scope="module")
def seed_run(tmp_path_factory):
    """The seed `x / 0` + backward, a grandchild process, and a sitecustomize of the user's own."""
    project = tmp_path_factory.mktemp("seed")
    write(project, "child.py", """
        import torch
        torch.sqrt(torch.tensor([-1.0]))  # grandchild-sqrt
    """)
    write(project, "seed.py", """
        import subprocess, sys
        import torch
        x = torch.tensor([1.0], requires_grad=True)
        y = x / 0  # seed-division
        with torch.autograd.detect_anomaly():
            y.backward()
        subprocess.run([sys.executable, "child.py"], check=True)
    """)
    own = project / "own_site"
    write(own, "sitecustomize.py", "open('own-sitecustomize-ran', 'w').close()\n")
    return project, os.pathsep.join([str(own), os.environ.get("PYTHONPATH", "")])


def test_seed_division_then_backward(nanlint, seed_run):
    project, pythonpath = seed_run
    result = nanlint("verify", ".", "--output-format", "json", "--run", PYTHON, "seed.py", cwd=project,
                     env={"PYTHONPATH": ROOT + os.pathsep + pythonpath})
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    division = events_at(document, line_of(str(project / "seed.py"), "# seed-division"))
    assert {(e["phase"], e["kind"], e["op"], e["values"]) for e in division} == {
        ("forward", "root", "div", "+inf"), ("backward", "root", "div", "+inf")}
    grandchild = events_at(document, line_of(str(project / "child.py"), "# grandchild-sqrt"))
    assert [(e["op"], e["values"]) for e in grandchild] == [("sqrt", "NaN")]
    assert document["child"]["returncode"] == 0 and document["processes"]["monitored"] == 2
    assert (project / "own-sitecustomize-ran").exists()


def test_bundled_example_shows_every_outcome(nanlint):
    example = os.path.join(ROOT, "examples", "verify", "train_nan.py")
    result = nanlint("verify", "examples/verify", "--run", PYTHON, example, cwd=ROOT)
    assert result.returncode == 1, result.stderr
    report = result.stdout
    assert "confirmed: backward of log made -inf (float32) in LogBackward0, once, first at step 1" in report
    assert "not triggered: min x = " in report
    assert "not reached: no op ran at this line" in report
    assert "NAN011 forward div made NaN (float32), once, first at step 3" in report
    assert "the command exited normally" in report


def test_a_crashing_target_keeps_its_events(nanlint, tmp_path):
    write(tmp_path, "crash.py", """
        import os, signal
        import torch
        torch.log(torch.zeros(2))  # before-crash
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    result = nanlint("verify", ".", "--output-format", "json", "--run", PYTHON, "crash.py", cwd=tmp_path)
    assert result.returncode == 1
    document = json.loads(result.stdout)
    (event,) = events_at(document, line_of(str(tmp_path / "crash.py"), "# before-crash"))
    assert (event["kind"], event["op"], event["values"]) == ("root", "log", "-inf")
    assert document["child"]["status"] == "the command was killed by signal SIGKILL"
    assert "1 monitored process(es) ended without exiting normally" in document["notes"][0]


def test_a_failing_target_without_findings_is_reported_as_such(nanlint, tmp_path):
    result = nanlint("verify", ".", "--run", PYTHON, "-c", "import sys; sys.exit(3)", cwd=tmp_path)
    assert result.returncode == 2
    assert "the command exited with status 3" in result.stdout
    assert "0 found at run time only" in result.stdout


def test_a_hanging_target_is_stopped_by_the_timeout(nanlint, tmp_path):
    write(tmp_path, "hang.py", """
        import time
        import torch
        torch.log(torch.zeros(1))  # before-hang
        time.sleep(600)
    """)
    # Long enough for torch's import on a loaded machine, which the timeout counts too.
    result = nanlint("verify", ".", "--timeout", "15", "--output-format", "json", "--run", PYTHON, "hang.py",
                     cwd=tmp_path)
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert document["child"]["status"] == "the command timed out after 15s and was stopped"
    assert document["child"]["timed_out"] and document["processes"]["unfinished"] == 0
    (event,) = events_at(document, line_of(str(tmp_path / "hang.py"), "# before-hang"))
    assert event["op"] == "log"


def test_verify_a_pytest_suite(nanlint, tmp_path):
    write(tmp_path, "numbers_lib.py", """
        import torch

        def root_of(x):
            return torch.sqrt(x)  # sqrt-in-library
    """)
    write(tmp_path, "tests/test_numbers.py", """
        import torch
        import numbers_lib

        def test_fine():
            assert torch.log(torch.ones(2)).sum() == 0

        def test_nan():
            numbers_lib.root_of(torch.tensor([-4.0]))
    """)
    result = nanlint("verify", ".", "--output-format", "json", "--run", PYTHON, "-m", "pytest", "-q",
                     "-p", "no:cacheprovider", "tests", cwd=tmp_path, env={"PYTHONPATH": "%s:%s" % (ROOT, tmp_path)})
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    (event,) = events_at(document, line_of(str(tmp_path / "numbers_lib.py"), "# sqrt-in-library"))
    assert event["contexts"] == ["tests/test_numbers.py::test_nan"]


def test_github_output_carries_the_runtime_finding(nanlint, tmp_path):
    write(tmp_path, "bad.py", "import torch\ntorch.log(torch.zeros(1))\n")
    result = nanlint("verify", ".", "--output-format", "github", "--run", PYTHON, "bad.py", cwd=tmp_path)
    assert result.returncode == 1
    assert re.match(r"::warning title=nanlint \(NAN\d+\),file=bad.py,line=2,.*made -inf", result.stdout)
    assert "the command exited normally" in result.stderr


@pytest.mark.parametrize("arguments, message", [
    (["verify"], "--run needs a command"),
    (["verify", "--timeout", "0", "--run", "true"], "--timeout must be a positive number"),
    (["verify", "no-such-dir", "--run", "true"], "no such file or directory: no-such-dir"),
    (["verify", "--run", "no-such-command-for-nanlint"], "could not be started"),
])
def test_usage_errors_exit_2(nanlint, tmp_path, arguments, message):
    result = nanlint(*arguments, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr


def test_ctrl_c_stops_the_target_and_still_reports(tmp_path):
    write(tmp_path, "wait.py", """
        import time
        import torch
        torch.log(torch.zeros(1))
        time.sleep(600)
    """)
    events = tmp_path / "events"
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    command = [PYTHON, "-m", "nanlint", "verify", ".", "--events-dir", str(events), "--output-format", "json",
               "--run", PYTHON, "wait.py"]
    process = subprocess.Popen(command, cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not any(b'"type":"event"' in p.read_bytes() for p in events.glob("*.jsonl")):
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    stdout, _ = process.communicate(timeout=60)
    assert process.returncode == 1
    document = json.loads(stdout)
    assert document["child"]["interrupted"] and document["processes"]["unfinished"] == 0
    assert document["summary"]["confirmed"] + document["summary"]["runtime"] == 1


def test_an_unknown_suppression_on_a_log_line_is_not_confirmed_by_the_log(nanlint, tmp_path):
    write(tmp_path, "noqa.py", """
        import torch
        y = torch.log(torch.zeros(2))  # noqa: NAN999
    """)
    result = nanlint("verify", ".", "--output-format", "json", "--run", PYTHON, "noqa.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    (finding,) = document["findings"]
    assert (finding["code"], finding["outcome"], finding["evidence"]) == ("NAN001", "static only", [])
    (runtime,) = document["runtime_findings"]
    assert (runtime["code"], runtime["line"], runtime["flagged_by"]) == ("NAN011", 3, ["NAN001"])
    assert runtime["event"]["op"] == "log"


OPT_IN_DIVISIONS = """
    import torch
    x = torch.zeros(3)
    empty = x.sum()
    print(x / empty)  # confirmed-division
    full = torch.rand(3).sum()
    print(x / full)  # quiet-division
"""


def test_an_opt_in_rule_confirmed_by_the_run_is_shown_and_an_unconfirmed_one_only_with_preview(nanlint, tmp_path):
    """NAN401 (division by a possibly-zero value) is off by default: verify still watches its sites."""
    script = write(tmp_path, "divisions.py", OPT_IN_DIVISIONS)
    confirmed, quiet = line_of(script, "# confirmed-division"), line_of(script, "# quiet-division")

    def outcomes(*options):
        result = nanlint("verify", ".", "--output-format", "json", *options, "--run", PYTHON, "divisions.py", cwd=tmp_path)
        assert result.returncode == 1, result.stderr
        document = json.loads(result.stdout)
        found = [(f["code"], f["line"], f["outcome"], f["opt_in"]) for f in document["findings"]]
        return found, [(r["code"], r["line"]) for r in document["runtime_findings"]]

    assert outcomes() == ([("NAN401", confirmed, "confirmed", True)], [])
    assert outcomes("--preview") == (
        [("NAN401", confirmed, "confirmed", False), ("NAN401", quiet, "not triggered", False)], [])
    assert outcomes("--ignore", "NAN401") == ([], [("NAN011", confirmed)])


def test_the_text_summary_counts_confirmed_opt_in_findings(nanlint, tmp_path):
    write(tmp_path, "divisions.py", OPT_IN_DIVISIONS)
    result = nanlint("verify", ".", "--run", PYTHON, "divisions.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "NAN401 Division by" in result.stdout and "  confirmed (opt-in rule): forward div made NaN" in result.stdout
    assert "nanlint verify: 1 confirmed (1 from an opt-in rule), 0 not triggered, 0 not reached, 0 found" in result.stdout


def test_a_python_float_power_of_e_is_confirmed_where_a_fill_overflows(nanlint, tmp_path):
    """`math.e ** (1 / t)` is Python arithmetic: no torch op overflows, the fill that takes the value raises."""
    script = write(tmp_path, "temperature.py", """
        import math
        import torch
        temperature = 0.01
        try:
            torch.empty(3).fill_(math.e ** (1 / temperature))  # e-power
        except RuntimeError:
            pass
    """)
    result = nanlint("verify", ".", "--output-format", "json", "--run", PYTHON, "temperature.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    found = [(f["code"], f["line"], f["outcome"]) for f in document["findings"]]
    assert found == [("NAN507", line_of(script, "# e-power"), "confirmed")]
    assert [e["op"] for e in document["findings"][0]["evidence"]] == ["fill_"]


MASKED_MEAN = """
    import torch

    def masked_mean(x, mask):
        return (x * mask).sum() / mask.sum()  # masked-mean

    print(masked_mean(torch.randn(4), torch.zeros(4)))
"""


@pytest.mark.parametrize("options", [(), ("--preview",)])
def test_one_nan_of_a_masked_mean_is_one_confirmed_finding(nanlint, tmp_path, options):
    """NAN402 (a division by the sum of the mask) supersedes NAN401 (a division by a possibly-zero
    value) on the same division: one finding, one confirmation, with or without the opt-in rules
    (without them NAN401 was an opt-in candidate of its own)."""
    script = write(tmp_path, "masked.py", MASKED_MEAN)
    result = nanlint("verify", ".", "--output-format", "json", *options, "--run", PYTHON, "masked.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    found = [(f["code"], f["line"], f["outcome"]) for f in document["findings"]]
    assert found == [("NAN402", line_of(script, "# masked-mean"), "confirmed")]
    assert (document["summary"]["confirmed"], document["summary"]["runtime"]) == (1, 0)
    text = nanlint("verify", ".", *options, "--run", PYTHON, "masked.py", cwd=tmp_path).stdout
    assert "nanlint verify: 1 confirmed, 0 not triggered" in text


def test_a_command_whose_python_has_no_torch_is_said_first_in_one_line(nanlint, tmp_path):
    """The command runs a Python without torch: the script dies on `import torch`, nothing could be
    monitored, and the report says that first, in one line, instead of one "unknown" per finding."""
    subprocess.run([PYTHON, "-m", "venv", "--without-pip", str(tmp_path / "bare")], check=True, timeout=120)
    bare = str(tmp_path / "bare" / "bin" / "python")
    if subprocess.run([bare, "-c", "import torch"], capture_output=True).returncode == 0:
        pytest.skip("the base interpreter has torch: a bare venv cannot be made without it")
    write(tmp_path, "masked.py", MASKED_MEAN)
    result = nanlint("verify", ".", "--run", bare, "masked.py", cwd=tmp_path)
    assert result.returncode == 2
    assert "ModuleNotFoundError: No module named 'torch'" in result.stderr  # the script's own traceback
    assert result.stdout.splitlines() == [
        f"nanlint verify: the command's Python ({bare}) cannot import torch (ModuleNotFoundError: No module named "
        "'torch'): nothing ran under the monitor; run the command with a Python that has torch",
        "the command exited with status 1",
        "nanlint verify: 0 confirmed, 0 not triggered, 0 not reached, 1 unknown, 0 found at run time only (0 process(es) monitored)",
    ]
    document = json.loads(nanlint("verify", ".", "--output-format", "json", "--run", bare, "masked.py", cwd=tmp_path).stdout)
    assert [f["outcome"] for f in document["findings"]] == ["unknown"]
    assert "cannot import torch (ModuleNotFoundError" in document["notes"][0]
