import torch
import torch.nn as nn

from pytorch_metric_learning.pnp_loss import PNPLoss

torch.manual_seed(0)

trunk = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 8))
loss_func = PNPLoss(variant="O")
optimizer = torch.optim.Adam(trunk.parameters(), lr=1e-3)

data = torch.randn(3, 16)
labels = torch.tensor([1, 1, 2])  # a negative whose class has no positive in the batch

optimizer.zero_grad()
embeddings = trunk(data)
loss = loss_func(embeddings, labels)
loss.backward()
optimizer.step()
