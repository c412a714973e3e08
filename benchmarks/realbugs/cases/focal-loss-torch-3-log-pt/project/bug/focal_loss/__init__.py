from .focal_loss import FocalLoss
