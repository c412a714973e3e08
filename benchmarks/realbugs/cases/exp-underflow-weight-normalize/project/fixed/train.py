import torch
import torch.nn.functional as F

from model import KernelRegression

torch.manual_seed(0)
cfg = {"bandwidth": 0.5}
keys = torch.randn(6, 3)
values = torch.randn(6, 1)
x = torch.randn(8, 5)
x[3] *= 25.0
y = torch.randn(8, 1)
model = KernelRegression(5, 3, cfg["bandwidth"])
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
loss = F.mse_loss(model(x, keys, values), y)
opt.zero_grad()
loss.backward()
print(loss.item())
