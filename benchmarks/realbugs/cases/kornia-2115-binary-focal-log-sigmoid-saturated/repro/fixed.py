from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


def binary_focal_loss_with_logits(
    input: torch.Tensor,
    target: torch.Tensor,
    alpha: float = 0.25,
    gamma: float = 2.0,
    reduction: str = "none",
    pos_weight: Optional[torch.Tensor] = None,
) -> torch.Tensor:
    """Binary focal loss on logits (kornia 0.6.9)."""
    if not len(input.shape) >= 2:
        raise ValueError(f"Invalid input shape, we expect BxCx*. Got: {input.shape}")
    if input.size(0) != target.size(0):
        raise ValueError(f"Expected input batch_size ({input.size(0)}) to match target batch_size ({target.size(0)}).")
    if pos_weight is None:
        pos_weight = torch.ones(input.shape[-1], device=input.device, dtype=input.dtype)

    probs_pos = torch.sigmoid(input)
    probs_neg = torch.sigmoid(-input)
    loss_tmp = (
        -alpha * pos_weight * probs_neg.pow(gamma) * target * F.logsigmoid(input)
        - (1 - alpha) * torch.pow(probs_pos, gamma) * (1.0 - target) * F.logsigmoid(-input)
    )

    if reduction == "none":
        loss = loss_tmp
    elif reduction == "mean":
        loss = torch.mean(loss_tmp)
    elif reduction == "sum":
        loss = torch.sum(loss_tmp)
    else:
        raise NotImplementedError(f"Invalid reduction mode: {reduction}")
    return loss


torch.manual_seed(0)
logits = torch.tensor(120.0).view(1, 1, 1).requires_grad_()
labels = torch.tensor(1.0).view(1, 1, 1)
loss = binary_focal_loss_with_logits(logits, labels, alpha=0.25, gamma=2.0, reduction="mean")
loss.backward()
