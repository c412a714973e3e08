import torch
from run_nerf_helpers import NeRF
from run_nerf import render_rays

torch.manual_seed(0)
model = NeRF()
with torch.no_grad():
    model.output_linear.bias[3] = -4.0
optimizer = torch.optim.Adam(model.parameters(), lr=5e-4)

rays_o = torch.zeros(16, 3)
rays_d = torch.nn.functional.normalize(torch.randn(16, 3), dim=-1)
target_rgb = torch.rand(16, 3)

for i in range(2):
    rgb_map, disp_map, acc_map, weights, depth_map = render_rays(model, rays_o, rays_d)
    loss = torch.mean((rgb_map - target_rgb) ** 2)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(i, loss.item(), disp_map.isnan().sum().item())
