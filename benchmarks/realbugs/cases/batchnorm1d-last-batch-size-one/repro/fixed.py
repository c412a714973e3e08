import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 1))
ds = TensorDataset(torch.randn(9, 6), torch.randn(9, 1))
loader = DataLoader(ds, batch_size=4, shuffle=False, drop_last=True)
model.train()
for xb, yb in loader:
    loss = nn.functional.mse_loss(model(xb), yb)
    loss.backward()
