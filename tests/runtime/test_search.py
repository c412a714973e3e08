"""`nanlint verify --search` end to end: real runs of nanlint, of the command, of the search and of the
reproducers it writes (each in its own subprocess)."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

from cli_support import line_of, nanlint_env

PYTHON = sys.executable

PROGRAM = """
    import atexit
    import sys


    def _check_state():  # registered before torch is imported, so it runs after the search
        torch = sys.modules["torch"]
        unchanged = all(torch.equal(BEFORE[k], v) for k, v in HEAD.state_dict().items())
        print("params unchanged after the search:", unchanged and HEAD.proj.weight.grad is None, file=sys.stderr)


    atexit.register(_check_state)

    import torch
    import torch.nn as nn

    CALLS = 0


    def nll(logits, target):
        probs = torch.softmax(logits, dim=-1)
        return -torch.log(probs).gather(1, target[:, None]).mean()  # log-of-softmax


    def rmse(pred, target):
        return torch.sqrt(((pred - target) ** 2).mean())  # sqrt-of-mse


    def clamped_nll(logits, target):
        probs = torch.softmax(logits.clamp(-3, 3), dim=-1)
        return -torch.log(probs).gather(1, target[:, None]).mean()  # fixed-twin


    def logged(x):
        with open("written-by-search.txt", "w") as handle:
            handle.write("the search ran me")
        return torch.log(torch.softmax(x, -1)).sum()  # writes-a-file


    def counted(x):
        global CALLS
        CALLS += 1
        return torch.log(torch.softmax(x, -1)).sum()  # assigns-a-global


    class Head(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 3)

        def forward(self, x):
            return torch.log(torch.softmax(self.proj(x), dim=-1)).mean()  # module-forward


    torch.manual_seed(0)
    logits = torch.randn(4, 5, requires_grad=True)
    target = torch.tensor([0, 1, 2, 3])
    nll(logits, target).backward()
    clamped_nll(logits, target).backward()
    pred = torch.randn(3, requires_grad=True)
    rmse(pred, torch.randn(3)).backward()
    HEAD = Head()
    BEFORE = {k: v.clone() for k, v in HEAD.state_dict().items()}
    with torch.no_grad():
        HEAD(torch.randn(2, 4))
    logged(torch.randn(2, 3))
    counted(torch.randn(2, 3))
    import os
    os.remove("written-by-search.txt")  # the program's own write, undone: only the search's would remain
"""


def write_program(directory):
    path = directory / "train.py"
    path.write_text(textwrap.dedent(PROGRAM), encoding="utf-8")
    return path


def verify_search(nanlint, project, *options):
    result = nanlint("verify", "train.py", "--preview", "--output-format", "json", "--search", *options,
                     "--run", PYTHON, "train.py", cwd=project, timeout=300)
    return result, json.loads(result.stdout)


def search_at(document, path, marker):
    line = line_of(path, marker)
    found = [f for f in document["findings"] if f["line"] <= line <= f["end_line"]]
    assert found, (marker, [(f["line"], f["code"]) for f in document["findings"]])
    return found[0]["search"]


@pytest.fixture(scope="module")
def searched(tmp_path_factory):
    from cli_support import run_nanlint

    project = tmp_path_factory.mktemp("search")
    program = write_program(project)
    result, document = verify_search(run_nanlint, project, "--search-budget", "4", "--search-dir", "repro")
    return project, program, result, document


def test_log_and_sqrt_made_non_finite_and_reproduced(searched):
    project, program, result, document = searched
    assert result.returncode == 1, result.stderr
    log = search_at(document, program, "# log-of-softmax")
    assert log["status"] == "triggerable", log
    # gather keeps only the targets' entries: a -inf elsewhere is thrown away, and its gradient is the NaN
    assert "`logits`" in log["claim"] and "log at train.py:%d produce " % line_of(program, "# log-of-softmax") in log["claim"]
    assert (log["trigger"]["op"], log["trigger"]["phase"], log["trigger"]["values"]) in (
        ("log", "forward", "-inf"), ("log", "backward", "NaN"))
    sqrt = search_at(document, program, "# sqrt-of-mse")
    assert sqrt["status"] == "triggerable", sqrt
    assert sqrt["trigger"]["phase"] == "backward" and sqrt["trigger"]["op"] == "sqrt"
    assert not [n for n in document["notes"] if "reach" in n], document["notes"]  # re-runs are not the program's
    for found in (log, sqrt):  # the reproducer, run by hand in a fresh process, shows the value again
        script = os.path.join(found["reproducer"], "reproduce.py")
        assert os.path.realpath(found["reproducer"]).startswith(os.path.realpath(project / "repro"))
        rerun = subprocess.run([PYTHON, script], capture_output=True, text=True, env=nanlint_env(), timeout=120)
        assert rerun.returncode == 1, rerun.stdout + rerun.stderr
        assert "reproduced" in rerun.stdout and ("-inf" in rerun.stdout or "+inf" in rerun.stdout)


def test_module_forward_searched_on_a_copy(searched):
    _, program, result, document = searched
    head = search_at(document, program, "# module-forward")
    assert head["status"] == "triggerable", head
    assert head["function"] == "Head.forward"
    assert "params unchanged after the search: True" in result.stderr


def test_fixed_twin_not_triggered_within_its_budget(searched):
    _, program, _, document = searched
    twin = search_at(document, program, "# fixed-twin")
    assert twin["status"] == "not triggered", twin
    assert twin["budget"] == 4 and twin["ran_out"] and twin["trials"] > 10
    assert twin["margin"]["quantity"] == "min x" and twin["margin"]["value"] > 0


def test_a_function_writing_a_file_is_not_searched_and_writes_nothing(searched):
    project, program, _, document = searched
    writer = search_at(document, program, "# writes-a-file")
    assert writer["status"] == "not searched"
    assert "written-by-search.txt" in writer["reason"] and "for writing" in writer["reason"]
    assert not (project / "written-by-search.txt").exists()
    counter = search_at(document, program, "# assigns-a-global")
    assert counter["status"] == "not searched" and "assigns the global `CALLS`" in counter["reason"]


def test_text_report_and_total_budget(nanlint, tmp_path):
    write_program(tmp_path)
    result = nanlint("verify", "train.py", "--preview", "--search", "--search-budget", "30", "--search-total-budget",
                     "0.5", "--run", PYTHON, "train.py", cwd=tmp_path, timeout=300)
    text = result.stdout
    assert "search: not searched: the total search budget (0.5s) ran out before this finding" in text, text
    assert "nanlint verify --search:" in text.splitlines()[-1]
    assert not (tmp_path / "written-by-search.txt").exists()


def test_pytest_search_finds_what_the_tests_did_not(pytester):
    pytester.makepyfile(losses="""
        import torch


        def nll(logits, target):
            probs = torch.softmax(logits, dim=-1)
            return -torch.log(probs).gather(1, target[:, None]).mean()
    """)
    pytester.makepyfile(test_losses="""
        import torch

        from losses import nll


        def test_nll_is_finite():
            torch.manual_seed(0)
            assert torch.isfinite(nll(torch.randn(4, 5), torch.tensor([0, 1, 2, 3])))
    """)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--nanlint-search", "--nanlint-search-budget", "5",
                                           "--nanlint-search-dir", "repro")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines([
        "*nanlint: search*",
        # the -inf itself, or (when gather drops it) its NaN gradient
        "losses.py:6: NAN102 triggerable: * makes log at losses.py:6 produce *; reproducer: repro/*",
        "pytest --nanlint-search: 1 triggerable, 0 unconfirmed, 0 not triggered within budget, 0 not searched",
    ])
