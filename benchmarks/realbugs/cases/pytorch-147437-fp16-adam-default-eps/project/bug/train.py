import torch

from model import FeatureAdapter
from optim import build_optimizer

torch.manual_seed(0)

model = FeatureAdapter().half()
optimizer = build_optimizer(model.feature_net.parameters(), {"type": "adam", "lr": 1e-4})
x = torch.randn(8, 4).half()
target = torch.randn(8, 8).half()
for it in range(2):
    optimizer.zero_grad()
    out = model(x)
    loss = ((out - target) ** 2).mean() * 1e-3
    loss.backward()
    optimizer.step()
