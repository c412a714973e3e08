import torch


class CrossEntropyLoss(torch.nn.Module):
    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = reduction

    def forward(self, prediction, target):
        loss = -(target * torch.log(prediction) + (1 - target) * torch.log(1 - prediction))
        if self.reduction == "mean":
            return loss.mean()
        return loss.sum()
