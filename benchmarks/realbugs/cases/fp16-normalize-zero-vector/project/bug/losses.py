import torch
import torch.nn.functional as F


class InBatchContrastiveLoss(torch.nn.Module):
    def __init__(self, temperature=0.05):
        super().__init__()
        self.temperature = temperature

    def forward(self, anchors, positives):
        logits = anchors @ positives.t() / self.temperature
        labels = torch.arange(anchors.size(0))
        return F.cross_entropy(logits.float(), labels)
