import torch
from simclr import SimCLR
from ntx_ent_loss import NTXentLoss

torch.manual_seed(0)
model = SimCLR().half()
with torch.no_grad():
    model.projection_head[0].bias.fill_(-4.0)
criterion = NTXentLoss()

x0 = torch.randn(4, 16).half()
x1 = x0 + 0.1 * torch.randn(4, 16).half()
x0[2] = -3.0

z0 = model(x0)
z1 = model(x1)
loss = criterion(z0, z1)
print("loss", loss.item())
