import torch

divide_tensor = torch.tensor([1.0, 0.0, 1.0])
weight = torch.ones(3)
weight.requires_grad = True
tmp = weight / torch.where(divide_tensor == 0, torch.ones_like(divide_tensor), divide_tensor)
loss = tmp[0]
loss.backward()
