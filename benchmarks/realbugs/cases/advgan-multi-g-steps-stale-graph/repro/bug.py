import torch
import torch.nn as nn

torch.manual_seed(0)
G = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 10))
target = nn.Linear(10, 3)
opt_G = torch.optim.Adam(G.parameters(), lr=1e-3)
x = torch.rand(4, 10)
y = torch.randint(0, 3, (4,))

perturbation = G(x)
adv_images = torch.clamp(perturbation, -0.3, 0.3) + x
for _ in range(2):
    opt_G.zero_grad()
    loss_G = -nn.functional.cross_entropy(target(adv_images), y)
    loss_G.backward(retain_graph=True)
    opt_G.step()
