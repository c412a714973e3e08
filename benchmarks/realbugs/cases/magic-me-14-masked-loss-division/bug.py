# Zhen-Dong/Magic-Me#14: loss.sum([1,2,3,4]) / masks.sum([1,2,3,4]) is NaN when a sample's mask is all zero.
import torch
import torch.nn.functional as F

torch.manual_seed(0)

model_pred = torch.randn(2, 4, 3, 8, 8, requires_grad=True)  # (b, c, f, h, w) predicted noise
target = torch.randn(2, 4, 3, 8, 8)
masks = torch.ones(2, 4, 3, 8, 8)
masks[1] = 0.0  # the face detector found no face in the second clip

loss = F.mse_loss(model_pred.float(), target.float(), reduction="none") * masks
loss = loss.sum([1, 2, 3, 4]) / masks.sum([1, 2, 3, 4])
loss = loss.mean()
loss.backward()
grad = model_pred.grad
