import torch

from model import Model

torch.manual_seed(0)
m = Model()
optimizer = torch.optim.Adam(m.parameters(), lr=1e-3)
x = torch.randn(10, 20, 64)
for step in range(2):
    loss = m(x).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
