# https://github.com/Deci-AI/super-gradients/pull/982 - fix from the PR: when the mask has no foreground values, the mask loss is set to 0 instead of averaging an empty tensor.
import torch
import torch.nn as nn

torch.manual_seed(0)
seg_head = nn.Conv2d(3, 4, 1)
images = torch.randn(2, 3, 8, 8)
target = torch.randint(0, 4, (2, 8, 8))
mask = torch.zeros(2, 1, 8, 8)  # no foreground pixels in this batch

predict = seg_head(images)
criterion_loss = nn.CrossEntropyLoss(reduction="none")(predict, target)
mask = mask.view(*criterion_loss.size())
mask_loss = criterion_loss * mask
mask_loss = mask_loss[mask == 1]
if mask_loss.numel() == 0:
    mask_loss = torch.tensor(0.0)
mask_loss = mask_loss.mean()
loss = criterion_loss.mean() * 1.0 + mask_loss * 1.0
loss.backward()
grad = seg_head.weight.grad
print(loss.item())
