"""The real-bug benchmark (benchmarks/realbugs) is well formed, and every label holds when run."""

import json
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks" / "realbugs"))

import run as realbugs  # noqa: E402


def test_every_case_is_well_formed_and_from_its_own_report():
    cases = realbugs.load_cases()
    assert len(cases) >= 100
    assert len({case.source for case in cases}) == len(cases)
    assert all(case.source.startswith(("https://", "http://")) for case in cases)


def test_a_case_without_its_fixed_twin_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "lonely"
    folder.mkdir()
    (folder / "bug.py").write_text("import torch\nx = torch.log(torch.zeros(1))\n")
    (folder / "case.toml").write_text(
        'source = "https://example.org/1"\ntitle = "t"\nline = 2\nsymptom = "inf"\noutputs = ["x"]\n'
        'phase = "forward"\ntrigger = "zeros"\ncategory = "log"\n'
    )
    with pytest.raises(realbugs.CaseError, match="fixed.py is missing"):
        realbugs.load_case(folder)


@pytest.mark.slow
def test_every_label_holds_when_the_scripts_run():
    """Each bug.py shows its NaN, Inf or autograd error on this torch; each fixed.py runs clean. The
    project forms (the same bugs spread over files, run by `run.py --labels-only` whenever cases are
    added) are left out here: they double a run that CI pays for on every stop."""
    pytest.importorskip("torch")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "realbugs" / "run.py"), "--labels-only", "--scripts-only"],
                          capture_output=True, text=True, timeout=3000)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "0 do not" in done.stdout


@pytest.mark.slow  # the benchmark's harness: nanlint verify and anomaly mode on two cases' scripts
def test_verify_mode_locates_a_case_and_compares_anomaly_mode():
    """`run.py --verify`: real `nanlint verify` runs of one case's bug.py and fixed.py, and anomaly mode."""
    pytest.importorskip("torch")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "realbugs" / "run.py"), "--verify", "--anomaly",
                           "abinet-65-ctc-inf", "apex-93-fp16-masked-fill-1e15"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "located at the bug line   2/2 (100%)" in done.stdout
    assert "twins where verify reports a non-finite value born in fixed.py: 0/2 (0%)" in done.stdout
    # anomaly mode names CtcLossBackward0's forward call at the bug line; it never sees the float16 fill
    assert "forward traceback at the bug line 1/2 (50%)" in done.stdout


def _write_case(folder: Path, fixed: str, residual: str = "") -> Path:
    """A case whose bug.py takes log of 0 and whose fixed.py is `fixed`, with `residual` TOML appended."""
    folder.mkdir()
    (folder / "bug.py").write_text("import torch\nx = torch.log(torch.zeros(1))\n")
    (folder / "fixed.py").write_text(fixed)
    (folder / "case.toml").write_text(
        f'source = "https://example.org/{folder.name}"\ntitle = "t"\nline = 2\nsymptom = "inf"\noutputs = ["x"]\n'
        'phase = "forward"\ntrigger = "zeros"\ncategory = "log"\n' + residual
    )
    return folder


# A twin that still takes log of a softmax (NAN102 at line 5), fed a scale that keeps it finite.
SOFTMAX_TWIN = """import torch

scale = 1.0
logits = torch.tensor([0.0, 1.0]) * scale
x = torch.log(torch.softmax(logits, dim=0))
"""
RESIDUAL = """
[[residual]]
line = 5
rule = "NAN102"
why = "a logit 200 above the other: the softmax underflows to 0 and log gives -inf"
trigger = [["scale = 1.0", "scale = 200.0"]]
symptom = "inf"
"""


