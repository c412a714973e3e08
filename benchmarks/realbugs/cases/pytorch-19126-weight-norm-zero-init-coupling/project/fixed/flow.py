import math
import torch
import torch.nn as nn

from modules import WN


class AffineCoupling(nn.Module):
    def __init__(self, channels, hidden_channels):
        super().__init__()
        self.half = channels // 2
        self.wn = WN(self.half, hidden_channels, 2 * (channels - self.half))

    def forward(self, x):
        x0, x1 = x[:, :self.half], x[:, self.half:]
        log_s, t = self.wn(x0).chunk(2, dim=1)
        x1 = x1 * torch.exp(log_s) + t
        return torch.cat([x0, x1], 1), log_s.sum((1, 2))


class Flow(nn.Module):
    def __init__(self, channels=8, hidden_channels=16, n_flows=2):
        super().__init__()
        self.flows = nn.ModuleList([AffineCoupling(channels, hidden_channels) for _ in range(n_flows)])

    def forward(self, x):
        logdet = 0
        for f in self.flows:
            x, ld = f(x)
            x = x.flip(1)
            logdet = logdet + ld
        return x, logdet


def nll_loss(z, logdet):
    log_pz = -0.5 * (z ** 2 + math.log(2 * math.pi)).sum((1, 2))
    return -(log_pz + logdet).mean() / z[0].numel()
