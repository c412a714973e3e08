from .focal import BinaryFocalLossWithLogits, binary_focal_loss_with_logits

__all__ = ["BinaryFocalLossWithLogits", "binary_focal_loss_with_logits"]
