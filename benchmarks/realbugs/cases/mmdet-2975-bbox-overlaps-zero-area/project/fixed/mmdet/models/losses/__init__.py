from .iou_loss import IoULoss
