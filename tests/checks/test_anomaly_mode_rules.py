"""The anomaly-mode rules (NAN951-NAN953): anomaly mode left on in training code is reported; in a
debugging helper, under a debug switch or in test code it is left alone."""

from cli_support import cli_findings, findings_of


def test_anomaly_under_main_guard_is_reported_but_not_under_a_debug_switch():
    text = """
import torch

if __name__ == "__main__":
    torch.autograd.set_detect_anomaly(True)
    if DEBUG:
        torch.autograd.set_detect_anomaly(True)
"""
    assert findings_of(text, ["NAN951"]) == [("NAN951", 5)]
    assert findings_of(text, ["NAN951"], path="tests/test_train.py") == []

def test_anomaly_mode_in_a_debugging_helper_is_left_alone(tmp_path):
    code = """
        import torch

        def debug_backward(loss):
            with torch.autograd.set_detect_anomaly(True):
                loss.backward()

        def train(loss):
            torch.autograd.set_detect_anomaly(True)
            loss.backward()
        """
    assert cli_findings(tmp_path, code, "NAN951") == [("NAN951", 9)]
