# https://github.com/ludwig-ai/ludwig/pull/1863 -- the fully connected stack applies BatchNorm1d in training mode; a final batch holding a single row has one value per channel and batch norm refuses it.
import torch
import torch.nn as nn

torch.manual_seed(0)
fc = nn.Linear(6, 8)
norm = nn.BatchNorm1d(8)
head = nn.Linear(8, 1)
fc.train(); norm.train()

data, target = torch.randn(33, 6), torch.randn(33, 1)
for start in range(0, 33, 16):                       # 16 + 16 + 1 rows
    x, y = data[start:start + 16], target[start:start + 16]
    hidden = fc(x)
    hidden = norm(hidden)
    loss = ((head(torch.relu(hidden)) - y) ** 2).mean()
    loss.backward()
