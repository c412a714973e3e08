import math

import torch
import torch.nn as nn

from mp_nerf.proteins import build_chain

torch.manual_seed(0)
B, L, FEAT = 8, 6, 20


class AnglePredictor(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(FEAT, 32), nn.ReLU(), nn.Linear(32, 2))

    def forward(self, feats):
        out = self.net(feats)
        theta = 1.94 + 0.1 * torch.tanh(out[..., 0])
        chi = math.pi * torch.tanh(out[..., 1])
        return theta, chi


model = AnglePredictor()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
feats = torch.randn(B, L, FEAT)
init_atoms = torch.randn(B, 3, 3)
target = torch.randn(B, L + 3, 3)

for step in range(2):
    opt.zero_grad()
    theta, chi = model(feats)
    coords = build_chain(init_atoms, theta, chi)
    loss = ((coords - target) ** 2).mean()
    loss.backward()
    opt.step()
    print(step, loss.item())
