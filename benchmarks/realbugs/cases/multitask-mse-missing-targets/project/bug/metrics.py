import torch.nn.functional as F


class MSE:
    def __call__(self, preds, targets):
        return F.mse_loss(preds, targets, reduction="none").mean()
