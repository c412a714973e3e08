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
