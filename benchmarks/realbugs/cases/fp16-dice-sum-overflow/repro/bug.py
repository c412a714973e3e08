# https://github.com/qubvel-org/segmentation_models.pytorch/issues/463 - under float16 autocast the soft dice score sums over all 512x512 pixels; intersection and cardinality overflow 65504 to inf and inf / inf is NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
head = nn.Conv2d(3, 1, 3, padding=1)
image = torch.randn(1, 3, 512, 512)
mask = (torch.rand(1, 1, 512, 512) > 0.3).float()

with torch.autocast("cpu", dtype=torch.float16):
    y_pred = F.logsigmoid(head(image)).exp().view(1, 1, -1)
    y_true = mask.view(1, 1, -1).type_as(y_pred)
    intersection = torch.sum(y_pred * y_true, dim=(0, 2))
    cardinality = torch.sum(y_pred + y_true, dim=(0, 2))
    dice_score = (2.0 * intersection) / cardinality.clamp_min(1e-7)
    loss = (1.0 - dice_score).mean()
print(intersection, cardinality, loss)
