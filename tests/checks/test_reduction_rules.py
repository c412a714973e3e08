"""Reduction rules that speak only with evidence that the danger occurs: `ignore_index` over a window
of the labels (NAN703), a CTC loss left at its default, reported where it is called (NAN704). Each
test runs the CLI on a file and pairs a flagged case with its silent look-alike."""

from cli_support import cli_findings


def test_ignored_targets_need_a_window_of_the_labels(tmp_path):
    whole = """
        import torch.nn.functional as F

        def loss(logits, labels):
            return F.cross_entropy(logits, labels[..., 1:].flatten(), ignore_index=-100)
        """
    assert cli_findings(tmp_path, whole, "NAN703") == []
    window = """
        import torch.nn.functional as F

        def loss(logits, labels, start, end):
            shard = labels[..., start:end]
            return F.cross_entropy(logits, shard[..., 1:].flatten(), ignore_index=-100)
        """
    assert cli_findings(tmp_path, window, "NAN703") == [("NAN703", 6)]

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
    assert cli_findings(tmp_path, code, "NAN704") == [("NAN704", 11)]
