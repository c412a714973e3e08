"""The real-bug benchmark (benchmarks/realbugs) is well formed, and every label holds when run."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks" / "realbugs"))

import run as realbugs  # noqa: E402


def test_every_case_is_well_formed_and_from_its_own_report():
    cases = realbugs.load_cases()
    assert len(cases) >= 100
    assert len({case.source for case in cases}) == len(cases)
    assert all(case.source.startswith("https://") for case in cases)


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
    """Each bug.py shows its NaN, Inf or autograd error on this torch; each fixed.py runs clean."""
    pytest.importorskip("torch")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "realbugs" / "run.py"), "--labels-only"],
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
