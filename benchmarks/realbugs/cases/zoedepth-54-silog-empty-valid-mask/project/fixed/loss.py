import torch
import torch.nn as nn

KEY_OUTPUT = 'metric_depth'


class SILogLoss(nn.Module):
    """SILog loss (pixel-wise)"""

    def __init__(self, beta=0.15):
        super().__init__()
        self.name = 'SILog'
        self.beta = beta

    def forward(self, input, target, mask=None):
        input = input[KEY_OUTPUT] if isinstance(input, dict) else input
        if mask is not None:
            input = input[mask]
            target = target[mask]
        alpha = 1e-7
        g = torch.log(input + alpha) - torch.log(target + alpha)
        Dg = torch.var(g) + self.beta * torch.pow(torch.mean(g), 2)
        return 10 * torch.sqrt(Dg)
