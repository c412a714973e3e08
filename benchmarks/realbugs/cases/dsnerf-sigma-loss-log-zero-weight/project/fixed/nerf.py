import torch.nn as nn


class NeRF(nn.Module):
    def __init__(self, W=16):
        super().__init__()
        self.pts_linears = nn.Sequential(nn.Linear(3, W), nn.ReLU(), nn.Linear(W, W), nn.ReLU())
        self.output_linear = nn.Linear(W, 4)

    def forward(self, pts):
        return self.output_linear(self.pts_linears(pts))
