import torch.nn as nn

from decoders.l1_loss import MaskL1Loss


class L1BalanceCELoss(nn.Module):
    def __init__(self, eps=1e-6, l1_scale=10, bce_scale=5):
        super(L1BalanceCELoss, self).__init__()
        self.l1_loss = MaskL1Loss()
        self.bce_loss = nn.BCELoss()
        self.l1_scale = l1_scale
        self.bce_scale = bce_scale

    def forward(self, pred, batch):
        bce_loss = self.bce_loss(pred["binary"], batch["gt"])
        metrics = dict(bce_loss=bce_loss)
        l1_loss, l1_metric = self.l1_loss(pred["thresh"], batch["thresh_map"], batch["thresh_mask"])
        metrics.update(**l1_metric)
        loss = self.bce_scale * bce_loss + l1_loss * self.l1_scale
        return loss, metrics
