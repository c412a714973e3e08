from typing import Literal, Optional

import torch
from torch import Tensor


def _safe_divide(num: Tensor, denom: Tensor, zero_division: float = 0.0) -> Tensor:
    """Safe division, by preventing division by zero."""
    num = num if num.is_floating_point() else num.float()
    denom = denom if denom.is_floating_point() else denom.float()
    zero_division_tensor = torch.tensor(zero_division, dtype=num.dtype).to(num.device, non_blocking=True)
    return torch.where(denom != 0, num / denom, zero_division_tensor)


def _binary_confusion_matrix_update(preds: Tensor, target: Tensor, threshold: float = 0.5) -> Tensor:
    if preds.is_floating_point():
        if not torch.all((preds >= 0) * (preds <= 1)):
            preds = preds.sigmoid()
        preds = preds > threshold
    preds, target = preds.long().flatten(), target.long().flatten()
    unique_mapping = (target * 2 + preds).to(torch.long)
    bins = torch.bincount(unique_mapping, minlength=4)
    return bins.reshape(2, 2)


def _jaccard_index_reduce(
    confmat: Tensor,
    average: Optional[Literal["micro", "macro", "weighted", "none", "binary"]],
    ignore_index: Optional[int] = None,
    zero_division: float = 0.0,
) -> Tensor:
    """Perform reduction of an un-normalized confusion matrix into jaccard score."""
    allowed_average = ["binary", "micro", "macro", "weighted", "none", None]
    if average not in allowed_average:
        raise ValueError(f"The `average` has to be one of {allowed_average}, got {average}.")
    confmat = confmat.float()
    if average == "binary":
        return _safe_divide(confmat[1, 1], (confmat[0, 1] + confmat[1, 0] + confmat[1, 1]), zero_division=zero_division)

    num = torch.diag(confmat)
    denom = confmat.sum(0) + confmat.sum(1) - num
    jaccard = _safe_divide(num, denom, zero_division=zero_division)
    if average is None or average == "none":
        return jaccard
    return jaccard.mean()


def binary_jaccard_index(preds: Tensor, target: Tensor, threshold: float = 0.5, zero_division: float = 0.0) -> Tensor:
    """Calculate the Jaccard index for binary tasks."""
    confmat = _binary_confusion_matrix_update(preds, target, threshold)
    return _jaccard_index_reduce(confmat, average="binary", zero_division=zero_division)
