import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(6, 3)
criterion = nn.MSELoss()

x = torch.randn(5, 6)
y = torch.randn(5, 3)
mask = torch.zeros(5, 3)

pred = model(x)
loss = torch.sqrt(criterion(pred * mask, y * mask) + 1e-8)
loss.backward()
print("rmse", loss.item())
