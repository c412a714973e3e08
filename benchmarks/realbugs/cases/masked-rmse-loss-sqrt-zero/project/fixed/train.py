import torch
from model import SensorRegressor
from metrics import MaskedRMSELoss

torch.manual_seed(0)
model = SensorRegressor()
criterion = MaskedRMSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

x = torch.randn(5, 6)
y = torch.randn(5, 3)
observed = torch.zeros(5, 3)

optimizer.zero_grad()
loss = criterion(model(x), y, observed)
loss.backward()
optimizer.step()
print("rmse", loss.item())
