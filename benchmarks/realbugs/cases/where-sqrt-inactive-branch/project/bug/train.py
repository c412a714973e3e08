import torch
import torch.nn.functional as F

from model import Regressor

torch.manual_seed(0)
x = torch.randn(16, 4)
y = x.pow(2).sum(dim=1)
model = Regressor(4, 12)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
loss = F.mse_loss(model(x), y)
opt.zero_grad()
loss.backward()
print(loss.item())
