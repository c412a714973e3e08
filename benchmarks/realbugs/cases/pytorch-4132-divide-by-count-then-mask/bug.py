import torch
import torch.nn as nn

torch.manual_seed(0)

encoder = nn.Linear(4, 3)
items = torch.randn(3, 5, 4)
valid = torch.tensor([[1, 1, 0, 0, 0], [0, 0, 0, 0, 0], [1, 1, 1, 1, 1.]])
h = encoder(items) * valid.unsqueeze(-1)
count = valid.sum(1, keepdim=True)
pooled = h.sum(1) / count
pooled[count.squeeze(1) == 0] = 0
loss = pooled.pow(2).sum()
loss.backward()
print(pooled, encoder.weight.grad)
