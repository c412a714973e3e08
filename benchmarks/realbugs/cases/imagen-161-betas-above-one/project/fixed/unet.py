import torch
import torch.nn as nn


class TinyUnet(nn.Module):
    def __init__(self, channels=1, dim=16, timesteps=1000):
        super().__init__()
        self.time_emb = nn.Embedding(timesteps, dim)
        self.inp = nn.Conv2d(channels, dim, 3, padding=1)
        self.out = nn.Conv2d(dim, channels, 3, padding=1)

    def forward(self, x, t):
        h = self.inp(x) + self.time_emb(t)[:, :, None, None]
        return self.out(torch.relu(h))
