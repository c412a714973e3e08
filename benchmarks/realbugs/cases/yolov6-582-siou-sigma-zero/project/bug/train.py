import torch

from yolov6.models.loss import BboxLoss

torch.manual_seed(0)

bbox_loss = BboxLoss(iou_type="siou")
target = torch.tensor([[10.0, 20.0, 50.0, 60.0], [0.0, 0.0, 20.0, 10.0], [5.0, 5.0, 9.0, 9.0]])
pred = torch.tensor([[15.0, 25.0, 45.0, 55.0], [2.0, 1.0, 19.0, 12.0], [4.0, 4.0, 8.0, 9.0]], requires_grad=True)
fg_mask = torch.tensor([True, True, False])
loss = bbox_loss(pred, target, fg_mask)
loss.backward()
grad = pred.grad