def test_a_residual_must_match_its_twin(tmp_path):
    _write_case(tmp_path / "good", SOFTMAX_TWIN, RESIDUAL)
    assert realbugs.load_case(tmp_path / "good").residual[0].rule == "NAN102"
    _write_case(tmp_path / "stale", SOFTMAX_TWIN, RESIDUAL.replace('"scale = 1.0"', '"scale = 3.0"').replace('"NAN102"', '"log"'))
    with pytest.raises(realbugs.CaseError) as refused:
        realbugs.load_case(tmp_path / "stale")
    assert "rule 'log' is not a rule code" in str(refused.value)
    assert "trigger line 'scale = 3.0' is not exactly one line of fixed.py" in str(refused.value)


def test_a_residual_trigger_runs_the_twin_and_must_show_its_hazard(tmp_path):
    pytest.importorskip("torch")
    shown = realbugs.load_case(_write_case(tmp_path / "shown", SOFTMAX_TWIN, RESIDUAL))
    assert realbugs.label_problems(shown) == []
    harmless = realbugs.load_case(_write_case(tmp_path / "harmless", SOFTMAX_TWIN, RESIDUAL.replace("200.0", "2.0")))
    assert realbugs.label_problems(harmless) == [
        "residual at line 5 triggered: expected inf in ['x'], got finite"
    ]


def test_twin_findings_at_a_labelled_residual_are_told_apart_from_unexplained_ones(tmp_path, monkeypatch):
    """A real `nanlint check` of two twins with the same finding: labelled in one, not in the other."""
    monkeypatch.setattr(realbugs, "CASES", tmp_path)
    cases = [realbugs.load_case(_write_case(tmp_path / "labelled", SOFTMAX_TWIN, RESIDUAL)),
             realbugs.load_case(_write_case(tmp_path / "unlabelled", SOFTMAX_TWIN))]
    flags = realbugs.check(cases, ())
    assert flags.in_twin == {"labelled": ["NAN102"], "unlabelled": ["NAN102"]}
    assert flags.unexplained == {"unlabelled": ["NAN102"]}


# --- project cases: the bug inside a project of a few files --------------------------------------

PROJECT_MODEL = """import torch


class Classifier(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        return x * self.scale
"""
PROJECT_LOSSES = """import torch


def log_probs(logits):
    return torch.log(torch.softmax(logits, dim=1))
"""
PROJECT_METRICS = """import torch


def confidence(logits, temperature=1.0):
    return torch.log(torch.softmax(logits / temperature, dim=1)).min(dim=1).values
"""
PROJECT_TRAIN = """import torch

from losses import log_probs
from metrics import confidence
from model import Classifier

model = Classifier(scale=200.0)
x = torch.tensor([[0.0, 1.0]])
out = log_probs(model(x))
conf = confidence(model(x), temperature=200.0)
"""
PROJECT_TABLE = '\n[project]\nrun = "train.py"\nfile = "losses.py"\nline = 5\noutputs = ["out", "conf"]\n'
PROJECT_RESIDUAL = """
[[residual]]
file = "metrics.py"
line = 5
rule = "NAN102"
why = "a temperature of 1 with logits 200 apart: the softmax underflows to 0 and log gives -inf"
trigger = [["def confidence(logits, temperature=1.0):", "def confidence(logits, temperature=1.0):\\n    temperature = 1.0"]]
symptom = "inf"
outputs = ["conf"]
"""


