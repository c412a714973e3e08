from .focal_loss import FocalLoss

__all__ = ['FocalLoss']
