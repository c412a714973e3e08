import torch
import torch.nn as nn

torch.manual_seed(0)


def dice_loss(inputs, targets, num_masks):
    inputs = inputs.sigmoid().flatten(1)
    numerator = 2 * (inputs * targets).sum(-1)
    denominator = inputs.sum(-1) + targets.sum(-1)
    loss = 1 - (numerator + 1) / (denominator + 1)
    return loss.sum() / num_masks


head = nn.Conv2d(8, 4, 1)
features = torch.randn(1, 8, 16, 16)
mask_logits = head(features)[0]
gt_masks = torch.zeros(0, 16, 16)
matched = torch.zeros(0, dtype=torch.long)
num_masks = float(gt_masks.shape[0])

loss = dice_loss(mask_logits[matched], gt_masks.flatten(1), num_masks)
loss.backward()
print(loss)
