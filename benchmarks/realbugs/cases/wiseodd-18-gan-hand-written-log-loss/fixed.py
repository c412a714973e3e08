# generative-models #18 fixed: nn.BCELoss (its log is clamped to >= -100) instead of the hand-written log loss.
import torch
import torch.nn as nn

torch.manual_seed(0)
mb_size, Z_dim, X_dim, h_dim = 16, 10, 20, 32

G = nn.Sequential(nn.Linear(Z_dim, h_dim), nn.ReLU(), nn.Linear(h_dim, X_dim), nn.Sigmoid())
D = nn.Sequential(nn.Linear(X_dim, h_dim), nn.ReLU(), nn.Linear(h_dim, 1), nn.Sigmoid())
D_solver = torch.optim.Adam(D.parameters(), lr=1e-3)
with torch.no_grad():
    D[2].weight.mul_(200.0)  # an over-confident discriminator: its sigmoid saturates to exactly 0 / 1

X = torch.rand(mb_size, X_dim) * 4
z = torch.randn(mb_size, Z_dim)
G_sample = G(z)
D_real = D(X)
D_fake = D(G_sample)
bce = nn.BCELoss()
D_loss = bce(D_real, torch.ones_like(D_real)) + bce(D_fake, torch.zeros_like(D_fake))
D_loss.backward()
D_solver.step()
