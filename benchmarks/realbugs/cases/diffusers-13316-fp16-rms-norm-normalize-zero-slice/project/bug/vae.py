import torch
import torch.nn as nn
import torch.nn.functional as F


class WanRMS_norm(nn.Module):
    def __init__(self, dim, channel_first=True, images=True, bias=False):
        super().__init__()
        broadcastable_dims = (1, 1, 1) if not images else (1, 1)
        shape = (dim, *broadcastable_dims) if channel_first else (dim,)
        self.channel_first = channel_first
        self.scale = dim ** 0.5
        self.gamma = nn.Parameter(torch.ones(shape))
        self.bias = nn.Parameter(torch.zeros(shape)) if bias else 0.0

    def forward(self, x):
        return F.normalize(x, dim=(1 if self.channel_first else -1)) * self.scale * self.gamma + self.bias


class WanResidualBlock(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.norm1 = WanRMS_norm(in_dim, images=False)
        self.conv1 = nn.Conv3d(in_dim, out_dim, 3, padding=1)
        self.norm2 = WanRMS_norm(out_dim, images=False)
        self.conv2 = nn.Conv3d(out_dim, out_dim, 3, padding=1)
        self.nonlinearity = nn.SiLU()

    def forward(self, x):
        h = self.conv1(self.nonlinearity(self.norm1(x)))
        h = self.conv2(self.nonlinearity(self.norm2(h)))
        return x + h


class WanDecoderStub(nn.Module):
    def __init__(self, z_dim=4, dim=8):
        super().__init__()
        self.conv_in = nn.Conv3d(z_dim, dim, 3, padding=1)
        self.mid = WanResidualBlock(z_dim, z_dim)
        self.head = nn.Conv3d(z_dim, 3, 3, padding=1)

    def forward(self, z):
        return self.head(self.mid(z))
