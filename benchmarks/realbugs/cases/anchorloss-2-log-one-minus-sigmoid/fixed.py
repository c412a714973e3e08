# slryou41/AnchorLoss#2, fixed as upstream commit 00011d7 ("use internal implementation of BCE
# in PyTorch"): the per-class log terms come from BCEWithLogitsLoss(reduction="none").
import torch
import torch.nn as nn
import torch.nn.functional as F


class AnchorLoss(nn.Module):
    def __init__(self, gamma=0.5, slack=0.05, anchor="neg", warm_up=False):
        super().__init__()
        self.gamma, self.slack, self.warm_up, self.anchor = gamma, slack, warm_up, anchor
        self.sig = nn.Sigmoid()
        self.bce = nn.BCEWithLogitsLoss(reduction="none")
        if warm_up:
            self.ce = nn.CrossEntropyLoss()
        self.gamma_pos, self.gamma_neg = (gamma, 0) if anchor == "pos" else (0, gamma)

    def forward(self, input, target, epoch=None):
        if self.warm_up and epoch < 5:
            return self.ce(input, target)
        target = target.view(-1, 1)
        pt = self.sig(input)

        N, C = input.size(0), input.size(1)
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


torch.manual_seed(0)
classifier = nn.Linear(16, 5)
criterion = AnchorLoss()
features = torch.randn(4, 16)
targets = torch.tensor([0, 1, 2, 3])
logits = classifier(features)
logits = logits + 20.0 * F.one_hot(targets, 5)  # a well-trained model: confident, correct logits
loss = criterion(logits, targets)
loss.backward()
grad = classifier.weight.grad
