from typing import Literal, Optional

import torch
import torch.nn as nn
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

torch.manual_seed(0)

model = nn.Conv2d(1, 1, 3, padding=1)
with torch.no_grad():
    model.weight.zero_()
    model.weight[0, 0, 1, 1] = 8.0
    model.bias.fill_(-4.0)

# validation images: two contain a lesion, the third is a healthy scan with an empty mask
images = torch.zeros(3, 1, 16, 16)
masks = torch.zeros(3, 1, 16, 16, dtype=torch.long)
images[0, :, 4:9, 4:9] = 1.0
masks[0, :, 4:9, 4:10] = 1
images[1, :, 10:14, 2:7] = 1.0
masks[1, :, 10:14, 2:7] = 1

model.eval()
per_image_iou = []
with torch.no_grad():
    for img, mask in zip(images, masks):
        logits = model(img[None])
        per_image_iou.append(binary_jaccard_index(logits.sigmoid(), mask[None]))
mean_iou = torch.stack(per_image_iou).mean()
