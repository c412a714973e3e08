import torch
from model import PropertyPredictor
from losses import MaskedMultiTaskMSE

torch.manual_seed(0)
model = PropertyPredictor()
criterion = MaskedMultiTaskMSE()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

x = torch.randn(5, 8)
y = torch.randn(5, 3)
y[1, 2] = torch.nan
y[3, 0] = torch.nan

optimizer.zero_grad()
loss = criterion(model(x), y)
loss.backward()
optimizer.step()
print("loss", loss.item())
