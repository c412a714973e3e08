import torch

from model import Regressor
from optim import Nero

torch.manual_seed(0)
model = Regressor()
optimizer = Nero(model.parameters(), lr=0.01)
x = torch.randn(32, 8)
y = torch.randn(32, 4)

for epoch in range(3):
    optimizer.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
