import torch

from dmg.criterion.rmse_comb_loss import RmseCombLoss
from dmg.models.lstm import CudnnLstmModel

torch.manual_seed(0)

config = {'alpha': 0.25, 'beta': 1e-6}
model = CudnnLstmModel(nx=5, ny=1, hidden_size=16, dr=0.5)
loss_func = RmseCombLoss(config)
optimizer = torch.optim.Adadelta(model.parameters(), lr=1.0)

# [time, basins, features] forcings and observed streamflow (mm/day, >= 0, NaN = missing)
x = torch.randn(30, 4, 5)
y_obs = torch.rand(30, 4, 1) * 3.0
y_obs[5:9, 1] = float('nan')

model.train()
y_pred = model(x)
loss = loss_func(y_pred, y_obs)
optimizer.zero_grad()
loss.backward()
optimizer.step()
print('loss', loss.item())
