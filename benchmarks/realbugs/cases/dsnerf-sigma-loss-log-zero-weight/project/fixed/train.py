import torch
import torch.nn.functional as F
from nerf import NeRF
from loss import SigmaLoss

torch.manual_seed(1)
model = NeRF()
sigma_loss = SigmaLoss(N_samples=16, near=2.0, far=6.0)
optimizer = torch.optim.Adam(model.parameters(), lr=5e-4)

rays_o = torch.zeros(4, 3)
rays_d = F.normalize(torch.randn(4, 3), dim=-1)
depths = torch.full((4,), 4.0)
err = torch.ones(4, 1)

optimizer.zero_grad()
depth_loss = sigma_loss.calculate_loss(rays_o, rays_d, depths, err, model)
loss = depth_loss.mean()
loss.backward()
optimizer.step()
print("loss", loss.item())
