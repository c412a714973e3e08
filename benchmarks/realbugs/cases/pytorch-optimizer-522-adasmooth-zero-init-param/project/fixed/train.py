import torch
import torch.nn.functional as F

from model import MLP
from optim import AdaSmooth

torch.manual_seed(0)
model = MLP()
optimizer = AdaSmooth(model.parameters(), lr=1e-2)
x = torch.randn(64, 10)
y = x[:, :1] * 2.0 - 1.0

for step in range(3):
    optimizer.zero_grad()
    loss = F.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
