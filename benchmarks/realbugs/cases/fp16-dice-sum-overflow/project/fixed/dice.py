import torch.nn.functional as F
from torch.nn.modules.loss import _Loss

from _functional import soft_dice_score


class DiceLoss(_Loss):
    """Dice loss for binary segmentation."""

    def __init__(self, from_logits=True, smooth=0.0, eps=1e-7):
        super().__init__()
        self.from_logits = from_logits
        self.smooth = smooth
        self.eps = eps

    def forward(self, y_pred, y_true):
        if self.from_logits:
            y_pred = F.logsigmoid(y_pred).exp()
        bs = y_true.size(0)
        dims = (0, 2)
        y_true = y_true.view(bs, 1, -1)
        y_pred = y_pred.view(bs, 1, -1)
        scores = soft_dice_score(y_pred, y_true.type_as(y_pred), smooth=self.smooth, eps=self.eps, dims=dims)
        loss = 1.0 - scores
        mask = y_true.sum(dims) > 0
        loss = loss * mask.to(loss.dtype)
        return loss.mean()
