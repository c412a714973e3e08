import torch

from lpips import LPIPS

torch.manual_seed(0)

loss_fn = LPIPS()
target = torch.rand(1, 3, 16, 16)
target[..., :8, :] = 0.0
pred = target.clone()
pred[..., 8:, :] += 0.1 * torch.randn(1, 3, 8, 16)
pred.requires_grad_()
optimizer = torch.optim.Adam([pred], lr=1e-3)
optimizer.zero_grad()
loss = loss_fn(pred, target).mean()
loss.backward()
grad = pred.grad
optimizer.step()
