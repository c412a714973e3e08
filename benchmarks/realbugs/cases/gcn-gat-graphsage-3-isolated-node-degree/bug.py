import torch
import torch.nn as nn

torch.manual_seed(0)

x = torch.randn(5, 6)
adj = torch.tensor([[0, 1, 1, 0, 0], [1, 0, 1, 0, 0], [1, 1, 0, 0, 0], [0, 0, 0, 0, 0], [1, 0, 0, 0, 0.]])
W = nn.Linear(12, 4)
degree = adj.sum(1, keepdim=True)
h1 = adj @ x
h1 = h1 / degree
out = W(torch.cat([x, h1], 1))
loss = nn.functional.cross_entropy(out, torch.tensor([0, 1, 2, 3, 0]))
print(loss)
