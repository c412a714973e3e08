# generative-models #18: vanilla GAN D loss -(mean(log(D_real)) + mean(log(1 - D_fake))) goes inf/NaN when D saturates; use nn.BCELoss.
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
D_loss = -(torch.mean(torch.log(D_real)) + torch.mean(torch.log(1 - D_fake)))
D_loss.backward()
D_solver.step()
