import torch

from data import make_series, windows
from losses import smape_loss

torch.manual_seed(0)
series = make_series(6, 24)
history, future, open_days = windows(series, horizon=8)
model = torch.nn.Linear(16, 8)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
forecast = model(history) * open_days
loss = smape_loss(forecast, future)
opt.zero_grad()
loss.backward()
print(loss.item())
