import torch


class SISDRLoss(torch.nn.Module):
    def __init__(self, zero_mean=True, eps=1e-8, reduction="mean"):
        super().__init__()
        self.zero_mean = zero_mean
        self.eps = eps
        self.reduction = reduction

    def forward(self, input, target):
        if self.zero_mean:
            input = input - torch.mean(input, dim=-1, keepdim=True)
            target = target - torch.mean(target, dim=-1, keepdim=True)
        alpha = (input * target).sum(-1) / (((target ** 2).sum(-1)) + self.eps)
        target = target * alpha.unsqueeze(-1)
        res = input - target
        losses = 10 * torch.log10((target ** 2).sum(-1) / ((res ** 2).sum(-1) + self.eps) + self.eps)
        losses = -losses
        return losses.mean() if self.reduction == "mean" else losses
