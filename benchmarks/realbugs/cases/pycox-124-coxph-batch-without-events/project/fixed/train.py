import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from pycox.loss import CoxPHLoss

torch.manual_seed(0)

n = 16
x = torch.randn(n, 5)
durations = torch.rand(n) * 10
events = torch.zeros(n)
events[:4] = 1.0  # 75 % censoring: the later mini-batches hold no event at all

net = nn.Sequential(nn.Linear(5, 32), nn.ReLU(), nn.BatchNorm1d(32), nn.Linear(32, 1))
loss_fn = CoxPHLoss()
optimizer = torch.optim.Adam(net.parameters(), lr=1e-2)
loader = DataLoader(TensorDataset(x, durations, events), batch_size=8, shuffle=False)

for xb, db, eb in loader:
    optimizer.zero_grad()
    loss = loss_fn(net(xb), db, eb)
    loss.backward()
    optimizer.step()
