"""Anchor Loss (Ryou et al., ICCV 2019): cross entropy modulated by the prediction difficulty."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class AnchorLoss(nn.Module):
    def __init__(self, gamma=0.5, slack=0.05, anchor="neg", warm_up=True):
        super().__init__()
        assert anchor in ["neg", "pos"], "Anchor type should be either ``neg`` or ``pos``"
        self.gamma = gamma
        self.slack = slack
        self.warm_up = warm_up
        self.anchor = anchor
        self.sig = nn.Sigmoid()
        self.bce = nn.BCEWithLogitsLoss(reduction="none")
        if warm_up:
            self.ce = nn.CrossEntropyLoss()
        if anchor == "pos":
            self.gamma_pos, self.gamma_neg = gamma, 0
        else:
            self.gamma_pos, self.gamma_neg = 0, gamma

    def forward(self, input, target, epoch=None):
        if self.warm_up and epoch is None:
            raise AssertionError("If warm_up is set to ``True``, current epoch number is required")
        if self.warm_up and epoch < 5:
            return self.ce(input, target)

        target = target.view(-1, 1)
        pt = self.sig(input)

        N = input.size(0)
        C = input.size(1)
        class_mask = input.data.new(N, C).fill_(0)
        class_mask.scatter_(1, target.data, 1.)
        class_mask = class_mask.float()

        bce_loss = self.bce(input, class_mask)

        pt_pos = pt.gather(1, target).view(-1, 1)
        pt_neg = pt * (1 - class_mask)
        pt_neg = pt_neg.max(dim=1)[0].view(-1, 1)
        pt_neg = (pt_neg + self.slack).clamp(max=1).detach()
        pt_pos = (pt_pos - self.slack).clamp(min=0).detach()

        scaling_pos = (1 - pt + pt_neg).pow(self.gamma_pos)
        scaling_neg = (1 + pt - pt_pos).pow(self.gamma_neg)

        loss_pos = scaling_pos * bce_loss
        loss_neg = scaling_neg * bce_loss

        loss = class_mask * loss_pos + (1 - class_mask) * loss_neg
        loss = loss.sum(1)
        return loss.mean()
