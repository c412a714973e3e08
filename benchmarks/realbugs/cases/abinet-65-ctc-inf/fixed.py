# ABINet #65 fixed: CTCLoss(zero_infinity=True) drops the infeasible alignment.
import torch
import torch.nn as nn
from torch.nn import CTCLoss

torch.manual_seed(0)


class MyCTCLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.ctc = CTCLoss(reduction="mean", zero_infinity=True)

    def _flatten(self, sources, lengths):
        return torch.cat([t[:l] for t, l in zip(sources, lengths)])

    def forward(self, output, gt_labels, gt_lengths):
        pt_logits = output["logits"].permute(1, 0, 2)
        log_pt_logits = torch.log_softmax(pt_logits, dim=-1)
        pt_lengths = output["pt_lengths"]
        flat_gt_labels = self._flatten(gt_labels, gt_lengths - 1)
        loss = self.ctc(log_pt_logits, flat_gt_labels, pt_lengths, gt_lengths - 1)
        return loss


logits = torch.randn(2, 26, 37, requires_grad=True)  # (N, T, C)
# the second image has a long label: 10 chars with repeats do not fit in 6 frames
output = {"logits": logits, "pt_lengths": torch.tensor([26, 6])}
gt_labels = torch.tensor([[3, 4, 5, 0, 0, 0, 0, 0, 0, 0, 0], [7, 7, 7, 8, 8, 8, 9, 9, 9, 1, 0]])
gt_lengths = torch.tensor([4, 11])
loss = MyCTCLoss()(output, gt_labels, gt_lengths)
loss.backward()
grad = logits.grad
