import torch
from torch.nn.modules.loss import _Loss

from loss_utils import LossReduction, apply_reduce


class MaskAttentionLoss(_Loss):
    """Pixel mask attention loss. For semantic segmentation usages with 4D tensors."""

    def __init__(self, criterion, loss_weights=(1.0, 1.0), reduction="mean"):
        super().__init__(reduction=reduction)
        if criterion.reduction != "none":
            raise ValueError("criterion reduction must be `none`")
        self.criterion = criterion
        self.loss_weights = loss_weights

    def forward(self, predict, target, mask):
        criterion_loss = self.criterion(predict, target)
        mask = self._broadcast_mask(mask, criterion_loss.size())
        mask_loss = criterion_loss * mask

        if self.reduction == LossReduction.NONE.value:
            return criterion_loss * self.loss_weights[0] + mask_loss * self.loss_weights[1]
        mask_loss = mask_loss[mask == 1]

        mask_loss = apply_reduce(mask_loss, self.reduction)
        criterion_loss = apply_reduce(criterion_loss, self.reduction)
        return criterion_loss * self.loss_weights[0] + mask_loss * self.loss_weights[1]

    def _broadcast_mask(self, mask, size):
        if len(size) == 3 or (len(size) == 4 and size[1] == 1):
            return mask.view(*size)
        mask = mask if len(mask.size()) == 4 else mask.unsqueeze(1)
        return mask if mask.size() == size else mask.expand(*size)
