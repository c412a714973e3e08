# Fix from the thread: use softplus instead of exp as the density activation (exp overflows float16 above 11.09).
import torch
import torch.nn as nn

torch.manual_seed(0)
# the density network runs in float16 (as the fused MLP does)
density = nn.Sequential(nn.Linear(3, 32), nn.ReLU(), nn.Linear(32, 1)).half()
optimizer = torch.optim.SGD(density.parameters(), lr=1e-3)
# a trained scene: inside the object the pre-activation of the density is large
with torch.no_grad():
    density[2].bias.fill_(12.0)

x = (torch.rand(64, 3) * 2 - 1).half().requires_grad_(True)
gt_normals = nn.functional.normalize(torch.randn(64, 3), dim=-1)

h = density(x)[:, 0]
sigmas = nn.functional.softplus(h)
n_grad = -torch.autograd.grad(sigmas.sum(), x, create_graph=True)[0]
n_grad = n_grad.float()
normals = n_grad / torch.sqrt(torch.clamp((n_grad * n_grad).sum(-1, keepdim=True), min=1e-8))
loss = (1 - (normals * gt_normals).sum(-1)).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
print(sigmas.max().item(), normals.isnan().any().item(), loss.item())
