import torch
import torch.nn as nn

torch.manual_seed(0)

net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
features = torch.randn(32, 10)
features[5] = -400.0
pred_return = torch.tanh(net(features)).squeeze(1)
valid = pred_return > -1
log_growth = torch.log1p(pred_return)[valid]
loss = -log_growth.mean()
loss.backward()
