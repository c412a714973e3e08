import torch
import torch.nn as nn


class CameraPose(nn.Module):
    def __init__(self, n_views):
        super().__init__()
        self.R = nn.Parameter(torch.eye(3).repeat(n_views, 1, 1))
        self.T = nn.Parameter(torch.zeros(n_views, 3))
