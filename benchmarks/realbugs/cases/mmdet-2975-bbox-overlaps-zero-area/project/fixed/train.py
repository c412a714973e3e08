import torch

from mmdet.models.losses import IoULoss

loss_bbox = IoULoss(loss_weight=1.0)
pred = torch.tensor([[10.0, 10.0, 50.0, 40.0], [30.0, 30.0, 30.0, 30.0]], requires_grad=True)
gt = torch.tensor([[12.0, 8.0, 48.0, 44.0], [30.0, 30.0, 30.0, 30.0]])
loss = loss_bbox(pred, gt)
loss.backward()
grad = pred.grad
