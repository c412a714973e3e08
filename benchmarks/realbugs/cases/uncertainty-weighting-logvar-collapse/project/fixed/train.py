import torch
import torch.nn as nn

from losses import criterion
from model import MultiTaskModel

torch.manual_seed(0)
x = torch.randn(64, 4)
y_depth = x @ torch.randn(4, 1)
y_flag = torch.zeros(64, 1)  # this sensor never fired in the collected data

model = MultiTaskModel()
nn.init.zeros_(model.heads[1].weight)
nn.init.zeros_(model.heads[1].bias)
optimizer = torch.optim.Adam(model.parameters(), lr=1.0)

for epoch in range(100):
    optimizer.zero_grad()
    y_pred, log_vars = model(x)
    loss = criterion(y_pred, [y_depth, y_flag], log_vars)
    loss.backward()
    optimizer.step()
print(model.log_vars.data, loss.item())
