import torch
import torch.nn as nn
import torch.nn.functional as F
from geometry import quat_to_rotmat


class PoseNet(nn.Module):
    def __init__(self, in_dim=32, hidden=16):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU())
        self.rot_head = nn.Linear(hidden, 4)
        nn.init.zeros_(self.rot_head.weight)
        with torch.no_grad():
            self.rot_head.bias.copy_(torch.tensor([1.0, 0.0, 0.0, 0.0]))

    def forward(self, x):
        q = F.normalize(self.rot_head(self.backbone(x)), dim=-1)
        return quat_to_rotmat(q)
