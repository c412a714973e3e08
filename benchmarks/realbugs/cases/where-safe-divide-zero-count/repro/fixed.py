import torch

torch.manual_seed(0)
w = torch.randn(3, 4, requires_grad=True)
mask = torch.tensor([[1., 1., 0., 0.], [0., 0., 0., 0.], [1., 1., 1., 1.]])
total = (w * mask).sum(dim=1)
count = mask.sum(dim=1)
mean = torch.where(count > 0, total / count.clamp(min=1), torch.zeros_like(total))
loss = mean.pow(2).sum()
loss.backward()
