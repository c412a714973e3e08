import torch
import torch.nn as nn


class Denoiser(nn.Module):
    def __init__(self, dim, num_timesteps):
        super().__init__()
        self.t_emb = nn.Embedding(num_timesteps, dim)
        self.net = nn.Sequential(nn.Linear(dim, 64), nn.SiLU(), nn.Linear(64, dim))

    def forward(self, x, t):
        return self.net(x + self.t_emb(t))
