import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, ndim, num_frames, in_dim=64):
        super().__init__()
        self.ndim, self.num_frames = ndim, num_frames
        self.frame_enc = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU())
        self.mu = nn.Linear(32, ndim)
        self.logvar = nn.Linear(32, ndim)

    def forward(self, video):
        h = self.frame_enc(video)
        mu = self.mu(h).transpose(1, 2)
        var = self.logvar(h).exp().transpose(1, 2)
        sigma_q = torch.diag_embed(var)
        det_q = torch.det(sigma_q)
        return mu, sigma_q, det_q


class Decoder(nn.Module):
    def __init__(self, ndim, out_dim=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(ndim, 32), nn.ReLU(), nn.Linear(32, out_dim))

    def forward(self, z):
        return self.net(z.transpose(1, 2))
