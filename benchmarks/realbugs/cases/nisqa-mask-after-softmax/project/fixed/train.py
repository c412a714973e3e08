import torch
import torch.nn.functional as F

from model import DoubleEnded

torch.manual_seed(0)
deg = torch.randn(3, 10, 12)
ref = torch.randn(3, 10, 12)
n_wins_ref = torch.tensor([10, 6, 8])
mos = torch.rand(3) * 4 + 1

model = DoubleEnded(16)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
pred = model(deg, ref, n_wins_ref)
loss = F.mse_loss(pred, mos)
opt.zero_grad()
loss.backward()
print(loss.item())
