"""Rules that speak only with evidence that the danger occurs (docs/precision.md, 2026-12-01
evening): float16 that reaches the guard, a window of the labels, a CTC loss left at its default,
anomaly mode outside a debugging helper. Each test runs the real CLI on files in tmp_path and
pairs a flagged case with its silent look-alike."""

import json
import textwrap

from cli_support import call_nanlint


def findings(tmp_path, code, select):
    path = tmp_path / "case.py"
    path.write_text(textwrap.dedent(code))
    result = call_nanlint("check", path, "--select", select, "--output-format", "json", "--no-cache", "--exit-zero")
    assert result.returncode == 0, result.stderr
    return [(f["code"], f["location"]["row"]) for f in json.loads(result.stdout)]


def test_float16_evidence_counts_only_where_it_reaches_the_guard(tmp_path):
    unrelated = """
        import torch

        class ToTensor:
            def __call__(self, image):
                return torch.from_numpy(image).half()

        def area_ratio(a, b):
            return a / (b + 1e-8)
        """
    assert findings(tmp_path, unrelated, "NAN801") == []
    caller = unrelated + """
        def step(a, b):
            with torch.autocast("cuda", dtype=torch.float16):
                return area_ratio(a.half(), b)
        """
    assert findings(tmp_path, caller, "NAN801") == [("NAN801", 9)]


def test_ignored_targets_need_a_window_of_the_labels(tmp_path):
    whole = """
        import torch.nn.functional as F

        def loss(logits, labels):
            return F.cross_entropy(logits, labels[..., 1:].flatten(), ignore_index=-100)
        """
    assert findings(tmp_path, whole, "NAN703") == []
    window = """
        import torch.nn.functional as F

        def loss(logits, labels, start, end):
            shard = labels[..., start:end]
            return F.cross_entropy(logits, shard[..., 1:].flatten(), ignore_index=-100)
        """
    assert findings(tmp_path, window, "NAN703") == [("NAN703", 6)]


def test_ctc_module_is_reported_where_it_is_called(tmp_path):
    code = """
        from torch import nn

        class Head(nn.Module):
            def __init__(self, zero_infinity):
                super().__init__()
                self.default = nn.CTCLoss()
                self.chosen = nn.CTCLoss(zero_infinity=zero_infinity)

            def forward(self, lp, t, il, tl):
                return self.default(lp, t, il, tl) + self.chosen(lp, t, il, tl)
        """
    assert findings(tmp_path, code, "NAN704") == [("NAN704", 11)]


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
    assert findings(tmp_path, code, "NAN951") == [("NAN951", 9)]
