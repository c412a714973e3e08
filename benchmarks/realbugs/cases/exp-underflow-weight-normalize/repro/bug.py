import torch

torch.manual_seed(0)
q = torch.randn(3, 4, requires_grad=True)
keys = torch.randn(5, 4)
values = torch.randn(5, 2)
q_far = q + torch.tensor([[0.0], [0.0], [30.0]])

tensor1 = -torch.cdist(q_far, keys).pow(2) / 0.5
tensor2 = torch.exp(tensor1)
weights = tensor2 / tensor2.sum(dim=1, keepdim=True)
out = weights @ values
loss = out.pow(2).mean()
loss.backward()