def _write_project_case(folder: Path, table: str = PROJECT_TABLE, residual: str = "", single: str = ".") -> Path:
    """A project case: model.py scales the logits, losses.py takes log of their softmax (-inf for logits 200
    apart), fixed by log_softmax; metrics.py keeps a log of a softmax that train.py feeds a safe temperature.
    `single`: where bug.py and fixed.py go ("." the case's root, "repro", or "" none)."""
    for side, losses in (("bug", PROJECT_LOSSES), ("fixed", PROJECT_LOSSES.replace("torch.log(torch.softmax(", "torch.log_softmax(").replace("dim=1))", "dim=1)"))):
        project = folder / "project" / side
        project.mkdir(parents=True)
        for name, text in (("model.py", PROJECT_MODEL), ("losses.py", losses), ("metrics.py", PROJECT_METRICS), ("train.py", PROJECT_TRAIN)):
            (project / name).write_text(text)
    if single:
        (folder / single).mkdir(exist_ok=True)
        (folder / single / "bug.py").write_text("import torch\nx = torch.log(torch.zeros(1))\n")
        (folder / single / "fixed.py").write_text("import torch\nx = torch.log(torch.ones(1))\n")
    (folder / "case.toml").write_text(
        f'source = "https://example.org/{folder.name}"\ntitle = "t"\nline = 2\nsymptom = "inf"\noutputs = ["x"]\n'
        'phase = "forward"\ntrigger = "logits 200 apart"\ncategory = "log"\n' + table + residual
    )
    return folder


def test_a_project_case_is_loaded_with_its_single_files_at_the_root_or_under_repro(tmp_path):
    case = realbugs.load_case(_write_project_case(tmp_path / "root", residual=PROJECT_RESIDUAL))
    assert (case.project.run, case.project.file, case.project.line) == ("train.py", "losses.py", 5)
    assert case.single and case.bug == tmp_path / "root" / "bug.py"
    assert case.residual[0].file == "metrics.py"
    repro = realbugs.load_case(_write_project_case(tmp_path / "repro", single="repro"))
    assert repro.bug == tmp_path / "repro" / "repro" / "bug.py" and repro.fixed.parent.name == "repro"
    only = realbugs.load_case(_write_project_case(tmp_path / "only", single=""))
    assert not only.single and only.project.outputs == ["out", "conf"]


@pytest.mark.parametrize("change, message", [
    (lambda f: (f / "case.toml").write_text((f / "case.toml").read_text().replace('line = 5\n', 'line = 5\ncwd = "x"\n')),
     "[project]: missing [], unknown ['cwd']"),
    (lambda f: (f / "case.toml").write_text((f / "case.toml").read_text().replace('line = 5\n', '')), "[project]: missing ['line']"),
    (lambda f: (f / "case.toml").write_text((f / "case.toml").read_text().replace('line = 5\n', 'line = "5"\n')), "line: wrong type"),
    (lambda f: (f / "project" / "fixed" / "train.py").unlink(), "[project] run 'train.py' is not a Python file of project/fixed/"),
    (lambda f: (f / "project" / "bug" / "losses.py").unlink(), "[project] file 'losses.py' is not a Python file of project/bug/"),
    (lambda f: (f / "case.toml").write_text((f / "case.toml").read_text().replace('line = 5\n', 'line = 3\n')),
     "[project] line 3 is not a line of code in losses.py of project/bug/"),
    (lambda f: (f / "case.toml").write_text((f / "case.toml").read_text().replace('file = "losses.py"', 'file = "../losses.py"')),
     "[project] file '../losses.py' is not a Python file of project/bug/"),
    (lambda f: shutil.rmtree(f / "project" / "fixed"), "project/fixed/ is missing"),
    (lambda f: (f / "fixed.py").unlink(), "bug.py or fixed.py is missing"),
    (lambda f: (f / "case.toml").write_text((f / "case.toml").read_text().split("\n[project]")[0]), "project/ without [project]"),
])
def test_a_project_case_that_does_not_match_its_folders_is_refused(tmp_path, change, message):
    folder = _write_project_case(tmp_path / "case")
    change(folder)
    with pytest.raises(realbugs.CaseError) as refused:
        realbugs.load_case(folder)
    assert message in str(refused.value)


def test_a_project_residual_names_a_file_of_the_fixed_project(tmp_path):
    folder = _write_project_case(tmp_path / "case", residual=PROJECT_RESIDUAL.replace('"metrics.py"', '"scores.py"'))
    with pytest.raises(realbugs.CaseError, match=r"residual at line 5: project/fixed/scores.py is missing"):
        realbugs.load_case(folder)
    folder = _write_project_case(tmp_path / "single", residual='\n[[residual]]\nfile = "metrics.py"\nline = 5\nrule = "NAN102"\nwhy = "w"\n',
                                 table="")
    shutil.rmtree(folder / "project")
    with pytest.raises(realbugs.CaseError, match=r"`file` needs \[project\]"):
        realbugs.load_case(folder)


