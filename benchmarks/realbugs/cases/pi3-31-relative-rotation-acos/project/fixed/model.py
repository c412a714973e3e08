import torch
import torch.nn as nn
import torch.nn.functional as F


def rotation_6d_to_matrix(d6):
    a1, a2 = d6[..., :3], d6[..., 3:]
    b1 = F.normalize(a1, dim=-1)
    b2 = F.normalize(a2 - (b1 * a2).sum(-1, keepdim=True) * b1, dim=-1)
    b3 = torch.cross(b1, b2, dim=-1)
    return torch.stack((b1, b2, b3), dim=-2)


class CameraHead(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.rot = nn.Linear(dim, 6)
        self.trans = nn.Linear(dim, 3)

    def forward(self, tokens):
        h = self.backbone(tokens)
        return rotation_6d_to_matrix(self.rot(h)), self.trans(h)
