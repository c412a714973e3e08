# e-com-net blog (MulBackward0 returned nan) fixed: keep the base of the fractional power away from 0.
import torch
import torch.nn as nn

torch.manual_seed(0)

model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1), nn.Sigmoid())
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
input = torch.randn(16, 8)
y = torch.rand(16, 1)
with torch.no_grad():
    model[2].bias.fill_(-120.0)  # a saturated output unit: sigmoid returns exactly 0

out = model(input)
pred = (out + 1e-8) ** (1 / 4)
loss = 2 * nn.MSELoss()(pred, y) + 0.1 * nn.L1Loss()(pred, y)
loss.backward()
optimizer.step()
