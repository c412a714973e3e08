# slryou41/AnchorLoss#2: "Question on the logpt_neg param" ("Did you experience any 'NaN' loss
# problem during training?" - "when we used log operation on top of the output directly ...
# it sometimes generated 'NaN'"). After the logpt_neg correction, AnchorLoss computes
# logpt_neg = torch.log(1 - sigmoid(input)). For a confident logit (>~17) sigmoid is exactly
# 1.0 in float32, log(0) = -inf, and class_mask's 0 times that -inf makes the loss NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F


class AnchorLoss(nn.Module):
    def __init__(self, gamma=0.5, slack=0.05, anchor="neg", warm_up=False):
        super().__init__()
        self.gamma, self.slack, self.warm_up, self.anchor = gamma, slack, warm_up, anchor
        self.sig = nn.Sigmoid()
        if warm_up:
            self.ce = nn.CrossEntropyLoss()
        self.gamma_pos, self.gamma_neg = (gamma, 0) if anchor == "pos" else (0, gamma)

    def forward(self, input, target, epoch=None):
        if self.warm_up and epoch < 5:
            return self.ce(input, target)
        target = target.view(-1, 1)
        pt = self.sig(input)
        logpt_pos = F.logsigmoid(input)
        logpt_neg = torch.log(1 - pt)

        N, C = input.size(0), input.size(1)
        class_mask = input.data.new(N, C).fill_(0)
        class_mask.scatter_(1, target.data, 1.)
        class_mask = class_mask.float()

        pt_pos = pt.gather(1, target).view(-1, 1)
        pt_neg = pt * (1 - class_mask)
        pt_neg = pt_neg.max(dim=1)[0].view(-1, 1)
        pt_neg = (pt_neg + self.slack).clamp(max=1).detach()
        pt_pos = (pt_pos - self.slack).clamp(min=0).detach()

        scaling_pos = -1 * (1 - pt + pt_neg).pow(self.gamma_pos)
        loss_pos = scaling_pos * logpt_pos
        scaling_neg = -1 * (1 + pt - pt_pos).pow(self.gamma_neg)
        loss_neg = scaling_neg * logpt_neg

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
