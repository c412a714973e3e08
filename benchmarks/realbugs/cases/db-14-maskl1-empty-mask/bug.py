# MhLiao/DB#14: MaskL1Loss divides by mask.sum(), NaN when the threshold-map mask is empty.
import torch
import torch.nn as nn

torch.manual_seed(0)


class MaskL1Loss(nn.Module):
    def __init__(self):
        super(MaskL1Loss, self).__init__()

    def forward(self, pred: torch.Tensor, gt, mask):
        loss = (torch.abs(pred[:, 0] - gt) * mask).sum() / mask.sum()
        return loss, dict(l1_loss=loss)


criterion = MaskL1Loss()
pred = torch.rand(2, 1, 16, 16, requires_grad=True)
gt = torch.rand(2, 16, 16)
mask = torch.zeros(2, 16, 16)  # an image crop without any text region
loss, metrics = criterion(pred, gt, mask)
loss.backward()
grad = pred.grad