def test_project_labels_hold_when_the_entry_script_runs_with_its_own_modules(tmp_path, monkeypatch):
    """train.py runs from its project folder and imports its own losses.py, even when a module of that name
    is already loaded (another project's, or any other); the residual's trigger runs the fixed project."""
    pytest.importorskip("torch")
    monkeypatch.setitem(sys.modules, "losses", types.ModuleType("losses"))
    case = realbugs.load_case(_write_project_case(tmp_path / "case", residual=PROJECT_RESIDUAL))
    assert realbugs.label_problems(case) == []
    broken = _write_project_case(tmp_path / "broken", single="")
    shutil.copy(broken / "project" / "bug" / "losses.py", broken / "project" / "fixed" / "losses.py")
    assert realbugs.label_problems(realbugs.load_case(broken)) == ["project/fixed/train.py: not clean: ['inf']"]
    harmless = realbugs.load_case(_write_project_case(tmp_path / "harmless", single="",
                                                      residual=PROJECT_RESIDUAL.replace("temperature = 1.0\"", "temperature = 100.0\"")))
    assert realbugs.label_problems(harmless) == [
        "residual at line 5 of metrics.py triggered: expected inf in ['conf'], got finite"
    ]


def test_project_findings_are_scored_from_one_nanlint_run(tmp_path):
    """A real `nanlint check` over two project cases with the same files: the residual in metrics.py is
    labelled in one twin and unexplained in the other; findings in single files are scored as before."""
    cases = [realbugs.load_case(_write_project_case(tmp_path / "labelled", residual=PROJECT_RESIDUAL)),
             realbugs.load_case(_write_project_case(tmp_path / "unlabelled", single=""))]
    flags = realbugs.check(cases, ())
    assert flags.project_at_line == {"labelled": ["NAN102"], "unlabelled": ["NAN102"]}
    assert sorted(flags.project_in_bug["labelled"]) == ["losses.py:NAN102", "metrics.py:NAN102"]
    assert flags.project_in_twin == {"labelled": ["metrics.py:NAN102"], "unlabelled": ["metrics.py:NAN102"]}
    assert flags.project_unexplained == {"unlabelled": ["metrics.py:NAN102"]}
    assert "unlabelled" not in flags.in_bug and "labelled" not in flags.in_twin


def test_cases_dir_scores_project_cases_kept_outside_the_repository(tmp_path, capsys):
    _write_project_case(tmp_path / "cases" / "labelled", residual=PROJECT_RESIDUAL)
    _write_project_case(tmp_path / "cases" / "unlabelled", single="repro")
    report = tmp_path / "report.json"
    assert realbugs.main(["--static-only", "-v", "--cases-dir", str(tmp_path / "cases"), "--json", str(report)]) == 0
    out = capsys.readouterr().out
    assert "2 cases from 2 reports" in out
    assert "2 of them as projects" in out
    assert ("default rules  project recall at the bug line 2/2 (100%); project bug folders flagged anywhere 2/2 (100%); "
            "project twins flagged 2/2 (100%) (1 only at labelled residual hazards, 1 with an unexplained finding)") in out
    assert any(line.startswith("unlabelled") and "project losses.py:5" in line for line in out.splitlines())
    results = json.loads(report.read_text())
    assert results["labelled"]["project"]["default"] == ["NAN102"]
    assert results["unlabelled"]["project"]["twin_unexplained_default"] == ["metrics.py:NAN102"]
    assert realbugs.main(["--static-only", "--cases-dir", str(tmp_path / "nowhere")]) == 2
