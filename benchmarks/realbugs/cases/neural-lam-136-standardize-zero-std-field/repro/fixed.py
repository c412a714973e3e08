import torch
import torch.nn as nn

torch.manual_seed(0)

T, N = 12, 20
temperature = 280 + torch.randn(T, N)
pressure = 1000 + 5 * torch.randn(T, N)
rain_rate = torch.zeros(T, N)
state = torch.stack([temperature, pressure, rain_rate], dim=-1)

state_mean = state.mean(dim=(0, 1))
state_std = state.std(dim=(0, 1))
eps = torch.finfo(state_std.dtype).eps
state = (state - state_mean) / torch.where(state_std > eps, state_std, torch.full_like(state_std, eps))

model = nn.Linear(3, 3)
pred = state[:-1] + model(state[:-1])
loss = nn.functional.mse_loss(pred, state[1:])
loss.backward()
