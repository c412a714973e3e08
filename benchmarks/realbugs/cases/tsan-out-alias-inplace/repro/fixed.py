import torch

torch.manual_seed(0)
w = torch.randn(8, 8, requires_grad=True)
inp = torch.randn(4, 8)

x = torch.sigmoid(inp @ w)
out = x.clone()
out[:, :4] = out[:, :4] * 2.0
loss = out.sum()
loss.backward()
