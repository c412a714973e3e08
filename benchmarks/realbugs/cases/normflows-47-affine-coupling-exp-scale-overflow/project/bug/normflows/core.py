import math

import torch
import torch.nn as nn


class NormalizingFlow(nn.Module):
    def __init__(self, dim, flows):
        super().__init__()
        self.dim = dim
        self.flows = nn.ModuleList(flows)

    def log_prob(self, x):
        log_q = torch.zeros(x.shape[0])
        z = x
        for flow in self.flows:
            z, log_det = flow(z)
            log_q = log_q + log_det
        log_q = log_q - 0.5 * self.dim * math.log(2 * math.pi) - 0.5 * torch.sum(z ** 2, dim=1)
        return log_q

    def forward_kld(self, x):
        return -torch.mean(self.log_prob(x))
