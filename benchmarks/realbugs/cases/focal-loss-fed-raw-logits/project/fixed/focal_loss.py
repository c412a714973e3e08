import torch
import torch.nn as nn


class FocalLoss_Ori(nn.Module):
    """Focal_Loss = -1 * alpha * (1 - pt) ** gamma * log(pt)"""

    def __init__(self, num_class, alpha=(0.25, 0.75), gamma=2, size_average=True):
        super().__init__()
        self.num_class = num_class
        self.gamma = gamma
        self.size_average = size_average
        self.eps = 1e-6
        assert len(alpha) == num_class
        self.alpha = torch.tensor(list(alpha))

    def forward(self, logit, target):
        if logit.dim() > 2:
            logit = logit.view(logit.size(0), logit.size(1), -1)
            logit = logit.transpose(1, 2).contiguous()
            logit = logit.view(-1, logit.size(-1))
        target = target.view(-1, 1)

        pt = logit.gather(1, target).view(-1) + self.eps
        logpt = pt.log()

        alpha = self.alpha.to(logpt.device)
        alpha_class = alpha.gather(0, target.view(-1))
        logpt = alpha_class * logpt
        loss = -1 * torch.pow(torch.sub(1.0, pt), self.gamma) * logpt

        if self.size_average:
            loss = loss.mean()
        else:
            loss = loss.sum()
        return loss
