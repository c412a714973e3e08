import torch
from torch import nn

torch.manual_seed(0)
L = nn.MSELoss(reduction="none")
head = nn.Linear(8, 3)
x = torch.randn(5, 8)
y = torch.randn(5, 3)
y[1, 2] = torch.nan
y[3, 0] = torch.nan
mask = torch.logical_not(torch.isnan(y))

pred = head(x)
loss = L(pred, y)[mask].sum()
loss.backward()
print("loss", loss.item())
